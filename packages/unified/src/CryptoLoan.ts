/**
 * Crypto loans of a unified account (`/api/v3/loan/*`): borrow a coin against collateral for a
 * fixed term (7 or 30 days) or open-ended, watch the interest accrue hour by hour, add or take
 * back collateral, repay, and read the histories. Every parameter below is from the agent-sdk
 * catalog (generated from Bitget's OpenAPI file) and agrees with bitget-api 3.2.3 and go-bitget.
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
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

/** The loan's term: `SEVEN` days, `THIRTY` days, or `FLEXIBLE` (no end). */
export const Daily = Lazy.schema(() => Spelling.literal("SEVEN", "THIRTY", "FLEXIBLE"))
export const DailyOut = Lazy.schema(() => OpenEnum("SEVEN", "THIRTY", "FLEXIBLE"))

const LOAN_RATE = RateLimit.uid(10)
const given = (value: unknown) => value !== undefined && value !== ""

export const LoanCoin = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    hourRateFlexible: Absent.optional(Decimal.Decimal),
    rateFlexible: Absent.optional(Decimal.Decimal),
    hourRate7D: Absent.optional(Decimal.Decimal),
    rate7D: Absent.optional(Decimal.Decimal),
    hourRate30D: Absent.optional(Decimal.Decimal),
    rate30D: Absent.optional(Decimal.Decimal),
    minBorrowAmount: Absent.optional(Decimal.Decimal),
    maxBorrowAmount: Absent.optional(Decimal.Decimal),
    minBorrowLimit: Absent.optional(Decimal.Decimal),
    maxBorrowLimit: Absent.optional(Decimal.Decimal)
  })
)
export interface LoanCoin extends Schema.Schema.Type<typeof LoanCoin> {}

export const PledgeCoin = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    /**
     * Loan-to-value (percent) at the start, at which more collateral is asked for, and at which it
     * is liquidated.
     */
    initRate: Decimal.Decimal,
    supRate: Decimal.Decimal,
    forceRate: Decimal.Decimal,
    minPledgeAmount: Absent.optional(Decimal.Decimal),
    maxPledgeAmount: Absent.optional(Decimal.Decimal)
  })
)
export interface PledgeCoin extends Schema.Schema.Type<typeof PledgeCoin> {}

/** The coins that can be borrowed and pledged. */
export const LoanCoins = Lazy.schema(() =>
  Schema.Struct({
    loanInfos: Schema.Array(Named.as<LoanCoin>()(LoanCoin)),
    pledgeInfos: Schema.Array(Named.as<PledgeCoin>()(PledgeCoin))
  })
)
export interface LoanCoins extends Schema.Schema.Type<typeof LoanCoins> {}

export const Coins = Lazy.value(() =>
  Endpoint.get("/api/v3/loan/coins", {
    name: "unified.cryptoLoan.coins",
    signed: true,
    rateLimit: LOAN_RATE,
    request: Schema.Struct({ coin: Schema.optional(Schema.String) }),
    data: Named.as<LoanCoins>()(LoanCoins)
  })
)

/**
 * `GET /api/v3/loan/coins`: the coins that can be borrowed (hourly and yearly rates per term,
 * amount limits) and pledged (loan-to-value thresholds). 10/s per UID.
 */
export const coins = Operation.make(Coins)

/** The request of `interest`. */
export const InterestRequest = Lazy.schema(() =>
  Schema.Struct({
    loanCoin: Limit.NonEmpty,
    pledgeCoin: Limit.NonEmpty,
    daily: Daily,
    pledgeAmount: Decimal.PositiveDecimalInput
  })
)
export interface InterestRequest extends Schema.Schema.Type<typeof InterestRequest> {}

/** A loan's hourly interest. */
export const LoanInterest = Lazy.schema(() =>
  Schema.Struct({ hourInterest: Decimal.Decimal, loanAmount: Decimal.Decimal })
)
export interface LoanInterest extends Schema.Schema.Type<typeof LoanInterest> {}

export const Interest = Lazy.value(() =>
  Endpoint.get("/api/v3/loan/interest", {
    name: "unified.cryptoLoan.interest",
    signed: true,
    rateLimit: LOAN_RATE,
    request: Named.as<InterestRequest>()(InterestRequest),
    data: Named.as<LoanInterest>()(LoanInterest)
  })
)

