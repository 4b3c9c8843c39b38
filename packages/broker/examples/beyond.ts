/**
 * The examples of `docs/broker.md`'s "Beyond the specification" section. Each `#region` is copied
 * into the page by `pnpm docs` (`pnpm docs:check` fails when the page differs), the type check
 * compiles this file and `test/guide.test.ts` runs each example against the simulator. Run it with
 * `npx tsx packages/broker/examples/beyond.ts` (simulator).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region imports
import { Agent, Commission } from "@effect-bitget/broker"
import { Simulator } from "@effect-bitget/simulator"
import { Chunk, Console, DateTime, Effect, Layer, Stream } from "effect"

// The simulator's client. For Bitget: `layerConfig` of "effect-bitget" (credentials from BITGET_* variables).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion

// #region depositsWithdrawals
// A month of every sub-account's deposits and withdrawals as one Stream: Bitget answers at most 7 days
// a request (100 rows a page, cursor `endId`), and `items` walks the windows and pages for you.
export const lastMonth = Effect.gen(function*() {
  const now = yield* DateTime.now
  const rows = yield* Commission.allSubDepositWithdrawal.items({
    startTime: DateTime.subtract(now, { days: 30 }),
    endTime: now
  }).pipe(Stream.runCollect)
  yield* Console.log(`${Chunk.size(rows)} deposits and withdrawals`)
  return Chunk.toReadonlyArray(rows)
})

// One call is one window: more than 7 days is an `InvalidRequest`, and nothing is sent.
export const tooLong = Effect.gen(function*() {
  const now = yield* DateTime.now
  const error = yield* Effect.flip(
    Commission.allSubDepositWithdrawal({ startTime: DateTime.subtract(now, { days: 8 }), endTime: now })
  )
  return error.message
})
// #endregion

// #region agentCustomers
// An agent's (affiliate's) customers, sub-accounts included, every page as one Stream (`pageNo` 1, 2, …,
// up to 1000 a page). A page of 1001 is an `InvalidRequest`, and nothing is sent.
export const customers = Effect.gen(function*() {
  const rows = yield* Agent.customerList.items({ showSub: true, pageSize: 1000 }).pipe(Stream.runCollect)
  const refused = yield* Effect.flip(Agent.customerList({ pageSize: 1001 }))
  yield* Console.log(`${Chunk.size(rows)} customers; ${refused.message}`)
  return { customers: Chunk.toReadonlyArray(rows), refused: refused.message }
})
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  const walk = Effect.gen(function*() {
    yield* lastMonth
    yield* Console.log(yield* tooLong)
    yield* customers
  })
  NodeRuntime.runMain(walk.pipe(Effect.provide(Local)))
}
