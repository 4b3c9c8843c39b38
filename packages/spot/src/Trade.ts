/**
 * Spot trading: placing and cancelling orders (one, a batch, or every order of a symbol),
 * querying an order, open orders and order history, and the account's fills.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YesNo } from "@effect-bitget/core/Flag"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as Placement from "@effect-bitget/core/Placement"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { Id, OrderFee } from "./internal/values.js"
import {
  BatchMode,
  BatchResult,
  ClientOid,
  Force,
  hasId,
  OrderResult,
  OrderStatus,
  OrderType,
  OrderTypeOut,
  PlacedOrder,
  Side,
  SideOut,
  Source,
  StpMode,
  TpslType,
  TpslTypeOut,
  TradeScope
} from "./Schemas.js"

export { OrderFee }

const limitNeedsPrice = (order: { readonly orderType: typeof OrderType.Type; readonly price?: unknown }) =>
  !Spelling.is(order.orderType, "limit") || order.price !== undefined || "price: required for a limit order"

const tpslNeedsTrigger = (
  order: { readonly tpslType?: typeof TpslType.Type | undefined; readonly triggerPrice?: unknown }
) =>
  !Spelling.is(order.tpslType, "tpsl") || order.triggerPrice !== undefined || "triggerPrice: required for a tpsl order"

/**
 * Where a batch's symbol lives (https://www.bitget.com/api-doc/spot/trade/Batch-Place-Orders,
 * https://www.bitget.com/api-doc/spot/trade/Batch-Cancel-Orders): in `single` mode (the default)
 * the request's `symbol`, the orders' own ignored; in `multiple` mode each order's, the request's
 * ignored. The one that counts is required.
 */
const batchSymbols = (request: {
  readonly symbol?: string | undefined
  readonly batchMode?: typeof BatchMode.Type | undefined
  readonly orderList: ReadonlyArray<{ readonly symbol?: string | undefined }>
}) => {
  if (Spelling.is(request.batchMode, "multiple")) {
    const at = request.orderList.findIndex((order) => order.symbol === undefined || order.symbol === "")
    return at === -1 || `orderList[${at}].symbol: required in multiple batch mode`
  }
  return (request.symbol !== undefined && request.symbol !== "") ||
    "symbol: required in single batch mode (the default), where the orders' own symbols are ignored"
}

const orderFields = {
  side: Side,
  orderType: OrderType,
  /** Ignored for market orders. */
  force: Force,
  /** Required for limit orders. */
  price: Schema.optional(PositiveDecimalInput),
  /** Base coin amount; for a market buy, the quote coin amount to spend. */
  size: PositiveDecimalInput,
  clientOid: Schema.optional(ClientOid),
  stpMode: Schema.optional(StpMode),
  presetTakeProfitPrice: Schema.optional(PositiveDecimalInput),
  executeTakeProfitPrice: Schema.optional(PositiveDecimalInput),
  presetStopLossPrice: Schema.optional(PositiveDecimalInput),
  executeStopLossPrice: Schema.optional(PositiveDecimalInput)
}

/** The request of `placeOrder`. */
export const PlaceOrderRequest = Schema.Struct({
  symbol: Schema.String,
  ...orderFields,
  tpslType: Schema.optional(TpslType),
  triggerPrice: Schema.optional(PositiveDecimalInput),
  requestTime: Schema.optional(Timestamp),
  /**
   * Milliseconds after `requestTime` the order is still accepted; at most 60000 (40078/40079;
   * shared/reference/bitget-docs-facts.md, from Bitget's zh place-order page).
   */
  receiveWindow: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(60_000)))
}).pipe(Schema.filter(limitNeedsPrice), Schema.filter(tpslNeedsTrigger))
export interface PlaceOrderRequest extends Schema.Schema.Type<typeof PlaceOrderRequest> {}

