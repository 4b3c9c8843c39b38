/**
 * Institutional loans of a unified account (`/api/v3/ins-loan/*`): the product's terms, its
 * tradable symbols and collateral ratios, the loan orders and their repayments, the risk unit's
 * loan-to-value, the quantity transferred, and binding sub-accounts to a risk unit. Parameters from
 * the agent-sdk catalog (Bitget's OpenAPI file); answers as bitget-api 3.2.3 and go-bitget type them.
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

/** Every institutional-loan endpoint allows 3 requests a second per UID (reference §c). */
const INS_RATE = RateLimit.uid(3)

export const Transfered = Lazy.value(() =>
  Endpoint.get("/api/v3/ins-loan/transfered", {
    name: "unified.insLoan.transfered",
    signed: true,
    rateLimit: INS_RATE,
    request: Schema.Struct({
      coin: Limit.NonEmpty,
      /** The main account or one of its sub-accounts. */
      userId: Schema.optional(Schema.String)
    }),
    data: Schema.Struct({ coin: Schema.String, transfered: Decimal.Decimal, userId: Absent.optional(Schema.String) })
  })
)

/** `GET /api/v3/ins-loan/transfered`: how much of `coin` was transferred out of the loan account. 3/s per UID. */
export const transfered = Operation.make(Transfered)

const ContractSymbol = Lazy.schema(() =>
  Schema.Struct({ symbol: Schema.String, leverage: Absent.optional(Schema.String) })
)

/** The symbols a product's loan may trade. */
export const LoanSymbols = Lazy.schema(() =>
  Schema.Struct({
    productId: Schema.String,
    spotSymbols: Schema.Array(Schema.String),
    marginLeverage: Absent.optional(Schema.String),
    usdtContractLeverage: Absent.optional(Schema.String),
    coinContractLeverage: Absent.optional(Schema.String),
    usdcContractLeverage: Absent.optional(Schema.String),
    usdtContractSymbols: Absent.optional(Schema.Array(ContractSymbol)),
    coinContractSymbols: Absent.optional(Schema.Array(ContractSymbol)),
    usdcContractSymbols: Absent.optional(Schema.Array(ContractSymbol))
  })
)
export interface LoanSymbols extends Schema.Schema.Type<typeof LoanSymbols> {}

export const Symbols = Lazy.value(() =>
  Endpoint.get("/api/v3/ins-loan/symbols", {
    name: "unified.insLoan.symbols",
    signed: true,
    rateLimit: INS_RATE,
    request: Schema.Struct({ productId: Limit.NonEmpty }),
    data: Named.as<LoanSymbols>()(LoanSymbols)
  })
)

/** `GET /api/v3/ins-loan/symbols`: what a loan product may trade, with its leverage. 3/s per UID. */
export const symbols = Operation.make(Symbols)

export const RiskUnit = Lazy.value(() =>
  Endpoint.get("/api/v3/ins-loan/risk-unit", {
    name: "unified.insLoan.riskUnit",
    signed: true,
    rateLimit: INS_RATE,
    request: Endpoint.NoParams,
    data: Schema.Struct({ riskUnitId: Schema.Array(Schema.String) })
  })
)

/** `GET /api/v3/ins-loan/risk-unit`: the main account's risk unit ids (main account's key only). 3/s per UID. */
export const riskUnit = Operation.make(RiskUnit)

export const Repaid = Lazy.schema(() =>
  Schema.Struct({
    repayOrderId: Schema.String,
    businessType: OpenEnum("normal", "liquidation"),
    repayType: OpenEnum("all", "part"),
    repaidTime: Timestamp,
    coin: Schema.String,
    repayAmount: Decimal.Decimal,
    repayInterest: Decimal.Decimal
  })
)
export interface Repaid extends Schema.Schema.Type<typeof Repaid> {}

/** The request of `repaidHistory`. */
export const RepaidHistoryRequest = Lazy.schema(() =>
  Schema.Struct({
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    /** At most 100, the default (agent-sdk catalog: "Limit default 100; max 100"). */
    limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(100)))
  })
)
export interface RepaidHistoryRequest extends Schema.Schema.Type<typeof RepaidHistoryRequest> {}

