import { Simulator } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { drive } from "./drive.js"

const { CopyTrading } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

layer(Env)("unified copy trading (V3 lead traders)", (it) => {
  it.effect("every copy-trading endpoint answers and decodes (generated data: no V3 copy state in the simulator)", () =>
    drive(Effect.gen(function*() {
      expect(Array.isArray(yield* CopyTrading.tradingPairs())).toBe(true)
      yield* CopyTrading.positionSummary()
      yield* CopyTrading.maxTransferable({ coin: "USDT" })
      const { transferId } = yield* CopyTrading.transfer({ type: "in", coin: "USDT", amount: "10" })
      expect(typeof transferId).toBe("string")
      yield* CopyTrading.transferRecord({ limit: 10 })
      yield* CopyTrading.currentFollower({})
      yield* CopyTrading.historyFollower({})
      yield* CopyTrading.profitSummary()
      yield* CopyTrading.profitDetails({})
      const count = yield* sent
      yield* refusedLocally(
        CopyTrading.transfer({ type: "both" as "in", coin: "USDT", amount: "1" }),
        "expected \"in\" or \"out\"",
        count
      )
      yield* refusedLocally(
        CopyTrading.transfer({ type: "out", coin: "USDT", amount: "-1" }),
        "Expected a value greater than zero",
        count
      )
      yield* refusedLocally(CopyTrading.maxTransferable({ coin: "" }), "coin: must not be empty", count)
    })))
})