export const PlaceOrder = Endpoint.post("/api/v2/spot/trade/place-order", {
  name: "spot.trade.placeOrder",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 43012, 43118 (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance", "DuplicateClientOid"],
  request: Named.as<PlaceOrderRequest>()(PlaceOrderRequest),
  data: Named.as<PlacedOrder>()(PlacedOrder),
  // A lost answer is settled by looking the order up by clientOid (orderInfo finds 2 h back).
  // Bitget ignores clientOid on tpsl orders (bitget-endpoint-shapes.md, place-order): never resent.
  placement: Placement.one({
    lookup: () => OrderInfo,
    unsettled: (order) => order.tpslType === "tpsl" ? "Bitget ignores clientOid on tpsl orders" : undefined
  })
})

/**
 * `POST /api/v2/spot/trade/place-order`: places a limit or market order. A limit order needs a
 * `price`; a market buy's `size` is the quote amount. A reused `clientOid` fails with
 * `DuplicateClientOid`, a short balance with `InsufficientBalance`. 10/s per UID (copy traders
 * 1/s).
 */
export const placeOrder = Operation.make(PlaceOrder)

export const BatchOrderItem = Schema.Struct({
  /** Needed per order in `multiple` batch mode. */
  symbol: Schema.optional(Schema.String),
  ...orderFields
}).pipe(Schema.filter(limitNeedsPrice))

export const BatchOrdersRequest = Schema.Struct({
  symbol: Schema.optional(Schema.String),
  batchMode: Schema.optional(BatchMode),
  orderList: Schema.Array(BatchOrderItem).pipe(Schema.minItems(1), Schema.maxItems(50))
}).pipe(Schema.filter(batchSymbols))
export interface BatchOrdersRequest extends Schema.Schema.Type<typeof BatchOrdersRequest> {}

export const BatchOrders = Endpoint.post("/api/v2/spot/trade/batch-orders", {
  name: "spot.trade.batchOrders",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<BatchOrdersRequest>()(BatchOrdersRequest),
  data: Named.as<BatchResult>()(BatchResult),
  placement: Placement.batch("orderList", { lookup: () => OrderInfo })
})

/**
 * `POST /api/v2/spot/trade/batch-orders`: places up to 50 orders: of the request's `symbol`, or
 * with `batchMode: "multiple"` each of its own (the one that counts is required, checked
 * locally). Each order succeeds or fails on its own: the answer lists both. 5/s per UID.
 */
export const batchOrders = Operation.make(BatchOrders)

export const CancelOrderRequest = Schema.Struct({
  symbol: Schema.String,
  tpslType: Schema.optional(TpslType),
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String)
}).pipe(Schema.filter(hasId))
export interface CancelOrderRequest extends Schema.Schema.Type<typeof CancelOrderRequest> {}

export const CancelOrder = Endpoint.post("/api/v2/spot/trade/cancel-order", {
  name: "spot.trade.cancelOrder",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 43001 (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound"],
  request: Named.as<CancelOrderRequest>()(CancelOrderRequest),
  data: Named.as<OrderResult>()(OrderResult)
})

/**
 * `POST /api/v2/spot/trade/cancel-order`: cancels one open order by `orderId` or `clientOid` (one
 * is required). An unknown or closed order fails with `OrderNotFound`. 10/s per UID.
 */
export const cancelOrder = Operation.make(CancelOrder)

export const CancelSymbolOrderRequest = Schema.Struct({ symbol: Schema.String })
export interface CancelSymbolOrderRequest extends Schema.Schema.Type<typeof CancelSymbolOrderRequest> {}

export const CancelSymbolOrder = Endpoint.post("/api/v2/spot/trade/cancel-symbol-order", {
  name: "spot.trade.cancelSymbolOrder",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<CancelSymbolOrderRequest>()(CancelSymbolOrderRequest),
  data: Schema.Struct({ symbol: Schema.String })
})

/**
 * `POST /api/v2/spot/trade/cancel-symbol-order`: cancels every open order of a symbol
 * (asynchronously on the exchange; query open orders to see the result). 5/s per UID.
 */
export const cancelSymbolOrder = Operation.make(CancelSymbolOrder)

export const BatchCancelItem = Schema.Struct({
  symbol: Schema.optional(Schema.String),
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String)
}).pipe(Schema.filter(hasId))

export const BatchCancelOrderRequest = Schema.Struct({
  symbol: Schema.optional(Schema.String),
  batchMode: Schema.optional(BatchMode),
  orderList: Schema.Array(BatchCancelItem).pipe(Schema.minItems(1), Schema.maxItems(50))
}).pipe(Schema.filter(batchSymbols))
export interface BatchCancelOrderRequest extends Schema.Schema.Type<typeof BatchCancelOrderRequest> {}

export const BatchCancelOrder = Endpoint.post("/api/v2/spot/trade/batch-cancel-order", {
  name: "spot.trade.batchCancelOrder",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<BatchCancelOrderRequest>()(BatchCancelOrderRequest),
  data: Named.as<BatchResult>()(BatchResult)
})

