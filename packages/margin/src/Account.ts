/**
 * Margin accounts and borrowing, cross and isolated side by side: assets, borrowing and
 * repaying, flash repayment and its status, the risk rate and the largest amounts one may borrow
 * or transfer out. Cross calls name a `coin`; isolated calls name a `symbol` (its account).
 * Sources: https://www.bitget.com/api-doc/margin/cross/account/Cross-Borrow and its siblings.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { Amount, ClientOid, Coin, refusals, Symbol } from "./Schemas.js"

// Every margin endpoint: 10 requests a second per UID (../shared/reference/rate-limits.tsv).
const limit = RateLimit.uid(10)

/** One coin of a margin account (an isolated row also names its symbol). */
export const Asset = Schema.Struct({
  symbol: Absent.optional(Schema.String),
  coin: Schema.String,
  totalAmount: Decimal,
  available: Decimal,
  frozen: Decimal,
  /** Principal owed. */
  borrow: Decimal,
  /** Interest owed. */
  interest: Decimal,
  /** available + frozen − borrow − interest. */
  net: Decimal,
  coupon: Absent.optional(Decimal),
  cTime: Absent.optional(Timestamp),
  uTime: Absent.optional(Timestamp)
})
export interface Asset extends Schema.Schema.Type<typeof Asset> {}

export const CrossAssetsRequest = Schema.Struct({ coin: Schema.optional(Coin) })
export interface CrossAssetsRequest extends Schema.Schema.Type<typeof CrossAssetsRequest> {}

/** `GET /api/v2/margin/crossed/account/assets`: the cross account's coins (one `coin`, or all). 10/s per UID. */
export const crossAssets = Operation.make(Endpoint.get("/api/v2/margin/crossed/account/assets", {
  name: "margin.account.crossAssets",
  signed: true,
  rateLimit: limit,
  request: Named.as<CrossAssetsRequest>()(CrossAssetsRequest),
  data: Schema.Array(Named.as<Asset>()(Asset))
}))

export const IsolatedAssetsRequest = Schema.Struct({ symbol: Schema.optional(Symbol) })
export interface IsolatedAssetsRequest extends Schema.Schema.Type<typeof IsolatedAssetsRequest> {}

/**
 * `GET /api/v2/margin/isolated/account/assets`: the isolated accounts' coins, two rows (base and
 * quote) per symbol; one `symbol`, or all. 10/s per UID.
 */
export const isolatedAssets = Operation.make(Endpoint.get("/api/v2/margin/isolated/account/assets", {
  name: "margin.account.isolatedAssets",
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedAssetsRequest>()(IsolatedAssetsRequest),
  data: Schema.Array(Named.as<Asset>()(Asset))
}))

/** What a borrowing did (an isolated one also names its symbol). */
export const Loan = Schema.Struct({
  loanId: Schema.String,
  symbol: Absent.optional(Schema.String),
  coin: Schema.String,
  borrowAmount: Decimal
})
export interface Loan extends Schema.Schema.Type<typeof Loan> {}

export const CrossBorrowRequest = Schema.Struct({
  coin: Coin,
  borrowAmount: Amount("borrowAmount"),
  clientOid: Schema.optional(ClientOid)
})
export interface CrossBorrowRequest extends Schema.Schema.Type<typeof CrossBorrowRequest> {}

/**
 * `POST /api/v2/margin/crossed/account/borrow`: borrows `borrowAmount` (> 0, at most 8
 * decimals) of `coin` into the cross account, within the max borrowable amount (50035 beyond
 * it). Interest accrues hourly from now. 10/s per UID.
 */
export const crossBorrow = Operation.make(Endpoint.post("/api/v2/margin/crossed/account/borrow", {
  name: "margin.account.crossBorrow",
  errors: refusals.funds,
  signed: true,
  rateLimit: limit,
  request: Named.as<CrossBorrowRequest>()(CrossBorrowRequest),
  data: Named.as<Loan>()(Loan)
}))

