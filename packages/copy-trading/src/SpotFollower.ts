/**
 * The spot follower's side (`/api/v2/copy/spot-follower/...`): the spot copies of the traders it
 * follows, their TP/SL, selling or stopping them, its per-symbol settings and the follow itself.
 *
 * Pages: https://www.bitget.com/api-doc/copytrading/spot-copytrade/follower/...; rate limits from
 * the 2024-08-15 changelog (5/s per UID for reads, 1/s for writes; `query-trader-symbols` has no
 * row: 10/s).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YES_NO } from "@effect-bitget/core/Flag"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import {
  Ack,
  AutoCopy,
  endIdPages,
  FollowMode,
  idPaging,
  inWindow,
  PagedSince,
  settingList,
  SpotClose,
  SpotClosedTrack,
  SpotFollowSetting,
  SpotOpenTrack,
  SpotTpsl,
  TrackingNoList50,
  trackingPage,
  TraderRef,
  Uid
} from "./Schemas.js"

const DOC = "https://www.bitget.com/api-doc/copytrading/spot-copytrade/follower"
const read = RateLimit.uid(5)
const write = RateLimit.uid(1)

export const CurrentOrdersRequest = Schema.Struct({
  symbol: Schema.optional(Schema.String),
  traderId: Schema.optional(Uid),
  // Default 20, at most 50 (Query-Current-Orders).
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface CurrentOrdersRequest extends Schema.Schema.Type<typeof CurrentOrdersRequest> {}

const CurrentOrders = Endpoint.list("/api/v2/copy/spot-follower/query-current-orders", {
  name: "copyTrading.spotFollower.currentOrders",
  signed: true,
  rateLimit: read,
  request: Named.as<CurrentOrdersRequest>()(CurrentOrdersRequest),
  data: trackingPage(Named.as<SpotOpenTrack>()(SpotOpenTrack)),
  pagination: endIdPages("trackingList", "trackingNo", 50, `${DOC}/Query-Current-Orders`, "buyTime", 20)
})
/**
 * `GET /api/v2/copy/spot-follower/query-current-orders`: the follower's spot copies not sold yet, newest first: at most 50 a page, cursor `endId`.
 * 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 50 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const currentOrders = Operation.make(CurrentOrders)

export const HistoryOrdersRequest = Schema.Struct({
  symbol: Schema.optional(Schema.String),
  traderId: Schema.optional(Uid),
  // Default 20, at most 100 (Query-History-Orders), like the trader's history.
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface HistoryOrdersRequest extends Schema.Schema.Type<typeof HistoryOrdersRequest> {}

const HistoryOrders = Endpoint.list("/api/v2/copy/spot-follower/query-history-orders", {
  name: "copyTrading.spotFollower.historyOrders",
  signed: true,
  // 5/s per UID (Bitget's changelog of 2024-08-15, ../shared/reference/rate-limits.tsv).
  rateLimit: read,
  request: Named.as<HistoryOrdersRequest>()(HistoryOrdersRequest),
  data: trackingPage(Named.as<SpotClosedTrack>()(SpotClosedTrack)),
  pagination: endIdPages("trackingList", "trackingNo", 100, `${DOC}/Query-History-Orders`, "buyTime", 20)
})
/**
 * `GET /api/v2/copy/spot-follower/query-history-orders`: the follower's spot copies already sold
 * (of one `symbol` or `traderId`), newest first: at most 100 a page, cursor `endId`. Beyond the
 * specification's list (https://www.bitget.com/api-doc/copytrading/spot-copytrade/follower/Query-History-Orders).
 * 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const historyOrders = Operation.make(HistoryOrders)

const SettingTpsl = Endpoint.post("/api/v2/copy/spot-follower/setting-tpsl", {
  name: "copyTrading.spotFollower.settingTpsl",
  signed: true,
  rateLimit: write,
  request: Named.as<SpotTpsl>()(SpotTpsl),
  data: Ack
})
/**
 * `POST /api/v2/copy/spot-follower/setting-tpsl`: sets the TP and/or SL price of one of the follower's spot copies. 1/s per UID.
 */
