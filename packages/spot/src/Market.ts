/**
 * Spot market data (public, keyed by IP): coins and their chains, symbols, VIP fee tiers,
 * tickers, the order book, candles and recent and historical market trades.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { TrueFalse, YES_NO } from "@effect-bitget/core/Flag"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import { Level } from "@effect-bitget/core/OrderBook"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { Candle, Int } from "./internal/values.js"
import { SideOut } from "./Schemas.js"

export { Candle, Level }

/** One chain a coin moves on. Flags arrive as `"true"`/`"false"` strings. */
export const Chain = Schema.Struct({
  chain: Schema.String,
  needTag: TrueFalse,
  withdrawable: TrueFalse,
  rechargeable: TrueFalse,
  withdrawFee: Decimal,
  extraWithdrawFee: Absent.optional(Decimal),
  depositConfirm: Absent.optional(Int),
  withdrawConfirm: Absent.optional(Int),
  minDepositAmount: Absent.optional(Decimal),
  minWithdrawAmount: Absent.optional(Decimal),
  browserUrl: Absent.optional(Schema.String),
  contractAddress: Absent.optional(Schema.String),
  withdrawStep: Absent.optional(Decimal),
  withdrawMinScale: Absent.optional(Int),
  congestion: Absent.optional(OpenEnum("normal", "congested"))
})
export interface Chain extends Schema.Schema.Type<typeof Chain> {}

export const Coin = Schema.Struct({
  coinId: Schema.String,
  coin: Schema.String,
  transfer: TrueFalse,
  chains: Schema.Array(Chain),
  areaCoin: Absent.optional(Schema.String)
})
export interface Coin extends Schema.Schema.Type<typeof Coin> {}

export const CoinsRequest = Schema.Struct({ coin: Schema.optional(Schema.String) })
export interface CoinsRequest extends Schema.Schema.Type<typeof CoinsRequest> {}

export const Coins = Endpoint.get("/api/v2/spot/public/coins", {
  name: "spot.market.coins",
  signed: false,
  rateLimit: RateLimit.ip(3),
  request: Named.as<CoinsRequest>()(CoinsRequest),
  data: Schema.Array(Named.as<Coin>()(Coin))
})

/**
 * `GET /api/v2/spot/public/coins`: coins, their chains, fees and deposit/withdrawal switches. 3/s
 * per IP. Flags arrive as `"true"`/`"false"` strings.
 */
export const coins = Operation.make(Coins)

export const SymbolStatus = OpenEnum("online", "offline", "gray", "halt")

export const SymbolInfo = Schema.Struct({
  symbol: Schema.String,
  baseCoin: Schema.String,
  quoteCoin: Schema.String,
  minTradeAmount: Decimal,
  maxTradeAmount: Decimal,
  takerFeeRate: Decimal,
  makerFeeRate: Decimal,
  pricePrecision: Int,
  quantityPrecision: Int,
  quotePrecision: Int,
  minTradeUSDT: Decimal,
  status: SymbolStatus,
  buyLimitPriceRatio: Absent.optional(Decimal),
  sellLimitPriceRatio: Absent.optional(Decimal),
  /** Maximum number of open orders on the symbol. */
  orderQuantity: Absent.optional(Int),
  areaSymbol: Absent.optional(Schema.String),
  offTime: Absent.optional(Timestamp),
  openTime: Absent.optional(Timestamp),
  maxLimitOrderValue: Absent.optional(Decimal),
  maxMarketOrderValue: Absent.optional(Decimal)
})
export interface SymbolInfo extends Schema.Schema.Type<typeof SymbolInfo> {}

export const SymbolsRequest = Schema.Struct({ symbol: Schema.optional(Schema.String) })
export interface SymbolsRequest extends Schema.Schema.Type<typeof SymbolsRequest> {}

export const Symbols = Endpoint.get("/api/v2/spot/public/symbols", {
  name: "spot.market.symbols",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<SymbolsRequest>()(SymbolsRequest),
  data: Schema.Array(Named.as<SymbolInfo>()(SymbolInfo))
})

