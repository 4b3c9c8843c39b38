/**
 * V3 trading for every product of a unified account: placing, amending and cancelling orders
 * (one, a batch of up to 20, every order of a category or symbol), closing positions at market,
 * the cancel-all dead-man switch, one order, open orders, order history and the account's fills.
 * `category` picks the product; each endpoint takes its own subset, checked locally.
 * Source of every field and rule: shared/reference/v3-unified-api.md §d.1 (Trade).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YesNo } from "@effect-bitget/core/Flag"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as Placement from "@effect-bitget/core/Placement"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Schema from "effect/Schema"
import { batchAnswer, Fill, Order, orderFields, orderRules, presetFields } from "./internal/orders.js"
import {
  BatchItem,
  batchOf,
  Category,
  ClientOid,
  FuturesCategory,
  hasId,
  OrderResult,
  OrderType,
  PlacedOrder,
  PosSide,
  Side
} from "./Schemas.js"

export { Fill, Order }

/** The request of `placeOrder`. */
export const PlaceOrderRequest = Lazy.schema(() =>
  Schema.Struct({
    category: Category,
    ...orderFields,
    ...presetFields
  }).pipe(Schema.filter(orderRules))
)
export interface PlaceOrderRequest extends Schema.Schema.Type<typeof PlaceOrderRequest> {}

export const PlaceOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/place-order", {
    name: "unified.trade.placeOrder",
    signed: true,
    rateLimit: RateLimit.uid(10),
    // 25202/25203 short balance or margin, 25212 a reused clientOid (reference §b.4).
    errors: ["InsufficientBalance", "DuplicateClientOid"],
    request: Named.as<PlaceOrderRequest>()(PlaceOrderRequest),
    data: Named.as<PlacedOrder>()(PlacedOrder),
    // A lost answer is settled by looking the order up by clientOid (order-info takes it alone).
    placement: Placement.one({ lookup: () => OrderInfo })
  })
)

/**
 * `POST /api/v3/trade/place-order`: places a limit or market order of any product. A limit order
 * needs a `price`; `qty` is the base coin (a spot market buy's, the quote coin to spend). Futures
 * in hedge mode need `posSide` (`buy`+`long` opens a long, `sell`+`long` closes it); in one-way
 * mode `reduceOnly: true` closes. Every order gets a `clientOid` (a generated one when none is
 * given, returned in the answer): an answer lost on the way is settled by it, never a second
 * order. A reused `clientOid` fails with `DuplicateClientOid`, short margin with
 * `InsufficientBalance`. 10/s per UID.
 */
export const placeOrder = Operation.make(PlaceOrder)

/**
 * One order of a batch. Bitget's Place-Batch page says reduce-only and TP/SL are not supported in
 * a batch yet; the catalog lists `stpMode` but not `reduceOnly`, bitget-api the reverse: both are
 * declared optional (reference §e.22).
 */
export const BatchOrder = Lazy.schema(() =>
  Schema.Struct({ category: Category, ...orderFields }).pipe(Schema.filter(orderRules))
)
export interface BatchOrder extends Schema.Schema.Type<typeof BatchOrder> {}

/** All items of a batch share one `category` (Bitget's catalog, place-batch). */
const oneCategory = (items: ReadonlyArray<{ readonly category: string }>) => {
  const first = items[0]!.category.toUpperCase()
  const at = items.findIndex((item) => item.category.toUpperCase() !== first)
  return at === -1 || `[${at}].category: a batch takes one category, ${items[0]!.category}, got ${items[at]!.category}`
}

export const PlaceBatch = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/place-batch", {
    name: "unified.trade.placeBatch",
    signed: true,
    rateLimit: RateLimit.uid(5),
    errors: ["InsufficientBalance"],
    request: batchOf(Named.as<BatchOrder>()(BatchOrder)).pipe(Schema.filter(oneCategory)),
    data: Schema.Array(Named.as<BatchItem>()(BatchItem)),
    placement: Placement.batchArray({ lookup: () => OrderInfo, answer: batchAnswer })
  })
)

/**
 * `POST /api/v3/trade/place-batch`: places 1 to 20 orders of one `category` (the body is the JSON
 * array itself; both limits checked locally). Each order succeeds or fails on its own: the answer
 * has one item per order, in order, `Succeeded` with its `orderId` or `Failed` with Bitget's
 * `code` and `msg` (`Schemas.partition` splits them); a partly refused batch is a success value.
 * Every order gets a `clientOid`; a lost answer is settled order by order through it. 5/s per UID.
 */