export const settingTpsl = Operation.make(SettingTpsl)

const CloseTracking = Endpoint.post("/api/v2/copy/spot-follower/order-close-tracking", {
  name: "copyTrading.spotFollower.closeTracking",
  signed: true,
  rateLimit: write,
  request: Named.as<SpotClose>()(SpotClose),
  data: Ack
})
/**
 * `POST /api/v2/copy/spot-follower/order-close-tracking`: sells the follower's spot copies of one symbol at market. 1/s per UID.
 */
export const closeTracking = Operation.make(CloseTracking)

export const StopOrderRequest = Schema.Struct({ trackingNoList: TrackingNoList50 })
export interface StopOrderRequest extends Schema.Schema.Type<typeof StopOrderRequest> {}

const StopOrder = Endpoint.post("/api/v2/copy/spot-follower/stop-order", {
  name: "copyTrading.spotFollower.stopOrder",
  signed: true,
  rateLimit: write,
  // 1 to 50 tracking numbers, all or none detached ("Up to 50", ${DOC}/Stop-Order).
  request: Named.as<StopOrderRequest>()(StopOrderRequest),
  data: Ack
})
/**
 * `POST /api/v2/copy/spot-follower/stop-order`: detaches spot copies from the trader: the coins stay in the account, the copies stop
 * following the trader's sells. 1/s per UID.
 */
export const stopOrder = Operation.make(StopOrder)

export const FollowSettings = Schema.Struct({
  /** Whether this account follows the trader. */
  enable: YES_NO,
  /** The trader's profit share, percent. */
  profitRate: Absent.optional(Decimal),
  settledInDays: Absent.optional(Schema.NumberFromString),
  traderName: Absent.optional(Schema.String),
  traderHeadPic: Absent.optional(Schema.String),
  /** This account's settings; the page spells the ratios `...Ration`. */
  tradeSettingList: Schema.optionalWith(
    Schema.Array(Schema.Struct({
      symbol: Schema.String,
      traceType: OpenEnum("percent", "amount", "count", "FIXED_AMOUNT"),
      maxTraceAmount: Absent.optional(Decimal),
      stopLossRation: Absent.optional(Decimal),
      stopSurplusRation: Absent.optional(Decimal)
    })),
    { default: () => [] }
  ),
  /** What each symbol allows. */
  tradeSymbolSettingList: Schema.optionalWith(
    Schema.Array(Schema.Struct({
      symbol: Schema.String,
      minTraceAmount: Absent.optional(Decimal),
      maxTraceAmount: Absent.optional(Decimal),
      maxTraceAmountSystem: Absent.optional(Decimal),
      minTraceSize: Absent.optional(Decimal),
      maxTraceSize: Absent.optional(Decimal),
      minTraceRation: Absent.optional(Decimal),
      maxTraceRation: Absent.optional(Decimal),
      minStopLossRation: Absent.optional(Decimal),
      maxStopLossRation: Absent.optional(Decimal),
      minStopSurplusRation: Absent.optional(Decimal),
      maxStopSurplusRation: Absent.optional(Decimal),
      sliderMaxStopLossRatio: Absent.optional(Decimal),
      sliderMaxStopSurplusRatio: Absent.optional(Decimal)
    })),
    { default: () => [] }
  )
})
export interface FollowSettings extends Schema.Schema.Type<typeof FollowSettings> {}

const QuerySettings = Endpoint.get("/api/v2/copy/spot-follower/query-settings", {
  name: "copyTrading.spotFollower.querySettings",
  signed: true,
  rateLimit: read,
  request: Named.as<TraderRef>()(TraderRef),
  data: Named.as<FollowSettings>()(FollowSettings)
})
/**
 * `GET /api/v2/copy/spot-follower/query-settings`: whether this account follows a spot trader, its settings and each symbol's bounds. 5/s per
 * UID.
 */