/**
 * `POST /api/v2/spot/trade/batch-cancel-order`: cancels up to 50 orders of the request's `symbol`
 * (or, with `batchMode: "multiple"`, each of its own: the one that counts is required, checked
 * locally); each succeeds or fails on its own (`failureList` carries `errorCode`). 5/s per UID.
 */
export const batchCancelOrder = Operation.make(BatchCancelOrder)

/** An order as orderInfo and history-orders return it. */
export const Order = Schema.Struct({
  userId: Id,
  symbol: Schema.String,
  orderId: Schema.String,
  clientOid: Absent.optional(Schema.String),
  /** `0` for market orders. */
  price: Absent.optional(Decimal),
  size: Decimal,
  orderType: OrderTypeOut,
  side: SideOut,
  status: OrderStatus,
  priceAvg: Absent.optional(Decimal),
  /** Filled amount in the base coin. */
  baseVolume: Decimal,
  /** Filled amount in the quote coin. */
  quoteVolume: Decimal,
  enterPointSource: Source,
  /** A JSON document inside a string on the wire, decoded. */
  feeDetail: Absent.optional(OrderFee),
  orderSource: Absent.optional(Schema.String),
  cancelReason: Absent.optional(Schema.String),
  tpslType: Absent.optional(TpslTypeOut),
  triggerPrice: Absent.optional(Decimal),
  cTime: Timestamp,
  uTime: Timestamp
})
export interface Order extends Schema.Schema.Type<typeof Order> {}

export const OrderInfoRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  requestTime: Schema.optional(Timestamp),
  receiveWindow: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(60_000)))
}).pipe(Schema.filter(hasId))
export interface OrderInfoRequest extends Schema.Schema.Type<typeof OrderInfoRequest> {}

export const OrderInfo = Endpoint.get("/api/v2/spot/trade/orderInfo", {
  name: "spot.trade.orderInfo",
  signed: true,
  rateLimit: RateLimit.uid(20),
  // 43001 (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound"],
  request: Named.as<OrderInfoRequest>()(OrderInfoRequest),
  data: Schema.Array(Named.as<Order>()(Order))
})

/**
 * `GET /api/v2/spot/trade/orderInfo`: one order by `orderId` or `clientOid` (one required; a
 * `clientOid` only finds orders of the last 2 hours). The answer is an array. 20/s per UID.
 */
export const orderInfo = Operation.make(OrderInfo)

/** An open order. (Its `priceAvg` is the order's limit price.) */
export const OpenOrder = Schema.Struct({
  userId: Id,
  symbol: Schema.String,
  orderId: Schema.String,
  clientOid: Absent.optional(Schema.String),
  /** The order's price (the exchange names it so). */
  priceAvg: Absent.optional(Decimal),
  size: Decimal,
  orderType: OrderTypeOut,
  side: SideOut,
  status: OrderStatus,
  basePrice: Absent.optional(Decimal),
  baseVolume: Decimal,
  quoteVolume: Decimal,
  enterPointSource: Source,
  orderSource: Absent.optional(Schema.String),
  presetTakeProfitPrice: Absent.optional(Decimal),
  executeTakeProfitPrice: Absent.optional(Decimal),
  presetStopLossPrice: Absent.optional(Decimal),
  executeStopLossPrice: Absent.optional(Decimal),
  tpslType: Absent.optional(TpslTypeOut),
  triggerPrice: Absent.optional(Decimal),
  cTime: Timestamp,
  uTime: Absent.optional(Timestamp)
})
export interface OpenOrder extends Schema.Schema.Type<typeof OpenOrder> {}

const orderQuery = {
  symbol: Schema.optional(Schema.String),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  idLessThan: Schema.optional(Limit.Cursor),
  limit: Schema.optional(Limit.PageSize),
  orderId: Schema.optional(Schema.String),
  tpslType: Schema.optional(TpslType),
  requestTime: Schema.optional(Timestamp),
  receiveWindow: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(60_000)))
}

/** The filter of open orders and order history. */
export const OrderQueryRequest = Schema.Struct(orderQuery)
export interface OrderQueryRequest extends Schema.Schema.Type<typeof OrderQueryRequest> {}

