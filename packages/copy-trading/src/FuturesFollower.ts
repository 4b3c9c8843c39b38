/**
 * The futures follower's side (`/api/v2/copy/mix-follower/...`): the copies (tracking orders)
 * of the traders it follows, their TP/SL and closing, its per-symbol follow settings (how big a
 * copy is: a multiple of the trader's size, a fixed margin or a fixed size; caps; TP/SL ratios),
 * and starting or ending a follow.
 *
 * Pages: https://www.bitget.com/api-doc/copytrading/future-copytrade/follower/...; rate limits
 * from the 2024-08-15 changelog (5/s per UID; the quantity limit query has no row: 10/s).
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
  Ack,
  AutoCopy,
  endIdPages,
  FollowMode,
  FuturesClosedTrack,
  FuturesFollowSetting,
  futuresTrackFields,
  hasTpsl,
  idPaging,
  inWindow,
  lastRowPages,
  numberedPages,
  PagedSince,
  ProductType,
  settingList,
  tpslPrices,
  TrackingNo,
  trackingPage,
  TraderRef,
  Uid
} from "./Schemas.js"

const DOC = "https://www.bitget.com/api-doc/copytrading/future-copytrade/follower"
const limit5 = RateLimit.uid(5)

/** A follower's open copy of a trader's futures position. */
export const FollowerTrack = Schema.Struct({
  ...futuresTrackFields,
  traderId: Schema.String,
  traderName: Absent.optional(Schema.String),
  /** The follower pages spell the average prices `openAvgPrice` / `closeAvgPrice`. */
  openAvgPrice: Decimal,
  closeOrderId: Absent.optional(Schema.String),
  closeAvgPrice: Absent.optional(Decimal),
  closeSize: Absent.optional(Decimal),
  closeTime: Absent.optional(Timestamp),
  /** The margin the copy holds. */
  openMarginSz: Absent.optional(Decimal),
  presetStopSurplusPrice: Absent.optional(Decimal),
  presetStopLossPrice: Absent.optional(Decimal)
})
export interface FollowerTrack extends Schema.Schema.Type<typeof FollowerTrack> {}