export const placeBatch = Operation.make(PlaceBatch)

const amendRule = (request: { readonly qty?: unknown; readonly price?: unknown }) =>
  request.qty !== undefined || request.price !== undefined || "qty or price: at least one is required"

const amendFields = Lazy.value(() => ({
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  qty: Schema.optional(PositiveDecimalInput),
  price: Schema.optional(PositiveDecimalInput),
  /** `true`: cancel the order when the amendment fails; by default (`false`) it stays as it was. */
  autoCancel: Schema.optional(YesNo),
  symbol: Schema.optional(Schema.String),
  category: Schema.optional(Category),
  /** Echoed on the WebSocket order channel; at most 32 characters (go-bitget). */
  requestId: Schema.optional(
    Schema.String.pipe(Schema.maxLength(32, { message: () => "requestId: at most 32 characters" }))
  )
}))

/** The request of `modifyOrder`. */
export const ModifyOrderRequest = Lazy.schema(() =>
  Schema.Struct({ ...amendFields, ...presetFields }).pipe(Schema.filter(hasId), Schema.filter(amendRule))
)
export interface ModifyOrderRequest extends Schema.Schema.Type<typeof ModifyOrderRequest> {}

export const ModifyOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/modify-order", {
    name: "unified.trade.modifyOrder",
    signed: true,
    rateLimit: RateLimit.uid(10),
    errors: ["OrderNotFound", "InsufficientBalance"],
    request: Named.as<ModifyOrderRequest>()(ModifyOrderRequest),
    data: Named.as<OrderResult>()(OrderResult)
  })
)

/**
 * `POST /api/v3/trade/modify-order`: amends an open order's `qty` and/or `price` (one required)
 * and its preset TP/SL, named by `orderId` or `clientOid` (one required). With `autoCancel: true`
 * a failed amendment cancels the order. An unknown or closed order fails with `OrderNotFound`.
 * Not retried when its answer is lost. 10/s per UID.
 */
export const modifyOrder = Operation.make(ModifyOrder)

export const BatchModifyItem = Lazy.schema(() =>
  Schema.Struct(amendFields).pipe(Schema.filter(hasId), Schema.filter(amendRule))
)
export interface BatchModifyItem extends Schema.Schema.Type<typeof BatchModifyItem> {}

export const BatchModifyOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/batch-modify-order", {
    name: "unified.trade.batchModifyOrder",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: batchOf(Named.as<BatchModifyItem>()(BatchModifyItem)),
    data: Schema.Array(Named.as<BatchItem>()(BatchItem))
  })
)

/**
 * `POST /api/v3/trade/batch-modify-order`: amends 1 to 20 orders (a JSON array body, checked
 * locally), each by `orderId` or `clientOid` with a new `qty` and/or `price`. One answer item per
 * order: `Succeeded` or `Failed` with its code. 10/s per UID.
 */
export const batchModifyOrder = Operation.make(BatchModifyOrder)

/** The request of `cancelOrder`. */
export const CancelOrderRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String),
    category: Schema.optional(Category)
  }).pipe(Schema.filter(hasId))
)
export interface CancelOrderRequest extends Schema.Schema.Type<typeof CancelOrderRequest> {}

export const CancelOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/cancel-order", {
    name: "unified.trade.cancelOrder",
    signed: true,
    rateLimit: RateLimit.uid(10),
    // 25204 (reference §b.4)
    errors: ["OrderNotFound"],
    request: Named.as<CancelOrderRequest>()(CancelOrderRequest),
    data: Named.as<OrderResult>()(OrderResult)
  })
)

/**
 * `POST /api/v3/trade/cancel-order`: cancels one open order by `orderId` or `clientOid` (one
 * required). An unknown or closed order fails with `OrderNotFound`. 10/s per UID.
 */
export const cancelOrder = Operation.make(CancelOrder)

export const CancelBatchItem = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String),
    category: Category,
    symbol: Schema.String
  }).pipe(Schema.filter(hasId))
)
export interface CancelBatchItem extends Schema.Schema.Type<typeof CancelBatchItem> {}