export const IsolatedBorrowRequest = Schema.Struct({
  symbol: Symbol,
  coin: Coin,
  borrowAmount: Amount("borrowAmount"),
  clientOid: Schema.optional(ClientOid)
})
export interface IsolatedBorrowRequest extends Schema.Schema.Type<typeof IsolatedBorrowRequest> {}

/**
 * `POST /api/v2/margin/isolated/account/borrow`: borrows `borrowAmount` (> 0, at most 8
 * decimals) of `coin` (the symbol's base or quote) into the `symbol`'s isolated account.
 * 10/s per UID.
 */
export const isolatedBorrow = Operation.make(Endpoint.post("/api/v2/margin/isolated/account/borrow", {
  name: "margin.account.isolatedBorrow",
  errors: refusals.funds,
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedBorrowRequest>()(IsolatedBorrowRequest),
  data: Named.as<Loan>()(Loan)
}))

/** What a repayment did and what remains owed. */
export const Repayment = Schema.Struct({
  repayId: Schema.String,
  symbol: Absent.optional(Schema.String),
  coin: Schema.String,
  repayAmount: Decimal,
  /** Principal and interest still owed in the coin. */
  remainDebtAmount: Decimal
})
export interface Repayment extends Schema.Schema.Type<typeof Repayment> {}

export const CrossRepayRequest = Schema.Struct({ coin: Coin, repayAmount: Amount("repayAmount") })
export interface CrossRepayRequest extends Schema.Schema.Type<typeof CrossRepayRequest> {}

/**
 * `POST /api/v2/margin/crossed/account/repay`: repays `repayAmount` (> 0, at most 8 decimals)
 * of `coin`, interest first, then principal; more than is owed is refused. 10/s per UID.
 */
export const crossRepay = Operation.make(Endpoint.post("/api/v2/margin/crossed/account/repay", {
  name: "margin.account.crossRepay",
  errors: refusals.funds,
  signed: true,
  rateLimit: limit,
  request: Named.as<CrossRepayRequest>()(CrossRepayRequest),
  data: Named.as<Repayment>()(Repayment)
}))

export const IsolatedRepayRequest = Schema.Struct({
  symbol: Symbol,
  coin: Coin,
  repayAmount: Amount("repayAmount"),
  clientOid: Schema.optional(ClientOid)
})
export interface IsolatedRepayRequest extends Schema.Schema.Type<typeof IsolatedRepayRequest> {}

/**
 * `POST /api/v2/margin/isolated/account/repay`: repays `repayAmount` of `coin` in the `symbol`'s
 * isolated account, interest first. Beyond the specification's list; served by the exchange
 * (https://www.bitget.com/api-doc/margin/isolated/account/Isolated-Repay). 10/s per UID.
 */
export const isolatedRepay = Operation.make(Endpoint.post("/api/v2/margin/isolated/account/repay", {
  name: "margin.account.isolatedRepay",
  errors: refusals.funds,
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedRepayRequest>()(IsolatedRepayRequest),
  data: Named.as<Repayment>()(Repayment)
}))

/**
 * `GET /api/v2/margin/crossed/account/risk-rate`: the cross account's risk rate (liabilities
 * over assets; liquidation at 1). 10/s per UID.
 */
export const crossRiskRate = Operation.make(Endpoint.get("/api/v2/margin/crossed/account/risk-rate", {
  name: "margin.account.crossRiskRate",
  signed: true,
  rateLimit: limit,
  request: Endpoint.NoParams,
  data: Schema.Struct({ riskRateRatio: Decimal })
}))

export const IsolatedRiskRateRequest = Schema.Struct({
  symbol: Schema.optional(Symbol),
  pageNum: Schema.optional(Limit.PageNumber),
  // "Size per page, default 100, maximum 500" (https://www.bitget.com/api-doc/margin/isolated/account/Isolated-Risk-Rate).
  pageSize: Schema.optional(
    Limit.PageSize.pipe(Schema.lessThanOrEqualTo(500, { message: () => "pageSize: at most 500 a page" }))
  )
})
export interface IsolatedRiskRateRequest extends Schema.Schema.Type<typeof IsolatedRiskRateRequest> {}

