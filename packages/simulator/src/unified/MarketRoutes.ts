/**
 * V3 market routes, read from the same state as V2's: spot (and margin) pairs from the spot
 * world's prices, fills and price paths; futures contracts from the futures world's marks,
 * fills and paths. A BTCUSDT trade on V2's tape is on V3's, and a moved price moves both.
 * Endpoints without a route here get generated, schema-valid answers.
 */
import * as Candles from "@effect-bitget/unified/Candles"
import * as Funding from "@effect-bitget/unified/Funding"
import * as Instruments from "@effect-bitget/unified/Instruments"
import * as Market from "@effect-bitget/unified/Market"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Domain from "../Domain.js"
import type { ContractDef } from "../futures/Contracts.js"
import * as FuturesMarket from "../futures/MarketDataRoutes.js"
import * as PricePath from "../PricePath.js"
import { reject } from "../Rejection.js"
import * as Pairs from "../spot/Pairs.js"
import type { UnifiedControl } from "./UnifiedDomain.js"

type BD = BigDecimal.BigDecimal
const time = (ms: number) => DateTime.unsafeMake(ms)
const dec = (value: string) => BigDecimal.unsafeFromString(value)
const ZERO = dec("0")
const millis = (value: unknown): number | undefined =>
  value === undefined ? undefined : DateTime.isDateTime(value) ? DateTime.toEpochMillis(value) : Number(value)

/** One symbol of a category: its price path, live price and public fills, from the world that trades it. */
interface Venue {
  readonly symbol: string
  readonly category: string
  readonly live: BD
  readonly path: PricePath.Path
  readonly own: ReadonlyArray<{ price: BD; size: BD; side: "buy" | "sell"; cTime: number }>
  readonly contract: ContractDef | undefined
}

const notFound = (symbol: string) => reject("25100", `The trading pair ${symbol} does not exist`)

