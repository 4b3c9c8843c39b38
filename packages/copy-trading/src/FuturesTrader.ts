/**
 * The futures trader's side (`/api/v2/copy/mix-trader/...`): the tracking orders a trader's
 * positions become, their TP/SL and closing, the trader's summary, profit shares earned from
 * followers, the symbols offered for copying and the followers themselves. Every call needs a
 * key of an account that is a futures elite trader (Bitget answers `40732` otherwise).
 *
 * Pages: https://www.bitget.com/api-doc/copytrading/future-copytrade/trader/...; rate limits
 * from the 2024-08-15 changelog (5/s per UID on every endpoint here).
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
  FuturesClosedTrack,
  FuturesTraderTrack,
  hasTpsl,
  idPaging,
  inWindow,
  numberedPages,
  PagedSince,
  pageNoPaging,
  PendingProfit,
  ProductType,
  ProfitRecords,
  ProfitSummary,
  settingList,
  StopRatio,
  totalDetailFields,
  tpslPrices,
  TrackingNo,
  trackingPage
} from "./Schemas.js"

const DOC = "https://www.bitget.com/api-doc/copytrading/future-copytrade/trader"
const limit5 = RateLimit.uid(5)

export const CurrentTrackRequest = Schema.Struct({
  productType: ProductType,
  symbol: Schema.optional(Schema.String),
  // Default 20, at most 50 (Trader-Order-Current-Track).
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface CurrentTrackRequest extends Schema.Schema.Type<typeof CurrentTrackRequest> {}

const CurrentTrack = Endpoint.list("/api/v2/copy/mix-trader/order-current-track", {
  name: "copyTrading.futuresTrader.currentTrack",
  signed: true,
  rateLimit: limit5,
  request: Named.as<CurrentTrackRequest>()(CurrentTrackRequest),
  data: trackingPage(Named.as<FuturesTraderTrack>()(FuturesTraderTrack)),
  pagination: endIdPages("trackingList", "trackingNo", 50, `${DOC}/Trader-Order-Current-Track`, "openTime", 20)
})
/**
 * `GET /api/v2/copy/mix-trader/order-current-track`: the trader's open tracking orders (one per copied opening), newest first: at most 50 a page,
 * cursor `idLessThan` = the page's `endId`, ranges of at most three months (by open time).
 * 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 50 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const currentTrack = Operation.make(CurrentTrack)

export const HistoryTrackRequest = Schema.Struct({
  productType: ProductType,
  symbol: Schema.optional(Schema.String),
  /** `desc` (newest first, the default) is the order `idLessThan` pages in; `asc` reverses it. */
  order: Schema.optional(Spelling.literal("asc", "desc")),
  // Default 20, at most 100 (Trader-Order-History-Track).
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface HistoryTrackRequest extends Schema.Schema.Type<typeof HistoryTrackRequest> {}

const HistoryTrack = Endpoint.list("/api/v2/copy/mix-trader/order-history-track", {
  name: "copyTrading.futuresTrader.historyTrack",
  signed: true,
  rateLimit: limit5,
  request: Named.as<HistoryTrackRequest>()(HistoryTrackRequest),
  data: trackingPage(Named.as<FuturesClosedTrack>()(FuturesClosedTrack)),
  pagination: endIdPages("trackingList", "trackingNo", 100, `${DOC}/Trader-Order-History-Track`, "openTime", 20)
})
/**
 * `GET /api/v2/copy/mix-trader/order-history-track`: the trader's closed tracking orders with their profit, newest first: at most 100 a page,
 * cursor `endId`, three-month ranges. Stream with the default `order` (`desc`): with `asc` the
 * `idLessThan` cursor walks the wrong way. 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const historyTrack = Operation.make(HistoryTrack)

export const ModifyTpslRequest = Schema.Struct({
  trackingNo: TrackingNo,
  productType: ProductType,
  ...tpslPrices
}).pipe(Schema.filter(hasTpsl))
export interface ModifyTpslRequest extends Schema.Schema.Type<typeof ModifyTpslRequest> {}

const ModifyTpsl = Endpoint.post("/api/v2/copy/mix-trader/order-modify-tpsl", {
  name: "copyTrading.futuresTrader.modifyTpsl",
  signed: true,
  rateLimit: limit5,
  request: Named.as<ModifyTpslRequest>()(ModifyTpslRequest),
  data: Ack
})
/**
 * `POST /api/v2/copy/mix-trader/order-modify-tpsl`: sets the take-profit and/or stop-loss price of one of the trader's tracking orders; followers'
 * copies of it follow. At most once per 300 ms per order (`43036`). 5/s per UID.
 */
