/**
 * V3 market data (public, keyed by IP): tickers, the order book (and its RPI variant), recent
 * public trades, index components and proof of reserves, for every product through `category`.
 * Spot and futures are the same markets V2 serves: a trade on V2's tape is on V3's.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YesNo } from "@effect-bitget/core/Flag"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import type * as BigDecimal from "effect/BigDecimal"
import * as Schema from "effect/Schema"
import { Category, CategoryOut, MarketCategory, OrderBook, SideOut } from "./Schemas.js"

export { OrderBook }

/** A 24-hour ticker; futures add index, mark, funding and open interest. */
export const Ticker = Lazy.schema(() =>
  Schema.Struct({
    category: CategoryOut,
    symbol: Schema.String,
    lastPrice: Decimal,
    openPrice24h: Decimal,
    highPrice24h: Decimal,
    lowPrice24h: Decimal,
    /** `""` when that side of the book is empty. */
    ask1Price: Absent.optional(Decimal),
    bid1Price: Absent.optional(Decimal),
    bid1Size: Absent.optional(Decimal),
    ask1Size: Absent.optional(Decimal),
    /** Change over 24 hours as a fraction (0.01 is 1%). */
    price24hPcnt: Decimal,
    /** Volume in the base coin. */
    volume24h: Decimal,
    /** Volume in the quote coin. */
    turnover24h: Decimal,
    platformTurnover24h: Absent.optional(Decimal),
    indexPrice: Absent.optional(Decimal),
    markPrice: Absent.optional(Decimal),
    fundingRate: Absent.optional(Decimal),
    openInterest: Absent.optional(Decimal),
    deliveryStartTime: Absent.optional(Timestamp),
    deliveryTime: Absent.optional(Timestamp),
    deliveryStatus: Absent.optional(Schema.String),
    ts: Absent.optional(Timestamp)
  })
)
export interface Ticker extends Schema.Schema.Type<typeof Ticker> {}

/** The request of `tickers`. */
export const TickersRequest = Lazy.schema(() =>
  Schema.Struct({ category: MarketCategory, symbol: Schema.optional(Schema.String) })
)
export interface TickersRequest extends Schema.Schema.Type<typeof TickersRequest> {}

export const Tickers = Lazy.value(() =>
  Endpoint.get("/api/v3/market/tickers", {
    name: "unified.market.tickers",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<TickersRequest>()(TickersRequest),
    data: Schema.Array(Named.as<Ticker>()(Ticker))
  })
)

/**
 * `GET /api/v3/market/tickers`: 24-hour tickers of a product (`SPOT` or a futures category; not
 * `MARGIN`), or of one symbol (https://www.bitget.com/api-doc/uta/public/Tickers). 20/s per IP.
 */
export const tickers = Operation.make(Tickers)

/** The request of `orderBook`. */
export const OrderBookRequest = Lazy.schema(() =>
  Schema.Struct({
    category: MarketCategory,
    symbol: Schema.String,
    // 1 to 200, default 5 (https://www.bitget.com/api-doc/uta/public/OrderBook).
    limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(200)))
  })
)
export interface OrderBookRequest extends Schema.Schema.Type<typeof OrderBookRequest> {}

export const OrderBookDepth = Lazy.value(() =>
  Endpoint.get("/api/v3/market/orderbook", {
    name: "unified.market.orderBook",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<OrderBookRequest>()(OrderBookRequest),
    data: Named.as<OrderBook>()(OrderBook)
  })
)

/**
 * `GET /api/v3/market/orderbook`: asks (`a`, ascending) and bids (`b`, descending) as
 * `{ price, size }` levels, 1 to 200 a side (default 5). Levels arrive as strings or JSON numbers.
 * https://www.bitget.com/api-doc/uta/public/OrderBook. 20/s per IP.
 */
export const orderBook = Operation.make(OrderBookDepth)

/** An RPI book level: `[price, size, rpiSize]` on the wire. */
export interface RpiLevel {
  readonly price: BigDecimal.BigDecimal
  readonly size: BigDecimal.BigDecimal
  /** The size of retail-price-improvement orders at the price. */
  readonly rpiSize: BigDecimal.BigDecimal
}

const RpiLevelSchema = Lazy.schema(() =>
  Schema.transform(
    Schema.Tuple(Decimal, Decimal, Decimal),
    Schema.Struct({
      price: Schema.typeSchema(Decimal),
      size: Schema.typeSchema(Decimal),
      rpiSize: Schema.typeSchema(Decimal)
    }),
    {
      strict: true,
      decode: ([price, size, rpiSize]) => ({ price, size, rpiSize }),
      encode: (level) => [level.price, level.size, level.rpiSize] as const
    }
  )
)

/** The request of `rpiOrderBook`. */
export const RpiOrderBookRequest = Lazy.schema(() =>
  Schema.Struct({
    category: MarketCategory,
    symbol: Schema.String,
    limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(200)))
  })
)
export interface RpiOrderBookRequest extends Schema.Schema.Type<typeof RpiOrderBookRequest> {}

/** An order book whose levels carry their retail-price-improvement size. */
export const RpiBook = Lazy.schema(() =>
  Schema.Struct({ a: Schema.Array(RpiLevelSchema), b: Schema.Array(RpiLevelSchema), ts: Timestamp })
)
export interface RpiBook extends Schema.Schema.Type<typeof RpiBook> {}

export const RpiOrderBook = Lazy.value(() =>
  Endpoint.get("/api/v3/market/rpi-orderbook", {
    name: "unified.market.rpiOrderBook",
    signed: false,
    rateLimit: RateLimit.ip(10),
    request: Named.as<RpiOrderBookRequest>()(RpiOrderBookRequest),
    data: Named.as<RpiBook>()(RpiBook)
  })
)

