/**
 * Margin fill cursors tested on data where the wrong field gives a different walk (issue 25 §3):
 * an order resting since before later orders and filled last has the smallest `orderId` and the
 * largest `tradeId`, so a walk fed the `orderId` as its cursor would stop after the first row.
 * Walked one row a page so every page's cursor (`idLessThan` ← `minId`) matters
 * (https://www.bitget.com/api-doc/margin/cross/trade/Get-Cross-Order-Fills).
 * The simulator's spot matching fills each order whole, so no two fills share an order id here:
 * rows identified by `orderId` instead of `tradeId` are told apart by an exchange whose cursor is
 * inclusive (the hostile server repeats the cursor's row on the next page, see inclusive.ts).
 */
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { inclusive } from "../../core/test/hostile/inclusive.js"

const layer = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const market = { symbol: "BTCUSDT", side: "buy", orderType: "market", force: "gtc", loanType: "normal" } as const
const resting = { ...market, orderType: "limit", price: "50000", baseSize: "0.001" } as const

const lines = [
  {
    name: "crossFills",
    toType: "crossed_margin",
    place: Margin.Trade.crossPlaceOrder,
    fills: Margin.Trade.crossFills,
    route: "GET /api/v2/margin/crossed/fills",
    history: Margin.Trade.crossHistoryOrders,
    historyRoute: "GET /api/v2/margin/crossed/history-orders"
  },
  {
    name: "isolatedFills",
    toType: "isolated_margin",
    place: Margin.Trade.isolatedPlaceOrder,
    fills: Margin.Trade.isolatedFills,
    route: "GET /api/v2/margin/isolated/fills",
    history: Margin.Trade.isolatedHistoryOrders,
    historyRoute: "GET /api/v2/margin/isolated/history-orders"
  }
] as const

for (const line of lines) {
  it.scoped(`${line.name} walked one a page, on fills whose orderIds run the other way: every fill once`, () =>
    Effect.gen(function*() {
      // The spot control's `setPrice` fills resting orders at the wall clock's time, not the
      // simulator's: the test's clock starts at the wall clock's and is moved past it at the end.
      const START = Date.now()
      yield* TestClock.setTime(START)
      const control = yield* Simulator.control<SpotControl>("spot")
      control.setPrice("BTCUSDT", "60000")
      yield* Spot.Wallet.transfer({
        fromType: "spot",
        toType: line.toType,
        coin: "USDT",
        amount: "5000",
        ...(line.toType === "isolated_margin" ? { symbol: "BTCUSDT" } : {})
      })
      // Placed first (the smallest order id), filled last (the largest trade id).
      const first = yield* line.place(resting)
      for (let i = 0; i < 3; i++) yield* line.place({ ...market, quoteSize: "60" })
      control.setPrice("BTCUSDT", "49000")
      yield* TestClock.setTime(Date.now() + 1000)
      const query = { symbol: "BTCUSDT", startTime: Margin.Schemas.time(START - 1000) } as const
      const all = (yield* line.fills(query)).fills
      expect(all).toHaveLength(4)
      // The data tells the fields apart: the newest fill is the oldest order's, below every other trade id.
      expect(all[0]!.orderId).toBe(first.orderId)
      expect(all.slice(1).every((fill) => BigInt(fill.tradeId) > BigInt(first.orderId))).toBe(true)
      const walked = yield* Stream.runCollect(line.fills.items({ ...query, limit: 1 }))
      expect(Chunk.toArray(walked).map((fill) => fill.tradeId)).toEqual(all.map((fill) => fill.tradeId))
      // The same walk from an exchange whose cursor is inclusive (each page repeats the row the
      // cursor names): passed over by its tradeId, every fill still comes once.
      const simulator = yield* Simulator.Simulator
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      const server = inclusive([line.route], { param: "idLessThan", id: "tradeId", list: "fills" })
      hostile.otherwise(server.handler)
      const again = yield* Hostile.drive(
        Stream.runCollect(line.fills.items({ ...query, limit: 1 })).pipe(
          Effect.provide(Hostile.client(hostile.url, simulator.credentials))
        )
      )
      expect(server.repeated()).toBe(3)
      expect(Chunk.toArray(again).map((fill) => fill.tradeId)).toEqual(all.map((fill) => fill.tradeId))
      // The orders, the same way: passed over by their orderId.
      const orders = (yield* line.history({ ...query, limit: 100 })).orderList
      expect(orders).toHaveLength(4)
      const ordersHostile = yield* Hostile.make({ upstream: simulator.url })
      const ordersServer = inclusive([line.historyRoute], { param: "idLessThan", id: "orderId", list: "orderList" })
      ordersHostile.otherwise(ordersServer.handler)
      const ordersAgain = yield* Hostile.drive(
        Stream.runCollect(line.history.items({ ...query, limit: 1 })).pipe(
          Effect.provide(Hostile.client(ordersHostile.url, simulator.credentials))
        )
      )
      expect(ordersServer.repeated()).toBe(3)
      expect(Chunk.toArray(ordersAgain).map((order) => order.orderId)).toEqual(orders.map((order) => order.orderId))
    }).pipe(Effect.provide(layer)))
}
