/**
 * Spot plan (trigger) orders: an order placed when the price crosses `triggerPrice`; placing,
 * modifying, cancelling (one or all) and listing current and past plan orders.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as Placement from "@effect-bitget/core/Placement"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"
import {
  BatchResult,
  ClientOid,
  Force,
  hasId,
  OrderResult,
  OrderType,
  OrderTypeOut,
  PlacedOrder,
  Side,
  SideOut,
  Source,
  StpMode
} from "./Schemas.js"

/**
 * `amount`: size in the base coin (the default); `total`: size in the quote coin. Any letter case
 * is accepted and the documented spelling sent, as for spot's other request enums.
 */
export const PlanType = Spelling.literal("amount", "total")

/**
 * Which price triggers: the last fill price or the mark price. Any letter case is accepted and
 * the documented spelling sent (Bitget's own example on the place-plan-order page sends
 * `market_price`, which its table does not list: the table wins).
 */
export const TriggerType = Spelling.literal("fill_price", "mark_price")

/** A plan order's state. */
export const PlanStatus = OpenEnum("not_trigger", "triggered", "fail_trigger", "cancelled", "live")

const limitNeedsExecutePrice = (
  order: { readonly orderType: typeof OrderType.Type; readonly executePrice?: unknown }
) =>
  !Spelling.is(order.orderType, "limit") || order.executePrice !== undefined ||
  "executePrice: required for a limit plan order"

export const PlacePlanOrderRequest = Schema.Struct({
  symbol: Schema.String,
  side: Side,
  triggerPrice: PositiveDecimalInput,
  orderType: OrderType,
  executePrice: Schema.optional(PositiveDecimalInput),
  planType: Schema.optional(PlanType),
  size: PositiveDecimalInput,
  triggerType: TriggerType,
  clientOid: Schema.optional(ClientOid),
  force: Schema.optional(Force),
  stpMode: Schema.optional(StpMode)
}).pipe(Schema.filter(limitNeedsExecutePrice))
export interface PlacePlanOrderRequest extends Schema.Schema.Type<typeof PlacePlanOrderRequest> {}

export const PlacePlanOrder = Endpoint.post("/api/v2/spot/trade/place-plan-order", {
  name: "spot.planOrder.placePlanOrder",
  signed: true,
  rateLimit: RateLimit.uid(20),
  // 43012, 43118 (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance", "DuplicateClientOid"],
  request: Named.as<PlacePlanOrderRequest>()(PlacePlanOrderRequest),
  data: Named.as<PlacedOrder>()(PlacedOrder),
  placement: Placement.one({
    lookup: () => [CurrentPlanOrder, HistoryPlanOrder],
    request: (order, _clientOid, now) => ({
      symbol: order.symbol,
      limit: 100,
      startTime: DateTime.unsafeMake(Math.max(0, now - DAY)),
      endTime: DateTime.unsafeMake(now + DAY)
    }),
    orderId: Placement.orderIdIn("orderList")
  })
})

/**
 * `POST /api/v2/spot/trade/place-plan-order`: places an order that is sent when the price crosses
 * `triggerPrice` (by the last fill or the mark price, `triggerType`); a limit one needs
 * `executePrice`. `planType` sizes it in the base coin (`amount`, the default) or the quote coin
 * (`total`). Every plan order gets a `clientOid` (a generated one when none is given, returned);
 * a lost answer is settled by finding it by `clientOid` among the current, then the history plan
 * orders, and a reused `clientOid` fails with `DuplicateClientOid`. 20/s per UID.
 */
export const placePlanOrder = Operation.make(PlacePlanOrder)

export const ModifyPlanOrderRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  triggerPrice: PositiveDecimalInput,
  orderType: OrderType,
  executePrice: Schema.optional(PositiveDecimalInput),
  size: PositiveDecimalInput
}).pipe(Schema.filter(hasId), Schema.filter(limitNeedsExecutePrice))
export interface ModifyPlanOrderRequest extends Schema.Schema.Type<typeof ModifyPlanOrderRequest> {}

export const ModifyPlanOrder = Endpoint.post("/api/v2/spot/trade/modify-plan-order", {
  name: "spot.planOrder.modifyPlanOrder",
  signed: true,
  rateLimit: RateLimit.uid(20),
  // 43025 (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound"],
  request: Named.as<ModifyPlanOrderRequest>()(ModifyPlanOrderRequest),
  data: Named.as<OrderResult>()(OrderResult)
})