/** `GET /api/v2/spot/public/symbols`: trading pairs with their size, price and precision rules. 20/s per IP. */
export const symbols = Operation.make(Symbols)

export const VipFeeRate = Schema.Struct({
  /** A JSON number in real answers although documented as a string. */
  level: Int,
  dealAmount: Decimal,
  assetAmount: Decimal,
  takerFeeRate: Decimal,
  makerFeeRate: Decimal,
  btcWithdrawAmount: Decimal,
  usdtWithdrawAmount: Decimal
})
export interface VipFeeRate extends Schema.Schema.Type<typeof VipFeeRate> {}

export const VipFeeRates = Endpoint.get("/api/v2/spot/market/vip-fee-rate", {
  name: "spot.market.vipFeeRates",
  signed: false,
  rateLimit: RateLimit.ip(10),
  request: Endpoint.NoParams,
  data: Schema.Array(Named.as<VipFeeRate>()(VipFeeRate))
})

/**
 * `GET /api/v2/spot/market/vip-fee-rate`: the VIP tiers and their fee rates. 10/s per IP. `level`
 * is a JSON number although documented as a string.
 */
export const vipFeeRates = Operation.make(VipFeeRates)

export const Ticker = Schema.Struct({
  symbol: Schema.String,
  high24h: Decimal,
  open: Decimal,
  low24h: Decimal,
  lastPr: Decimal,
  quoteVolume: Decimal,
  baseVolume: Decimal,
  usdtVolume: Decimal,
  bidPr: Decimal,
  askPr: Decimal,
  bidSz: Decimal,
  askSz: Decimal,
  openUtc: Decimal,
  ts: Timestamp,
  changeUtc24h: Decimal,
  /** Rolling 24 h change ratio. */
  change24h: Decimal
})
export interface Ticker extends Schema.Schema.Type<typeof Ticker> {}

export const TickersRequest = Schema.Struct({ symbol: Schema.optional(Schema.String) })
export interface TickersRequest extends Schema.Schema.Type<typeof TickersRequest> {}

export const Tickers = Endpoint.get("/api/v2/spot/market/tickers", {
  name: "spot.market.tickers",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<TickersRequest>()(TickersRequest),
  data: Schema.Array(Named.as<Ticker>()(Ticker))
})

/** `GET /api/v2/spot/market/tickers`: tickers, always an array (even for one `symbol`). 20/s per IP. */
export const tickers = Operation.make(Tickers)

/**
 * Merge-depth tiers: 1, 5, 15, 50 or `"max"` (`/api/v2/spot/market/merge-depth`, per the errata;
 * the order book's own `limit` is 1 to 150).
 */
export const Depth = Schema.transformLiterals(["1", 1], ["5", 5], ["15", 15], ["50", 50], ["max", "max"])

export const OrderBookData = Schema.Struct({
  asks: Schema.Array(Level),
  bids: Schema.Array(Level),
  ts: Timestamp
})
export interface OrderBookData extends Schema.Schema.Type<typeof OrderBookData> {}

export const OrderBookRequest = Schema.Struct({
  symbol: Schema.String,
  type: Schema.optional(Schema.Literal("step0", "step1", "step2", "step3", "step4", "step5")),
  // 1 to 150, default 150 (Bitget's orderbook page; the 1/5/15/50/max tiers are merge-depth's: errata).
  limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(150)))
})
export interface OrderBookRequest extends Schema.Schema.Type<typeof OrderBookRequest> {}

export const OrderBook = Endpoint.get("/api/v2/spot/market/orderbook", {
  name: "spot.market.orderBook",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<OrderBookRequest>()(OrderBookRequest),
  data: Named.as<OrderBookData>()(OrderBookData)
})

/**
 * `GET /api/v2/spot/market/orderbook`: asks and bids as `{ price, size }` levels (tuples on the
 * wire). `type` merges prices (`step0` none … `step5`); `limit` is 1 to 150 levels (default 150).
 * 20/s per IP.
 */
