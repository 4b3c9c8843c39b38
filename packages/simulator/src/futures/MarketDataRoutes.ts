/**
 * The futures domain's market data, read from each contract's price path behind its mark price:
 * the order book, candles (market, mark and index), public trades (background tape plus the
 * simulated fills), funding rates, times and history, and open interest (a seeded base plus the
 * simulated positions). The index price sits a constant 0.01% under the mark.
 */
import * as Candles from "@effect-bitget/futures/Candles"
import * as Funding from "@effect-bitget/futures/Funding"
import * as Market from "@effect-bitget/futures/Market"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import { seedOf } from "../Generate.js"
import * as PricePath from "../PricePath.js"
import type { ContractDef } from "./Contracts.js"
import type { Shared } from "./Shared.js"
import { run } from "./Shared.js"
import type { World } from "./World.js"

const time = (ms: number) => DateTime.unsafeMake(ms)
const millis = (value: unknown): number | undefined =>
  value === undefined ? undefined : DateTime.isDateTime(value) ? DateTime.toEpochMillis(value) : Number(value)

/** Hours between funding settlements (00:00, 08:00, 16:00 UTC). */
export const FUNDING_HOURS = 8
const FUNDING = FUNDING_HOURS * PricePath.millis.HOUR
/** Settled funding rates kept: 90 days. */
const FUNDING_HISTORY = 90 * 3
const INDEX_RATIO = BigDecimal.unsafeFromString("0.9999")

const DEPTH: Record<string, number> = { "1": 1, "5": 5, "15": 15, "50": 50, max: 150 }

export const pathOf = (world: World, c: ContractDef, now: number) =>
  PricePath.make(c.symbol, world.mark(c.symbol), now, { price: c.pricePlace, size: c.volumePlace })

export const indexOf = (mark: BigDecimal.BigDecimal, c: ContractDef) =>
  BigDecimal.normalize(
    BigDecimal.round(BigDecimal.multiply(mark, INDEX_RATIO), { scale: c.pricePlace, mode: "half-even" })
  )

export const nextFunding = (now: number) => Math.floor(now / FUNDING) * FUNDING + FUNDING

export const currentRate = (world: World, c: ContractDef, now: number) =>
  c.symbolType === "perpetual"
    ? PricePath.fundingRate(pathOf(world, c, now), now, FUNDING)
    : BigDecimal.unsafeFromString("0")

/** Open interest in base coin: a seeded base around $40M that drifts by the hour, plus the simulated positions. */
export const openInterest = (world: World, c: ContractDef, now: number) => {
  const mark = BigDecimal.unsafeToNumber(world.mark(c.symbol))
  const drift = 0.8 + 0.4 * PricePath.unit(seedOf(c.symbol), Math.floor(now / PricePath.millis.HOUR))
  let size = PricePath.round((40_000_000 * drift) / mark, c.volumePlace)
  for (const p of world.positions.values()) {
    if (p.symbol === c.symbol && p.holdSide === "long") size = BigDecimal.sum(size, p.total)
  }
  return size
}