export const querySettings = Operation.make(QuerySettings)

/** A spot trader this account follows. */
export const MySpotTrader = Schema.Struct({
  traderId: Schema.String,
  traderName: Absent.optional(Schema.String),
  certificationType: Absent.optional(OpenEnum("Uncertified", "Certified")),
  maxFollowLimit: Absent.optional(Schema.NumberFromString),
  followCount: Absent.optional(Schema.NumberFromString),
  bgbMaxFollowLimit: Absent.optional(Schema.NumberFromString),
  bgbFollowCount: Absent.optional(Schema.NumberFromString),
  traceTotalAmount: Absent.optional(Decimal),
  traceTotalNetProfit: Absent.optional(Decimal),
  traceTotalProfit: Absent.optional(Decimal),
  followerTime: Timestamp
})
export interface MySpotTrader extends Schema.Schema.Type<typeof MySpotTrader> {}

const QueryTraders = Endpoint.list("/api/v2/copy/spot-follower/query-traders", {
  name: "copyTrading.spotFollower.queryTraders",
  signed: true,
  rateLimit: read,
  request: Named.as<PagedSince>()(PagedSince),
  data: Schema.Struct({ resultList: Schema.Array(Named.as<MySpotTrader>()(MySpotTrader)) }),
  pagination: {
    list: "resultList",
    cursor: Pagination.page("pageNo"),
    limit: { param: "pageSize", max: 50, source: `${DOC}/Query-Traders` }
  }
})
/**
 * `GET /api/v2/copy/spot-follower/query-traders`: the spot traders this account follows, by page number (at most 50 a page). 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 50 a page (`pageSize`).
 */
export const queryTraders = Operation.make(QueryTraders)

export const SettingsRequest = Schema.Struct({
  traderId: Uid,
  autoCopy: Schema.optional(AutoCopy),
  mode: Schema.optional(FollowMode),
  // No maximum: neither edition of the spot page prints one (${DOC}/Settings; the futures page's 10 is
  // not repeated there), so none is invented here.
  settings: settingList(SpotFollowSetting)
})
export interface SettingsRequest extends Schema.Schema.Type<typeof SettingsRequest> {}

const Settings = Endpoint.post("/api/v2/copy/spot-follower/settings", {
  name: "copyTrading.spotFollower.settings",
  signed: true,
  rateLimit: write,
  request: Named.as<SettingsRequest>()(SettingsRequest),
  data: Ack
})
/**
 * `POST /api/v2/copy/spot-follower/settings`: follows a spot trader, or changes how, per symbol: sizing, the most to buy (`maxHoldSize`)
 * and TP/SL ratios (integer percent). 1/s per UID.
 */
export const settings = Operation.make(Settings)

const CancelTrader = Endpoint.post("/api/v2/copy/spot-follower/cancel-trader", {
  name: "copyTrading.spotFollower.cancelTrader",
  signed: true,
  rateLimit: write,
  request: Named.as<TraderRef>()(TraderRef),
  data: Ack
})
/** `POST /api/v2/copy/spot-follower/cancel-trader`: stops following a spot trader. 1/s per UID. */
export const cancelTrader = Operation.make(CancelTrader)

const TraderSymbols = Endpoint.get("/api/v2/copy/spot-follower/query-trader-symbols", {
  name: "copyTrading.spotFollower.traderSymbols",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<TraderRef>()(TraderRef),
  data: Schema.Struct({
    currentTradingList: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] })
  })
})
/**
 * `GET /api/v2/copy/spot-follower/query-trader-symbols`: the symbols a spot trader offers for copying. 10/s per UID.
 */
export const traderSymbols = Operation.make(TraderSymbols)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CurrentOrders,
  HistoryOrders,
  SettingTpsl,
  CloseTracking,
  QuerySettings,
  QueryTraders,
  Settings,
  CancelTrader,
  StopOrder,
  TraderSymbols
]