/**
 * `GET /api/v2/margin/isolated/account/risk-rate`: the risk rate of each isolated account (or of
 * one `symbol`), paged by `pageNum` (from 1) and `pageSize` (default 100, at most 500). Beyond the
 * specification's list; served by the exchange. 10/s per UID.
 */
export const isolatedRiskRate = Operation.make(Endpoint.get("/api/v2/margin/isolated/account/risk-rate", {
  name: "margin.account.isolatedRiskRate",
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedRiskRateRequest>()(IsolatedRiskRateRequest),
  data: Schema.Array(Schema.Struct({ symbol: Schema.String, riskRateRatio: Decimal }))
}))

export const CrossMaxBorrowableAmountRequest = Schema.Struct({ coin: Coin })
export interface CrossMaxBorrowableAmountRequest extends Schema.Schema.Type<typeof CrossMaxBorrowableAmountRequest> {}

export const CrossMaxBorrowable = Schema.Struct({ coin: Schema.String, maxBorrowableAmount: Decimal })
export interface CrossMaxBorrowable extends Schema.Schema.Type<typeof CrossMaxBorrowable> {}

/** `GET /api/v2/margin/crossed/account/max-borrowable-amount`: how much of `coin` may be borrowed now. 10/s per UID. */
export const crossMaxBorrowableAmount = Operation.make(
  Endpoint.get("/api/v2/margin/crossed/account/max-borrowable-amount", {
    name: "margin.account.crossMaxBorrowableAmount",
    signed: true,
    rateLimit: limit,
    request: Named.as<CrossMaxBorrowableAmountRequest>()(CrossMaxBorrowableAmountRequest),
    data: Named.as<CrossMaxBorrowable>()(CrossMaxBorrowable)
  })
)

export const IsolatedMaxBorrowableAmountRequest = Schema.Struct({ symbol: Symbol })
export interface IsolatedMaxBorrowableAmountRequest
  extends Schema.Schema.Type<typeof IsolatedMaxBorrowableAmountRequest>
{}

export const IsolatedMaxBorrowable = Schema.Struct({
  symbol: Schema.String,
  baseCoin: Schema.String,
  baseCoinMaxBorrowAmount: Decimal,
  quoteCoin: Schema.String,
  quoteCoinMaxBorrowAmount: Decimal
})
export interface IsolatedMaxBorrowable extends Schema.Schema.Type<typeof IsolatedMaxBorrowable> {}

/** `GET /api/v2/margin/isolated/account/max-borrowable-amount`: how much base and quote the `symbol`'s account may borrow now. 10/s per UID. */
export const isolatedMaxBorrowableAmount = Operation.make(
  Endpoint.get("/api/v2/margin/isolated/account/max-borrowable-amount", {
    name: "margin.account.isolatedMaxBorrowableAmount",
    signed: true,
    rateLimit: limit,
    request: Named.as<IsolatedMaxBorrowableAmountRequest>()(IsolatedMaxBorrowableAmountRequest),
    data: Named.as<IsolatedMaxBorrowable>()(IsolatedMaxBorrowable)
  })
)

export const CrossMaxTransferOutAmountRequest = Schema.Struct({ coin: Coin })
export interface CrossMaxTransferOutAmountRequest extends Schema.Schema.Type<typeof CrossMaxTransferOutAmountRequest> {}

export const CrossMaxTransferOut = Schema.Struct({ coin: Schema.String, maxTransferOutAmount: Decimal })
export interface CrossMaxTransferOut extends Schema.Schema.Type<typeof CrossMaxTransferOut> {}

