/**
 * V3 futures positions of a unified account: open positions (with `posSide`, leverage and margin
 * mode), closed positions, auto-deleveraging ranks, and moving positions between a main account
 * and its sub-accounts. Source: shared/reference/v3-unified-api.md §d.1 (Positions), go-bitget
 * `uta/position.go` for move-positions.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Schema from "effect/Schema"
import {
  BatchItem,
  CategoryOut,
  FuturesCategory,
  HoldModeOut,
  MarginModeOut,
  PosSide,
  PosSideOut,
  Side,
  SideOut,
  times
} from "./Schemas.js"

/** An open position: one side of one symbol. */
export const Position = Lazy.schema(() =>
  Schema.Struct({
    category: CategoryOut,
    symbol: Schema.String,
    marginCoin: Schema.String,
    holdMode: Absent.optional(HoldModeOut),
    posSide: PosSideOut,
    marginMode: Absent.optional(MarginModeOut),
    /** The margin held for it. */
    positionBalance: Absent.optional(Decimal),
    /** Size that can be closed now. */
    available: Absent.optional(Decimal),
    /** Size held by closing orders. */
    frozen: Absent.optional(Decimal),
    /** Size, in the base coin. */
    total: Decimal,
    leverage: Absent.optional(Decimal),
    curRealisedPnl: Absent.optional(Decimal),
    avgPrice: Absent.optional(Decimal),
    positionStatus: Absent.optional(OpenEnum("normal")),
    unrealisedPnl: Absent.optional(Decimal),
    liquidationPrice: Absent.optional(Decimal),
    /** Maintenance margin rate. */
    mmr: Absent.optional(Decimal),
    profitRate: Absent.optional(Decimal),
    markPrice: Absent.optional(Decimal),
    breakEvenPrice: Absent.optional(Decimal),
    totalFunding: Absent.optional(Decimal),
    openFeeTotal: Absent.optional(Decimal),
    closeFeeTotal: Absent.optional(Decimal),
    /** Cash dividend in USDT (go-bitget). */
    cashDividend: Absent.optional(Decimal),
    ...times
  })
)
export interface Position extends Schema.Schema.Type<typeof Position> {}

/** The request of `currentPosition`. */
export const CurrentPositionRequest = Lazy.schema(() =>
  Schema.Struct({
    category: FuturesCategory,
    symbol: Schema.optional(Schema.String),
    posSide: Schema.optional(PosSide)
  })
)
export interface CurrentPositionRequest extends Schema.Schema.Type<typeof CurrentPositionRequest> {}

/** The answer of `currentPosition`. */
export const Positions = Lazy.schema(() => Schema.Struct({ list: Schema.Array(Named.as<Position>()(Position)) }))
export interface Positions extends Schema.Schema.Type<typeof Positions> {}

export const CurrentPosition = Lazy.value(() =>
  Endpoint.get("/api/v3/position/current-position", {
    name: "unified.position.currentPosition",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Named.as<CurrentPositionRequest>()(CurrentPositionRequest),
    data: Named.as<Positions>()(Positions)
  })
)

/**
 * `GET /api/v3/position/current-position`: open positions of a futures `category`, of one
 * `symbol` or one `posSide`, with their size, average price, leverage, margin mode, unrealised
 * profit and liquidation price. 20/s per UID.
 */
export const currentPosition = Operation.make(CurrentPosition)

/** A closed position. */
export const HistoryPosition = Lazy.schema(() =>
  Schema.Struct({
    positionId: Schema.String,
    category: CategoryOut,
    symbol: Schema.String,
    marginCoin: Absent.optional(Schema.String),
    holdMode: Absent.optional(HoldModeOut),
    posSide: PosSideOut,
    marginMode: Absent.optional(MarginModeOut),
    openPriceAvg: Absent.optional(Decimal),
    closePriceAvg: Absent.optional(Decimal),
    openTotalPos: Absent.optional(Decimal),
    closeTotalPos: Absent.optional(Decimal),
    cumRealisedPnl: Absent.optional(Decimal),
    netProfit: Absent.optional(Decimal),
    totalFunding: Absent.optional(Decimal),
    openFeeTotal: Absent.optional(Decimal),
    closeFeeTotal: Absent.optional(Decimal),
    cashDividend: Absent.optional(Decimal),
    ...times
  })
)
export interface HistoryPosition extends Schema.Schema.Type<typeof HistoryPosition> {}

const history = Lazy.value(() => ({
  symbol: Schema.optional(Schema.String),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize),
  /** The `cursor` of the previous page's answer (the Streams feed it). */
  cursor: Schema.optional(Schema.String)
}))

/** The request of `historyPosition` and of `movePositionHistory`. */
export const HistoryRequest = Lazy.schema(() => Schema.Struct({ category: FuturesCategory, ...history }))
export interface HistoryRequest extends Schema.Schema.Type<typeof HistoryRequest> {}

/** A page of closed positions. */
export const HistoryPositionPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Named.as<HistoryPosition>()(HistoryPosition)),
    cursor: Absent.optional(Schema.String)
  })
)
export interface HistoryPositionPage extends Schema.Schema.Type<typeof HistoryPositionPage> {}

export const HistoryPositions = Lazy.value(() =>
  Endpoint.list("/api/v3/position/history-position", {
    name: "unified.position.historyPosition",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Named.as<HistoryRequest>()(HistoryRequest),
    data: Named.as<HistoryPositionPage>()(HistoryPositionPage),
    pagination: {
      list: "list",
      // `data.cursor`, the last row's id (reference §b.8).
      cursor: Pagination.dataField("cursor", "positionId", "cursor"),
      limit: { param: "limit", max: 100, source: "https://www.bitget.com/api-doc/uta/trade/Get-Position-History" },
      // 90 days back, at most 30 days a request (Bitget's Get-Position-History page).
      window: Pagination.window("30 days", "updatedTime"),
      history: Pagination.history("90 days", "https://www.bitget.com/api-doc/uta/trade/Get-Position-History")
    }
  })
)