/**
 * `POST /api/v2/spot/trade/modify-plan-order`: changes an untriggered plan order's trigger, type,
 * price and size, by `orderId` or `clientOid` (one required). 20/s per UID.
 */
export const modifyPlanOrder = Operation.make(ModifyPlanOrder)

export const CancelPlanOrderRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String)
}).pipe(Schema.filter(hasId))
export interface CancelPlanOrderRequest extends Schema.Schema.Type<typeof CancelPlanOrderRequest> {}

export const CancelPlanOrder = Endpoint.post("/api/v2/spot/trade/cancel-plan-order", {
  name: "spot.planOrder.cancelPlanOrder",
  signed: true,
  rateLimit: RateLimit.uid(20),
  // 43025 (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound"],
  request: Named.as<CancelPlanOrderRequest>()(CancelPlanOrderRequest),
  data: Schema.Struct({ result: OpenEnum("success", "failure") })
})

/**
 * `POST /api/v2/spot/trade/cancel-plan-order`: cancels a plan order by `orderId` or `clientOid`;
 * one of them is required (checked locally). 20/s per UID.
 */
export const cancelPlanOrder = Operation.make(CancelPlanOrder)

export const BatchCancelPlanOrderRequest = Schema.Struct({ symbolList: Schema.optional(Schema.Array(Schema.String)) })
export interface BatchCancelPlanOrderRequest extends Schema.Schema.Type<typeof BatchCancelPlanOrderRequest> {}

export const BatchCancelPlanOrder = Endpoint.post("/api/v2/spot/trade/batch-cancel-plan-order", {
  name: "spot.planOrder.batchCancelPlanOrder",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<BatchCancelPlanOrderRequest>()(BatchCancelPlanOrderRequest),
  data: Named.as<BatchResult>()(BatchResult)
})

/**
 * `POST /api/v2/spot/trade/batch-cancel-plan-order`: cancels every untriggered plan order of the
 * listed symbols (all symbols when `symbolList` is left out); per-order results. 5/s per UID.
 */
export const batchCancelPlanOrder = Operation.make(BatchCancelPlanOrder)

const DAY = 86_400_000

/*
 * How a plan order whose answer was lost is found: neither plan-order list takes a `clientOid`
 * filter (https://www.bitget.com/api-doc/spot/plan/Get-Current-Plan-Order,
 * https://www.bitget.com/api-doc/spot/plan/Get-History-Plan-Order), so the order is picked by its
 * `clientOid` from the newest page (at most 100, newest first) of the symbol's untriggered plan
 * orders, then of its triggered and cancelled ones (one that triggered or was cancelled since).
 * The history needs `startTime` and `endTime` at most 90 days apart: a day either side of now
 * covers the placement's few seconds of retries and clock skew both ways (never before the epoch:
 * a negative time is refused).
 */

export const PlanOrder = Schema.Struct({
  orderId: Schema.String,
  clientOid: Absent.optional(Schema.String),
  symbol: Schema.String,
  size: Decimal,
  /** `0` or empty for a market plan order. */
  executePrice: Absent.optional(Decimal),
  triggerPrice: Decimal,
  status: PlanStatus,
  orderType: OrderTypeOut,
  side: SideOut,
  planType: OpenEnum("amount", "total"),
  triggerType: OpenEnum("fill_price", "mark_price"),
  enterPointSource: Source,
  uTime: Timestamp,
  cTime: Timestamp
})
export interface PlanOrder extends Schema.Schema.Type<typeof PlanOrder> {}

/** A page of plan orders: `idLessThan` is the cursor of the next page, `nextFlag` whether there is one. */
export const PlanOrderPage = Schema.Struct({
  nextFlag: Schema.optional(Schema.Boolean),
  idLessThan: Absent.optional(Schema.String),
  orderList: Schema.Array(Named.as<PlanOrder>()(PlanOrder))
})
export interface PlanOrderPage extends Schema.Schema.Type<typeof PlanOrderPage> {}

export const CurrentPlanOrderRequest = Schema.Struct({
  symbol: Schema.String,
  /** Default 20. */
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time)
})
export interface CurrentPlanOrderRequest extends Schema.Schema.Type<typeof CurrentPlanOrderRequest> {}

