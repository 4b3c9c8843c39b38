/**
 * Futures orders: place (one or a batch), modify, cancel (one, a batch or all), close positions at
 * market, and reverse a position (click-backhand).
 *
 * `side` and `tradeSide` go together by position mode (the specification's table):
 *
 * | mode    | side | tradeSide | meaning     |
 * |---------|------|-----------|-------------|
 * | one-way | buy  | (none)    | buy         |
 * | one-way | sell | (none)    | sell        |
 * | hedge   | buy  | open      | open long   |
 * | hedge   | sell | open      | open short  |
 * | hedge   | buy  | close     | close long  |
 * | hedge   | sell | close     | close short |
 *
 * The request cannot know the account's mode, so `placeOrder` sends what it is given; when you
 * know the mode (from `Account.account`'s `posMode`), `placeOrderIn(mode, request)` checks the
 * pair first and fails with `InvalidRequest` (nothing sent) on a mismatch, and its overloads
 * make the mismatch a type error where the mode is a literal.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as BitgetError from "@effect-bitget/core/BitgetError"
import { PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YES_NO } from "@effect-bitget/core/Flag"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Placement from "@effect-bitget/core/Placement"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import { Detail } from "./OrderQuery.js"
import {
  BatchFailure,
  BatchResult,
  Force,
  hasOrderRef,
  HoldSide,
  MarginCoin,
  MarginMode,
  OrderIds,
  OrderRef,
  OrderType,
  PlacedOrder,
  type PositionMode,
  ProductType,
  Side,
  StpMode,
  TradeSide
} from "./Schemas.js"

export type { PositionMode } from "./Schemas.js"

/** A limit order needs a price. */
const priceForLimit = (order: { readonly orderType: OrderType; readonly price?: unknown }) =>
  !Spelling.is(order.orderType, "limit") || order.price !== undefined || "price: required for a limit order"

/** The fields of one order that a batch item shares with a single order. */
const orderFields = {
  /** In base coin. */
  size: PositiveDecimalInput,
  /** Limit orders only, and required for them. */
  price: Schema.optional(PositiveDecimalInput),
  side: Side,
  /** Hedge mode only: `open` or `close`; leave it out in one-way mode. */
  tradeSide: Schema.optional(TradeSide),
  orderType: OrderType,
  force: Schema.optional(Force),
  /** Your id for the order (idempotency: a reused one is refused). */
  clientOid: Schema.optional(Schema.String),
  /** One-way mode: only reduce the position (`YES`/`NO` on the wire). */
  reduceOnly: Schema.optional(YES_NO),
  /** Take-profit trigger price attached to the order. */
  presetStopSurplusPrice: Schema.optional(PositiveDecimalInput),
  /** Stop-loss trigger price attached to the order. */
  presetStopLossPrice: Schema.optional(PositiveDecimalInput),
  stpMode: Schema.optional(StpMode)
}

export const PlaceOrderRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginMode: MarginMode,
  marginCoin: MarginCoin,
  ...orderFields
}).pipe(Schema.filter(priceForLimit))
export interface PlaceOrderRequest extends Schema.Schema.Type<typeof PlaceOrderRequest> {}

