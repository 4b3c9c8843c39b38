/**
 * How the reconciling Streams (Orders, Holdings) retry a REST read that failed: three more times,
 * 200 ms apart and doubling, unless the key's account mode refuses the API (40084/40085,
 * `AccountModeError`), which no retry changes: that one ends the Stream at once.
 */
import * as Effect from "effect/Effect"
import * as Schedule from "effect/Schedule"

const transient = (error: unknown): boolean =>
  (error as { readonly _tag?: unknown } | null)?._tag !== "AccountModeError"

export const reread = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.retry(effect, { times: 3, schedule: Schedule.exponential("200 millis"), while: transient })
