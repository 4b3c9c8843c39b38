/**
 * Crypto loans (`/api/v2/earn/loan/...`): borrow one coin against another pledged, for 7 or 30 days;
 * interest accrues hourly; repay (part or all, unlocking the pledge), add or take out pledge; the
 * ongoing orders, debts and histories (https://www.bitget.com/api-doc/earn/loan/Get-Currency-List
 * and its neighbours). Borrowing: 10/s per UID (https://www.bitget.com/api-doc/earn/loan/Borrow-Coin);
 * the others print no limit of their own (10/s per UID private, 20/s per IP public).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YesNo } from "@effect-bitget/core/Flag"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { limit } from "./Schemas.js"

/** The loan's term: 7 or 30 days. */
export const Daily = Schema.Literal("SEVEN", "THIRTY")

export const CoinInfosRequest = Schema.Struct({ coin: Schema.optional(Schema.String) })
export interface CoinInfosRequest extends Schema.Schema.Type<typeof CoinInfosRequest> {}

export const LoanCoins = Schema.Struct({
  loanInfos: Schema.Array(Schema.Struct({
    coin: Schema.String,
    hourRate7D: Decimal,
    rate7D: Decimal,
    hourRate30D: Decimal,
    rate30D: Decimal,
    minUsdt: Absent.optional(Decimal),
    maxUsdt: Absent.optional(Decimal),
    min: Absent.optional(Decimal),
    max: Absent.optional(Decimal)
  })),
  pledgeInfos: Schema.Array(Schema.Struct({
    coin: Schema.String,
    /** Initial, margin-call and liquidation loan-to-value ratios. */
    initRate: Decimal,
    supRate: Decimal,
    forceRate: Decimal,
    minUsdt: Absent.optional(Decimal),
    maxUsdt: Absent.optional(Decimal)
  }))
})
export interface LoanCoins extends Schema.Schema.Type<typeof LoanCoins> {}

export const CoinInfos = Endpoint.get("/api/v2/earn/loan/public/coinInfos", {
  name: "earn.loan.coinInfos",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<CoinInfosRequest>()(CoinInfosRequest),
  data: Named.as<LoanCoins>()(LoanCoins)
})
/**
 * `GET /api/v2/earn/loan/public/coinInfos`: the coins that can be borrowed (hourly and term rates,
 * limits) and pledged (initial, margin-call and liquidation ratios). Public. 20/s per IP.
 */
export const coinInfos = Operation.make(CoinInfos)

export const HourInterestRequest = Schema.Struct({
  loanCoin: Schema.String,
  pledgeCoin: Schema.String,
  daily: Daily,
  pledgeAmount: PositiveDecimalInput
})
export interface HourInterestRequest extends Schema.Schema.Type<typeof HourInterestRequest> {}

export const HourInterest = Endpoint.get("/api/v2/earn/loan/public/hour-interest", {
  name: "earn.loan.hourInterest",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<HourInterestRequest>()(HourInterestRequest),
  data: Schema.Struct({ hourInterest: Decimal, loanAmount: Decimal })
})
/**
 * `GET /api/v2/earn/loan/public/hour-interest`: what pledging `pledgeAmount` lets one borrow and the
 * hourly interest it would cost, for a term (`daily`). Public. 20/s per IP.
 */
export const hourInterest = Operation.make(HourInterest)

export const BorrowRequest = Schema.Struct({
  loanCoin: Schema.String,
  pledgeCoin: Schema.String,
  daily: Daily,
  pledgeAmount: Schema.optional(PositiveDecimalInput),
  loanAmount: Schema.optional(PositiveDecimalInput)
}).pipe(
  // "pledgeAmount … loanAmount: one of them is required" (https://www.bitget.com/api-doc/earn/loan/Borrow-Coin).
  Schema.filter((r) =>
    (r.pledgeAmount === undefined) !== (r.loanAmount === undefined) ||
    "pledgeAmount or loanAmount: exactly one is required"
  )
)
export interface BorrowRequest extends Schema.Schema.Type<typeof BorrowRequest> {}

