/**
 * Margin histories, cross and isolated side by side: borrowings, repayments, interest charged,
 * liquidations and the financial records of every movement. Each answers an object with the
 * rows and their `minId`/`maxId`; `startTime` is required, a window spans at most 90 days and a
 * page at most 500 rows, so `pages`/`items` walk a year of history as one Stream.
 * Source: https://www.bitget.com/api-doc/margin/cross/record/Get-Cross-Borrow-History and siblings.
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
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { Coin, historyQuery, idPages, idRange, Symbol } from "./Schemas.js"

// Every margin endpoint: 10 requests a second per UID (../shared/reference/rate-limits.tsv).
const limit = RateLimit.uid(10)

const times = { cTime: Timestamp, uTime: Absent.optional(Timestamp) }

/** One borrowing. */
export const Borrowing = Schema.Struct({
  loanId: Schema.String,
  symbol: Absent.optional(Schema.String),
  coin: Schema.String,
  borrowAmount: Decimal,
  /**
   * `manual_loan` (a borrow call) or `auto_loan` (an `autoLoan` order), as Bitget's table and
   * example write them (https://www.bitget.com/api-doc/margin/cross/record/Get-Cross-Borrow-History).
   */
  borrowType: OpenEnum("manual_loan", "auto_loan"),
  ...times
})
export interface Borrowing extends Schema.Schema.Type<typeof Borrowing> {}

export const BorrowPage = Schema.Struct({ resultList: Schema.Array(Named.as<Borrowing>()(Borrowing)), ...idRange })
export interface BorrowPage extends Schema.Schema.Type<typeof BorrowPage> {}

export const CrossBorrowHistoryRequest = Schema.Struct({
  loanId: Schema.optional(Schema.String),
  coin: Schema.optional(Coin),
  ...historyQuery
})
export interface CrossBorrowHistoryRequest extends Schema.Schema.Type<typeof CrossBorrowHistoryRequest> {}

/**
 * `GET /api/v2/margin/crossed/borrow-history`: cross borrowings (of one `coin` or `loanId`), newest first. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const crossBorrowHistory = Operation.make(Endpoint.list("/api/v2/margin/crossed/borrow-history", {
  name: "margin.records.crossBorrowHistory",
  signed: true,
  rateLimit: limit,
  request: Named.as<CrossBorrowHistoryRequest>()(CrossBorrowHistoryRequest),
  data: Named.as<BorrowPage>()(BorrowPage),
  pagination: idPages("resultList", "loanId")
}))

export const IsolatedBorrowHistoryRequest = Schema.Struct({
  symbol: Symbol,
  loanId: Schema.optional(Schema.String),
  coin: Schema.optional(Coin),
  ...historyQuery
})
export interface IsolatedBorrowHistoryRequest extends Schema.Schema.Type<typeof IsolatedBorrowHistoryRequest> {}

/**
 * `GET /api/v2/margin/isolated/borrow-history`: borrowings of the `symbol`'s isolated account, newest first. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const isolatedBorrowHistory = Operation.make(Endpoint.list("/api/v2/margin/isolated/borrow-history", {
  name: "margin.records.isolatedBorrowHistory",
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedBorrowHistoryRequest>()(IsolatedBorrowHistoryRequest),
  data: Named.as<BorrowPage>()(BorrowPage),
  pagination: idPages("resultList", "loanId")
}))

/** One repayment: interest first, then principal. */
export const Repayment = Schema.Struct({
  repayId: Schema.String,
  symbol: Absent.optional(Schema.String),
  coin: Schema.String,
  repayAmount: Decimal,
  /** `manual_repay`, `auto_repay` (an `autoRepay` order), `liq_repay`, `force_repay`. */
  repayType: OpenEnum("manual_repay", "auto_repay", "liq_repay", "force_repay"),
  repayInterest: Decimal,
  repayPrincipal: Decimal,
  ...times
})
export interface Repayment extends Schema.Schema.Type<typeof Repayment> {}

export const RepayPage = Schema.Struct({ resultList: Schema.Array(Named.as<Repayment>()(Repayment)), ...idRange })
export interface RepayPage extends Schema.Schema.Type<typeof RepayPage> {}

export const CrossRepayHistoryRequest = Schema.Struct({
  repayId: Schema.optional(Schema.String),
  coin: Schema.optional(Coin),
  ...historyQuery
})
export interface CrossRepayHistoryRequest extends Schema.Schema.Type<typeof CrossRepayHistoryRequest> {}