export const routes = (control: UnifiedControl): ReadonlyArray<Domain.Route> => {
  const { futures, spot } = control

  const spotMarket = (pair: Pairs.PairDef, category: string, now: number): Venue => {
    const live = spot.prices.get(pair.symbol)!
    return {
      symbol: pair.symbol,
      category,
      live,
      path: PricePath.make(pair.symbol, live, now, { price: pair.pricePrecision, size: pair.quantityPrecision }),
      own: spot.fills.filter((f) => f.symbol === pair.symbol),
      contract: undefined
    }
  }

  const futuresMarket = (c: ContractDef, now: number): Venue => ({
    symbol: c.symbol,
    category: c.productType,
    live: futures.mark(c.symbol),
    path: FuturesMarket.pathOf(futures, c, now),
    own: futures.fills.filter((f) => f.symbol === c.symbol && f.tradeScope === "taker"),
    contract: c
  })

  const isSpot = (category: string) => category === "SPOT" || category === "MARGIN"

  const contracts = (category: string) => [...futures.contracts.values()].filter((c) => c.productType === category)

  /** Every market of a category, or the one named. */
  const markets = (category: string, symbol: string | undefined, now: number) => {
    if (isSpot(category)) {
      const pairs = symbol === undefined ? Pairs.pairs : [Pairs.bySymbol.get(symbol.toUpperCase())]
      if (pairs.some((p) => p === undefined)) return notFound(symbol!)
      return Effect.succeed(pairs.map((p) => spotMarket(p!, category, now)))
    }
    const list = contracts(category).filter((c) => symbol === undefined || c.symbol === symbol.toUpperCase())
    return list.length === 0 && symbol !== undefined
      ? notFound(symbol)
      : Effect.succeed(list.map((c) => futuresMarket(c, now)))
  }

  const one = (category: string, symbol: string, now: number) =>
    Effect.map(markets(category, symbol, now), (list) => list[0]!)

  const ticker = (m: Venue, now: number): Market.Ticker => {
    const day = PricePath.day(m.path, now)
    const top = PricePath.book(m.path, m.live, 1, now)
    const change = BigDecimal.round(BigDecimal.unsafeDivide(BigDecimal.subtract(m.live, day.open), day.open), {
      scale: 4,
      mode: "half-even"
    })
    const c = m.contract
    return {
      category: m.category,
      symbol: m.symbol,
      lastPrice: m.live,
      openPrice24h: day.open,
      highPrice24h: day.high,
      lowPrice24h: day.low,
      ask1Price: top.asks[0]!.price,
      bid1Price: top.bids[0]!.price,
      ask1Size: top.asks[0]!.size,
      bid1Size: top.bids[0]!.size,
      price24hPcnt: change,
      volume24h: day.baseVolume,
      turnover24h: day.quoteVolume,
      ts: time(now),
      ...(c === undefined ? {} : {
        indexPrice: FuturesMarket.indexOf(m.live, c),
        markPrice: m.live,
        fundingRate: FuturesMarket.currentRate(futures, c, now),
        openInterest: FuturesMarket.openInterest(futures, c, now),
        ...(c.deliveryTime === undefined ? {} : {
          deliveryTime: time(c.deliveryTime),
          deliveryStartTime: time(c.deliveryTime - 90 * PricePath.millis.DAY),
          deliveryStatus: "delivery_normal"
        })
      })
    }
  }

  const candles = (request: typeof Candles.Candles.request.Type, max: number, now: number) =>
    Effect.map(one(request.category, request.symbol, now), (m) => {
      const end = Math.min(millis(request.endTime) ?? now, now)
      const start = Math.max(millis(request.startTime) ?? 0, now - PricePath.reach(request.interval))
      const span = PricePath.granularityMillis(request.interval)
      const opens = PricePath.candleOpens(request.interval, start, end, Math.min(request.limit ?? 100, max))
      const kind = request.type ?? "market"
      const scale = (value: BD) =>
        kind === "index" && m.contract !== undefined ? FuturesMarket.indexOf(value, m.contract) : value
      return opens.map((open) => {
        const k = PricePath.candle(m.path, open, span, now)
        // Only traded candles carry volume.
        const traded = kind === "market"
        return {
          ts: time(k.ts),
          open: scale(k.open),
          high: scale(k.high),
          low: scale(k.low),
          close: scale(k.close),
          volume: traded ? k.baseVolume : ZERO,
          turnover: traded ? k.quoteVolume : ZERO
        }
      })
    })

  const spotInstrument = (pair: Pairs.PairDef, category: string): Instruments.Instrument => ({
    symbol: pair.symbol,
    category,
    baseCoin: pair.baseCoin,
    quoteCoin: pair.quoteCoin,
    symbolType: "crypto",
    isReality: false,
    buyLimitPriceRatio: dec("0.05"),
    sellLimitPriceRatio: dec("0.05"),
    minOrderQty: dec(pair.minTradeAmount),
    maxOrderQty: dec(pair.maxTradeAmount),
    minOrderAmount: dec(pair.minTradeUSDT),
    pricePrecision: pair.pricePrecision,
    quantityPrecision: pair.quantityPrecision,
    quotePrecision: pair.quotePrecision,
    maxSymbolOrderNum: 200,
    maxProductOrderNum: 400,
    status: "online",
    offTime: "-1",
    limitOpenTime: "-1",
    ...(category === "MARGIN" ? { maxCrossedLeverage: dec("5"), maxIsolatedLeverage: dec("10") } : {})
  })

  const futuresInstrument = (c: ContractDef): Instruments.Instrument => ({
    symbol: c.symbol,
    category: c.productType,
    baseCoin: c.baseCoin,
    quoteCoin: c.quoteCoin,
    symbolType: "crypto",
    isRwa: false,
    minOrderQty: dec(c.minTradeNum),
    maxOrderQty: dec("1000000"),
    maxMarketOrderQty: dec("100000"),
    minOrderAmount: dec("5"),
    pricePrecision: c.pricePlace,
    quantityPrecision: c.volumePlace,
    maxSymbolOrderNum: 200,
    maxProductOrderNum: 400,
    maxPositionNum: 150,
    status: "online",
    offTime: "-1",
    limitOpenTime: "-1",
    type: c.symbolType,
    makerFeeRate: dec("0.0002"),
    takerFeeRate: dec("0.0006"),
    fundInterval: FuturesMarket.FUNDING_HOURS,
    minLeverage: dec("1"),
    maxLeverage: dec("125"),
    ...(c.deliveryTime === undefined ? {} : { deliveryTime: time(c.deliveryTime) })
  })

  return [
    Domain.route(Market.ServerTime, (_, context) => Effect.succeed({ serverTime: time(context.now) })),
    Domain.route(
      Market.Tickers,
      (request, context) =>
        Effect.map(
          markets(request.category, request.symbol, context.now),
          (list) => list.map((m) => ticker(m, context.now))
        )
    ),
    Domain.route(
      Market.OrderBookDepth,
      (request, context) =>
        Effect.map(one(request.category, request.symbol, context.now), (m) => {
          // 1 to 200 a side, default 5 (https://www.bitget.com/api-doc/uta/public/OrderBook).
          const book = PricePath.book(m.path, m.live, request.limit ?? 5, context.now)
          return { a: book.asks, b: book.bids, ts: time(context.now) }
        })
    ),
    Domain.route(
      Market.RpiOrderBook,
      (request, context) =>
        Effect.map(one(request.category, request.symbol, context.now), (m) => {
          const book = PricePath.book(m.path, m.live, request.limit ?? 5, context.now)
          const rpi = (level: { price: BD; size: BD }) => ({ ...level, rpiSize: ZERO })
          return { a: book.asks.map(rpi), b: book.bids.map(rpi), ts: time(context.now) }
        })
    ),
    Domain.route(
      Market.Fills,
      (request, context) =>
        Effect.map(one(request.category, request.symbol, context.now), (m) =>
          PricePath.publicTrades(m.path, m.own, {
            start: context.now - PricePath.millis.DAY,
            end: context.now,
            below: undefined,
            limit: request.limit ?? 100
          }, context.now).map((t) => ({
            execId: t.tradeId,
            price: t.price,
            size: t.size,
            side: t.side,
            ts: time(t.ts),
            isRPI: false
          })))
    ),
    Domain.route(Candles.Candles, (request, context) => candles(request, 100, context.now)),
    Domain.route(Candles.HistoryCandles, (request, context) => candles(request, 100, context.now)),
    Domain.route(Instruments.Instruments, (request) => {
      const wanted = request.symbol?.toUpperCase()
      const rows = isSpot(request.category)
        ? Pairs.pairs.filter((p) => wanted === undefined || p.symbol === wanted).map((p) =>
          spotInstrument(p, request.category)
        )
        : contracts(request.category).filter((c) => wanted === undefined || c.symbol === wanted).map(futuresInstrument)
      return rows.length === 0 && wanted !== undefined ? notFound(wanted) : Effect.succeed(rows)
    }),
    Domain.route(Funding.CurrentFundRate, (request, context) => {
      const c = futures.contracts.get(request.symbol.toUpperCase())
      if (c === undefined) return notFound(request.symbol)
      return Effect.succeed([{
        symbol: c.symbol,
        fundingRate: FuturesMarket.currentRate(futures, c, context.now),
        fundingRateInterval: BigDecimal.fromBigInt(BigInt(FuturesMarket.FUNDING_HOURS)),
        nextUpdate: time(FuturesMarket.nextFunding(context.now)),
        minFundingRate: dec("-0.003"),
        maxFundingRate: dec("0.003")
      }])
    }),
    Domain.route(
      Funding.OpenInterest,
      (request, context) =>
        Effect.map(markets(request.category, request.symbol, context.now), (list) => ({
          list: list.map((m) => ({
            symbol: m.symbol,
            openInterest: FuturesMarket.openInterest(futures, m.contract!, context.now)
          })),
          ts: time(context.now)
        }))
    )
  ]
}
