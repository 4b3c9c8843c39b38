/**
 * Margin orders, cross and isolated side by side: placing (one or a batch) with a `loanType`
 * that can borrow what a buy lacks and repay from what a sell brings, cancelling, open and
 * history orders and fills. Sources: https://www.bitget.com/api-doc/margin/cross/trade/Cross-Place-Order
 * and its siblings.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Placement from "@effect-bitget/core/Placement"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import { hasId, OrderTypeOut, Source, TradeScope } from "@effect-bitget/spot/Schemas"
import { FillFee } from "@effect-bitget/spot/Trade"
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"
import {
  BatchResult,
  ClientOid,
  EnterPointSource,
  Force,
  historyQuery,
  idPages,
  idRange,
  LoanType,
  LoanTypeOut,
  OrderResult,
  OrderSideOut,
  OrderStatus,
  OrderType,
  PlacedOrder,
  refusals,
  rule,
  Side,
  StpMode,
  Symbol
} from "./Schemas.js"

// Every margin endpoint: 10 requests a second per UID (../shared/reference/rate-limits.tsv).
const limit = RateLimit.uid(10)

interface OrderShape {
  readonly side: typeof Side.Type
  readonly orderType: typeof OrderType.Type
  readonly price?: unknown
  readonly baseSize?: unknown
  readonly quoteSize?: unknown
}

/**
 * The size rules of Bitget's table: a limit order needs `price` and `baseSize`; a market buy
 * is sized by `quoteSize` (what to spend), a market sell by `baseSize` (what to sell).
 */
const sized = (order: OrderShape): true | string => {
  if (Spelling.is(order.orderType, "limit")) {
    if (order.price === undefined) return "price: a limit order needs a price"
    return order.baseSize !== undefined || "baseSize: a limit order is sized by baseSize"
  }
  if (Spelling.is(order.side, "buy")) {
    if (order.baseSize !== undefined) return "baseSize: a market buy is sized by quoteSize (the quote coin to spend)"
    return order.quoteSize !== undefined || "quoteSize: a market buy needs quoteSize (the quote coin to spend)"
  }
  if (order.quoteSize !== undefined) return "quoteSize: a market sell is sized by baseSize (the base coin to sell)"
  return order.baseSize !== undefined || "baseSize: a market sell needs baseSize (the base coin to sell)"
}

const orderFields = {
  side: Side,
  orderType: OrderType,
  /** Required for limit orders. */
  price: Schema.optional(PositiveDecimalInput),
  loanType: LoanType,
  /** Ignored by the exchange for market orders. */
  force: Force,
  /** Base coin amount: limit orders and market sells. */
  baseSize: Schema.optional(PositiveDecimalInput),
  /** Quote coin amount to spend: market buys. */
  quoteSize: Schema.optional(PositiveDecimalInput),
  /** Idempotent for 6 hours while the order is unfilled. */
  clientOid: Schema.optional(ClientOid),
  stpMode: Schema.optional(StpMode)
}

const DAY = 86_400_000

/**
 * How a margin order whose answer was lost is found: margin has no single-order look-up, so by
 * `clientOid` among the symbol's open orders, then its history orders (closed or filled at
 * once). Both need `startTime` (docs/margin.md; history windows ≤ 90 days,
 * https://www.bitget.com/api-doc/margin/cross/trade/Get-Cross-History-Orders): a day back covers
 * the placement's few seconds of retries and any clock skew.
 */
const placement = (
  batch: boolean,
  open: () => Endpoint.Endpoint.Any,
  history: () => Endpoint.Endpoint.Any
) => {
  const options: Parameters<typeof Placement.one>[0] = {
    lookup: () => [open(), history()],
    request: (order, clientOid, now) => ({
      symbol: order.symbol,
      clientOid,
      startTime: DateTime.unsafeMake(now - DAY)
    }),
    orderId: Placement.orderIdIn("orderList")
  }
  return batch ? Placement.batch("orderList", options) : Placement.one(options)
}

