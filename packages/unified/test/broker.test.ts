import { Simulator } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { drive } from "./drive.js"

const { Broker } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())
const day = 86_400_000
const time = DateTime.unsafeMake

layer(Env)("unified broker (ND broker, V3)", (it) => {
  it.effect("every broker endpoint answers and decodes (generated data: the simulator keeps no V3 broker state)", () =>
    drive(Effect.gen(function*() {
      const sub = yield* Broker.createSub({ subaccountName: "desk", label: "l".repeat(50) })
      expect(typeof sub.subUid).toBe("string")
      yield* Broker.subList({ limit: 100, status: "normal" })
      yield* Broker.modifySub({ subUid: "1", status: "freeze", permList: ["spot_trade"] })
      const key = yield* Broker.createSubApikey({
        subUid: "1",
        passphrase: "pass1234",
        label: "bot",
        ipList: Array.from({ length: 30 }, (_, i) => `10.0.0.${i}`),
        permType: "read_and_write",
        permList: ["uta_trade", "withdraw"]
      })
      expect(typeof key.apiKey).toBe("string")
      yield* Broker.modifySubApikey({ subUid: "1", passphrase: "pass1234", apiKey: "k", permList: ["uta_mgt"] })
      yield* Broker.querySubApikey({ subUid: "1" })
      yield* Broker.deleteSubApikey({ subUid: "1", apiKey: "k" })
      yield* Broker.subDepositAddress({ subUid: "1", coin: "USDT" })
      yield* Broker.subWithdrawal({ subUid: "1", coin: "USDT", dest: "on_chain", address: "T", amount: "1" })
      const now = yield* Clock.currentTimeMillis
      yield* Broker.allSubDepositWithdrawal({ startTime: time(now - 7 * day), endTime: time(now), limit: 100 })
      const rows = yield* Broker.commission({
        startTime: time(now - 30 * day),
        endTime: time(now),
        pageSize: 1000,
        bizType: "futures",
        subBizType: "usdt_futures"
      })
      expect(Array.isArray(rows)).toBe(true)
    })))

  it.effect("local rules: each refused with nothing sent", () =>
    drive(Effect.gen(function*() {
      const now = yield* Clock.currentTimeMillis
      const count = yield* sent
      yield* refusedLocally(
        Broker.createSub({ subaccountName: "desk", label: "l".repeat(51) }),
        "label: at most 50 characters",
        count
      )
      yield* refusedLocally(
        Broker.createSubApikey({
          subUid: "1",
          passphrase: "pass1234",
          label: "bot",
          ipList: Array.from({ length: 31 }, (_, i) => `10.0.0.${i}`),
          permType: "read_and_write",
          permList: ["uta_trade"]
        }),
        "ipList: at most 30 addresses",
        count
      )
      yield* refusedLocally(
        Broker.createSubApikey({
          subUid: "1",
          passphrase: "pass1234",
          label: "bot",
          ipList: [],
          permType: "readonly",
          permList: ["withdraw"]
        }),
        "permList: withdraw needs permType read_and_write",
        count
      )
      yield* refusedLocally(
        Broker.allSubDepositWithdrawal({ startTime: time(now - 7 * day - 1), endTime: time(now) }),
        "endTime: at most 7 days after startTime",
        count
      )
      yield* refusedLocally(
        Broker.commission({ startTime: time(now - 30 * day - 1), endTime: time(now) }),
        "endTime: at most 30 days after startTime",
        count
      )
      yield* refusedLocally(
        Broker.commission({ bizType: "spot", subBizType: "usdt_futures" }),
        "subBizType: usdt_futures is not a spot type",
        count
      )
      yield* refusedLocally(
        Broker.commission({ pageSize: 1001 }),
        "pageSize: expected a number less than or equal to 1000",
        count
      )
      yield* refusedLocally(Broker.subList({ limit: 101 }), "limit: expected a number less than or equal to 100", count)
    })))
})
