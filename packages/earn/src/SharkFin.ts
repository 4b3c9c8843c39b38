/**
 * Shark fin: principal-protected products whose yield depends on where a price ends within a
 * range: the products, subscribing, the account, holdings and records
 * (https://www.bitget.com/api-doc/earn/sharkfin/Sharkfin-Products and its neighbours).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { cursorQuery, endIdPages, limit, OrderStatus, Result } from "./Schemas.js"

export const Product = Schema.Struct({
  productId: Schema.String,
  productName: Absent.optional(Schema.String),
  productCoin: Schema.String,
  subscribeCoin: Schema.String,
  farmingStartTime: Absent.optional(Timestamp),
  farmingEndTime: Absent.optional(Timestamp),
  lowerRate: Decimal,
  defaultRate: Decimal,
  upperRate: Decimal,
  period: Absent.optional(Schema.String),
  interestStartTime: Absent.optional(Timestamp),
  status: OpenEnum("not_started", "in_progress", "paused", "sold_out"),
  minAmount: Decimal,
  limitAmount: Absent.optional(Decimal),
  soldAmount: Absent.optional(Decimal),
  endTime: Absent.optional(Timestamp),
  startTime: Absent.optional(Timestamp)
})
export interface Product extends Schema.Schema.Type<typeof Product> {}

export const ProductRequest = Schema.Struct({
  coin: Schema.String,
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor)
})
export interface ProductRequest extends Schema.Schema.Type<typeof ProductRequest> {}

export const Products = Endpoint.list("/api/v2/earn/sharkfin/product", {
  name: "earn.sharkFin.product",
  signed: true,
  rateLimit: limit,
  request: Named.as<ProductRequest>()(ProductRequest),
  data: Schema.Struct({
    resultList: Schema.Array(Named.as<Product>()(Product)),
    endId: Absent.optional(Schema.String)
  }),
  pagination: endIdPages("resultList", "productId")
})
/**
 * `GET /api/v2/earn/sharkfin/product`: a coin's shark-fin products with their rate range; at most
 * 100 a page, cursor `endId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`).
 */
export const product = Operation.make(Products)

export const EarningsSummary = Schema.Struct({
  btcSubscribeAmount: Decimal,
  usdtSubscribeAmount: Decimal,
  btcHistoricalAmount: Decimal,
  usdtHistoricalAmount: Decimal,
  btcTotalEarning: Decimal,
  usdtTotalEarning: Decimal
})
export interface EarningsSummary extends Schema.Schema.Type<typeof EarningsSummary> {}

export const Account = Endpoint.get("/api/v2/earn/sharkfin/account", {
  name: "earn.sharkFin.account",
  signed: true,
  rateLimit: limit,
  request: Endpoint.NoParams,
  data: Named.as<EarningsSummary>()(EarningsSummary)
})
/** `GET /api/v2/earn/sharkfin/account`: what is subscribed now and was before, and the earnings, in BTC and USDT. 10/s per UID. */
export const account = Operation.make(Account)

export const Asset = Schema.Struct({
  productId: Schema.String,
  interestStartTime: Absent.optional(Timestamp),
  interestEndTime: Absent.optional(Timestamp),
  productCoin: Schema.String,
  subscribeCoin: Schema.String,
  trend: Absent.optional(Schema.String),
  settleTime: Absent.optional(Timestamp),
  interestAmount: Absent.optional(Decimal),
  productStatus: Schema.String
})
export interface Asset extends Schema.Schema.Type<typeof Asset> {}

export const AssetsRequest = Schema.Struct({ status: Schema.Literal("subscribed", "settled"), ...cursorQuery })
export interface AssetsRequest extends Schema.Schema.Type<typeof AssetsRequest> {}

export const Assets = Endpoint.list("/api/v2/earn/sharkfin/assets", {
  name: "earn.sharkFin.assets",
  signed: true,
  rateLimit: limit,
  request: Named.as<AssetsRequest>()(AssetsRequest),
  data: Schema.Struct({ resultList: Schema.Array(Named.as<Asset>()(Asset)), endId: Absent.optional(Schema.String) }),
  pagination: endIdPages("resultList", "productId")
})
/**
 * `GET /api/v2/earn/sharkfin/assets`: the shark-fin holdings, `subscribed` or `settled`; cursor `endId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`).
 */
export const assets = Operation.make(Assets)

