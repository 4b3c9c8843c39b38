/**
 * On-Chain Elite earn products of a unified account (`/api/v3/earn/elite-*`): the products and
 * their terms, subscribing (paid from the funding or the unified account) and its result, holdings,
 * redeeming (fast or standard) and the records of all three. Declared as bitget-api 3.2.3 types
 * them (`types/{request,response}/v3/earn`), go-bitget's `uta/earn.go` naming the same paths.
 *
 * Declared apart from V2's Elite rows (`@effect-bitget/earn`'s `Elite`) on purpose: V3's differ.
 * Its holdings add `unsettledBGPoints`, its records `actualReceivingAccount`, `settlePoints` and `ts`,
 * its subscription terms `subscriptionCoinList`, its redemption modes `redeemScale` (and
 * `redeemTime` is text, not a timestamp); the APR range, `sellOut` and a holding's
 * `subscriptionCoin`, required in V2, may be absent here. Only `SubscriptionCoin` is the same
 * shape: not worth a dependency of this line on earn's.
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

/** Every Elite endpoint allows 5 requests a second per UID (reference §c). */
const EARN_RATE = RateLimit.uid(5)
const optionalDecimal = Lazy.schema(() => Absent.optional(Decimal.Decimal))

export const SubscriptionCoin = Lazy.schema(() =>
  Schema.Struct({
    subscriptionCoin: Schema.String,
    precision: Absent.optional(Schema.String),
    feeRate: optionalDecimal,
    exchangeRate: optionalDecimal,
    remainQuota: optionalDecimal,
    minAmount: optionalDecimal
  })
)

export const Product = Lazy.schema(() =>
  Schema.Struct({
    productId: Schema.String,
    coin: Schema.String,
    minApr: optionalDecimal,
    maxApr: optionalDecimal,
    subscriptionCoinList: Schema.Array(SubscriptionCoin),
    /** Sold out: no subscriptions taken. */
    sellOut: Absent.optional(Flag.YES_NO)
  })
)
export interface Product extends Schema.Schema.Type<typeof Product> {}

export const EliteProduct = Lazy.value(() =>
  Endpoint.get("/api/v3/earn/elite-product", {
    name: "unified.earn.eliteProduct",
    signed: true,
    rateLimit: EARN_RATE,
    request: Endpoint.NoParams,
    data: Schema.Array(Named.as<Product>()(Product))
  })
)

/** `GET /api/v3/earn/elite-product`: the Elite products, their APR range and subscription coins. 5/s per UID. */
export const eliteProduct = Operation.make(EliteProduct)

export const Holding = Lazy.schema(() =>
  Schema.Struct({
    productId: Schema.String,
    productCoin: Schema.String,
    holdingAmount: Decimal.Decimal,
    usdtHoldingAmount: optionalDecimal,
    exchangeRate: optionalDecimal,
    apr: optionalDecimal,
    subscriptionCoin: Absent.optional(Schema.String),
    exchangeAmount: optionalDecimal,
    unsettledBGPoints: optionalDecimal,
    interestCoin: Absent.optional(Schema.String),
    totalProfit: optionalDecimal
  })
)
export interface Holding extends Schema.Schema.Type<typeof Holding> {}

/** The Elite products held. */
export const EliteHoldings = Lazy.schema(() =>
  Schema.Struct({ resultList: Schema.Array(Named.as<Holding>()(Holding)) })
)
export interface EliteHoldings extends Schema.Schema.Type<typeof EliteHoldings> {}

export const EliteAssets = Lazy.value(() =>
  Endpoint.get("/api/v3/earn/elite-assets", {
    name: "unified.earn.eliteAssets",
    signed: true,
    rateLimit: EARN_RATE,
    request: Endpoint.NoParams,
    data: Named.as<EliteHoldings>()(EliteHoldings)
  })
)

/** `GET /api/v3/earn/elite-assets`: what the account holds of each Elite product and its profit. 5/s per UID. */
export const eliteAssets = Operation.make(EliteAssets)

export const EliteRecord = Lazy.schema(() =>
  Schema.Struct({
    recordId: Schema.String,
    productId: Schema.String,
    coin: Schema.String,
    status: Schema.String,
    exchangeRate: optionalDecimal,
    receivedCoin: Absent.optional(Schema.String),
    receivedAmount: optionalDecimal,
    investAmount: optionalDecimal,
    feeRate: optionalDecimal,
    receivingAccount: Absent.optional(Schema.String),
    actualReceivingAccount: Absent.optional(Schema.String),
    settlePoints: optionalDecimal,
    fee: optionalDecimal,
    ts: Absent.optional(Timestamp)
  })
)
export interface EliteRecord extends Schema.Schema.Type<typeof EliteRecord> {}

