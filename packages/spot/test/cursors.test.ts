/**
 * Cursors tested on data where the wrong field gives a different walk (issue 25 §3): fills whose
 * order ids do not follow their trade ids (an order resting since before later orders, filled
 * last), walked one row a page, so every page's cursor matters. `tradeId` is the fills' cursor
 * (https://www.bitget.com/api-doc/spot/trade/Get-Fills); fed the `orderId` instead, the walk would
 * stop after the first row.
 */
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

it.scoped("fills walked by tradeId, one a page, on fills whose orderIds run the other way: every fill once", () =>
  Effect.gen(function*() {
    const control = yield* Simulator.control<SpotControl>("spot")
    control.setPrice("BTCUSDT", "60000")
    // Placed first (the smallest order id), filled last (the largest trade id).
    const resting = yield* Spot.Trade.placeOrder({
      symbol: "BTCUSDT",
      side: "buy",
      orderType: "limit",
      force: "gtc",
      price: "50000",
      size: "0.001"
    })
    for (let i = 0; i < 3; i++) {
      yield* Spot.Trade.placeOrder({ symbol: "BTCUSDT", side: "buy", orderType: "market", force: "gtc", size: "100" })
    }
    control.setPrice("BTCUSDT", "49000")
    const all = yield* Spot.Trade.fills({ symbol: "BTCUSDT" })
    expect(all).toHaveLength(4)
    // The data tells the fields apart: the newest fill (first) is the oldest order's.
    expect(all[0]!.orderId).toBe(resting.orderId)
    expect(all.every((fill) => BigInt(fill.orderId) >= BigInt(all[0]!.orderId))).toBe(true)
    const walked = yield* Stream.runCollect(Spot.Trade.fills.items({ symbol: "BTCUSDT", limit: 1 }))
    expect(Chunk.toArray(walked).map((fill) => fill.tradeId)).toEqual(all.map((fill) => fill.tradeId))
  }).pipe(Effect.provide(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer())))))
