/**
 * V3 Reality stocks (tokenised shares, `rXXXUSDT` pairs): the stock behind each pair, the US
 * market's sessions and closures (public, 1/s per IP, go-bitget `uta/market_stock.go`, ccxt names
 * the paths), and a pair's order book and recent fills for the whitelisted accounts that trade
 * them (signed, 10/s per UID, bitget-api `GetReality…RequestV3`, go-bitget, ccxt), and placing
 * and cancelling orders on them (bitget-api `PlaceRealityOrderRequestV3`, go-bitget, ccxt). The
 * company behind each pair is `RealityCompany`.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YesNo } from "@effect-bitget/core/Flag"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { ClientOid, hasId, OrderBook as Book, OrderResult, OrderType, Side, SideOut } from "./Schemas.js"

export const Session = Lazy.schema(() => OpenEnum("overnight", "pre_market", "regular", "after_hours"))

export const StockInfo = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    /** The underlying stock's ticker (`AAPL`). */
    code: Schema.String,
    /** The company; Bitget sends null for some listings (go-bitget). */
    name: Absent.optional(Schema.String),
    tradingPeriod: Schema.Array(Session),
    weekendTradable: YesNo
  })
)
export interface StockInfo extends Schema.Schema.Type<typeof StockInfo> {}

export const StockInfos = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/stock-info", {
    name: "unified.reality.stockInfo",
    signed: false,
    rateLimit: RateLimit.ip(1),
    request: Schema.Struct({ symbol: Schema.optional(Limit.NonEmpty) }),
    data: Schema.Array(Named.as<StockInfo>()(StockInfo))
  })
)
/** `GET /api/v3/reality/market/stock-info`: the stock behind each Reality pair (or the one named), its sessions and whether it trades at weekends. 1/s per IP. */
export const stockInfo = Operation.make(StockInfos)

export const SessionWindow = Lazy.schema(() =>
  Schema.Struct({
    state: Session,
    /** `EST` or `EDT`. */
    timeZone: Schema.String,
    /** `HH:mm`, the market's local time. */
    startTime: Schema.String,
    endTime: Schema.String
  })
)
export interface SessionWindow extends Schema.Schema.Type<typeof SessionWindow> {}

/** One object, although Bitget's page types a list (go-bitget, from the live API). */
export const MarketState = Lazy.schema(() =>
  Schema.Struct({
    market: Schema.String,
    daylightType: OpenEnum("standard", "dst"),
    stateList: Schema.Array(SessionWindow)
  })
)
export interface MarketState extends Schema.Schema.Type<typeof MarketState> {}

export const States = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/states", {
    name: "unified.reality.states",
    signed: false,
    rateLimit: RateLimit.ip(1),
    request: Endpoint.NoParams,
    data: Named.as<MarketState>()(MarketState)
  })
)
/** `GET /api/v3/reality/market/states`: the stock market's trading sessions today (standard or daylight-saving time). 1/s per IP. */
export const states = Operation.make(States)

export const Closure = Lazy.schema(() =>
  Schema.Struct({
    remark: Absent.optional(Schema.String),
    /** `yyyy-MM-dd HH:mm`, the market's local time. */
    startTime: Schema.String,
    endTime: Schema.String
  })
)
export interface Closure extends Schema.Schema.Type<typeof Closure> {}

export const MarketCalendar = Lazy.schema(() =>
  Schema.Struct({
    timeZone: Schema.String,
    /** One-off closures (holidays). */
    specificConfig: Schema.Array(Closure),
    /** Weekdays always closed (`SATURDAY`). */
    regularConfig: Schema.Array(Schema.String)
  })
)
export interface MarketCalendar extends Schema.Schema.Type<typeof MarketCalendar> {}

export const Calendar = Lazy.value(() =>
  Endpoint.get("/api/v3/reality/market/calendar", {
    name: "unified.reality.calendar",
    signed: false,
    rateLimit: RateLimit.ip(1),
    request: Endpoint.NoParams,
    data: Named.as<MarketCalendar>()(MarketCalendar)
  })
)
/** `GET /api/v3/reality/market/calendar`: the stock market's closures: weekdays always closed and holidays. 1/s per IP. */
export const calendar = Operation.make(Calendar)

export const RealityBook = Lazy.schema(() => Schema.extend(Book, Schema.Struct({ symbol: Schema.String })))
export interface RealityBook extends Schema.Schema.Type<typeof RealityBook> {}

