/**
 * The scaffolding of the placement tests of every line (orders of unknown fate): a fresh simulator
 * per test, the hostile server in front of it, a client of the hostile server, the two questions
 * those tests ask of the exchange (what it accepted, and how many orders it holds by clientOid), and
 * the scenarios every line's single placement goes through (`scenarios`).
 */
import type * as BitgetClient from "@effect-bitget/core/BitgetClient"
import type * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import { Simulator } from "@effect-bitget/simulator"
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as TestClock from "effect/TestClock"
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

/** A line's single placement, as the shared unknown-fate scenarios (`scenarios`) drive it. */
export interface Line<E> extends Options<E> {
  /** The declaration's name, as `UnknownOrderFate.endpoint` carries it (`spot.trade.placeOrder`). */
  readonly endpoint: string
  /** The placement's route and the look-up's by clientOid (`METHOD /path`). */
  readonly place: string
  readonly lookup: string
  /** Places the line's test order (one that rests), under `clientOid` when given. */
  readonly placeOrder: (
    clientOid: string | undefined
  ) => Effect.Effect<
    { readonly orderId?: string | undefined; readonly clientOid?: string | undefined },
    unknown,
    BitgetClient.BitgetClient
  >
  /** The code the exchange refuses a clientOid it already holds with (spot 43118, V3 25212). */
  readonly duplicate: string
  /** The code the look-up of a clientOid the exchange never got is answered with. */
  readonly notFound: string
  /** The clientOids "placed, then cut" is tried with (`undefined`: the one the client generates). */
  readonly clientOids: ReadonlyArray<string | undefined>
}

/**
 * The five faults every line's placement is settled through, one test each (a simulator of its
 * own): placed then cut (found by its clientOid, not sent again), cut before it arrives (sent once
 * more under the same clientOid), held past the timeout and delivered late (refused as a
 * duplicate), answer and look-ups lost (`UnknownOrderFate` naming the clientOid, one order), and a
 * refusal the exchange answered (the caller's `DuplicateClientOid`, no look-up).
 */
export const scenarios = <E>(line: Line<E>) => {
  const setupLine = setup(line)
  const { lookup, place } = line
  const body = (text: string) => JSON.parse(text)

  for (const given of line.clientOids) {
    scoped(
      `placed, then the connection is cut: found by clientOid, not sent again (clientOid ${given ?? "generated"})`,
      () =>
        Effect.gen(function*() {
          const { accepted, hostile, ordersWith, via } = yield* setupLine
          hostile.next({ _tag: "ForwardThenDrop" }, place)
          const placed = yield* via(line.placeOrder(given))
          const clientOid = body(hostile.received[0]!.body).clientOid
          if (given !== undefined) expect(clientOid).toBe(given)
          expect(placed.clientOid).toBe(clientOid)
          expect(placed.orderId).toBe(body(hostile.arrivals(place)[0]!.body).data.orderId)
          expect(hostile.count(place)).toBe(1)
          expect(hostile.count(lookup)).toBe(1)
          expect(hostile.received.find((r) => r.method === "GET")!.query.get("clientOid")).toBe(clientOid)
          expect(accepted(place)).toBe(1)
          expect(yield* ordersWith(clientOid)).toBe(1)
        })
    )
  }

  scoped(
    `cut before it arrives: not found (${line.notFound}), so placed once more under the same clientOid`,
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, ordersWith, via } = yield* setupLine
        hostile.next({ _tag: "Drop" }, place)
        const placed = yield* via(line.placeOrder(undefined))
        const [first, second] = hostile.received.filter((r) => r.method === "POST").map((r) => body(r.body))
        expect(second.clientOid).toBe(first.clientOid)
        expect(placed.clientOid).toBe(first.clientOid)
        expect(body(hostile.forwarded.find((f) => f.route === lookup)!.body).code).toBe(line.notFound)
        expect(hostile.count(place)).toBe(2)
        expect(accepted(place)).toBe(1)
        expect(yield* ordersWith(first.clientOid)).toBe(1)
      })
  )

  scoped(
    `held past the timeout and delivered after the second placement: the late one is refused (${line.duplicate})`,
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, ordersWith, via } = yield* setupLine
        const late = Hostile.gate()
        hostile.next({ _tag: "Hold", until: late.promise }, place)
        const fiber = yield* Effect.fork(via(line.placeOrder(undefined)))
        yield* Hostile.settle(() => hostile.count(place) === 1)
        yield* TestClock.adjust("5001 millis")
        const placed = yield* Fiber.join(fiber)
        late.release()
        yield* Hostile.settle(() => hostile.arrivals(place).length === 2)
        const [second, first] = hostile.arrivals(place).map((a) => body(a.body))
        expect(second.code).toBe("00000")
        expect(first.code).toBe(line.duplicate)
        expect(placed.orderId).toBe(second.data.orderId)
        expect(accepted(place)).toBe(1)
        expect(yield* ordersWith(placed.clientOid!)).toBe(1)
      })
  )

  scoped(
    "still unknown (answer and look-ups lost): UnknownOrderFate carrying the clientOid, one order",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, ordersWith, via } = yield* setupLine
        hostile.next({ _tag: "ForwardThenDrop" }, place)
        hostile.next({ _tag: "Drop" }, lookup, 3)
        const error = yield* Hostile.drive(Effect.flip(via(line.placeOrder("lost-1"))))
        expect(error).toMatchObject({ _tag: "UnknownOrderFate", clientOids: ["lost-1"], endpoint: line.endpoint })
        expect((error as Error).message).toContain("lost-1")
        expect(hostile.count(place)).toBe(1)
        expect(accepted(place)).toBe(1)
        expect(yield* ordersWith("lost-1")).toBe(1)
      })
  )

  scoped(
    "a refusal the exchange answered is the caller's: a reused clientOid is DuplicateClientOid, no look-up",
    () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setupLine
        const first = yield* via(line.placeOrder("twice"))
        const error = yield* Effect.flip(via(line.placeOrder("twice")))
        expect(first.clientOid).toBe("twice")
        expect(error).toMatchObject({ _tag: "DuplicateClientOid" })
        expect(hostile.count(place)).toBe(2)
        expect(hostile.count(lookup)).toBe(0)
      })
  )
}
