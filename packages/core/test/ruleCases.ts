/**
 * The two sides of a request rule's boundary, through the client over loopback to the simulator
 * (`Simulator.layerClient()`): `refused` — `InvalidRequest` whose reason starts with the field,
 * nothing sent; `sent` — the request passed every local check and reached the simulator (whatever
 * the exchange then answers: the rule under test is the local one). The simulator's traffic count
 * is what was observed on the wire. Used by the lines' `*Rules.test.ts`, written to kill the
 * mutants of each line's rule functions (docs/testing.md, "Lines' rules").
 */
import { Simulator } from "@effect-bitget/simulator"
import { expect } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import { refusedLocally } from "./refused.js"

/** Refused locally: `InvalidRequest` whose reason starts with `start`, nothing on the wire. */
export const refused = <A, E extends { readonly _tag: string }, R>(call: Effect.Effect<A, E, R>, start: string) =>
  Effect.flatMap(
    Simulator.Simulator,
    (simulator) => refusedLocally(call, start, () => simulator.traffic.total(), { start: true })
  )

/** Passed the local checks: at least one request reached the simulator, and no `InvalidRequest`. */
export const sent = <A, E extends { readonly _tag: string }, R>(call: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const before = simulator.traffic.total()
    const result = yield* Effect.either(call)
    if (Either.isLeft(result)) {
      const error = result.left as unknown as { readonly _tag: string; readonly message?: string }
      expect(error._tag, error.message).not.toBe("InvalidRequest")
    }
    expect(simulator.traffic.total()).toBeGreaterThan(before)
    return result
  })
