/**
 * V3 Stock+ trading (US shares in a unified account's Stock+ account): placing, amending and
 * cancelling an order, today's orders and executions, the history of both, and one order's
 * detail with its charges. Signed, 1/s per UID (ccxt's rate table; the reference's stockplus
 * rows). Fields: bitget-api's Stock+ V3 types, the only source that types them; the vocabulary
 * is the broker's behind Stock+ (`LO` limit, `MO` market, `LIT`/`MIT` touched orders, trailing
 * `TSLPAMT`/`TSLPPCT`; `Day`/`GoodTilCanceled`/`GoodTilDate`; `Buy`/`Sell`), sent as spelled.
 * Stock+ takes no client order id, so a placement whose answer is lost cannot be looked up by
 * one: nothing retries it.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Schema from "effect/Schema"
import { StockSymbol, Time } from "./StockPlusMarket.js"

/** Stock+ trading: 1/s per UID (ccxt). */
const rateLimit = RateLimit.uid(1)

export const orderTypes = ["LO", "MO", "LIT", "MIT", "TSLPAMT", "TSLPPCT"] as const
/** The order types bitget-api's `PlaceStockPlusOrderRequestV3` lists, in their spelling (any case accepted). */
export const StockOrderType = Lazy.schema(() => Spelling.literal(...orderTypes))
export const StockOrderTypeOut = Lazy.schema(() => OpenEnum(...orderTypes))
export const StockSide = Lazy.schema(() => Spelling.literal("Buy", "Sell"))
export const StockSideOut = Lazy.schema(() => OpenEnum("Buy", "Sell"))
export const StockTimeInForce = Lazy.schema(() => Spelling.literal("Day", "GoodTilCanceled", "GoodTilDate"))
/** When an order may fill: regular hours only, any session, or overnight too. */
export const OutsideRth = Lazy.schema(() => Spelling.literal("RTHOnly", "AnyTime", "Overnight"))

/** `yyyy-MM-dd`, the expiry of a `GoodTilDate` order. */
const DateText = Lazy.schema(() =>
  Schema.String.pipe(Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => "Expected yyyy-MM-dd" }))
)

/** The order-type-specific parameters placing and amending share. */
const conditionFields = Lazy.value(() => ({
  triggerPrice: Schema.optional(PositiveDecimalInput),
  /** A trailing order's distance between the trigger and its limit price. */
  limitOffset: Schema.optional(PositiveDecimalInput),
  trailingAmount: Schema.optional(PositiveDecimalInput),
  trailingPercent: Schema.optional(PositiveDecimalInput),
  limitDepthLevel: Schema.optional(Schema.Int),
  triggerCount: Schema.optional(Schema.Int),
  monitorPrice: Schema.optional(PositiveDecimalInput),
  remark: Schema.optional(Schema.String)
}))

interface Conditions {
  readonly orderType: typeof StockOrderType.Type
  readonly submittedPrice?: unknown
  readonly triggerPrice?: unknown
  readonly trailingAmount?: unknown
  readonly trailingPercent?: unknown
  readonly timeInForce: typeof StockTimeInForce.Type
  readonly expireDate?: unknown
}

/**
 * What each order type is made of (bitget-api's field list; the type names say it): a limit
 * price for `LO` and `LIT`, a trigger for the touched `LIT`/`MIT`, the trail for `TSLPAMT`
 * (amount) and `TSLPPCT` (percent), and an expiry date for `GoodTilDate`.
 */
const placeRules = (request: Conditions) => {
  const type = request.orderType
  if ((Spelling.is(type, "LO") || Spelling.is(type, "LIT")) && request.submittedPrice === undefined) {
    return `submittedPrice: required for a ${type} order`
  }
  if (Spelling.is(type, "MO") && request.submittedPrice !== undefined) {
    return "submittedPrice: a MO (market) order takes no price"
  }
  if ((Spelling.is(type, "LIT") || Spelling.is(type, "MIT")) && request.triggerPrice === undefined) {
    return `triggerPrice: required for a ${type} order`
  }
  if (Spelling.is(type, "TSLPAMT") && request.trailingAmount === undefined) {
    return "trailingAmount: required for a TSLPAMT order"
  }
  if (Spelling.is(type, "TSLPPCT") && request.trailingPercent === undefined) {
    return "trailingPercent: required for a TSLPPCT order"
  }
  if (Spelling.is(request.timeInForce, "GoodTilDate") && request.expireDate === undefined) {
    return "expireDate: required with timeInForce GoodTilDate"
  }
  return true
}

