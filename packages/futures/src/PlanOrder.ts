/**
 * Plan orders: trigger orders (`normal_plan`) and trailing stops (`track_plan`), merged in V2
 * and told apart by `planType`. A trigger order places its sub order when the watched price
 * crosses `triggerPrice`; a trailing stop starts tracking at `triggerPrice` and fires when the
 * price retraces by `callbackRatio` percent from its best. For a trailing stop the preset
 * `stopSurplusTriggerPrice` / `stopLossTriggerPrice` are trail variances (percentages).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, DecimalInput, PositiveDecimalInput, toBigDecimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YES_NO } from "@effect-bitget/core/Flag"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as Placement from "@effect-bitget/core/Placement"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as BigDecimal from "effect/BigDecimal"
import * as Schema from "effect/Schema"
import {
  BatchResult,
  hasOrderRef,
  MarginCoin,
  MarginMode,
  OrderIds,
  OrderRef,
  OrderType,
  PlacedPlanOrder,
  PlanType,
  ProductType,
  Side,
  StpMode,
  SubOrderProductType,
  TpslTriggerType,
  TradeSide,
  TriggerType
} from "./Schemas.js"

/** A request decimal of zero or more (`executePrice`: `0` means market). */
const NonNegativeDecimalInput = DecimalInput.pipe(
  Schema.filter((input) => !BigDecimal.isNegative(toBigDecimal(input)) || "Expected a value of zero or more")
)

/** `callbackRatio` belongs to trailing stops, and a trailing stop needs one. */
const callbackRule = (plan: { readonly planType: PlanType; readonly callbackRatio?: unknown }) =>
  Spelling.is(plan.planType, "track_plan")
    ? plan.callbackRatio !== undefined || "callbackRatio: required for a track_plan (trailing stop)"
    : plan.callbackRatio === undefined || "callbackRatio is only for planType track_plan"

const limitRule = (plan: { readonly orderType: OrderType; readonly price?: unknown; readonly planType: PlanType }) =>
  !Spelling.is(plan.planType, "normal_plan") || !Spelling.is(plan.orderType, "limit") || plan.price !== undefined ||
  "price: required for a limit trigger order"

export const PlacePlanOrderRequest = Schema.Struct({
  planType: PlanType,
  symbol: Schema.String,
  productType: ProductType,
  marginMode: MarginMode,
  marginCoin: MarginCoin,
  size: PositiveDecimalInput,
  /** The sub order's price, for a limit trigger order. */
  price: Schema.optional(PositiveDecimalInput),
  /** Trailing stops only: the retracement, in percent, that fires the order. */
  callbackRatio: Schema.optional(PositiveDecimalInput),
  triggerPrice: PositiveDecimalInput,
  triggerType: TriggerType,
  side: Side,
  tradeSide: Schema.optional(TradeSide),
  orderType: OrderType,
  clientOid: Schema.optional(Schema.String),
  reduceOnly: Schema.optional(YES_NO),
  /** Take-profit trigger price (trailing stops: trail variance in percent). */
  stopSurplusTriggerPrice: Schema.optional(PositiveDecimalInput),
  stopSurplusExecutePrice: Schema.optional(PositiveDecimalInput),
  stopSurplusTriggerType: Schema.optional(TpslTriggerType),
  /** Stop-loss trigger price (trailing stops: trail variance in percent). */
  stopLossTriggerPrice: Schema.optional(PositiveDecimalInput),
  stopLossExecutePrice: Schema.optional(PositiveDecimalInput),
  stopLossTriggerType: Schema.optional(TpslTriggerType),
  stpMode: Schema.optional(StpMode)
}).pipe(Schema.filter(callbackRule), Schema.filter(limitRule))
export interface PlacePlanOrderRequest extends Schema.Schema.Type<typeof PlacePlanOrderRequest> {}