export const Borrow = Endpoint.post("/api/v2/earn/loan/borrow", {
  name: "earn.loan.borrow",
  signed: true,
  rateLimit: RateLimit.uid(10),
  errors: ["InsufficientBalance"],
  request: Named.as<BorrowRequest>()(BorrowRequest),
  data: Schema.Struct({ orderId: Schema.String })
})
/**
 * `POST /api/v2/earn/loan/borrow`: borrows `loanCoin` against `pledgeCoin` from the spot account for
 * 7 or 30 days, naming either the pledge or the loan (exactly one, checked locally); interest
 * accrues hourly. Not retried: a write. 10/s per UID.
 */
export const borrow = Operation.make(Borrow)

export const LoanOrder = Schema.Struct({
  orderId: Schema.String,
  loanCoin: Schema.String,
  loanAmount: Decimal,
  interestAmount: Decimal,
  hourInterestRate: Decimal,
  pledgeCoin: Schema.String,
  pledgeAmount: Decimal,
  pledgeRate: Decimal,
  supRate: Absent.optional(Decimal),
  forceRate: Absent.optional(Decimal),
  borrowTime: Timestamp,
  expireTime: Timestamp
})
export interface LoanOrder extends Schema.Schema.Type<typeof LoanOrder> {}

export const OngoingOrdersRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  loanCoin: Schema.optional(Schema.String),
  pledgeCoin: Schema.optional(Schema.String)
})
export interface OngoingOrdersRequest extends Schema.Schema.Type<typeof OngoingOrdersRequest> {}

export const OngoingOrders = Endpoint.get("/api/v2/earn/loan/ongoing-orders", {
  name: "earn.loan.ongoingOrders",
  signed: true,
  rateLimit: limit,
  request: Named.as<OngoingOrdersRequest>()(OngoingOrdersRequest),
  data: Schema.Array(Named.as<LoanOrder>()(LoanOrder))
})
/** `GET /api/v2/earn/loan/ongoing-orders`: the loans not yet repaid, with the interest due so far and the pledge rate. 10/s per UID. */
export const ongoingOrders = Operation.make(OngoingOrders)

export const RepayRequest = Schema.Struct({
  orderId: Schema.String,
  /** Required unless `repayAll` is `yes`. */
  amount: Schema.optional(PositiveDecimalInput),
  /** Whether the pledge is released in proportion (`yes`, the exchange's default). */
  repayUnlock: Schema.optional(YesNo),
  repayAll: YesNo
}).pipe(
  Schema.filter((r) => r.repayAll || r.amount !== undefined || "amount: required unless repayAll is yes")
)
export interface RepayRequest extends Schema.Schema.Type<typeof RepayRequest> {}

export const Repayment = Schema.Struct({
  loanCoin: Schema.String,
  pledgeCoin: Schema.String,
  repayAmount: Decimal,
  payInterest: Decimal,
  repayLoanAmount: Decimal,
  repayUnlockAmount: Decimal
})
export interface Repayment extends Schema.Schema.Type<typeof Repayment> {}

export const Repay = Endpoint.post("/api/v2/earn/loan/repay", {
  name: "earn.loan.repay",
  signed: true,
  rateLimit: limit,
  errors: ["InsufficientBalance"],
  request: Named.as<RepayRequest>()(RepayRequest),
  data: Named.as<Repayment>()(Repayment)
})
/**
 * `POST /api/v2/earn/loan/repay`: repays a loan from the spot account, interest first then
 * principal, all of it (`repayAll: yes`) or `amount` (required otherwise, checked locally); the
 * pledge is released in proportion. 10/s per UID.
 */
export const repay = Operation.make(Repay)

export const RevisePledgeRequest = Schema.Struct({
  orderId: Schema.String,
  amount: PositiveDecimalInput,
  pledgeCoin: Schema.String,
  reviseType: Schema.Literal("OUT", "IN")
})
export interface RevisePledgeRequest extends Schema.Schema.Type<typeof RevisePledgeRequest> {}

