/**
 * V3 market insights read from the one price path of each market (the path candles, tickers and
 * the tape come from), never noise: takers buy a rising bucket (the bucket's volume split by its
 * move), the crowd leans with the trend of the day before each point (long/short ratios, margin
 * loans and borrowing grow in a rising market), and whales net-buy rising days and hours. So an
 * insight agrees with the candles and tickers a client reads at the same moment.
 */
import * as Insights from "@effect-bitget/unified/Insights"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Domain from "../Domain.js"
import * as FuturesMarket from "../futures/MarketDataRoutes.js"
import * as PricePath from "../PricePath.js"
import { reject } from "../Rejection.js"
import * as Pairs from "../spot/Pairs.js"
import type { UnifiedControl } from "./UnifiedDomain.js"

type BD = BigDecimal.BigDecimal
const { DAY, HOUR, MINUTE } = PricePath.millis
const time = (ms: number) => DateTime.unsafeMake(ms)
const fixed = (value: number, places: number) =>
  BigDecimal.normalize(BigDecimal.unsafeFromString(value.toFixed(places)))
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value))

/** Rows of the series answers (go-bitget and bitget-api give no count; 30 like V2's long-short). */
export const POINTS = 30

const PERIOD: Record<string, number> = {
  "5m": 5 * MINUTE,
  "15m": 15 * MINUTE,
  "30m": 30 * MINUTE,
  "1h": HOUR,
  "2h": 2 * HOUR,
  "4h": 4 * HOUR,
  "6h": 6 * HOUR,
  "12h": 12 * HOUR,
  "1d": DAY,
  "24h": HOUR,
  "30d": DAY
}

/** The share of a bucket's volume takers bought: half, tilted by the bucket's move. */
export const buyShare = (move: number) => clamp(0.5 + 25 * move, 0.05, 0.95)

const notFound = (symbol: string) => reject("25100", `The trading pair ${symbol} does not exist`)

