/**
 * Elite (lead) traders on V3 (`/api/v3/copy/futures/*`): the futures pairs a lead trader may open,
 * its positions, moving funds into and out of the lead account and the records of it, its current
 * and past followers, and the profit shared with it. Declared as bitget-api 3.2.3 types them,
 * go-bitget's `uta/copy.go` naming the same paths and fields. V2's `@effect-bitget/copy-trading`
 * names the same things the same way (`followerName`, `totalProfit`, `holdSide`, `marginMode`).
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Flag from "@effect-bitget/core/Flag"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

const dec = Lazy.schema(() => Absent.optional(Decimal.Decimal))

/** A time-bounded page: the cursor is the previous answer's (`transferId`, `endId`, `nextCursor`). */
const pageFields = Lazy.value(() => ({
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize),
  cursor: Schema.optional(Schema.String)
}))

export const TradingPair = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    leverage: Absent.optional(Schema.String),
    marginDetails: Absent.optional(Schema.Array(Schema.Struct({
      marginCoin: Schema.String,
      maxLongCount: Absent.optional(Schema.String),
      remainingLongCount: Absent.optional(Schema.String),
      maxShortCount: Absent.optional(Schema.String),
      remainingShortCount: Absent.optional(Schema.String)
    })))
  })
)
export interface TradingPair extends Schema.Schema.Type<typeof TradingPair> {}

export const TradingPairs = Lazy.value(() =>
  Endpoint.get("/api/v3/copy/futures/trading-pairs", {
    name: "unified.copyTrading.tradingPairs",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: Endpoint.NoParams,
    data: Schema.Array(Named.as<TradingPair>()(TradingPair))
  })
)

/** `GET /api/v3/copy/futures/trading-pairs`: the futures pairs the lead trader may open, and how many more. 5/s per UID. */
export const tradingPairs = Operation.make(TradingPairs)

/** A symbol's copy-trading position. */
export const PositionSummaryRow = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    holdSide: OpenEnum("long", "short"),
    marginMode: Absent.optional(OpenEnum("crossed", "isolated")),
    holdSize: Decimal.Decimal,
    avgPrice: dec,
    leverage: Absent.optional(Schema.String),
    liqPrice: dec,
    margin: dec,
    markPrice: dec,
    positionValue: dec,
    unrealizedPnl: dec,
    realizedPnl: dec,
    roi: dec
  })
)
export interface PositionSummaryRow extends Schema.Schema.Type<typeof PositionSummaryRow> {}

export const PositionSummary = Lazy.value(() =>
  Endpoint.get("/api/v3/copy/futures/position-summary", {
    name: "unified.copyTrading.positionSummary",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: Endpoint.NoParams,
    data: Schema.Array(Named.as<PositionSummaryRow>()(PositionSummaryRow))
  })
)

/** `GET /api/v3/copy/futures/position-summary`: the lead trader's open positions. 5/s per UID. */
export const positionSummary = Operation.make(PositionSummary)

export const MaxTransferable = Lazy.value(() =>
  Endpoint.get("/api/v3/copy/futures/max-transferable", {
    name: "unified.copyTrading.maxTransferable",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Schema.Struct({ coin: Limit.NonEmpty }),
    data: Schema.Struct({ maxTransferable: Decimal.Decimal, available: dec })
  })
)

/** `GET /api/v3/copy/futures/max-transferable`: the most of `coin` that can leave the lead account now. 1/s per UID. */
export const maxTransferable = Operation.make(MaxTransferable)

/** The request of `transfer`. */
export const TransferRequest = Lazy.schema(() =>
  Schema.Struct({
    /** `in`: into the lead (Elite) account; `out`: out of it. */
    type: Spelling.literal("in", "out"),
    coin: Limit.NonEmpty,
    amount: Decimal.PositiveDecimalInput,
    /** Where the funds come from or go (`spot`, `uta`, …). */
    inAccountType: Schema.optional(Schema.String)
  })
)
export interface TransferRequest extends Schema.Schema.Type<typeof TransferRequest> {}

export const Transfer = Lazy.value(() =>
  Endpoint.post("/api/v3/copy/futures/transfer", {
    name: "unified.copyTrading.transfer",
    signed: true,
    rateLimit: RateLimit.uid(1),
    errors: ["InsufficientBalance"],
    request: Named.as<TransferRequest>()(TransferRequest),
    data: Schema.Struct({ transferId: Schema.String })
  })
)

/** `POST /api/v3/copy/futures/transfer`: moves funds into (`in`) or out of (`out`) the lead account. 1/s per UID. */
export const transfer = Operation.make(Transfer)

/** A page of copy-trading transfers. */
export const TransferRecordPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Schema.Struct({
      transferId: Schema.String,
      fromType: Schema.String,
      toType: Schema.String,
      amount: Decimal.Decimal,
      coin: Schema.String,
      status: OpenEnum("Successful", "Failed", "Processing"),
      createdTime: Timestamp
    }))
  })
)
export interface TransferRecordPage extends Schema.Schema.Type<typeof TransferRecordPage> {}

/** The request of the paged lists (`transferRecord`, `profitDetails`). */
export const PageRequest = Lazy.schema(() => Schema.Struct(pageFields))
export interface PageRequest extends Schema.Schema.Type<typeof PageRequest> {}

