/**
 * V3 strategy orders: take-profit / stop-loss on a futures position (`tpsl`) and, per go-bitget,
 * trigger orders (`trigger`) that place an order when a price is reached. Placing, amending,
 * cancelling, the open ones and their history. Sources: shared/reference/v3-unified-api.md §d.1
 * (Strategy) and §e.15 (the `trigger` type and spot/margin categories: go-bitget, newer than the
 * catalog's futures-only `tpsl`; its fields declared optional, as the reference says).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as Placement from "@effect-bitget/core/Placement"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Schema from "effect/Schema"
import { presetFields, TriggerBy, TriggerByOut } from "./internal/orders.js"
import {
  Category,
  CategoryOut,
  ClientOid,
  hasId,
  OrderResult,
  OrderType,
  OrderTypeOut,
  PlacedOrder,
  PosSide,
  PosSideOut,
  ReduceOnly,
  Side,
  SideOut,
  times
} from "./Schemas.js"

/** `tpsl` (the default) or `trigger`. */
export const StrategyType = Lazy.schema(() => Spelling.literal("tpsl", "trigger"))

/** `full` (default): the whole position; `partial`: `qty` of it. */
const TpslMode = Lazy.schema(() => Spelling.literal("full", "partial"))

const triggerFields = Lazy.value(() => ({
  triggerBy: Schema.optional(TriggerBy),
  triggerPrice: Schema.optional(PositiveDecimalInput),
  triggerOrderType: Schema.optional(OrderType),
  /** Only with `triggerOrderType: "limit"`. */
  triggerOrderPrice: Schema.optional(PositiveDecimalInput)
}))

type StrategyLike = {
  readonly category: string
  readonly type?: typeof StrategyType.Type | undefined
  readonly tpslMode?: typeof TpslMode.Type | undefined
  readonly qty?: unknown
  readonly side?: string | undefined
  readonly posSide?: string | undefined
  readonly takeProfit?: unknown
  readonly stopLoss?: unknown
  readonly triggerPrice?: unknown
  readonly triggerOrderType?: typeof OrderType.Type | undefined
  readonly triggerOrderPrice?: unknown
}

/**
 * A `tpsl` order is on a futures position (`posSide`) and has a take-profit or a stop-loss (the
 * catalog); a `trigger` order has a `side`, a `triggerPrice` and a `triggerOrderType`, with a
 * `triggerOrderPrice` when limit (go-bitget); partial TP/SL and trigger orders need a `qty`.
 */
const strategyRules = (order: StrategyLike): true | string => {
  if (Spelling.is(order.type, "trigger")) {
    if (order.side === undefined) return "side: required for a trigger order"
    if (order.triggerPrice === undefined) return "triggerPrice: required for a trigger order"
    if (order.triggerOrderType === undefined) return "triggerOrderType: required for a trigger order"
    if (Spelling.is(order.triggerOrderType, "limit") && order.triggerOrderPrice === undefined) {
      return "triggerOrderPrice: required for a limit trigger order"
    }
    if (order.qty === undefined) return "qty: required for a trigger order"
    return true
  }
  if (!order.category.toUpperCase().endsWith("FUTURES")) {
    return `category: tpsl orders are on futures positions, not ${order.category}`
  }
  if (order.posSide === undefined) return "posSide: required for a tpsl order"
  if (order.takeProfit === undefined && order.stopLoss === undefined) {
    return "takeProfit or stopLoss: a tpsl order needs at least one"
  }
  if (Spelling.is(order.tpslMode, "partial") && order.qty === undefined) return "qty: required for a partial tpsl order"
  return true
}

export const PlaceStrategyOrderRequest = Lazy.schema(() =>
  Schema.Struct({
    /**
     * All five products: Bitget's pages and catalog list the three futures ones (tpsl), go-bitget
     * (newer) also spot and margin for trigger orders; the reference (§e.15) takes the newer. A
     * `tpsl` order is refused locally on spot and margin.
     */
    category: Category,
    symbol: Schema.String,
    clientOid: Schema.optional(ClientOid),
    type: Schema.optional(StrategyType),
    /** `full` (default): the whole position; `partial`: `qty` of it. */
    tpslMode: Schema.optional(TpslMode),
    qty: Schema.optional(PositiveDecimalInput),
    side: Schema.optional(Side),
    posSide: Schema.optional(PosSide),
    reduceOnly: Schema.optional(ReduceOnly),
    ...presetFields,
    ...triggerFields
  }).pipe(Schema.filter(strategyRules))
)
export interface PlaceStrategyOrderRequest extends Schema.Schema.Type<typeof PlaceStrategyOrderRequest> {}

