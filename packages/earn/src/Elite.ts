/**
 * Elite earn (`/api/v2/earn/elite/...`): products subscribed in one coin and paid in another at an
 * exchange rate, fast or standard redemption (https://www.bitget.com/api-doc/earn/elite/Get-Products
 * and its neighbours). V3's Elite rows (`@effect-bitget/unified`'s `Earn`) are declared apart: their
 * fields differ (see there).
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
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { limit, PAGE } from "./Schemas.js"

export const SubscriptionCoin = Schema.Struct({
  subscriptionCoin: Schema.String,
  precision: Absent.optional(Schema.String),
  feeRate: Absent.optional(Decimal),
  exchangeRate: Absent.optional(Decimal),
  remainQuota: Absent.optional(Decimal),
  minAmount: Absent.optional(Decimal)
})
export interface SubscriptionCoin extends Schema.Schema.Type<typeof SubscriptionCoin> {}

export const Product = Schema.Struct({
  productId: Schema.String,
  coin: Schema.String,
  minApr: Decimal,
  maxApr: Decimal,
  subscriptionCoinList: Schema.Array(Named.as<SubscriptionCoin>()(SubscriptionCoin)),
  sellOut: OpenEnum("YES", "NO")
})
export interface Product extends Schema.Schema.Type<typeof Product> {}

export const Products = Endpoint.get("/api/v2/earn/elite/product", {
  name: "earn.elite.product",
  signed: true,
  rateLimit: limit,
  request: Endpoint.NoParams,
  data: Schema.Array(Named.as<Product>()(Product))
})
/** `GET /api/v2/earn/elite/product`: the elite products, their APR range and the coins that subscribe to them. 10/s per UID. */
export const product = Operation.make(Products)

export const Asset = Schema.Struct({
  productId: Schema.String,
  productCoin: Schema.String,
  holdingAmount: Decimal,
  usdtHoldingAmount: Absent.optional(Decimal),
  exchangeRate: Absent.optional(Decimal),
  apr: Absent.optional(Decimal),
  subscriptionCoin: Schema.String,
  exchangeAmount: Absent.optional(Decimal),
  interestCoin: Absent.optional(Schema.String),
  totalProfit: Absent.optional(Decimal)
})
export interface Asset extends Schema.Schema.Type<typeof Asset> {}

export const Assets = Endpoint.get("/api/v2/earn/elite/assets", {
  name: "earn.elite.assets",
  signed: true,
  rateLimit: limit,
  request: Endpoint.NoParams,
  data: Schema.Struct({ resultList: Schema.Array(Named.as<Asset>()(Asset)) })
})
/** `GET /api/v2/earn/elite/assets`: the elite holdings with their profit. 10/s per UID. */
export const assets = Operation.make(Assets)

export const Record = Schema.Struct({
  recordId: Schema.String,
  productId: Schema.String,
  coin: Schema.String,
  status: Schema.String,
  exchangeRate: Absent.optional(Decimal),
  receivedCoin: Absent.optional(Schema.String),
  receivedAmount: Absent.optional(Decimal),
  investAmount: Absent.optional(Decimal),
  feeRate: Absent.optional(Decimal),
  fee: Absent.optional(Decimal),
  receivingAccount: Absent.optional(Schema.String)
})
export interface Record extends Schema.Schema.Type<typeof Record> {}

export const RecordsRequest = Schema.Struct({
  type: Schema.Literal("subscribe", "redeem", "interest"),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize),
  /** The previous page's `endId` (this list calls its cursor `cursor`). */
  cursor: Schema.optional(Limit.Cursor)
})
export interface RecordsRequest extends Schema.Schema.Type<typeof RecordsRequest> {}

export const Records = Endpoint.list("/api/v2/earn/elite/records", {
  name: "earn.elite.records",
  signed: true,
  rateLimit: limit,
  request: Named.as<RecordsRequest>()(RecordsRequest),
  data: Schema.Struct({ recordList: Schema.Array(Named.as<Record>()(Record)), endId: Absent.optional(Schema.String) }),
  pagination: {
    list: "recordList",
    cursor: Pagination.dataField("endId", "recordId", "cursor"),
    limit: PAGE
  }
})
/**
 * `GET /api/v2/earn/elite/records`: subscriptions, redemptions or interest (`type`), cursor `cursor` ← `endId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.endId`; at most 100 a page (`limit`).
 */
export const records = Operation.make(Records)

export const SubscribeInfoRequest = Schema.Struct({ productId: Schema.String })
export interface SubscribeInfoRequest extends Schema.Schema.Type<typeof SubscribeInfoRequest> {}

export const SubscriptionTerms = Schema.Struct({
  productSubId: Schema.String,
  minAmount: Decimal,
  remainQuota: Absent.optional(Decimal),
  exchangeRate: Absent.optional(Decimal),
  productCoin: Schema.String,
  interestTime: Absent.optional(Timestamp),
  settleTime: Absent.optional(Timestamp),
  precision: Absent.optional(Schema.String),
  feeRate: Absent.optional(Decimal)
})
export interface SubscriptionTerms extends Schema.Schema.Type<typeof SubscriptionTerms> {}

