// One market seen the same way from every endpoint: the live price a test sets is the ticker's
// last price, sits between the book's best bid and ask, closes the newest candle, and is the
// price a market order fills at and the public tape shows.
import * as FuturesCandles from "@effect-bitget/futures/Candles"
import * as FuturesMarket from "@effect-bitget/futures/Market"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Market from "@effect-bitget/spot/Market"
import * as Trade from "@effect-bitget/spot/Trade"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const n = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? NaN : BigDecimal.unsafeToNumber(value)
const HOUR = 3_600_000

layer(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer())), { excludeTestServices: true })(
  "one market from every endpoint",
  (it) => {
    it.effect("spot: a moved price is the ticker's, inside the book, the last close and the fill price", () =>
      Effect.gen(function*() {
        const control = yield* Simulator.control<SpotControl>("spot")
        control.setPrice("ETHUSDT", "3210.5")
        const [ticker] = yield* Market.tickers({ symbol: "ETHUSDT" })
        expect(n(ticker!.lastPr)).toBe(3210.5)
        expect(n(ticker!.low24h) <= 3210.5 && 3210.5 <= n(ticker!.high24h)).toBe(true)
        const book = yield* Market.orderBook({ symbol: "ETHUSDT", limit: 5 })
        expect([n(book.bids[0]!.price), n(book.asks[0]!.price)]).toEqual([n(ticker!.bidPr), n(ticker!.askPr)])
        expect(n(book.bids[0]!.price) < 3210.5 && 3210.5 < n(book.asks[0]!.price)).toBe(true)
        // ETHUSDT's rules: 2 price places, 4 size places.
        for (const level of [...book.bids, ...book.asks]) {
          expect(BigDecimal.normalize(level.price).scale <= 2 && BigDecimal.normalize(level.size).scale <= 4).toBe(true)
        }
        const now = Date.now()
        const candles = yield* Market.candles({
          symbol: "ETHUSDT",
          granularity: "1h",
          startTime: DateTime.unsafeMake(now - 24 * HOUR),
          endTime: DateTime.unsafeMake(now)
        })
        expect(candles.length).toBe(24)
        expect(n(candles[23]!.close)).toBe(3210.5)
        // The 24 h ticker and the hourly candles describe the same path.
        expect(Math.min(...candles.map((c) => n(c.low)))).toBeGreaterThanOrEqual(n(ticker!.low24h) * 0.9999)
        expect(Math.max(...candles.map((c) => n(c.high)))).toBeLessThanOrEqual(n(ticker!.high24h) * 1.0001)

        const placed = yield* Trade.placeOrder({
          symbol: "ETHUSDT",
          side: "sell",
          orderType: "market",
          force: "gtc",
          size: "0.5"
        })
        const [order] = yield* Trade.orderInfo({ orderId: placed.orderId! })
        expect(n(order!.priceAvg)).toBe(3210.5)
        const tape = yield* Market.recentFills({ symbol: "ETHUSDT", limit: 10 })
        expect(tape.some((t) => n(t.price) === 3210.5 && n(t.size) === 0.5)).toBe(true)
        const times = tape.map((t) => DateTime.toEpochMillis(t.ts))
        expect([...times].sort((a, b) => b - a)).toEqual(times)
        // An unknown symbol is refused, not answered with noise.
        const unknown = yield* Effect.flip(Market.tickers({ symbol: "NOPEUSDT" }))
        expect("code" in unknown ? unknown.code : unknown._tag).toBe("40034")
      }))

    it.effect("futures: a moved mark is the ticker's, the symbol price's, the book's centre and the last close", () =>
      Effect.gen(function*() {
        const control = yield* Simulator.control<FuturesControl>("futures")
        control.setMarkPrice("ETHUSDT", "3333.33")
        const req = { symbol: "ETHUSDT", productType: "USDT-FUTURES" } as const
        const [ticker] = yield* FuturesMarket.ticker(req)
        const [price] = yield* FuturesMarket.symbolPrice(req)
        expect([n(ticker!.lastPr), n(ticker!.markPrice), n(price!.markPrice)]).toEqual([3333.33, 3333.33, 3333.33])
        expect(n(price!.indexPrice) < 3333.33 && n(price!.indexPrice) > 3333.33 * 0.999).toBe(true)
        const book = yield* FuturesMarket.mergeDepth({ ...req, limit: "5" })
        expect(n(book.bids[0]!.price) < 3333.33 && 3333.33 < n(book.asks[0]!.price)).toBe(true)
        const candles = yield* FuturesCandles.candles({ ...req, granularity: "1H", limit: 3 })
        expect(n(candles[2]!.close)).toBe(3333.33)
        const index = yield* FuturesCandles.historyIndexCandles({ ...req, granularity: "1H", limit: 3 })
        expect(n(index[2]!.close)).toBe(n(price!.indexPrice))
      }))
  }
)
