/**
 * The spot trader's side (`/api/v2/copy/spot-trader/...`): a spot trader's buys become tracking
 * orders that followers copy; the trader sets their TP/SL, sells them (`closeTracking`), offers
 * symbols, removes followers and reads its profit shares. Every call needs a key of an account
 * that is a spot elite trader.
 *
 * Pages: https://www.bitget.com/api-doc/copytrading/spot-copytrade/trader/...; rate limits from
 * the 2024-08-15 changelog (5/s per UID for reads, 1/s for writes; `order-current-track` has no
 * row: 10/s).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YES_NO } from "@effect-bitget/core/Flag"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import {
  Ack,
  endIdPages,
  Follower,
  FollowerRef,
  idPaging,
  inWindow,
  numberedPages,
  PagedSince,
  pageNoPaging,
  PendingProfit,
  ProfitRecords,
  ProfitSummary,
  SpotClose,
  SpotClosedTrack,
  SpotOpenTrack,
  SpotTpsl,
  totalDetailFields,
  trackingPage
} from "./Schemas.js"

const DOC = "https://www.bitget.com/api-doc/copytrading/spot-copytrade/trader"
const read = RateLimit.uid(5)
const write = RateLimit.uid(1)

export const ProfitOverview = Schema.Struct({
  profitSummarys: ProfitSummary,
  profitHistoryList: Schema.optionalWith(
    Schema.Array(Schema.Struct({
      coin: Schema.String,
      profitCount: Decimal,
      lastProfitTime: Absent.optional(Timestamp),
      historysByDateList: Schema.optionalWith(
        Schema.Array(Schema.Struct({ profit: Decimal, profitTime: Timestamp })),
        { default: () => [] }
      )
    })),
    { default: () => [] }
  )
})
export interface ProfitOverview extends Schema.Schema.Type<typeof ProfitOverview> {}

const ProfitSummarys = Endpoint.get("/api/v2/copy/spot-trader/profit-summarys", {
  name: "copyTrading.spotTrader.profitSummary",
  signed: true,
  rateLimit: read,
  request: Endpoint.NoParams,
  data: Named.as<ProfitOverview>()(ProfitOverview)
})
/**
 * `GET /api/v2/copy/spot-trader/profit-summarys`: the spot profit shares earned: yesterday, in total, waiting, and per coin by day. 5/s per UID.
 */
export const profitSummary = Operation.make(ProfitSummarys)

export const ProfitHistoryDetailsRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  // Default 100, at most 100 (Profit-History-Details).
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface ProfitHistoryDetailsRequest extends Schema.Schema.Type<typeof ProfitHistoryDetailsRequest> {}

const ProfitHistoryDetails = Endpoint.list("/api/v2/copy/spot-trader/profit-history-details", {
  name: "copyTrading.spotTrader.profitHistoryDetails",
  signed: true,
  rateLimit: read,
  request: Named.as<ProfitHistoryDetailsRequest>()(ProfitHistoryDetailsRequest),
  data: Named.as<ProfitRecords>()(ProfitRecords),
  pagination: endIdPages("profitList", "profitId", 100, `${DOC}/Profit-History-Details`, "profitTime", 100)
})
/**
 * `GET /api/v2/copy/spot-trader/profit-history-details`: the spot profit shares paid, newest first: at most 100 a page, cursor `endId`. 5/s per UID.
 * The specification's `profit-hisotry-details` is a 404 (errata).
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const profitHistoryDetails = Operation.make(ProfitHistoryDetails)

export const ProfitDetailsRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  // Default 20, at most 50 ("the maximum supported is 50", Profit-Details).
  ...pageNoPaging
})
export interface ProfitDetailsRequest extends Schema.Schema.Type<typeof ProfitDetailsRequest> {}

const ProfitDetails = Endpoint.list("/api/v2/copy/spot-trader/profit-details", {
  name: "copyTrading.spotTrader.profitDetails",
  signed: true,
  rateLimit: read,
  request: Named.as<ProfitDetailsRequest>()(ProfitDetailsRequest),
  data: Schema.Array(Named.as<PendingProfit>()(PendingProfit)),
  pagination: numberedPages(50, `${DOC}/Profit-Details`, 20)
})
/**
 * `GET /api/v2/copy/spot-trader/profit-details`: spot profit shares earned but not paid yet, per follower, by page number (at most 50 a
 * page). 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 50 a page (`pageSize`, 20 when omitted).
 */