export const PlaceOrder = Endpoint.post("/api/v2/mix/order/place-order", {
  name: "futures.order.placeOrder",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 43012, 22002 no position to close, 43118 (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance", "DuplicateClientOid"],
  request: Named.as<PlaceOrderRequest>()(PlaceOrderRequest),
  data: Named.as<PlacedOrder>()(PlacedOrder),
  // A lost answer is settled by looking the order up by clientOid (`detail` needs symbol and productType).
  placement: Placement.one({ lookup: () => Detail, keys: ["symbol", "productType"] })
})
/**
 * `POST /api/v2/mix/order/place-order`: one order. A limit order without `price` fails locally.
 * With a demo symbol and demo margin coin the order id is a demo order id. A one-way reduce-only
 * order that cancels older ones may come back without `orderId`. 10/s per UID (copy traders 1/s).
 * `side` goes with `tradeSide` in hedge mode (open/close), alone in one-way mode.
 */
export const placeOrder = Operation.make(PlaceOrder)

/** Why `tradeSide` does not fit the position mode, or `undefined`. */
export const checkTradeSide = (
  mode: PositionMode,
  order: { readonly tradeSide?: string | undefined }
): string | undefined => {
  if (Spelling.is(mode, "one_way_mode") && order.tradeSide !== undefined) {
    return `tradeSide ${order.tradeSide} given in one-way mode: leave it out (side buy or sell is enough)`
  }
  if (Spelling.is(mode, "hedge_mode") && order.tradeSide === undefined) {
    return "tradeSide missing in hedge mode: open or close"
  }
  return undefined
}

/** A one-way mode order: no `tradeSide`. */
export type OneWayOrder = Omit<PlaceOrderRequest, "tradeSide"> & { readonly tradeSide?: never }

/** A hedge mode order: `tradeSide` is required. */
export type HedgeOrder = PlaceOrderRequest & { readonly tradeSide: TradeSide }

/**
 * `placeOrder` for an account whose position mode you know: a `tradeSide` in one-way mode, or
 * none in hedge mode, fails with `InvalidRequest` before anything is sent.
 */
export function placeOrderIn(
  mode: "one_way_mode",
  request: OneWayOrder
): ReturnType<typeof placeOrder>
export function placeOrderIn(mode: "hedge_mode", request: HedgeOrder): ReturnType<typeof placeOrder>
export function placeOrderIn(mode: PositionMode, request: PlaceOrderRequest): ReturnType<typeof placeOrder>
export function placeOrderIn(mode: PositionMode, request: PlaceOrderRequest): ReturnType<typeof placeOrder> {
  const problem = checkTradeSide(mode, request)
  return problem === undefined
    ? placeOrder(request)
    : Effect.fail(new BitgetError.InvalidRequest({ endpoint: PlaceOrder.name, reason: problem }))
}

export const BatchOrder = Schema.Struct(orderFields).pipe(Schema.filter(priceForLimit))
export interface BatchOrder extends Schema.Schema.Type<typeof BatchOrder> {}

export const BatchPlaceOrderRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: MarginCoin,
  marginMode: MarginMode,
  /** 1 to 50 orders of the one symbol. */
  orderList: Schema.Array(Named.as<BatchOrder>()(BatchOrder)).pipe(Schema.minItems(1), Schema.maxItems(50))
})
export interface BatchPlaceOrderRequest extends Schema.Schema.Type<typeof BatchPlaceOrderRequest> {}

export const BatchPlaceOrder = Endpoint.post("/api/v2/mix/order/batch-place-order", {
  name: "futures.order.batchPlaceOrder",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<BatchPlaceOrderRequest>()(BatchPlaceOrderRequest),
  data: Named.as<BatchResult>()(BatchResult),
  placement: Placement.batch("orderList", { lookup: () => Detail, keys: ["symbol", "productType"] })
})
/**
 * `POST /api/v2/mix/order/batch-place-order`: up to 50 orders of one symbol. The call succeeds as
 * a whole; each order's fate is in `successList` / `failureList` (with `errorCode`). 5/s per UID.
 */
export const batchPlaceOrder = Operation.make(BatchPlaceOrder)

/** `batchPlaceOrder` with every item's `tradeSide` checked against a known position mode. */
export const batchPlaceOrderIn = (mode: PositionMode, request: BatchPlaceOrderRequest) => {
  for (const [i, order] of request.orderList.entries()) {
    const problem = checkTradeSide(mode, order)
    if (problem !== undefined) {
      return Effect.fail(
        new BitgetError.InvalidRequest({ endpoint: BatchPlaceOrder.name, reason: `orderList[${i}]: ${problem}` })
      )
    }
  }
  return batchPlaceOrder(request)
}

