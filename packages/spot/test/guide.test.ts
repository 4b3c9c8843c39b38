import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Guide from "../examples/guide.js"

layer(Guide.Local, { excludeTestServices: true })("docs/spot.md examples", (it) => {
  it.effect("market data", () =>
    Effect.gen(function*() {
      const { book, candles, ticker } = yield* Guide.marketData
      expect(BigDecimal.isBigDecimal(ticker.lastPr)).toBe(true)
      expect(book.bids.length).toBe(5)
      expect(candles.length).toBe(24)
    }))
  it.effect("place and cancel", () => Effect.map(Guide.placeAndCancel, (status) => expect(status).toBe("cancelled")))
  it.effect("a year of fills", () => Effect.map(Guide.lastYearOfFills, (fills) => expect(fills).toEqual([])))
  it.effect("history candles", () => Effect.map(Guide.lastThousandHours, (rows) => expect(rows.length).toBe(1000)))
  it.effect("InsufficientBalance by tag", () =>
    Effect.map(Guide.tooBig, (text) => expect(text).toMatch(/^refused: 43012/)))
  it.effect("InvalidRequest", () => Effect.map(Guide.noPrice, (tag) => expect(tag).toBe("InvalidRequest")))
  it.effect("plan order", () => Effect.map(Guide.stopBuy, (placed) => expect(placed.orderId).toBeDefined()))
})

layer(Guide.DemoLocal, { excludeTestServices: true })("docs/spot.md demo example", (it) => {
  it.effect("demo order", () => Effect.map(Guide.demoOrder, (placed) => expect(placed.orderId).toBeDefined()))
})
