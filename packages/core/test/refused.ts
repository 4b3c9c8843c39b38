/**
 * The one assertion every line's rule tests make: a call is refused locally. It fails with
 * `InvalidRequest` whose message names `reason` (with `{ start: true }`, whose reason *starts*
 * with it: the field first), and nothing reached the wire — `sent()` counts what did (the
 * simulator's `traffic.total()`, or a pass-through server's `received.length`) and must not move.
 */
import { expect } from "@effect/vitest"
import * as Effect from "effect/Effect"

export const refusedLocally = <A, E extends { readonly _tag: string }, R>(
  call: Effect.Effect<A, E, R>,
  reason: string,
  sent: () => number,
  options: { readonly start?: boolean } = {}
): Effect.Effect<void, A, R> =>
  Effect.gen(function*() {
    const before = sent()
    const error = yield* Effect.flip(call)
    expect(error._tag).toBe("InvalidRequest")
    const said = error as unknown as { readonly reason: string; readonly message: string }
    if (options.start === true) expect(said.reason.startsWith(reason), said.reason).toBe(true)
    else expect(said.message).toContain(reason)
    expect(sent()).toBe(before)
  })