export const CancelBatch = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/cancel-batch", {
    name: "unified.trade.cancelBatch",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: batchOf(Named.as<CancelBatchItem>()(CancelBatchItem)),
    data: Schema.Array(Named.as<BatchItem>()(BatchItem))
  })
)

/**
 * `POST /api/v3/trade/cancel-batch`: cancels 1 to 20 orders (a JSON array body, checked locally),
 * each with its `category`, `symbol` and `orderId` or `clientOid`. One answer item per order:
 * `Succeeded`, or `Failed` with its code (25204: no such open order). 5/s per UID.
 */
export const cancelBatch = Operation.make(CancelBatch)

/** The answer of cancel-all and close-positions: one item per order concerned. */
export const ItemList = Lazy.schema(() => Schema.Struct({ list: Schema.Array(BatchItem) }))
export interface ItemList extends Schema.Schema.Type<typeof ItemList> {}

/** The request of `cancelSymbolOrder`. */
export const CancelSymbolOrderRequest = Lazy.schema(() =>
  Schema.Struct({ category: Category, symbol: Schema.optional(Schema.String) })
)
export interface CancelSymbolOrderRequest extends Schema.Schema.Type<typeof CancelSymbolOrderRequest> {}

export const CancelSymbolOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/cancel-symbol-order", {
    name: "unified.trade.cancelSymbolOrder",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: Named.as<CancelSymbolOrderRequest>()(CancelSymbolOrderRequest),
    data: Named.as<ItemList>()(ItemList)
  })
)

/**
 * `POST /api/v3/trade/cancel-symbol-order`: cancels every open order of a `category`, or of one
 * `symbol` in it. The answer lists each order, `Failed` items with their code (e.g. 24056).
 * 5/s per UID.
 */
export const cancelSymbolOrder = Operation.make(CancelSymbolOrder)

/** The request of `closePositions`. */
export const ClosePositionsRequest = Lazy.schema(() =>
  Schema.Struct({
    category: FuturesCategory,
    symbol: Schema.optional(Schema.String),
    posSide: Schema.optional(PosSide)
  })
)
export interface ClosePositionsRequest extends Schema.Schema.Type<typeof ClosePositionsRequest> {}

export const ClosePositions = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/close-positions", {
    name: "unified.trade.closePositions",
    signed: true,
    rateLimit: RateLimit.uid(5),
    // 25227: no position to close (reference §b.4).
    errors: ["InsufficientBalance"],
    request: Named.as<ClosePositionsRequest>()(ClosePositionsRequest),
    data: Named.as<ItemList>()(ItemList)
  })
)

/**
 * `POST /api/v3/trade/close-positions`: closes futures positions at market: every one of the
 * `category`, one `symbol`'s, or one side's (`posSide`). The answer lists the closing orders. A
 * write without a `clientOid`, never sent twice. 5/s per UID.
 */
export const closePositions = Operation.make(ClosePositions)

/** The request of `countdownCancelAll`. */
export const CountdownCancelAllRequest = Lazy.schema(() =>
  Schema.Struct({
    /** Seconds, 5 to 60; `0` turns the switch off (Bitget's Countdown-Cancel-All page). */
    countdown: Schema.NumberFromString.pipe(
      Schema.int(),
      Schema.filter((n) => n === 0 || (n >= 5 && n <= 60) || `countdown: 0 (off) or 5 to 60 seconds, got ${n}`)
    )
  })
)
export interface CountdownCancelAllRequest extends Schema.Schema.Type<typeof CountdownCancelAllRequest> {}

export const CountdownCancelAll = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/countdown-cancel-all", {
    name: "unified.trade.countdownCancelAll",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<CountdownCancelAllRequest>()(CountdownCancelAllRequest),
    data: Schema.String
  })
)

/**
 * `POST /api/v3/trade/countdown-cancel-all`: a dead-man switch: unless called again within
 * `countdown` seconds (5 to 60, checked locally), every open order is cancelled; `0` turns it
 * off. 1/s per UID.
 */
export const countdownCancelAll = Operation.make(CountdownCancelAll)

/** The request of `orderInfo`. */
export const OrderInfoRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String)
  }).pipe(Schema.filter(hasId))
)
export interface OrderInfoRequest extends Schema.Schema.Type<typeof OrderInfoRequest> {}