/**
 * `GET /api/v3/loan/interest`: what `pledgeAmount` of `pledgeCoin` lets you borrow of `loanCoin`
 * for a term, and the interest it costs an hour. 10/s per UID.
 */
export const interest = Operation.make(Interest)

/** The request of `borrow`. */
export const BorrowRequest = Lazy.schema(() =>
  Schema.Struct({
    loanCoin: Limit.NonEmpty,
    pledgeCoin: Limit.NonEmpty,
    daily: Daily,
    pledgeAmount: Schema.optional(Decimal.PositiveDecimalInput),
    loanAmount: Schema.optional(Decimal.PositiveDecimalInput)
  }).pipe(
    Schema.filter((request) =>
      given(request.pledgeAmount) !== given(request.loanAmount) ||
      "pledgeAmount or loanAmount: give exactly one (the exchange derives the other)"
    )
  )
)
export interface BorrowRequest extends Schema.Schema.Type<typeof BorrowRequest> {}

export const Borrow = Lazy.value(() =>
  Endpoint.post("/api/v3/loan/borrow", {
    name: "unified.cryptoLoan.borrow",
    signed: true,
    rateLimit: LOAN_RATE,
    errors: ["InsufficientBalance"],
    request: Named.as<BorrowRequest>()(BorrowRequest),
    data: Schema.Struct({ orderId: Schema.String })
  })
)

/**
 * `POST /api/v3/loan/borrow`: borrows `loanCoin` against `pledgeCoin` for a term; name either the
 * collateral (`pledgeAmount`) or the loan (`loanAmount`), exactly one, checked locally. The
 * collateral leaves the balance, the loan arrives in it, and interest accrues every hour until
 * repaid. 10/s per UID.
 */
export const borrow = Operation.make(Borrow)

export const OngoingLoan = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    loanCoin: Schema.String,
    /** What is owed now (principal), and the interest accrued and unpaid. */
    loanAmount: Decimal.Decimal,
    interestAmount: Decimal.Decimal,
    hourInterestRate: Decimal.Decimal,
    pledgeCoin: Schema.String,
    pledgeAmount: Decimal.Decimal,
    /** Loan-to-value now (percent), and its thresholds. */
    pledgeRate: Decimal.Decimal,
    supRate: Absent.optional(Decimal.Decimal),
    forceRate: Absent.optional(Decimal.Decimal),
    borrowTime: Timestamp,
    expireTime: Absent.optional(Timestamp)
  })
)
export interface OngoingLoan extends Schema.Schema.Type<typeof OngoingLoan> {}

/** The request of `borrowOngoing`. */
export const BorrowOngoingRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.optional(Schema.String),
    loanCoin: Schema.optional(Schema.String),
    pledgeCoin: Schema.optional(Schema.String)
  })
)
export interface BorrowOngoingRequest extends Schema.Schema.Type<typeof BorrowOngoingRequest> {}

export const BorrowOngoing = Lazy.value(() =>
  Endpoint.get("/api/v3/loan/borrow-ongoing", {
    name: "unified.cryptoLoan.borrowOngoing",
    signed: true,
    rateLimit: LOAN_RATE,
    request: Named.as<BorrowOngoingRequest>()(BorrowOngoingRequest),
    data: Schema.Array(Named.as<OngoingLoan>()(OngoingLoan))
  })
)

/**
 * `GET /api/v3/loan/borrow-ongoing`: the loans not yet repaid, with what is owed, the interest
 * accrued so far and the loan-to-value. 10/s per UID.
 */
export const borrowOngoing = Operation.make(BorrowOngoing)

/** Page-numbered loan histories: 10 a page by default, 100 at most (each list's Bitget page). */
const pages = (page: string) => ({
  cursor: Pagination.page("pageNum"),
  limit: {
    param: "pageSize",
    max: 100,
    default: 10,
    source: `https://www.bitget.com/api-doc/uta/crypto-loans/${page}`
  },
  // `startTime` at most three months back (each list's page).
  history: Pagination.history("90 days", `https://www.bitget.com/api-doc/uta/crypto-loans/${page}`)
})