export const CurrentOrdersRequest = Schema.Struct({
  productType: ProductType,
  symbol: Schema.optional(Schema.String),
  traderId: Schema.optional(Uid),
  // Default 20, at most 100 (Query-Current-Orders).
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface CurrentOrdersRequest extends Schema.Schema.Type<typeof CurrentOrdersRequest> {}

const CurrentOrders = Endpoint.list("/api/v2/copy/mix-follower/query-current-orders", {
  name: "copyTrading.futuresFollower.currentOrders",
  signed: true,
  rateLimit: limit5,
  request: Named.as<CurrentOrdersRequest>()(CurrentOrdersRequest),
  // The page's example answers a bare array (no `endId`): the cursor is the last row's number.
  data: Schema.Array(Named.as<FollowerTrack>()(FollowerTrack)),
  pagination: lastRowPages(100, `${DOC}/Query-Current-Orders`, 20)
})
/**
 * `GET /api/v2/copy/mix-follower/query-current-orders`: the follower's open copies, newest first: at most 100 a page, cursor `idLessThan` = the last
 * row's `trackingNo`, three-month ranges by open time. 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `trackingNo`; at most 100 a page (`limit`, 20 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const currentOrders = Operation.make(CurrentOrders)

export const HistoryOrdersRequest = Schema.Struct({
  productType: ProductType,
  symbol: Schema.optional(Schema.String),
  traderId: Schema.optional(Uid),
  // Default 20, at most 100 (Query-History-Orders).
  ...idPaging
}).pipe(Schema.filter(inWindow))
export interface HistoryOrdersRequest extends Schema.Schema.Type<typeof HistoryOrdersRequest> {}

const HistoryOrders = Endpoint.list("/api/v2/copy/mix-follower/query-history-orders", {
  name: "copyTrading.futuresFollower.historyOrders",
  signed: true,
  rateLimit: limit5,
  request: Named.as<HistoryOrdersRequest>()(HistoryOrdersRequest),
  data: trackingPage(Named.as<FuturesClosedTrack>()(FuturesClosedTrack)),
  pagination: endIdPages("trackingList", "trackingNo", 100, `${DOC}/Query-History-Orders`, "openTime", 20)
})
/**
 * `GET /api/v2/copy/mix-follower/query-history-orders`: the follower's closed copies with profit, net profit and rate, newest first: at most 100 a
 * page, cursor `endId`, three-month ranges. 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const historyOrders = Operation.make(HistoryOrders)

export const SettingTpslRequest = Schema.Struct({
  trackingNo: TrackingNo,
  productType: ProductType,
  symbol: Schema.optional(Schema.String),
  ...tpslPrices
}).pipe(Schema.filter(hasTpsl))
export interface SettingTpslRequest extends Schema.Schema.Type<typeof SettingTpslRequest> {}

const SettingTpsl = Endpoint.post("/api/v2/copy/mix-follower/setting-tpsl", {
  name: "copyTrading.futuresFollower.settingTpsl",
  signed: true,
  rateLimit: limit5,
  request: Named.as<SettingTpslRequest>()(SettingTpslRequest),
  data: Ack
})
/**
 * `POST /api/v2/copy/mix-follower/setting-tpsl`: sets the take-profit and/or stop-loss price of one of the follower's own copies. 5/s per UID.
 */
export const settingTpsl = Operation.make(SettingTpsl)

export const ClosePositionsRequest = Schema.Struct({
  productType: ProductType,
  /**
   * One copy; without it, every copy matching the fields below closes, and with `productType`
   * alone every copy of the product type: only `productType` is required on Bitget's page
   * (https://www.bitget.com/api-doc/copytrading/future-copytrade/follower/Close-Positions).
   */
  trackingNo: Schema.optional(TrackingNo),
  symbol: Schema.optional(Schema.String),
  marginCoin: Schema.optional(Schema.String),
  /** The copy pages write `cross` (not the futures line's `crossed`). */
  marginMode: Schema.optional(Spelling.literal("isolated", "cross")),
  /** Needed in hedge mode, ignored in one-way mode (Bitget's page). */
  holdSide: Schema.optional(Spelling.literal("long", "short"))
})
export interface ClosePositionsRequest extends Schema.Schema.Type<typeof ClosePositionsRequest> {}

const ClosePositions = Endpoint.post("/api/v2/copy/mix-follower/close-positions", {
  name: "copyTrading.futuresFollower.closePositions",
  signed: true,
  rateLimit: limit5,
  request: Named.as<ClosePositionsRequest>()(ClosePositionsRequest),
  data: Schema.Struct({ orderIdList: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] }) })
})
/**
 * `POST /api/v2/copy/mix-follower/close-positions`: closes copies at market: one by `trackingNo`, or all on a symbol (and side, margin mode),
 * or, with `productType` alone, every copy of the product type. Answers the closing order ids. Never resent by the client
 * (a lost answer surfaces as `TransportError`; read `currentOrders` to see what closed). 5/s per UID.
 */
export const closePositions = Operation.make(ClosePositions)

/** A follow setting as `querySettings` answers it. */
export const FollowSettingRow = Schema.Struct({
  symbol: Schema.String,
  productType: OpenEnum("USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"),
  marginType: OpenEnum("trader", "specify"),
  marginCoin: Absent.optional(Schema.String),
  leverType: OpenEnum("position", "specify", "trader"),
  longLeverage: Absent.optional(Decimal),
  shortLeverage: Absent.optional(Decimal),
  traceType: OpenEnum("percent", "amount", "count"),
  traceValue: Absent.optional(Decimal),
  maxHoldSize: Absent.optional(Decimal),
  stopSurplusRatio: Absent.optional(Decimal),
  stopLossRatio: Absent.optional(Decimal)
})
export interface FollowSettingRow extends Schema.Schema.Type<typeof FollowSettingRow> {}

export const FollowSettings = Schema.Struct({
  /** Whether this account follows the trader. */
  followerEnable: YES_NO,
  /** Newer pages call the list `detailList`; older ones `details`. */
  detailList: Schema.optionalWith(Schema.Array(Named.as<FollowSettingRow>()(FollowSettingRow)), {
    default: () => []
  }),
  details: Schema.optional(Schema.Array(Named.as<FollowSettingRow>()(FollowSettingRow)))
})
export interface FollowSettings extends Schema.Schema.Type<typeof FollowSettings> {}

const QuerySettings = Endpoint.get("/api/v2/copy/mix-follower/query-settings", {
  name: "copyTrading.futuresFollower.querySettings",
  signed: true,
  rateLimit: limit5,
  request: Named.as<TraderRef>()(TraderRef),
  data: Named.as<FollowSettings>()(FollowSettings)
})
/**
 * `GET /api/v2/copy/mix-follower/query-settings`: whether this account follows a trader, and its settings per symbol. 5/s per UID.
 */
export const querySettings = Operation.make(QuerySettings)

export const QuantityLimitRequest = Schema.Struct({ symbol: Schema.optional(Schema.String), productType: ProductType })
export interface QuantityLimitRequest extends Schema.Schema.Type<typeof QuantityLimitRequest> {}

