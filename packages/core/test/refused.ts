/**
 * The one assertion every line's rule tests make: a call is refused locally. It fails with
 * `InvalidRequest` whose message names `reason` (with `{ start: true }`, whose reason *starts*
 * with it: the field first), and nothing reached the wire — `sent()` counts what did (the
 * simulator's `traffic.total()`, or a pass-through server's `received.length`) and must not move.
 *
 * A call that succeeds instead fails the test with a short assertion naming `reason`, not with its
 * answer: a failure whose value is a JSON answer (no stack frames) made vitest 3.2's stack parser
 * backtrack for hours (`tradeRules.test.ts`, a batch of 21 let through; see
 * `patches/@vitest__utils@3.2.7.patch` and docs/testing.md, "Unified's other rules").
 */
import { expect } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"

export const refusedLocally = <A, E extends { readonly _tag: string }, R>(
  call: Effect.Effect<A, E, R>,
  reason: string,
  sent: () => number,
  options: { readonly start?: boolean } = {}
): Effect.Effect<void, never, R> =>
  Effect.gen(function*() {
    const before = sent()
    const result = yield* Effect.either(call)
    if (Either.isRight(result)) {
      expect.fail(`${reason}: not refused; the call succeeded, ${sent() - before} request(s) sent`)
    }
    const error = result.left
    expect(error._tag).toBe("InvalidRequest")
    const said = error as unknown as { readonly reason: string; readonly message: string }
    if (options.start === true) expect(said.reason.startsWith(reason), said.reason).toBe(true)
    else expect(said.message).toContain(reason)
    expect(sent()).toBe(before)
  })