export const modifyTpsl = Operation.make(ModifyTpsl)

export const ClosePositionsRequest = Schema.Struct({
  /**
   * Only `productType` is required: without `trackingNo` every tracking order of the symbol, and
   * without both every tracking order of the product type closes ("If only productType is passed,
   * all positions under that line of business will be closed", ${DOC}/Trader-Order-Close-Positions).
   */
  trackingNo: Schema.optional(TrackingNo),
  /** Must match `trackingNo` when both are given. */
  symbol: Schema.optional(Schema.String),
  productType: ProductType
})
export interface ClosePositionsRequest extends Schema.Schema.Type<typeof ClosePositionsRequest> {}

const ClosePositions = Endpoint.post("/api/v2/copy/mix-trader/order-close-positions", {
  name: "copyTrading.futuresTrader.closePositions",
  signed: true,
  rateLimit: limit5,
  request: Named.as<ClosePositionsRequest>()(ClosePositionsRequest),
  data: Schema.Array(Schema.Struct({
    trackingNo: Schema.String,
    symbol: Schema.String,
    productType: Schema.String
  }))
})
/**
 * `POST /api/v2/copy/mix-trader/order-close-positions`: closes tracking orders at market (one by `trackingNo`, all of a `symbol`, or with
 * `productType` alone all of the product type); every follower's copy closes too and their profit shares are settled. Answers the
 * closed orders. Never resent by the client (a lost answer surfaces as `TransportError`; read `currentTrack`). 5/s per UID.
 */
export const closePositions = Operation.make(ClosePositions)

export const TraderDetail = Schema.Struct({
  /** Percent. */
  roi: Absent.optional(Decimal),
  ...totalDetailFields,
  tradingPairsAvailableList: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] })
})
export interface TraderDetail extends Schema.Schema.Type<typeof TraderDetail> {}

const TotalDetail = Endpoint.get("/api/v2/copy/mix-trader/order-total-detail", {
  name: "copyTrading.futuresTrader.totalDetail",
  signed: true,
  rateLimit: limit5,
  request: Endpoint.NoParams,
  data: Named.as<TraderDetail>()(TraderDetail)
})
/**
 * `GET /api/v2/copy/mix-trader/order-total-detail`: the trader's tracking summary: ROI, order and follower counts, win rate, equity and the last
 * week's and month's ROI and profit curves. 5/s per UID.
 */
export const totalDetail = Operation.make(TotalDetail)

export const ProfitOverview = Schema.Struct({
  profitSummary: ProfitSummary,
  profitHistoryList: Schema.optionalWith(
    Schema.Array(Schema.Struct({
      coin: Schema.String,
      profitCount: Decimal,
      lastProfitTime: Absent.optional(Timestamp)
    })),
    { default: () => [] }
  )
})
export interface ProfitOverview extends Schema.Schema.Type<typeof ProfitOverview> {}

const ProfitHistorySummary = Endpoint.get("/api/v2/copy/mix-trader/profit-history-summarys", {
  name: "copyTrading.futuresTrader.profitHistorySummary",
  signed: true,
  rateLimit: limit5,
  request: Endpoint.NoParams,
  data: Named.as<ProfitOverview>()(ProfitOverview)
})
/**
 * `GET /api/v2/copy/mix-trader/profit-history-summarys`: the profit shares earned: yesterday, in total, waiting to be paid, and per coin. 5/s per UID.
 * The live path is `profit-history-summarys` (the specification's `profit-summarys` is a 404; see
 * the errata).
 */
export const profitHistorySummary = Operation.make(ProfitHistorySummary)

export const ProfitHistoryDetailsRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  // Default 100, at most 100 (Trader-Profit-History-Details).
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface ProfitHistoryDetailsRequest extends Schema.Schema.Type<typeof ProfitHistoryDetailsRequest> {}

