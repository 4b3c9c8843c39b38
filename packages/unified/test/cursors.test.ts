/**
 * V3 fill cursors tested on data where the wrong field gives a different walk (issue 25 §3),
 * walked one row a page so every page's `cursor` matters. The data has both ways the ids can
 * disagree: an order resting since before later orders and filled last (its fill: the largest
 * `execId`, the smallest `orderId`; a walk fed the `orderId` would stop there), and one order
 * filled in two legs (a one-way buy larger than the short it closes), so rows identified by
 * `orderId` would see one row twice. Rows are identified by `execId`
 * (https://www.bitget.com/api-doc/uta/trade/Get-Order-Fills; reference §b.8). The fills, history orders
 * and bills are walked again through an exchange whose cursor is inclusive (see core's
 * hostile/inclusive.ts): each repeated row is passed over by its own id, so a declaration naming
 * another field (a clientOid, a coin) sees it twice and stops.
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
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { inclusive } from "../../core/test/hostile/inclusive.js"

const { Bills, Trade } = Unified
const layer = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const futures = { category: "USDT-FUTURES", symbol: "BTCUSDT" } as const

it.scopedLive("fills, history orders and bills walked a row a page, on ids that disagree and from an inclusive exchange: every row once", () =>
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

    // The same walks, and the bills', from an exchange whose cursor is inclusive (each page repeats
    // the row the cursor names): each repeated row is passed over by its own id.
    const simulator = yield* Simulator.Simulator
    const bills = (yield* Bills.financialRecords({ category: "USDT-FUTURES" })).list
    expect(bills.length).toBeGreaterThanOrEqual(2)
    const inclusiveWalk = (route: string, id: string, stream: Stream.Stream<unknown, unknown, any>) =>
      Effect.gen(function*() {
        const hostile = yield* Hostile.make({ upstream: simulator.url })
        const server = inclusive([route], { param: "cursor", id, list: "list" })
        hostile.otherwise(server.handler)
        const rows = yield* Stream.runCollect(stream).pipe(
          Effect.provide(Hostile.client(hostile.url, simulator.unified.credentials))
        )
        return {
          repeated: server.repeated(),
          ids: Chunk.toArray(rows).map((row) => (row as Record<string, string>)[id])
        }
      })
    const fillsAgain = yield* inclusiveWalk(
      "GET /api/v3/trade/fills",
      "execId",
      Trade.fills.items({ ...query, limit: 1 })
    )
    expect(fillsAgain).toEqual({ repeated: all.length - 1, ids: all.map((fill) => fill.execId) })
    const ordersAgain = yield* inclusiveWalk(
      "GET /api/v3/trade/history-orders",
      "orderId",
      Trade.historyOrders.items({ ...query, limit: 1 })
    )
    expect(ordersAgain).toEqual({ repeated: orders.length - 1, ids: orders.map((order) => order.orderId) })
    const billsAgain = yield* inclusiveWalk(
      "GET /api/v3/account/financial-records",
      "id",
      Bills.financialRecords.items({ category: "USDT-FUTURES", limit: 1 })
    )
    expect(billsAgain).toEqual({ repeated: bills.length - 1, ids: bills.map((bill) => bill.id) })
  }).pipe(Effect.provide(layer)))