export const profitDetails = Operation.make(ProfitDetails)

export const CurrentTrackRequest = Schema.Struct({
  symbol: Schema.optional(Schema.String),
  // Default 20, at most 50 (Order-Current-Track).
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface CurrentTrackRequest extends Schema.Schema.Type<typeof CurrentTrackRequest> {}

const CurrentTrack = Endpoint.list("/api/v2/copy/spot-trader/order-current-track", {
  name: "copyTrading.spotTrader.currentTrack",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<CurrentTrackRequest>()(CurrentTrackRequest),
  data: trackingPage(Named.as<SpotOpenTrack>()(SpotOpenTrack)),
  pagination: endIdPages("trackingList", "trackingNo", 50, `${DOC}/Order-Current-Track`, "buyTime", 20)
})
/**
 * `GET /api/v2/copy/spot-trader/order-current-track`: the trader's spot tracking orders not sold yet, newest first: at most 50 a page, cursor
 * `endId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 50 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const currentTrack = Operation.make(CurrentTrack)

export const HistoryTrackRequest = Schema.Struct({
  symbol: Schema.optional(Schema.String),
  // Default 20, at most 100 (Order-History-Track).
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface HistoryTrackRequest extends Schema.Schema.Type<typeof HistoryTrackRequest> {}

const HistoryTrack = Endpoint.list("/api/v2/copy/spot-trader/order-history-track", {
  name: "copyTrading.spotTrader.historyTrack",
  signed: true,
  rateLimit: read,
  request: Named.as<HistoryTrackRequest>()(HistoryTrackRequest),
  data: trackingPage(Named.as<SpotClosedTrack>()(SpotClosedTrack)),
  pagination: endIdPages("trackingList", "trackingNo", 100, `${DOC}/Order-History-Track`, "buyTime", 20)
})
/**
 * `GET /api/v2/copy/spot-trader/order-history-track`: the trader's sold spot tracking orders with profit, newest first: at most 100 a page, cursor
 * `endId`. 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const historyTrack = Operation.make(HistoryTrack)

const ModifyTpsl = Endpoint.post("/api/v2/copy/spot-trader/order-modify-tpsl", {
  name: "copyTrading.spotTrader.modifyTpsl",
  signed: true,
  rateLimit: write,
  request: Named.as<SpotTpsl>()(SpotTpsl),
  data: Ack
})
/**
 * `POST /api/v2/copy/spot-trader/order-modify-tpsl`: sets the TP and/or SL price of one of the trader's spot tracking orders. 1/s per UID.
 */
export const modifyTpsl = Operation.make(ModifyTpsl)

const CloseTracking = Endpoint.post("/api/v2/copy/spot-trader/order-close-tracking", {
  name: "copyTrading.spotTrader.closeTracking",
  signed: true,
  rateLimit: write,
  request: Named.as<SpotClose>()(SpotClose),
  data: Ack
})
/**
 * `POST /api/v2/copy/spot-trader/order-close-tracking`: sells spot tracking orders of one symbol at market; followers' copies sell too. 1/s per UID.
 */
export const closeTracking = Operation.make(CloseTracking)

export const TraderDetail = Schema.Struct({
  ...totalDetailFields,
  maxFollowerNum: Absent.optional(Schema.NumberFromString)
})
export interface TraderDetail extends Schema.Schema.Type<typeof TraderDetail> {}

const TotalDetail = Endpoint.get("/api/v2/copy/spot-trader/order-total-detail", {
  name: "copyTrading.spotTrader.totalDetail",
  signed: true,
  rateLimit: read,
  request: Endpoint.NoParams,
  data: Named.as<TraderDetail>()(TraderDetail)
})
/**
 * `GET /api/v2/copy/spot-trader/order-total-detail`: the spot trader's summary: order and follower counts, win rate, equity, ROI and profit
 * curves. 5/s per UID.
 */
export const totalDetail = Operation.make(TotalDetail)

export const TraderSettings = Schema.Struct({
  /** Followers whose assets are below this (USDT) may be removed. */
  removeLimitUsdt: Absent.optional(Decimal),
  spotInfoList: Schema.optionalWith(
    Schema.Array(Schema.Struct({ symbol: Schema.String, maxQuoteSize: Decimal, surplusQuoteSize: Decimal })),
    { default: () => [] }
  ),
  labelList: Schema.optionalWith(
    Schema.Array(Schema.Struct({ id: Schema.String, name: Schema.String })),
    { default: () => [] }
  ),
  enable: Absent.optional(YES_NO),
  showAssetsMap: Absent.optional(YES_NO),
  showEquity: Absent.optional(YES_NO),
  traceSymbolList: Schema.optionalWith(
    Schema.Array(Schema.Struct({ symbol: Schema.String, enable: YES_NO, minOpenCount: Absent.optional(Decimal) })),
    { default: () => [] }
  )
})
export interface TraderSettings extends Schema.Schema.Type<typeof TraderSettings> {}

const QuerySettings = Endpoint.get("/api/v2/copy/spot-trader/config-query-settings", {
  name: "copyTrading.spotTrader.querySettings",
  signed: true,
  rateLimit: read,
  request: Endpoint.NoParams,
  data: Named.as<TraderSettings>()(TraderSettings)
})
/**
 * `GET /api/v2/copy/spot-trader/config-query-settings`: the spot trader's configuration: the symbols offered and their minimum sizes, per-symbol
 * order amount room, display switches and the removal threshold. 5/s per UID.
 */
export const querySettings = Operation.make(QuerySettings)

const QueryFollowers = Endpoint.list("/api/v2/copy/spot-trader/config-query-followers", {
  name: "copyTrading.spotTrader.queryFollowers",
  signed: true,
  rateLimit: read,
  request: Named.as<PagedSince>()(PagedSince),
  data: Schema.Array(Named.as<Follower>()(Follower)),
  pagination: numberedPages(1000, `${DOC}/Config-Query-Followers`)
})
/**
 * `GET /api/v2/copy/spot-trader/config-query-followers`: the spot trader's followers, by page number (at most 1000 a page). 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 1000 a page (`pageSize`).
 */
export const queryFollowers = Operation.make(QueryFollowers)

export const SettingSymbolsRequest = Schema.Struct({
  // At most 50 symbols (Config-Setting-Symbols).
  symbolList: Schema.Array(Schema.String).pipe(
    Schema.minItems(1, { message: () => "Expected at least one symbol" }),
    Schema.maxItems(50, { message: () => "Expected at most 50 symbols" })
  ),
  settingType: Spelling.literal("add", "delete")
})
export interface SettingSymbolsRequest extends Schema.Schema.Type<typeof SettingSymbolsRequest> {}

const SettingSymbols = Endpoint.post("/api/v2/copy/spot-trader/config-setting-symbols", {
  name: "copyTrading.spotTrader.settingSymbols",
  signed: true,
  rateLimit: write,
  request: Named.as<SettingSymbolsRequest>()(SettingSymbolsRequest),
  data: Ack
})
/**
 * `POST /api/v2/copy/spot-trader/config-setting-symbols`: adds or removes symbols offered for spot copying (1 to 50 a call). 1/s per UID.
 */
export const settingSymbols = Operation.make(SettingSymbols)

const RemoveFollower = Endpoint.post("/api/v2/copy/spot-trader/config-remove-follower", {
  name: "copyTrading.spotTrader.removeFollower",
  signed: true,
  rateLimit: write,
  request: Named.as<FollowerRef>()(FollowerRef),
  data: Ack
})
/**
 * `POST /api/v2/copy/spot-trader/config-remove-follower`: removes a spot follower. 1/s per UID.
 */
export const removeFollower = Operation.make(RemoveFollower)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  ProfitSummarys,
  ProfitHistoryDetails,
  ProfitDetails,
  CurrentTrack,
  HistoryTrack,
  ModifyTpsl,
  CloseTracking,
  TotalDetail,
  QuerySettings,
  QueryFollowers,
  SettingSymbols,
  RemoveFollower
]