export const RevisePledge = Endpoint.post("/api/v2/earn/loan/revise-pledge", {
  name: "earn.loan.revisePledge",
  signed: true,
  rateLimit: limit,
  request: Named.as<RevisePledgeRequest>()(RevisePledgeRequest),
  data: Schema.Struct({ loanCoin: Schema.String, pledgeCoin: Schema.String, afterPledgeRate: Decimal })
})
/** `POST /api/v2/earn/loan/revise-pledge`: adds pledge to a loan (`IN`) or takes some out (`OUT`); answers the new pledge rate. 10/s per UID. */
export const revisePledge = Operation.make(RevisePledge)

/** The page-numbered histories: both ends required, pages of at most 100 (bitget-api's types; the page size is not printed). */
const history = {
  startTime: Limit.Time,
  endTime: Limit.Time,
  pageNo: Schema.optional(Limit.PageNumber),
  pageSize: Schema.optional(Limit.PageSize)
}
// The loan history pages print no maximum page size: 100 assumed (a short page does not end a walk).
const byPage = (page: string) => ({
  cursor: Pagination.page("pageNo"),
  limit: { param: "pageSize", max: 100, source: `https://www.bitget.com/api-doc/earn/loan/${page}` }
})

export const RepayHistoryRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  loanCoin: Schema.optional(Schema.String),
  pledgeCoin: Schema.optional(Schema.String),
  ...history
})
export interface RepayHistoryRequest extends Schema.Schema.Type<typeof RepayHistoryRequest> {}

export const RepayRecord = Schema.Struct({
  orderId: Schema.String,
  loanCoin: Schema.String,
  pledgeCoin: Schema.String,
  repayAmount: Decimal,
  payInterest: Decimal,
  repayLoanAmount: Decimal,
  repayUnlockAmount: Decimal,
  repayTime: Timestamp
})
export interface RepayRecord extends Schema.Schema.Type<typeof RepayRecord> {}

export const RepayHistory = Endpoint.list("/api/v2/earn/loan/repay-history", {
  name: "earn.loan.repayHistory",
  signed: true,
  rateLimit: limit,
  request: Named.as<RepayHistoryRequest>()(RepayHistoryRequest),
  data: Schema.Array(Named.as<RepayRecord>()(RepayRecord)),
  pagination: byPage("Repay-History")
})
/**
 * `GET /api/v2/earn/loan/repay-history`: the repayments between `startTime` and `endTime` (both required), page by page. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 100 a page (`pageSize`).
 */
export const repayHistory = Operation.make(RepayHistory)

export const ReviseHistoryRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  reviseSide: Schema.optional(Schema.Literal("down", "up")),
  pledgeCoin: Schema.optional(Schema.String),
  ...history
})
export interface ReviseHistoryRequest extends Schema.Schema.Type<typeof ReviseHistoryRequest> {}

export const PledgeRevision = Schema.Struct({
  loanCoin: Schema.String,
  pledgeCoin: Schema.String,
  orderId: Schema.String,
  reviseTime: Timestamp,
  reviseSide: Schema.String,
  reviseAmount: Decimal,
  afterPledgeRate: Decimal,
  beforePledgeRate: Decimal
})
export interface PledgeRevision extends Schema.Schema.Type<typeof PledgeRevision> {}

export const ReviseHistory = Endpoint.list("/api/v2/earn/loan/revise-history", {
  name: "earn.loan.reviseHistory",
  signed: true,
  rateLimit: limit,
  request: Named.as<ReviseHistoryRequest>()(ReviseHistoryRequest),
  data: Schema.Array(Named.as<PledgeRevision>()(PledgeRevision)),
  pagination: byPage("Pledge-Rate-History")
})
/**
 * `GET /api/v2/earn/loan/revise-history`: the pledge changes between `startTime` and `endTime`, page by page. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 100 a page (`pageSize`).
 */
export const reviseHistory = Operation.make(ReviseHistory)

