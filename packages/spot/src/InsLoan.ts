/**
 * Institutional loans: the loan product's terms (the specification's one endpoint), and beyond
 * it the product's margin coins and symbols, the risk units, the loan-to-value, the loan orders and
 * the repayments (https://www.bitget.com/api-doc/common/ins-loan/Get-Product-Info and its
 * neighbours). Every ins-loan page gives 5 requests per second per UID.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

export const ProductInfo = Schema.Struct({
  productId: Schema.String,
  /** Maximum leverage of the product (2x or 4x), as the exchange writes it. */
  leverage: Schema.String,
  /** Ratio below which transfers out are restricted. */
  transferLine: Decimal,
  /** Ratio below which spot buying is restricted. */
  spotBuyLine: Decimal,
  liquidationLine: Decimal,
  stopLiquidationLine: Decimal
})
export interface ProductInfo extends Schema.Schema.Type<typeof ProductInfo> {}

export const ProductInfosRequest = Schema.Struct({ productId: Schema.String })
export interface ProductInfosRequest extends Schema.Schema.Type<typeof ProductInfosRequest> {}

export const ProductInfos = Endpoint.get("/api/v2/spot/ins-loan/product-infos", {
  name: "spot.insLoan.productInfos",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<ProductInfosRequest>()(ProductInfosRequest),
  data: Named.as<ProductInfo>()(ProductInfo)
})

/**
 * `GET /api/v2/spot/ins-loan/product-infos`: terms of an institutional loan product. The
 * specification spells the parameter `productld`; the exchange reads `productId`. 5/s per UID.
 */
export const productInfos = Operation.make(ProductInfos)

export const EnsureCoins = Schema.Struct({
  productId: Schema.String,
  coinInfo: Schema.Array(Schema.Struct({
    coin: Schema.String,
    /** The share of the coin's value that counts as margin. */
    convertRatio: Decimal,
    maxConvertValue: Absent.optional(Decimal)
  }))
})
export interface EnsureCoins extends Schema.Schema.Type<typeof EnsureCoins> {}

export const EnsureCoinsConvertRequest = Schema.Struct({ productId: Schema.String })
export interface EnsureCoinsConvertRequest extends Schema.Schema.Type<typeof EnsureCoinsConvertRequest> {}

export const EnsureCoinsConvert = Endpoint.get("/api/v2/spot/ins-loan/ensure-coins-convert", {
  name: "spot.insLoan.ensureCoinsConvert",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<EnsureCoinsConvertRequest>()(EnsureCoinsConvertRequest),
  data: Named.as<EnsureCoins>()(EnsureCoins)
})
/**
 * `GET /api/v2/spot/ins-loan/ensure-coins-convert`: the coins a loan product accepts as margin,
 * each with its conversion ratio and the most value it counts for. Beyond the specification's
 * list (https://www.bitget.com/api-doc/common/ins-loan/Get-Margin-Coin-Info). 5/s per UID.
 */
export const ensureCoinsConvert = Operation.make(EnsureCoinsConvert)

export const SymbolsRequest = Schema.Struct({ productId: Schema.String })
export interface SymbolsRequest extends Schema.Schema.Type<typeof SymbolsRequest> {}

export const Symbols = Endpoint.get("/api/v2/spot/ins-loan/symbols", {
  name: "spot.insLoan.symbols",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<SymbolsRequest>()(SymbolsRequest),
  data: Schema.Struct({ productId: Schema.String, spotSymbols: Schema.Array(Schema.String) })
})
/**
 * `GET /api/v2/spot/ins-loan/symbols`: the spot symbols a loan product's funds may trade. Beyond
 * the specification's list (https://www.bitget.com/api-doc/common/ins-loan/Get-Loan-Symbols). 5/s per UID.
 */
export const symbols = Operation.make(Symbols)

export const RiskUnit = Endpoint.get("/api/v2/spot/ins-loan/risk-unit", {
  name: "spot.insLoan.riskUnit",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Endpoint.NoParams,
  data: Schema.Struct({ riskUnitId: Schema.Array(Schema.String) })
})
/**
 * `GET /api/v2/spot/ins-loan/risk-unit`: the ids of the account's risk units (a loan and the
 * accounts whose assets back it). Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/ins-loan/Get-Risk-Unit). 5/s per UID.
 */
export const riskUnit = Operation.make(RiskUnit)