/** The filters every loan history takes; `startTime` at most 3 months back (same catalog). */
const historyFields = Lazy.value(() => ({
  orderId: Schema.optional(Schema.String),
  pledgeCoin: Schema.optional(Schema.String),
  startTime: Limit.Time,
  endTime: Limit.Time,
  pageNum: Schema.optional(Limit.PageNumber),
  pageSize: Schema.optional(Limit.PageSize)
}))

export const LoanHistory = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    loanCoin: Schema.String,
    pledgeCoin: Schema.String,
    initPledgeAmount: Decimal.Decimal,
    initLoanAmount: Decimal.Decimal,
    hourRate: Absent.optional(Decimal.Decimal),
    daily: Absent.optional(DailyOut),
    borrowTime: Timestamp,
    /** `REPAY` (repaid), `FORCE` (liquidated) or `ROLLBACK` (failed). */
    status: OpenEnum("REPAY", "FORCE", "ROLLBACK")
  })
)
export interface LoanHistory extends Schema.Schema.Type<typeof LoanHistory> {}

/** The request of `borrowHistory`. */
export const BorrowHistoryRequest = Lazy.schema(() =>
  Schema.Struct({
    ...historyFields,
    loanCoin: Schema.optional(Schema.String),
    status: Schema.optional(Spelling.literal("ROLLBACK", "FORCE", "REPAY"))
  })
)
export interface BorrowHistoryRequest extends Schema.Schema.Type<typeof BorrowHistoryRequest> {}

export const BorrowHistory = Lazy.value(() =>
  Endpoint.list("/api/v3/loan/borrow-history", {
    name: "unified.cryptoLoan.borrowHistory",
    signed: true,
    rateLimit: LOAN_RATE,
    request: Named.as<BorrowHistoryRequest>()(BorrowHistoryRequest),
    data: Schema.Array(Named.as<LoanHistory>()(LoanHistory)),
    pagination: pages("Get-Borrow-History")
  })
)

/**
 * `GET /api/v3/loan/borrow-history`: loans that ended (repaid, liquidated, failed) between
 * `startTime` and `endTime` (both required; the last 3 months), by page number, at most 100 a page.
 * 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNum` (1, 2, …); at most 100 a page (`pageSize`, 10 when omitted); the
 * exchange keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const borrowHistory = Operation.make(BorrowHistory)

export const RepayResult = Lazy.schema(() =>
  Schema.Struct({
    loanCoin: Schema.String,
    pledgeCoin: Schema.String,
    /** Paid in all: interest plus principal. */
    repayAmount: Decimal.Decimal,
    payInterest: Decimal.Decimal,
    repayLoanAmount: Decimal.Decimal,
    /** Collateral given back. */
    repayUnlockAmount: Decimal.Decimal
  })
)
export interface RepayResult extends Schema.Schema.Type<typeof RepayResult> {}

/** The request of `repay`. */
export const RepayRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Limit.NonEmpty,
    /** Pay with the borrowed coin, or out of the collateral. */
    method: Spelling.literal("borrowed_coin", "collateral"),
    repayAll: Flag.YesNo,
    amount: Schema.optional(Decimal.PositiveDecimalInput),
    /** Take back collateral in proportion (ignored when repaying all, which frees it all). */
    repayUnlock: Schema.optional(Flag.YesNo)
  }).pipe(
    Schema.filter((request) => request.repayAll || given(request.amount) || "amount: required unless repayAll is true")
  )
)
export interface RepayRequest extends Schema.Schema.Type<typeof RepayRequest> {}

export const Repay = Lazy.value(() =>
  Endpoint.post("/api/v3/loan/repay", {
    name: "unified.cryptoLoan.repay",
    signed: true,
    rateLimit: LOAN_RATE,
    errors: ["InsufficientBalance", "OrderNotFound"],
    request: Named.as<RepayRequest>()(RepayRequest),
    data: Named.as<RepayResult>()(RepayResult)
  })
)

