/**
 * Savings (flexible and fixed): the products and their APY tiers, subscribing and redeeming, the
 * account's holdings and earnings, and the records (https://www.bitget.com/api-doc/earn/savings/
 * Savings-Products and its neighbours).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { cursorQuery, endIdPages, limit, OrderStatus, PeriodType, Result } from "./Schemas.js"

export const ApyTier = Schema.Struct({
  rateLevel: Absent.optional(Schema.String),
  minStepVal: Absent.optional(Decimal),
  maxStepVal: Absent.optional(Decimal),
  currentApy: Decimal
})
export interface ApyTier extends Schema.Schema.Type<typeof ApyTier> {}

export const Product = Schema.Struct({
  productId: Schema.String,
  coin: Schema.String,
  periodType: OpenEnum("flexible", "fixed"),
  /** Days of a fixed product; absent for flexible. */
  period: Absent.optional(Schema.String),
  apyType: Absent.optional(Schema.String),
  advanceRedeem: Absent.optional(OpenEnum("yes", "no")),
  settleMethod: Absent.optional(Schema.String),
  apyList: Schema.Array(ApyTier),
  status: OpenEnum("in_progress", "paused", "sold_out"),
  productLevel: Absent.optional(Schema.String)
})
export interface Product extends Schema.Schema.Type<typeof Product> {}

export const ProductRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  /** `available`, `held`, `available_and_held` or `all`. */
  filter: Schema.optional(Schema.Literal("available", "held", "available_and_held", "all"))
})
export interface ProductRequest extends Schema.Schema.Type<typeof ProductRequest> {}

export const Products = Endpoint.get("/api/v2/earn/savings/product", {
  name: "earn.savings.product",
  signed: true,
  rateLimit: limit,
  request: Named.as<ProductRequest>()(ProductRequest),
  data: Schema.Array(Named.as<Product>()(Product))
})
/**
 * `GET /api/v2/earn/savings/product`: savings products (of one `coin`; `filter` those open to
 * subscription or held), flexible or fixed, with their APY tiers. (https://www.bitget.com/api-doc/earn/savings/Savings-Products) 10/s per UID.
 */
export const product = Operation.make(Products)

export const EarningsSummary = Schema.Struct({
  btcAmount: Decimal,
  usdtAmount: Decimal,
  btc24hEarning: Decimal,
  usdt24hEarning: Decimal,
  btcTotalEarning: Decimal,
  usdtTotalEarning: Decimal
})
export interface EarningsSummary extends Schema.Schema.Type<typeof EarningsSummary> {}

export const Account = Endpoint.get("/api/v2/earn/savings/account", {
  name: "earn.savings.account",
  signed: true,
  rateLimit: limit,
  request: Endpoint.NoParams,
  data: Named.as<EarningsSummary>()(EarningsSummary)
})
/**
 * `GET /api/v2/earn/savings/account`: what the savings hold and have earned (last 24 hours and in
 * total), in BTC and USDT. 10/s per UID.
 */
export const account = Operation.make(Account)

export const Asset = Schema.Struct({
  productId: Schema.String,
  orderId: Schema.String,
  productCoin: Schema.String,
  interestCoin: Schema.String,
  periodType: OpenEnum("flexible", "fixed"),
  period: Absent.optional(Schema.String),
  holdAmount: Decimal,
  lastProfit: Decimal,
  totalProfit: Decimal,
  holdDays: Absent.optional(Schema.String),
  status: OpenEnum("in_holding", "paused", "redeeming"),
  allowRedemption: Absent.optional(OpenEnum("yes", "no")),
  productLevel: Absent.optional(Schema.String)
})
export interface Asset extends Schema.Schema.Type<typeof Asset> {}

export const AssetsRequest = Schema.Struct({ periodType: PeriodType, ...cursorQuery })
export interface AssetsRequest extends Schema.Schema.Type<typeof AssetsRequest> {}

export const Assets = Endpoint.list("/api/v2/earn/savings/assets", {
  name: "earn.savings.assets",
  signed: true,
  rateLimit: limit,
  request: Named.as<AssetsRequest>()(AssetsRequest),
  data: Schema.Struct({ resultList: Schema.Array(Named.as<Asset>()(Asset)), endId: Absent.optional(Schema.String) }),
  pagination: endIdPages("resultList", "orderId")
})
/**
 * `GET /api/v2/earn/savings/assets`: the savings held, flexible or fixed, each with its amount and
 * profit; at most 100 a page, cursor `endId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`).
 */
export const assets = Operation.make(Assets)

export const Record = Schema.Struct({
  orderId: Schema.String,
  coinName: Schema.String,
  settleCoinName: Absent.optional(Schema.String),
  productType: Absent.optional(Schema.String),
  period: Absent.optional(Schema.String),
  productLevel: Absent.optional(Schema.String),
  amount: Decimal,
  ts: Timestamp,
  /** `subscribe`, `redeem`, `pay_interest`, `deduction`. */
  orderType: OpenEnum("subscribe", "redeem", "pay_interest", "deduction")
})
export interface Record extends Schema.Schema.Type<typeof Record> {}

export const RecordsRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  periodType: PeriodType,
  orderType: Schema.optional(Schema.Literal("subscribe", "redeem", "pay_interest", "deduction")),
  ...cursorQuery
})
export interface RecordsRequest extends Schema.Schema.Type<typeof RecordsRequest> {}