export const LoanToValue = Schema.Struct({
  ltv: Decimal,
  subAccountUids: Schema.Array(Schema.String),
  unpaidUsdtAmount: Decimal,
  usdtBalance: Decimal,
  unpaidInfo: Schema.Array(Schema.Struct({ coin: Schema.String, unpaidQty: Decimal, unpaidInterest: Decimal })),
  balanceInfo: Schema.Array(Schema.Struct({
    coin: Schema.String,
    price: Decimal,
    amount: Decimal,
    convertedUsdtAmount: Decimal
  }))
})
export interface LoanToValue extends Schema.Schema.Type<typeof LoanToValue> {}

export const LtvConvertRequest = Schema.Struct({ riskUnitId: Schema.optional(Schema.String) })
export interface LtvConvertRequest extends Schema.Schema.Type<typeof LtvConvertRequest> {}

export const LtvConvert = Endpoint.get("/api/v2/spot/ins-loan/ltv-convert", {
  name: "spot.insLoan.ltvConvert",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<LtvConvertRequest>()(LtvConvertRequest),
  data: Named.as<LoanToValue>()(LoanToValue)
})
/**
 * `GET /api/v2/spot/ins-loan/ltv-convert`: a risk unit's loan-to-value: what is owed and what backs
 * it, coin by coin and in USDT. Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/ins-loan/Get-LTV). 5/s per UID.
 */
export const ltvConvert = Operation.make(LtvConvert)

export const LoanOrder = Schema.Struct({
  orderId: Schema.String,
  orderProductId: Schema.String,
  uid: Schema.String,
  loanTime: Timestamp,
  loanCoin: Schema.String,
  loanAmount: Decimal,
  unpaidAmount: Decimal,
  unpaidInterest: Decimal,
  repaidAmount: Decimal,
  repaidInterest: Decimal,
  /** `unpaid`, `repaid` … as the exchange writes it. */
  status: Schema.String
})
export interface LoanOrder extends Schema.Schema.Type<typeof LoanOrder> {}

export const LoanOrderRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time)
})
export interface LoanOrderRequest extends Schema.Schema.Type<typeof LoanOrderRequest> {}

export const LoanOrders = Endpoint.get("/api/v2/spot/ins-loan/loan-order", {
  name: "spot.insLoan.loanOrder",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<LoanOrderRequest>()(LoanOrderRequest),
  data: Schema.Array(Named.as<LoanOrder>()(LoanOrder))
})
/**
 * `GET /api/v2/spot/ins-loan/loan-order`: the account's loan orders (one `orderId`, or those between
 * `startTime` and `endTime`) with what is repaid and unpaid. The page names no cursor: one answer.
 * Beyond the specification's list (https://www.bitget.com/api-doc/common/ins-loan/Get-Loan-Orders).
 * 5/s per UID.
 */
export const loanOrder = Operation.make(LoanOrders)

export const Repayment = Schema.Struct({
  repayOrderId: Schema.String,
  businessType: Schema.String,
  repayType: Schema.String,
  repaidTime: Timestamp,
  coin: Schema.String,
  repaidAmount: Decimal,
  repaidInterest: Decimal
})
export interface Repayment extends Schema.Schema.Type<typeof Repayment> {}

export const RepaidHistoryRequest = Schema.Struct({
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  // "limit … Default: 100, maximum: 100" (https://www.bitget.com/api-doc/common/ins-loan/Get-Repay-Orders).
  limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(100, { message: () => "limit: at most 100" })))
})
export interface RepaidHistoryRequest extends Schema.Schema.Type<typeof RepaidHistoryRequest> {}

export const RepaidHistory = Endpoint.get("/api/v2/spot/ins-loan/repaid-history", {
  name: "spot.insLoan.repaidHistory",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<RepaidHistoryRequest>()(RepaidHistoryRequest),
  data: Schema.Array(Named.as<Repayment>()(Repayment))
})
/**
 * `GET /api/v2/spot/ins-loan/repaid-history`: the account's loan repayments between `startTime` and
 * `endTime`, at most `limit` (≤ 100, checked locally) of them; the page names no cursor. Beyond the
 * specification's list (https://www.bitget.com/api-doc/common/ins-loan/Get-Repay-Orders). 5/s per UID.
 */
export const repaidHistory = Operation.make(RepaidHistory)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  ProductInfos,
  EnsureCoinsConvert,
  Symbols,
  RiskUnit,
  LtvConvert,
  LoanOrders,
  RepaidHistory
]
