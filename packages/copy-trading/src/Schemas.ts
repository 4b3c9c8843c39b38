/**
 * What the copy trading sides share: product types, page sizes and windows, tracking numbers,
 * the tracking orders (futures and spot) as traders, followers and brokers see them, the profit
 * share record, and a follower's per-symbol settings.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, DecimalInput, PositiveDecimalInput, toBigDecimal } from "@effect-bitget/core/Decimal"
import { YesNo } from "@effect-bitget/core/Flag"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"

/**
 * Copy trading runs on the real futures lines only (no demo product types on these pages). The
 * parameter tables write `USDT-FUTURES`, the pages' own examples send `usdt-futures`
 * (https://www.bitget.com/api-doc/copytrading/future-copytrade/trader/Trader-Order-Close-Positions,
 * .../follower/Close-Positions, .../trader/Trader-Order-Current-Track): any letter case is
 * accepted and the table's spelling is sent.
 */
export const ProductType = Spelling.literal("USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES")
export type ProductType = typeof ProductType.Type

/** A tracking number (`trackingNo`): a numeric id. */
export const TrackingNo = Limit.Cursor

/** A trader's or follower's uid. */
export const Uid = Schema.String.pipe(Schema.minLength(1, { message: () => "Expected a uid" }))

/** Three months, as Bitget's copy trading pages put the longest `[startTime, endTime]` span. */
export const WINDOW_DAYS = 90
const WINDOW_MS = WINDOW_DAYS * 24 * 60 * 60 * 1000

/**
 * The copy trading time rule: `startTime` not after `endTime`, and the two at most three months
 * apart ("The maximum time span supported is three months", on every copy trading list page).
 */
export const inWindow = (
  request: { readonly startTime?: DateTime.Utc | undefined; readonly endTime?: DateTime.Utc | undefined }
) => {
  if (request.startTime === undefined || request.endTime === undefined) return true
  const span = DateTime.toEpochMillis(request.endTime) - DateTime.toEpochMillis(request.startTime)
  if (span < 0) return "startTime must not be after endTime"
  return span <= WINDOW_MS || `endTime - startTime must be at most ${WINDOW_DAYS} days`
}

/**
 * The id-cursor paging fields of the tracking and profit lists. The largest `limit` is the
 * declaration's `pagination.limit.max`, which the client checks before sending.
 */
export const idPaging = {
  /** Older rows: the previous page's `endId` (or last `trackingNo`). */
  idLessThan: Schema.optional(Limit.Cursor),
  /** Newer rows. */
  idGreaterThan: Schema.optional(Limit.Cursor),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize)
}

/** The page-number paging fields of the follower, trader and profit-share lists (`pageSize` checked as above). */
export const pageNoPaging = {
  pageNo: Schema.optional(Limit.PageNumber),
  pageSize: Schema.optional(Limit.PageSize)
}

/**
 * A futures take-profit or stop-loss ratio in percent: an integer from 1 to 400 (`"100"` is 100%),
 * "positive integers within 1-400" on the trader's Config-Setting-Symbols and follower's Settings pages.
 */
export const StopRatio = DecimalInput.pipe(
  Schema.filter((input) => {
    const value = toBigDecimal(input)
    const integer = BigDecimal.equals(BigDecimal.truncate(value), value)
    return (integer && !BigDecimal.lessThan(value, one) && !BigDecimal.greaterThan(value, fourHundred)) ||
      "Expected an integer percentage from 1 to 400"
  })
)
/**
 * A spot TP/SL ratio in percent: "can only be a positive integer" (spot follower Settings); no
 * upper bound is printed (the settings query shows symbols allowing 500).
 */
export const SpotStopRatio = DecimalInput.pipe(
  Schema.filter((input) => {
    const value = toBigDecimal(input)
    return (BigDecimal.isPositive(value) && BigDecimal.equals(BigDecimal.truncate(value), value)) ||
      "Expected a positive integer percentage"
  })
)
const one = BigDecimal.fromBigInt(1n)
const fourHundred = BigDecimal.fromBigInt(400n)