export const orderBook = Operation.make(OrderBook)

/** The merged book's precision: `scale0` (the pair's own) to `scale3` (coarsest). */
export const MergePrecision = Schema.Literal("scale0", "scale1", "scale2", "scale3")

export const MergedDepth = Schema.Struct({
  asks: Schema.Array(Level),
  bids: Schema.Array(Level),
  ts: Timestamp,
  /** The price step of the merged levels. */
  scale: Absent.optional(Decimal),
  precision: Absent.optional(OpenEnum("scale0", "scale1", "scale2", "scale3")),
  /** Whether `precision` is already the coarsest the pair has. */
  isMaxPrecision: Absent.optional(YES_NO)
})
export interface MergedDepth extends Schema.Schema.Type<typeof MergedDepth> {}

export const MergeDepthRequest = Schema.Struct({
  symbol: Schema.String,
  /** Default `scale0`. */
  precision: Schema.optional(MergePrecision),
  /** A depth tier; the exchange's default is 100 levels. */
  limit: Schema.optional(Depth)
})
export interface MergeDepthRequest extends Schema.Schema.Type<typeof MergeDepthRequest> {}

export const MergeDepth = Endpoint.get("/api/v2/spot/market/merge-depth", {
  name: "spot.market.mergeDepth",
  signed: false,
  // No row in rate-limits.tsv: the public market default, 20/s per IP.
  rateLimit: RateLimit.ip(20),
  request: Named.as<MergeDepthRequest>()(MergeDepthRequest),
  data: Named.as<MergedDepth>()(MergedDepth)
})

/**
 * `GET /api/v2/spot/market/merge-depth`: the order book merged to a price precision (`scale0`
 * the pair's own tick … `scale3` the coarsest), levels as `{ price, size }`; `limit` is a depth
 * tier 1, 5, 15, 50 or `max` (default 100). Beyond the specification's list; the endpoint ccxt's
 * `fetchOrderBook` calls (https://www.bitget.com/api-doc/spot/market/Merge-Orderbook). 20/s per IP.
 */
export const mergeDepth = Operation.make(MergeDepth)

/** Candle granularities of spot (not futures' spelling). */
export const Granularity = Schema.Literal(
  "1min",
  "3min",
  "5min",
  "15min",
  "30min",
  "1h",
  "4h",
  "6h",
  "12h",
  "1day",
  "3day",
  "1week",
  "1M",
  "6Hutc",
  "12Hutc",
  "1Dutc",
  "3Dutc",
  "1Wutc",
  "1Mutc"
)

export const CandlesRequest = Schema.Struct({
  symbol: Schema.String,
  granularity: Granularity,
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize)
})
export interface CandlesRequest extends Schema.Schema.Type<typeof CandlesRequest> {}

export const Candles = Endpoint.list("/api/v2/spot/market/candles", {
  name: "spot.market.candles",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<CandlesRequest>()(CandlesRequest),
  data: Schema.Array(Candle),
  pagination: {
    cursor: Pagination.before("ts"),
    // Documented 1000; ccxt measured 300 at 1D and 100 at 3D/1W/1M (pagination-audit.md row 5).
    limit: {
      param: "limit",
      max: 1000,
      default: 100,
      source: "https://www.bitget.com/api-doc/spot/market/Get-Candle-Data"
    }
  }
})

/**
 * `GET /api/v2/spot/market/candles`: candles oldest first, at most 1000 a call. Each row decodes
 * from an 8-column tuple. Streams walk back by `endTime` from the oldest candle of each page.
 * Reachable history depends on the granularity (1min ≈ 1 month … 6h ≈ 1 year). 20/s per IP.
 * Streams (`.pages`, `.items`): cursor `endTime` ← oldest `ts` − 1; at most 1000 a page (`limit`, 100 when omitted).
 */
export const candles = Operation.make(Candles)

export const HistoryCandlesRequest = Schema.Struct({
  symbol: Schema.String,
  granularity: Granularity,
  endTime: Limit.Time,
  limit: Schema.optional(Limit.PageSize)
})
export interface HistoryCandlesRequest extends Schema.Schema.Type<typeof HistoryCandlesRequest> {}

