/**
 * A spot placement whose connection ends after it was sent, in every way it can end (FIN, RST,
 * half a body, no answer: see core's hostile/endings.ts): the order is looked up by its clientOid
 * and found, never reported as not executed, never sent again.
 */
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/TestClock"
import { endings } from "../../core/test/hostile/endings.js"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const PLACE = "POST /api/v2/spot/trade/place-order"
const PLAN = "POST /api/v2/spot/trade/place-plan-order"
const BATCH = "POST /api/v2/spot/trade/batch-orders"
const INFO = "GET /api/v2/spot/trade/orderInfo"
const refused = {
  _tag: "Respond",
  status: 400,
  body: "{\"code\":\"40808\",\"msg\":\"Parameter verification exception\"}"
} as const
const order = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "50000",
  size: "0.001"
} as const

describe("spot placements: the connection ends after the order was sent (hostile server, TestClock)", () => {
  for (const ending of endings) {
    it.scoped(`placeOrder, ${ending.name}: found by clientOid, placed once`, () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const hostile = yield* Hostile.make({ upstream: simulator.url })
        hostile.next(ending.action, PLACE)
        const fiber = yield* Effect.fork(
          Spot.Trade.placeOrder(order).pipe(Effect.provide(Hostile.client(hostile.url, simulator.credentials)))
        )
        yield* Hostile.settle(() => hostile.arrivals(PLACE).length === 1)
        if (ending.timesOut) yield* TestClock.adjust("5001 millis")
        const placed = yield* Fiber.join(fiber)
        const sent = JSON.parse(hostile.received[0]!.body)
        expect(placed.clientOid).toBe(sent.clientOid)
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(PLACE)[0]!.body).data.orderId)
        expect(hostile.count(PLACE)).toBe(1)
        expect(simulator.traffic.count(PLACE)).toBe(1)
      }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

    it.scoped(`placePlanOrder, ${ending.name}: found by clientOid, placed once`, () =>
      Effect.gen(function*() {
        // Plan orders are looked up among those of a day either side of now, at a known price.
        yield* TestClock.setTime(1_767_225_600_000)
        const simulator = yield* Simulator.Simulator
        ;(yield* Simulator.control<SpotControl>("spot")).setPrice("BTCUSDT", "60000")
        const hostile = yield* Hostile.make({ upstream: simulator.url })
        hostile.next(ending.action, PLAN)
        const fiber = yield* Effect.fork(
          Spot.PlanOrder.placePlanOrder({
            symbol: "BTCUSDT",
            side: "buy",
            triggerPrice: "55000",
            orderType: "limit",
            executePrice: "55000",
            size: "0.001",
            triggerType: "fill_price"
          }).pipe(Effect.provide(Hostile.client(hostile.url, simulator.credentials)))
        )
        yield* Hostile.settle(() => hostile.arrivals(PLAN).length === 1)
        if (ending.timesOut) yield* TestClock.adjust("5001 millis")
        const placed = yield* Fiber.join(fiber)
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(PLAN)[0]!.body).data.orderId)
        expect(hostile.count(PLAN)).toBe(1)
        expect(simulator.traffic.count(PLAN)).toBe(1)
      }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

    it.scoped(`batchOrders, ${ending.name}: every item found by its clientOid, the batch sent once`, () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const hostile = yield* Hostile.make({ upstream: simulator.url })
        hostile.next(ending.action, BATCH)
        const fiber = yield* Effect.fork(
          Spot.Trade.batchOrders({ symbol: "BTCUSDT", orderList: [order, { ...order, price: "49000" }] }).pipe(
            Effect.provide(Hostile.client(hostile.url, simulator.credentials))
          )
        )
        yield* Hostile.settle(() => hostile.arrivals(BATCH).length === 1)
        if (ending.timesOut) yield* TestClock.adjust("5001 millis")
        const result = yield* Fiber.join(fiber)
        const sent = JSON.parse(hostile.received[0]!.body).orderList.map((o: { clientOid: string }) => o.clientOid)
        expect(result.successList.map((row) => row.clientOid).sort()).toEqual([...sent].sort())
        expect(result.failureList).toEqual([])
        expect(hostile.count(BATCH)).toBe(1)
        expect(simulator.traffic.count(BATCH)).toBe(1)
      }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
  }

  for (const ending of endings) {
    it.scoped(`batchOrders, ${ending.name}, the look-ups failing: UnknownOrderFate naming every order, sent once`, () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const hostile = yield* Hostile.make({ upstream: simulator.url })
        hostile.next(ending.action, BATCH)
        hostile.next(refused, INFO, 50)
        const fiber = yield* Effect.fork(
          Effect.flip(
            Spot.Trade.batchOrders({ symbol: "BTCUSDT", orderList: [order, { ...order, price: "49000" }] }).pipe(
              Effect.provide(Hostile.client(hostile.url, simulator.credentials))
            )
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
        expect(hostile.count(INFO)).toBeGreaterThan(0)
        expect(hostile.count(BATCH)).toBe(1)
        expect(simulator.traffic.count(BATCH)).toBe(1)
      }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
  }
})
