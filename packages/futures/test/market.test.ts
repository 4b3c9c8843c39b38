import * as Candles from "@effect-bitget/futures/Candles"
import * as DeliverySymbol from "@effect-bitget/futures/DeliverySymbol"
import * as Funding from "@effect-bitget/futures/Funding"
import * as LongShort from "@effect-bitget/futures/LongShort"
import * as Market from "@effect-bitget/futures/Market"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { describe, expect, it, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

layer(Env, { excludeTestServices: true })("futures market", (it) => {
  it.effect("contracts per product type, demo ones in lower case", () =>
    Effect.gen(function*() {
      const usdt = yield* Market.contracts({ productType: "USDT-FUTURES" })
      expect(usdt.map((c) => c.symbol)).toContain("BTCUSDT")
      const btc = usdt.find((c) => c.symbol === "BTCUSDT")!
      expect(btc.supportMarginCoins).toEqual(["USDT"])
      expect(btc.deliveryTime).toBeUndefined()
      const demo = yield* Market.contracts({ productType: "susdt-futures" })
      expect(demo.map((c) => c.symbol)).toContain("SBTCSUSDT")
      expect(demo.every((c) => c.supportMarginCoins.every((coin) => coin.startsWith("S")))).toBe(true)
      const coin = yield* Market.contracts({ productType: "COIN-FUTURES" })
      const delivery = coin.filter((c) => c.symbolType === "delivery")
      expect(delivery.length).toBe(2)
      expect(delivery.every((c) => DeliverySymbol.isDelivery(c.symbol) && c.deliveryTime !== undefined)).toBe(true)
    }))

  it.effect("tickers, prices and the mark price the domain moves", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<FuturesControl>("futures")
      control.setMarkPrice("ETHUSDT", "3100.5")
      const [ticker] = yield* Market.ticker({ symbol: "ETHUSDT", productType: "USDT-FUTURES" })
      expect(BigDecimal.format(ticker!.markPrice!)).toBe("3100.5")
      const all = yield* Market.tickers({ productType: "USDC-FUTURES" })
      expect(all.map((t) => t.symbol)).toEqual(["BTCPERP", "ETHPERP"])
      control.tick(2)
      const [price] = yield* Market.symbolPrice({ symbol: "ETHUSDT", productType: "USDT-FUTURES" })
      // 3100.5 × 1.002 = 3106.70, × 1.001 = 3109.80 (2 decimals each step)
      expect(BigDecimal.format(price!.markPrice)).toBe("3109.8")
    }))

  it.effect("every other market endpoint answers and decodes", () =>
    Effect.gen(function*() {
      const req = { symbol: "BTCUSDT", productType: "USDT-FUTURES" } as const
      expect((yield* Market.vipFeeRate()).length).toBeGreaterThanOrEqual(0)
      yield* Market.mergeDepth({ ...req, limit: "15", precision: "scale0" })
      yield* Market.fills({ ...req, limit: 50 })
      yield* Market.openInterest(req)
      yield* Market.queryPositionLever(req)
      yield* Funding.fundingTime(req)
      yield* Funding.currentFundRate(req)
      yield* Funding.historyFundRate(req)
      yield* Market.fillsHistory(req)
      const candles = yield* Candles.candles({ ...req, granularity: "1m", kLineType: "MARK" })
      expect(candles.length).toBeGreaterThan(0)
      expect(candles[0]!.ts).toBeDefined()
      yield* Candles.historyCandles({ ...req, granularity: "1H" })
      yield* Candles.historyIndexCandles({ ...req, granularity: "1H" })
      yield* Candles.historyMarkCandles({ ...req, granularity: "1H" })
      yield* LongShort.longShort({ symbol: "BTCUSDT", period: "1h" })
      yield* LongShort.positionLongShort({ symbol: "BTCUSDT" })
    }))

  it.effect("streams: history fund rate by page, candles back in time, trades across 7-day windows", () =>
    Effect.gen(function*() {
      const req = { symbol: "BTCUSDT", productType: "USDT-FUTURES" } as const
      const rates = Chunk.toReadonlyArray(yield* Funding.historyFundRate.items(req).pipe(Stream.runCollect))
      // 90 days of settlements every 8 hours, newest first: pages of 100, 100 and 70.
      expect(rates.length).toBe(270)
      const settled = rates.map((r) => DateTime.toEpochMillis(r.fundingTime))
      for (let i = 1; i < settled.length; i++) expect(settled[i - 1]! - settled[i]!).toBe(8 * 3_600_000)
      expect(rates.every((r) => Math.abs(BigDecimal.unsafeToNumber(r.fundingRate)) <= 0.003)).toBe(true)
      const pages = yield* Funding.historyFundRate.pages(req).pipe(Stream.runCount)
      expect(pages).toBe(3)
      const candles = Chunk.toReadonlyArray(
        yield* Candles.historyCandles.items({ ...req, granularity: "1D" }).pipe(Stream.runCollect)
      )
      const times = candles.map((c) => DateTime.toEpochMillis(c.ts))
      expect(new Set(times).size).toBe(times.length)
      // Daily candles reach three years back: several pages of 200.
      expect(times.length).toBeGreaterThanOrEqual(1095)
      expect(
        candles.every((c) =>
          BigDecimal.lessThanOrEqualTo(c.low, c.open) && BigDecimal.greaterThanOrEqualTo(c.high, c.close)
        )
      ).toBe(true)
      const simulator = yield* Simulator.Simulator
      const start = DateTime.unsafeMake(simulator.anchor - 20 * 86_400_000)
      const trades = Chunk.toReadonlyArray(
        yield* Market.fillsHistory.items({ ...req, startTime: start, endTime: DateTime.unsafeMake(simulator.anchor) })
          .pipe(Stream.runCollect)
      )
      const ids = trades.map((t) => t.tradeId)
      expect(new Set(ids).size).toBe(ids.length)
      expect(trades.length).toBeGreaterThan(1000)
      expect(trades.every((t) => DateTime.toEpochMillis(t.ts) >= simulator.anchor - 20 * 86_400_000)).toBe(true)
    }))
})