const ProfitHistoryDetails = Endpoint.list("/api/v2/copy/mix-trader/profit-history-details", {
  name: "copyTrading.futuresTrader.profitHistoryDetails",
  signed: true,
  rateLimit: limit5,
  request: Named.as<ProfitHistoryDetailsRequest>()(ProfitHistoryDetailsRequest),
  data: Named.as<ProfitRecords>()(ProfitRecords),
  pagination: endIdPages("profitList", "profitId", 100, `${DOC}/Trader-Profit-History-Details`, "profitTime", 100)
})
/**
 * `GET /api/v2/copy/mix-trader/profit-history-details`: the profit shares paid to the trader, one per follower and settlement, newest first: at most
 * 100 a page, cursor `endId`, three-month ranges. 5/s per UID. The specification's
 * `profit-hisotry-details` is a 404 (errata).
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const profitHistoryDetails = Operation.make(ProfitHistoryDetails)

export const ProfitDetailsRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  // Default 20, at most 100 ("Default: 20, maximum: 100", Trader-Profit-Details; read in the copy of
  // Bitget's pages in sebastianganser/Bitget_API, December 2025: the live page did not load here).
  ...pageNoPaging
})
export interface ProfitDetailsRequest extends Schema.Schema.Type<typeof ProfitDetailsRequest> {}

const ProfitDetails = Endpoint.list("/api/v2/copy/mix-trader/profit-details", {
  name: "copyTrading.futuresTrader.profitDetails",
  signed: true,
  rateLimit: limit5,
  request: Named.as<ProfitDetailsRequest>()(ProfitDetailsRequest),
  data: Schema.Array(Named.as<PendingProfit>()(PendingProfit)),
  pagination: numberedPages(100, `${DOC}/Trader-Profit-Details`, 20)
})
/**
 * `GET /api/v2/copy/mix-trader/profit-details`: profit shares earned but not paid yet, per follower, by page number (at most 100 a
 * page). 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 100 a page (`pageSize`, 20 when omitted).
 */
export const profitDetails = Operation.make(ProfitDetails)

export const ProfitsGroupCoinDateRequest = Schema.Struct({ ...pageNoPaging })
export interface ProfitsGroupCoinDateRequest extends Schema.Schema.Type<typeof ProfitsGroupCoinDateRequest> {}

export const CoinDayProfit = Schema.Struct({ coin: Schema.String, profit: Decimal, profitTime: Timestamp })
export interface CoinDayProfit extends Schema.Schema.Type<typeof CoinDayProfit> {}

const ProfitsGroupCoinDate = Endpoint.list("/api/v2/copy/mix-trader/profits-group-coin-date", {
  name: "copyTrading.futuresTrader.profitsGroupCoinDate",
  signed: true,
  rateLimit: limit5,
  // Default 20, at most 50 ("supports a maximum of 50 entries", Trader-Get-Profits-Group-Coin-Date; read
  // in the copy in sebastianganser/Bitget_API, December 2025).
  request: Named.as<ProfitsGroupCoinDateRequest>()(ProfitsGroupCoinDateRequest),
  data: Schema.Array(Named.as<CoinDayProfit>()(CoinDayProfit)),
  pagination: numberedPages(50, `${DOC}/Trader-Get-Profits-Group-Coin-Date`, 20)
})
/**
 * `GET /api/v2/copy/mix-trader/profits-group-coin-date`: profit shares waiting to be paid, summed per coin and day, by page number (at most 50
 * a page). 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 50 a page (`pageSize`, 20 when omitted).
 */
export const profitsGroupCoinDate = Operation.make(ProfitsGroupCoinDate)

/** A symbol the trader may offer for copying, and how it is set up. */
export const TraderSymbol = Schema.Struct({
  symbol: Schema.String,
  /** Whether the symbol is offered for copying. */
  openTrader: YES_NO,
  minOpenCount: Absent.optional(Decimal),
  maxLeverage: Absent.optional(Decimal),
  stopSurplusRatio: Absent.optional(Decimal),
  stopLossRatio: Absent.optional(Decimal)
})
export interface TraderSymbol extends Schema.Schema.Type<typeof TraderSymbol> {}

export const QuerySymbolsRequest = Schema.Struct({ productType: ProductType })
export interface QuerySymbolsRequest extends Schema.Schema.Type<typeof QuerySymbolsRequest> {}

const QuerySymbols = Endpoint.get("/api/v2/copy/mix-trader/config-query-symbols", {
  name: "copyTrading.futuresTrader.querySymbols",
  signed: true,
  rateLimit: limit5,
  request: Named.as<QuerySymbolsRequest>()(QuerySymbolsRequest),
  data: Schema.Array(Named.as<TraderSymbol>()(TraderSymbol))
})
/**
 * `GET /api/v2/copy/mix-trader/config-query-symbols`: the product type's symbols and whether each is offered for copying, with its TP/SL ratios.
 * 5/s per UID.
 */
export const querySymbols = Operation.make(QuerySymbols)