export const SubscribeInfo = Endpoint.get("/api/v2/earn/elite/subscribe-info", {
  name: "earn.elite.subscribeInfo",
  signed: true,
  rateLimit: limit,
  request: Named.as<SubscribeInfoRequest>()(SubscribeInfoRequest),
  data: Named.as<SubscriptionTerms>()(SubscriptionTerms)
})
/** `GET /api/v2/earn/elite/subscribe-info`: a product's `productSubId` and subscription terms. 10/s per UID. */
export const subscribeInfo = Operation.make(SubscribeInfo)

export const SubscribeRequest = Schema.Struct({
  productSubId: Schema.String,
  amount: PositiveDecimalInput,
  coin: Schema.optional(Schema.String),
  paymentAccount: Schema.optional(Schema.Literal("spot", "unified"))
})
export interface SubscribeRequest extends Schema.Schema.Type<typeof SubscribeRequest> {}

export const Subscribe = Endpoint.post("/api/v2/earn/elite/subscribe", {
  name: "earn.elite.subscribe",
  signed: true,
  rateLimit: limit,
  errors: ["InsufficientBalance"],
  request: Named.as<SubscribeRequest>()(SubscribeRequest),
  data: Schema.Struct({ orderId: Schema.String })
})
/** `POST /api/v2/earn/elite/subscribe`: subscribes `amount` (above zero, checked locally) from the spot or unified account. 10/s per UID. */
export const subscribe = Operation.make(Subscribe)

export const SubscribeResultRequest = Schema.Struct({ orderId: Schema.String })
export interface SubscribeResultRequest extends Schema.Schema.Type<typeof SubscribeResultRequest> {}

export const SubscribeResult = Endpoint.get("/api/v2/earn/elite/subscribe-result", {
  name: "earn.elite.subscribeResult",
  signed: true,
  rateLimit: limit,
  request: Named.as<SubscribeResultRequest>()(SubscribeResultRequest),
  data: Schema.Struct({ result: OpenEnum("settled", "pending", "rejected") })
})
/** `GET /api/v2/earn/elite/subscribe-result`: a subscription's state: `settled`, `pending` or `rejected`. 10/s per UID. */
export const subscribeResult = Operation.make(SubscribeResult)

export const RedeemMode = Schema.Struct({
  redeemType: OpenEnum("fast", "standard"),
  redeemFeeRate: Absent.optional(Decimal),
  remainQuota: Absent.optional(Decimal),
  minRedeemAmount: Absent.optional(Decimal),
  redeemDelayDate: Absent.optional(Schema.String),
  redeemTime: Absent.optional(Timestamp)
})
export interface RedeemMode extends Schema.Schema.Type<typeof RedeemMode> {}

export const RedeemInfoRequest = Schema.Struct({ productId: Schema.String })
export interface RedeemInfoRequest extends Schema.Schema.Type<typeof RedeemInfoRequest> {}

export const RedemptionTerms = Schema.Struct({
  productId: Schema.String,
  productSubId: Schema.String,
  productCoin: Schema.String,
  subscriptionCoin: Absent.optional(Schema.String),
  exchangeRate: Absent.optional(Decimal),
  totalUnPayInterestAmount: Absent.optional(Decimal),
  redeemModeList: Schema.Array(Named.as<RedeemMode>()(RedeemMode))
})
export interface RedemptionTerms extends Schema.Schema.Type<typeof RedemptionTerms> {}

export const RedeemInfo = Endpoint.get("/api/v2/earn/elite/redeem-info", {
  name: "earn.elite.redeemInfo",
  signed: true,
  rateLimit: limit,
  request: Named.as<RedeemInfoRequest>()(RedeemInfoRequest),
  data: Named.as<RedemptionTerms>()(RedemptionTerms)
})
/** `GET /api/v2/earn/elite/redeem-info`: how a holding may be redeemed (fast or standard, fees and quotas). 10/s per UID. */
export const redeemInfo = Operation.make(RedeemInfo)

export const RedeemRequest = Schema.Struct({
  productId: Schema.String,
  productSubId: Schema.String,
  redeemType: Schema.Literal("fast", "standard"),
  amount: PositiveDecimalInput,
  receiveAccount: Schema.Literal("spot", "unified"),
  advancedSettle: Schema.optional(YesNo),
  coin: Schema.optional(Schema.String)
})
export interface RedeemRequest extends Schema.Schema.Type<typeof RedeemRequest> {}

export const Redeem = Endpoint.post("/api/v2/earn/elite/redeem", {
  name: "earn.elite.redeem",
  signed: true,
  rateLimit: limit,
  request: Named.as<RedeemRequest>()(RedeemRequest),
  data: Schema.Struct({ orderId: Schema.String })
})
/** `POST /api/v2/earn/elite/redeem`: redeems `amount` fast or standard into the spot or unified account. 10/s per UID. */
export const redeem = Operation.make(Redeem)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Products,
  Assets,
  Records,
  SubscribeInfo,
  Subscribe,
  SubscribeResult,
  RedeemInfo,
  Redeem
]
