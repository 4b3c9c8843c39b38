/**
 * V3 fill cursors tested on data where the wrong field gives a different walk (issue 25 §3),
 * walked one row a page so every page's `cursor` matters. The data has both ways the ids can
 * disagree: an order resting since before later orders and filled last (its fill: the largest
 * `execId`, the smallest `orderId`; a walk fed the `orderId` would stop there), and one order
 * filled in two legs (a one-way buy larger than the short it closes), so rows identified by
 * `orderId` would see one row twice. Rows are identified by `execId`
 * (https://www.bitget.com/api-doc/uta/trade/Get-Order-Fills; reference §b.8).
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import * as Unified from "@effect-bitget/unified"
import { expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const { Trade } = Unified
const layer = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const futures = { category: "USDT-FUTURES", symbol: "BTCUSDT" } as const

it.scopedLive("fills (and history orders) walked one a page on fills whose order ids disagree with their exec ids: every fill once", () =>
  Effect.gen(function*() {
    const c = yield* Simulator.control<UnifiedControl>("unified")
    c.futures.setMark("BTCUSDT", Decimal.unsafeMake("60000"), Date.now())
    yield* Trade.placeOrder({ ...futures, side: "sell", orderType: "market", qty: "0.01" })
    // Placed early (a small order id), filled last (the largest exec id).
    const resting = yield* Trade.placeOrder({
      ...futures,
      side: "buy",
      orderType: "limit",
      qty: "0.01",
      price: "50000"
    })
    // Closes the 0.01 short and opens a 0.01 long: two fills of one order.
    const twoLegs = yield* Trade.placeOrder({ ...futures, side: "buy", orderType: "market", qty: "0.02" })
    yield* Trade.placeOrder({ ...futures, side: "buy", orderType: "market", qty: "0.01" })
    c.futures.setMark("BTCUSDT", Decimal.unsafeMake("49000"), Date.now())
    const query = { category: "USDT-FUTURES", startTime: DateTime.unsafeMake(Date.now() - 60_000) } as const
    const all = (yield* Trade.fills(query)).list
    // The data tells the fields apart (checked, so that a change of the simulator cannot make this vacuous).
    expect(all).toHaveLength(5)
    expect(new Set(all.map((fill) => fill.execId)).size).toBe(5)
    expect(all[0]!.orderId).toBe(resting.orderId)
    expect(all.slice(1, -1).every((fill) => BigInt(fill.execId) > BigInt(resting.orderId!))).toBe(true)
    expect(all.filter((fill) => fill.orderId === twoLegs.orderId)).toHaveLength(2)
    const walked = yield* Stream.runCollect(Trade.fills.items({ ...query, limit: 1 }))
    expect(Chunk.toArray(walked).map((fill) => fill.execId)).toEqual(all.map((fill) => fill.execId))
    // The orders, walked the same way: the resting order, updated last, comes by its id, not its time.
    const orders = (yield* Trade.historyOrders(query)).list
    expect(orders.map((order) => order.orderId)).toHaveLength(4)
    expect(orders.map((order) => order.orderId)).toContain(resting.orderId)
    const ordersWalked = yield* Stream.runCollect(Trade.historyOrders.items({ ...query, limit: 1 }))
    expect(Chunk.toArray(ordersWalked).map((order) => order.orderId)).toEqual(orders.map((order) => order.orderId))
  }).pipe(Effect.provide(layer)))
