/**
 * Futures candles: recent (`candles`, with a `kLineType` of market, mark or index price) and
 * history (`history-candles`, `history-index-candles`, `history-mark-candles`). Rows arrive
 * as arrays of 7 strings `[ts, open, high, low, close, baseVolume, quoteVolume]` (one fewer
 * than spot) and decode to named fields. Streams walk back in time from `endTime`.
 */
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { ProductType } from "./Schemas.js"

/** Candle periods of the futures line (spot spells them differently). */
export const Granularity = Schema.Literal(
  "1m",
  "3m",
  "5m",
  "15m",
  "30m",
  "1H",
  "4H",
  "6H",
  "12H",
  "1D",
  "3D",
  "1W",
  "1M",
  "6Hutc",
  "12Hutc",
  "1Dutc",
  "3Dutc",
  "1Wutc",
  "1Mutc"
)
export type Granularity = typeof Granularity.Type

const CandleFields = Schema.Struct({
  ts: Schema.typeSchema(Timestamp),
  open: Schema.typeSchema(Decimal),
  high: Schema.typeSchema(Decimal),
  low: Schema.typeSchema(Decimal),
  close: Schema.typeSchema(Decimal),
  /** Volume in base coin. */
  baseVolume: Schema.typeSchema(Decimal),
  /** Volume in quote coin. */
  quoteVolume: Schema.typeSchema(Decimal)
})

/** One candle; decoded from its 7-column row (extra columns, should they appear, are ignored). */
export const Candle = Schema.transform(
  Schema.Tuple([Timestamp, Decimal, Decimal, Decimal, Decimal, Decimal, Decimal], Schema.Unknown),
  CandleFields,
  {
    strict: false,
    decode: ([ts, open, high, low, close, baseVolume, quoteVolume]) => ({
      ts,
      open,
      high,
      low,
      close,
      baseVolume,
      quoteVolume
    }),
    encode: (c) => [c.ts, c.open, c.high, c.low, c.close, c.baseVolume, c.quoteVolume] as const
  }
)
export interface Candle extends Schema.Schema.Type<typeof Candle> {}

export const HistoryCandlesRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  granularity: Granularity,
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize)
})
export interface HistoryCandlesRequest extends Schema.Schema.Type<typeof HistoryCandlesRequest> {}

const walkBack = (max: number, page: string) => ({
  cursor: Pagination.before("ts"),
  // The exchange caps a page below `max` at coarse granularities (90 days of bars: 1D gives 90;
  // ccxt's swap.maxLimitPerTimeframe, shared/reference/pagination-audit.md rows 16-19).
  limit: { param: "limit", max, default: 100, source: "https://www.bitget.com/api-doc/contract/market/" + page },
  window: Pagination.window("90 days", "ts")
})

export const CandlesRequest = Schema.Struct({
  ...HistoryCandlesRequest.fields,
  kLineType: Schema.optional(Schema.Literal("MARKET", "MARK", "INDEX"))
})
export interface CandlesRequest extends Schema.Schema.Type<typeof CandlesRequest> {}

export const Candles = Endpoint.list("/api/v2/mix/market/candles", {
  name: "futures.candles.candles",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<CandlesRequest>()(CandlesRequest),
  data: Schema.Array(Named.as<Candle>()(Candle)),
  pagination: walkBack(1000, "Get-Candle-Data")
})
/**
 * `GET /api/v2/mix/market/candles`: recent candles, oldest first; at most 1000 a page, a range of
 * at most 90 days (how far back depends on the granularity: 1m about a month). `kLineType` picks
 * market (default), mark or index prices. 20/s per IP.
 * Streams (`.pages`, `.items`): cursor `endTime` ← oldest `ts` − 1; at most 1000 a page (`limit`, 100 when omitted);
 * one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const candles = Operation.make(Candles)

export const HistoryCandles = Endpoint.list("/api/v2/mix/market/history-candles", {
  name: "futures.candles.historyCandles",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<HistoryCandlesRequest>()(HistoryCandlesRequest),
  data: Schema.Array(Named.as<Candle>()(Candle)),
  pagination: walkBack(200, "Get-History-Candle-Data")
})
/**
 * `GET /api/v2/mix/market/history-candles`: older market-price candles; at most 200 a page, 90-day
 * ranges. 20/s per IP.
 * Streams (`.pages`, `.items`): cursor `endTime` ← oldest `ts` − 1; at most 200 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const historyCandles = Operation.make(HistoryCandles)

export const HistoryIndexCandles = Endpoint.list("/api/v2/mix/market/history-index-candles", {
  name: "futures.candles.historyIndexCandles",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<HistoryCandlesRequest>()(HistoryCandlesRequest),
  data: Schema.Array(Named.as<Candle>()(Candle)),
  pagination: walkBack(200, "Get-History-Index-Candle-Data")
})
/**
 * `GET /api/v2/mix/market/history-index-candles`: older index-price candles; at most 200 a page.
 * 20/s per IP. Ranges of at most 90 days.
 * Streams (`.pages`, `.items`): cursor `endTime` ← oldest `ts` − 1; at most 200 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const historyIndexCandles = Operation.make(HistoryIndexCandles)

export const HistoryMarkCandles = Endpoint.list("/api/v2/mix/market/history-mark-candles", {
  name: "futures.candles.historyMarkCandles",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<HistoryCandlesRequest>()(HistoryCandlesRequest),
  data: Schema.Array(Named.as<Candle>()(Candle)),
  pagination: walkBack(200, "Get-History-Mark-Candle-Data")
})
/**
 * `GET /api/v2/mix/market/history-mark-candles`: older mark-price candles; at most 200 a page.
 * 20/s per IP. Ranges of at most 90 days.
 * Streams (`.pages`, `.items`): cursor `endTime` ← oldest `ts` − 1; at most 200 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const historyMarkCandles = Operation.make(HistoryMarkCandles)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Candles,
  HistoryCandles,
  HistoryIndexCandles,
  HistoryMarkCandles
]
