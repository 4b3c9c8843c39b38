import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Guide from "../examples/guide.js"

layer(Guide.Local, { excludeTestServices: true, timeout: 30_000 })("docs/websocket.md examples", (it) => {
  it.effect("tickers", () =>
    Effect.map(Guide.tickers, (pushes) => {
      expect(pushes.length).toBe(3)
      expect(BigDecimal.isPositive(pushes[0]!.rows[0]!.lastPr)).toBe(true)
    }))
  it.effect("busy channel", () =>
    Effect.map(Guide.busyChannel, ({ last, pushes }) => {
      expect(pushes).toBe(5)
      expect(BigDecimal.isPositive(BigDecimal.unsafeFromString(last))).toBe(true)
    }))
  it.effect("book", () =>
    Effect.map(Guide.bestPrices, (books) => {
      expect(books.length).toBe(2)
      expect(books[0]!.bids.length).toBeLessThanOrEqual(5)
    }))
  it.effect("my orders", () =>
    Effect.map(Guide.myOrders, (statuses) => expect(statuses).toEqual(["rest live", "push cancelled"])))
  it.effect("order entry", () => Effect.map(Guide.placeOverSocket, (placed) => expect(placed.orderId).not.toBe("")))
  it.effect("refused", () => Effect.map(Guide.unknownSymbol, (text) => expect(text).toBe("refused: 30001")))
  it.effect("balances", () => Effect.map(Guide.balances, (push) => expect(push._tag).toBe("Some")))
  it.effect("holdings", () =>
    Effect.map(Guide.holdings, ([view]) => {
      expect(view!.source).toBe("rest")
      const coins = view!.rows.map((row) => row.coin)
      expect(coins).toContain("USDT")
      expect(coins.length).toBe(new Set(coins).size)
    }))
})