/** The request of `eliteRecords`. */
export const EliteRecordsRequest = Lazy.schema(() =>
  Schema.Struct({
    type: Spelling.literal("subscribe", "redeem", "interest"),
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    limit: Schema.optional(Limit.PageSize),
    /** The last answer's `endId`. */
    cursor: Schema.optional(Schema.String)
  })
)
export interface EliteRecordsRequest extends Schema.Schema.Type<typeof EliteRecordsRequest> {}

/** A page of Elite records. */
export const EliteRecordPage = Lazy.schema(() =>
  Schema.Struct({
    recordList: Schema.Array(Named.as<EliteRecord>()(EliteRecord)),
    endId: Absent.optional(Schema.String)
  })
)
export interface EliteRecordPage extends Schema.Schema.Type<typeof EliteRecordPage> {}

export const EliteRecords = Lazy.value(() =>
  Endpoint.get("/api/v3/earn/elite-records", {
    name: "unified.earn.eliteRecords",
    signed: true,
    rateLimit: EARN_RATE,
    request: Named.as<EliteRecordsRequest>()(EliteRecordsRequest),
    data: Named.as<EliteRecordPage>()(EliteRecordPage)
  })
)

/**
 * `GET /api/v3/earn/elite-records`: subscriptions, redemptions or interest (`type`) over the last 3
 * months, newest first; the next page starts after `endId` (sent back as `cursor`). A plain call:
 * no Bitget page gives its page size. 5/s per UID.
 */
export const eliteRecords = Operation.make(EliteRecords)

/** What subscribing to an Elite product takes. */
export const EliteSubscribeTerms = Lazy.schema(() =>
  Schema.Struct({
    productSubId: Schema.String,
    minAmount: optionalDecimal,
    remainQuota: optionalDecimal,
    exchangeRate: optionalDecimal,
    productCoin: Absent.optional(Schema.String),
    interestTime: Absent.optional(Timestamp),
    settleTime: Absent.optional(Timestamp),
    precision: Absent.optional(Schema.String),
    feeRate: optionalDecimal,
    subscriptionCoinList: Absent.optional(Schema.Array(SubscriptionCoin))
  })
)
export interface EliteSubscribeTerms extends Schema.Schema.Type<typeof EliteSubscribeTerms> {}

export const EliteSubscribeInfo = Lazy.value(() =>
  Endpoint.get("/api/v3/earn/elite-subscribe-info", {
    name: "unified.earn.eliteSubscribeInfo",
    signed: true,
    rateLimit: EARN_RATE,
    request: Schema.Struct({ productId: Limit.NonEmpty }),
    data: Named.as<EliteSubscribeTerms>()(EliteSubscribeTerms)
  })
)

/** `GET /api/v3/earn/elite-subscribe-info`: a product's subscription terms and the `productSubId` to subscribe to. 5/s per UID. */
export const eliteSubscribeInfo = Operation.make(EliteSubscribeInfo)

/** Where a subscription is paid from, or a redemption goes: the funding (`spot`) or the unified account. */
export const EarnAccount = Lazy.schema(() => Spelling.literal("spot", "unified"))

/** The request of `eliteSubscribe`. */
export const EliteSubscribeRequest = Lazy.schema(() =>
  Schema.Struct({
    productSubId: Limit.NonEmpty,
    amount: Decimal.PositiveDecimalInput,
    /** The subscription coin, when the product takes several. */
    coin: Schema.optional(Schema.String),
    paymentAccount: Schema.optional(EarnAccount)
  })
)
export interface EliteSubscribeRequest extends Schema.Schema.Type<typeof EliteSubscribeRequest> {}

export const EliteSubscribe = Lazy.value(() =>
  Endpoint.post("/api/v3/earn/elite-subscribe", {
    name: "unified.earn.eliteSubscribe",
    signed: true,
    rateLimit: EARN_RATE,
    errors: ["InsufficientBalance"],
    request: Named.as<EliteSubscribeRequest>()(EliteSubscribeRequest),
    data: Schema.Struct({ orderId: Schema.String })
  })
)