/** A leverage: a positive integer. */
export const Leverage = DecimalInput.pipe(
  Schema.filter((input) => {
    const value = toBigDecimal(input)
    return (BigDecimal.isPositive(value) && BigDecimal.equals(BigDecimal.truncate(value), value)) ||
      "Expected a positive integer leverage"
  })
)

/**
 * How a follower sizes its copies: `percent` (a multiple of the trader's size: `"1"` the same,
 * `"2"` twice), `amount` (a fixed margin per copy, in the margin coin) or `count` (a fixed size).
 */
export const TraceType = Spelling.literal("percent", "amount", "count")
export type TraceType = typeof TraceType.Type

/** `on`: copy new symbols the trader opens (basic mode only). */
export const AutoCopy = Spelling.literal("on", "off")
/** `advanced` (the default) honours every per-symbol field; `basic` only the sizing. */
export const FollowMode = Spelling.literal("basic", "advanced")

/** A follower's settings for one futures symbol, as sent to `settings`. */
export const FuturesFollowSetting = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  /** `trader`: copy the trader's margin mode; `specify`: keep your own. */
  marginType: Spelling.literal("trader", "specify"),
  marginCoin: Schema.optional(Schema.String),
  /** `position`: the position's leverage; `specify`: `longLeverage`/`shortLeverage`; `trader`: the trader's. */
  leverType: Spelling.literal("position", "specify", "trader"),
  longLeverage: Schema.optional(Leverage),
  shortLeverage: Schema.optional(Leverage),
  traceType: TraceType,
  /**
   * The ratio, margin amount or size that `traceType` names; greater than zero. Required: the
   * current edition of https://www.bitget.com/api-doc/copytrading/future-copytrade/follower/Settings
   * prints "traceValue String Yes" (copy in sebastianganser/Bitget_API, December 2025; an older
   * edition said No), and tiagosiebler/bitget-api types it required.
   */
  traceValue: PositiveDecimalInput,
  /** The most this follower holds on the symbol through copies. */
  maxHoldSize: Schema.optional(PositiveDecimalInput),
  stopSurplusRatio: Schema.optional(StopRatio),
  stopLossRatio: Schema.optional(StopRatio)
}).pipe(
  Schema.filter((setting) =>
    !Spelling.is(setting.leverType, "specify") || setting.longLeverage !== undefined ||
    setting.shortLeverage !== undefined ||
    "longLeverage or shortLeverage is required when leverType is specify"
  )
)
export type FuturesFollowSetting = typeof FuturesFollowSetting.Type

/** A follower's settings for one spot symbol, as sent to `settings`. */
export const SpotFollowSetting = Schema.Struct({
  symbol: Schema.String,
  /** `count` takes effect in `advanced` mode only (Bitget's page). */
  traceType: TraceType,
  /** The most this follower buys of the symbol through copies (required on Bitget's page). */
  maxHoldSize: PositiveDecimalInput,
  /**
   * Required on the current page (https://www.bitget.com/api-doc/copytrading/spot-copytrade/follower/Settings,
   * "traceValue String Yes"; an older edition said No).
   */
  traceValue: PositiveDecimalInput,
  stopLossRatio: Schema.optional(SpotStopRatio),
  stopSurplusRatio: Schema.optional(SpotStopRatio)
})
export type SpotFollowSetting = typeof SpotFollowSetting.Type

/** A list of settings: at least one, and at most `max` when the page prints a maximum. */
export const settingList = <A, I>(item: Schema.Schema<A, I>, max?: number) => {
  const some = Schema.Array(item).pipe(Schema.minItems(1, { message: () => "Expected at least one setting" }))
  return max === undefined
    ? some
    : some.pipe(Schema.maxItems(max, { message: () => `Expected at most ${max} settings` }))
}

/** Position sides of a futures tracking order. */
export const PosSide = OpenEnum("long", "short")

/** The fields every futures tracking order has, whoever looks at it. */
export const futuresTrackFields = {
  trackingNo: Schema.String,
  symbol: Schema.String,
  posSide: PosSide,
  openOrderId: Schema.String,
  openLeverage: Decimal,
  openTime: Timestamp,
  openSize: Decimal
}

