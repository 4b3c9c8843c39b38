/**
 * A futures placement whose connection ends after it was sent, in every way it can end (FIN,
 * RST, half a body, no answer: see core's hostile/endings.ts): the order is looked up by its
 * clientOid and found, never reported as not executed, never sent again.
 */
import * as Order from "@effect-bitget/futures/Order"
import * as PlanOrder from "@effect-bitget/futures/PlanOrder"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/TestClock"
import { endings } from "../../core/test/hostile/endings.js"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const PLACE = "POST /api/v2/mix/order/place-order"
const PLAN = "POST /api/v2/mix/order/place-plan-order"
const BATCH = "POST /api/v2/mix/order/batch-place-order"
const DETAIL = "GET /api/v2/mix/order/detail"
const refused = {
  _tag: "Respond",
  status: 400,
  body: "{\"code\":\"40808\",\"msg\":\"Parameter verification exception\"}"
} as const
const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT", marginMode: "crossed" } as const
const batchOf = {
  ...usdt,
  orderList: [
    { size: "0.01", side: "buy", orderType: "limit", price: "50000" },
    { size: "0.02", side: "buy", orderType: "limit", price: "49000" }
  ]
} as const
const order = { ...usdt, size: "0.01", side: "buy", orderType: "limit", price: "50000" } as const
const plan = {
  ...usdt,
  planType: "normal_plan",
  size: "0.01",
  triggerPrice: "61000",
  triggerType: "mark_price",
  side: "buy",
  orderType: "market"
} as const

const cases = [
  { name: "placeOrder", route: PLACE, place: Order.placeOrder(order) },
  { name: "placePlanOrder", route: PLAN, place: PlanOrder.placePlanOrder(plan) }
] as const

describe("futures placements: the connection ends after the order was sent (hostile server, TestClock)", () => {
  for (const ending of endings) {
    for (const { name, place, route } of cases) {
      it.scoped(`${name}, ${ending.name}: found by clientOid, placed once`, () =>
        Effect.gen(function*() {
          const simulator = yield* Simulator.Simulator
          ;(yield* Simulator.control<FuturesControl>("futures")).setMarkPrice("BTCUSDT", "60000")
          const hostile = yield* Hostile.make({ upstream: simulator.url })
          hostile.next(ending.action, route)
          const fiber = yield* Effect.fork(
            (place as Effect.Effect<
              { readonly orderId: string },
              unknown,
              import("@effect-bitget/core/BitgetClient").BitgetClient
            >)
              .pipe(Effect.provide(Hostile.client(hostile.url, simulator.credentials)))
          )
          yield* Hostile.settle(() => hostile.arrivals(route).length === 1)
          if (ending.timesOut) yield* TestClock.adjust("5001 millis")
          const placed = yield* Fiber.join(fiber)
          expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(route)[0]!.body).data.orderId)
          expect(hostile.count(route)).toBe(1)
          expect(simulator.traffic.count(route)).toBe(1)
        }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
    }
  }

  for (const ending of endings) {
    it.scoped(`batchPlaceOrder, ${ending.name}: every item found by its clientOid, the batch sent once`, () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        ;(yield* Simulator.control<FuturesControl>("futures")).setMarkPrice("BTCUSDT", "60000")
        const hostile = yield* Hostile.make({ upstream: simulator.url })
        hostile.next(ending.action, BATCH)
        const fiber = yield* Effect.fork(
          Order.batchPlaceOrder(batchOf).pipe(Effect.provide(Hostile.client(hostile.url, simulator.credentials)))
        )
        yield* Hostile.settle(() => hostile.arrivals(BATCH).length === 1)
        if (ending.timesOut) yield* TestClock.adjust("5001 millis")
        const result = yield* Fiber.join(fiber)
        const sent = JSON.parse(hostile.received[0]!.body).orderList.map((o: { clientOid: string }) => o.clientOid)
        const answered = JSON.parse(hostile.arrivals(BATCH)[0]!.body).data.successList
        expect(sent).toHaveLength(2)
        expect(result.successList.map((row) => row.clientOid).sort()).toEqual([...sent].sort())
        expect(result.successList.map((row) => row.orderId).sort()).toEqual(
          answered.map((row: { orderId: string }) => row.orderId).sort()
        )
        expect(result.failureList).toEqual([])
        expect(hostile.count(BATCH)).toBe(1)
        expect(simulator.traffic.count(BATCH)).toBe(1)
      }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
  }

  for (const ending of endings) {
    it.scoped(`batchPlaceOrder, ${ending.name}, the look-ups failing: UnknownOrderFate naming every order, sent once`, () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        ;(yield* Simulator.control<FuturesControl>("futures")).setMarkPrice("BTCUSDT", "60000")
        const hostile = yield* Hostile.make({ upstream: simulator.url })
        hostile.next(ending.action, BATCH)
        hostile.next(refused, DETAIL, 50)
        const fiber = yield* Effect.fork(
          Effect.flip(
            Order.batchPlaceOrder(batchOf).pipe(Effect.provide(Hostile.client(hostile.url, simulator.credentials)))
          )
        )
        yield* Hostile.settle(() => hostile.arrivals(BATCH).length === 1)
        if (ending.timesOut) yield* TestClock.adjust("5001 millis")
        const error = yield* Fiber.join(fiber)
        const sent = JSON.parse(hostile.received[0]!.body).orderList.map((o: { clientOid: string }) => o.clientOid)
        // Placed on the exchange, yet neither found: their fate is unknown, never "not executed".
        expect(error._tag).toBe("UnknownOrderFate")
        if (error._tag !== "UnknownOrderFate") return
        expect([...error.clientOids].sort()).toEqual([...sent].sort())
        expect(error.placed).toEqual([])
        expect(hostile.count(DETAIL)).toBeGreaterThan(0)
        expect(hostile.count(BATCH)).toBe(1)
        expect(simulator.traffic.count(BATCH)).toBe(1)
      }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
  }
})