const orderPages = (page: string) => ({
  cursor: Pagination.lastRow("orderId"),
  limit: { param: "limit", max: 100, default: 100, source: "https://www.bitget.com/api-doc/spot/trade/" + page },
  window: Pagination.window("90 days", "cTime"),
  // "It only supports to get the data within 90days" (history orders; the zh unfilled-orders page alike).
  history: Pagination.history("90 days", "https://www.bitget.com/api-doc/spot/trade/" + page)
})

export const UnfilledOrders = Endpoint.list("/api/v2/spot/trade/unfilled-orders", {
  name: "spot.trade.unfilledOrders",
  signed: true,
  rateLimit: RateLimit.uid(20),
  request: Named.as<OrderQueryRequest>()(OrderQueryRequest),
  data: Schema.Array(Named.as<OpenOrder>()(OpenOrder)),
  pagination: orderPages("Get-Unfilled-Orders")
})

/**
 * `GET /api/v2/spot/trade/unfilled-orders`: open orders, newest first; at most 100 a page, cursor
 * `idLessThan` = last `orderId`, `startTime`–`endTime` at most 90 days. 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `orderId`; at most 100 a page (`limit`, 100 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window; the
 * exchange keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const unfilledOrders = Operation.make(UnfilledOrders)

export const HistoryOrders = Endpoint.list("/api/v2/spot/trade/history-orders", {
  name: "spot.trade.historyOrders",
  signed: true,
  rateLimit: RateLimit.uid(20),
  request: Named.as<OrderQueryRequest>()(OrderQueryRequest),
  data: Schema.Array(Named.as<Order>()(Order)),
  pagination: orderPages("Get-History-Orders")
})

/**
 * `GET /api/v2/spot/trade/history-orders`: filled and cancelled orders of the last 90 days, newest
 * first; at most 100 a page, cursor `idLessThan` = last `orderId`, `startTime`–`endTime` at most
 * 90 days. 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `orderId`; at most 100 a page (`limit`, 100 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window; the
 * exchange keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const historyOrders = Operation.make(HistoryOrders)

/** The fee of one fill: a real JSON object here (unlike orders' `feeDetail`). */
export const FillFee = Schema.Struct({
  /** Whether the fee was paid with a deduction coin (BGB). */
  deduction: YesNo,
  feeCoin: Schema.String,
  totalDeductionFee: Absent.optional(Decimal),
  /** Negative: what was paid. */
  totalFee: Decimal
})
export interface FillFee extends Schema.Schema.Type<typeof FillFee> {}

/** One fill of one of the account's orders. */
export const Fill = Schema.Struct({
  userId: Id,
  symbol: Schema.String,
  orderId: Schema.String,
  tradeId: Schema.String,
  orderType: OrderTypeOut,
  side: SideOut,
  priceAvg: Decimal,
  size: Decimal,
  amount: Decimal,
  feeDetail: FillFee,
  tradeScope: TradeScope,
  cTime: Timestamp,
  uTime: Timestamp
})
export interface Fill extends Schema.Schema.Type<typeof Fill> {}

export const FillsRequest = Schema.Struct({
  // Optional since Bitget's changelog of 2025-03-27 (bitget-endpoint-shapes.md).
  symbol: Schema.optional(Schema.String),
  orderId: Schema.optional(Schema.String),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor)
})
export interface FillsRequest extends Schema.Schema.Type<typeof FillsRequest> {}

export const Fills = Endpoint.list("/api/v2/spot/trade/fills", {
  name: "spot.trade.fills",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<FillsRequest>()(FillsRequest),
  data: Schema.Array(Named.as<Fill>()(Fill)),
  pagination: {
    cursor: Pagination.lastRow("tradeId"),
    limit: { param: "limit", max: 100, default: 100, source: "https://www.bitget.com/api-doc/spot/trade/Get-Fills" },
    window: Pagination.window("90 days", "cTime"),
    // "It only supports to get the data within 90days" (the page above).
    history: Pagination.history("90 days", "https://www.bitget.com/api-doc/spot/trade/Get-Fills")
  }
})

/**
 * `GET /api/v2/spot/trade/fills`: the account's fills, newest first. At most 100 a page, cursor
 * `idLessThan` = the last `tradeId`; `startTime`–`endTime` at most 90 days. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `tradeId`; at most 100 a page (`limit`, 100 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window; the
 * exchange keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const fills = Operation.make(Fills)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  PlaceOrder,
  BatchOrders,
  CancelOrder,
  CancelSymbolOrder,
  BatchCancelOrder,
  OrderInfo,
  UnfilledOrders,
  HistoryOrders,
  Fills
]