/**
 * `POST /api/v3/loan/repay`: repays a loan, all of it (`repayAll: true`, `amount` ignored) or
 * `amount` (required then, checked locally), interest first; repaying all gives back the
 * collateral. Loan-to-value figures are percentages (`65` is 65%). 10/s per UID.
 */
export const repay = Operation.make(Repay)

export const RepayRecord = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    loanCoin: Schema.String,
    pledgeCoin: Schema.String,
    repayAmount: Decimal.Decimal,
    payInterest: Decimal.Decimal,
    repayLoanAmount: Decimal.Decimal,
    repayUnlockAmount: Decimal.Decimal,
    repayTime: Timestamp
  })
)
export interface RepayRecord extends Schema.Schema.Type<typeof RepayRecord> {}

/** The request of `repayHistory`. */
export const RepayHistoryRequest = Lazy.schema(() =>
  Schema.Struct({ ...historyFields, loanCoin: Schema.optional(Schema.String) })
)
export interface RepayHistoryRequest extends Schema.Schema.Type<typeof RepayHistoryRequest> {}

export const RepayHistory = Lazy.value(() =>
  Endpoint.list("/api/v3/loan/repay-history", {
    name: "unified.cryptoLoan.repayHistory",
    signed: true,
    rateLimit: LOAN_RATE,
    request: Named.as<RepayHistoryRequest>()(RepayHistoryRequest),
    data: Schema.Array(Named.as<RepayRecord>()(RepayRecord)),
    pagination: pages("Get-Repay-History")
  })
)

/**
 * `GET /api/v3/loan/repay-history`: repayments between `startTime` and `endTime` (both required;
 * the last 3 months), by page number, at most 100 a page. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNum` (1, 2, …); at most 100 a page (`pageSize`, 10 when omitted); the
 * exchange keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const repayHistory = Operation.make(RepayHistory)

/** The request of `revisePledge`. */
export const RevisePledgeRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Limit.NonEmpty,
    amount: Decimal.PositiveDecimalInput,
    pledgeCoin: Limit.NonEmpty,
    /** `IN` adds collateral, `OUT` takes some back. */
    reviseType: Schema.optional(Spelling.literal("IN", "OUT"))
  })
)
export interface RevisePledgeRequest extends Schema.Schema.Type<typeof RevisePledgeRequest> {}

/** A loan's pledge rate after the change. */
export const RevisedPledge = Lazy.schema(() =>
  Schema.Struct({ loanCoin: Schema.String, pledgeCoin: Schema.String, afterPledgeRate: Decimal.Decimal })
)
export interface RevisedPledge extends Schema.Schema.Type<typeof RevisedPledge> {}

export const RevisePledge = Lazy.value(() =>
  Endpoint.post("/api/v3/loan/revise-pledge", {
    name: "unified.cryptoLoan.revisePledge",
    signed: true,
    rateLimit: LOAN_RATE,
    errors: ["InsufficientBalance", "OrderNotFound"],
    request: Named.as<RevisePledgeRequest>()(RevisePledgeRequest),
    data: Named.as<RevisedPledge>()(RevisedPledge)
  })
)

/**
 * `POST /api/v3/loan/revise-pledge`: adds collateral to a loan (`IN`) or takes some back (`OUT`,
 * refused when the loan-to-value would pass the starting one); answers the new loan-to-value.
 * 10/s per UID.
 */
export const revisePledge = Operation.make(RevisePledge)

export const PledgeRateRecord = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    loanCoin: Schema.String,
    pledgeCoin: Schema.String,
    reviseTime: Timestamp,
    /** `down` (collateral added, rate down) or `up` (taken back, rate up). */
    reviseSide: OpenEnum("down", "up"),
    reviseAmount: Decimal.Decimal,
    /** Loan-to-value (percent) after and before. */
    afterPledgeRate: Decimal.Decimal,
    beforePledgeRate: Decimal.Decimal
  })
)
export interface PledgeRateRecord extends Schema.Schema.Type<typeof PledgeRateRecord> {}

/** The request of `pledgeRateHistory`. */
export const PledgeRateHistoryRequest = Lazy.schema(() =>
  Schema.Struct({ ...historyFields, reviseSide: Schema.optional(Spelling.literal("down", "up")) })
)
export interface PledgeRateHistoryRequest extends Schema.Schema.Type<typeof PledgeRateHistoryRequest> {}