/** A strategy order as the open list and the history show it. */
export const StrategyOrder = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    clientOid: Absent.optional(Schema.String),
    category: CategoryOut,
    symbol: Schema.String,
    type: Absent.optional(OpenEnum("tpsl", "trigger")),
    qty: Absent.optional(Decimal),
    side: Absent.optional(SideOut),
    posSide: Absent.optional(PosSideOut),
    status: OpenEnum("pending", "submitting", "success", "failed", "cancelled"),
    tpTriggerBy: Absent.optional(TriggerByOut),
    slTriggerBy: Absent.optional(TriggerByOut),
    takeProfit: Absent.optional(Decimal),
    stopLoss: Absent.optional(Decimal),
    tpOrderType: Absent.optional(OrderTypeOut),
    slOrderType: Absent.optional(OrderTypeOut),
    tpLimitPrice: Absent.optional(Decimal),
    slLimitPrice: Absent.optional(Decimal),
    triggerBy: Absent.optional(TriggerByOut),
    triggerPrice: Absent.optional(Decimal),
    triggerOrderType: Absent.optional(OrderTypeOut),
    triggerOrderPrice: Absent.optional(Decimal),
    ...times
  })
)
export interface StrategyOrder extends Schema.Schema.Type<typeof StrategyOrder> {}

/** The id of the order `clientOid` in an answer: a bare array (open orders) or `{ list }` (history). */
const strategyIdIn = (data: unknown, clientOid: string): string | undefined =>
  Placement.orderIdIn("list")(Array.isArray(data) ? { list: data } : data, clientOid)

export const PlaceStrategyOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/place-strategy-order", {
    name: "unified.strategy.placeStrategyOrder",
    signed: true,
    rateLimit: RateLimit.uid(10),
    errors: ["InsufficientBalance", "DuplicateClientOid"],
    request: Named.as<PlaceStrategyOrderRequest>()(PlaceStrategyOrderRequest),
    data: Named.as<PlacedOrder>()(PlacedOrder),
    // No look-up by id exists for strategy orders: a lost answer is settled by finding the
    // clientOid among the open ones, then in the history (where one that already fired is).
    placement: Placement.one({
      lookup: () => [UnfilledStrategyOrders, HistoryStrategyOrders],
      request: (order) => ({ category: order.category }),
      orderId: strategyIdIn
    })
  })
)

/**
 * `POST /api/v3/trade/place-strategy-order`: places a take-profit / stop-loss on a futures
 * position (`type: "tpsl"`, the default: `posSide` and a `takeProfit` or `stopLoss`; `tpslMode:
 * "partial"` with a `qty`) or a trigger order (`type: "trigger"`: `side`, `qty`, `triggerPrice`,
 * `triggerOrderType`), rules checked locally. Every order gets a `clientOid`: a lost answer is
 * settled by finding it among the open strategy orders, then the history, never placed twice.
 * 10/s per UID.
 */
export const placeStrategyOrder = Operation.make(PlaceStrategyOrder)

/** The request of `modifyStrategyOrder`. */
export const ModifyStrategyOrderRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String),
    /** Required (go-bitget). */
    qty: PositiveDecimalInput,
    ...presetFields,
    ...triggerFields
  }).pipe(Schema.filter(hasId))
)
export interface ModifyStrategyOrderRequest extends Schema.Schema.Type<typeof ModifyStrategyOrderRequest> {}

export const ModifyStrategyOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/modify-strategy-order", {
    name: "unified.strategy.modifyStrategyOrder",
    signed: true,
    rateLimit: RateLimit.uid(10),
    errors: ["OrderNotFound"],
    request: Named.as<ModifyStrategyOrderRequest>()(ModifyStrategyOrderRequest),
    data: Named.as<OrderResult>()(OrderResult)
  })
)

/**
 * `POST /api/v3/trade/modify-strategy-order`: amends an open strategy order (by `orderId` or
 * `clientOid`, one required): its `qty` (required) and its TP/SL or trigger prices. An unknown
 * one fails with `OrderNotFound`. 10/s per UID.
 */