export const RepaidHistory = Lazy.value(() =>
  Endpoint.get("/api/v3/ins-loan/repaid-history", {
    name: "unified.insLoan.repaidHistory",
    signed: true,
    rateLimit: INS_RATE,
    request: Named.as<RepaidHistoryRequest>()(RepaidHistoryRequest),
    data: Schema.Array(Named.as<Repaid>()(Repaid))
  })
)

/**
 * `GET /api/v3/ins-loan/repaid-history`: completed repayments between two times (no cursor: one
 * answer of at most 100). 3/s per UID.
 */
export const repaidHistory = Operation.make(RepaidHistory)

/** An institutional loan product. */
export const ProductInfo = Lazy.schema(() =>
  Schema.Struct({
    productId: Schema.String,
    leverage: Absent.optional(Schema.String),
    supportUsdtContract: Absent.optional(Flag.YES_NO),
    supportCoinContract: Absent.optional(Flag.YES_NO),
    supportUsdcContract: Absent.optional(Flag.YES_NO),
    /** Risk lines: transfers out, spot buys, futures opening, liquidation and its end. */
    transferLine: Absent.optional(Decimal.Decimal),
    spotBuyLine: Absent.optional(Decimal.Decimal),
    usdtContractOpenLine: Absent.optional(Decimal.Decimal),
    coinContractOpenLine: Absent.optional(Decimal.Decimal),
    usdcContractOpenLine: Absent.optional(Decimal.Decimal),
    liquidationLine: Absent.optional(Decimal.Decimal),
    stopLiquidationLine: Absent.optional(Decimal.Decimal)
  })
)
export interface ProductInfo extends Schema.Schema.Type<typeof ProductInfo> {}

export const ProductInfos = Lazy.value(() =>
  Endpoint.get("/api/v3/ins-loan/product-infos", {
    name: "unified.insLoan.productInfos",
    signed: true,
    rateLimit: INS_RATE,
    request: Schema.Struct({ productId: Limit.NonEmpty }),
    data: Named.as<ProductInfo>()(ProductInfo)
  })
)

/** `GET /api/v3/ins-loan/product-infos`: a loan product's leverage and risk lines. 3/s per UID. */
export const productInfos = Operation.make(ProductInfos)

export const LoanOrder = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    orderProductId: Absent.optional(Schema.String),
    uid: Absent.optional(Schema.String),
    loanTime: Timestamp,
    loanCoin: Schema.String,
    loanAmount: Decimal.Decimal,
    unpaidAmount: Decimal.Decimal,
    unpaidInterest: Decimal.Decimal,
    repaidAmount: Decimal.Decimal,
    repaidInterest: Decimal.Decimal,
    reserve: Absent.optional(Decimal.Decimal),
    status: OpenEnum("not_paid_off", "paid_off")
  })
)
export interface LoanOrder extends Schema.Schema.Type<typeof LoanOrder> {}

/** The request of `loanOrder`. */
export const LoanOrderRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.optional(Schema.String),
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time)
  })
)
export interface LoanOrderRequest extends Schema.Schema.Type<typeof LoanOrderRequest> {}

export const LoanOrders = Lazy.value(() =>
  Endpoint.get("/api/v3/ins-loan/loan-order", {
    name: "unified.insLoan.loanOrder",
    signed: true,
    rateLimit: INS_RATE,
    request: Named.as<LoanOrderRequest>()(LoanOrderRequest),
    data: Schema.Array(Named.as<LoanOrder>()(LoanOrder))
  })
)

/** `GET /api/v3/ins-loan/loan-order`: loan orders, newest first (one by `orderId`). 3/s per UID. */
export const loanOrder = Operation.make(LoanOrders)

/** The request of `ltvConvert`. */
export const LtvConvertRequest = Lazy.schema(() =>
  Schema.Struct({
    /** Required when the main account asks; a risk unit's own account leaves it out. */
    riskUnitId: Schema.optional(Schema.String)
  })
)
export interface LtvConvertRequest extends Schema.Schema.Type<typeof LtvConvertRequest> {}