export const CurrentPlanOrder = Endpoint.list("/api/v2/spot/trade/current-plan-order", {
  name: "spot.planOrder.currentPlanOrder",
  signed: true,
  rateLimit: RateLimit.uid(20),
  request: Named.as<CurrentPlanOrderRequest>()(CurrentPlanOrderRequest),
  data: Named.as<PlanOrderPage>()(PlanOrderPage),
  pagination: {
    list: "orderList",
    cursor: Pagination.dataField("idLessThan", "orderId"),
    limit: {
      param: "limit",
      max: 100,
      default: 20,
      source: "https://www.bitget.com/api-doc/spot/plan/Get-Current-Plan-Order"
    },
    window: Pagination.window("90 days", "cTime")
  }
})

/**
 * `GET /api/v2/spot/trade/current-plan-order`: untriggered plan orders of a symbol, newest first;
 * at most 100 a page (default 20), cursor `data.idLessThan`; `startTime`–`endTime` at most 90
 * days. 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.idLessThan`; at most 100 a page (`limit`, 20 when omitted);
 * one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const currentPlanOrder = Operation.make(CurrentPlanOrder)

export const HistoryPlanOrderRequest = Schema.Struct({
  symbol: Schema.String,
  startTime: Limit.Time,
  endTime: Limit.Time,
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor)
})
export interface HistoryPlanOrderRequest extends Schema.Schema.Type<typeof HistoryPlanOrderRequest> {}

export const HistoryPlanOrder = Endpoint.list("/api/v2/spot/trade/history-plan-order", {
  name: "spot.planOrder.historyPlanOrder",
  signed: true,
  rateLimit: RateLimit.uid(20),
  request: Named.as<HistoryPlanOrderRequest>()(HistoryPlanOrderRequest),
  data: Named.as<PlanOrderPage>()(PlanOrderPage),
  pagination: {
    list: "orderList",
    cursor: Pagination.dataField("idLessThan", "orderId"),
    limit: {
      param: "limit",
      max: 100,
      default: 100,
      source: "https://www.bitget.com/api-doc/spot/plan/Get-History-Plan-Order"
    },
    window: Pagination.window("90 days", "cTime")
  }
})

/**
 * `GET /api/v2/spot/trade/history-plan-order`: triggered and cancelled plan orders of a symbol
 * between `startTime` and `endTime` (both required, at most 90 days apart), newest first; at most
 * 100 a page, cursor `data.idLessThan`. 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.idLessThan`; at most 100 a page (`limit`, 100 when
 * omitted); one request spans at most 90d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const historyPlanOrder = Operation.make(HistoryPlanOrder)

export const PlanSubOrderRow = Schema.Struct({
  orderId: Schema.String,
  price: Absent.optional(Decimal),
  /** `limit` or `market`. */
  type: Schema.String,
  status: Schema.String
})
export interface PlanSubOrderRow extends Schema.Schema.Type<typeof PlanSubOrderRow> {}

export const PlanSubOrderRequest = Schema.Struct({ planOrderId: Schema.String })
export interface PlanSubOrderRequest extends Schema.Schema.Type<typeof PlanSubOrderRequest> {}

export const PlanSubOrder = Endpoint.get("/api/v2/spot/trade/plan-sub-order", {
  name: "spot.planOrder.planSubOrder",
  signed: true,
  // 20/s per UID (https://www.bitget.com/api-doc/spot/plan/Get-Plan-Sub-Order, via rate-limits.tsv).
  rateLimit: RateLimit.uid(20),
  request: Named.as<PlanSubOrderRequest>()(PlanSubOrderRequest),
  data: Schema.Array(Named.as<PlanSubOrderRow>()(PlanSubOrderRow))
})

/**
 * `GET /api/v2/spot/trade/plan-sub-order`: the orders a triggered plan order placed (`planOrderId`),
 * with price, type and status. Beyond the specification's list
 * (https://www.bitget.com/api-doc/spot/plan/Get-Plan-Sub-Order). 20/s per UID.
 */
export const planSubOrder = Operation.make(PlanSubOrder)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  PlacePlanOrder,
  ModifyPlanOrder,
  CancelPlanOrder,
  BatchCancelPlanOrder,
  CurrentPlanOrder,
  HistoryPlanOrder,
  PlanSubOrder
]