/** The request of `placeOrder`. */
export const PlaceOrderRequest = Lazy.schema(() =>
  Schema.Struct({
    symbol: StockSymbol,
    orderType: StockOrderType,
    side: StockSide,
    /** Shares. */
    submittedQuantity: PositiveDecimalInput,
    timeInForce: StockTimeInForce,
    submittedPrice: Schema.optional(PositiveDecimalInput),
    expireDate: Schema.optional(DateText),
    outsideRth: Schema.optional(OutsideRth),
    ...conditionFields
  }).pipe(Schema.filter(placeRules))
)
export interface PlaceOrderRequest extends Schema.Schema.Type<typeof PlaceOrderRequest> {}

export const OrderAnswer = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    clientOid: Absent.optional(Schema.String),
    symbol: Absent.optional(Schema.String)
  })
)
export interface OrderAnswer extends Schema.Schema.Type<typeof OrderAnswer> {}

export const PlaceOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/stockplus/trade/place-order", {
    name: "unified.stockPlusTrade.placeOrder",
    signed: true,
    rateLimit,
    errors: ["InsufficientBalance"],
    request: Named.as<PlaceOrderRequest>()(PlaceOrderRequest),
    data: Named.as<OrderAnswer>()(OrderAnswer)
  })
)
/**
 * `POST /api/v3/stockplus/trade/place-order`: places a Stock+ order: `LO` at `submittedPrice`,
 * `MO` at market, the touched and trailing types with their trigger. A buy freezes its cost in
 * the Stock+ account's cash (short cash fails with `InsufficientBalance`), a sell the shares.
 * No client order id exists here: a lost answer is not retried. Signed, 1/s per UID.
 */
export const placeOrder = Operation.make(PlaceOrder)

/** The request of `modifyOrder`: the new quantity (required) and price or trigger. */
export const ModifyOrderRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Limit.NonEmpty,
    quantity: PositiveDecimalInput,
    price: Schema.optional(PositiveDecimalInput),
    ...conditionFields
  })
)
export interface ModifyOrderRequest extends Schema.Schema.Type<typeof ModifyOrderRequest> {}

export const ModifyOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/stockplus/trade/modify-order", {
    name: "unified.stockPlusTrade.modifyOrder",
    signed: true,
    rateLimit,
    errors: ["OrderNotFound", "InsufficientBalance"],
    request: Named.as<ModifyOrderRequest>()(ModifyOrderRequest),
    data: Named.as<OrderAnswer>()(OrderAnswer)
  })
)
/** `POST /api/v3/stockplus/trade/modify-order`: amends an open order's quantity (the whole new quantity, always sent) and price or trigger. Signed, 1/s per UID. */
export const modifyOrder = Operation.make(ModifyOrder)

export const CancelOrderRequest = Lazy.schema(() =>
  Schema.Struct({
    symbol: StockSymbol,
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String)
  }).pipe(Schema.filter((request) =>
    (request.orderId !== undefined && request.orderId !== "") ||
    (request.clientOid !== undefined && request.clientOid !== "") ||
    "orderId or clientOid: one is required"
  ))
)
export interface CancelOrderRequest extends Schema.Schema.Type<typeof CancelOrderRequest> {}

export const CancelOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/stockplus/trade/cancel-order", {
    name: "unified.stockPlusTrade.cancelOrder",
    signed: true,
    rateLimit,
    errors: ["OrderNotFound"],
    request: Named.as<CancelOrderRequest>()(CancelOrderRequest),
    data: Named.as<OrderAnswer>()(OrderAnswer)
  })
)
/** `POST /api/v3/stockplus/trade/cancel-order`: cancels an open Stock+ order (by `orderId`), releasing what it froze. Signed, 1/s per UID. */
export const cancelOrder = Operation.make(CancelOrder)