/** `GET /api/v2/margin/crossed/account/max-transfer-out-amount`: how much of `coin` may leave the cross account. 10/s per UID. */
export const crossMaxTransferOutAmount = Operation.make(
  Endpoint.get("/api/v2/margin/crossed/account/max-transfer-out-amount", {
    name: "margin.account.crossMaxTransferOutAmount",
    signed: true,
    rateLimit: limit,
    request: Named.as<CrossMaxTransferOutAmountRequest>()(CrossMaxTransferOutAmountRequest),
    data: Named.as<CrossMaxTransferOut>()(CrossMaxTransferOut)
  })
)

export const IsolatedMaxTransferOutAmountRequest = Schema.Struct({ symbol: Symbol })
export interface IsolatedMaxTransferOutAmountRequest
  extends Schema.Schema.Type<typeof IsolatedMaxTransferOutAmountRequest>
{}

export const IsolatedMaxTransferOut = Schema.Struct({
  symbol: Schema.String,
  baseCoin: Schema.String,
  baseCoinMaxTransferOutAmount: Decimal,
  quoteCoin: Schema.String,
  quoteCoinMaxTransferOutAmount: Decimal
})
export interface IsolatedMaxTransferOut extends Schema.Schema.Type<typeof IsolatedMaxTransferOut> {}

/** `GET /api/v2/margin/isolated/account/max-transfer-out-amount`: how much base and quote may leave the `symbol`'s account. 10/s per UID. */
export const isolatedMaxTransferOutAmount = Operation.make(
  Endpoint.get("/api/v2/margin/isolated/account/max-transfer-out-amount", {
    name: "margin.account.isolatedMaxTransferOutAmount",
    signed: true,
    rateLimit: limit,
    request: Named.as<IsolatedMaxTransferOutAmountRequest>()(IsolatedMaxTransferOutAmountRequest),
    data: Named.as<IsolatedMaxTransferOut>()(IsolatedMaxTransferOut)
  })
)

/** One flash repayment started. */
export const FlashRepay = Schema.Struct({
  repayId: Schema.String,
  /** Empty when the whole account was repaid. */
  coin: Absent.optional(Schema.String)
})

// Bitget's page shows the answer as one object in one version and a list in another: both decode to a list.
const oneOrMany = <A, I>(row: Schema.Schema<A, I>) =>
  Schema.transform(Schema.Union(row, Schema.Array(row)), Schema.Array(Schema.typeSchema(row)), {
    strict: true,
    decode: (value) => (Array.isArray(value) ? value : [value]) as ReadonlyArray<A>,
    encode: (value) => value
  })

export const CrossFlashRepayRequest = Schema.Struct({ coin: Schema.optional(Coin) })
export interface CrossFlashRepayRequest extends Schema.Schema.Type<typeof CrossFlashRepayRequest> {}

export const CrossFlashRepayResult = oneOrMany(FlashRepay)
export interface CrossFlashRepayResult extends Schema.Schema.Type<typeof CrossFlashRepayResult> {}

/**
 * `POST /api/v2/margin/crossed/account/flash-repay`: repays `coin`'s debt (or, without `coin`,
 * the whole cross account) from the account's assets; answered with a `repayId` whose outcome
 * `crossFlashRepayStatus` tells. 10/s per UID.
 */
export const crossFlashRepay = Operation.make(Endpoint.post("/api/v2/margin/crossed/account/flash-repay", {
  name: "margin.account.crossFlashRepay",
  errors: refusals.funds,
  signed: true,
  rateLimit: limit,
  request: Named.as<CrossFlashRepayRequest>()(CrossFlashRepayRequest),
  data: Named.as<CrossFlashRepayResult>()(CrossFlashRepayResult)
}))

