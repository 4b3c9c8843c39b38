/**
 * V3 Stock+ market data (US shares and their options for a unified account's Stock+ sub-account):
 * static facts, quotes, ticks, the intraday line, candles and depth of a stock (`AAPL.US`), and
 * the option chain. Every read is signed, 10/s per UID (ccxt's rate table; the reference's
 * stockplus rows). Fields: bitget-api's Stock+ V3 types (`GetStockPlus…RequestV3`,
 * `StockPlus…V3`), the only source that types them; ccxt names the paths. The backend is a
 * broker's (its vocabulary: `LO`, `GoodTilCanceled`, `RTHOnly`), whose answers carry numbers as
 * strings or JSON numbers alike (both decode). Times stay as sent: the sources type them as bare
 * strings without a unit, so nothing here guesses seconds or milliseconds.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { TrueFalse } from "@effect-bitget/core/Flag"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Schema from "effect/Schema"

/** Stock+ market reads: 10/s per UID (ccxt). */
const rateLimit = RateLimit.uid(10)

/**
 * A Stock+ security: `TICKER.MARKET` (`AAPL.US`, an option `AAPL250620C200000.US`). Some reads
 * take several, comma-separated (`NVDA.US,AAPL.US`).
 */
export const StockSymbol = Limit.NonEmpty
export const BySymbol = Lazy.schema(() => Schema.Struct({ symbol: StockSymbol }))
export interface BySymbol extends Schema.Schema.Type<typeof BySymbol> {}

/** A time as the backend sends it (a string; its unit is not documented by the sources). */
export const Time = Schema.String

export const OptionQuote = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    lastDone: Decimal,
    prevClose: Decimal,
    open: Decimal,
    high: Decimal,
    low: Decimal,
    timestamp: Time,
    volume: Decimal,
    turnover: Decimal,
    tradeStatus: Schema.String,
    impliedVolatility: Decimal,
    openInterest: Decimal,
    expiryDate: Schema.String,
    strikePrice: Decimal,
    /** Spelled so by Bitget (bitget-api). */
    contractMultipier: Decimal,
    contractType: Schema.String,
    contractSize: Decimal,
    /** `C` call or `P` put. */
    direction: Schema.String,
    historicalVolatility: Decimal,
    underlyingSymbol: Schema.String
  })
)
export interface OptionQuote extends Schema.Schema.Type<typeof OptionQuote> {}

/** Option quotes. */
export const OptionQuoteList = Lazy.schema(() =>
  Schema.Struct({ secuQuote: Schema.Array(Named.as<OptionQuote>()(OptionQuote)) })
)
export interface OptionQuoteList extends Schema.Schema.Type<typeof OptionQuoteList> {}

export const OptionQuotes = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/option-quote", {
    name: "unified.stockPlusMarket.optionQuote",
    signed: true,
    rateLimit,
    request: Named.as<BySymbol>()(BySymbol),
    data: Named.as<OptionQuoteList>()(OptionQuoteList)
  })
)
/** `GET /api/v3/stockplus/market/option-quote`: the quote of an option (or several, comma-separated): last, OHLC, implied volatility, open interest, strike and expiry. Signed, 10/s per UID. */
export const optionQuote = Operation.make(OptionQuotes)

export const StrikePrice = Lazy.schema(() =>
  Schema.Struct({
    price: Decimal,
    callSymbol: Schema.String,
    putSymbol: Schema.String,
    /** Whether it is a standard contract. */
    standard: Schema.Boolean
  })
)
export interface StrikePrice extends Schema.Schema.Type<typeof StrikePrice> {}

/** The request of `optionChainInfo`. */
export const OptionChainInfoRequest = Lazy.schema(() =>
  Schema.Struct({
    symbol: StockSymbol,
    // An expiry as `optionExpiryDate` lists it (`yyyyMMdd`, bitget-api's example values).
    expiryDate: Limit.NonEmpty
  })
)
export interface OptionChainInfoRequest extends Schema.Schema.Type<typeof OptionChainInfoRequest> {}