export const Order = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    /** `NewStatus`, `PartialFilledStatus`, `FilledStatus`, `CanceledStatus`, … as the backend spells them. */
    status: Schema.String,
    stockName: Absent.optional(Schema.String),
    quantity: Decimal,
    executedQuantity: Decimal,
    price: Absent.optional(Decimal),
    executedPrice: Absent.optional(Decimal),
    submittedAt: Time,
    side: StockSideOut,
    symbol: Schema.String,
    orderType: StockOrderTypeOut,
    lastDone: Absent.optional(Decimal),
    triggerPrice: Absent.optional(Decimal),
    msg: Absent.optional(Schema.String),
    tag: Absent.optional(Schema.String),
    timeInForce: OpenEnum("Day", "GoodTilCanceled", "GoodTilDate"),
    expireDate: Absent.optional(Schema.String),
    updatedAt: Absent.optional(Time),
    triggerAt: Absent.optional(Time),
    trailingAmount: Absent.optional(Decimal),
    trailingPercent: Absent.optional(Decimal),
    limitOffset: Absent.optional(Decimal),
    triggerStatus: Absent.optional(Schema.String),
    currency: Schema.String,
    outsideRth: Absent.optional(OpenEnum("RTHOnly", "AnyTime", "Overnight")),
    remark: Absent.optional(Schema.String),
    limitDepthLevel: Absent.optional(Schema.Number),
    triggerCount: Absent.optional(Schema.Number),
    monitorPrice: Absent.optional(Decimal)
  })
)
export interface Order extends Schema.Schema.Type<typeof Order> {}

/** A status filter (`NewStatus`, …); bitget-api also allows a list, whose query form no source shows: one is sent. */
const StatusFilter = Lazy.schema(() => Schema.optional(Schema.String))

/** The request of `todayOrders`. */
export const TodayOrdersRequest = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.optional(StockSymbol),
    status: StatusFilter,
    side: Schema.optional(StockSide),
    /** `US`, … */
    market: Schema.optional(Schema.String),
    orderId: Schema.optional(Schema.String)
  })
)
export interface TodayOrdersRequest extends Schema.Schema.Type<typeof TodayOrdersRequest> {}

/** Today's orders. */
export const TodayOrderList = Lazy.schema(() => Schema.Struct({ orders: Schema.Array(Named.as<Order>()(Order)) }))
export interface TodayOrderList extends Schema.Schema.Type<typeof TodayOrderList> {}

export const TodayOrders = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/trade/today-orders", {
    name: "unified.stockPlusTrade.todayOrders",
    signed: true,
    rateLimit,
    request: Named.as<TodayOrdersRequest>()(TodayOrdersRequest),
    data: Named.as<TodayOrderList>()(TodayOrderList)
  })
)
/** `GET /api/v3/stockplus/trade/today-orders`: today's Stock+ orders, open or done, by symbol, status, side or id. Signed, 1/s per UID. */
export const todayOrders = Operation.make(TodayOrders)

/** A `[startAt, endAt]` range of the history reads, in the backend's time form. */
const rangeFields = Lazy.value(() => ({
  startAt: Schema.optional(Schema.String),
  endAt: Schema.optional(Schema.String)
}))

/** The request of `historyOrders`. */
export const HistoryOrdersRequest = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.optional(StockSymbol),
    status: StatusFilter,
    side: Schema.optional(StockSide),
    market: Schema.optional(Schema.String),
    ...rangeFields
  })
)
export interface HistoryOrdersRequest extends Schema.Schema.Type<typeof HistoryOrdersRequest> {}

/** Past orders, and whether more remain. */
export const OrderHistory = Lazy.schema(() =>
  Schema.Struct({ hasMore: Schema.Boolean, orders: Schema.Array(Named.as<Order>()(Order)) })
)
export interface OrderHistory extends Schema.Schema.Type<typeof OrderHistory> {}

export const HistoryOrders = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/trade/history-orders", {
    name: "unified.stockPlusTrade.historyOrders",
    signed: true,
    rateLimit,
    request: Named.as<HistoryOrdersRequest>()(HistoryOrdersRequest),
    data: Named.as<OrderHistory>()(OrderHistory)
  })
)
/**
 * `GET /api/v3/stockplus/trade/history-orders`: Stock+ orders before today, in a
 * `[startAt, endAt]` range; `hasMore` says the range held more than one answer: narrow it (the
 * sources give no cursor, so no Stream is derived). Signed, 1/s per UID.
 */
export const historyOrders = Operation.make(HistoryOrders)

export const HistoryEntry = Lazy.schema(() =>
  Schema.Struct({
    price: Decimal,
    quantity: Decimal,
    status: Schema.String,
    msg: Absent.optional(Schema.String),
    time: Time
  })
)
export interface HistoryEntry extends Schema.Schema.Type<typeof HistoryEntry> {}

export const Fee = Lazy.schema(() =>
  Schema.Struct({ code: Schema.String, name: Schema.String, amount: Decimal, currency: Schema.String })
)
export interface Fee extends Schema.Schema.Type<typeof Fee> {}