export const OrderInfo = Lazy.value(() =>
  Endpoint.get("/api/v3/trade/order-info", {
    name: "unified.trade.orderInfo",
    signed: true,
    rateLimit: RateLimit.uid(20),
    // 25204 (reference §b.4)
    errors: ["OrderNotFound"],
    request: Named.as<OrderInfoRequest>()(OrderInfoRequest),
    data: Named.as<Order>()(Order)
  })
)

/**
 * `GET /api/v3/trade/order-info`: one order, open or not, by `orderId` or `clientOid` (one
 * required). An unknown one fails with `OrderNotFound`. 20/s per UID.
 */
export const orderInfo = Operation.make(OrderInfo)

/** A page of orders or fills: `cursor` asks for the next one. */
const page = <S extends Schema.Schema.Any>(row: S) =>
  Schema.Struct({ list: Schema.Array(row), cursor: Absent.optional(Schema.String) })

/** A page of orders (`unfilledOrders`, `historyOrders`). */
export const OrderPage = Lazy.schema(() => page(Named.as<Order>()(Order)))
export interface OrderPage extends Schema.Schema.Type<typeof OrderPage> {}

/** A page of fills. */
export const FillPage = Lazy.schema(() => page(Named.as<Fill>()(Fill)))
export interface FillPage extends Schema.Schema.Type<typeof FillPage> {}

const query = Lazy.value(() => ({
  symbol: Schema.optional(Schema.String),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize),
  /** The `cursor` of the previous page's answer (opaque; the Streams feed it). */
  cursor: Schema.optional(Schema.String)
}))

/**
 * V3's cursor (reference §b.8): `data.cursor` of a page, fed back as `cursor`; captured answers
 * (Bitget.Net's fixtures) show it is the last row's id, and rows below it follow.
 */
const cursorOf = (id: string) => Pagination.dataField("cursor", id, "cursor")

/** The request of `unfilledOrders`. */
export const UnfilledOrdersRequest = Lazy.schema(() => Schema.Struct({ category: Schema.optional(Category), ...query }))
export interface UnfilledOrdersRequest extends Schema.Schema.Type<typeof UnfilledOrdersRequest> {}

export const UnfilledOrders = Lazy.value(() =>
  Endpoint.list("/api/v3/trade/unfilled-orders", {
    name: "unified.trade.unfilledOrders",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Named.as<UnfilledOrdersRequest>()(UnfilledOrdersRequest),
    data: Named.as<OrderPage>()(OrderPage),
    pagination: {
      list: "list",
      cursor: cursorOf("orderId"),
      limit: { param: "limit", max: 100, source: "https://www.bitget.com/api-doc/uta/trade/Get-Order-Pending" }
    }
  })
)

/**
 * `GET /api/v3/trade/unfilled-orders`: open orders, newest first, of every product or one
 * `category`/`symbol`. At most 100 a page; `cursor` from the previous answer (the Streams follow
 * it). 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 100 a page (`limit`).
 */
export const unfilledOrders = Operation.make(UnfilledOrders)

/** The request of `historyOrders`. */
export const HistoryOrdersRequest = Lazy.schema(() => Schema.Struct({ category: Category, ...query }))
export interface HistoryOrdersRequest extends Schema.Schema.Type<typeof HistoryOrdersRequest> {}

export const HistoryOrders = Lazy.value(() =>
  Endpoint.list("/api/v3/trade/history-orders", {
    name: "unified.trade.historyOrders",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Named.as<HistoryOrdersRequest>()(HistoryOrdersRequest),
    data: Named.as<OrderPage>()(OrderPage),
    pagination: {
      list: "list",
      cursor: cursorOf("orderId"),
      limit: {
        param: "limit",
        max: 100,
        default: 100,
        source: "https://www.bitget.com/api-doc/uta/trade/Get-Order-History"
      },
      // 90 days back, at most 30 days a request (Bitget's catalog; reference §d.1).
      window: Pagination.window("30 days", "createdTime"),
      // "Query historical orders within the last 90 days" (the page above).
      history: Pagination.history("90 days", "https://www.bitget.com/api-doc/uta/trade/Get-Order-History")
    }
  })
)