export const ModifyOrderRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: Schema.optional(MarginCoin),
  newClientOid: Schema.String,
  newSize: Schema.optional(PositiveDecimalInput),
  newPrice: Schema.optional(PositiveDecimalInput),
  newPresetStopSurplusPrice: Schema.optional(PositiveDecimalInput),
  newPresetStopLossPrice: Schema.optional(PositiveDecimalInput)
}).pipe(
  Schema.filter(hasOrderRef),
  // "Modifying size and price, please pass in both, not just one of them"
  // (https://www.bitget.com/api-doc/contract/trade/Modify-Order).
  Schema.filter((r) =>
    (r.newSize === undefined) === (r.newPrice === undefined) || "newSize and newPrice: give both or neither"
  )
)
export interface ModifyOrderRequest extends Schema.Schema.Type<typeof ModifyOrderRequest> {}

export const ModifyOrder = Endpoint.post("/api/v2/mix/order/modify-order", {
  name: "futures.order.modifyOrder",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 40768, 43118 for newClientOid (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound", "DuplicateClientOid"],
  request: Named.as<ModifyOrderRequest>()(ModifyOrderRequest),
  data: Named.as<OrderIds>()(OrderIds)
})
/**
 * `POST /api/v2/mix/order/modify-order`: new size and price (both or neither) or preset TP/SL of an
 * open limit order (`orderId` or `clientOid`); a new size and price cancel it and re-place it under
 * `newClientOid`. 10/s per UID.
 */
export const modifyOrder = Operation.make(ModifyOrder)

export const CancelOrderRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: Schema.optional(MarginCoin),
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String)
}).pipe(Schema.filter(hasOrderRef))
export interface CancelOrderRequest extends Schema.Schema.Type<typeof CancelOrderRequest> {}

