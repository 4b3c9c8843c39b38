/**
 * Cursors tested on data where the wrong field gives a different walk (issue 25 §3), walked one
 * row a page so every page's cursor matters. The data has both ways the ids can disagree:
 * - an order resting since before later orders and filled last: its fill has the largest
 *   `tradeId` and the smallest `orderId`, so a walk fed the `orderId` as its cursor stops there;
 * - one order filled in two legs (a one-way buy larger than the short it closes: the close and the
 *   open are two fills of one `orderId`), so rows identified by `orderId` would see one row twice.
 * The fills' rows are identified by `tradeId`; the page's `endId` is the last one
 * (https://www.bitget.com/api-doc/contract/trade/Get-Order-Fills, .../Get-Fill-History).
 */
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { inclusive } from "../../core/test/hostile/inclusive.js"

const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT", marginMode: "crossed" } as const
const query = { productType: "USDT-FUTURES", symbol: "BTCUSDT" } as const

/** Five fills of four orders: the resting order's fill newest, the two-leg order's fills in the middle. */
const trade = Effect.gen(function*() {
  const control = yield* Simulator.control<FuturesControl>("futures")
  control.setMarkPrice("BTCUSDT", "60000")
  yield* Order.placeOrder({ ...usdt, size: "0.01", side: "sell", orderType: "market" })
  // Placed early (a small order id), filled last (the largest trade id).
  const resting = yield* Order.placeOrder({ ...usdt, size: "0.01", side: "buy", orderType: "limit", price: "50000" })
  // Closes the 0.01 short and opens a 0.01 long: two fills of one order.
  const twoLegs = yield* Order.placeOrder({ ...usdt, size: "0.02", side: "buy", orderType: "market" })
  yield* Order.placeOrder({ ...usdt, size: "0.01", side: "buy", orderType: "market" })
  control.setMarkPrice("BTCUSDT", "49000")
  return { resting: resting.orderId!, twoLegs: twoLegs.orderId! }
})

/** The data tells the fields apart: checked here so that a change of the simulator cannot make it vacuous. */
const assertDisagree = (
  all: ReadonlyArray<{ readonly orderId: string; readonly tradeId: string }>,
  ids: { readonly resting: string; readonly twoLegs: string }
) => {
  expect(all).toHaveLength(5)
  expect(new Set(all.map((fill) => fill.tradeId)).size).toBe(5)
  // The newest fill is the resting order's, whose id is below every later trade id.
  expect(all[0]!.orderId).toBe(ids.resting)
  expect(all.slice(1, -1).every((fill) => BigInt(fill.tradeId) > BigInt(ids.resting))).toBe(true)
  // Two neighbouring rows (so on neighbouring one-row pages) share an order.
  expect(all.filter((fill) => fill.orderId === ids.twoLegs)).toHaveLength(2)
}

const layer = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

it.scoped("fills walked one a page on fills whose order ids disagree with their trade ids: every fill once", () =>
  Effect.gen(function*() {
    const ids = yield* trade
    const all = (yield* OrderQuery.fills(query)).fillList
    assertDisagree(all, ids)
    const walked = yield* Stream.runCollect(OrderQuery.fills.items({ ...query, limit: 1 }))
    expect(Chunk.toArray(walked).map((fill) => fill.tradeId)).toEqual(all.map((fill) => fill.tradeId))
  }).pipe(Effect.provide(layer)))

it.scoped("fills and order history from an exchange whose cursor is inclusive: each repeated row passed over", () =>
  Effect.gen(function*() {
    yield* trade
    const simulator = yield* Simulator.Simulator
    // Each page repeats the row the cursor names (see core's hostile/inclusive.ts): passed over by
    // its own id, a fill by its tradeId, an order by its orderId (Get-Orders-History).
    const walk = (route: string, id: string, list: string, stream: Stream.Stream<unknown, unknown, any>) =>
      Effect.gen(function*() {
        const hostile = yield* Hostile.make({ upstream: simulator.url })
        const server = inclusive([route], { param: "idLessThan", id, list })
        hostile.otherwise(server.handler)
        const rows = yield* Hostile.drive(
          Stream.runCollect(stream).pipe(Effect.provide(Hostile.client(hostile.url, simulator.credentials)))
        )
        return {
          repeated: server.repeated(),
          ids: Chunk.toArray(rows).map((row) => (row as Record<string, string>)[id])
        }
      })
    const fills = (yield* OrderQuery.fills(query)).fillList
    expect(
      yield* walk("GET /api/v2/mix/order/fills", "tradeId", "fillList", OrderQuery.fills.items({ ...query, limit: 1 }))
    )
      .toEqual({ repeated: fills.length - 1, ids: fills.map((fill) => fill.tradeId) })
    const orders = (yield* OrderQuery.ordersHistory(query)).entrustedList
    expect(orders.length).toBeGreaterThanOrEqual(2)
    expect(
      yield* walk(
        "GET /api/v2/mix/order/orders-history",
        "orderId",
        "entrustedList",
        OrderQuery.ordersHistory.items({ ...query, limit: 1 })
      )
    ).toEqual({ repeated: orders.length - 1, ids: orders.map((order) => order.orderId) })
  }).pipe(Effect.provide(layer)))

it.scoped("fill history walked one a page on the same data: every fill once", () =>
  Effect.gen(function*() {
    const ids = yield* trade
    const all = (yield* OrderQuery.fillHistory(query)).fillList
    assertDisagree(all, ids)
    const walked = yield* Stream.runCollect(OrderQuery.fillHistory.items({ ...query, limit: 1 }))
    expect(Chunk.toArray(walked).map((fill) => fill.tradeId)).toEqual(all.map((fill) => fill.tradeId))
  }).pipe(Effect.provide(layer)))