/** The loan-to-value ratio and what is unpaid. */
export const Ltv = Lazy.schema(() =>
  Schema.Struct({
    ltv: Decimal.Decimal,
    subAccountUids: Absent.optional(Schema.Array(Schema.String)),
    unpaidUsdtAmount: Absent.optional(Decimal.Decimal),
    usdtBalance: Absent.optional(Decimal.Decimal),
    unpaidInfo: Absent.optional(Schema.Array(Schema.Struct({
      coin: Schema.String,
      unpaidQty: Decimal.Decimal,
      unpaidInterest: Decimal.Decimal
    }))),
    balanceInfo: Absent.optional(Schema.Array(Schema.Struct({
      coin: Schema.String,
      price: Decimal.Decimal,
      amount: Decimal.Decimal,
      convertedUsdtAmount: Decimal.Decimal
    })))
  })
)
export interface Ltv extends Schema.Schema.Type<typeof Ltv> {}

export const LtvConvert = Lazy.value(() =>
  Endpoint.get("/api/v3/ins-loan/ltv-convert", {
    name: "unified.insLoan.ltvConvert",
    signed: true,
    rateLimit: INS_RATE,
    request: Named.as<LtvConvertRequest>()(LtvConvertRequest),
    data: Named.as<Ltv>()(Ltv)
  })
)

/** `GET /api/v3/ins-loan/ltv-convert`: a risk unit's loan-to-value with what it owes and holds. 3/s per UID. */
export const ltvConvert = Operation.make(LtvConvert)

/** The collateral coins and their conversion ratios. */
export const CollateralCoins = Lazy.schema(() =>
  Schema.Struct({
    productId: Schema.String,
    coinInfo: Schema.Array(Schema.Struct({
      coin: Schema.String,
      convertRatio: Decimal.Decimal,
      maxConvertValue: Absent.optional(Decimal.Decimal),
      convertRatioList: Absent.optional(Schema.Array(Schema.Struct({
        ladder: Schema.String,
        convertRatio: Decimal.Decimal
      })))
    }))
  })
)
export interface CollateralCoins extends Schema.Schema.Type<typeof CollateralCoins> {}

export const EnsureCoinsConvert = Lazy.value(() =>
  Endpoint.get("/api/v3/ins-loan/ensure-coins-convert", {
    name: "unified.insLoan.ensureCoinsConvert",
    signed: true,
    rateLimit: INS_RATE,
    request: Schema.Struct({ productId: Limit.NonEmpty }),
    data: Named.as<CollateralCoins>()(CollateralCoins)
  })
)

/** `GET /api/v3/ins-loan/ensure-coins-convert`: a product's collateral coins and their ratios. 3/s per UID. */
export const ensureCoinsConvert = Operation.make(EnsureCoinsConvert)

/** The request of `bindUid`. */
export const BindUidRequest = Lazy.schema(() =>
  Schema.Struct({
    /** Required when the main account calls. */
    riskUnitId: Schema.optional(Schema.String),
    /** A sub-account (at most 50 per risk unit). */
    uid: Limit.NonEmpty,
    operate: Spelling.literal("bind", "unbind")
  })
)
export interface BindUidRequest extends Schema.Schema.Type<typeof BindUidRequest> {}

/** A UID bound to or unbound from a risk unit. */
export const BoundUid = Lazy.schema(() =>
  Schema.Struct({
    riskUnitId: Absent.optional(Schema.String),
    uid: Schema.String,
    operate: OpenEnum("bind", "unbind")
  })
)
export interface BoundUid extends Schema.Schema.Type<typeof BoundUid> {}

export const BindUid = Lazy.value(() =>
  Endpoint.post("/api/v3/ins-loan/bind-uid", {
    name: "unified.insLoan.bindUid",
    signed: true,
    rateLimit: INS_RATE,
    request: Named.as<BindUidRequest>()(BindUidRequest),
    data: Named.as<BoundUid>()(BoundUid)
  })
)

/**
 * `POST /api/v3/ins-loan/bind-uid`: binds a sub-account to a risk unit, or unbinds it (at most 50
 * per unit). 3/s per UID.
 */
export const bindUid = Operation.make(BindUid)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Transfered,
  Symbols,
  RiskUnit,
  RepaidHistory,
  ProductInfos,
  LoanOrders,
  LtvConvert,
  EnsureCoinsConvert,
  BindUid
]
