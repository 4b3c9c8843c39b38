import { Simulator } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { drive } from "./drive.js"

const { InsLoan, SubAccount } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

layer(Env)("unified institutional loans", (it) => {
  it.effect("a sub-account bound to the risk unit and unbound; a stranger refused", () =>
    drive(Effect.gen(function*() {
      const { riskUnitId } = yield* InsLoan.riskUnit()
      const sub = yield* SubAccount.createSub({ username: "unit" })
      const bound = yield* InsLoan.bindUid({ riskUnitId: riskUnitId[0]!, uid: sub.subUid, operate: "bind" })
      expect(bound).toEqual({ riskUnitId: riskUnitId[0]!, uid: sub.subUid, operate: "bind" })
      const unbound = yield* InsLoan.bindUid({ uid: sub.subUid, operate: "UNBIND" as "unbind" })
      expect(unbound.operate).toBe("unbind")
      const stranger = yield* Effect.flip(InsLoan.bindUid({ uid: "1", operate: "bind" }))
      expect(stranger._tag).toBe("InvalidParameter")
    })))

  it.effect("the product and loan reads answer and decode; local rules refused with nothing sent", () =>
    drive(Effect.gen(function*() {
      const product = yield* InsLoan.productInfos({ productId: "p1" })
      expect(typeof product.productId).toBe("string")
      yield* InsLoan.symbols({ productId: "p1" })
      yield* InsLoan.ensureCoinsConvert({ productId: "p1" })
      yield* InsLoan.ltvConvert({})
      yield* InsLoan.transfered({ coin: "USDT" })
      yield* InsLoan.loanOrder({})
      const now = yield* Clock.currentTimeMillis
      yield* InsLoan.repaidHistory({ limit: 100 })
      const count = yield* sent
      yield* refusedLocally(
        InsLoan.repaidHistory({ limit: 101 }),
        "limit: expected a number less than or equal to 100",
        count
      )
      yield* refusedLocally(
        InsLoan.repaidHistory({ startTime: DateTime.unsafeMake(now), endTime: DateTime.unsafeMake(now - 1) }),
        "endTime is before startTime",
        count
      )
      yield* refusedLocally(InsLoan.productInfos({ productId: " " }), "productId: must not be empty", count)
      yield* refusedLocally(
        InsLoan.bindUid({ uid: "2", operate: "join" as "bind" }),
        "expected \"bind\" or \"unbind\"",
        count
      )
    })))
})