/** A futures tracking order still open, as its trader sees it. */
export const FuturesTraderTrack = Schema.Struct({
  ...futuresTrackFields,
  openPriceAvg: Decimal,
  presetStopSurplusPrice: Absent.optional(Decimal),
  presetStopLossPrice: Absent.optional(Decimal),
  openFee: Absent.optional(Decimal),
  /** How many followers copied it. */
  followCount: Absent.optional(Schema.NumberFromString)
})
export interface FuturesTraderTrack extends Schema.Schema.Type<typeof FuturesTraderTrack> {}

/** How a tracking order was closed. */
export const StopType = OpenEnum("profit", "loss", "trader", "follower", "liquidation", "system")

/** A closed futures tracking order (trader or follower side). */
export const FuturesClosedTrack = Schema.Struct({
  ...futuresTrackFields,
  productType: Absent.optional(OpenEnum("USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES")),
  closeOrderId: Absent.optional(Schema.String),
  openPriceAvg: Decimal,
  closeSize: Absent.optional(Decimal),
  closeTime: Absent.optional(Timestamp),
  closePriceAvg: Absent.optional(Decimal),
  stopType: Absent.optional(StopType),
  achievedPL: Absent.optional(Decimal),
  openFee: Absent.optional(Decimal),
  closeFee: Absent.optional(Decimal),
  /** Follower side: profit after fees and the trader's share, and its rate. */
  netProfit: Absent.optional(Decimal),
  profitRate: Absent.optional(Decimal),
  /** Follower side: whom it copied. */
  traderId: Absent.optional(Schema.String),
  cTime: Absent.optional(Timestamp)
})
export interface FuturesClosedTrack extends Schema.Schema.Type<typeof FuturesClosedTrack> {}

/** A spot tracking order still open (a copied buy not sold yet). */
export const SpotOpenTrack = Schema.Struct({
  trackingNo: Schema.String,
  symbol: Schema.String,
  /** Trader side: the buy order behind it. */
  orderId: Absent.optional(Schema.String),
  /** Follower side: whom it copied. */
  traderId: Absent.optional(Schema.String),
  buyFillSize: Decimal,
  buyDelegateSize: Absent.optional(Decimal),
  buyPrice: Decimal,
  unrealizedPL: Absent.optional(Decimal),
  /** Percent: `"11.11"` is 11.11%. */
  unrealizedPLR: Absent.optional(Decimal),
  buyTime: Timestamp,
  buyFee: Absent.optional(Decimal),
  stopSurplusPrice: Absent.optional(Decimal),
  stopLossPrice: Absent.optional(Decimal),
  followCount: Absent.optional(Schema.NumberFromString)
})
export interface SpotOpenTrack extends Schema.Schema.Type<typeof SpotOpenTrack> {}

/** A spot tracking order that was sold. */
export const SpotClosedTrack = Schema.Struct({
  trackingNo: Schema.String,
  symbol: Schema.String,
  traderId: Absent.optional(Schema.String),
  fillSize: Decimal,
  buyPrice: Decimal,
  sellPrice: Absent.optional(Decimal),
  buyFee: Absent.optional(Decimal),
  sellFee: Absent.optional(Decimal),
  achievedPL: Absent.optional(Decimal),
  /** Percent. */
  achievedPLR: Absent.optional(Decimal),
  netProfit: Absent.optional(Decimal),
  buyTime: Timestamp,
  sellTime: Absent.optional(Timestamp),
  followCount: Absent.optional(Schema.NumberFromString)
})
export interface SpotClosedTrack extends Schema.Schema.Type<typeof SpotClosedTrack> {}

/** One profit share paid to a trader from a follower's profit. */
export const ProfitRecord = Schema.Struct({
  profitId: Schema.String,
  coin: Schema.String,
  profit: Decimal,
  /** Futures pages call the follower `nickName`, spot pages `followerName`. */
  nickName: Absent.optional(Schema.String),
  followerName: Absent.optional(Schema.String),
  /** Spot: the share ratio in percent (`"8"` is 8%). */
  distributeRatio: Absent.optional(Decimal),
  profitTime: Timestamp
})
export interface ProfitRecord extends Schema.Schema.Type<typeof ProfitRecord> {}