export const routes = (control: UnifiedControl): ReadonlyArray<Domain.Route> => {
  const { futures, spot } = control

  const spotPath = (symbol: string, now: number) => {
    const pair = Pairs.bySymbol.get(symbol.toUpperCase())
    if (pair === undefined) return notFound(symbol)
    const live = spot.prices.get(pair.symbol)!
    return Effect.succeed(
      PricePath.make(pair.symbol, live, now, { price: pair.pricePrecision, size: pair.quantityPrecision })
    )
  }
  const futuresPath = (symbol: string, now: number) => {
    const contract = futures.contracts.get(symbol.toUpperCase())
    return contract === undefined ? notFound(symbol) : Effect.succeed(FuturesMarket.pathOf(futures, contract, now))
  }

  /** The relative move of the path from `from` to `to` (both capped at now, where the path is live). */
  const move = (path: PricePath.Path, from: number, to: number, now: number) => {
    const a = path.raw(Math.min(from, now))
    return (path.raw(Math.min(to, now)) - a) / a
  }
  /** The day's trend up to `t`. */
  const trend = (path: PricePath.Path, t: number, now: number) => move(path, t - DAY, t, now)

  /** The open times of the last `count` buckets of `span` ms, oldest first, the last one still open. */
  const buckets = (span: number, count: number, now: number) =>
    Array.from({ length: count }, (_, i) => (Math.floor(now / span) - (count - 1 - i)) * span)

  /** A point's time: its bucket's end, or now for the bucket still open. */
  const pointTime = (open: number, span: number, now: number) => Math.min(open + span, now)

  const takerBuckets = (path: PricePath.Path, period: string | undefined, now: number) => {
    const span = PERIOD[period ?? "5m"]!
    return buckets(span, POINTS, now).map((open) => {
      const candle = PricePath.candle(path, open, span, now)
      const share = buyShare(move(path, open, open + span, now))
      const buy = fixed(BigDecimal.unsafeToNumber(candle.baseVolume) * share, path.sizePlace)
      return { open, candle, buy, sell: BigDecimal.subtract(candle.baseVolume, buy) }
    })
  }

  /** Long share of a crowd that leans `gain` times the day's trend. */
  const ratios = (path: PricePath.Path, period: string | undefined, gain: number, now: number) => {
    const span = PERIOD[period ?? "5m"]!
    return buckets(span, POINTS, now).map((open) => {
      const at = pointTime(open, span, now)
      const long = Number(clamp(0.5 + gain * trend(path, at, now), 0.1, 0.9).toFixed(4))
      const short = Number((1 - long).toFixed(4))
      return { long: fixed(long, 4), short: fixed(short, 4), ratio: fixed(long / short, 4), ts: time(at) }
    })
  }

  /** Margin series: hourly over 24 h, or daily over 30 days. */
  const marginSeries = <A>(
    path: PricePath.Path,
    period: string | undefined,
    now: number,
    value: (dayTrend: number) => A
  ) => {
    const window = period ?? "24h"
    const span = PERIOD[window]!
    return buckets(span, window === "30d" ? 30 : 24, now).map((open) => {
      const at = pointTime(open, span, now)
      return { value: value(trend(path, at, now)), ts: time(at) }
    })
  }

  /** Quote volume a holder class moved in a bucket, signed by the bucket's direction. */
  const netFlows = (path: PricePath.Path, span: number, count: number, now: number, share: number) =>
    buckets(span, count, now).map((open) => {
      const candle = PricePath.candle(path, open, span, now)
      const net = BigDecimal.unsafeToNumber(candle.quoteVolume) * share *
        (2 * buyShare(move(path, open, open + span, now)) - 1)
      return { open, end: pointTime(open, span, now), net: fixed(net, 4) }
    })

  return [
    Domain.route(
      Insights.SpotWhaleFlow,
      (request, context) =>
        Effect.map(
          spotPath(request.symbol, context.now),
          (path) => netFlows(path, DAY, POINTS, context.now, 0.35).map((f) => ({ volume: f.net, date: time(f.open) }))
        )
    ),
    Domain.route(
      Insights.SpotNetFlow,
      (request, context) =>
        Effect.map(
          spotPath(request.symbol, context.now),
          (path) => netFlows(path, HOUR, 24, context.now, 0.35).map((f) => ({ netFlow: f.net, ts: time(f.end) }))
        )
    ),
    Domain.route(
      Insights.SpotFundFlow,
      (request, context) =>
        Effect.map(spotPath(request.symbol, context.now), (path) => {
          const now = context.now
          const span = PERIOD[request.period ?? "15m"]!
          // The quote volume of the 15-minute candles opening in the window, as a client would sum them.
          const quote = PricePath.candleOpens("15m", now - span, now, 200).reduce(
            (sum, open) => sum + BigDecimal.unsafeToNumber(PricePath.candle(path, open, 15 * MINUTE, now).quoteVolume),
            0
          )
          const buy = buyShare(move(path, now - span, now, now))
          // Whales lean harder with the move than dolphins, dolphins than fish.
          const classes = [["whale", 0.35, 1.4], ["dolphin", 0.4, 1], ["fish", 0.25, 0.6]] as const
          const out: Record<string, BD> = {}
          for (const [name, size, lean] of classes) {
            const b = clamp(0.5 + (buy - 0.5) * lean, 0.02, 0.98)
            out[`${name}BuyVolume`] = fixed(quote * size * b, 4)
            out[`${name}SellVolume`] = fixed(quote * size * (1 - b), 4)
            out[`${name}BuyRatio`] = fixed(size * b, 4)
            out[`${name}SellRatio`] = fixed(size * (1 - b), 4)
          }
          return out as unknown as Insights.FundFlow
        })
    ),
    Domain.route(
      Insights.MarginLongShort,
      (request, context) =>
        Effect.map(
          spotPath(request.symbol, context.now),
          (path) =>
            marginSeries(path, request.period, context.now, (t) => fixed(Math.exp(8 * t), 4)).map((p) => ({
              longShortRatio: p.value,
              ts: p.ts
            }))
        )
    ),
    Domain.route(
      Insights.MarginLoanGrowth,
      (request, context) =>
        Effect.map(
          spotPath(request.symbol, context.now),
          (path) =>
            marginSeries(path, request.period, context.now, (t) => fixed(t / 2, 6)).map((p) => ({
              growthRate: p.value,
              ts: p.ts
            }))
        )
    ),
    Domain.route(
      Insights.MarginIsolatedBorrow,
      (request, context) =>
        Effect.map(
          spotPath(request.symbol, context.now),
          (path) =>
            marginSeries(path, request.period, context.now, (t) => fixed(clamp(0.3 + 2 * t, 0.01, 0.99), 4)).map((
              p
            ) => ({ borrowRate: p.value, ts: p.ts }))
        )
    ),
    Domain.route(
      Insights.FuturesActiveBuySell,
      (request, context) =>
        Effect.map(
          futuresPath(request.symbol, context.now),
          (path) =>
            takerBuckets(path, request.period, context.now).map((b) => ({
              buyVolume: b.buy,
              sellVolume: b.sell,
              ts: time(b.open)
            }))
        )
    ),
    Domain.route(
      Insights.FuturesLongShort,
      (request, context) =>
        Effect.map(
          futuresPath(request.symbol, context.now),
          (path) =>
            ratios(path, request.period, 10, context.now).map((r) => ({
              longRatio: r.long,
              shortRatio: r.short,
              longShortRatio: r.ratio,
              ts: r.ts
            }))
        )
    ),
    Domain.route(
      Insights.FuturesPositionLongShort,
      (request, context) =>
        Effect.map(
          futuresPath(request.symbol, context.now),
          (path) =>
            ratios(path, request.period, 6, context.now).map((r) => ({
              longPositionRatio: r.long,
              shortPositionRatio: r.short,
              longShortPositionRatio: r.ratio,
              ts: r.ts
            }))
        )
    ),
    Domain.route(
      Insights.FuturesAccountLongShort,
      (request, context) =>
        Effect.map(
          futuresPath(request.symbol, context.now),
          (path) =>
            ratios(path, request.period, 15, context.now).map((r) => ({
              longAccountRatio: r.long,
              shortAccountRatio: r.short,
              longShortAccountRatio: r.ratio,
              ts: r.ts
            }))
        )
    )
  ]
}