/**
 * `POST /api/v3/earn/elite-subscribe`: subscribes `amount` to a product (`productSubId` from
 * `eliteSubscribeInfo`), paid from the funding or the unified account; `eliteSubscribeResult`
 * tells when it is settled. 5/s per UID.
 */
export const eliteSubscribe = Operation.make(EliteSubscribe)

export const EliteSubscribeResult = Lazy.value(() =>
  Endpoint.get("/api/v3/earn/elite-subscribe-result", {
    name: "unified.earn.eliteSubscribeResult",
    signed: true,
    rateLimit: EARN_RATE,
    errors: ["OrderNotFound"],
    request: Schema.Struct({ orderId: Limit.NonEmpty }),
    data: Schema.Struct({ result: OpenEnum("settled", "pending", "rejected") })
  })
)

/** `GET /api/v3/earn/elite-subscribe-result`: a subscription's state: `pending`, `settled` or `rejected`. 5/s per UID. */
export const eliteSubscribeResult = Operation.make(EliteSubscribeResult)

export const RedeemMode = Lazy.schema(() =>
  Schema.Struct({
    redeemType: OpenEnum("fast", "standard"),
    redeemFeeRate: optionalDecimal,
    remainQuota: optionalDecimal,
    redeemScale: Absent.optional(Schema.String),
    redeemDelayDate: Absent.optional(Schema.String),
    minRedeemAmount: optionalDecimal,
    redeemTime: Absent.optional(Schema.String)
  })
)

/** What redeeming an Elite product gives. */
export const EliteRedeemTerms = Lazy.schema(() =>
  Schema.Struct({
    productId: Schema.String,
    productSubId: Schema.String,
    productCoin: Absent.optional(Schema.String),
    subscriptionCoin: Absent.optional(Schema.String),
    profitCoin: Absent.optional(Schema.String),
    exchangeRate: optionalDecimal,
    totalUnPayInterestAmount: optionalDecimal,
    preSettleApr: optionalDecimal,
    receivedCoin: Absent.optional(Schema.String),
    unsettledPoints: optionalDecimal,
    redeemModeList: Schema.Array(RedeemMode)
  })
)
export interface EliteRedeemTerms extends Schema.Schema.Type<typeof EliteRedeemTerms> {}

export const EliteRedeemInfo = Lazy.value(() =>
  Endpoint.get("/api/v3/earn/elite-redeem-info", {
    name: "unified.earn.eliteRedeemInfo",
    signed: true,
    rateLimit: EARN_RATE,
    request: Schema.Struct({ productId: Limit.NonEmpty }),
    data: Named.as<EliteRedeemTerms>()(EliteRedeemTerms)
  })
)

/** `GET /api/v3/earn/elite-redeem-info`: a product's redemption modes (fast, standard), fees and quotas. 5/s per UID. */
export const eliteRedeemInfo = Operation.make(EliteRedeemInfo)

/** The request of `eliteRedeem`. */
export const EliteRedeemRequest = Lazy.schema(() =>
  Schema.Struct({
    productId: Limit.NonEmpty,
    productSubId: Limit.NonEmpty,
    redeemType: Spelling.literal("fast", "standard"),
    amount: Decimal.PositiveDecimalInput,
    receiveAccount: EarnAccount,
    /** Settle pending interest now. */
    advancedSettle: Schema.optional(Flag.YesNo),
    coin: Schema.optional(Schema.String)
  })
)
export interface EliteRedeemRequest extends Schema.Schema.Type<typeof EliteRedeemRequest> {}

export const EliteRedeem = Lazy.value(() =>
  Endpoint.post("/api/v3/earn/elite-redeem", {
    name: "unified.earn.eliteRedeem",
    signed: true,
    rateLimit: EARN_RATE,
    errors: ["InsufficientBalance"],
    request: Named.as<EliteRedeemRequest>()(EliteRedeemRequest),
    data: Schema.Struct({ orderId: Schema.String })
  })
)

/**
 * `POST /api/v3/earn/elite-redeem`: redeems `amount` of a holding, `fast` (with a fee) or
 * `standard`, into the funding or the unified account; more than is held is refused. 5/s per UID.
 */
export const eliteRedeem = Operation.make(EliteRedeem)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  EliteProduct,
  EliteAssets,
  EliteRecords,
  EliteSubscribeInfo,
  EliteSubscribe,
  EliteSubscribeResult,
  EliteRedeemInfo,
  EliteRedeem
]