export const OrderDetail = Lazy.schema(() =>
  Schema.extend(
    Order,
    Schema.Struct({
      freeStatus: Absent.optional(Schema.String),
      freeAmount: Absent.optional(Decimal),
      freeCurrency: Absent.optional(Schema.String),
      deductionsStatus: Absent.optional(Schema.String),
      deductionsAmount: Absent.optional(Decimal),
      deductionsCurrency: Absent.optional(Schema.String),
      platformDeductedStatus: Absent.optional(Schema.String),
      platformDeductedAmount: Absent.optional(Decimal),
      platformDeductedCurrency: Absent.optional(Schema.String),
      /** The order's changes, oldest first. */
      history: Schema.optional(Schema.Array(HistoryEntry)),
      chargeDetail: Schema.optional(Schema.Struct({
        totalAmount: Decimal,
        currency: Schema.String,
        items: Schema.Array(Schema.Struct({ code: Schema.String, name: Schema.String, fees: Schema.Array(Fee) }))
      }))
    })
  )
)
export interface OrderDetail extends Schema.Schema.Type<typeof OrderDetail> {}

export const OrderInfo = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/trade/order-detail", {
    name: "unified.stockPlusTrade.orderDetail",
    signed: true,
    rateLimit,
    errors: ["OrderNotFound"],
    request: Schema.Struct({ orderId: Limit.NonEmpty }),
    data: Named.as<OrderDetail>()(OrderDetail)
  })
)
/** `GET /api/v3/stockplus/trade/order-detail`: one Stock+ order with its history of changes and its charges. Signed, 1/s per UID. */
export const orderDetail = Operation.make(OrderInfo)

export const Execution = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    tradeId: Schema.String,
    symbol: Schema.String,
    tradeDoneAt: Time,
    quantity: Decimal,
    price: Decimal
  })
)
export interface Execution extends Schema.Schema.Type<typeof Execution> {}

/** The request of `todayExecutions`. */
export const TodayExecutionsRequest = Lazy.schema(() =>
  Schema.Struct({ symbol: Schema.optional(StockSymbol), orderId: Schema.optional(Schema.String) })
)
export interface TodayExecutionsRequest extends Schema.Schema.Type<typeof TodayExecutionsRequest> {}

/** Today's executions. */
export const TodayExecutionList = Lazy.schema(() =>
  Schema.Struct({ trades: Schema.Array(Named.as<Execution>()(Execution)) })
)
export interface TodayExecutionList extends Schema.Schema.Type<typeof TodayExecutionList> {}

export const TodayExecutions = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/trade/today-executions", {
    name: "unified.stockPlusTrade.todayExecutions",
    signed: true,
    rateLimit,
    request: Named.as<TodayExecutionsRequest>()(TodayExecutionsRequest),
    data: Named.as<TodayExecutionList>()(TodayExecutionList)
  })
)
/** `GET /api/v3/stockplus/trade/today-executions`: today's Stock+ executions, by symbol or order. Signed, 1/s per UID. */
export const todayExecutions = Operation.make(TodayExecutions)

/** The request of `historyExecutions`. */
export const HistoryExecutionsRequest = Lazy.schema(() =>
  Schema.Struct({ symbol: Schema.optional(StockSymbol), ...rangeFields })
)
export interface HistoryExecutionsRequest extends Schema.Schema.Type<typeof HistoryExecutionsRequest> {}

/** Past executions, and whether more remain. */
export const ExecutionHistory = Lazy.schema(() =>
  Schema.Struct({ hasMore: Schema.Boolean, trades: Schema.Array(Named.as<Execution>()(Execution)) })
)
export interface ExecutionHistory extends Schema.Schema.Type<typeof ExecutionHistory> {}

export const HistoryExecutions = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/trade/history-executions", {
    name: "unified.stockPlusTrade.historyExecutions",
    signed: true,
    rateLimit,
    request: Named.as<HistoryExecutionsRequest>()(HistoryExecutionsRequest),
    data: Named.as<ExecutionHistory>()(ExecutionHistory)
  })
)
/** `GET /api/v3/stockplus/trade/history-executions`: Stock+ executions before today in a `[startAt, endAt]` range; `hasMore` as for orders. Signed, 1/s per UID. */
export const historyExecutions = Operation.make(HistoryExecutions)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  PlaceOrder,
  ModifyOrder,
  CancelOrder,
  TodayOrders,
  HistoryOrders,
  OrderInfo,
  TodayExecutions,
  HistoryExecutions
]