layer(Simulator.layerClient({ limiter: "fail" }).pipe(Layer.provideMerge(Simulator.layer())), {
  excludeTestServices: true
})("futures market limits", (it) => {
  it.effect("the long/short ratio queries hold 1 request per second per IP", () =>
    Effect.gen(function*() {
      yield* LongShort.longShort({ symbol: "BTCUSDT" })
      const second = yield* Effect.flip(LongShort.longShort({ symbol: "BTCUSDT" }))
      expect(second._tag).toBe("RateLimitError")
      yield* LongShort.positionLongShort({ symbol: "ETHUSDT" })
      const again = yield* Effect.flip(LongShort.positionLongShort({ symbol: "ETHUSDT" }))
      expect(again._tag === "RateLimitError" && again.source === "local").toBe(true)
    }))
})

describe("local rules", () => {
  const Client = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
  it.effect("an unknown long/short period fails locally", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(LongShort.longShort({ symbol: "BTCUSDT", period: "3m" as any }))
      expect(error._tag).toBe("InvalidRequest")
    }).pipe(Effect.provide(Client)))
  it.effect("a depth limit outside the tiers fails locally", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Market.mergeDepth({ symbol: "BTCUSDT", productType: "USDT-FUTURES", limit: "100" as any })
      )
      expect(error._tag).toBe("InvalidRequest")
    }).pipe(Effect.provide(Client)))
})

describe("delivery symbols", () => {
  it("parses, builds and lists quarters", () => {
    expect(DeliverySymbol.parse("BTCUSDZ25")).toEqual({ pair: "BTCUSD", month: 12, year: 2025 })
    expect(DeliverySymbol.make({ pair: "ETHUSD", month: 3, year: 2026 })).toBe("ETHUSDH26")
    expect(DeliverySymbol.quarterCodes).toEqual(["H", "M", "U", "Z"])
    expect(DeliverySymbol.nextQuarters("BTCUSD", new Date("2025-10-01T00:00:00Z"))).toEqual(["BTCUSDZ25", "BTCUSDH26"])
    expect(DeliverySymbol.nextQuarters("BTCUSD", new Date("2025-12-15T00:00:00Z"), 3)).toEqual([
      "BTCUSDH26",
      "BTCUSDM26",
      "BTCUSDU26"
    ])
    expect(DeliverySymbol.isDelivery("BTCUSD")).toBe(false)
  })
})