export const modifyStrategyOrder = Operation.make(ModifyStrategyOrder)

export const CancelStrategyOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/cancel-strategy-order", {
    name: "unified.strategy.cancelStrategyOrder",
    signed: true,
    rateLimit: RateLimit.uid(10),
    errors: ["OrderNotFound"],
    request: Schema.Struct({
      orderId: Schema.optional(Schema.String),
      clientOid: Schema.optional(Schema.String)
    }).pipe(Schema.filter(hasId)),
    // `null` on success (go-bitget); some answers carry the ids.
    data: Schema.NullOr(OrderResult)
  })
)

/**
 * `POST /api/v3/trade/cancel-strategy-order`: cancels an open strategy order by `orderId` or
 * `clientOid` (one required). An unknown one fails with `OrderNotFound`. 10/s per UID.
 */
export const cancelStrategyOrder = Operation.make(CancelStrategyOrder)

/** The request of `unfilledStrategyOrders`. */
export const UnfilledStrategyOrdersRequest = Lazy.schema(() =>
  Schema.Struct({ category: Category, type: Schema.optional(StrategyType) })
)
export interface UnfilledStrategyOrdersRequest extends Schema.Schema.Type<typeof UnfilledStrategyOrdersRequest> {}

export const UnfilledStrategyOrders = Lazy.value(() =>
  Endpoint.get("/api/v3/trade/unfilled-strategy-orders", {
    name: "unified.strategy.unfilledStrategyOrders",
    signed: true,
    rateLimit: RateLimit.uid(20),
    // All five products, as placing takes them (see `PlaceStrategyOrderRequest.category`).
    request: Named.as<UnfilledStrategyOrdersRequest>()(UnfilledStrategyOrdersRequest),
    // A bare array, no pages (Bitget.Net's fixture, bitget-api).
    data: Schema.Array(Named.as<StrategyOrder>()(StrategyOrder))
  })
)

/**
 * `GET /api/v3/trade/unfilled-strategy-orders`: the open strategy orders of a `category`
 * (optionally of one `type`). One answer, no pages. 20/s per UID.
 */
export const unfilledStrategyOrders = Operation.make(UnfilledStrategyOrders)

/** The request of `historyStrategyOrders`. */
export const HistoryStrategyOrdersRequest = Lazy.schema(() =>
  Schema.Struct({
    // Bitget's page lists the three futures products; all five as placing takes them (§e.15).
    category: Category,
    type: Schema.optional(StrategyType),
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    limit: Schema.optional(Limit.PageSize),
    /** The `cursor` of the previous page's answer (the Streams feed it). */
    cursor: Schema.optional(Schema.String)
  })
)
export interface HistoryStrategyOrdersRequest extends Schema.Schema.Type<typeof HistoryStrategyOrdersRequest> {}

/** A page of strategy orders. */
export const StrategyOrderPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Named.as<StrategyOrder>()(StrategyOrder)),
    cursor: Absent.optional(Schema.String)
  })
)
export interface StrategyOrderPage extends Schema.Schema.Type<typeof StrategyOrderPage> {}

export const HistoryStrategyOrders = Lazy.value(() =>
  Endpoint.list("/api/v3/trade/history-strategy-orders", {
    name: "unified.strategy.historyStrategyOrders",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Named.as<HistoryStrategyOrdersRequest>()(HistoryStrategyOrdersRequest),
    data: Named.as<StrategyOrderPage>()(StrategyOrderPage),
    pagination: {
      list: "list",
      // `data.cursor`, the last row's id (reference §b.8).
      cursor: Pagination.dataField("cursor", "orderId", "cursor"),
      limit: {
        param: "limit",
        max: 100,
        source: "https://www.bitget.com/api-doc/uta/strategy/Get-History-Strategy-Orders"
      }
    }
  })
)

/**
 * `GET /api/v3/trade/history-strategy-orders`: finished strategy orders (fired, failed,
 * cancelled) of a `category`, newest first. At most 100 a page; the Streams follow `cursor`.
 * (No source gives a longest time range.) 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 100 a page (`limit`).
 */
export const historyStrategyOrders = Operation.make(HistoryStrategyOrders)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  PlaceStrategyOrder,
  ModifyStrategyOrder,
  CancelStrategyOrder,
  UnfilledStrategyOrders,
  HistoryStrategyOrders
]
