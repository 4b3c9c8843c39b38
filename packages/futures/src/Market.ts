/**
 * Futures market data (public, limited per IP): contract configuration, tickers, prices,
 * order book, recent and historical trades, open interest, position tiers and VIP fee rates.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YES_NO } from "@effect-bitget/core/Flag"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import { Level } from "@effect-bitget/core/OrderBook"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { ContractsProductType, optionalTime, ProductType } from "./Schemas.js"

export const SymbolRequest = Schema.Struct({ symbol: Schema.String, productType: ProductType })
export interface SymbolRequest extends Schema.Schema.Type<typeof SymbolRequest> {}

/** One contract's configuration. Fields that do not apply to a contract arrive as `""` (absent here). */
export const Contract = Schema.Struct({
  symbol: Schema.String,
  baseCoin: Schema.String,
  quoteCoin: Schema.String,
  symbolStatus: OpenEnum("listed", "normal", "maintain", "limit_open", "restrictedAPI", "off"),
  symbolType: OpenEnum("perpetual", "delivery"),
  /** The coins that can margin this contract. */
  supportMarginCoins: Schema.Array(Schema.String),
  buyLimitPriceRatio: Absent.optional(Decimal),
  sellLimitPriceRatio: Absent.optional(Decimal),
  feeRateUpRatio: Absent.optional(Decimal),
  openCostUpRatio: Absent.optional(Decimal),
  makerFeeRate: Absent.optional(Decimal),
  takerFeeRate: Absent.optional(Decimal),
  /** Smallest order size, in base coin. */
  minTradeNum: Absent.optional(Decimal),
  sizeMultiplier: Absent.optional(Decimal),
  /** Decimal places of prices. */
  pricePlace: Absent.optional(Decimal),
  priceEndStep: Absent.optional(Decimal),
  /** Decimal places of sizes. */
  volumePlace: Absent.optional(Decimal),
  minTradeUSDT: Absent.optional(Decimal),
  maxSymbolOrderNum: Absent.optional(Decimal),
  maxProductOrderNum: Absent.optional(Decimal),
  maxPositionNum: Absent.optional(Decimal),
  /** `-1` (never) and `""` decode to absent. */
  limitOpenTime: optionalTime,
  offTime: optionalTime,
  maintainTime: optionalTime,
  deliveryTime: optionalTime,
  deliveryStartTime: optionalTime,
  launchTime: optionalTime,
  /** Funding interval in hours. */
  fundInterval: Absent.optional(Decimal),
  minLever: Absent.optional(Decimal),
  maxLever: Absent.optional(Decimal),
  posLimit: Absent.optional(Decimal)
})
export interface Contract extends Schema.Schema.Type<typeof Contract> {}

export const ContractsRequest = Schema.Struct({
  productType: ContractsProductType,
  symbol: Schema.optional(Schema.String)
})
export interface ContractsRequest extends Schema.Schema.Type<typeof ContractsRequest> {}

export const Contracts = Endpoint.get("/api/v2/mix/market/contracts", {
  name: "futures.market.contracts",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<ContractsRequest>()(ContractsRequest),
  data: Schema.Array(Named.as<Contract>()(Contract))
})
/**
 * `GET /api/v2/mix/market/contracts`: the configuration of every contract of a product type (or
 * one `symbol`). Demo: the lower-case `susdt-futures`, `scoin-futures`, `susdc-futures` list the
 * demo contracts (`SBTCSUSDT` …, margin coin `SUSDT`). 20/s per IP.
 */
export const contracts = Operation.make(Contracts)

export const Ticker = Schema.Struct({
  symbol: Schema.String,
  lastPr: Decimal,
  askPr: Absent.optional(Decimal),
  bidPr: Absent.optional(Decimal),
  bidSz: Absent.optional(Decimal),
  askSz: Absent.optional(Decimal),
  high24h: Absent.optional(Decimal),
  low24h: Absent.optional(Decimal),
  ts: Timestamp,
  change24h: Absent.optional(Decimal),
  baseVolume: Absent.optional(Decimal),
  quoteVolume: Absent.optional(Decimal),
  usdtVolume: Absent.optional(Decimal),
  openUtc: Absent.optional(Decimal),
  changeUtc24h: Absent.optional(Decimal),
  indexPrice: Absent.optional(Decimal),
  markPrice: Absent.optional(Decimal),
  fundingRate: Absent.optional(Decimal),
  holdingAmount: Absent.optional(Decimal),
  open24h: Absent.optional(Decimal),
  /** Delivery contracts only (`null` on perpetuals). */
  deliveryStartTime: optionalTime,
  deliveryTime: optionalTime,
  deliveryStatus: Absent.optional(
    OpenEnum("delivery_config_period", "delivery_normal", "delivery_before", "delivery_period")
  )
})
export interface Ticker extends Schema.Schema.Type<typeof Ticker> {}

