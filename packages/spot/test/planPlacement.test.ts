/**
 * Spot plan orders of unknown fate, settled without duplicates over a hostile server in front of
 * the simulator. Neither plan-order list filters by `clientOid`: a plan order is picked by it
 * from the symbol's current plan orders, then its history plan orders (with a window).
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as TestClock from "effect/TestClock"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const { PlanOrder } = Spot
const { time } = Spot.Schemas
const START = 1_767_225_600_000 // 2026-01-01T00:00:00Z
const DAY = 86_400_000

const PLACE = "POST /api/v2/spot/trade/place-plan-order"
const CURRENT = "GET /api/v2/spot/trade/current-plan-order"
const HISTORY = "GET /api/v2/spot/trade/history-plan-order"

/** A limit buy triggered when the price falls to 55000 (it is 60000). */
const plan = {
  symbol: "BTCUSDT",
  side: "buy",
  triggerPrice: "55000",
  orderType: "limit",
  executePrice: "55000",
  size: "0.001",
  triggerType: "fill_price"
} as const

const setup = Effect.gen(function*() {
  yield* TestClock.setTime(START)
  const simulator = yield* Simulator.Simulator
  const spot = yield* Simulator.control<SpotControl>("spot")
  spot.setPrice("BTCUSDT", "60000")
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials))
  const direct = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
    Effect.provide(effect, Hostile.client(simulator.url, simulator.credentials))
  /** Placements the exchange accepted (answered `00000`). */
  const accepted = () => hostile.arrivals(PLACE).filter((a) => JSON.parse(a.body).code === "00000").length
  /** How many plan orders, current and past, the simulator holds under `clientOid` (asked straight). */
  const held = (clientOid: string) =>
    Effect.gen(function*() {
      const current = yield* PlanOrder.currentPlanOrder({ symbol: "BTCUSDT", limit: 100 })
      const history = yield* PlanOrder.historyPlanOrder({
        symbol: "BTCUSDT",
        startTime: time(START - DAY),
        endTime: time(START + DAY)
      })
      const count = (rows: ReadonlyArray<Spot.PlanOrder.PlanOrder>) =>
        rows.filter((r) => r.clientOid === clientOid).length
      return { current: count(current.orderList), history: count(history.orderList) }
    }).pipe(direct)
  const lookups = (route: string) =>
    hostile.received.filter((r) => `${r.method} ${r.path}` === route).map((r) => Object.fromEntries(r.query))
  const placedBodies = () => hostile.received.filter((r) => r.method === "POST").map((r) => JSON.parse(r.body))
  return { spot, hostile, via, direct, accepted, held, lookups, placedBodies }
})