export const TransferRecord = Lazy.value(() =>
  Endpoint.get("/api/v3/copy/futures/transfer-record", {
    name: "unified.copyTrading.transferRecord",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<PageRequest>()(PageRequest),
    data: Named.as<TransferRecordPage>()(TransferRecordPage)
  })
)

/**
 * `GET /api/v3/copy/futures/transfer-record`: the lead account's transfers; the next page follows
 * the last `transferId`, sent as `cursor`. 1/s per UID.
 */
export const transferRecord = Operation.make(TransferRecord)

/** The request of `currentFollower`. */
export const CurrentFollowerRequest = Lazy.schema(() =>
  Schema.Struct({ limit: Schema.optional(Limit.PageSize), cursor: Schema.optional(Schema.String) })
)
export interface CurrentFollowerRequest extends Schema.Schema.Type<typeof CurrentFollowerRequest> {}

/** A page of current followers. */
export const CurrentFollowerPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Schema.Struct({
      followerName: Schema.String,
      estimateAssets: dec,
      totalProfit: dec,
      totalShareProfit: dec,
      totalInvestment: dec,
      canRemove: Absent.optional(Flag.YesNo),
      followDays: Absent.optional(Schema.String),
      totalAssets: dec,
      startTime: Absent.optional(Timestamp)
    })),
    endId: Absent.optional(Schema.String)
  })
)
export interface CurrentFollowerPage extends Schema.Schema.Type<typeof CurrentFollowerPage> {}

export const CurrentFollower = Lazy.value(() =>
  Endpoint.get("/api/v3/copy/futures/current-follower", {
    name: "unified.copyTrading.currentFollower",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<CurrentFollowerRequest>()(CurrentFollowerRequest),
    data: Named.as<CurrentFollowerPage>()(CurrentFollowerPage)
  })
)

/** `GET /api/v3/copy/futures/current-follower`: who follows the lead trader now; the next page follows `endId`. 1/s per UID. */
export const currentFollower = Operation.make(CurrentFollower)

/** The request of `historyFollower`. */
export const HistoryFollowerRequest = Lazy.schema(() =>
  Schema.Struct({ limit: Schema.optional(Limit.PageSize), cursor: Schema.optional(Schema.String) })
)
export interface HistoryFollowerRequest extends Schema.Schema.Type<typeof HistoryFollowerRequest> {}

/** A page of past followers. */
export const HistoryFollowerPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Schema.Struct({
      followerName: Schema.String,
      totalProfit: dec,
      totalShareProfit: dec,
      totalInvestment: dec,
      startTime: Absent.optional(Timestamp),
      endTime: Absent.optional(Timestamp)
    })),
    endId: Absent.optional(Schema.String)
  })
)
export interface HistoryFollowerPage extends Schema.Schema.Type<typeof HistoryFollowerPage> {}

export const HistoryFollower = Lazy.value(() =>
  Endpoint.get("/api/v3/copy/futures/history-follower", {
    name: "unified.copyTrading.historyFollower",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<HistoryFollowerRequest>()(HistoryFollowerRequest),
    data: Named.as<HistoryFollowerPage>()(HistoryFollowerPage)
  })
)

/** `GET /api/v3/copy/futures/history-follower`: who followed the lead trader and stopped; the next page follows `endId`. 1/s per UID. */
export const historyFollower = Operation.make(HistoryFollower)

/** The trader's profit share, in total. */
export const ProfitSummaryResult = Lazy.schema(() =>
  Schema.Struct({ totalProfit: dec, totalAllocatedProfit: dec, totalPendingProfit: dec })
)
export interface ProfitSummaryResult extends Schema.Schema.Type<typeof ProfitSummaryResult> {}

export const ProfitSummary = Lazy.value(() =>
  Endpoint.get("/api/v3/copy/futures/profit-summary", {
    name: "unified.copyTrading.profitSummary",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Endpoint.NoParams,
    data: Named.as<ProfitSummaryResult>()(ProfitSummaryResult)
  })
)

/** `GET /api/v3/copy/futures/profit-summary`: profit shared with the lead trader, paid and pending. 1/s per UID. */
export const profitSummary = Operation.make(ProfitSummary)

/** A page of profit shares, follower by follower. */
export const ProfitDetailPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Schema.Struct({
      followerName: Schema.String,
      profit: dec,
      allocatedPnl: dec,
      pendingPnl: dec,
      shareRatio: dec,
      shareProfit: dec,
      reason: Absent.optional(OpenEnum("period", "unfollow")),
      settleTime: Absent.optional(Timestamp)
    })),
    nextCursor: Absent.optional(Schema.String)
  })
)
export interface ProfitDetailPage extends Schema.Schema.Type<typeof ProfitDetailPage> {}

export const ProfitDetails = Lazy.value(() =>
  Endpoint.get("/api/v3/copy/futures/profit-details", {
    name: "unified.copyTrading.profitDetails",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<PageRequest>()(PageRequest),
    data: Named.as<ProfitDetailPage>()(ProfitDetailPage)
  })
)

/** `GET /api/v3/copy/futures/profit-details`: each follower's profit share; the next page follows `nextCursor`. 1/s per UID. */
export const profitDetails = Operation.make(ProfitDetails)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  TradingPairs,
  PositionSummary,
  MaxTransferable,
  Transfer,
  TransferRecord,
  CurrentFollower,
  HistoryFollower,
  ProfitSummary,
  ProfitDetails
]
