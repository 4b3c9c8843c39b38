import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

layer(Env, { excludeTestServices: true })("spot market", (it) => {
  it.effect("coins, symbols, VIP fee rates and tickers decode", () =>
    Effect.gen(function*() {
      const coins = yield* Spot.Market.coins()
      expect(coins.length).toBeGreaterThan(0)
      expect(typeof coins[0]!.transfer).toBe("boolean")
      const symbols = yield* Spot.Market.symbols({ symbol: "BTCUSDT" })
      expect(symbols.length).toBeGreaterThan(0)
      expect(typeof symbols[0]!.pricePrecision).toBe("number")
      const tiers = yield* Spot.Market.vipFeeRates()
      expect(tiers.every((tier) => Number.isInteger(tier.level))).toBe(true)
      const tickers = yield* Spot.Market.tickers({ symbol: "BTCUSDT" })
      expect(Array.isArray(tickers)).toBe(true)
      expect(BigDecimal.isBigDecimal(tickers[0]!.lastPr)).toBe(true)
    }))

  it.effect("order book levels are named price/size pairs", () =>
    Effect.gen(function*() {
      const book = yield* Spot.Market.orderBook({ symbol: "BTCUSDT", limit: 5 })
      expect(book.asks.length).toBeGreaterThan(0)
      expect(BigDecimal.isBigDecimal(book.asks[0]!.price)).toBe(true)
      expect(BigDecimal.isBigDecimal(book.bids[0]!.size)).toBe(true)
      expect(book.asks).toHaveLength(5)
      const most = yield* Spot.Market.orderBook({ symbol: "BTCUSDT", limit: 150 })
      expect(most.bids).toHaveLength(150)
      const some = yield* Spot.Market.orderBook({ symbol: "BTCUSDT", limit: 20 })
      expect(some.bids).toHaveLength(20)
    }))

  it.effect("limit is 1 to 150 (Bitget's orderbook page; the tiers are merge-depth's): 0 and 151 fail locally", () =>
    Effect.gen(function*() {
      for (const limit of [0, 151, 1.5]) {
        const error = yield* Spot.Market.orderBook({ symbol: "BTCUSDT", limit }).pipe(Effect.flip)
        expect(error._tag).toBe("InvalidRequest")
        expect((error as { reason?: string }).reason).toMatch(/^limit: /)
      }
      const one = yield* Spot.Market.orderBook({ symbol: "BTCUSDT", limit: 1 })
      expect(one.asks).toHaveLength(1)
    }))

  it.effect("candles decode to named objects", () =>
    Effect.gen(function*() {
      const rows = yield* Spot.Market.candles({ symbol: "BTCUSDT", granularity: "1min", limit: 10 })
      expect(rows.length).toBe(10)
      const candle = rows[0]!
      expect(DateTime.isDateTime(candle.ts)).toBe(true)
      for (const key of ["open", "high", "low", "close", "baseVolume", "usdtVolume", "quoteVolume"] as const) {
        expect(BigDecimal.isBigDecimal(candle[key])).toBe(true)
      }
    }))

  it.effect("history candles stream walks back by endTime without duplicates or gaps", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const all = yield* Spot.Market.historyCandles.items({
        symbol: "BTCUSDT",
        granularity: "1day",
        endTime: DateTime.unsafeMake(sim.anchor)
      }).pipe(Stream.runCollect)
      const times = Chunk.toReadonlyArray(all).map((c) => DateTime.toEpochMillis(c.ts))
      // Daily candles reach three years back in the simulator: six pages of at most 200, each day once.
      expect(times.length).toBeGreaterThanOrEqual(1095)
      expect(times.length).toBeLessThanOrEqual(1096)
      expect(new Set(times).size).toBe(times.length)
      const sorted = [...new Set(times)].sort((a, b) => b - a)
      for (let i = 1; i < sorted.length; i++) expect(sorted[i - 1]! - sorted[i]!).toBe(86_400_000)
      expect(sim.anchor - sorted[0]!).toBeLessThan(86_400_000)
    }))

  it.effect("candles pages stream across several pages", () =>
    Effect.gen(function*() {
      const pages = yield* Spot.Market.candles.pages({ symbol: "BTCUSDT", granularity: "4h", limit: 400 }).pipe(
        Stream.runCollect
      )
      const rows = Chunk.toReadonlyArray(pages).flat()
      expect(Chunk.size(pages)).toBe(4)
      const times = rows.map((c) => DateTime.toEpochMillis(c.ts))
      expect(new Set(times).size).toBe(times.length)
      // 4-hour candles reach 240 days back (Bitget's documented reach): 6 a day.
      expect(times.length).toBeGreaterThanOrEqual(1440)
      expect(times.length).toBeLessThanOrEqual(1441)
    }))

  it.effect("recent fills and fills history (cursor and 7-day windows)", () =>
    Effect.gen(function*() {
      const recent = yield* Spot.Market.recentFills({ symbol: "BTCUSDT", limit: 100 })
      expect(Array.isArray(recent)).toBe(true)
      const sim = yield* Simulator.Simulator
      const trades = yield* Spot.Market.fillsHistory.items({
        symbol: "BTCUSDT",
        startTime: DateTime.unsafeMake(sim.anchor - 21 * 86_400_000),
        endTime: DateTime.unsafeMake(sim.anchor)
      }).pipe(Stream.runCollect)
      const rows = Chunk.toReadonlyArray(trades)
      const ids = rows.map((t) => t.tradeId)
      expect(new Set(ids).size).toBe(ids.length)
      // The background tape trades once a minute: three 7-day windows, no trade skipped between pages.
      expect(ids.length).toBeGreaterThanOrEqual(21 * 1440 - 1)
      const times = rows.map((t) => DateTime.toEpochMillis(t.ts)).sort((a, b) => a - b)
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeLessThan(120_000)
    }))

  it.effect("a fills-history range longer than 7 days fails locally on a single call", () =>
    Effect.gen(function*() {
      const error = yield* Spot.Market.fillsHistory({
        symbol: "BTCUSDT",
        startTime: DateTime.unsafeMake(0),
        endTime: DateTime.unsafeMake(8 * 86_400_000)
      }).pipe(Effect.flip)
      expect(error._tag).toBe("InvalidRequest")
    }))

  it.effect("recent fills limit above 500 fails locally", () =>
    Effect.gen(function*() {
      const error = yield* Spot.Market.recentFills({ symbol: "BTCUSDT", limit: 501 }).pipe(Effect.flip)
      expect(error._tag).toBe("InvalidRequest")
    }))
})
