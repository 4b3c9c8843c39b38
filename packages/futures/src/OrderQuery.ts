/**
 * Reading orders back: one order's detail, the open orders, the order history and the fills.
 * The lists are newest first and page by `idLessThan` = the previous page's `endId`; their
 * Streams walk every page (and, for the histories, every 90-day window of a longer range).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YES_NO, YesNo } from "@effect-bitget/core/Flag"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { hasOrderRef, ProductType } from "./Schemas.js"

/** Order states (`canceled` is how some answers spell it). */
export const OrderStatus = OpenEnum("live", "partially_filled", "filled", "cancelled", "canceled")

/** Where an order came from: `normal`, the TP/SL and liquidation engines, delivery … */
export const OrderSource = Schema.Literal(
  "normal",
  "market",
  "profit_market",
  "loss_market",
  "Trader_delegate",
  "trader_profit",
  "trader_loss",
  "reverse",
  "trader_reverse",
  "profit_limit",
  "loss_limit",
  "liquidation",
  "delivery_close_long",
  "delivery_close_short",
  "pos_profit_limit",
  "pos_profit_market",
  "pos_loss_limit",
  "pos_loss_market"
)

const orderFields = {
  symbol: Schema.String,
  size: Decimal,
  orderId: Schema.String,
  clientOid: Absent.optional(Schema.String),
  /** Filled size. */
  baseVolume: Absent.optional(Decimal),
  /** `""` until a fee is charged. */
  fee: Absent.optional(Decimal),
  price: Absent.optional(Decimal),
  priceAvg: Absent.optional(Decimal),
  side: OpenEnum("buy", "sell"),
  force: Absent.optional(OpenEnum("gtc", "ioc", "fok", "post_only")),
  totalProfits: Absent.optional(Decimal),
  /** `long`/`short` in hedge mode, `net` in one-way mode. */
  posSide: OpenEnum("long", "short", "net"),
  marginCoin: Schema.String,
  quoteVolume: Absent.optional(Decimal),
  leverage: Absent.optional(Decimal),
  /** `crossed` (some answers: `cross`) or `isolated`. */
  marginMode: OpenEnum("crossed", "isolated", "cross"),
  enterPointSource: Absent.optional(OpenEnum("web", "api", "sys", "android", "ios")),
  /** `open`/`close` in hedge mode; `buy_single`/`sell_single` in one-way mode. */
  tradeSide: Absent.optional(OpenEnum("open", "close", "buy_single", "sell_single", "reduce_close_long")),
  posMode: OpenEnum("one_way_mode", "hedge_mode"),
  orderType: OpenEnum("limit", "market"),
  orderSource: Absent.optional(OpenEnum(...OrderSource.literals)),
  reduceOnly: Absent.optional(YES_NO),
  presetStopSurplusPrice: Absent.optional(Decimal),
  presetStopLossPrice: Absent.optional(Decimal),
  cTime: Timestamp,
  uTime: Absent.optional(Timestamp)
}

/** An order as the open-orders and history lists show it. */
export const Order = Schema.Struct({
  ...orderFields,
  status: OrderStatus,
  liqPrice: Absent.optional(Decimal)
})
export interface Order extends Schema.Schema.Type<typeof Order> {}

/** One order's detail: its status is called `state` here. */
export const OrderDetail = Schema.Struct({
  ...orderFields,
  state: OrderStatus,
  cancelReason: Absent.optional(Schema.String)
})
export interface OrderDetail extends Schema.Schema.Type<typeof OrderDetail> {}

export const DetailRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String)
}).pipe(Schema.filter(hasOrderRef))
export interface DetailRequest extends Schema.Schema.Type<typeof DetailRequest> {}

export const Detail = Endpoint.get("/api/v2/mix/order/detail", {
  name: "futures.orderQuery.detail",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 40768 (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound"],
  request: Named.as<DetailRequest>()(DetailRequest),
  data: Named.as<OrderDetail>()(OrderDetail)
})
/** `GET /api/v2/mix/order/detail`: one order, by `orderId` or `clientOid`. 10/s per UID. */
export const detail = Operation.make(Detail)

export const OrderList = Schema.Struct({
  entrustedList: Schema.Array(Named.as<Order>()(Order)),
  endId: Absent.optional(Schema.String)
})
export interface OrderList extends Schema.Schema.Type<typeof OrderList> {}

export const OrdersPendingRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  symbol: Schema.optional(Schema.String),
  productType: ProductType,
  status: Schema.optional(Schema.Literal("live", "partially_filled")),
  idLessThan: Schema.optional(Limit.Cursor),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize)
})
export interface OrdersPendingRequest extends Schema.Schema.Type<typeof OrdersPendingRequest> {}