/** A page of profit records; `endId` feeds `idLessThan`. */
export const ProfitRecords = Schema.Struct({
  profitList: Schema.Array(Named.as<ProfitRecord>()(ProfitRecord)),
  endId: Absent.optional(Schema.String)
})
export interface ProfitRecords extends Schema.Schema.Type<typeof ProfitRecords> {}

/** A profit share not paid yet (settled later), per follower. */
export const PendingProfit = Schema.Struct({
  coin: Schema.String,
  profit: Decimal,
  nickName: Absent.optional(Schema.String),
  followerName: Absent.optional(Schema.String),
  distributeRatio: Absent.optional(Decimal)
})
export interface PendingProfit extends Schema.Schema.Type<typeof PendingProfit> {}

/** A follower as its trader lists it. */
export const Follower = Schema.Struct({
  followerUid: Schema.String,
  followerName: Absent.optional(Schema.String),
  followerHeadPic: Absent.optional(Schema.String),
  accountEquity: Absent.optional(Decimal),
  /** Whether the trader may remove this follower now. */
  isRemove: Absent.optional(YesNo),
  /** When the follow began. */
  followerTime: Timestamp
})
export interface Follower extends Schema.Schema.Type<typeof Follower> {}

/** A point of a trader's ROI curve. */
export const RatePoint = Schema.Struct({ rate: Decimal, ctime: Timestamp })
/** A point of a trader's profit curve. */
export const AmountPoint = Schema.Struct({ amount: Decimal, ctime: Timestamp })

/** The figures of a trader's tracking summary that both lines show. */
export const totalDetailFields = {
  tradingOrderNum: Absent.optional(Schema.NumberFromString),
  totalFollowerNum: Absent.optional(Schema.NumberFromString),
  currentFollowerNum: Absent.optional(Schema.NumberFromString),
  /** Total profit; the futures page prints it with a `$` (`"$46.95"`), so it stays text. */
  totalpl: Absent.optional(Schema.String),
  gainNum: Absent.optional(Schema.NumberFromString),
  lossNum: Absent.optional(Schema.NumberFromString),
  /** Percent. */
  winRate: Absent.optional(Decimal),
  totalEquity: Absent.optional(Decimal),
  lastWeekRoiList: Schema.optionalWith(Schema.Array(RatePoint), { default: () => [] }),
  lastWeekProfitList: Schema.optionalWith(Schema.Array(AmountPoint), { default: () => [] }),
  lastMonthRoiList: Schema.optionalWith(Schema.Array(RatePoint), { default: () => [] }),
  lastMonthProfitList: Schema.optionalWith(Schema.Array(AmountPoint), { default: () => [] })
}

/** The yesterday/total/waiting figures of a trader's profit share summary. */
export const ProfitSummary = Schema.Struct({
  yesterdayProfit: Absent.optional(Decimal),
  sumProfit: Absent.optional(Decimal),
  /** Shares earned but not paid yet. */
  waitProfit: Absent.optional(Decimal),
  yesterdayTime: Absent.optional(Timestamp)
})

/** The `data` of a write that answers with a word (`"success"`) or nothing. */
export const Ack = Schema.Union(Schema.String, Schema.Null)

/** A list of tracking numbers: at least one. */
export const TrackingNoList = Schema.Array(TrackingNo).pipe(
  Schema.minItems(1, { message: () => "Expected at least one trackingNo" })
)

/** At most 50 tracking numbers ("Up to 50", https://www.bitget.com/api-doc/copytrading/spot-copytrade/follower/Stop-Order). */
export const TrackingNoList50 = TrackingNoList.pipe(
  Schema.maxItems(50, { message: () => "Expected at most 50 trackingNo" })
)

