/**
 * The examples of `docs/copy-trading.md`'s "Beyond the specification" section. Each `#region` is
 * copied into the page by `pnpm docs` (`pnpm docs:check` fails when the page differs), the type
 * check compiles this file and `test/guide.test.ts` runs each example against the simulator. Run it
 * with `npx tsx packages/copy-trading/examples/beyond.ts` (simulator).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region imports
import { SpotFollower } from "@effect-bitget/copy-trading"
import { Simulator } from "@effect-bitget/simulator"
import { Chunk, Console, Effect, Layer, Stream } from "effect"

// The simulator's client. For Bitget: `layerConfig` of "effect-bitget" (credentials from BITGET_* variables).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion

// #region historyOrders
// The follower's last 150 spot copies already sold, newest first: `items` asks for 100 a page (the
// most Bitget serves) and feeds each page's `endId` back as `idLessThan`.
export const lastSold = SpotFollower.historyOrders.items({ symbol: "BTCUSDT" }).pipe(
  Stream.take(150),
  Stream.runCollect,
  Effect.map(Chunk.toReadonlyArray),
  Effect.tap((rows) => Console.log(`${rows.length} copies sold`))
)

// A page of more than 100 is an `InvalidRequest`, and nothing is sent.
export const tooBig = SpotFollower.historyOrders({ limit: 101 }).pipe(
  Effect.flip,
  Effect.map((error) => error.message)
)
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  const walk = Effect.gen(function*() {
    yield* lastSold
    yield* Console.log(yield* tooBig)
  })
  NodeRuntime.runMain(walk.pipe(Effect.provide(Local)))
}
