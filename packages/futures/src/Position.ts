/**
 * Open positions: one symbol's (both sides in hedge mode) or every position of a product type,
 * closed positions, and the positions' places in the auto-deleveraging queue.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { MarginCoin, ProductType } from "./Schemas.js"

/** One side of a position. Unset take-profit and stop-loss arrive as `""` (absent here). */
export const Position = Schema.Struct({
  marginCoin: Schema.String,
  symbol: Schema.String,
  holdSide: OpenEnum("long", "short"),
  /** Size of open orders that would add to this position. */
  openDelegateSize: Absent.optional(Decimal),
  marginSize: Decimal,
  available: Decimal,
  locked: Decimal,
  total: Decimal,
  leverage: Decimal,
  achievedProfits: Absent.optional(Decimal),
  openPriceAvg: Decimal,
  marginMode: OpenEnum("crossed", "isolated"),
  posMode: OpenEnum("one_way_mode", "hedge_mode"),
  unrealizedPL: Absent.optional(Decimal),
  liquidationPrice: Absent.optional(Decimal),
  keepMarginRate: Absent.optional(Decimal),
  markPrice: Absent.optional(Decimal),
  marginRatio: Absent.optional(Decimal),
  breakEvenPrice: Absent.optional(Decimal),
  /** Funding fees accumulated over the position; absent until one is settled (Bitget sends ""). */
  totalFee: Absent.optional(Decimal),
  /** Trading fees paid over the position, positive (not `totalFee`, which is funding). */
  deductedFee: Absent.optional(Decimal),
  grant: Absent.optional(Decimal),
  assetMode: Absent.optional(OpenEnum("single", "union")),
  autoMargin: Absent.optional(OpenEnum("on", "off")),
  takeProfit: Absent.optional(Decimal),
  stopLoss: Absent.optional(Decimal),
  takeProfitId: Absent.optional(Schema.String),
  stopLossId: Absent.optional(Schema.String),
  cTime: Timestamp,
  uTime: Absent.optional(Timestamp)
})
export interface Position extends Schema.Schema.Type<typeof Position> {}

export const SinglePositionRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: MarginCoin
})
export interface SinglePositionRequest extends Schema.Schema.Type<typeof SinglePositionRequest> {}

export const SinglePosition = Endpoint.get("/api/v2/mix/position/single-position", {
  name: "futures.position.singlePosition",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SinglePositionRequest>()(SinglePositionRequest),
  data: Schema.Array(Named.as<Position>()(Position))
})
/**
 * `GET /api/v2/mix/position/single-position`: a symbol's position (an array: both sides in hedge
 * mode). 10/s per UID.
 */
export const singlePosition = Operation.make(SinglePosition)

export const AllPositionRequest = Schema.Struct({ productType: ProductType, marginCoin: Schema.optional(MarginCoin) })
export interface AllPositionRequest extends Schema.Schema.Type<typeof AllPositionRequest> {}

export const AllPosition = Endpoint.get("/api/v2/mix/position/all-position", {
  name: "futures.position.allPosition",
  signed: true,
  rateLimit: RateLimit.uid(5),
  // `marginCoin` is optional on the current page (older copies say required):
  // https://www.bitget.com/api-doc/contract/position/get-all-position
  request: Named.as<AllPositionRequest>()(AllPositionRequest),
  data: Schema.Array(Named.as<Position>()(Position))
})
/**
 * `GET /api/v2/mix/position/all-position`: every open position of a product type. 5/s per UID.
 * `marginCoin` narrows it to one margin coin.
 */
export const allPosition = Operation.make(AllPosition)

export const AdlRankRow = Schema.Struct({
  symbol: Schema.String,
  marginCoin: Schema.String,
  /** Deprecated by Bitget in favour of `rank`; older answers carry only this one. */
  adlRank: Absent.optional(Decimal),
  /** 0 to 1: the closer to 1, the sooner this position is reduced in an auto-deleveraging event. */
  rank: Absent.optional(Decimal),
  holdSide: Absent.optional(OpenEnum("long", "short"))
})
export interface AdlRankRow extends Schema.Schema.Type<typeof AdlRankRow> {}

