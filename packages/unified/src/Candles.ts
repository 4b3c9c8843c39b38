/**
 * V3 candles: recent and historical, of the traded, mark, index or premium price, for spot and
 * futures through `category`. Rows are 7-column tuples on the wire, named objects in code.
 */
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { MarketCategory } from "./Schemas.js"

/**
 * Candle intervals as documented (Bitget's Get-Candle-Data page, agent-sdk, bitget-api; go-bitget
 * adds 3D/1W/1M and `…utc` variants no doc lists: reference §e.9).
 */
export const Interval = Lazy.schema(() =>
  Spelling.literal("1m", "3m", "5m", "15m", "30m", "1H", "4H", "6H", "12H", "1D")
)

/**
 * Which price: traded (`market`, the default), `mark`, `index` or `premium`. Sent lower case as
 * the newest catalog and go-bitget ("verified live") do; the older doc mirror's upper case is
 * accepted too (reference §e.7).
 */
export const PriceType = Lazy.schema(() => Spelling.literal("market", "mark", "index", "premium"))

/** One candle: `[ts, open, high, low, close, volume, turnover]` on the wire. */
export const Candle = Lazy.schema(() =>
  Schema.transform(
    Schema.Tuple(Timestamp, Decimal, Decimal, Decimal, Decimal, Decimal, Decimal),
    Schema.Struct({
      ts: Schema.typeSchema(Timestamp),
      open: Schema.typeSchema(Decimal),
      high: Schema.typeSchema(Decimal),
      low: Schema.typeSchema(Decimal),
      close: Schema.typeSchema(Decimal),
      /** Volume in the base coin. */
      volume: Schema.typeSchema(Decimal),
      /** Volume in the quote coin. */
      turnover: Schema.typeSchema(Decimal)
    }),
    {
      strict: true,
      decode: ([ts, open, high, low, close, volume, turnover]) => ({ ts, open, high, low, close, volume, turnover }),
      encode: (c) => [c.ts, c.open, c.high, c.low, c.close, c.volume, c.turnover] as const
    }
  )
)
export interface Candle extends Schema.Schema.Type<typeof Candle> {}

/** The request of `candles` and `historyCandles`. */
export const CandlesRequest = Lazy.schema(() =>
  Schema.Struct({
    category: MarketCategory,
    symbol: Schema.String,
    interval: Interval,
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    type: Schema.optional(PriceType),
    limit: Schema.optional(Limit.PageSize)
  })
)
export interface CandlesRequest extends Schema.Schema.Type<typeof CandlesRequest> {}

export const Candles = Lazy.value(() =>
  Endpoint.list("/api/v3/market/candles", {
    name: "unified.candles.candles",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<CandlesRequest>()(CandlesRequest),
    data: Schema.Array(Named.as<Candle>()(Candle)),
    pagination: {
      cursor: Pagination.before("ts"),
      // The page says default and maximum 100; the catalog's "Default:1000. Maximum: 100" agrees on
      // the maximum (reference §e.8).
      limit: {
        param: "limit",
        max: 100,
        default: 100,
        source: "https://www.bitget.com/api-doc/uta/public/Get-Candle-Data"
      }
    }
  })
)

/**
 * `GET /api/v3/market/candles`: candles oldest first, at most 100 a call; up to 1,000 back are
 * reachable. Streams walk back by `endTime` from the oldest candle of each page. 20/s per IP.
 * Streams (`.pages`, `.items`): cursor `endTime` ← oldest `ts` − 1; at most 100 a page (`limit`, 100 when omitted).
 */
export const candles = Operation.make(Candles)

export const HistoryCandles = Lazy.value(() =>
  Endpoint.list("/api/v3/market/history-candles", {
    name: "unified.candles.historyCandles",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<CandlesRequest>()(CandlesRequest),
    data: Schema.Array(Named.as<Candle>()(Candle)),
    pagination: {
      cursor: Pagination.before("ts"),
      limit: { param: "limit", max: 100, source: "https://www.bitget.com/api-doc/uta/public/Get-History-Candle-Data" },
      // Older candles "within the last 90 days" (the page above).
      history: Pagination.history("90 days", "https://www.bitget.com/api-doc/uta/public/Get-History-Candle-Data")
    }
  })
)

/**
 * `GET /api/v3/market/history-candles`: older candles, within the last 90 days, at most 100 a
 * call; streams walk back by `endTime`. 20/s per IP.
 * Streams (`.pages`, `.items`): cursor `endTime` ← oldest `ts` − 1; at most 100 a page (`limit`); the exchange keeps
 * the last 90d, `.items` refuses an older `startTime`.
 */
export const historyCandles = Operation.make(HistoryCandles)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [Candles, HistoryCandles]