export const PlaceOrderRequest = rule(Schema.Struct({ symbol: Symbol, ...orderFields }), sized)
export interface PlaceOrderRequest extends Schema.Schema.Type<typeof PlaceOrderRequest> {}

/**
 * `POST /api/v2/margin/crossed/place-order`: places a cross margin order. A limit order needs
 * `price` and `baseSize`; a market buy is sized by `quoteSize`, a market sell by `baseSize`.
 * `loanType: "autoLoan"` borrows what the order lacks, `"autoRepay"` repays debt from what it
 * brings. `clientOid` is idempotent for 6 hours. 10/s per UID.
 */
export const crossPlaceOrder = Operation.make(Endpoint.post("/api/v2/margin/crossed/place-order", {
  name: "margin.trade.crossPlaceOrder",
  errors: refusals.place,
  signed: true,
  rateLimit: limit,
  request: Named.as<PlaceOrderRequest>()(PlaceOrderRequest),
  data: Named.as<PlacedOrder>()(PlacedOrder),
  placement: placement(false, () => crossOpenOrders.endpoint, () => crossHistoryOrders.endpoint)
}))

/**
 * `POST /api/v2/margin/isolated/place-order`: places an order in the `symbol`'s isolated
 * account; the same fields and rules as `crossPlaceOrder`. 10/s per UID.
 */
export const isolatedPlaceOrder = Operation.make(Endpoint.post("/api/v2/margin/isolated/place-order", {
  name: "margin.trade.isolatedPlaceOrder",
  errors: refusals.place,
  signed: true,
  rateLimit: limit,
  request: Named.as<PlaceOrderRequest>()(PlaceOrderRequest),
  data: Named.as<PlacedOrder>()(PlacedOrder),
  placement: placement(false, () => isolatedOpenOrders.endpoint, () => isolatedHistoryOrders.endpoint)
}))

/** One order of a batch (the batch names the symbol). */
export const BatchOrderItem = rule(Schema.Struct(orderFields), sized)
export interface BatchOrderItem extends Schema.Schema.Type<typeof BatchOrderItem> {}

// Bitget's margin pages give no batch size; 50 is the spot and futures batches' maximum.
export const BatchPlaceOrderRequest = Schema.Struct({
  symbol: Symbol,
  orderList: Schema.Array(Named.as<BatchOrderItem>()(BatchOrderItem)).pipe(
    Schema.minItems(1, { message: () => "orderList: at least one order" }),
    Schema.maxItems(50, { message: () => "orderList: at most 50 orders" })
  )
})
export interface BatchPlaceOrderRequest extends Schema.Schema.Type<typeof BatchPlaceOrderRequest> {}

/**
 * `POST /api/v2/margin/crossed/batch-place-order`: places 1 to 50 cross orders of one symbol;
 * each succeeds or fails on its own (`successList`, `failureList`). 10/s per UID.
 */
export const crossBatchPlaceOrder = Operation.make(Endpoint.post("/api/v2/margin/crossed/batch-place-order", {
  name: "margin.trade.crossBatchPlaceOrder",
  signed: true,
  rateLimit: limit,
  request: Named.as<BatchPlaceOrderRequest>()(BatchPlaceOrderRequest),
  data: Named.as<BatchResult>()(BatchResult),
  placement: placement(true, () => crossOpenOrders.endpoint, () => crossHistoryOrders.endpoint)
}))

/** `POST /api/v2/margin/isolated/batch-place-order`: places 1 to 50 isolated orders of one symbol; per-order results. 10/s per UID. */
export const isolatedBatchPlaceOrder = Operation.make(Endpoint.post("/api/v2/margin/isolated/batch-place-order", {
  name: "margin.trade.isolatedBatchPlaceOrder",
  signed: true,
  rateLimit: limit,
  request: Named.as<BatchPlaceOrderRequest>()(BatchPlaceOrderRequest),
  data: Named.as<BatchResult>()(BatchResult),
  placement: placement(true, () => isolatedOpenOrders.endpoint, () => isolatedHistoryOrders.endpoint)
}))