export const OrdersPending = Endpoint.list("/api/v2/mix/order/orders-pending", {
  name: "futures.orderQuery.ordersPending",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<OrdersPendingRequest>()(OrdersPendingRequest),
  data: Named.as<OrderList>()(OrderList),
  pagination: {
    list: "entrustedList",
    cursor: Pagination.dataField("endId", "orderId"),
    limit: {
      param: "limit",
      max: 100,
      default: 100,
      source: "https://www.bitget.com/api-doc/contract/trade/Get-Orders-Pending"
    },
    // "The maximum time span supported is three months" (the page above; pagination-audit.md row 22).
    window: Pagination.window("90 days", "cTime")
  }
})
/**
 * `GET /api/v2/mix/order/orders-pending`: open orders (`live`, `partially_filled`), newest first;
 * at most 100 a page, cursor `endId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const ordersPending = Operation.make(OrdersPending)

export const OrdersHistoryRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  symbol: Schema.optional(Schema.String),
  productType: ProductType,
  idLessThan: Schema.optional(Limit.Cursor),
  orderSource: Schema.optional(OrderSource),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize)
})
export interface OrdersHistoryRequest extends Schema.Schema.Type<typeof OrdersHistoryRequest> {}

export const OrdersHistory = Endpoint.list("/api/v2/mix/order/orders-history", {
  name: "futures.orderQuery.ordersHistory",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<OrdersHistoryRequest>()(OrdersHistoryRequest),
  data: Named.as<OrderList>()(OrderList),
  pagination: {
    list: "entrustedList",
    cursor: Pagination.dataField("endId", "orderId"),
    limit: {
      param: "limit",
      max: 100,
      default: 100,
      source: "https://www.bitget.com/api-doc/contract/trade/Get-Orders-History"
    },
    window: Pagination.window("90 days", "cTime"),
    // "It only supports to get the data within 90days" (the page above).
    history: Pagination.history("90 days", "https://www.bitget.com/api-doc/contract/trade/Get-Orders-History")
  }
})
/**
 * `GET /api/v2/mix/order/orders-history`: finished orders of the last 90 days, newest first; at
 * most 100 a page, cursor `endId`, ranges of at most 90 days. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window; the exchange
 * keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const ordersHistory = Operation.make(OrdersHistory)

/** One fee of a fill; `feeDetail` is an array of these. */
export const FeeDetail = Schema.Struct({
  /** Whether the fee was paid with a deduction coin (BGB); `"yes"`/`"no"` on the wire. */
  deduction: YesNo,
  feeCoin: Schema.String,
  totalDeductionFee: Absent.optional(Decimal),
  /** Negative: a fee paid. */
  totalFee: Decimal
})
export interface FeeDetail extends Schema.Schema.Type<typeof FeeDetail> {}

export const Fill = Schema.Struct({
  tradeId: Schema.String,
  symbol: Schema.String,
  orderId: Schema.String,
  price: Decimal,
  baseVolume: Decimal,
  feeDetail: Schema.Array(Named.as<FeeDetail>()(FeeDetail)),
  side: OpenEnum("buy", "sell"),
  quoteVolume: Decimal,
  /** Realised profit of a closing fill. */
  profit: Absent.optional(Decimal),
  enterPointSource: Absent.optional(OpenEnum("web", "api", "sys", "android", "ios")),
  tradeSide: Absent.optional(OpenEnum("open", "close", "buy_single", "sell_single")),
  posMode: OpenEnum("one_way_mode", "hedge_mode"),
  tradeScope: OpenEnum("taker", "maker"),
  cTime: Timestamp
})
export interface Fill extends Schema.Schema.Type<typeof Fill> {}

export const FillsRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  symbol: Schema.optional(Schema.String),
  productType: ProductType,
  idLessThan: Schema.optional(Limit.Cursor),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize)
})
export interface FillsRequest extends Schema.Schema.Type<typeof FillsRequest> {}

export const Fills = Endpoint.list("/api/v2/mix/order/fills", {
  name: "futures.orderQuery.fills",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<FillsRequest>()(FillsRequest),
  data: Schema.Struct({ fillList: Schema.Array(Named.as<Fill>()(Fill)), endId: Absent.optional(Schema.String) }),
  pagination: {
    list: "fillList",
    cursor: Pagination.dataField("endId", "tradeId"),
    limit: {
      param: "limit",
      max: 100,
      default: 100,
      source: "https://www.bitget.com/api-doc/contract/trade/Get-Order-Fills"
    },
    window: Pagination.window("90 days", "cTime")
  }
})
/**
 * `GET /api/v2/mix/order/fills`: the account's fills, newest first; at most 100 a page, cursor
 * `endId`, ranges of at most 90 days. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const fills = Operation.make(Fills)

/** A fill of the fill history: a fill and its margin coin. */
export const HistoryFill = Schema.Struct({ ...Fill.fields, marginCoin: Absent.optional(Schema.String) })
export interface HistoryFill extends Schema.Schema.Type<typeof HistoryFill> {}

export const FillHistory = Endpoint.list("/api/v2/mix/order/fill-history", {
  name: "futures.orderQuery.fillHistory",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<FillsRequest>()(FillsRequest),
  data: Schema.Struct({
    fillList: Schema.Array(Named.as<HistoryFill>()(HistoryFill)),
    endId: Absent.optional(Schema.String)
  }),
  // https://www.bitget.com/api-doc/contract/trade/Get-Fill-History: 100 a page, one week a request.
  pagination: {
    list: "fillList",
    cursor: Pagination.dataField("endId", "tradeId"),
    limit: {
      param: "limit",
      max: 100,
      default: 100,
      source: "https://www.bitget.com/api-doc/contract/trade/Get-Fill-History"
    },
    window: Pagination.window("7 days", "cTime")
  }
})

/**
 * `GET /api/v2/mix/order/fill-history`: the account's fills of the last 90 days, newest first, each
 * with its margin coin; at most 100 a page, cursor `endId`, ranges of at most one week (streams
 * walk longer ranges week by week). Serves no demo data. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/trade/Get-Fill-History). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 7d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const fillHistory = Operation.make(FillHistory)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Detail,
  OrdersPending,
  OrdersHistory,
  Fills,
  FillHistory
]