export const Records = Endpoint.list("/api/v2/earn/savings/records", {
  name: "earn.savings.records",
  signed: true,
  rateLimit: limit,
  request: Named.as<RecordsRequest>()(RecordsRequest),
  data: Schema.Struct({ resultList: Schema.Array(Named.as<Record>()(Record)), endId: Absent.optional(Schema.String) }),
  pagination: endIdPages("resultList", "orderId")
})
/**
 * `GET /api/v2/earn/savings/records`: subscriptions, redemptions and interest paid, newest first;
 * at most 100 a page, cursor `endId`. (https://www.bitget.com/api-doc/earn/savings/Savings-Records) 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`).
 */
export const records = Operation.make(Records)

export const SubscribeInfoRequest = Schema.Struct({ productId: Schema.String, periodType: PeriodType })
export interface SubscribeInfoRequest extends Schema.Schema.Type<typeof SubscribeInfoRequest> {}

export const SubscriptionTerms = Schema.Struct({
  singleMinAmount: Decimal,
  singleMaxAmount: Decimal,
  remainingAmount: Decimal,
  subscribePrecision: Absent.optional(Schema.String),
  profitPrecision: Absent.optional(Schema.String),
  subscribeTime: Absent.optional(Timestamp),
  interestTime: Absent.optional(Timestamp),
  settleTime: Absent.optional(Timestamp),
  expireTime: Absent.optional(Timestamp),
  redeemTime: Absent.optional(Timestamp),
  settleMethod: Absent.optional(Schema.String),
  apyList: Schema.Array(Named.as<ApyTier>()(ApyTier))
})
export interface SubscriptionTerms extends Schema.Schema.Type<typeof SubscriptionTerms> {}

export const SubscribeInfo = Endpoint.get("/api/v2/earn/savings/subscribe-info", {
  name: "earn.savings.subscribeInfo",
  signed: true,
  rateLimit: limit,
  request: Named.as<SubscribeInfoRequest>()(SubscribeInfoRequest),
  data: Named.as<SubscriptionTerms>()(SubscriptionTerms)
})
/**
 * `GET /api/v2/earn/savings/subscribe-info`: a product's subscription terms: the least and most one
 * subscription may be, what is left, and when interest starts and settles. 10/s per UID.
 */
export const subscribeInfo = Operation.make(SubscribeInfo)

export const SubscribeRequest = Schema.Struct({
  productId: Schema.String,
  periodType: PeriodType,
  amount: PositiveDecimalInput
})
export interface SubscribeRequest extends Schema.Schema.Type<typeof SubscribeRequest> {}

export const Subscribe = Endpoint.post("/api/v2/earn/savings/subscribe", {
  name: "earn.savings.subscribe",
  signed: true,
  rateLimit: limit,
  errors: ["InsufficientBalance"],
  request: Named.as<SubscribeRequest>()(SubscribeRequest),
  data: Named.as<OrderStatus>()(OrderStatus)
})
/**
 * `POST /api/v2/earn/savings/subscribe`: moves `amount` (above zero, checked locally) from the spot
 * account into a savings product; interest accrues from then on. Not retried: a write.
 * (https://www.bitget.com/api-doc/earn/savings/Savings-Subscribe) 10/s per UID.
 */
export const subscribe = Operation.make(Subscribe)

export const SubscribeResultRequest = Schema.Struct({ productId: Schema.String, periodType: PeriodType })
export interface SubscribeResultRequest extends Schema.Schema.Type<typeof SubscribeResultRequest> {}

export const SubscribeResult = Endpoint.get("/api/v2/earn/savings/subscribe-result", {
  name: "earn.savings.subscribeResult",
  signed: true,
  rateLimit: limit,
  // As bitget-api sends it (productId and periodType: the product's latest subscription); not
  // checked against Bitget's page.
  request: Named.as<SubscribeResultRequest>()(SubscribeResultRequest),
  data: Named.as<Result>()(Result)
})
/**
 * `GET /api/v2/earn/savings/subscribe-result`: whether the latest subscription to a product went
 * through. 10/s per UID.
 */
export const subscribeResult = Operation.make(SubscribeResult)

export const RedeemRequest = Schema.Struct({
  productId: Schema.String,
  /** The holding to redeem (fixed savings: required by the exchange). */
  orderId: Schema.optional(Schema.String),
  periodType: PeriodType,
  amount: PositiveDecimalInput
})
export interface RedeemRequest extends Schema.Schema.Type<typeof RedeemRequest> {}

export const Redeem = Endpoint.post("/api/v2/earn/savings/redeem", {
  name: "earn.savings.redeem",
  signed: true,
  rateLimit: limit,
  // 43012: more than the holding (../shared/reference/error-codes.tsv).
  errors: ["InsufficientBalance"],
  request: Named.as<RedeemRequest>()(RedeemRequest),
  data: Named.as<OrderStatus>()(OrderStatus)
})
/**
 * `POST /api/v2/earn/savings/redeem`: takes `amount` (above zero, checked locally) out of a savings
 * holding back to the spot account. (https://www.bitget.com/api-doc/earn/savings/Savings-Redeem) 10/s per UID.
 */
export const redeem = Operation.make(Redeem)

export const RedeemResultRequest = Schema.Struct({ orderId: Schema.String, periodType: PeriodType })
export interface RedeemResultRequest extends Schema.Schema.Type<typeof RedeemResultRequest> {}

export const RedeemResult = Endpoint.get("/api/v2/earn/savings/redeem-result", {
  name: "earn.savings.redeemResult",
  signed: true,
  rateLimit: limit,
  request: Named.as<RedeemResultRequest>()(RedeemResultRequest),
  data: Named.as<Result>()(Result)
})
/** `GET /api/v2/earn/savings/redeem-result`: whether a redemption (`orderId`) went through. 10/s per UID. */
export const redeemResult = Operation.make(RedeemResult)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Products,
  Account,
  Assets,
  Records,
  SubscribeInfo,
  Subscribe,
  SubscribeResult,
  Redeem,
  RedeemResult
]
