/**
 * Tests on TestClock against endpoints limited to 1 request a second: `drive` runs a test and,
 * whenever the client's limiter sleeps on the clock, moves TestClock to its wake-up time, from
 * 2 June 2026 at the earliest. A test moves the clock itself only through
 * `advance`, which the same loop applies: two fibers adjusting TestClock at once can lose one
 * of the adjustments.
 */
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"

export const D = Date.UTC(2026, 5, 2)

let pending = 0

const tick = () => Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 1)))

/** Moves the simulator's and the client's clock on by `duration`, once the loop has applied it. */
export const advance = (duration: Duration.DurationInput) =>
  Effect.gen(function*() {
    pending += Duration.toMillis(Duration.decode(duration))
    while (pending > 0) yield* tick()
  })

export const drive = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    if ((yield* Clock.currentTimeMillis) < D) yield* TestClock.setTime(D)
    const fiber = yield* Effect.fork(effect)
    for (let i = 0; i < 100_000; i++) {
      if ((yield* Fiber.poll(fiber))._tag === "Some") break
      yield* tick()
      if (pending > 0) {
        // Cleared only once applied: the waiting test sends nothing before the clock has moved.
        yield* TestClock.adjust(pending)
        pending = 0
        continue
      }
      // Wake the earliest sleeper if it is the limiter's (at most 2 s away): a request's 10 s
      // timeout, also a sleep on the clock, is never reached by these steps.
      const now = yield* TestClock.currentTimeMillis
      let next = Infinity
      for (const at of yield* TestClock.sleeps()) next = Math.min(next, at)
      if (next !== Infinity && next - now <= 2_000) yield* TestClock.adjust(Math.max(next - now, 0))
    }
    return yield* Fiber.join(fiber)
  })