// "Either orderId or clientOid" (https://www.bitget.com/api-doc/margin/cross/trade/Cross-Cancel-Order),
// for one order and for each of a batch.
export const OrderRef = rule(
  Schema.Struct({
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String)
  }),
  hasId
)
export interface OrderRef extends Schema.Schema.Type<typeof OrderRef> {}

export const CancelOrderRequest = rule(
  Schema.Struct({
    symbol: Symbol,
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String)
  }),
  hasId
)
export interface CancelOrderRequest extends Schema.Schema.Type<typeof CancelOrderRequest> {}

/** `POST /api/v2/margin/crossed/cancel-order`: cancels an open cross order by `orderId` or `clientOid`. 10/s per UID. */
export const crossCancelOrder = Operation.make(Endpoint.post("/api/v2/margin/crossed/cancel-order", {
  name: "margin.trade.crossCancelOrder",
  errors: refusals.cancel,
  signed: true,
  rateLimit: limit,
  request: Named.as<CancelOrderRequest>()(CancelOrderRequest),
  data: Named.as<OrderResult>()(OrderResult)
}))

/** `POST /api/v2/margin/isolated/cancel-order`: cancels an open isolated order by `orderId` or `clientOid`. 10/s per UID. */
export const isolatedCancelOrder = Operation.make(Endpoint.post("/api/v2/margin/isolated/cancel-order", {
  name: "margin.trade.isolatedCancelOrder",
  errors: refusals.cancel,
  signed: true,
  rateLimit: limit,
  request: Named.as<CancelOrderRequest>()(CancelOrderRequest),
  data: Named.as<OrderResult>()(OrderResult)
}))

// As for batch placing: Bitget's margin pages give no batch size; 50 is the spot and futures batches' maximum.
export const BatchCancelOrderRequest = Schema.Struct({
  symbol: Symbol,
  orderIdList: Schema.Array(Named.as<OrderRef>()(OrderRef)).pipe(
    Schema.minItems(1, { message: () => "orderIdList: at least one order" }),
    Schema.maxItems(50, { message: () => "orderIdList: at most 50 orders" })
  )
})
export interface BatchCancelOrderRequest extends Schema.Schema.Type<typeof BatchCancelOrderRequest> {}

/** `POST /api/v2/margin/crossed/batch-cancel-order`: cancels 1 to 50 cross orders; per-order results. 10/s per UID. */
export const crossBatchCancelOrder = Operation.make(Endpoint.post("/api/v2/margin/crossed/batch-cancel-order", {
  name: "margin.trade.crossBatchCancelOrder",
  signed: true,
  rateLimit: limit,
  request: Named.as<BatchCancelOrderRequest>()(BatchCancelOrderRequest),
  data: Named.as<BatchResult>()(BatchResult)
}))

/** `POST /api/v2/margin/isolated/batch-cancel-order`: cancels 1 to 50 isolated orders; per-order results. 10/s per UID. */
export const isolatedBatchCancelOrder = Operation.make(
  Endpoint.post("/api/v2/margin/isolated/batch-cancel-order", {
    name: "margin.trade.isolatedBatchCancelOrder",
    signed: true,
    rateLimit: limit,
    request: Named.as<BatchCancelOrderRequest>()(BatchCancelOrderRequest),
    data: Named.as<BatchResult>()(BatchResult)
  })
)

/** A margin order (open or closed). */
export const Order = Schema.Struct({
  orderId: Schema.String,
  symbol: Schema.String,
  orderType: OrderTypeOut,
  enterPointSource: Source,
  clientOid: Absent.optional(Schema.String),
  loanType: LoanTypeOut,
  price: Absent.optional(Decimal),
  side: OrderSideOut,
  status: OrderStatus,
  baseSize: Absent.optional(Decimal),
  quoteSize: Absent.optional(Decimal),
  priceAvg: Absent.optional(Decimal),
  /** Filled base amount. */
  size: Absent.optional(Decimal),
  /** Filled quote amount. */
  amount: Absent.optional(Decimal),
  force: Absent.optional(Schema.String),
  cTime: Timestamp,
  uTime: Timestamp
})
export interface Order extends Schema.Schema.Type<typeof Order> {}