/**
 * `GET /api/v2/margin/crossed/repay-history`: cross repayments, newest first. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const crossRepayHistory = Operation.make(Endpoint.list("/api/v2/margin/crossed/repay-history", {
  name: "margin.records.crossRepayHistory",
  signed: true,
  rateLimit: limit,
  request: Named.as<CrossRepayHistoryRequest>()(CrossRepayHistoryRequest),
  data: Named.as<RepayPage>()(RepayPage),
  pagination: idPages("resultList", "repayId")
}))

export const IsolatedRepayHistoryRequest = Schema.Struct({
  symbol: Symbol,
  repayId: Schema.optional(Schema.String),
  coin: Schema.optional(Coin),
  ...historyQuery
})
export interface IsolatedRepayHistoryRequest extends Schema.Schema.Type<typeof IsolatedRepayHistoryRequest> {}

/**
 * `GET /api/v2/margin/isolated/repay-history`: repayments of the `symbol`'s isolated account, newest first. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const isolatedRepayHistory = Operation.make(Endpoint.list("/api/v2/margin/isolated/repay-history", {
  name: "margin.records.isolatedRepayHistory",
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedRepayHistoryRequest>()(IsolatedRepayHistoryRequest),
  data: Named.as<RepayPage>()(RepayPage),
  pagination: idPages("resultList", "repayId")
}))

/** Interest charged on a loan (the exchange spells the type's key `interstType`). */
export const Interest = Schema.Struct({
  interestId: Schema.String,
  symbol: Absent.optional(Schema.String),
  interestCoin: Schema.String,
  loanCoin: Schema.String,
  dailyInterestRate: Decimal,
  interestAmount: Decimal,
  /** `first` (when borrowing) or `scheduled` (every hour after). */
  interstType: OpenEnum("first", "scheduled"),
  ...times
})
export interface Interest extends Schema.Schema.Type<typeof Interest> {}

export const InterestPage = Schema.Struct({ resultList: Schema.Array(Named.as<Interest>()(Interest)), ...idRange })
export interface InterestPage extends Schema.Schema.Type<typeof InterestPage> {}

export const CrossInterestHistoryRequest = Schema.Struct({ coin: Schema.optional(Coin), ...historyQuery })
export interface CrossInterestHistoryRequest extends Schema.Schema.Type<typeof CrossInterestHistoryRequest> {}

/**
 * `GET /api/v2/margin/crossed/interest-history`: interest charged in the cross account, newest first. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const crossInterestHistory = Operation.make(Endpoint.list("/api/v2/margin/crossed/interest-history", {
  name: "margin.records.crossInterestHistory",
  signed: true,
  rateLimit: limit,
  request: Named.as<CrossInterestHistoryRequest>()(CrossInterestHistoryRequest),
  data: Named.as<InterestPage>()(InterestPage),
  pagination: idPages("resultList", "interestId")
}))

export const IsolatedInterestHistoryRequest = Schema.Struct({
  symbol: Symbol,
  coin: Schema.optional(Coin),
  ...historyQuery
})
export interface IsolatedInterestHistoryRequest extends Schema.Schema.Type<typeof IsolatedInterestHistoryRequest> {}

/**
 * `GET /api/v2/margin/isolated/interest-history`: interest charged in the `symbol`'s isolated account, newest first. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const isolatedInterestHistory = Operation.make(Endpoint.list("/api/v2/margin/isolated/interest-history", {
  name: "margin.records.isolatedInterestHistory",
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedInterestHistoryRequest>()(IsolatedInterestHistoryRequest),
  data: Named.as<InterestPage>()(InterestPage),
  pagination: idPages("resultList", "interestId")
}))

/** One liquidation of a margin account. */
export const Liquidation = Schema.Struct({
  liqId: Schema.String,
  symbol: Absent.optional(Schema.String),
  liqStartTime: Timestamp,
  liqEndTime: Absent.optional(Timestamp),
  /** The risk rate that triggered it. */
  liqRiskRatio: Decimal,
  /** In USDT. */
  totalAssets: Decimal,
  /** In USDT. */
  totalDebt: Decimal,
  liqFee: Decimal,
  ...times
})
export interface Liquidation extends Schema.Schema.Type<typeof Liquidation> {}

export const LiquidationPage = Schema.Struct({
  resultList: Schema.Array(Named.as<Liquidation>()(Liquidation)),
  ...idRange
})
export interface LiquidationPage extends Schema.Schema.Type<typeof LiquidationPage> {}

export const CrossLiquidationHistoryRequest = Schema.Struct(historyQuery)
export interface CrossLiquidationHistoryRequest extends Schema.Schema.Type<typeof CrossLiquidationHistoryRequest> {}