/**
 * `GET /api/v3/market/rpi-orderbook`: the order book with each level's retail-price-improvement
 * size (`[price, size, rpiSize]` on the wire; bitget-api, go-bitget). 10/s per IP.
 */
export const rpiOrderBook = Operation.make(RpiOrderBook)

export const RpiSymbol = Lazy.schema(() => Schema.Struct({ category: CategoryOut, symbol: Schema.String }))
export interface RpiSymbol extends Schema.Schema.Type<typeof RpiSymbol> {}

export const RpiSymbols = Lazy.value(() =>
  Endpoint.get("/api/v3/market/rpi-symbols", {
    name: "unified.market.rpiSymbols",
    signed: false,
    rateLimit: RateLimit.ip(10),
    request: Endpoint.NoParams,
    data: Schema.Array(Named.as<RpiSymbol>()(RpiSymbol))
  })
)

/**
 * `GET /api/v3/market/rpi-symbols`: symbols that take RPI orders. Bitget answers the category in
 * lower case; it decodes upper case. 10/s per IP.
 */
export const rpiSymbols = Operation.make(RpiSymbols)

/** A public trade. */
export const PublicFill = Lazy.schema(() =>
  Schema.Struct({
    execId: Schema.String,
    price: Decimal,
    size: Decimal,
    side: SideOut,
    ts: Timestamp,
    execLinkId: Absent.optional(Schema.String),
    /** Whether a retail-price-improvement order took part (`yes`/`no`, either case). */
    isRPI: Absent.optional(YesNo)
  })
)
export interface PublicFill extends Schema.Schema.Type<typeof PublicFill> {}

/** The request of `fills`. */
export const FillsRequest = Lazy.schema(() =>
  Schema.Struct({
    category: Category,
    // Required per Bitget's generated catalog (agent-sdk); bitget-api marks it optional (§e.11).
    symbol: Schema.String,
    // 1 to 100, default 100 (https://www.bitget.com/api-doc/uta/public/Fills).
    limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(100)))
  })
)
export interface FillsRequest extends Schema.Schema.Type<typeof FillsRequest> {}

export const Fills = Lazy.value(() =>
  Endpoint.get("/api/v3/market/fills", {
    name: "unified.market.fills",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<FillsRequest>()(FillsRequest),
    data: Schema.Array(Named.as<PublicFill>()(PublicFill))
  })
)

/**
 * `GET /api/v3/market/fills`: the newest public trades of a symbol, at most 100. 20/s per IP.
 */
export const fills = Operation.make(Fills)

export const IndexComponent = Lazy.schema(() =>
  Schema.Struct({
    exchange: Schema.String,
    spotPair: Schema.String,
    equivalentPrice: Decimal,
    weight: Decimal
  })
)
export interface IndexComponent extends Schema.Schema.Type<typeof IndexComponent> {}

/** The exchanges and weights behind a symbol's index price. */
export const IndexComposition = Lazy.schema(() =>
  Schema.Struct({ symbol: Schema.String, componentList: Schema.Array(IndexComponent) })
)
export interface IndexComposition extends Schema.Schema.Type<typeof IndexComposition> {}

export const IndexComponents = Lazy.value(() =>
  Endpoint.get("/api/v3/market/index-components", {
    name: "unified.market.indexComponents",
    signed: false,
    rateLimit: RateLimit.ip(10),
    request: Schema.Struct({ symbol: Schema.String }),
    data: Named.as<IndexComposition>()(IndexComposition)
  })
)

/** `GET /api/v3/market/index-components`: the exchanges and weights behind a symbol's index price. 10/s per IP. */
export const indexComponents = Operation.make(IndexComponents)

export const ReserveCoin = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    userAssets: Decimal,
    platformAssets: Decimal,
    reserveRatio: Decimal
  })
)

export interface ReserveCoin extends Schema.Schema.Type<typeof ReserveCoin> {}

/** The exchange's reserves: the ratio per coin and the Merkle root of the latest audit. */
export const Reserves = Lazy.schema(() =>
  Schema.Struct({
    merkleRootHash: Schema.String,
    totalReserveRatio: Decimal,
    list: Schema.Array(ReserveCoin)
  })
)
export interface Reserves extends Schema.Schema.Type<typeof Reserves> {}

export const ProofOfReserves = Lazy.value(() =>
  Endpoint.get("/api/v3/market/proof-of-reserves", {
    name: "unified.market.proofOfReserves",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Endpoint.NoParams,
    data: Named.as<Reserves>()(Reserves)
  })
)

/**
 * `GET /api/v3/market/proof-of-reserves`: the exchange's reserve ratio per coin and the Merkle
 * root of the latest audit. 20/s per IP. Not served under demo trading (agent-sdk).
 */
export const proofOfReserves = Operation.make(ProofOfReserves)

export const ServerTime = Lazy.value(() =>
  Endpoint.get("/api/v3/public/time", {
    name: "unified.market.serverTime",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Endpoint.NoParams,
    data: Schema.Struct({ serverTime: Timestamp })
  })
)

/**
 * `GET /api/v3/public/time`: the exchange's clock. Only bitget-api calls this V3 path; Bitget.Net
 * and go-bitget use V2's `/api/v2/public/time` (core's `Public.serverTime`, which the client's
 * clock-skew correction uses), the one shared time endpoint (reference §e.4). Rate limit not
 * documented: V2's 20/s per IP assumed.
 */
export const serverTime = Operation.make(ServerTime)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  ServerTime,
  Tickers,
  OrderBookDepth,
  RpiOrderBook,
  RpiSymbols,
  Fills,
  IndexComponents,
  ProofOfReserves
]