/**
 * `GET /api/v3/trade/history-orders`: filled and cancelled orders of a `category` (required) of
 * the last 90 days, newest first. At most 100 a page, `startTime`–`endTime` at most 30 days
 * (checked locally); the Streams follow `cursor` and walk a longer range window by window, no row
 * twice. 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window; the exchange
 * keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const historyOrders = Operation.make(HistoryOrders)

/** The request of `fills`. No `symbol` filter: the catalog and bitget-api have none (reference §d.1). */
export const FillsRequest = Lazy.schema(() =>
  Schema.Struct({
    category: Schema.optional(Category),
    orderId: Schema.optional(Schema.String),
    startTime: query.startTime,
    endTime: query.endTime,
    limit: query.limit,
    cursor: query.cursor
  })
)
export interface FillsRequest extends Schema.Schema.Type<typeof FillsRequest> {}

export const Fills = Lazy.value(() =>
  Endpoint.list("/api/v3/trade/fills", {
    name: "unified.trade.fills",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Named.as<FillsRequest>()(FillsRequest),
    data: Named.as<FillPage>()(FillPage),
    pagination: {
      list: "list",
      cursor: cursorOf("execId"),
      limit: {
        param: "limit",
        max: 100,
        default: 100,
        source: "https://www.bitget.com/api-doc/uta/trade/Get-Order-Fills"
      },
      window: Pagination.window("30 days", "createdTime"),
      // "Query historical fills within the last 90 days" (the page above).
      history: Pagination.history("90 days", "https://www.bitget.com/api-doc/uta/trade/Get-Order-Fills")
    }
  })
)

/**
 * `GET /api/v3/trade/fills`: the account's fills of the last 90 days, newest first, of every
 * product, one `category` or one `orderId`. At most 100 a page, `startTime`–`endTime` at most 30
 * days (checked locally); the Streams follow `cursor` window by window. 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 100 a page (`limit`, 100 when omitted); one
 * request spans at most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window; the exchange
 * keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const fills = Operation.make(Fills)

/** What can be opened: sizes and costs. */
export const MaxOpen = Lazy.schema(() =>
  Schema.Struct({
    available: Absent.optional(Decimal),
    maxOpen: Absent.optional(Decimal),
    buyOpenCost: Absent.optional(Decimal),
    sellOpenCost: Absent.optional(Decimal),
    maxBuyOpen: Absent.optional(Decimal),
    maxSellOpen: Absent.optional(Decimal),
    maxBuyAvailable: Absent.optional(Decimal),
    maxSellAvailable: Absent.optional(Decimal)
  })
)
export interface MaxOpen extends Schema.Schema.Type<typeof MaxOpen> {}

// POST, as the catalog, bitget-api, ccxt and go-bitget send it; Bitget.Net's GET is the odd one
// out (reference §e.3). A POST that only reads.
/** The request of `maxOpenAvailable`. */
export const MaxOpenAvailableRequest = Lazy.schema(() =>
  Schema.Struct({
    category: Category,
    symbol: Schema.String,
    orderType: OrderType,
    side: Side,
    /** Required for a limit order. */
    price: Schema.optional(PositiveDecimalInput),
    /** In the base coin. */
    size: Schema.optional(PositiveDecimalInput)
  }).pipe(
    Schema.filter((r) =>
      !Spelling.is(r.orderType, "limit") || r.price !== undefined || "price: required for a limit order"
    )
  )
)
export interface MaxOpenAvailableRequest extends Schema.Schema.Type<typeof MaxOpenAvailableRequest> {}

export const MaxOpenAvailable = Lazy.value(() =>
  Endpoint.post("/api/v3/account/max-open-available", {
    name: "unified.trade.maxOpenAvailable",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: Named.as<MaxOpenAvailableRequest>()(MaxOpenAvailableRequest),
    data: Named.as<MaxOpen>()(MaxOpen)
  })
)

/**
 * `POST /api/v3/account/max-open-available`: how much an order of `side` and `orderType` could
 * open on `symbol` with the account's margin, and what it would cost. 5/s per UID.
 */
export const maxOpenAvailable = Operation.make(MaxOpenAvailable)

/** A `clientOid` as V3 takes it (re-exported for callers building their own). */
export { ClientOid }

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  PlaceOrder,
  PlaceBatch,
  ModifyOrder,
  BatchModifyOrder,
  CancelOrder,
  CancelBatch,
  CancelSymbolOrder,
  ClosePositions,
  CountdownCancelAll,
  OrderInfo,
  UnfilledOrders,
  HistoryOrders,
  Fills,
  MaxOpenAvailable
]
