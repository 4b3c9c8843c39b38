/**
 * A margin placement whose connection ends after it was sent, in every way it can end (FIN, RST,
 * half a body, no answer: see core's hostile/endings.ts): the order is looked up by its clientOid
 * among open then history orders and found, never reported as not executed, never sent again.
 */
import type * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import type * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/TestClock"
import { endings } from "../../core/test/hostile/endings.js"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const START = 1_767_225_600_000 // 2026-01-01T00:00:00Z
const CROSS = "POST /api/v2/margin/crossed/place-order"
const ISOLATED = "POST /api/v2/margin/isolated/place-order"
const CROSS_BATCH = "POST /api/v2/margin/crossed/batch-place-order"
const ISOLATED_BATCH = "POST /api/v2/margin/isolated/batch-place-order"
const resting = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "50000",
  baseSize: "0.001",
  loanType: "normal"
} as const

const cases = [
  { name: "crossPlaceOrder", route: CROSS, place: Margin.Trade.crossPlaceOrder(resting) },
  { name: "isolatedPlaceOrder", route: ISOLATED, place: Margin.Trade.isolatedPlaceOrder(resting) }
] as const

const { symbol: _symbol, ...item } = resting
const batch = { symbol: "BTCUSDT", orderList: [item, { ...item, price: "49000" }] } as const
const batches = [
  {
    name: "crossBatchPlaceOrder",
    route: CROSS_BATCH,
    lookups: ["GET /api/v2/margin/crossed/open-orders", "GET /api/v2/margin/crossed/history-orders"],
    place: Margin.Trade.crossBatchPlaceOrder(batch)
  },
  {
    name: "isolatedBatchPlaceOrder",
    route: ISOLATED_BATCH,
    lookups: ["GET /api/v2/margin/isolated/open-orders", "GET /api/v2/margin/isolated/history-orders"],
    place: Margin.Trade.isolatedBatchPlaceOrder(batch)
  }
] as const
const refused = {
  _tag: "Respond",
  status: 400,
  body: "{\"code\":\"40808\",\"msg\":\"Parameter verification exception\"}"
} as const

/** Funds both margin accounts (through the simulator directly, not the hostile server). */
const fund = (simulator: Context.Tag.Service<typeof Simulator.Simulator>) =>
  Effect.all([
    Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "5000" }),
    Spot.Wallet.transfer({
      fromType: "spot",
      toType: "isolated_margin",
      coin: "USDT",
      amount: "5000",
      symbol: "BTCUSDT"
    })
  ]).pipe(Effect.provide(Hostile.client(simulator.url, simulator.credentials)))

describe("margin placements: the connection ends after the order was sent (hostile server, TestClock)", () => {
  for (const ending of endings) {
    for (const { name, place, route } of cases) {
      it.scoped(`${name}, ${ending.name}: found by clientOid, placed once`, () =>
        Effect.gen(function*() {
          yield* TestClock.setTime(START)
          const simulator = yield* Simulator.Simulator
          ;(yield* Simulator.control<SpotControl>("spot")).setPrice("BTCUSDT", "60000")
          const direct = Hostile.client(simulator.url, simulator.credentials)
          yield* Effect.all([
            Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "5000" }),
            Spot.Wallet.transfer({
              fromType: "spot",
              toType: "isolated_margin",
              coin: "USDT",
              amount: "5000",
              symbol: "BTCUSDT"
            })
          ]).pipe(Effect.provide(direct))
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
    for (const { name, place, route } of batches) {
      it.scoped(`${name}, ${ending.name}: every item found by its clientOid, the batch sent once`, () =>
        Effect.gen(function*() {
          yield* TestClock.setTime(START)
          const simulator = yield* Simulator.Simulator
          ;(yield* Simulator.control<SpotControl>("spot")).setPrice("BTCUSDT", "60000")
          yield* fund(simulator)
          const hostile = yield* Hostile.make({ upstream: simulator.url })
          hostile.next(ending.action, route)
          const fiber = yield* Effect.fork(
            (place as Effect.Effect<
              {
                readonly successList: ReadonlyArray<{ readonly orderId?: string; readonly clientOid?: string }>
                readonly failureList: ReadonlyArray<unknown>
              },
              unknown,
              import("@effect-bitget/core/BitgetClient").BitgetClient
            >)
              .pipe(Effect.provide(Hostile.client(hostile.url, simulator.credentials)))
          )
          yield* Hostile.settle(() => hostile.arrivals(route).length === 1)
          if (ending.timesOut) yield* TestClock.adjust("5001 millis")
          const result = yield* Fiber.join(fiber)
          const sent = JSON.parse(hostile.received[0]!.body).orderList.map((o: { clientOid: string }) => o.clientOid)
          const answered = JSON.parse(hostile.arrivals(route)[0]!.body).data.successList
          expect(sent).toHaveLength(2)
          expect(result.successList.map((row) => row.clientOid).sort()).toEqual([...sent].sort())
          expect(result.successList.map((row) => row.orderId).sort()).toEqual(
            answered.map((row: { orderId: string }) => row.orderId).sort()
          )
          expect(result.failureList).toEqual([])
          expect(hostile.count(route)).toBe(1)
          expect(simulator.traffic.count(route)).toBe(1)
        }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
    }
  }

  for (const ending of endings) {
    for (const { lookups, name, place, route } of batches) {
      it.scoped(`${name}, ${ending.name}, the look-ups failing: UnknownOrderFate naming every order, sent once`, () =>
        Effect.gen(function*() {
          yield* TestClock.setTime(START)
          const simulator = yield* Simulator.Simulator
          ;(yield* Simulator.control<SpotControl>("spot")).setPrice("BTCUSDT", "60000")
          yield* fund(simulator)
          const hostile = yield* Hostile.make({ upstream: simulator.url })
          hostile.next(ending.action, route)
          for (const lookup of lookups) hostile.next(refused, lookup, 50)
          const fiber = yield* Effect.fork(
            Effect.flip(
              (place as Effect.Effect<unknown, { readonly _tag: string }, BitgetClient.BitgetClient>)
                .pipe(Effect.provide(Hostile.client(hostile.url, simulator.credentials)))
            )
          )
          yield* Hostile.settle(() => hostile.arrivals(route).length === 1)
          if (ending.timesOut) yield* TestClock.adjust("5001 millis")
          const error = yield* Fiber.join(fiber)
          const sent = JSON.parse(hostile.received[0]!.body).orderList.map((o: { clientOid: string }) => o.clientOid)
          // Placed on the exchange, yet neither found: their fate is unknown, never "not executed".
          expect(error._tag).toBe("UnknownOrderFate")
          const unknown = error as unknown as { readonly clientOids: ReadonlyArray<string>; readonly placed: unknown }
          expect([...unknown.clientOids].sort()).toEqual([...sent].sort())
          expect(unknown.placed).toEqual([])
          expect(lookups.some((lookup) => hostile.count(lookup) > 0)).toBe(true)
          expect(hostile.count(route)).toBe(1)
          expect(simulator.traffic.count(route)).toBe(1)
        }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
    }
  }
})