/** An option chain's strike prices. */
export const OptionChain = Lazy.schema(() =>
  Schema.Struct({ strikePriceInfo: Schema.Array(Named.as<StrikePrice>()(StrikePrice)) })
)
export interface OptionChain extends Schema.Schema.Type<typeof OptionChain> {}

export const OptionChainInfo = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/option-chain-info", {
    name: "unified.stockPlusMarket.optionChainInfo",
    signed: true,
    rateLimit,
    request: Named.as<OptionChainInfoRequest>()(OptionChainInfoRequest),
    data: Named.as<OptionChain>()(OptionChain)
  })
)
/** `GET /api/v3/stockplus/market/option-chain-info`: a stock's option chain for one expiry: each strike with its call and put symbols. Signed, 10/s per UID. */
export const optionChainInfo = Operation.make(OptionChainInfo)

export const OptionExpiryDate = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/option-expiry-date", {
    name: "unified.stockPlusMarket.optionExpiryDate",
    signed: true,
    rateLimit,
    request: BySymbol,
    data: Schema.Struct({ expiryDate: Schema.Array(Schema.String) })
  })
)
/** `GET /api/v3/stockplus/market/option-expiry-date`: the expiries a stock's options trade at. Signed, 10/s per UID. */
export const optionExpiryDate = Operation.make(OptionExpiryDate)

export const OptionVolume = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/option-volume", {
    name: "unified.stockPlusMarket.optionVolume",
    signed: true,
    rateLimit,
    request: BySymbol,
    /** Today's call (`c`) and put (`p`) volumes of a stock's options. */
    data: Schema.Struct({ c: Decimal, p: Decimal })
  })
)
/** `GET /api/v3/stockplus/market/option-volume`: today's call and put volumes of a stock's options. Signed, 10/s per UID. */
export const optionVolume = Operation.make(OptionVolume)

export const StaticInfo = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    nameCn: Absent.optional(Schema.String),
    nameEn: Absent.optional(Schema.String),
    exchange: Schema.String,
    currency: Schema.String,
    /** Shares per lot. */
    lotSize: Decimal,
    totalShares: Absent.optional(Decimal),
    circulatingShares: Absent.optional(Decimal),
    eps: Absent.optional(Decimal),
    epsTtm: Absent.optional(Decimal),
    bps: Absent.optional(Decimal),
    dividendYield: Absent.optional(Decimal),
    /** What derives from it (`Option`, `Warrant`). */
    stockDerivatives: Schema.Array(Schema.String),
    board: Schema.String
  })
)
export interface StaticInfo extends Schema.Schema.Type<typeof StaticInfo> {}

/** Securities' static information. */
export const StaticInfos = Lazy.schema(() => Schema.Struct({ list: Schema.Array(Named.as<StaticInfo>()(StaticInfo)) }))
export interface StaticInfos extends Schema.Schema.Type<typeof StaticInfos> {}

export const Static = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/static", {
    name: "unified.stockPlusMarket.staticInfo",
    signed: true,
    rateLimit,
    request: Named.as<BySymbol>()(BySymbol),
    data: Named.as<StaticInfos>()(StaticInfos)
  })
)
/** `GET /api/v3/stockplus/market/static`: a stock's static facts (or several, comma-separated): exchange, currency, lot size, shares, EPS, book value per share, dividend yield. Signed, 10/s per UID. */
export const staticInfo = Operation.make(Static)

/** The quote of one extended session (pre-market, after hours, overnight). */
export const SessionQuote = Lazy.schema(() =>
  Schema.Struct({
    lastDone: Decimal,
    timestamp: Time,
    volume: Decimal,
    turnover: Decimal,
    high: Decimal,
    low: Decimal,
    prevClose: Decimal
  })
)
export interface SessionQuote extends Schema.Schema.Type<typeof SessionQuote> {}

export const Quote = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    lastDone: Decimal,
    prevClose: Decimal,
    open: Decimal,
    high: Decimal,
    low: Decimal,
    timestamp: Time,
    volume: Decimal,
    turnover: Decimal,
    /** `Normal`, `Halted`, `Delisted`, … as the backend spells it. */
    tradeStatus: Schema.String,
    preMarketQuote: Schema.optional(Schema.NullOr(SessionQuote)),
    postMarketQuote: Schema.optional(Schema.NullOr(SessionQuote)),
    overnightQuote: Schema.optional(Schema.NullOr(SessionQuote))
  })
)
export interface Quote extends Schema.Schema.Type<typeof Quote> {}

