/**
 * Stock+ market data over loopback against the simulator (TestClock): the depth, quote, trades,
 * minute line and candles of a stock all read from its one price path, so they agree with each
 * other (the quote's last is the book's middle and the last candle's close, the day's high and
 * low hold every recent trade); history candles walk back from a time; the option chain is
 * derived from the stock's price.
 */
import { Simulator } from "@effect-bitget/simulator"
import type { StockPlusControl } from "@effect-bitget/simulator/unified/StockPlusRoutes"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { advance, drive } from "./drive.js"

const { StockPlusMarket } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const num = BigDecimal.unsafeToNumber
const text = (value: BigDecimal.BigDecimal) => BigDecimal.format(BigDecimal.normalize(value))

layer(Env)("Stock+ market data", (it) => {
  it.effect("depth, quote, trades, minute line and candles of one price path agree", () =>
    drive(Effect.gen(function*() {
      // 15:00 UTC: the minute line holds a whole session's 390 minutes.
      yield* advance("15 hours")
      const now = yield* Clock.currentTimeMillis
      const depth = yield* StockPlusMarket.depth({ symbol: "NVDA.US" })
      expect(depth.asks.length).toBe(10)
      expect(depth.asks.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
      const asks = depth.asks.map((l) => num(l.price))
      expect(asks).toEqual([...asks].sort((x, y) => x - y))
      const [quote] = (yield* StockPlusMarket.quote({ symbol: "nvda.us" })).list
      expect(quote!.symbol).toBe("NVDA.US")
      // The quote's last is the middle of the book.
      expect(num(quote!.lastDone)).toBeCloseTo((num(depth.bids[0]!.price) + num(depth.asks[0]!.price)) / 2, 6)
      expect(num(quote!.high)).toBeGreaterThanOrEqual(num(quote!.lastDone))
      expect(num(quote!.low)).toBeLessThanOrEqual(num(quote!.lastDone))

      // The day's recent trades lie within the day's range.
      const ticks = yield* StockPlusMarket.trades({ symbol: "NVDA.US", count: 30 })
      expect(ticks.length).toBe(30)
      const times = ticks.map((t) => Number(t.timestamp))
      expect(times).toEqual([...times].sort((x, y) => y - x))
      for (const t of ticks) {
        expect(num(t.price)).toBeLessThanOrEqual(num(quote!.high))
        expect(num(t.price)).toBeGreaterThanOrEqual(num(quote!.low))
      }

      // Daily candles end at today's, whose close is the live price; hours nest in the day.
      const days = (yield* StockPlusMarket.candlestick({ symbol: "NVDA.US", period: "day", count: 5 })).list
      expect(days.length).toBe(5)
      expect(text(days[4]!.close)).toBe(text(quote!.lastDone))
      const opens = days.map((c) => Number(c.timestamp))
      expect(opens.every((t, i) => i === 0 || t - opens[i - 1]! === 86_400_000)).toBe(true)
      const hours = (yield* StockPlusMarket.candlestick({ symbol: "NVDA.US", period: "60m", count: 3 })).list
      expect(Number(hours[2]!.timestamp)).toBeLessThanOrEqual(now)
      expect(text(hours[2]!.close)).toBe(text(quote!.lastDone))

      // The minute line: closes of minute candles, the running average within their range.
      const line = (yield* StockPlusMarket.intraday({ symbol: "NVDA.US" })).list
      expect(line.length).toBe(390)
      expect(Number(line[389]!.timestamp) - Number(line[0]!.timestamp)).toBe(389 * 60_000)
      const prices = line.map((p) => num(p.price))
      const last = line[line.length - 1]!
      expect(num(last.avgPrice)).toBeGreaterThanOrEqual(Math.min(...prices) * 0.999)
      expect(num(last.avgPrice)).toBeLessThanOrEqual(Math.max(...prices) * 1.001)

      // History candles before a time, the candle holding it excluded; forward from it.
      const before = (yield* StockPlusMarket.historyCandlestick({
        symbol: "NVDA.US",
        period: "1m",
        count: 5,
        time: String(now - 3_600_000)
      })).list
      expect(before.length).toBe(5)
      expect(Number(before[4]!.timestamp)).toBeLessThan(now - 3_600_000 - 59_999)
      const after = (yield* StockPlusMarket.historyCandlestick({
        symbol: "NVDA.US",
        period: "1m",
        count: 5,
        forward: true,
        time: String(now - 3_600_000)
      })).list
      expect(Number(after[0]!.timestamp)).toBeGreaterThan(Number(before[4]!.timestamp))
      const unsupported = yield* Effect.flip(StockPlusMarket.candlestick({ symbol: "NVDA.US", period: "7m" }))
      expect(JSON.stringify(unsupported)).toContain("25200")

      // A price move shows in the book and the quote at once.
      const control = yield* Simulator.control<StockPlusControl>("stockPlus")
      control.setPrice("NVDA.US", "190")
      const moved = yield* StockPlusMarket.depth({ symbol: "NVDA.US" })
      expect([text(moved.bids[0]!.price), text(moved.asks[0]!.price)]).toEqual(["189.99", "190.01"])
      control.setPrice("NVDA.US", "181.20")
    })))

  it.effect("static facts, expiries, the chain around the price, option quotes and volumes", () =>
    drive(Effect.gen(function*() {
      const facts = (yield* StockPlusMarket.staticInfo({ symbol: "AAPL.US,TSLA.US" })).list
      expect(facts.map((f) => [f.symbol, f.currency, text(f.lotSize)])).toEqual([
        ["AAPL.US", "USD", "1"],
        ["TSLA.US", "USD", "1"]
      ])
      const { expiryDate } = yield* StockPlusMarket.optionExpiryDate({ symbol: "AAPL.US" })
      expect(expiryDate.length).toBe(4)
      // Fridays.
      for (const d of expiryDate) {
        expect(new Date(`${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T00:00:00Z`).getUTCDay()).toBe(5)
      }
      const chain = (yield* StockPlusMarket.optionChainInfo({ symbol: "AAPL.US", expiryDate: expiryDate[0]! }))
        .strikePriceInfo
      // AAPL at 228.50: strikes 5 apart around 230.
      expect(chain.map((s) => text(s.price))).toEqual(["220", "225", "230", "235", "240"])
      const [itm, otm] = (yield* StockPlusMarket.optionQuote({
        symbol: `${chain[0]!.callSymbol},${chain[4]!.callSymbol}`
      })).secuQuote
      expect(itm!.underlyingSymbol).toBe("AAPL.US")
      expect(itm!.direction).toBe("C")
      // In the money by 8.50: worth more than that, and more than the call 11.50 out of it.
      expect(num(itm!.lastDone)).toBeGreaterThan(8.5)
      expect(num(itm!.lastDone)).toBeGreaterThan(num(otm!.lastDone))
      const volume = yield* StockPlusMarket.optionVolume({ symbol: "AAPL.US" })
      expect(num(volume.c)).toBeGreaterThan(num(volume.p))
      const wrongDay = yield* Effect.flip(
        StockPlusMarket.optionChainInfo({ symbol: "AAPL.US", expiryDate: "20200101" })
      )
      expect(JSON.stringify(wrongDay)).toContain("25200")
    })))
})