export const Record = Schema.Struct({
  orderId: Schema.String,
  product: Schema.String,
  period: Absent.optional(Schema.String),
  amount: Decimal,
  ts: Timestamp,
  type: OpenEnum("subscribe", "settle")
})
export interface Record extends Schema.Schema.Type<typeof Record> {}

export const RecordsRequest = Schema.Struct({
  coin: Schema.optional(Schema.String),
  type: Schema.Literal("subscribe", "settle"),
  ...cursorQuery
})
export interface RecordsRequest extends Schema.Schema.Type<typeof RecordsRequest> {}

export const Records = Endpoint.list("/api/v2/earn/sharkfin/records", {
  name: "earn.sharkFin.records",
  signed: true,
  rateLimit: limit,
  request: Named.as<RecordsRequest>()(RecordsRequest),
  data: Schema.Struct({ resultList: Schema.Array(Named.as<Record>()(Record)), endId: Absent.optional(Schema.String) }),
  pagination: endIdPages("resultList", "orderId")
})
/**
 * `GET /api/v2/earn/sharkfin/records`: subscriptions or settlements, newest first; cursor `endId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`).
 */
export const records = Operation.make(Records)

export const SubscribeInfoRequest = Schema.Struct({ productId: Schema.String })
export interface SubscribeInfoRequest extends Schema.Schema.Type<typeof SubscribeInfoRequest> {}

export const SubscriptionTerms = Schema.Struct({
  productCoin: Schema.String,
  subscribeCoin: Schema.String,
  interestTime: Absent.optional(Timestamp),
  expirationTime: Absent.optional(Timestamp),
  minPrice: Decimal,
  currentPrice: Decimal,
  maxPrice: Decimal,
  minRate: Decimal,
  defaultRate: Decimal,
  maxRate: Decimal,
  period: Absent.optional(Schema.String),
  productMinAmount: Decimal,
  availableBalance: Absent.optional(Decimal),
  userAmount: Absent.optional(Decimal),
  remainingAmount: Absent.optional(Decimal)
})
export interface SubscriptionTerms extends Schema.Schema.Type<typeof SubscriptionTerms> {}

export const SubscribeInfo = Endpoint.get("/api/v2/earn/sharkfin/subscribe-info", {
  name: "earn.sharkFin.subscribeInfo",
  signed: true,
  rateLimit: limit,
  request: Named.as<SubscribeInfoRequest>()(SubscribeInfoRequest),
  data: Named.as<SubscriptionTerms>()(SubscriptionTerms)
})
/**
 * `GET /api/v2/earn/sharkfin/subscribe-info`: a product's price range (the yield is `minRate` below
 * it, up to `maxRate` within it) and subscription limits. 10/s per UID.
 */
export const subscribeInfo = Operation.make(SubscribeInfo)

export const SubscribeRequest = Schema.Struct({ productId: Schema.String, amount: PositiveDecimalInput })
export interface SubscribeRequest extends Schema.Schema.Type<typeof SubscribeRequest> {}

export const Subscribe = Endpoint.post("/api/v2/earn/sharkfin/subscribe", {
  name: "earn.sharkFin.subscribe",
  signed: true,
  rateLimit: limit,
  errors: ["InsufficientBalance"],
  request: Named.as<SubscribeRequest>()(SubscribeRequest),
  data: Named.as<OrderStatus>()(OrderStatus)
})
/** `POST /api/v2/earn/sharkfin/subscribe`: subscribes `amount` (above zero, checked locally) to a product. 10/s per UID. */
export const subscribe = Operation.make(Subscribe)

export const SubscribeResultRequest = Schema.Struct({ orderId: Schema.String })
export interface SubscribeResultRequest extends Schema.Schema.Type<typeof SubscribeResultRequest> {}

export const SubscribeResult = Endpoint.get("/api/v2/earn/sharkfin/subscribe-result", {
  name: "earn.sharkFin.subscribeResult",
  signed: true,
  rateLimit: limit,
  request: Named.as<SubscribeResultRequest>()(SubscribeResultRequest),
  data: Named.as<Result>()(Result)
})
/** `GET /api/v2/earn/sharkfin/subscribe-result`: whether a subscription (`orderId`) went through. 10/s per UID. */
export const subscribeResult = Operation.make(SubscribeResult)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Products,
  Account,
  Assets,
  Records,
  SubscribeInfo,
  Subscribe,
  SubscribeResult
]