/**
 * `GET /api/v2/margin/crossed/liquidation-history`: liquidations of the cross account, newest first. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const crossLiquidationHistory = Operation.make(
  Endpoint.list("/api/v2/margin/crossed/liquidation-history", {
    name: "margin.records.crossLiquidationHistory",
    signed: true,
    rateLimit: limit,
    request: Named.as<CrossLiquidationHistoryRequest>()(CrossLiquidationHistoryRequest),
    data: Named.as<LiquidationPage>()(LiquidationPage),
    pagination: idPages("resultList", "liqId")
  })
)

export const IsolatedLiquidationHistoryRequest = Schema.Struct({ symbol: Symbol, ...historyQuery })
export interface IsolatedLiquidationHistoryRequest
  extends Schema.Schema.Type<typeof IsolatedLiquidationHistoryRequest>
{}

/**
 * `GET /api/v2/margin/isolated/liquidation-history`: liquidations of the `symbol`'s isolated account, newest first. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const isolatedLiquidationHistory = Operation.make(
  Endpoint.list("/api/v2/margin/isolated/liquidation-history", {
    name: "margin.records.isolatedLiquidationHistory",
    signed: true,
    rateLimit: limit,
    request: Named.as<IsolatedLiquidationHistoryRequest>()(IsolatedLiquidationHistoryRequest),
    data: Named.as<LiquidationPage>()(LiquidationPage),
    pagination: idPages("resultList", "liqId")
  })
)

/** An order the liquidation engine placed, or a swap it made (`type: "swap"`). */
export const LiquidationOrder = Schema.Struct({
  orderId: Schema.String,
  symbol: Absent.optional(Schema.String),
  orderType: Absent.optional(Schema.String),
  /** `liquidation-buy` or `liquidation-sell`. */
  side: Absent.optional(Schema.String),
  priceAvg: Absent.optional(Decimal),
  price: Absent.optional(Decimal),
  fillSize: Absent.optional(Decimal),
  size: Absent.optional(Decimal),
  amount: Absent.optional(Decimal),
  fromCoin: Absent.optional(Schema.String),
  toCoin: Absent.optional(Schema.String),
  fromSize: Absent.optional(Decimal),
  toSize: Absent.optional(Decimal),
  ...times
})
export interface LiquidationOrder extends Schema.Schema.Type<typeof LiquidationOrder> {}

// https://www.bitget.com/api-doc/margin/cross/trade/Get-Cross-Liquidation-Orders (and its isolated
// twin): every field optional, `symbol` only with type place_order, `fromCoin`/`toCoin` only with
// swap; at most 500 a page (default 100), ranges of at most 90 days; the next page's `idLessThan`
// is the answer's `idLessThan`.
export const LiquidationOrderRequest = Schema.Struct({
  type: Schema.optional(Schema.Literal("swap", "place_order")),
  symbol: Schema.optional(Symbol),
  fromCoin: Schema.optional(Coin),
  toCoin: Schema.optional(Coin),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor)
}).pipe(
  Schema.filter((r) =>
    r.type === "swap"
      ? r.symbol === undefined || "symbol: only with type place_order"
      : (r.fromCoin === undefined && r.toCoin === undefined) || "fromCoin and toCoin: only with type swap"
  )
)
export interface LiquidationOrderRequest extends Schema.Schema.Type<typeof LiquidationOrderRequest> {}

const liquidationOrderPaging = {
  list: "resultList",
  cursor: Pagination.dataField("idLessThan", "orderId"),
  limit: {
    param: "limit",
    max: 500,
    source: "https://www.bitget.com/api-doc/margin/cross/trade/Get-Cross-Liquidation-Orders"
  },
  window: Pagination.window("90 days", "cTime")
} as const

export const LiquidationOrderPage = Schema.Struct({
  resultList: Schema.Array(Named.as<LiquidationOrder>()(LiquidationOrder)),
  idLessThan: Absent.optional(Schema.String)
})
export interface LiquidationOrderPage extends Schema.Schema.Type<typeof LiquidationOrderPage> {}