export const CancelOrder = Endpoint.post("/api/v2/mix/order/cancel-order", {
  name: "futures.order.cancelOrder",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 40768 (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound"],
  request: Named.as<CancelOrderRequest>()(CancelOrderRequest),
  data: Named.as<OrderIds>()(OrderIds)
})
/** `POST /api/v2/mix/order/cancel-order`: cancels one open order, by `orderId` or `clientOid`. 10/s per UID. */
export const cancelOrder = Operation.make(CancelOrder)

export const BatchCancelOrdersRequest = Schema.Struct({
  orderIdList: Schema.optional(Schema.Array(OrderRef).pipe(Schema.minItems(1), Schema.maxItems(50))),
  symbol: Schema.optional(Schema.String),
  productType: ProductType,
  marginCoin: Schema.optional(MarginCoin)
}).pipe(
  Schema.filter((r) => r.orderIdList === undefined || r.symbol !== undefined || "symbol: required with orderIdList")
)
export interface BatchCancelOrdersRequest extends Schema.Schema.Type<typeof BatchCancelOrdersRequest> {}

export const BatchCancelOrders = Endpoint.post("/api/v2/mix/order/batch-cancel-orders", {
  name: "futures.order.batchCancelOrders",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // "orderIdList … maximum length: 50 … symbol: It's required when orderIdList is set"
  // (https://www.bitget.com/api-doc/contract/trade/Batch-Cancel-Orders).
  request: Named.as<BatchCancelOrdersRequest>()(BatchCancelOrdersRequest),
  data: Named.as<BatchResult>()(BatchResult)
})
/**
 * `POST /api/v2/mix/order/batch-cancel-orders`: cancels up to 50 orders of a `symbol` by id (each
 * `orderId` or `clientOid`), or every open order of a symbol (or product type) when `orderIdList`
 * is left out. Per-item results. 10/s per UID.
 */
export const batchCancelOrders = Operation.make(BatchCancelOrders)

export const CancelAllOrdersRequest = Schema.Struct({
  productType: ProductType,
  symbol: Schema.optional(Schema.String),
  marginCoin: Schema.optional(MarginCoin),
  /** Bitget's optional replay guard: the request's time, and how long after it the request is valid (ms). */
  requestTime: Schema.optional(Limit.Time),
  receiveWindow: Schema.optional(Limit.PageSize)
})
export interface CancelAllOrdersRequest extends Schema.Schema.Type<typeof CancelAllOrdersRequest> {}

export const CancelAllOrders = Endpoint.post("/api/v2/mix/order/cancel-all-orders", {
  name: "futures.order.cancelAllOrders",
  signed: true,
  // "Rate limit: 10 req/sec/UID" (https://www.bitget.com/api-doc/contract/trade/Cancel-All-Orders).
  rateLimit: RateLimit.uid(10),
  request: Named.as<CancelAllOrdersRequest>()(CancelAllOrdersRequest),
  data: Named.as<BatchResult>()(BatchResult)
})
/**
 * `POST /api/v2/mix/order/cancel-all-orders`: cancels every open order of a product type (of one
 * `symbol` and `marginCoin` when given), with per-order results. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/trade/Cancel-All-Orders). 10/s per UID.
 */
export const cancelAllOrders = Operation.make(CancelAllOrders)

export const ClosePositionsRequest = Schema.Struct({
  symbol: Schema.optional(Schema.String),
  productType: ProductType,
  holdSide: Schema.optional(HoldSide)
})
export interface ClosePositionsRequest extends Schema.Schema.Type<typeof ClosePositionsRequest> {}

export const ClosePositionsResult = Schema.Struct({
  successList: Schema.Array(Schema.Struct({ ...OrderIds.fields, symbol: Absent.optional(Schema.String) })),
  failureList: Schema.Array(Schema.Struct({ ...BatchFailure.fields, symbol: Absent.optional(Schema.String) }))
})
export interface ClosePositionsResult extends Schema.Schema.Type<typeof ClosePositionsResult> {}

export const ClosePositions = Endpoint.post("/api/v2/mix/order/close-positions", {
  name: "futures.order.closePositions",
  signed: true,
  rateLimit: RateLimit.uid(1),
  // 22002 no position to close (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance"],
  request: Named.as<ClosePositionsRequest>()(ClosePositionsRequest),
  data: Named.as<ClosePositionsResult>()(ClosePositionsResult)
})
/**
 * `POST /api/v2/mix/order/close-positions`: closes positions at market: one symbol's (one side
 * with `holdSide` in hedge mode) or every position of the product type. Per-item results. 1/s per
 * UID.
 */
export const closePositions = Operation.make(ClosePositions)

export const ClickBackhandRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: MarginCoin,
  // Optional (https://www.bitget.com/zh-CN/api-doc/contract/trade/Reversal): left out, the whole
  // position is reversed; one-way mode ignores it; in hedge mode a size below the position's
  // reverses that much, at or above it the whole position.
  size: Schema.optional(PositiveDecimalInput),
  side: Schema.optional(Side),
  tradeSide: Schema.optional(TradeSide),
  clientOid: Schema.optional(Schema.String)
})
export interface ClickBackhandRequest extends Schema.Schema.Type<typeof ClickBackhandRequest> {}

export const ClickBackhand = Endpoint.post("/api/v2/mix/order/click-backhand", {
  name: "futures.order.clickBackhand",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 22002 no position, 43012 (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance"],
  request: Named.as<ClickBackhandRequest>()(ClickBackhandRequest),
  data: Named.as<OrderIds>()(OrderIds)
})
/**
 * `POST /api/v2/mix/order/click-backhand`: reverses a position at market: closes it and opens the
 * same size on the other side. `size` (hedge mode only) reverses part of the position; without it,
 * or in one-way mode, all of it. 10/s per UID.
 */
export const clickBackhand = Operation.make(ClickBackhand)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  PlaceOrder,
  BatchPlaceOrder,
  ModifyOrder,
  CancelOrder,
  BatchCancelOrders,
  CancelAllOrders,
  ClosePositions,
  ClickBackhand
]
