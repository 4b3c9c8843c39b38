import { Simulator } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { drive } from "./drive.js"

const { Account, Earn, Transfer } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const text = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : BigDecimal.format(BigDecimal.normalize(value))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())
const usdt = Effect.map(
  Account.assets(),
  (a) => a.assets.find((row) => row.coin === "USDT")?.available ?? BigDecimal.fromBigInt(0n)
)

layer(Env)("unified earn (On-Chain Elite)", (it) => {
  it.effect("subscribed from the unified account, held, redeemed fast (less its fee) into the funding account", () =>
    drive(Effect.gen(function*() {
      const [product] = yield* Earn.eliteProduct()
      const info = yield* Earn.eliteSubscribeInfo({ productId: product!.productId })
      const before = yield* usdt
      const { orderId } = yield* Earn.eliteSubscribe({
        productSubId: info.productSubId,
        amount: "300",
        paymentAccount: "unified"
      })
      expect(text(BigDecimal.subtract(before, yield* usdt))).toBe("300")
      expect((yield* Earn.eliteSubscribeResult({ orderId })).result).toBe("settled")
      const { resultList } = yield* Earn.eliteAssets()
      expect(text(resultList[0]!.holdingAmount)).toBe("300")

      const modes = yield* Earn.eliteRedeemInfo({ productId: product!.productId })
      expect(modes.redeemModeList.map((m) => m.redeemType)).toEqual(["fast", "standard"])
      yield* Earn.eliteRedeem({
        productId: product!.productId,
        productSubId: info.productSubId,
        redeemType: "fast",
        amount: "100",
        receiveAccount: "spot"
      })
      // 99.9 arrived in the funding account; move it back to see it.
      const back = yield* Transfer.transfer({ fromType: "spot", toType: "uta", coin: "USDT", amount: "99.9" })
      expect(back.transferId).toMatch(/^\d+$/)
      expect(text(BigDecimal.subtract(before, yield* usdt))).toBe("200.1")
      const tooMuch = yield* Effect.flip(Earn.eliteRedeem({
        productId: product!.productId,
        productSubId: info.productSubId,
        redeemType: "standard",
        amount: "201",
        receiveAccount: "unified"
      }))
      expect(tooMuch._tag).toBe("InsufficientBalance")
      const subscriptions = yield* Earn.eliteRecords({ type: "subscribe" })
      expect(subscriptions.recordList.map((r) => text(r.investAmount))).toEqual(["300"])
      const redemptions = yield* Earn.eliteRecords({ type: "redeem" })
      expect(redemptions.recordList.map((r) => [text(r.investAmount), text(r.fee)])).toEqual([["100", "0.1"]])
      const unknown = yield* Effect.flip(Earn.eliteSubscribeResult({ orderId: "1" }))
      expect(unknown._tag).toBe("OrderNotFound")

      const count = yield* sent
      yield* refusedLocally(
        Earn.eliteSubscribe({ productSubId: info.productSubId, amount: "0" }),
        "Expected a value greater than zero",
        count
      )
      yield* refusedLocally(
        Earn.eliteRecords({ type: "all" as "redeem" }),
        "expected \"subscribe\" or \"redeem\" or \"interest\"",
        count
      )
      yield* refusedLocally(
        Earn.eliteRedeem({
          productId: "p",
          productSubId: "s",
          redeemType: "instant" as "fast",
          amount: "1",
          receiveAccount: "spot"
        }),
        "expected \"fast\" or \"standard\"",
        count
      )
    })))
})