/**
 * `GET /api/v2/margin/crossed/liquidation-order`: the orders and swaps the liquidation engine made
 * in the cross account, newest first; `symbol` only with `type: "place_order"` (the default),
 * `fromCoin`/`toCoin` only with `swap` (checked locally). Beyond the specification's list. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.idLessThan`; at most 500 a page (`limit`); one request
 * spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const crossLiquidationOrder = Operation.make(
  Endpoint.list("/api/v2/margin/crossed/liquidation-order", {
    name: "margin.records.crossLiquidationOrder",
    signed: true,
    rateLimit: limit,
    request: Named.as<LiquidationOrderRequest>()(LiquidationOrderRequest),
    data: Named.as<LiquidationOrderPage>()(LiquidationOrderPage),
    pagination: liquidationOrderPaging
  })
)

/**
 * `GET /api/v2/margin/isolated/liquidation-order`: the same for the isolated accounts. Beyond the
 * specification's list (https://www.bitget.com/api-doc/margin/isolated/trade/Get-Isolated-Liquidation-Orders).
 * 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.idLessThan`; at most 500 a page (`limit`); one request
 * spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const isolatedLiquidationOrder = Operation.make(
  Endpoint.list("/api/v2/margin/isolated/liquidation-order", {
    name: "margin.records.isolatedLiquidationOrder",
    signed: true,
    rateLimit: limit,
    request: Named.as<LiquidationOrderRequest>()(LiquidationOrderRequest),
    data: Named.as<LiquidationOrderPage>()(LiquidationOrderPage),
    pagination: liquidationOrderPaging
  })
)

const marginTypes = [
  "transfer_in",
  "transfer_out",
  "borrow",
  "repay",
  "liquidation_fee",
  "compensate",
  "deal_in",
  "deal_out",
  "confiscated",
  "exchange_in",
  "exchange_out",
  "sys_exchange_in",
  "sys_exchange_out"
] as const

/**
 * The kinds of money movement financial records name (Bitget's `marginType`), a filter of the
 * financial records. Bitget's cross page writes `Repay` where its isolated twin writes `repay`
 * (https://www.bitget.com/api-doc/margin/cross/record/Get-Cross-Finance-Flow-History): any
 * letter case is accepted, the lower-case spelling sent.
 */
export const MarginType = Spelling.literal(...marginTypes)

/** One movement of a margin account's money. */
export const FinancialRecord = Schema.Struct({
  marginId: Schema.String,
  symbol: Absent.optional(Schema.String),
  coin: Schema.String,
  /** Signed: what came in (+) or went out (−). */
  amount: Decimal,
  /** The coin's balance after it. */
  balance: Decimal,
  fee: Absent.optional(Decimal),
  marginType: OpenEnum(...marginTypes),
  ...times
})
export interface FinancialRecord extends Schema.Schema.Type<typeof FinancialRecord> {}

export const FinancePage = Schema.Struct({
  resultList: Schema.Array(Named.as<FinancialRecord>()(FinancialRecord)),
  ...idRange
})
export interface FinancePage extends Schema.Schema.Type<typeof FinancePage> {}

export const CrossFinancialRecordsRequest = Schema.Struct({
  marginType: Schema.optional(MarginType),
  coin: Schema.optional(Coin),
  ...historyQuery
})
export interface CrossFinancialRecordsRequest extends Schema.Schema.Type<typeof CrossFinancialRecordsRequest> {}

/**
 * `GET /api/v2/margin/crossed/financial-records`: every movement of the cross account (of one `coin` or `marginType`), newest first. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const crossFinancialRecords = Operation.make(Endpoint.list("/api/v2/margin/crossed/financial-records", {
  name: "margin.records.crossFinancialRecords",
  signed: true,
  rateLimit: limit,
  request: Named.as<CrossFinancialRecordsRequest>()(CrossFinancialRecordsRequest),
  data: Named.as<FinancePage>()(FinancePage),
  pagination: idPages("resultList", "marginId")
}))

export const IsolatedFinancialRecordsRequest = Schema.Struct({
  symbol: Symbol,
  marginType: Schema.optional(MarginType),
  coin: Schema.optional(Coin),
  ...historyQuery
})
export interface IsolatedFinancialRecordsRequest extends Schema.Schema.Type<typeof IsolatedFinancialRecordsRequest> {}

/**
 * `GET /api/v2/margin/isolated/financial-records`: every movement of the `symbol`'s isolated account, newest first. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const isolatedFinancialRecords = Operation.make(Endpoint.list("/api/v2/margin/isolated/financial-records", {
  name: "margin.records.isolatedFinancialRecords",
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedFinancialRecordsRequest>()(IsolatedFinancialRecordsRequest),
  data: Named.as<FinancePage>()(FinancePage),
  pagination: idPages("resultList", "marginId")
}))

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  crossBorrowHistory,
  isolatedBorrowHistory,
  crossRepayHistory,
  isolatedRepayHistory,
  crossInterestHistory,
  isolatedInterestHistory,
  crossLiquidationHistory,
  isolatedLiquidationHistory,
  crossFinancialRecords,
  isolatedFinancialRecords,
  crossLiquidationOrder,
  isolatedLiquidationOrder
].map((operation) => operation.endpoint)