export const IsolatedFlashRepayRequest = Schema.Struct({
  // "Up to 100 trading pairs in one request" (https://www.bitget.com/api-doc/margin/isolated/account/Isolated-Flash-Repay).
  symbolList: Schema.optional(
    Schema.Array(Symbol).pipe(
      Schema.minItems(1, { message: () => "symbolList: at least one symbol (leave it out for every symbol)" }),
      Schema.maxItems(100, { message: () => "symbolList: at most 100 symbols" })
    )
  )
})
export interface IsolatedFlashRepayRequest extends Schema.Schema.Type<typeof IsolatedFlashRepayRequest> {}

export const IsolatedFlashRepayResult = oneOrMany(Schema.Struct({
  repayId: Schema.String,
  symbol: Schema.String,
  result: OpenEnum("success", "fail")
}))
export interface IsolatedFlashRepayResult extends Schema.Schema.Type<typeof IsolatedFlashRepayResult> {}

/**
 * `POST /api/v2/margin/isolated/account/flash-repay`: repays the isolated accounts of up to 100
 * symbols (`symbolList`; all without it). 10/s per UID.
 */
export const isolatedFlashRepay = Operation.make(Endpoint.post("/api/v2/margin/isolated/account/flash-repay", {
  name: "margin.account.isolatedFlashRepay",
  errors: refusals.funds,
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedFlashRepayRequest>()(IsolatedFlashRepayRequest),
  data: Named.as<IsolatedFlashRepayResult>()(IsolatedFlashRepayResult)
}))

/** A flash repayment's outcome. */
export const FlashRepayStatus = Schema.Struct({
  repayId: Schema.String,
  status: OpenEnum("FINISH", "PROCESSING", "FAIL")
})
export interface FlashRepayStatus extends Schema.Schema.Type<typeof FlashRepayStatus> {}

export const IdList = Schema.Struct({
  /**
   * Up to 100 repayment ids ("Max. 100 ids",
   * https://www.bitget.com/api-doc/margin/cross/account/Query-Cross-Flash-Repay-Status).
   */
  idList: Schema.Array(Schema.String.pipe(Schema.pattern(/^\d+$/, { message: () => "idList: numeric repay ids" })))
    .pipe(
      Schema.minItems(1, { message: () => "idList: at least one repay id" }),
      Schema.maxItems(100, { message: () => "idList: at most 100 repay ids" })
    )
})
export interface IdList extends Schema.Schema.Type<typeof IdList> {}

/**
 * `POST /api/v2/margin/crossed/account/query-flash-repay-status`: the outcome of up to 100 flash
 * repayments (`idList`). The specification's `flash-repay-status` path is served here. 10/s per UID.
 */
export const crossFlashRepayStatus = Operation.make(
  Endpoint.post("/api/v2/margin/crossed/account/query-flash-repay-status", {
    name: "margin.account.crossFlashRepayStatus",
    signed: true,
    rateLimit: limit,
    request: Named.as<IdList>()(IdList),
    data: Schema.Array(Named.as<FlashRepayStatus>()(FlashRepayStatus))
  })
)

/** `POST /api/v2/margin/isolated/account/query-flash-repay-status`: the outcome of up to 100 isolated flash repayments. 10/s per UID. */
export const isolatedFlashRepayStatus = Operation.make(
  Endpoint.post("/api/v2/margin/isolated/account/query-flash-repay-status", {
    name: "margin.account.isolatedFlashRepayStatus",
    signed: true,
    rateLimit: limit,
    request: Named.as<IdList>()(IdList),
    data: Schema.Array(Named.as<FlashRepayStatus>()(FlashRepayStatus))
  })
)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  crossAssets,
  isolatedAssets,
  crossBorrow,
  isolatedBorrow,
  crossRepay,
  isolatedRepay,
  crossRiskRate,
  isolatedRiskRate,
  crossMaxBorrowableAmount,
  isolatedMaxBorrowableAmount,
  crossMaxTransferOutAmount,
  isolatedMaxTransferOutAmount,
  crossFlashRepay,
  isolatedFlashRepay,
  crossFlashRepayStatus,
  isolatedFlashRepayStatus
].map((operation) => operation.endpoint)