export const FollowQuantityLimit = Schema.Struct({
  symbol: Schema.String,
  minFollowSize: Decimal,
  maxFollowSize: Decimal
})
export interface FollowQuantityLimit extends Schema.Schema.Type<typeof FollowQuantityLimit> {}

const QuantityLimit = Endpoint.get("/api/v2/copy/mix-follower/query-quantity-limit", {
  name: "copyTrading.futuresFollower.quantityLimit",
  signed: true,
  // Bitget's copy-trading page Query-Quantity-Limit prints 10/s per IP;
  // rate-limits.tsv has no row for it.
  rateLimit: RateLimit.ip(10),
  // `symbol` is optional: without it every symbol of the product type (Query-Quantity-Limit, "symbol String No").
  request: Named.as<QuantityLimitRequest>()(QuantityLimitRequest),
  data: Schema.Array(Named.as<FollowQuantityLimit>()(FollowQuantityLimit))
})
/**
 * `GET /api/v2/copy/mix-follower/query-quantity-limit`: the smallest and largest copy size each symbol allows a follower (one symbol, or every
 * symbol of the product type). 10/s per IP (Bitget's page).
 */
export const quantityLimit = Operation.make(QuantityLimit)

export const SettingsRequest = Schema.Struct({
  traderId: Uid,
  autoCopy: Schema.optional(AutoCopy),
  mode: Schema.optional(FollowMode),
  // At most 10 symbols a call (Settings).
  settings: settingList(FuturesFollowSetting, 10)
})
export interface SettingsRequest extends Schema.Schema.Type<typeof SettingsRequest> {}

const Settings = Endpoint.post("/api/v2/copy/mix-follower/settings", {
  name: "copyTrading.futuresFollower.settings",
  signed: true,
  rateLimit: limit5,
  request: Named.as<SettingsRequest>()(SettingsRequest),
  data: Ack
})
/**
 * `POST /api/v2/copy/mix-follower/settings`: follows a trader, or changes how: per symbol (1 to 10 a call) the sizing (`traceType` and
 * `traceValue`), the cap (`maxHoldSize`), margin and leverage choices and TP/SL ratios (integer
 * percent, 1–400). 5/s per UID.
 */
export const settings = Operation.make(Settings)

const CancelTrader = Endpoint.post("/api/v2/copy/mix-follower/cancel-trader", {
  name: "copyTrading.futuresFollower.cancelTrader",
  signed: true,
  rateLimit: limit5,
  request: Named.as<TraderRef>()(TraderRef),
  data: Ack
})
/**
 * `POST /api/v2/copy/mix-follower/cancel-trader`: stops following a trader (open copies must be closed first, `40852`). 5/s per UID.
 */
export const cancelTrader = Operation.make(CancelTrader)

/** A trader this account follows. */
export const MyTrader = Schema.Struct({
  traderId: Schema.String,
  traderName: Absent.optional(Schema.String),
  certificationType: Absent.optional(OpenEnum("Uncertified", "Certified")),
  maxFollowLimit: Absent.optional(Schema.NumberFromString),
  followCount: Absent.optional(Schema.NumberFromString),
  bgbMaxFollowLimit: Absent.optional(Schema.NumberFromString),
  bgbFollowCount: Absent.optional(Schema.NumberFromString),
  traceTotalMarginAmount: Absent.optional(Decimal),
  traceTotalNetProfit: Absent.optional(Decimal),
  traceTotalProfit: Absent.optional(Decimal),
  currentTradingPairs: Schema.optionalWith(Schema.Array(Schema.String), { default: () => [] }),
  followerTime: Timestamp
})
export interface MyTrader extends Schema.Schema.Type<typeof MyTrader> {}

const QueryTraders = Endpoint.list("/api/v2/copy/mix-follower/query-traders", {
  name: "copyTrading.futuresFollower.queryTraders",
  signed: true,
  rateLimit: limit5,
  request: Named.as<PagedSince>()(PagedSince),
  data: Schema.Array(Named.as<MyTrader>()(MyTrader)),
  pagination: numberedPages(50, `${DOC}/Query-Traders`)
})
/**
 * `GET /api/v2/copy/mix-follower/query-traders`: the traders this account follows, by page number (at most 50 a page). 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 50 a page (`pageSize`).
 */
export const queryTraders = Operation.make(QueryTraders)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  ClosePositions,
  CurrentOrders,
  HistoryOrders,
  SettingTpsl,
  QuerySettings,
  QuantityLimit,
  Settings,
  CancelTrader,
  QueryTraders
]