/**
 * At least one of a TP or SL price: "One of stopSurplusPrice and stopLossPrice must be passed" on
 * Trader-Order-Modify-Tpsl and both spot TP/SL pages. The futures follower's Setting-Tpsl page does
 * not print it (an empty price "is ignored"); the rule is kept there too, as a call with neither
 * changes nothing.
 */
export const hasTpsl = (
  request: { readonly stopSurplusPrice?: unknown; readonly stopLossPrice?: unknown }
) =>
  request.stopSurplusPrice !== undefined || request.stopLossPrice !== undefined ||
  "stopSurplusPrice or stopLossPrice is required"

/**
 * The paging rule of the id-cursor lists: rows in `data[list]`, `idLessThan` ← `data.endId`, at most
 * `max` a page (`source` documents it), three-month windows on the rows' `time` field.
 */
export const endIdPages = <const L extends string>(
  list: L,
  id: string,
  max: number,
  source: string,
  time: string,
  byDefault?: number
) => ({
  list,
  cursor: Pagination.dataField("endId", id),
  limit: { param: "limit", max, default: byDefault, source },
  window: Pagination.window(`${WINDOW_DAYS} days`, time)
})

/** The paging rule of the bare-array tracking lists: `idLessThan` ← the last row's `trackingNo`. */
export const lastRowPages = (max: number, source: string, byDefault?: number) => ({
  cursor: Pagination.lastRow("trackingNo"),
  limit: { param: "limit", max, default: byDefault, source },
  window: Pagination.window(`${WINDOW_DAYS} days`, "openTime")
})

/** The paging rule of the page-number lists: `pageNo` 1, 2, … and at most `max` rows a page. */
export const numberedPages = (max: number, source: string, byDefault?: number) => ({
  cursor: Pagination.page("pageNo"),
  limit: { param: "pageSize", max, default: byDefault, source }
})

/** A page of tracking orders: `trackingList` and the `endId` to continue from. */
export const trackingPage = <A, I>(row: Schema.Schema<A, I>) =>
  Schema.Struct({ trackingList: Schema.Array(row), endId: Absent.optional(Schema.String) })

/**
 * A TP or SL price for a tracking order: a price, or `"0"` to cancel the one set ("When it is 0,
 * it means the original take-profit is canceled", Bitget's copy trading TP/SL pages).
 */
export const TpslPrice = DecimalInput.pipe(
  Schema.filter((input) => !BigDecimal.isNegative(toBigDecimal(input)) || "Expected a price, or 0 to cancel")
)

/** A new TP and/or SL price for a tracking order (one of them is required, see `hasTpsl`). */
export const tpslPrices = {
  stopSurplusPrice: Schema.optional(TpslPrice),
  stopLossPrice: Schema.optional(TpslPrice)
}

/** Spot: the TP/SL of one tracking order (trader's or follower's). */
export const SpotTpsl = Schema.Struct({ trackingNo: TrackingNo, ...tpslPrices }).pipe(Schema.filter(hasTpsl))
export interface SpotTpsl extends Schema.Schema.Type<typeof SpotTpsl> {}

/**
 * Spot: sell tracking orders of one symbol, 1 to 50 of them, all or none ("maximum: 50" on
 * spot-copytrade/trader/Order-Close-Tracking, "up to 50" on spot-copytrade/follower/Order-Close-Tracking).
 */
export const SpotClose = Schema.Struct({ symbol: Schema.String, trackingNoList: TrackingNoList50 })
export interface SpotClose extends Schema.Schema.Type<typeof SpotClose> {}

/** A page-number list with an optional three-month `[startTime, endTime]` (followers, traders followed). */
export const PagedSince = Schema.Struct({
  ...pageNoPaging,
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time)
}).pipe(Schema.filter(inWindow))
export interface PagedSince extends Schema.Schema.Type<typeof PagedSince> {}

/** A request naming one trader. */
export const TraderRef = Schema.Struct({ traderId: Uid })
export interface TraderRef extends Schema.Schema.Type<typeof TraderRef> {}

/** A request naming one follower. */
export const FollowerRef = Schema.Struct({ followerUid: Uid })
export interface FollowerRef extends Schema.Schema.Type<typeof FollowerRef> {}
