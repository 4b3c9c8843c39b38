/**
 * The examples of `docs/margin.md`'s "Beyond the specification" section. Each `#region` is copied
 * into the page by `pnpm docs` (`pnpm docs:check` fails when the page differs), the type check
 * compiles this file and `test/guide.test.ts` runs each example against the simulator. Run it with
 * `npx tsx packages/margin/examples/beyond.ts` (simulator).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region imports
import { Records } from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import { Chunk, Console, DateTime, Effect, Layer, Stream } from "effect"

// The simulator's client. For Bitget: `layerConfig` of "effect-bitget" (credentials from BITGET_* variables).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion

// #region liquidations
// Every order the liquidation engine placed on the cross account in the last 180 days, as one Stream:
// the 90-day windows and the `idLessThan` cursor (500 a page) are walked for you.
export const crossLiquidations = Effect.gen(function*() {
  const now = yield* DateTime.now
  const rows = yield* Records.crossLiquidationOrder.items({
    type: "place_order",
    startTime: DateTime.subtract(now, { days: 180 }),
    endTime: now
  }).pipe(Stream.runCollect)
  yield* Console.log(`${Chunk.size(rows)} liquidation orders`)
  return Chunk.toReadonlyArray(rows)
})

// `symbol` goes with `type: "place_order"`, `fromCoin`/`toCoin` with `type: "swap"`: anything else is an
// `InvalidRequest` naming the field, and nothing is sent.
export const swapWithSymbol = Records.isolatedLiquidationOrder({ type: "swap", symbol: "BTCUSDT" }).pipe(
  Effect.flip,
  Effect.map((error) => error.message)
)
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  const walk = Effect.gen(function*() {
    yield* crossLiquidations
    yield* Console.log(yield* swapWithSymbol)
  })
  NodeRuntime.runMain(walk.pipe(Effect.provide(Local)))
}