export const OrderPage = Schema.Struct({ orderList: Schema.Array(Named.as<Order>()(Order)), ...idRange })
export interface OrderPage extends Schema.Schema.Type<typeof OrderPage> {}

/**
 * A page of open orders, whose list Bitget names two ways: `orderList` in the page's table and
 * example (https://www.bitget.com/api-doc/margin/cross/trade/Get-Cross-Open-Orders), `resultList`
 * in the example JKorf/Bitget.Net recorded from it (Bitget.Net.UnitTests/Endpoints/Spot/Margin/
 * GetCrossOpenOrders.txt), and Bitget.Net's `BitgetMinMaxResult` reads both. Either decodes to
 * `orderList` (the first given wins); `orderList` is written.
 */
export const OpenOrderPage = Schema.transform(
  Schema.Struct({
    orderList: Absent.optional(Schema.Array(Named.as<Order>()(Order))),
    resultList: Absent.optional(Schema.Array(Named.as<Order>()(Order))),
    ...idRange
  }),
  Schema.typeSchema(OrderPage),
  {
    strict: true,
    decode: ({ orderList, resultList, ...ids }) => ({ orderList: orderList ?? resultList ?? [], ...ids }),
    encode: (page) => page
  }
)
export interface OpenOrderPage extends Schema.Schema.Type<typeof OpenOrderPage> {}

const orderQuery = {
  symbol: Symbol,
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  ...historyQuery
}

// https://www.bitget.com/api-doc/margin/cross/trade/Get-Cross-Open-Orders gives only a default
// page of 100 and no window: 100 and 90 days, as the history pages, are what is asked for.
const crossOpenOrderPages = {
  ...idPages("orderList", "orderId"),
  limit: {
    param: "limit",
    max: 100,
    source: "https://www.bitget.com/api-doc/margin/cross/trade/Get-Cross-Open-Orders"
  }
}

// The isolated page gives "default 100, maximum 500" and no window (90 days, as the histories).
const isolatedOpenOrderPages = {
  ...idPages("orderList", "orderId"),
  limit: {
    param: "limit",
    max: 500,
    default: 100,
    source: "https://www.bitget.com/api-doc/margin/isolated/trade/Isolated-Open-Orders"
  }
}

export const CrossOpenOrdersRequest = Schema.Struct(orderQuery)
export interface CrossOpenOrdersRequest extends Schema.Schema.Type<typeof CrossOpenOrdersRequest> {}