export const AdlRankRequest = Schema.Struct({ productType: ProductType })
export interface AdlRankRequest extends Schema.Schema.Type<typeof AdlRankRequest> {}

export const AdlRank = Endpoint.get("/api/v2/mix/position/adlRank", {
  name: "futures.position.adlRank",
  signed: true,
  // Bitget's pages disagree (5/s on Get-Position-Adl, 20/s on Get-ADL-Rank); the stricter 5/s
  // (https://www.bitget.com/api-doc/contract/position/Get-Position-Adl).
  rateLimit: RateLimit.uid(5),
  request: Named.as<AdlRankRequest>()(AdlRankRequest),
  data: Schema.Array(Named.as<AdlRankRow>()(AdlRankRow))
})
/**
 * `GET /api/v2/mix/position/adlRank`: where each open position of a product type stands in the
 * auto-deleveraging queue (`rank`, 0 to 1: closer to 1, reduced sooner; `adlRank` is the
 * deprecated copy). Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/position/Get-Position-Adl). 5/s per UID.
 */
export const adlRank = Operation.make(AdlRank)

/** A closed position. Captured answers spell the times `ctime`/`utime`, the documentation `cTime`/`uTime`: either decodes. */
export const HistoryPositionRow = Schema.Struct({
  positionId: Absent.optional(Schema.String),
  marginCoin: Schema.String,
  symbol: Schema.String,
  holdSide: OpenEnum("long", "short"),
  openAvgPrice: Decimal,
  closeAvgPrice: Decimal,
  marginMode: OpenEnum("crossed", "isolated", "fixed"),
  openTotalPos: Decimal,
  closeTotalPos: Decimal,
  pnl: Decimal,
  netProfit: Decimal,
  totalFunding: Decimal,
  openFee: Decimal,
  closeFee: Decimal,
  cTime: Absent.optional(Timestamp),
  uTime: Absent.optional(Timestamp),
  ctime: Absent.optional(Timestamp),
  utime: Absent.optional(Timestamp)
})
export interface HistoryPositionRow extends Schema.Schema.Type<typeof HistoryPositionRow> {}

export const HistoryPositionRequest = Schema.Struct({
  symbol: Schema.optional(Schema.String),
  /** Default `USDT-FUTURES`; ignored when `symbol` is given. */
  productType: Schema.optional(ProductType),
  idLessThan: Schema.optional(Limit.Cursor),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  /** Default 20, at most 100. */
  limit: Schema.optional(Limit.PageSize)
})
export interface HistoryPositionRequest extends Schema.Schema.Type<typeof HistoryPositionRequest> {}

export const HistoryPosition = Endpoint.list("/api/v2/mix/position/history-position", {
  name: "futures.position.historyPosition",
  signed: true,
  rateLimit: RateLimit.uid(20),
  request: Named.as<HistoryPositionRequest>()(HistoryPositionRequest),
  data: Schema.Struct({
    list: Schema.Array(Named.as<HistoryPositionRow>()(HistoryPositionRow)),
    endId: Absent.optional(Schema.String)
  }),
  // https://www.bitget.com/api-doc/contract/position/Get-History-Position: 100 a page, 3 months a request.
  pagination: {
    list: "list",
    cursor: Pagination.dataField("endId", "positionId"),
    limit: {
      param: "limit",
      max: 100,
      default: 20,
      source: "https://www.bitget.com/api-doc/contract/position/Get-History-Position"
    },
    window: Pagination.window("90 days", "uTime"),
    // Closed positions "of the last three months" (the page above).
    history: Pagination.history("90 days", "https://www.bitget.com/api-doc/contract/position/Get-History-Position")
  }
})

/**
 * `GET /api/v2/mix/position/history-position`: closed positions of the last three months, newest
 * first: open and close average prices and sizes, PnL, funding and fees. At most 100 a page
 * (default 20), cursor `endId`, ranges of at most three months. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/position/Get-History-Position). 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 20 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window; the exchange
 * keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const historyPosition = Operation.make(HistoryPosition)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [SinglePosition, AllPosition, HistoryPosition, AdlRank]