/** One change of the symbols offered: `ADD`, `DELETE` or `UPDATE` (ratios; `0` removes one). */
export const SymbolSetting = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  // The table writes `ADD`, `DELETE`, `UPDATE`; the page's example sends `"add"`
  // (Trader-Config-Setting-Symbols): any letter case is accepted, the table's spelling sent.
  settingType: Spelling.literal("ADD", "DELETE", "UPDATE"),
  stopSurplusRatio: Schema.optional(Schema.Union(Schema.Literal("0"), StopRatio)),
  stopLossRatio: Schema.optional(Schema.Union(Schema.Literal("0"), StopRatio))
}).pipe(
  Schema.filter((setting) =>
    !Spelling.is(setting.settingType, "UPDATE") || setting.stopSurplusRatio !== undefined ||
    setting.stopLossRatio !== undefined || "stopSurplusRatio or stopLossRatio is required when settingType is UPDATE"
  )
)

export const SettingSymbolsRequest = Schema.Struct({ settingList: settingList(SymbolSetting, 50) })
export interface SettingSymbolsRequest extends Schema.Schema.Type<typeof SettingSymbolsRequest> {}

const SettingSymbols = Endpoint.post("/api/v2/copy/mix-trader/config-setting-symbols", {
  name: "copyTrading.futuresTrader.settingSymbols",
  signed: true,
  rateLimit: limit5,
  // At most 50 changes (Trader-Config-Setting-Symbols).
  request: Named.as<SettingSymbolsRequest>()(SettingSymbolsRequest),
  data: Ack
})
/**
 * `POST /api/v2/copy/mix-trader/config-setting-symbols`: adds, removes or updates the symbols followers may copy (1 to 50 changes); ratios are integer
 * percentages 1–400, and on `UPDATE` one of them is required (`0` clears it). 5/s per UID.
 */
export const settingSymbols = Operation.make(SettingSymbols)

export const SettingsBaseRequest = Schema.Struct({
  /** Whether copying is open to new followers. */
  enable: Schema.optional(YES_NO),
  showTotalEquity: Schema.optional(YES_NO),
  showTpsl: Schema.optional(YES_NO)
}).pipe(
  Schema.filter((request) =>
    request.enable !== undefined || request.showTotalEquity !== undefined || request.showTpsl !== undefined ||
    "enable, showTotalEquity or showTpsl is required"
  )
)
export interface SettingsBaseRequest extends Schema.Schema.Type<typeof SettingsBaseRequest> {}

const SettingsBase = Endpoint.post("/api/v2/copy/mix-trader/config-settings-base", {
  name: "copyTrading.futuresTrader.settingsBase",
  signed: true,
  rateLimit: limit5,
  request: Named.as<SettingsBaseRequest>()(SettingsBaseRequest),
  data: Ack
})
/**
 * `POST /api/v2/copy/mix-trader/config-settings-base`: the trader's global switches: open to followers, show total equity, show TP/SL; at least one.
 * 5/s per UID.
 */
export const settingsBase = Operation.make(SettingsBase)

const QueryFollowers = Endpoint.list("/api/v2/copy/mix-trader/config-query-followers", {
  name: "copyTrading.futuresTrader.queryFollowers",
  signed: true,
  rateLimit: limit5,
  request: Named.as<PagedSince>()(PagedSince),
  data: Schema.Array(Named.as<Follower>()(Follower)),
  pagination: numberedPages(100, `${DOC}/Config-Query-Followers`)
})
/**
 * `GET /api/v2/copy/mix-trader/config-query-followers`: the trader's followers, by page number (at most 100 a page), optionally those who began
 * following within a three-month range. 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 100 a page (`pageSize`).
 */
export const queryFollowers = Operation.make(QueryFollowers)

const RemoveFollower = Endpoint.post("/api/v2/copy/mix-trader/config-remove-follower", {
  name: "copyTrading.futuresTrader.removeFollower",
  signed: true,
  rateLimit: limit5,
  request: Named.as<FollowerRef>()(FollowerRef),
  data: Ack
})
/**
 * `POST /api/v2/copy/mix-trader/config-remove-follower`: removes a follower: its copying of this trader ends (open copies stay until closed). 5/s per
 * UID.
 */
export const removeFollower = Operation.make(RemoveFollower)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  ClosePositions,
  CurrentTrack,
  HistoryTrack,
  ModifyTpsl,
  TotalDetail,
  ProfitHistorySummary,
  ProfitHistoryDetails,
  ProfitDetails,
  ProfitsGroupCoinDate,
  QuerySymbols,
  SettingSymbols,
  SettingsBase,
  QueryFollowers,
  RemoveFollower
]