/**
 * `GET /api/v2/margin/crossed/open-orders`: open cross orders of a symbol created since the
 * required `startTime`, newest first; `idLessThan` ← `minId`, 100 a page. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 100 a page (`limit`); one request spans at
 * most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const crossOpenOrders = Operation.make(Endpoint.list("/api/v2/margin/crossed/open-orders", {
  name: "margin.trade.crossOpenOrders",
  signed: true,
  rateLimit: limit,
  request: Named.as<CrossOpenOrdersRequest>()(CrossOpenOrdersRequest),
  data: Named.as<OpenOrderPage>()(OpenOrderPage),
  pagination: crossOpenOrderPages
}))

export const IsolatedOpenOrdersRequest = Schema.Struct(orderQuery)
export interface IsolatedOpenOrdersRequest extends Schema.Schema.Type<typeof IsolatedOpenOrdersRequest> {}

/**
 * `GET /api/v2/margin/isolated/open-orders`: open isolated orders of a symbol since `startTime`;
 * as `crossOpenOrders`, but up to 500 a page. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const isolatedOpenOrders = Operation.make(Endpoint.list("/api/v2/margin/isolated/open-orders", {
  name: "margin.trade.isolatedOpenOrders",
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedOpenOrdersRequest>()(IsolatedOpenOrdersRequest),
  data: Named.as<OpenOrderPage>()(OpenOrderPage),
  pagination: isolatedOpenOrderPages
}))

export const HistoryOrdersRequest = Schema.Struct({
  ...orderQuery,
  enterPointSource: Schema.optional(EnterPointSource)
})
export interface HistoryOrdersRequest extends Schema.Schema.Type<typeof HistoryOrdersRequest> {}

/**
 * `GET /api/v2/margin/crossed/history-orders`: closed cross orders of a symbol, newest first;
 * `startTime` required, window ≤ 90 days, ≤ 500 a page, `idLessThan` ← `minId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const crossHistoryOrders = Operation.make(Endpoint.list("/api/v2/margin/crossed/history-orders", {
  name: "margin.trade.crossHistoryOrders",
  signed: true,
  rateLimit: limit,
  request: Named.as<HistoryOrdersRequest>()(HistoryOrdersRequest),
  data: Named.as<OrderPage>()(OrderPage),
  pagination: idPages("orderList", "orderId")
}))

/**
 * `GET /api/v2/margin/isolated/history-orders`: closed isolated orders of a symbol; as `crossHistoryOrders`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const isolatedHistoryOrders = Operation.make(Endpoint.list("/api/v2/margin/isolated/history-orders", {
  name: "margin.trade.isolatedHistoryOrders",
  signed: true,
  rateLimit: limit,
  request: Named.as<HistoryOrdersRequest>()(HistoryOrdersRequest),
  data: Named.as<OrderPage>()(OrderPage),
  pagination: idPages("orderList", "orderId")
}))

/** One fill of a margin order. */
export const Fill = Schema.Struct({
  orderId: Schema.String,
  tradeId: Schema.String,
  symbol: Absent.optional(Schema.String),
  orderType: OrderTypeOut,
  side: OrderSideOut,
  priceAvg: Decimal,
  size: Decimal,
  amount: Decimal,
  tradeScope: TradeScope,
  feeDetail: Named.as<FillFee>()(FillFee),
  cTime: Timestamp,
  uTime: Timestamp
})
export interface Fill extends Schema.Schema.Type<typeof Fill> {}

export const FillPage = Schema.Struct({ fills: Schema.Array(Named.as<Fill>()(Fill)), ...idRange })
export interface FillPage extends Schema.Schema.Type<typeof FillPage> {}

export const FillsRequest = Schema.Struct({
  symbol: Symbol,
  orderId: Schema.optional(Schema.String),
  ...historyQuery
})
export interface FillsRequest extends Schema.Schema.Type<typeof FillsRequest> {}

/**
 * `GET /api/v2/margin/crossed/fills`: fills of cross orders of a symbol, newest first;
 * `startTime` required, window ≤ 90 days, ≤ 500 a page, `idLessThan` ← `minId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const crossFills = Operation.make(Endpoint.list("/api/v2/margin/crossed/fills", {
  name: "margin.trade.crossFills",
  signed: true,
  rateLimit: limit,
  request: Named.as<FillsRequest>()(FillsRequest),
  data: Named.as<FillPage>()(FillPage),
  pagination: idPages("fills", "tradeId")
}))

/**
 * `GET /api/v2/margin/isolated/fills`: fills of isolated orders of a symbol; as `crossFills`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.minId`; at most 500 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const isolatedFills = Operation.make(Endpoint.list("/api/v2/margin/isolated/fills", {
  name: "margin.trade.isolatedFills",
  signed: true,
  rateLimit: limit,
  request: Named.as<FillsRequest>()(FillsRequest),
  data: Named.as<FillPage>()(FillPage),
  pagination: idPages("fills", "tradeId")
}))

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  crossPlaceOrder,
  isolatedPlaceOrder,
  crossBatchPlaceOrder,
  isolatedBatchPlaceOrder,
  crossCancelOrder,
  isolatedCancelOrder,
  crossBatchCancelOrder,
  isolatedBatchCancelOrder,
  crossOpenOrders,
  isolatedOpenOrders,
  crossHistoryOrders,
  isolatedHistoryOrders,
  crossFills,
  isolatedFills
].map((operation) => operation.endpoint)