export const HistoryCandles = Endpoint.list("/api/v2/spot/market/history-candles", {
  name: "spot.market.historyCandles",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<HistoryCandlesRequest>()(HistoryCandlesRequest),
  data: Schema.Array(Candle),
  pagination: {
    cursor: Pagination.before("ts"),
    limit: {
      param: "limit",
      max: 200,
      default: 100,
      source: "https://www.bitget.com/api-doc/spot/market/Get-History-Candle-Data"
    }
  }
})

/**
 * `GET /api/v2/spot/market/history-candles`: older candles before `endTime` (required), at most
 * 200 a call; streams walk back by `endTime`. 20/s per IP.
 * Streams (`.pages`, `.items`): cursor `endTime` ← oldest `ts` − 1; at most 200 a page (`limit`, 100 when omitted).
 */
export const historyCandles = Operation.make(HistoryCandles)

/** A public trade. */
export const MarketTrade = Schema.Struct({
  symbol: Schema.String,
  tradeId: Schema.String,
  side: SideOut,
  price: Decimal,
  size: Decimal,
  ts: Timestamp
})
export interface MarketTrade extends Schema.Schema.Type<typeof MarketTrade> {}

export const RecentFillsRequest = Schema.Struct({
  symbol: Schema.String,
  limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(500)))
})
export interface RecentFillsRequest extends Schema.Schema.Type<typeof RecentFillsRequest> {}

export const RecentFills = Endpoint.get("/api/v2/spot/market/fills", {
  name: "spot.market.recentFills",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<RecentFillsRequest>()(RecentFillsRequest),
  data: Schema.Array(Named.as<MarketTrade>()(MarketTrade))
})

/** `GET /api/v2/spot/market/fills`: the most recent public trades, at most 500. 20/s per IP. Newest first. */
export const recentFills = Operation.make(RecentFills)

export const FillsHistoryRequest = Schema.Struct({
  symbol: Schema.String,
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time)
})
export interface FillsHistoryRequest extends Schema.Schema.Type<typeof FillsHistoryRequest> {}

export const FillsHistory = Endpoint.list("/api/v2/spot/market/fills-history", {
  name: "spot.market.fillsHistory",
  signed: false,
  // 10/s per IP: Bitget's page (spot/market/Get-Market-Trades) and its SPOTDUMP say 10;
  // rate-limits.tsv's 20 is a third-party client's figure (pagination-audit.md, incidental).
  rateLimit: RateLimit.ip(10),
  request: Named.as<FillsHistoryRequest>()(FillsHistoryRequest),
  data: Schema.Array(Named.as<MarketTrade>()(MarketTrade)),
  pagination: {
    cursor: Pagination.lastRow("tradeId"),
    limit: {
      param: "limit",
      max: 1000,
      default: 500,
      source: "https://www.bitget.com/api-doc/spot/market/Get-Market-Trades"
    },
    window: Pagination.window("7 days", "ts"),
    // "It supports to get the data within 30days" (the page above).
    history: Pagination.history("30 days", "https://www.bitget.com/api-doc/spot/market/Get-Market-Trades")
  }
})

/**
 * `GET /api/v2/spot/market/fills-history`: public trades of the last 30 days, newest first; at
 * most 1000 a page, cursor `idLessThan` = last `tradeId`, `startTime`–`endTime` at most 7 days.
 * 10/s per IP.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← last row's `tradeId`; at most 1000 a page (`limit`, 500 when
 * omitted); one request spans at most 7d of `startTime`–`endTime`, `.items` walks a longer range window by window; the
 * exchange keeps the last 30d, `.items` refuses an older `startTime`.
 */
export const fillsHistory = Operation.make(FillsHistory)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Coins,
  Symbols,
  VipFeeRates,
  Tickers,
  OrderBook,
  MergeDepth,
  Candles,
  HistoryCandles,
  RecentFills,
  FillsHistory
]