const scoped = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  it.scoped(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

describe("spot placePlanOrder: unknown fate (hostile server, TestClock)", () => {
  scoped("every plan order gets a clientOid: a generated one is sent and returned", () =>
    Effect.gen(function*() {
      const { accepted, held, placedBodies, via } = yield* setup
      const placed = yield* via(PlanOrder.placePlanOrder(plan))
      const [sent] = placedBodies()
      expect(sent.clientOid).toMatch(/^[0-9a-f]{32}$/)
      expect(placed.clientOid).toBe(sent.clientOid)
      expect(accepted()).toBe(1)
      expect(yield* held(sent.clientOid)).toEqual({ current: 1, history: 0 })
    }))

  for (const given of [undefined, "plan-mine"]) {
    scoped(
      `placed, then the connection is cut: found among current plan orders, not sent again (clientOid ${
        given ?? "generated"
      })`,
      () =>
        Effect.gen(function*() {
          const { accepted, held, hostile, lookups, placedBodies, via } = yield* setup
          hostile.next({ _tag: "ForwardThenDrop" }, PLACE)
          const placed = yield* via(
            PlanOrder.placePlanOrder(given === undefined ? plan : { ...plan, clientOid: given })
          )
          const clientOid = placedBodies()[0].clientOid
          if (given !== undefined) expect(clientOid).toBe(given)
          else expect(clientOid).toMatch(/^[0-9a-f]{32}$/)
          expect(placed.clientOid).toBe(clientOid)
          expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(PLACE)[0]!.body).data.orderId)
          // The look-up names the symbol, a full page and a day either side of now (START).
          expect(lookups(CURRENT)).toEqual([{
            symbol: "BTCUSDT",
            limit: "100",
            startTime: String(START - DAY),
            endTime: String(START + DAY)
          }])
          expect(hostile.count(HISTORY)).toBe(0)
          expect(hostile.count(PLACE)).toBe(1)
          expect(accepted()).toBe(1)
          expect(yield* held(clientOid)).toEqual({ current: 1, history: 0 })
        })
    )
  }

  scoped(
    "placed, cut, and triggered before the look-up: not current, found among history plan orders",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, lookups, spot, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, PLACE)
        // The price reaches the trigger while the client waits; the current list is then empty.
        hostile.next({
          _tag: "Handle",
          answer: () => {
            spot.setPrice("BTCUSDT", "54900")
            const data = { nextFlag: false, orderList: [] }
            return { status: 200, body: JSON.stringify({ code: "00000", msg: "success", requestTime: START, data }) }
          }
        }, CURRENT)
        const placed = yield* via(PlanOrder.placePlanOrder({ ...plan, clientOid: "plan-fired" }))
        expect(placed).toEqual({
          orderId: JSON.parse(hostile.arrivals(PLACE)[0]!.body).data.orderId,
          clientOid: "plan-fired"
        })
        expect(lookups(HISTORY)).toEqual([{
          symbol: "BTCUSDT",
          limit: "100",
          startTime: String(START - DAY),
          endTime: String(START + DAY)
        }])
        expect(hostile.count(PLACE)).toBe(1)
        expect(accepted()).toBe(1)
        expect(yield* held("plan-fired")).toEqual({ current: 0, history: 1 })
      })
  )

  scoped(
    "cut before it arrives: another clientOid's plan order is not taken for it; placed once more, same clientOid",
    () =>
      Effect.gen(function*() {
        const { accepted, direct, held, hostile, placedBodies, via } = yield* setup
        // A plan order of another clientOid is the only row the look-ups see.
        yield* direct(PlanOrder.placePlanOrder({ ...plan, triggerPrice: "54000", clientOid: "someone-else" }))
        hostile.next({ _tag: "Drop" }, PLACE)
        const placed = yield* via(PlanOrder.placePlanOrder(plan))
        const [first, second] = placedBodies()
        expect(second.clientOid).toBe(first.clientOid)
        expect(placed.clientOid).toBe(first.clientOid)
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(PLACE)[0]!.body).data.orderId)
        expect(hostile.count(CURRENT)).toBe(1)
        expect(hostile.count(HISTORY)).toBe(1)
        expect(hostile.count(PLACE)).toBe(2)
        expect(accepted()).toBe(1)
        expect(yield* held(first.clientOid)).toEqual({ current: 1, history: 0 })
        expect(yield* held("someone-else")).toEqual({ current: 1, history: 0 })
      })
  )

  scoped(
    "held past the timeout and delivered after the second placement: the late one is refused (43118)",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, via } = yield* setup
        const late = Hostile.gate()
        hostile.next({ _tag: "Hold", until: late.promise }, PLACE)
        const fiber = yield* Effect.fork(via(PlanOrder.placePlanOrder(plan)))
        yield* Hostile.settle(() => hostile.count(PLACE) === 1)
        yield* TestClock.adjust("5001 millis")
        const placed = yield* Fiber.join(fiber)
        late.release()
        yield* Hostile.settle(() => hostile.arrivals(PLACE).length === 2)
        const [second, first] = hostile.arrivals(PLACE)
        expect(JSON.parse(second!.body).code).toBe("00000")
        expect([first!.status, JSON.parse(first!.body).code]).toEqual([400, "43118"])
        expect(placed.orderId).toBe(JSON.parse(second!.body).data.orderId)
        expect(accepted()).toBe(1)
        expect(yield* held(placed.clientOid!)).toEqual({ current: 1, history: 0 })
      })
  )

  scoped(
    "the look-up fails: UnknownOrderFate carrying the clientOid, and the plan order is not sent again",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, PLACE)
        hostile.next(
          { _tag: "Respond", status: 400, body: "{\"code\":\"40808\",\"msg\":\"Parameter verification exception\"}" },
          CURRENT,
          5
        )
        const error = yield* Effect.flip(via(PlanOrder.placePlanOrder({ ...plan, clientOid: "plan-unknown" })))
        expect(error).toMatchObject({
          _tag: "UnknownOrderFate",
          clientOids: ["plan-unknown"],
          endpoint: "spot.planOrder.placePlanOrder"
        })
        expect(error.message).toContain("plan-unknown")
        expect(hostile.count(HISTORY)).toBe(0)
        expect(hostile.count(PLACE)).toBe(1)
        expect(accepted()).toBe(1)
        expect(yield* held("plan-unknown")).toEqual({ current: 1, history: 0 })
      })
  )

  scoped(
    "a second plan order with a clientOid the account already has is refused: 43118, HTTP 400, DuplicateClientOid",
    () =>
      Effect.gen(function*() {
        const { held, hostile, via } = yield* setup
        yield* via(PlanOrder.placePlanOrder({ ...plan, clientOid: "plan-twice" }))
        const error = yield* Effect.flip(
          via(PlanOrder.placePlanOrder({ ...plan, triggerPrice: "54000", clientOid: "plan-twice" }))
        )
        expect(error._tag).toBe("DuplicateClientOid")
        const refusal = hostile.arrivals(PLACE)[1]!
        expect([refusal.status, JSON.parse(refusal.body).code]).toEqual([400, "43118"])
        // An answered refusal is the caller's: no look-up, not sent again.
        expect(hostile.count(CURRENT)).toBe(0)
        expect(hostile.count(PLACE)).toBe(2)
        expect(yield* held("plan-twice")).toEqual({ current: 1, history: 0 })
      })
  )

  scoped(
    "planType and triggerType in any letter case are sent in the documented spelling; others refused unsent",
    () =>
      Effect.gen(function*() {
        const { hostile, placedBodies, via } = yield* setup
        yield* via(PlanOrder.placePlanOrder({
          ...plan,
          planType: "TOTAL" as "total",
          triggerType: "Mark_Price" as "mark_price",
          size: "60"
        }))
        const [sent] = placedBodies()
        expect([sent.planType, sent.triggerType]).toEqual(["total", "mark_price"])
        const error = yield* Effect.flip(
          via(PlanOrder.placePlanOrder({ ...plan, triggerType: "market_price" as "mark_price" }))
        )
        expect(error._tag).toBe("InvalidRequest")
        expect(error.message).toContain("triggerType")
        expect(hostile.count(PLACE)).toBe(1)
      })
  )
})