export const PlacePlanOrder = Endpoint.post("/api/v2/mix/order/place-plan-order", {
  name: "futures.planOrder.placePlanOrder",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 43012, 43118 (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance", "DuplicateClientOid"],
  request: Named.as<PlacePlanOrderRequest>()(PlacePlanOrderRequest),
  data: Named.as<PlacedPlanOrder>()(PlacedPlanOrder),
  // A lost answer is settled by the plan order's clientOid: the pending plan orders, then the
  // history (a plan order that fired or was cancelled meanwhile). Both filter by clientOid and
  // need planType; without startTime/endTime they cover the last three months
  // (https://www.bitget.com/api-doc/contract/plan/get-orders-plan-pending,
  // https://www.bitget.com/api-doc/contract/plan/orders-plan-history).
  placement: Placement.one({
    lookup: () => [OrdersPlanPending, OrdersPlanHistory],
    keys: ["planType", "symbol", "productType"],
    orderId: Placement.orderIdIn("entrustedList")
  })
})
/**
 * `POST /api/v2/mix/order/place-plan-order`: a trigger order or a trailing stop. `callbackRatio`
 * without `track_plan` (or a trailing stop without it) fails locally. 10/s per UID. `planType` is
 * `normal_plan` (trigger) or `track_plan` (trailing, with `callbackRatio`).
 */
export const placePlanOrder = Operation.make(PlacePlanOrder)

/** The take-profit / stop-loss plan types of `placeTpslOrder`. */
export const TpslPlanType = Spelling.literal("profit_plan", "loss_plan", "moving_plan", "pos_profit", "pos_loss")
export type TpslPlanType = typeof TpslPlanType.Type

/** The position a TP/SL closes: `long`/`short` in hedge mode, `buy`/`sell` (the long/the short) in one-way mode. */
export const TpslHoldSide = Spelling.literal("long", "short", "buy", "sell")

/** Whether a TP/SL plan type closes a set size (not the whole position). */
const sized = (planType: TpslPlanType) =>
  Spelling.is(planType, "profit_plan") || Spelling.is(planType, "loss_plan") || Spelling.is(planType, "moving_plan")

// The rules of https://www.bitget.com/api-doc/contract/plan/Place-Tpsl-Order: `size` is required
// (above zero) for profit_plan, loss_plan and moving_plan, not for pos_profit / pos_loss (they
// close the whole position); `rangeRate` is required for moving_plan; `executePrice` is not
// allowed with moving_plan (it executes at market).
export const PlaceTpslOrderRequest = Schema.Struct({
  marginCoin: MarginCoin,
  productType: ProductType,
  symbol: Schema.String,
  planType: TpslPlanType,
  triggerPrice: PositiveDecimalInput,
  triggerType: Schema.optional(TriggerType),
  /** `0` or left out: market; above zero: a limit order at this price. */
  executePrice: Schema.optional(NonNegativeDecimalInput),
  holdSide: TpslHoldSide,
  /** In base coin; required for profit_plan, loss_plan and moving_plan. */
  size: Schema.optional(PositiveDecimalInput),
  /** moving_plan only (and required there): the callback range. */
  rangeRate: Schema.optional(PositiveDecimalInput),
  clientOid: Schema.optional(Schema.String),
  stpMode: Schema.optional(StpMode)
}).pipe(
  Schema.filter((r) => !sized(r.planType) || r.size !== undefined || `size: required for planType ${r.planType}`),
  Schema.filter((r) =>
    Spelling.is(r.planType, "moving_plan")
      ? r.rangeRate !== undefined || "rangeRate: required for planType moving_plan"
      : r.rangeRate === undefined || "rangeRate: only for planType moving_plan"
  ),
  Schema.filter((r) =>
    !Spelling.is(r.planType, "moving_plan") || r.executePrice === undefined ||
    "executePrice: not allowed for planType moving_plan (it executes at market)"
  )
)
export interface PlaceTpslOrderRequest extends Schema.Schema.Type<typeof PlaceTpslOrderRequest> {}

export const PlaceTpslOrder = Endpoint.post("/api/v2/mix/order/place-tpsl-order", {
  name: "futures.planOrder.placeTpslOrder",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 43012, 43118, 22002 no position to close (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance", "DuplicateClientOid"],
  request: Named.as<PlaceTpslOrderRequest>()(PlaceTpslOrderRequest),
  data: Named.as<PlacedPlanOrder>()(PlacedPlanOrder),
  // A lost answer is settled by clientOid among the pending, then the history plan orders of
  // planType `profit_loss` (every TP/SL type; the two pages cited at placePlanOrder).
  placement: Placement.one({
    lookup: () => [OrdersPlanPending, OrdersPlanHistory],
    request: (order, clientOid) => ({
      planType: "profit_loss",
      symbol: order.symbol,
      productType: order.productType,
      clientOid
    }),
    orderId: Placement.orderIdIn("entrustedList")
  })
})
/**
 * `POST /api/v2/mix/order/place-tpsl-order`: a take-profit or stop-loss plan on an open position:
 * `profit_plan` / `loss_plan` close `size`, `pos_profit` / `pos_loss` the whole position,
 * `moving_plan` trails by `rangeRate`. They are listed by the plan queries under `profit_loss`.
 * Beyond the specification's list (https://www.bitget.com/api-doc/contract/plan/Place-Tpsl-Order).
 * 10/s per UID.
 */
export const placeTpslOrder = Operation.make(PlaceTpslOrder)

/** One side (take profit or stop loss) of `placePosTpsl` is given by its trigger price. */
const sideRule = (side: "stopSurplus" | "stopLoss") => (r: Record<string, unknown>) =>
  r[`${side}TriggerPrice`] !== undefined ||
  ["Size", "TriggerType", "ExecutePrice", "ClientOid"].every((field) => r[`${side}${field}`] === undefined) ||
  `${side}TriggerPrice: required with the other ${side} fields`

// https://www.bitget.com/api-doc/contract/plan/Place-Pos-Tpsl-Order and Bitget's changelog of
// 2025-07-14 (separate stopSurplusClientOid / stopLossClientOid); tiagosiebler/bitget-api
// FuturesPositionTPSLOrderRequestV2 agrees. A size makes that side a profit_plan / loss_plan,
// none a pos_profit / pos_loss on the whole position.
export const PlacePosTpslRequest = Schema.Struct({
  marginCoin: MarginCoin,
  productType: ProductType,
  symbol: Schema.String,
  stopSurplusTriggerPrice: Schema.optional(PositiveDecimalInput),
  stopSurplusSize: Schema.optional(PositiveDecimalInput),
  stopSurplusTriggerType: Schema.optional(TriggerType),
  /** `0` or left out: market. */
  stopSurplusExecutePrice: Schema.optional(NonNegativeDecimalInput),
  stopSurplusClientOid: Schema.optional(Schema.String),
  stopLossTriggerPrice: Schema.optional(PositiveDecimalInput),
  stopLossSize: Schema.optional(PositiveDecimalInput),
  stopLossTriggerType: Schema.optional(TriggerType),
  /** `0` or left out: market. */
  stopLossExecutePrice: Schema.optional(NonNegativeDecimalInput),
  stopLossClientOid: Schema.optional(Schema.String),
  holdSide: TpslHoldSide,
  stpMode: Schema.optional(StpMode)
}).pipe(
  Schema.filter((r) =>
    r.stopSurplusTriggerPrice !== undefined || r.stopLossTriggerPrice !== undefined ||
    "stopSurplusTriggerPrice or stopLossTriggerPrice: one is required"
  ),
  Schema.filter(sideRule("stopSurplus")),
  Schema.filter(sideRule("stopLoss"))
)
export interface PlacePosTpslRequest extends Schema.Schema.Type<typeof PlacePosTpslRequest> {}

export const PlacedPosTpsl = Schema.Struct({
  orderId: Schema.String,
  clientOid: Absent.optional(Schema.String),
  stopSurplusClientOid: Absent.optional(Schema.String),
  stopLossClientOid: Absent.optional(Schema.String)
})
export interface PlacedPosTpsl extends Schema.Schema.Type<typeof PlacedPosTpsl> {}

export const PlacePosTpsl = Endpoint.post("/api/v2/mix/order/place-pos-tpsl", {
  name: "futures.planOrder.placePosTpsl",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 43118 for either clientOid, 22002 no position (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance", "DuplicateClientOid"],
  request: Named.as<PlacePosTpslRequest>()(PlacePosTpslRequest),
  // One row per plan placed (tiagosiebler/bitget-api's response type; JKorf/Bitget.Net reads an array too).
  data: Schema.Array(Named.as<PlacedPosTpsl>()(PlacedPosTpsl))
  // No `placement`: the request carries two clientOids (one per plan), which `Placement` cannot
  // settle; a lost answer stays a TransportError and the request is never sent twice (as every POST).
})
/**
 * `POST /api/v2/mix/order/place-pos-tpsl`: a take profit and/or a stop loss on an open position in
 * one call (`stopSurplus*`, `stopLoss*`); each with a size is a `profit_plan` / `loss_plan`,
 * without one a `pos_profit` / `pos_loss` on the whole position. Each may carry its own clientOid.
 * Beyond the specification's list (https://www.bitget.com/api-doc/contract/plan/Place-Pos-Tpsl-Order).
 * 10/s per UID.
 */
export const placePosTpsl = Operation.make(PlacePosTpsl)

export const ModifyPlanOrderRequest = Schema.Struct({
  planType: PlanType,
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  symbol: Schema.String,
  productType: ProductType,
  newSize: Schema.optional(PositiveDecimalInput),
  newPrice: Schema.optional(PositiveDecimalInput),
  newCallbackRatio: Schema.optional(PositiveDecimalInput),
  newTriggerPrice: Schema.optional(PositiveDecimalInput),
  newTriggerType: Schema.optional(TriggerType),
  newStopSurplusTriggerPrice: Schema.optional(PositiveDecimalInput),
  newStopSurplusExecutePrice: Schema.optional(PositiveDecimalInput),
  newStopSurplusTriggerType: Schema.optional(TpslTriggerType),
  newStopLossTriggerPrice: Schema.optional(PositiveDecimalInput),
  newStopLossExecutePrice: Schema.optional(PositiveDecimalInput),
  newStopLossTriggerType: Schema.optional(TpslTriggerType)
}).pipe(
  Schema.filter(hasOrderRef),
  Schema.filter((r) =>
    r.newCallbackRatio === undefined || Spelling.is(r.planType, "track_plan") ||
    "newCallbackRatio is only for planType track_plan"
  ),
  // "newPrice … When the original order is a trailing order, it must be empty"
  // (https://www.bitget.com/api-doc/contract/plan/Modify-Plan-Order).
  Schema.filter((r) =>
    r.newPrice === undefined || !Spelling.is(r.planType, "track_plan") ||
    "newPrice: not for a track_plan (a trailing stop executes at market)"
  )
)
export interface ModifyPlanOrderRequest extends Schema.Schema.Type<typeof ModifyPlanOrderRequest> {}

export const ModifyPlanOrder = Endpoint.post("/api/v2/mix/order/modify-plan-order", {
  name: "futures.planOrder.modifyPlanOrder",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 40768 (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound"],
  request: Named.as<ModifyPlanOrderRequest>()(ModifyPlanOrderRequest),
  data: Named.as<OrderIds>()(OrderIds)
})
/**
 * `POST /api/v2/mix/order/modify-plan-order`: new size, price, trigger, callback ratio or preset
 * TP/SL of a pending plan order (`orderId` or `clientOid`). 10/s per UID.
 */
export const modifyPlanOrder = Operation.make(ModifyPlanOrder)

/** The plan types `cancel-plan-order` can target. */
export const CancelPlanType = Schema.Literal(
  "normal_plan",
  "track_plan",
  "profit_plan",
  "loss_plan",
  "pos_profit",
  "pos_loss",
  "moving_plan"
)

export const CancelPlanOrderRequest = Schema.Struct({
  orderIdList: Schema.optional(Schema.Array(OrderRef).pipe(Schema.minItems(1), Schema.maxItems(50))),
  symbol: Schema.optional(Schema.String),
  productType: ProductType,
  marginCoin: Schema.optional(MarginCoin),
  planType: Schema.optional(CancelPlanType)
}).pipe(
  Schema.filter((r) => r.orderIdList === undefined || r.symbol !== undefined || "symbol: required with orderIdList")
)
export interface CancelPlanOrderRequest extends Schema.Schema.Type<typeof CancelPlanOrderRequest> {}

export const CancelPlanOrder = Endpoint.post("/api/v2/mix/order/cancel-plan-order", {
  name: "futures.planOrder.cancelPlanOrder",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 40768 (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound"],
  // https://www.bitget.com/api-doc/contract/plan/Cancel-Plan-Order: "orderIdList … If it is passed,
  // symbol must not be null"; `planType` defaults to normal_plan (the page gives no list size: 50
  // is batch-cancel-orders' maximum).
  request: Named.as<CancelPlanOrderRequest>()(CancelPlanOrderRequest),
  data: Named.as<BatchResult>()(BatchResult)
})
/**
 * `POST /api/v2/mix/order/cancel-plan-order`: cancels plan orders by id (`orderIdList`, each
 * `orderId` or `clientOid`, with `symbol`), or all of a symbol / product type of one `planType`
 * (`normal_plan` when left out: TP/SL plans stay). Per-item results. 10/s per UID.
 */
export const cancelPlanOrder = Operation.make(CancelPlanOrder)

const planFields = {
  planType: OpenEnum("normal_plan", "track_plan", "profit_plan", "loss_plan", "pos_profit", "pos_loss", "moving_plan"),
  symbol: Schema.String,
  size: Decimal,
  orderId: Schema.String,
  clientOid: Absent.optional(Schema.String),
  price: Absent.optional(Decimal),
  executePrice: Absent.optional(Decimal),
  callbackRatio: Absent.optional(Decimal),
  triggerPrice: Decimal,
  triggerType: OpenEnum("mark_price", "fill_price"),
  side: OpenEnum("buy", "sell"),
  posSide: OpenEnum("long", "short", "net"),
  marginCoin: Schema.String,
  marginMode: Absent.optional(OpenEnum("crossed", "isolated", "cross")),
  enterPointSource: Absent.optional(OpenEnum("web", "api", "sys", "android", "ios", "API")),
  tradeSide: Absent.optional(OpenEnum("open", "close", "buy_single", "sell_single")),
  posMode: OpenEnum("one_way_mode", "hedge_mode"),
  orderType: OpenEnum("limit", "market"),
  orderSource: Absent.optional(Schema.String),
  reduceOnly: Absent.optional(YES_NO),
  presetStopSurplusPrice: Absent.optional(Decimal),
  stopSurplusTriggerPrice: Absent.optional(Decimal),
  stopSurplusExecutePrice: Absent.optional(Decimal),
  stopSurplusTriggerType: Absent.optional(OpenEnum("mark_price", "fill_price", "index_price")),
  presetStopLossPrice: Absent.optional(Decimal),
  stopLossTriggerPrice: Absent.optional(Decimal),
  stopLossExecutePrice: Absent.optional(Decimal),
  stopLossTriggerType: Absent.optional(OpenEnum("mark_price", "fill_price", "index_price")),
  cTime: Timestamp,
  uTime: Absent.optional(Timestamp)
}

/** A pending plan order (`planStatus` `live`; older answers say `not_trigger`). */
export const PlanOrder = Schema.Struct({
  ...planFields,
  planStatus: OpenEnum("live", "not_trigger")
})
export interface PlanOrder extends Schema.Schema.Type<typeof PlanOrder> {}

/** A finished plan order: `executed`, `fail_trigger` or `cancelled`, with the order it placed. */
export const HistoryPlanOrder = Schema.Struct({
  ...planFields,
  planStatus: OpenEnum("executed", "fail_trigger", "cancelled"),
  executeOrderId: Absent.optional(Schema.String),
  priceAvg: Absent.optional(Decimal),
  baseVolume: Absent.optional(Decimal)
})
export interface HistoryPlanOrder extends Schema.Schema.Type<typeof HistoryPlanOrder> {}

/** The plan types the plan lists query (`profit_loss`: take-profit and stop-loss orders). */
export const QueryPlanType = Schema.Literal("normal_plan", "track_plan", "profit_loss")

const planQuery = {
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  symbol: Schema.optional(Schema.String),
  planType: QueryPlanType,
  productType: ProductType,
  idLessThan: Schema.optional(Limit.Cursor),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize)
}

export const OrdersPlanPendingRequest = Schema.Struct(planQuery)
export interface OrdersPlanPendingRequest extends Schema.Schema.Type<typeof OrdersPlanPendingRequest> {}

export const OrdersPlanPending = Endpoint.list("/api/v2/mix/order/orders-plan-pending", {
  name: "futures.planOrder.ordersPlanPending",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<OrdersPlanPendingRequest>()(OrdersPlanPendingRequest),
  data: Schema.Struct({
    entrustedList: Schema.Array(Named.as<PlanOrder>()(PlanOrder)),
    endId: Absent.optional(Schema.String)
  }),
  pagination: {
    list: "entrustedList",
    cursor: Pagination.dataField("endId", "orderId"),
    limit: {
      param: "limit",
      max: 100,
      default: 100,
      source: "https://www.bitget.com/api-doc/contract/plan/get-orders-plan-pending"
    },
    // "The maximum time span supported is three months" (the page above; pagination-audit.md row 25).
    window: Pagination.window("90 days", "cTime")
  }
})
/**
 * `GET /api/v2/mix/order/orders-plan-pending`: pending plan orders of a plan type, newest first;
 * at most 100 a page, cursor `endId`. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const ordersPlanPending = Operation.make(OrdersPlanPending)

export const OrdersPlanHistoryRequest = Schema.Struct({
  ...planQuery,
  planStatus: Schema.optional(Schema.Literal("executed", "fail_trigger", "cancelled"))
})
export interface OrdersPlanHistoryRequest extends Schema.Schema.Type<typeof OrdersPlanHistoryRequest> {}

export const OrdersPlanHistory = Endpoint.list("/api/v2/mix/order/orders-plan-history", {
  name: "futures.planOrder.ordersPlanHistory",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<OrdersPlanHistoryRequest>()(OrdersPlanHistoryRequest),
  data: Schema.Struct({
    entrustedList: Schema.Array(Named.as<HistoryPlanOrder>()(HistoryPlanOrder)),
    endId: Absent.optional(Schema.String)
  }),
  pagination: {
    list: "entrustedList",
    cursor: Pagination.dataField("endId", "orderId"),
    limit: {
      param: "limit",
      max: 100,
      default: 100,
      source: "https://www.bitget.com/api-doc/contract/plan/orders-plan-history"
    },
    window: Pagination.window("90 days", "cTime")
  }
})
/**
 * `GET /api/v2/mix/order/orders-plan-history`: finished plan orders, newest first; at most 100 a
 * page, cursor `endId`, ranges of at most 90 days. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const ordersPlanHistory = Operation.make(OrdersPlanHistory)

/** An order a plan order placed, with the trigger's status. */
export const SubOrder = Schema.Struct({
  /** Absent while a trailing stop is still tracking. */
  orderId: Absent.optional(Schema.String),
  price: Absent.optional(Decimal),
  type: OpenEnum("limit", "market"),
  status: OpenEnum("success", "fail", "cancelled", "in_progress", "in_progress_tracking")
})
export interface SubOrder extends Schema.Schema.Type<typeof SubOrder> {}

export const PlanSubOrderRequest = Schema.Struct({
  planType: PlanType,
  planOrderId: Schema.String,
  productType: SubOrderProductType
})
export interface PlanSubOrderRequest extends Schema.Schema.Type<typeof PlanSubOrderRequest> {}

export const PlanSubOrder = Endpoint.get("/api/v2/mix/order/plan-sub-order", {
  name: "futures.planOrder.planSubOrder",
  signed: true,
  rateLimit: RateLimit.uid(10),
  // 40768 (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound"],
  request: Named.as<PlanSubOrderRequest>()(PlanSubOrderRequest),
  data: Schema.Array(Named.as<SubOrder>()(SubOrder))
})
/**
 * `GET /api/v2/mix/order/plan-sub-order`: the orders a plan order placed and their trigger status.
 * All three parameters are required; product types are upper case, demo ones (`SUSDT-FUTURES` …)
 * included. 10/s per UID.
 */
export const planSubOrder = Operation.make(PlanSubOrder)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  PlacePlanOrder,
  PlaceTpslOrder,
  PlacePosTpsl,
  ModifyPlanOrder,
  CancelPlanOrder,
  OrdersPlanPending,
  OrdersPlanHistory,
  PlanSubOrder
]