/**
 * `GET /api/v3/position/history-position`: closed positions of a futures `category` of the last
 * 90 days, newest first. At most 100 a page, `startTime`–`endTime` at most 30 days (checked
 * locally); the Streams follow `cursor` window by window. 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 100 a page (`limit`); one request spans at
 * most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window; the exchange keeps the last 90d,
 * `.items` refuses an older `startTime`.
 */
export const historyPosition = Operation.make(HistoryPositions)

/** A position's place in the auto-deleveraging queue. */
export const AdlRank = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    marginCoin: Absent.optional(Schema.String),
    /** Closer to 1: more likely to be reduced when the exchange deleverages. */
    adlRank: Decimal,
    holdSide: Absent.optional(PosSideOut)
  })
)
export interface AdlRank extends Schema.Schema.Type<typeof AdlRank> {}

export const AdlRanks = Lazy.value(() =>
  Endpoint.get("/api/v3/position/adlRank", {
    name: "unified.position.adlRank",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Endpoint.NoParams,
    data: Schema.Array(Named.as<AdlRank>()(AdlRank))
  })
)

/** `GET /api/v3/position/adlRank`: the auto-deleveraging rank of every open position. 1/s per UID. */
export const adlRank = Operation.make(AdlRanks)

/** One position to move. */
export const MoveItem = Lazy.schema(() =>
  Schema.Struct({ symbol: Schema.String, side: Side, qty: PositiveDecimalInput })
)
export interface MoveItem extends Schema.Schema.Type<typeof MoveItem> {}

/** The request of `movePositions`. */
export const MovePositionsRequest = Lazy.schema(() =>
  Schema.Struct({
    fromUid: Schema.String,
    toUid: Schema.String,
    category: FuturesCategory,
    /** 1 to 10 positions (go-bitget: "up to 10 futures positions"). */
    positionList: Schema.Array(Named.as<MoveItem>()(MoveItem)).pipe(Schema.minItems(1), Schema.maxItems(10))
  }).pipe(Schema.filter((r) => r.fromUid !== r.toUid || "toUid: must differ from fromUid"))
)
export interface MovePositionsRequest extends Schema.Schema.Type<typeof MovePositionsRequest> {}

/** The answer of `movePositions`. */
export const MovedPositions = Lazy.schema(() =>
  Schema.Struct({
    /** The source account's closing orders. */
    closePosition: Absent.optional(Schema.Array(Named.as<BatchItem>()(BatchItem))),
    /** The target account's opening orders. */
    openPosition: Absent.optional(Schema.Array(Named.as<BatchItem>()(BatchItem)))
  })
)
export interface MovedPositions extends Schema.Schema.Type<typeof MovedPositions> {}

export const MovePositions = Lazy.value(() =>
  Endpoint.post("/api/v3/account/move-positions", {
    name: "unified.position.movePositions",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<MovePositionsRequest>()(MovePositionsRequest),
    data: Named.as<MovedPositions>()(MovedPositions)
  })
)

/**
 * `POST /api/v3/account/move-positions`: moves 1 to 10 futures positions (`symbol`, `side`,
 * `qty`) from `fromUid` to `toUid`, a main account and its sub-accounts. Bitget limits it to 100
 * a day and one every 30 s per UID (go-bitget). A write, never sent twice. 1/s per UID.
 */
export const movePositions = Operation.make(MovePositions)

/** A position move. */
export const MoveRecord = Lazy.schema(() =>
  Schema.Struct({
    category: CategoryOut,
    fromUid: Schema.String,
    toUid: Schema.String,
    orderId: Schema.String,
    openExecId: Absent.optional(Schema.String),
    closeExecId: Absent.optional(Schema.String),
    symbol: Schema.String,
    posSide: Absent.optional(PosSideOut),
    side: Absent.optional(SideOut),
    qty: Decimal,
    price: Absent.optional(Decimal),
    status: OpenEnum("processing", "completed", "failed"),
    ...times
  })
)
export interface MoveRecord extends Schema.Schema.Type<typeof MoveRecord> {}

/** A page of position moves. */
export const MoveRecordPage = Lazy.schema(() =>
  Schema.Struct({ list: Schema.Array(Named.as<MoveRecord>()(MoveRecord)), cursor: Absent.optional(Schema.String) })
)
export interface MoveRecordPage extends Schema.Schema.Type<typeof MoveRecordPage> {}

export const MovePositionHistory = Lazy.value(() =>
  Endpoint.list("/api/v3/account/move-position-history", {
    name: "unified.position.movePositionHistory",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: Named.as<HistoryRequest>()(HistoryRequest),
    data: Named.as<MoveRecordPage>()(MoveRecordPage),
    pagination: {
      list: "list",
      cursor: Pagination.dataField("cursor", "orderId", "cursor"),
      limit: { param: "limit", max: 100, source: "https://www.bitget.com/api-doc/uta/trade/Get-Move-Position-History" },
      // "defaults to querying the last 30 days; maximum supported time span is 90 days" (its page).
      window: Pagination.window("90 days", "createdTime")
    }
  })
)

/**
 * `GET /api/v3/account/move-position-history`: position moves of a futures `category`, newest
 * first; `startTime`–`endTime` at most 90 days (checked locally), the Streams follow `cursor`.
 * 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 100 a page (`limit`); one request spans at
 * most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const movePositionHistory = Operation.make(MovePositionHistory)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CurrentPosition,
  HistoryPositions,
  AdlRanks,
  MovePositions,
  MovePositionHistory
]