/** Securities' quotes. */
export const QuoteList = Lazy.schema(() => Schema.Struct({ list: Schema.Array(Named.as<Quote>()(Quote)) }))
export interface QuoteList extends Schema.Schema.Type<typeof QuoteList> {}

export const Quotes = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/quote", {
    name: "unified.stockPlusMarket.quote",
    signed: true,
    rateLimit,
    request: Named.as<BySymbol>()(BySymbol),
    data: Named.as<QuoteList>()(QuoteList)
  })
)
/** `GET /api/v3/stockplus/market/quote`: a stock's real-time quote (or several, comma-separated): last price, OHLC of the day, volume, turnover and the extended sessions' quotes. Signed, 10/s per UID. */
export const quote = Operation.make(Quotes)

export const Tick = Lazy.schema(() =>
  Schema.Struct({
    price: Decimal,
    volume: Decimal,
    timestamp: Time,
    tradeType: Schema.String,
    /** `Up`, `Down` or `Neutral`: the side that took. */
    direction: Schema.String,
    tradeSession: Schema.String
  })
)
export interface Tick extends Schema.Schema.Type<typeof Tick> {}

/** The request of `trades`. */
export const TradesRequest = Lazy.schema(() =>
  Schema.Struct({
    symbol: StockSymbol,
    // The sources give `count`, not its bound: a positive whole number is all that is checked.
    count: Schema.optional(Limit.PageSize)
  })
)
export interface TradesRequest extends Schema.Schema.Type<typeof TradesRequest> {}

export const Trades = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/trade", {
    name: "unified.stockPlusMarket.trades",
    signed: true,
    rateLimit,
    request: Named.as<TradesRequest>()(TradesRequest),
    data: Schema.Array(Named.as<Tick>()(Tick))
  })
)
/** `GET /api/v3/stockplus/market/trade`: a stock's latest trades (`count` of them). Signed, 10/s per UID. */
export const trades = Operation.make(Trades)

export const IntradayPoint = Lazy.schema(() =>
  Schema.Struct({
    price: Decimal,
    timestamp: Time,
    volume: Decimal,
    turnover: Decimal,
    /** The volume-weighted average price so far. */
    avgPrice: Decimal
  })
)
export interface IntradayPoint extends Schema.Schema.Type<typeof IntradayPoint> {}

/** A day's minute-by-minute prices. */
export const IntradayPoints = Lazy.schema(() =>
  Schema.Struct({ list: Schema.Array(Named.as<IntradayPoint>()(IntradayPoint)) })
)
export interface IntradayPoints extends Schema.Schema.Type<typeof IntradayPoints> {}

export const Intraday = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/intraday", {
    name: "unified.stockPlusMarket.intraday",
    signed: true,
    rateLimit,
    request: Named.as<BySymbol>()(BySymbol),
    data: Named.as<IntradayPoints>()(IntradayPoints)
  })
)
/** `GET /api/v3/stockplus/market/intraday`: today's minute line of a stock: price, volume, turnover and the running average price. Signed, 10/s per UID. */
export const intraday = Operation.make(Intraday)

export const Candle = Lazy.schema(() =>
  Schema.Struct({
    open: Decimal,
    high: Decimal,
    low: Decimal,
    close: Decimal,
    volume: Decimal,
    turnover: Decimal,
    timestamp: Time,
    tradeSession: Absent.optional(Schema.String)
  })
)
export interface Candle extends Schema.Schema.Type<typeof Candle> {}

/** The candle parameters both candle reads take (bitget-api); `period` is the backend's (`1m`, `day`, …). */
const candleFields = Lazy.value(() => ({
  symbol: StockSymbol,
  period: Limit.NonEmpty,
  // The sources give `count`, not its bound: a positive whole number is all that is checked.
  count: Schema.optional(Limit.PageSize),
  /** Price adjustment (`0` none, `1` forward adjusted, as the backend numbers them). */
  adjustType: Schema.optional(Schema.String),
  /** Which sessions' candles (`Intraday` regular hours only, `All`). */
  tradeSessions: Schema.optional(Schema.String)
}))