export const TickerOf = Endpoint.get("/api/v2/mix/market/ticker", {
  name: "futures.market.ticker",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<SymbolRequest>()(SymbolRequest),
  data: Schema.Array(Named.as<Ticker>()(Ticker))
})
/** `GET /api/v2/mix/market/ticker`: one contract's ticker (the exchange wraps it in an array). 20/s per IP. */
export const ticker = Operation.make(TickerOf)

export const TickersRequest = Schema.Struct({ productType: ProductType })
export interface TickersRequest extends Schema.Schema.Type<typeof TickersRequest> {}

export const Tickers = Endpoint.get("/api/v2/mix/market/tickers", {
  name: "futures.market.tickers",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<TickersRequest>()(TickersRequest),
  data: Schema.Array(Named.as<Ticker>()(Ticker))
})
/** `GET /api/v2/mix/market/tickers`: every ticker of a product type. 20/s per IP. */
export const tickers = Operation.make(Tickers)

export const SymbolPrice = Schema.Struct({
  symbol: Schema.String,
  price: Decimal,
  indexPrice: Decimal,
  markPrice: Decimal,
  ts: Timestamp
})
export interface SymbolPrice extends Schema.Schema.Type<typeof SymbolPrice> {}

export const SymbolPrices = Endpoint.get("/api/v2/mix/market/symbol-price", {
  name: "futures.market.symbolPrice",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<SymbolRequest>()(SymbolRequest),
  data: Schema.Array(Named.as<SymbolPrice>()(SymbolPrice))
})
/** `GET /api/v2/mix/market/symbol-price`: last, index and mark price of a contract. 20/s per IP. */
export const symbolPrice = Operation.make(SymbolPrices)

/** A level of the book: `{ price, size }` (`[price, size]` numbers or strings on the wire), as in spot. */
export { Level }

/** The depth tiers the exchange serves: 1, 5, 15, 50 or `max` (the pair's highest); default 100. */
export const DepthLimit = Schema.Literal("1", "5", "15", "50", "max")

export const MergeDepthRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  precision: Schema.optional(Schema.Literal("scale0", "scale1", "scale2", "scale3")),
  limit: Schema.optional(DepthLimit)
})
export interface MergeDepthRequest extends Schema.Schema.Type<typeof MergeDepthRequest> {}

export const MergedDepth = Schema.Struct({
  asks: Schema.Array(Level),
  bids: Schema.Array(Level),
  ts: Timestamp,
  scale: Absent.optional(Decimal),
  precision: Absent.optional(OpenEnum("scale0", "scale1", "scale2", "scale3")),
  isMaxPrecision: Absent.optional(YES_NO)
})
export interface MergedDepth extends Schema.Schema.Type<typeof MergedDepth> {}

export const MergeDepth = Endpoint.get("/api/v2/mix/market/merge-depth", {
  name: "futures.market.mergeDepth",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<MergeDepthRequest>()(MergeDepthRequest),
  data: Named.as<MergedDepth>()(MergedDepth)
})
/**
 * `GET /api/v2/mix/market/merge-depth`: the order book merged to a precision (`scale0` finest …
 * `scale3`). `limit` is one of the tiers 1, 5, 15, 50, `max` (without it the exchange answers 100
 * levels); any other value fails locally. Levels arrive as JSON numbers. 20/s per IP. (Beyond the
 * specification's list: the V2 order book.)
 */
export const mergeDepth = Operation.make(MergeDepth)

export const Trade = Schema.Struct({
  tradeId: Schema.String,
  price: Decimal,
  size: Decimal,
  /** `buy`/`sell` (the history sends `Buy`/`Sell`). */
  side: OpenEnum("buy", "sell", "Buy", "Sell"),
  ts: Timestamp,
  symbol: Schema.String
})
export interface Trade extends Schema.Schema.Type<typeof Trade> {}

export const FillsRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(100)))
})
export interface FillsRequest extends Schema.Schema.Type<typeof FillsRequest> {}

export const RecentFills = Endpoint.get("/api/v2/mix/market/fills", {
  name: "futures.market.fills",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<FillsRequest>()(FillsRequest),
  data: Schema.Array(Named.as<Trade>()(Trade))
})
/** `GET /api/v2/mix/market/fills`: the most recent public trades, at most 100. 20/s per IP. Newest first. */
export const fills = Operation.make(RecentFills)

