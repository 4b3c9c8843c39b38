import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl } from "@effect-bitget/simulator/copy/CopyDomain"
import { UNIFIED_UID } from "@effect-bitget/simulator/unified/UnifiedDomain"
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
  it.effect("every copy-trading endpoint answers and decodes; a unified account that is no trader is refused", () =>
    drive(Effect.gen(function*() {
      const refused = yield* Effect.flip(CopyTrading.positionSummary())
      expect([refused._tag, (refused as { code?: string }).code]).toEqual(["PermissionError", "40732"])
      // The reads answer from the copy domain's state (see copyFlow.test.ts); the transfers are
      // still generated (the simulator keeps no separate Elite account).
      const copy = yield* Simulator.control<CopyControl>("copyTrading")
      copy.makeTrader({ uid: UNIFIED_UID, lines: ["futures"] })
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
