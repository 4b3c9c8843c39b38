/**
 * Cursors tested on data where the wrong field gives a different walk (issue 25 §3): fills whose
 * order ids do not follow their trade ids (an order resting since before later orders, filled
 * last), walked one row a page. The fills' rows are identified by `tradeId` (the page's `endId`
 * is the last `tradeId`: https://www.bitget.com/api-doc/contract/trade/Get-Order-Fills), and
 * each page's rows are checked against the cursor by it. (Identifying rows by `orderId` instead
 * is not caught by this data: it would need several fills of one order on neighbouring pages,
 * which the simulator's futures orders, filled whole, do not make.)
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

const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT", marginMode: "crossed" } as const

it.scoped("fills walked one a page, on fills whose orderIds run the other way: every fill once", () =>
  Effect.gen(function*() {
    const control = yield* Simulator.control<FuturesControl>("futures")
    control.setMarkPrice("BTCUSDT", "60000")
    // Placed first (the smallest order id), filled last (the largest trade id).
    const resting = yield* Order.placeOrder({ ...usdt, size: "0.01", side: "buy", orderType: "limit", price: "50000" })
    for (let i = 0; i < 3; i++) yield* Order.placeOrder({ ...usdt, size: "0.01", side: "buy", orderType: "market" })
    control.setMarkPrice("BTCUSDT", "49000")
    const all = (yield* OrderQuery.fills({ productType: "USDT-FUTURES", symbol: "BTCUSDT" })).fillList
    expect(all).toHaveLength(4)
    // The data tells the fields apart: the newest fill (first) is the oldest order's.
    expect(all[0]!.orderId).toBe(resting.orderId)
    const walked = yield* Stream.runCollect(
      OrderQuery.fills.items({ productType: "USDT-FUTURES", symbol: "BTCUSDT", limit: 1 })
    )
    expect(Chunk.toArray(walked).map((fill) => fill.tradeId)).toEqual(all.map((fill) => fill.tradeId))
  }).pipe(Effect.provide(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer())))))
