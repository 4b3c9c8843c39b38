/**
 * The futures broker's side (`/api/v2/copy/mix-broker/...`): a broker looks up the elite traders
 * its customers can follow and the traders' open and closed tracking orders ("traces").
 *
 * Pages: https://www.bitget.com/api-doc/copytrading/future-copytrade/broker/...; rate limits from
 * the 2024-08-15 changelog and rate-limits.tsv.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YES_NO } from "@effect-bitget/core/Flag"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import {
  endIdPages,
  futuresTrackFields,
  idPaging,
  inWindow,
  lastRowPages,
  numberedPages,
  pageNoPaging,
  ProductType,
  StopType,
  trackingPage,
  Uid
} from "./Schemas.js"

const DOC = "https://www.bitget.com/api-doc/copytrading/future-copytrade/broker"

/** An elite trader as the broker's list shows it. */
export const BrokerTrader = Schema.Struct({
  traderId: Schema.String,
  traderName: Absent.optional(Schema.String),
  /** Whether the trader is taking followers. */
  isTrace: Absent.optional(YES_NO),
  /** Whether the broker account itself follows the trader. */
  isMyTrader: Absent.optional(YES_NO),
  maxLimit: Absent.optional(Schema.NumberFromString),
  followCount: Absent.optional(Schema.NumberFromString),
  bgbMaxFollowLimit: Absent.optional(Schema.NumberFromString),
  bgbFollowCount: Absent.optional(Schema.NumberFromString),
  profile: Absent.optional(Schema.String),
  currentTradings: Schema.optionalWith(
    Schema.Array(Schema.Struct({ symbol: Schema.String, productType: Schema.String })),
    { default: () => [] }
  ),
  /** Display figures (`ROI`, `Total P/L 3W` …) as text in the chosen language. */
  columnList: Schema.optionalWith(
    Schema.Array(Schema.Struct({ describe: Schema.String, value: Schema.String })),
    { default: () => [] }
  )
})
export interface BrokerTrader extends Schema.Schema.Type<typeof BrokerTrader> {}

export const QueryTradersRequest = Schema.Struct({
  traderId: Schema.optional(Uid),
  /** Fuzzy match on the alias. */
  traderName: Schema.optional(Schema.String),
  /**
   * `full`: traders with no room left; `all` (the default). The table writes `Full`/`All`, the
   * example sends `all`: any letter case is accepted, the lower case sent.
   */
  fullStatus: Schema.optional(Spelling.literal("full", "all")),
  /**
   * `composite` (the default), `roi`, total PnL or `aum`. Left open text: the page's editions
   * disagree on the total-PnL value (`Total PnL`, `totalPL`) and only `roi` appears in an example.
   */
  sortRule: Schema.optional(Schema.String),
  /** Table `Asc`/`Desc`, example `desc`: any letter case, sent lower case. */
  sortFlag: Schema.optional(Spelling.literal("asc", "desc")),
  /** The language of `columnList[].describe`. */
  languageType: Schema.optional(Spelling.literal("zh-CN", "en-US")),
  /**
   * The same choice under the name the newer edition of the page prints (`language`,
   * https://bitget.cc/api-doc/copytrading/future-copytrade/broker/Broker-Query-Traders), while its
   * example and the older edition send `languageType`: both are declared, send one.
   */
  language: Schema.optional(Spelling.literal("zh-CN", "en-US")),
  // Default 20, at most 20 (Broker-Query-Traders).
  ...pageNoPaging
})
export interface QueryTradersRequest extends Schema.Schema.Type<typeof QueryTradersRequest> {}

const QueryTraders = Endpoint.list("/api/v2/copy/mix-broker/query-traders", {
  name: "copyTrading.futuresBroker.queryTraders",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<QueryTradersRequest>()(QueryTradersRequest),
  data: Schema.Array(Named.as<BrokerTrader>()(BrokerTrader)),
  pagination: numberedPages(20, `${DOC}/Broker-Query-Traders`, 20)
})
/**
 * `GET /api/v2/copy/mix-broker/query-traders`: the elite traders the broker's customers can follow, by page number (at most 20 a page),
 * filtered and sorted. 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 20 a page (`pageSize`, 20 when omitted).
 */
export const queryTraders = Operation.make(QueryTraders)

/** A trader's tracking order as a broker sees it. */
export const Trace = Schema.Struct({
  ...futuresTrackFields,
  marginMode: Absent.optional(OpenEnum("isolated", "cross", "crossed")),
  openPriceAvg: Decimal,
  openFee: Absent.optional(Decimal),
  marginAmount: Absent.optional(Decimal),
  followCount: Absent.optional(Schema.NumberFromString),
  stopSurplusPrice: Absent.optional(Decimal),
  stopLossPrice: Absent.optional(Decimal),
  closeOrderId: Absent.optional(Schema.String),
  closePriceAvg: Absent.optional(Decimal),
  closeSize: Absent.optional(Decimal),
  closeTime: Absent.optional(Timestamp),
  closeFee: Absent.optional(Decimal),
  achievedPL: Absent.optional(Decimal),
  stopType: Absent.optional(StopType),
  cTime: Absent.optional(Timestamp)
})
export interface Trace extends Schema.Schema.Type<typeof Trace> {}

export const TraceRequest = Schema.Struct({
  traderId: Uid,
  productType: ProductType,
  symbol: Schema.optional(Schema.String),
  // At most 100 (default 20 on Broker-Query-Current-Traces, 100 on Broker-Query-History-Traces).
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface TraceRequest extends Schema.Schema.Type<typeof TraceRequest> {}

const CurrentTraces = Endpoint.list("/api/v2/copy/mix-broker/query-current-traces", {
  name: "copyTrading.futuresBroker.currentTraces",
  signed: true,
  // 10/s per IP, as Bitget's page prints it (rate-limits.tsv).
  rateLimit: RateLimit.ip(10),
  request: Named.as<TraceRequest>()(TraceRequest),
  // A bare array: the cursor is the last row's `trackingNo`.
  data: Schema.Array(Named.as<Trace>()(Trace)),
  pagination: lastRowPages(100, `${DOC}/Broker-Query-Current-Traces`, 20)
})
/**
 * `GET /api/v2/copy/mix-broker/query-current-traces`: a trader's open tracking orders, newest first: at most 100 a page, cursor `idLessThan` = the
 * last `trackingNo`, three-month ranges. 10/s per IP.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `trackingNo`; at most 100 a page (`limit`, 20 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const currentTraces = Operation.make(CurrentTraces)

const HistoryTraces = Endpoint.list("/api/v2/copy/mix-broker/query-history-traces", {
  name: "copyTrading.futuresBroker.historyTraces",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<TraceRequest>()(TraceRequest),
  // Unlike the current traces, an object: `{ trackingList, endId }` (the page's example and field table,
  // https://www.bitget.com/zh-CN/api-doc/copytrading/future-copytrade/broker/Broker-Query-History-Traces).
  data: trackingPage(Named.as<Trace>()(Trace)),
  pagination: endIdPages("trackingList", "trackingNo", 100, `${DOC}/Broker-Query-History-Traces`, "openTime", 100)
})
/**
 * `GET /api/v2/copy/mix-broker/query-history-traces`: a trader's closed tracking orders with profit, newest first: at most 100 a page
 * (100 by default), cursor `idLessThan` = the page's `endId`, three-month ranges. 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const historyTraces = Operation.make(HistoryTraces)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [QueryTraders, HistoryTraces, CurrentTraces]