export const routes = (shared: Shared): ReadonlyArray<Route> => {
  const { world, byProductType } = shared

  const candles = (
    request: {
      symbol: string
      productType: string
      granularity: string
      startTime?: unknown
      endTime?: unknown
      limit?: number | undefined
    },
    kind: "MARKET" | "MARK" | "INDEX",
    max: number,
    now: number
  ) =>
    run(() => {
      const c = world.contract(request.symbol, request.productType)
      const path = pathOf(world, c, now)
      const end = Math.min(millis(request.endTime) ?? now, now)
      const start = Math.max(millis(request.startTime) ?? 0, now - PricePath.reach(request.granularity))
      const span = PricePath.granularityMillis(request.granularity)
      const opens = PricePath.candleOpens(request.granularity, start, end, Math.min(request.limit ?? 100, max))
      const scale = (value: BigDecimal.BigDecimal) => kind === "INDEX" ? indexOf(value, c) : value
      const first = Math.min(...opens)
      // The market candles hold the accounts' fills (trades on the tape); mark and index do not trade.
      const fills = kind !== "MARKET" ? [] : world.fills
        .filter((f) => f.symbol === c.symbol && f.cTime >= first && f.cTime <= end)
        .map((f) => ({ time: f.cTime, price: f.price }))
      return opens.map((open, i) => {
        const next = span === 0 ? (opens[i + 1] ?? now) - open : span
        const k = PricePath.including(PricePath.candle(path, open, next, now), next, fills)
        // Mark and index candles carry no volume.
        const traded = kind === "MARKET"
        return {
          ts: time(k.ts),
          open: scale(k.open),
          high: scale(k.high),
          low: scale(k.low),
          close: scale(k.close),
          baseVolume: traded ? k.baseVolume : BigDecimal.unsafeFromString("0"),
          quoteVolume: traded ? k.quoteVolume : BigDecimal.unsafeFromString("0")
        }
      })
    })

  const trades = (c: ContractDef, range: PricePath.Range, now: number) => {
    const own = world.fills.filter((f) => f.symbol === c.symbol && f.tradeScope === "taker")
    return PricePath.publicTrades(pathOf(world, c, now), own, range, now).map((t) => ({
      tradeId: t.tradeId,
      price: t.price,
      size: t.size,
      side: t.side,
      ts: time(t.ts),
      symbol: c.symbol
    }))
  }

  const fundRate = (c: ContractDef, now: number) => ({
    symbol: c.symbol,
    fundingRate: currentRate(world, c, now),
    fundingRateInterval: BigDecimal.fromBigInt(BigInt(FUNDING_HOURS)),
    nextUpdate: time(nextFunding(now)),
    minFundingRate: BigDecimal.unsafeFromString("-0.003"),
    maxFundingRate: BigDecimal.unsafeFromString("0.003")
  })

  const ticker = (c: ContractDef, now: number) => {
    const mark = world.mark(c.symbol)
    const path = pathOf(world, c, now)
    const day = PricePath.day(path, now)
    const top = PricePath.book(path, mark, 1, now)
    const midnight = Math.floor(now / PricePath.millis.DAY) * PricePath.millis.DAY
    const openUtc = path.at(midnight)
    const change = (from: BigDecimal.BigDecimal) =>
      BigDecimal.round(BigDecimal.unsafeDivide(BigDecimal.subtract(mark, from), from), { scale: 4, mode: "half-even" })
    const row: Record<string, unknown> = {
      symbol: c.symbol,
      lastPr: mark,
      askPr: top.asks[0]!.price,
      bidPr: top.bids[0]!.price,
      bidSz: top.bids[0]!.size,
      askSz: top.asks[0]!.size,
      high24h: day.high,
      low24h: day.low,
      ts: time(now),
      change24h: change(day.open),
      baseVolume: day.baseVolume,
      quoteVolume: day.quoteVolume,
      usdtVolume: day.quoteVolume,
      openUtc,
      changeUtc24h: change(openUtc),
      indexPrice: indexOf(mark, c),
      markPrice: mark,
      fundingRate: currentRate(world, c, now),
      holdingAmount: openInterest(world, c, now),
      open24h: day.open
    }
    if (c.deliveryTime !== undefined) {
      row.deliveryTime = time(c.deliveryTime)
      row.deliveryStartTime = time(c.deliveryTime - 90 * PricePath.millis.DAY)
      row.deliveryStatus = "delivery_normal"
    }
    return row as Market.Ticker
  }

  return [
    route(
      Market.TickerOf,
      (request, context) => run(() => [ticker(world.contract(request.symbol, request.productType), context.now)])
    ),
    route(
      Market.Tickers,
      (request, context) => Effect.sync(() => byProductType(request.productType).map((c) => ticker(c, context.now)))
    ),
    route(Market.SymbolPrices, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const mark = world.mark(c.symbol)
        return [{ symbol: c.symbol, price: mark, indexPrice: indexOf(mark, c), markPrice: mark, ts: time(context.now) }]
      })),
    route(Market.MergeDepth, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const mark = world.mark(c.symbol)
        const depth = request.limit === undefined ? 100 : DEPTH[request.limit]!
        const book = PricePath.book(pathOf(world, c, context.now), mark, depth, context.now)
        return {
          asks: book.asks,
          bids: book.bids,
          ts: time(context.now),
          scale: BigDecimal.make(1n, c.pricePlace),
          precision: request.precision ?? "scale0",
          isMaxPrecision: true
        }
      })),
    route(Candles.Candles, (request, context) => candles(request, request.kLineType ?? "MARKET", 1000, context.now)),
    route(Candles.HistoryCandles, (request, context) => candles(request, "MARKET", 200, context.now)),
    route(Candles.HistoryIndexCandles, (request, context) => candles(request, "INDEX", 200, context.now)),
    route(Candles.HistoryMarkCandles, (request, context) => candles(request, "MARK", 200, context.now)),
    route(
      Market.RecentFills,
      (request, context) =>
        run(() =>
          trades(world.contract(request.symbol, request.productType), {
            start: context.now - PricePath.millis.DAY,
            end: context.now,
            below: undefined,
            limit: request.limit ?? 100
          }, context.now)
        )
    ),
    route(Market.FillsHistory, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const end = Math.min(millis(request.endTime) ?? context.now, context.now)
        const start = Math.max(
          millis(request.startTime) ?? end - 7 * PricePath.millis.DAY,
          context.now - 90 * PricePath.millis.DAY
        )
        const below = request.idLessThan === undefined || request.idLessThan === ""
          ? undefined
          : BigInt(request.idLessThan)
        return trades(c, { start, end, below, limit: request.limit ?? 500 }, context.now)
      })),
    route(Market.OpenInterest, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        return {
          openInterestList: [{ symbol: c.symbol, size: openInterest(world, c, context.now) }],
          ts: time(context.now)
        }
      })),
    route(Funding.FundingTime, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        return [{
          symbol: c.symbol,
          nextFundingTime: time(nextFunding(context.now)),
          ratePeriod: BigDecimal.fromBigInt(BigInt(FUNDING_HOURS))
        }]
      })),
    route(Funding.CurrentFundRates, (request, context) =>
      run(() => {
        if (request.symbol !== undefined) {
          return [fundRate(world.contract(request.symbol, request.productType), context.now)]
        }
        return byProductType(request.productType).filter((c) => c.symbolType === "perpetual").map((c) =>
          fundRate(c, context.now)
        )
      })),
    route(Funding.HistoryFundRate, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const path = pathOf(world, c, context.now)
        const size = request.pageSize ?? 20
        const first = ((request.pageNo ?? 1) - 1) * size
        const last = nextFunding(context.now) - FUNDING
        const rows = []
        for (let i = first; i < Math.min(first + size, FUNDING_HISTORY); i++) {
          const at = last - i * FUNDING
          rows.push({ symbol: c.symbol, fundingRate: PricePath.fundingRate(path, at, FUNDING), fundingTime: time(at) })
        }
        return rows
      }))
  ]
}