/** Candles. */
export const Candles = Lazy.schema(() => Schema.Struct({ list: Schema.Array(Named.as<Candle>()(Candle)) }))
export interface Candles extends Schema.Schema.Type<typeof Candles> {}

/** The request of `candlestick`. */
export const CandlestickRequest = Lazy.schema(() => Schema.Struct(candleFields))
export interface CandlestickRequest extends Schema.Schema.Type<typeof CandlestickRequest> {}

export const Candlestick = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/candlestick", {
    name: "unified.stockPlusMarket.candlestick",
    signed: true,
    rateLimit,
    request: Named.as<CandlestickRequest>()(CandlestickRequest),
    data: Named.as<Candles>()(Candles)
  })
)
/** `GET /api/v3/stockplus/market/candlestick`: a stock's latest `count` candles of a `period`, oldest first. Signed, 10/s per UID. */
export const candlestick = Operation.make(Candlestick)

/** The request of `historyCandlestick`. */
export const HistoryCandlestickRequest = Lazy.schema(() =>
  Schema.Struct({
    ...candleFields,
    /** `true`: the candles after `time`; `false` (the default): the ones before it. */
    forward: Schema.optional(TrueFalse),
    /** The reference time, in the backend's own form (the sources give no format). */
    time: Schema.optional(Schema.String)
  })
)
export interface HistoryCandlestickRequest extends Schema.Schema.Type<typeof HistoryCandlestickRequest> {}

/** Past candles. */
export const HistoryCandles = Lazy.schema(() => Schema.Struct({ list: Schema.Array(Named.as<Candle>()(Candle)) }))
export interface HistoryCandles extends Schema.Schema.Type<typeof HistoryCandles> {}

export const HistoryCandlestick = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/history-candlestick", {
    name: "unified.stockPlusMarket.historyCandlestick",
    signed: true,
    rateLimit,
    request: Named.as<HistoryCandlestickRequest>()(HistoryCandlestickRequest),
    data: Named.as<HistoryCandles>()(HistoryCandles)
  })
)
/**
 * `GET /api/v3/stockplus/market/history-candlestick`: a stock's candles of a `period` before (or,
 * with `forward`, after) a `time`, oldest first. Walk back by passing the oldest candle's
 * `timestamp` as the next `time`: the sources document neither the time's unit nor a page bound,
 * so no Stream is derived. Signed, 10/s per UID.
 */
export const historyCandlestick = Operation.make(HistoryCandlestick)

export const DepthLevel = Lazy.schema(() =>
  Schema.Struct({
    /** The level, from 1 (best). */
    position: Schema.Number,
    price: Decimal,
    volume: Decimal,
    orderNum: Schema.Number
  })
)
export interface DepthLevel extends Schema.Schema.Type<typeof DepthLevel> {}

/** The order book. */
export const DepthBook = Lazy.schema(() =>
  Schema.Struct({
    asks: Schema.Array(Named.as<DepthLevel>()(DepthLevel)),
    bids: Schema.Array(Named.as<DepthLevel>()(DepthLevel))
  })
)
export interface DepthBook extends Schema.Schema.Type<typeof DepthBook> {}

export const Depth = Lazy.value(() =>
  Endpoint.get("/api/v3/stockplus/market/depth", {
    name: "unified.stockPlusMarket.depth",
    signed: true,
    rateLimit,
    request: Named.as<BySymbol>()(BySymbol),
    data: Named.as<DepthBook>()(DepthBook)
  })
)
/** `GET /api/v3/stockplus/market/depth`: a stock's order book, best level first on each side, with the orders at each level. Signed, 10/s per UID. */
export const depth = Operation.make(Depth)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  OptionQuotes,
  OptionChainInfo,
  OptionExpiryDate,
  OptionVolume,
  Static,
  Quotes,
  Trades,
  Intraday,
  Candlestick,
  HistoryCandlestick,
  Depth
]
