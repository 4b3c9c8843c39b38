/**
 * The scaffolding of the placement tests of every line (orders of unknown fate): a fresh simulator
 * per test, the hostile server in front of it, a client of the hostile server, and the two questions
 * those tests ask of the exchange (what it accepted, and how many orders it holds by clientOid).
 */
import type * as BitgetClient from "@effect-bitget/core/BitgetClient"
import type * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import { Simulator } from "@effect-bitget/simulator"
import { it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Hostile from "./Hostile.js"

export interface Options<E> {
  /** The account the client signs as (default: the simulator's classic account). */
  readonly credentials?: (simulator: Simulator.Service) => BitgetConfig.Credentials
  /** The orders the exchange holds with `clientOid` (the line's own open-orders read). */
  readonly held: (clientOid: string) => Effect.Effect<number, E, BitgetClient.BitgetClient>
}

/** A simulator, a hostile server in front of it, and a client of the hostile server. */
export const setup = <E>(options: Options<E>) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const hostile = yield* Hostile.make({ upstream: simulator.url })
    const client = Hostile.client(hostile.url, (options.credentials ?? ((s) => s.credentials))(simulator))
    const via = <A, E2>(effect: Effect.Effect<A, E2, BitgetClient.BitgetClient>) => Effect.provide(effect, client)
    /** Placements the exchange accepted (answered `00000`), per route. */
    const accepted = (route: string) =>
      hostile.arrivals(route).filter((a) => JSON.parse(a.body).code === "00000").length
    /** Orders the exchange holds with `clientOid`. */
    const ordersWith = (clientOid: string) => via(options.held(clientOid))
    return { simulator, hostile, via, accepted, ordersWith }
  })

/** A test with a simulator of its own. */
export const scoped = <A, E>(
  name: string,
  test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>
) => it.scoped(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