export const PledgeRateHistory = Lazy.value(() =>
  Endpoint.list("/api/v3/loan/pledge-rate-history", {
    name: "unified.cryptoLoan.pledgeRateHistory",
    signed: true,
    rateLimit: LOAN_RATE,
    request: Named.as<PledgeRateHistoryRequest>()(PledgeRateHistoryRequest),
    data: Schema.Array(Named.as<PledgeRateRecord>()(PledgeRateRecord)),
    pagination: pages("Get-Pledge-Rate-History")
  })
)

/**
 * `GET /api/v3/loan/pledge-rate-history`: collateral changes between `startTime` and `endTime`
 * (both required; the last 3 months), by page number, at most 100 a page. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNum` (1, 2, …); at most 100 a page (`pageSize`, 10 when omitted); the
 * exchange keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const pledgeRateHistory = Operation.make(PledgeRateHistory)

const Holding = Lazy.schema(() =>
  Schema.Struct({ coin: Schema.String, amount: Decimal.Decimal, amountUsdt: Decimal.Decimal })
)

/** What is pledged and what is borrowed. */
export const DebtSummary = Lazy.schema(() =>
  Schema.Struct({ pledgeInfos: Schema.Array(Holding), loanInfos: Schema.Array(Holding) })
)
export interface DebtSummary extends Schema.Schema.Type<typeof DebtSummary> {}

export const Debts = Lazy.value(() =>
  Endpoint.get("/api/v3/loan/debts", {
    name: "unified.cryptoLoan.debts",
    signed: true,
    rateLimit: LOAN_RATE,
    request: Endpoint.NoParams,
    data: Named.as<DebtSummary>()(DebtSummary)
  })
)

/**
 * `GET /api/v3/loan/debts`: all collateral pledged and all owed (principal and interest), per coin,
 * with their USDT values. 10/s per UID.
 */
export const debts = Operation.make(Debts)

export const Reduce = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    loanCoin: Schema.String,
    pledgeCoin: Schema.String,
    reduceTime: Timestamp,
    /** Loan-to-value (percent) and the collateral's price when liquidated. */
    pledgeRate: Decimal.Decimal,
    pledgePrice: Decimal.Decimal,
    /** `COMPLETE` or `WAIT`. */
    status: OpenEnum("COMPLETE", "WAIT"),
    pledgeAmount: Decimal.Decimal,
    reduceFee: Decimal.Decimal,
    residueAmount: Decimal.Decimal,
    runlockAmount: Decimal.Decimal,
    repayLoanAmount: Decimal.Decimal
  })
)
export interface Reduce extends Schema.Schema.Type<typeof Reduce> {}

/** The request of `reduces`. */
export const ReducesRequest = Lazy.schema(() =>
  Schema.Struct({
    ...historyFields,
    loanCoin: Schema.optional(Schema.String),
    status: Schema.optional(Spelling.literal("COMPLETE", "WAIT"))
  })
)
export interface ReducesRequest extends Schema.Schema.Type<typeof ReducesRequest> {}

export const Reduces = Lazy.value(() =>
  Endpoint.list("/api/v3/loan/reduces", {
    name: "unified.cryptoLoan.reduces",
    signed: true,
    rateLimit: LOAN_RATE,
    request: Named.as<ReducesRequest>()(ReducesRequest),
    data: Schema.Array(Named.as<Reduce>()(Reduce)),
    pagination: pages("Get-Loan-Reduces")
  })
)

/**
 * `GET /api/v3/loan/reduces`: liquidations of loans whose loan-to-value reached `forceRate`,
 * between `startTime` and `endTime` (both required; the last 3 months), by page number, at most 100
 * a page. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNum` (1, 2, …); at most 100 a page (`pageSize`, 10 when omitted); the
 * exchange keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const reduces = Operation.make(Reduces)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Coins,
  Interest,
  Borrow,
  BorrowOngoing,
  BorrowHistory,
  Repay,
  RepayHistory,
  RevisePledge,
  PledgeRateHistory,
  Debts,
  Reduces
]
