/**
 * A list's declared history depth (`pagination.history`): `.items`/`.pages` refuse a start older
 * than the exchange keeps (less `historySlack` for the two clocks), locally, with nothing sent; a
 * start at the boundary and a walk without a start are sent as asked.
 */
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"
import { refusedLocally } from "./refused.js"
import * as Support from "./support.js"

const day = 86_400_000
const depth = 20 * day
const slack = Duration.toMillis(Pagination.historySlack)

/** The test list with a 20-day history (its 10-day window kept): served by the same route. */
const kept = Operation.make({
  ...Support.ByLastRow,
  pagination: { ...Support.ByLastRow.pagination!, history: Pagination.history("20 days", "test declaration") }
})

// The test clock is set to the real time, so a signed request's timestamp is the simulator's.
layer(Support.env())("history depth at its boundary", (it) => {
  it.effect("a start exactly `depth + slack` back is walked; 1 ms older is refused, field first, nothing sent", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const now = Date.now()
      yield* TestClock.setTime(now)
      const oldest = now - depth - slack
      const before = simulator.traffic.total()
      yield* kept.items({ startTime: Timestamp.fromMillis(oldest), endTime: Timestamp.fromMillis(now) }).pipe(
        Stream.runDrain
      )
      // Three 10-day windows (20 days and 30 s): every one asked.
      expect(simulator.traffic.total() - before).toBeGreaterThanOrEqual(3)
      const sent = () => simulator.traffic.total()
      const tooOld = { startTime: Timestamp.fromMillis(oldest - 1), endTime: Timestamp.fromMillis(now) }
      yield* refusedLocally(Stream.runDrain(kept.items(tooOld)), "startTime", sent, { start: true })
      yield* refusedLocally(Stream.runDrain(kept.pages(tooOld)), "startTime", sent, { start: true })
      const error = yield* Effect.flip(Stream.runDrain(kept.items(tooOld)))
      expect(error.message).toContain("older than the 20d the exchange keeps")
    }))

  it.effect("without a start, or on a list without a declared depth, nothing is refused", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const now = Date.now()
      yield* TestClock.setTime(now)
      const before = simulator.traffic.total()
      yield* kept.items({ endTime: Timestamp.fromMillis(now) }).pipe(Stream.take(1), Stream.runDrain)
      const old = { startTime: Timestamp.fromMillis(now - 40 * day), endTime: Timestamp.fromMillis(now - 35 * day) }
      yield* Support.byLastRow.items(old).pipe(Stream.runDrain)
      expect(simulator.traffic.total() - before).toBe(2)
    }))
})