export const BorrowHistoryRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  loanCoin: Schema.optional(Schema.String),
  pledgeCoin: Schema.optional(Schema.String),
  status: Schema.optional(Schema.Literal("ROLLBACK", "FORCE", "REPAY")),
  ...history
})
export interface BorrowHistoryRequest extends Schema.Schema.Type<typeof BorrowHistoryRequest> {}

export const BorrowRecord = Schema.Struct({
  orderId: Schema.String,
  loanCoin: Schema.String,
  pledgeCoin: Schema.String,
  initPledgeAmount: Decimal,
  initLoanAmount: Decimal,
  hourRate: Decimal,
  daily: Schema.String,
  borrowTime: Timestamp,
  status: Schema.String
})
export interface BorrowRecord extends Schema.Schema.Type<typeof BorrowRecord> {}

export const BorrowHistory = Endpoint.list("/api/v2/earn/loan/borrow-history", {
  name: "earn.loan.borrowHistory",
  signed: true,
  rateLimit: limit,
  request: Named.as<BorrowHistoryRequest>()(BorrowHistoryRequest),
  data: Schema.Array(Named.as<BorrowRecord>()(BorrowRecord)),
  pagination: byPage("Borrow-History")
})
/**
 * `GET /api/v2/earn/loan/borrow-history`: the loans taken between `startTime` and `endTime`, page by page. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 100 a page (`pageSize`).
 */
export const borrowHistory = Operation.make(BorrowHistory)

export const Holding = Schema.Struct({ coin: Schema.String, amount: Decimal, amountUsdt: Absent.optional(Decimal) })
export interface Holding extends Schema.Schema.Type<typeof Holding> {}

export const Debts = Endpoint.get("/api/v2/earn/loan/debts", {
  name: "earn.loan.debts",
  signed: true,
  rateLimit: limit,
  request: Endpoint.NoParams,
  data: Schema.Struct({
    pledgeInfos: Schema.Array(Named.as<Holding>()(Holding)),
    loanInfos: Schema.Array(Named.as<Holding>()(Holding))
  })
})
/** `GET /api/v2/earn/loan/debts`: what is pledged and what is owed (principal and interest), per coin. 10/s per UID. */
export const debts = Operation.make(Debts)

export const ReducesRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  loanCoin: Schema.optional(Schema.String),
  pledgeCoin: Schema.optional(Schema.String),
  status: Schema.optional(Schema.Literal("COMPLETE", "WAIT")),
  ...history
})
export interface ReducesRequest extends Schema.Schema.Type<typeof ReducesRequest> {}

export const Reduction = Schema.Struct({
  orderId: Schema.String,
  loanCoin: Schema.String,
  pledgeCoin: Schema.String,
  reduceTime: Timestamp,
  pledgeRate: Decimal,
  pledgePrice: Decimal,
  status: OpenEnum("COMPLETE", "WAIT"),
  pledgeAmount: Decimal,
  reduceFee: Decimal,
  residueAmount: Decimal,
  runlockAmount: Decimal,
  repayLoanAmount: Decimal
})
export interface Reduction extends Schema.Schema.Type<typeof Reduction> {}

export const Reduces = Endpoint.list("/api/v2/earn/loan/reduces", {
  name: "earn.loan.reduces",
  signed: true,
  rateLimit: limit,
  request: Named.as<ReducesRequest>()(ReducesRequest),
  data: Schema.Array(Named.as<Reduction>()(Reduction)),
  pagination: byPage("Liquidation-Records")
})
/**
 * `GET /api/v2/earn/loan/reduces`: the liquidations (pledge sold to repay) between `startTime` and `endTime`, page by page. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 100 a page (`pageSize`).
 */
export const reduces = Operation.make(Reduces)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CoinInfos,
  HourInterest,
  Borrow,
  OngoingOrders,
  Repay,
  RevisePledge,
  RepayHistory,
  ReviseHistory,
  BorrowHistory,
  Debts,
  Reduces
]
