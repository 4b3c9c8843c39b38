/**
 * Classic (V2) public channels on `wss://ws.bitget.com/v2/ws/public` (reference §4.2): ticker,
 * candles of every interval, trades, the order book (`books` incremental; `books1/5/15` whole) and
 * the margin index price. Funding rate, mark and index price and open interest come in the futures
 * ticker: V2 offers no separate channel for them (30016).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import * as Channel from "./Channel.js"
import { BookRow, Symbol, V2InstType } from "./Values.js"

/** Which instrument: `{ instType: "SPOT", instId: "BTCUSDT" }`. */
export const Instrument = Schema.Struct({ instType: V2InstType, instId: Symbol })
export interface Instrument extends Schema.Schema.Type<typeof Instrument> {}

const instrument = (channel: string) => (request: Instrument) => ({
  instType: request.instType,
  channel,
  instId: request.instId
})

/** A ticker push; futures add funding, mark, index and open interest. */
export const TickerRow = Schema.Struct({
  instId: Schema.String,
  lastPr: Decimal,
  open24h: Absent.optional(Decimal),
  high24h: Absent.optional(Decimal),
  low24h: Absent.optional(Decimal),
  change24h: Absent.optional(Decimal),
  bidPr: Absent.optional(Decimal),
  askPr: Absent.optional(Decimal),
  bidSz: Absent.optional(Decimal),
  askSz: Absent.optional(Decimal),
  baseVolume: Absent.optional(Decimal),
  quoteVolume: Absent.optional(Decimal),
  openUtc: Absent.optional(Decimal),
  changeUtc24h: Absent.optional(Decimal),
  symbol: Absent.optional(Schema.String),
  fundingRate: Absent.optional(Decimal),
  nextFundingTime: Absent.optional(Timestamp),
  markPrice: Absent.optional(Decimal),
  indexPrice: Absent.optional(Decimal),
  /** Open interest. */
  holdingAmount: Absent.optional(Decimal),
  /** `1` perpetual, `2` delivery. */
  symbolType: Absent.optional(Schema.String),
  deliveryPrice: Absent.optional(Decimal),
  ts: Timestamp
})
export interface TickerRow extends Schema.Schema.Type<typeof TickerRow> {}

export const Ticker = Channel.v2({
  name: "websocket.v2Public.ticker",
  access: "public",
  request: Instrument,
  arg: instrument("ticker"),
  row: TickerRow,
  pushes: "snapshot"
})
/** Ticker pushes of one instrument (spot on change; futures every 300-400 ms). */
export const ticker = Channel.make(Ticker)

/** Candle intervals; the `utc` ones close on UTC boundaries. */
export const CandleInterval = Schema.Literal(
  "1m",
  "5m",
  "15m",
  "30m",
  "1H",
  "4H",
  "6H",
  "12H",
  "1D",
  "3D",
  "1W",
  "1M",
  "6Hutc",
  "12Hutc",
  "1Dutc",
  "3Dutc",
  "1Wutc",
  "1Mutc"
)

export const CandleRequest = Schema.Struct({ instType: V2InstType, instId: Symbol, interval: CandleInterval })
export interface CandleRequest extends Schema.Schema.Type<typeof CandleRequest> {}

/** A candle: eight strings on the wire, `[start, open, high, low, close, base, quote, usdt volume]`. */
export const CandleRow = Schema.transform(
  Schema.Tuple([Timestamp, Decimal, Decimal, Decimal, Decimal, Decimal, Decimal, Decimal], Schema.Unknown),
  Schema.Struct({
    start: Schema.typeSchema(Timestamp),
    open: Schema.typeSchema(Decimal),
    high: Schema.typeSchema(Decimal),
    low: Schema.typeSchema(Decimal),
    close: Schema.typeSchema(Decimal),
    baseVolume: Schema.typeSchema(Decimal),
    quoteVolume: Schema.typeSchema(Decimal),
    usdtVolume: Schema.typeSchema(Decimal)
  }),
  {
    strict: true,
    decode: ([start, open, high, low, close, baseVolume, quoteVolume, usdtVolume]) => ({
      start,
      open,
      high,
      low,
      close,
      baseVolume,
      quoteVolume,
      usdtVolume
    }),
    encode: (c) => [c.start, c.open, c.high, c.low, c.close, c.baseVolume, c.quoteVolume, c.usdtVolume] as const
  }
)
export interface CandleRow extends Schema.Schema.Type<typeof CandleRow> {}

export const Candle = Channel.v2({
  name: "websocket.v2Public.candle",
  access: "public",
  request: CandleRequest,
  arg: (request: CandleRequest) => ({
    instType: request.instType,
    channel: `candle${request.interval}`,
    instId: request.instId
  }),
  row: CandleRow,
  pushes: "snapshot"
})
/** Candles of one instrument and interval: a snapshot first, then the changing candles. */
export const candle = Channel.make(Candle)

export const TradeRow = Schema.Struct({
  ts: Timestamp,
  price: Decimal,
  size: Decimal,
  side: OpenEnum("buy", "sell"),
  tradeId: Schema.String
})
export interface TradeRow extends Schema.Schema.Type<typeof TradeRow> {}

export const Trade = Channel.v2({
  name: "websocket.v2Public.trade",
  access: "public",
  request: Instrument,
  arg: instrument("trade"),
  row: TradeRow,
  pushes: "events"
})
/** Public trades (taker prints): recent ones first, then each new one. After a resubscribe, dedupe by `tradeId`. */
export const trade = Channel.make(Trade)

const book = (channel: "books" | "books1" | "books5" | "books15") =>
  Channel.v2({
    name: `websocket.v2Public.${channel}`,
    access: "public",
    request: Instrument,
    arg: instrument(channel),
    row: BookRow,
    pushes: channel === "books" ? "incremental" : "snapshot"
  })

/** The full book: a snapshot, then updates (absolute sizes, `0` deletes) chained by `seq`/`pseq`. See `Book.stream`. */
export const Books = book("books")
export const books = Channel.make(Books)
/** The best level, whole on every push (every 10 ms). */
export const Books1 = book("books1")
export const books1 = Channel.make(Books1)
/** The top 5 levels, whole on every push. */
export const Books5 = book("books5")
export const books5 = Channel.make(Books5)
/** The top 15 levels, whole on every push. */
export const Books15 = book("books15")
export const books15 = Channel.make(Books15)

export const IndexPriceRow = Schema.Struct({
  symbol: Absent.optional(Schema.String),
  indexPrice: Absent.optional(Decimal),
  ts: Absent.optional(Timestamp)
})
export interface IndexPriceRow extends Schema.Schema.Type<typeof IndexPriceRow> {}

export const IndexPrice = Channel.v2({
  name: "websocket.v2Public.indexPrice",
  access: "public",
  request: Schema.Struct({}),
  // Only instType MARGIN with instId `default` is offered (changelog 2025-02-19).
  arg: () => ({ instType: "MARGIN", channel: "index-price", instId: "default" }),
  row: IndexPriceRow,
  pushes: "snapshot"
})
/** Margin index prices (`instType: "MARGIN"`, `instId: "default"`). */
export const indexPrice = Channel.make(IndexPrice)