export const OrderBook = Lazy.value(() =>
  Endpoint.get("/api/v3/account/reality-orderbook", {
    name: "unified.reality.orderBook",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({ symbol: Limit.NonEmpty }),
    data: Named.as<RealityBook>()(RealityBook)
  })
)
/** `GET /api/v3/account/reality-orderbook`: a Reality pair's order book (signed; whitelisted accounts). 10/s per UID. */
export const orderBook = Operation.make(OrderBook)

export const Fill = Lazy.schema(() =>
  Schema.Struct({
    execId: Schema.String,
    price: Decimal,
    size: Decimal,
    side: SideOut,
    ts: Timestamp
  })
)
export interface Fill extends Schema.Schema.Type<typeof Fill> {}

/** The request of `fills`. */
export const FillsRequest = Lazy.schema(() =>
  Schema.Struct({ symbol: Limit.NonEmpty, limit: Schema.optional(Limit.PageSize) })
)
export interface FillsRequest extends Schema.Schema.Type<typeof FillsRequest> {}

export const Fills = Lazy.value(() =>
  Endpoint.get("/api/v3/account/reality-fills", {
    name: "unified.reality.fills",
    signed: true,
    rateLimit: RateLimit.uid(10),
    // The sources give `limit`, not its bound: a positive whole number is all that is checked.
    request: Named.as<FillsRequest>()(FillsRequest),
    data: Schema.Array(Named.as<Fill>()(Fill))
  })
)
/** `GET /api/v3/account/reality-fills`: a Reality pair's recent public fills, newest first (signed). 10/s per UID. */
export const fills = Operation.make(Fills)

/** The request of `placeOrder` (bitget-api `PlaceRealityOrderRequestV3`: the spot order's fields, no `category`). */
export const PlaceOrderRequest = Lazy.schema(() =>
  Schema.Struct({
    symbol: Limit.NonEmpty,
    side: Side,
    orderType: OrderType,
    /** Shares of the pair's token (a market buy's too: go-bitget and bitget-api name no quote amount). */
    qty: PositiveDecimalInput,
    price: Schema.optional(PositiveDecimalInput),
    clientOid: Schema.optional(ClientOid)
  }).pipe(Schema.filter((request) =>
    Spelling.is(request.orderType, "limit") && request.price === undefined
      ? "price: required for a limit order"
      : Spelling.is(request.orderType, "market") && request.price !== undefined
      ? "price: a market order takes no price"
      : true
  ))
)
export interface PlaceOrderRequest extends Schema.Schema.Type<typeof PlaceOrderRequest> {}

export const PlaceOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/place-reality-order", {
    name: "unified.reality.placeOrder",
    signed: true,
    rateLimit: RateLimit.uid(10),
    // 25202 short balance, 25212 a reused clientOid (the V3 codes, reference §b.4).
    errors: ["InsufficientBalance", "DuplicateClientOid"],
    request: Named.as<PlaceOrderRequest>()(PlaceOrderRequest),
    data: Named.as<OrderResult>()(OrderResult)
  })
)
/**
 * `POST /api/v3/trade/place-reality-order`: a limit or market order on a Reality pair
 * (whitelisted accounts). It trades in the unified balance: a buy spends the quote coin and
 * receives the pair's token. A reused `clientOid` fails with `DuplicateClientOid`, short funds
 * with `InsufficientBalance`. No look-up of a Reality order by `clientOid` is documented, so a
 * lost answer is not retried. 10/s per UID.
 */
export const placeOrder = Operation.make(PlaceOrder)

export const CancelOrderRequest = Lazy.schema(() =>
  Schema.Struct({
    symbol: Limit.NonEmpty,
    orderId: Schema.optional(Schema.String),
    clientOid: Schema.optional(Schema.String)
  }).pipe(Schema.filter(hasId))
)
export interface CancelOrderRequest extends Schema.Schema.Type<typeof CancelOrderRequest> {}

export const CancelOrder = Lazy.value(() =>
  Endpoint.post("/api/v3/trade/cancel-reality-order", {
    name: "unified.reality.cancelOrder",
    signed: true,
    rateLimit: RateLimit.uid(10),
    errors: ["OrderNotFound"],
    request: Named.as<CancelOrderRequest>()(CancelOrderRequest),
    data: Named.as<OrderResult>()(OrderResult)
  })
)
/** `POST /api/v3/trade/cancel-reality-order`: cancels an open (or partly filled) Reality order by `orderId` or `clientOid`, releasing what it froze. 10/s per UID. */
export const cancelOrder = Operation.make(CancelOrder)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  StockInfos,
  States,
  Calendar,
  OrderBook,
  Fills,
  PlaceOrder,
  CancelOrder
]