export const FillsHistoryRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time)
})
export interface FillsHistoryRequest extends Schema.Schema.Type<typeof FillsHistoryRequest> {}

export const FillsHistory = Endpoint.list("/api/v2/mix/market/fills-history", {
  name: "futures.market.fillsHistory",
  signed: false,
  rateLimit: RateLimit.ip(10),
  request: Named.as<FillsHistoryRequest>()(FillsHistoryRequest),
  data: Schema.Array(Named.as<Trade>()(Trade)),
  pagination: {
    cursor: Pagination.lastRow("tradeId"),
    limit: {
      param: "limit",
      max: 1000,
      default: 500,
      source: "https://www.bitget.com/api-doc/contract/market/Get-Fills-History"
    },
    window: Pagination.window("7 days", "ts"),
    // "Get transaction records of the last 90 days" (the page above; an older copy says 7 days: the longer is kept, so nothing the exchange serves is refused).
    history: Pagination.history("90 days", "https://www.bitget.com/api-doc/contract/market/Get-Fills-History")
  }
})
/**
 * `GET /api/v2/mix/market/fills-history`: public trades of the last 90 days, newest first; at most
 * 1000 a page, cursor `idLessThan` = the last `tradeId`, `startTime`–`endTime` at most 7 days (the
 * stream walks longer ranges week by week). 10/s per IP.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `tradeId`; at most 1000 a page (`limit`, 500 when
 * omitted); one request spans at most 7d of `startTime`–`endTime`, `.items` walks a longer range window by window; the
 * exchange keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const fillsHistory = Operation.make(FillsHistory)

export const OpenInterestSnapshot = Schema.Struct({
  openInterestList: Schema.Array(Schema.Struct({ symbol: Schema.String, size: Decimal })),
  ts: Timestamp
})
export interface OpenInterestSnapshot extends Schema.Schema.Type<typeof OpenInterestSnapshot> {}

export const OpenInterest = Endpoint.get("/api/v2/mix/market/open-interest", {
  name: "futures.market.openInterest",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<SymbolRequest>()(SymbolRequest),
  data: Named.as<OpenInterestSnapshot>()(OpenInterestSnapshot)
})
/** `GET /api/v2/mix/market/open-interest`: open interest of a contract. 20/s per IP. Sizes are in base coin. */
export const openInterest = Operation.make(OpenInterest)

export const PositionTier = Schema.Struct({
  symbol: Schema.String,
  level: Decimal,
  startUnit: Decimal,
  endUnit: Decimal,
  leverage: Decimal,
  keepMarginRate: Decimal
})
export interface PositionTier extends Schema.Schema.Type<typeof PositionTier> {}

export const QueryPositionLever = Endpoint.get("/api/v2/mix/market/query-position-lever", {
  name: "futures.market.queryPositionLever",
  signed: false,
  rateLimit: RateLimit.ip(10),
  request: Named.as<SymbolRequest>()(SymbolRequest),
  data: Schema.Array(Named.as<PositionTier>()(PositionTier))
})
/**
 * `GET /api/v2/mix/market/query-position-lever`: the position tiers (size bands, max leverage,
 * maintenance rate). 10/s per IP.
 */
export const queryPositionLever = Operation.make(QueryPositionLever)

export const VipFeeRate = Schema.Struct({
  level: Decimal,
  dealAmount: Decimal,
  assetAmount: Decimal,
  takerFeeRate: Decimal,
  makerFeeRate: Decimal,
  btcWithdrawAmount: Absent.optional(Decimal),
  usdtWithdrawAmount: Absent.optional(Decimal)
})
export interface VipFeeRate extends Schema.Schema.Type<typeof VipFeeRate> {}

export const VipFeeRates = Endpoint.get("/api/v2/mix/market/vip-fee-rate", {
  name: "futures.market.vipFeeRate",
  signed: false,
  rateLimit: RateLimit.ip(10),
  request: Endpoint.NoParams,
  data: Schema.Array(Named.as<VipFeeRate>()(VipFeeRate))
})
/**
 * `GET /api/v2/mix/market/vip-fee-rate`: futures fee rates by VIP level. 10/s per IP. `level` is a
 * JSON number although documented as a string.
 */
export const vipFeeRate = Operation.make(VipFeeRates)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Contracts,
  TickerOf,
  Tickers,
  SymbolPrices,
  MergeDepth,
  RecentFills,
  FillsHistory,
  OpenInterest,
  QueryPositionLever,
  VipFeeRates
]
