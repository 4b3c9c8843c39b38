import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Guide from "../examples/guide.js"

layer(Guide.Local, { excludeTestServices: true })("docs/convert.md examples", (it) => {
  it.effect("coins", () =>
    Effect.map(Guide.coins, (coins) => expect(coins.map((c) => c.coin)).toEqual(["USDT", "BTC", "ETH", "BGB", "SOL"])))
  it.effect("quote, trade, a second trade refused, the year's history", () =>
    Effect.gen(function*() {
      const { done, quote } = yield* Guide.usdtToEth
      expect(done.toCoin).toBe("ETH")
      // A traded quote is spent: the exchange answers 12021, handled by code.
      expect(yield* Guide.tooLate(quote)).toBe("expired: ask for a new quote")
      const records = yield* Guide.lastYear
      expect(records.map((r) => r.toCoinSize)).toEqual([quote.toCoinSize])
    }))
  it.effect("both sizes", () => Effect.map(Guide.bothSizes, (tag) => expect(tag).toBe("InvalidRequest")))
  it.effect("BTC into BGB: the record gives what the list estimated", () =>
    Effect.map(Guide.dustToBgb("BTC"), ({ estimate, record }) => {
      expect(record!.fromCoin).toBe("BTC")
      expect(record!.toAmount).toEqual(estimate.bgbEstAmount)
    }))
})

// On a simulator of its own: the conversion it makes would change the history the examples above read.
layer(Guide.Local.pipe(Layer.fresh), { excludeTestServices: true })("docs/convert.md simulator state", (it) => {
  it.effect("quotes, conversions and BGB conversions, as a conversion leaves them", () =>
    Effect.gen(function*() {
      const before = (yield* Guide.knobs).quotes.size
      yield* Guide.usdtToEth
      const { bgbRecords, quotes, records } = yield* Guide.knobs
      expect(quotes.size).toBe(before + 1)
      expect([...quotes.values()].some((quote) => quote.traded)).toBe(true)
      expect(records.length).toBe(1)
      expect(bgbRecords).toEqual([])
    }))
})
