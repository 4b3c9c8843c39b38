/**
 * Unified-account (V3) public channels on `wss://ws.bitget.com/v3/ws/public` (reference §4.4):
 * ticker, kline (the interval is its own arg field), books (`books` incremental; `books1/5/50`
 * whole), public trades and liquidations. `instType` is lower case; Coin-M symbols end in `_CM`.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import * as Channel from "./Channel.js"
import { Symbol, V3BookRow, V3InstType } from "./Values.js"

const opt = Absent.optional

/** Which instrument: `{ instType: "spot", symbol: "BTCUSDT" }`. */
export const Instrument = Schema.Struct({ instType: V3InstType, symbol: Symbol })
export interface Instrument extends Schema.Schema.Type<typeof Instrument> {}

const instrument = (topic: string) => (request: Instrument) => ({
  instType: request.instType,
  topic,
  symbol: request.symbol
})

export const TickerRow = Schema.Struct({
  symbol: opt(Schema.String),
  lastPrice: Decimal,
  openPrice24h: opt(Decimal),
  highPrice24h: opt(Decimal),
  lowPrice24h: opt(Decimal),
  bid1Price: opt(Decimal),
  bid1Size: opt(Decimal),
  ask1Price: opt(Decimal),
  ask1Size: opt(Decimal),
  price24hPcnt: opt(Decimal),
  volume24h: opt(Decimal),
  turnover24h: opt(Decimal),
  indexPrice: opt(Decimal),
  markPrice: opt(Decimal),
  fundingRate: opt(Decimal),
  nextFundingTime: opt(Timestamp),
  openInterest: opt(Decimal),
  ts: opt(Timestamp)
})
export interface TickerRow extends Schema.Schema.Type<typeof TickerRow> {}

export const Ticker = Channel.v3({
  name: "websocket.v3Public.ticker",
  access: "public",
  request: Instrument,
  arg: instrument("ticker"),
  row: TickerRow,
  pushes: "snapshot"
})
/** Ticker pushes; futures add index, mark, funding and open interest. */
export const ticker = Channel.make(Ticker)

export const KlineInterval = Schema.Literal("1m", "3m", "5m", "15m", "30m", "1H", "4H", "6H", "12H", "1D")

export const KlineRequest = Schema.Struct({ instType: V3InstType, symbol: Symbol, interval: KlineInterval })
export interface KlineRequest extends Schema.Schema.Type<typeof KlineRequest> {}

export const KlineRow = Schema.Struct({
  start: Timestamp,
  open: Decimal,
  high: Decimal,
  low: Decimal,
  close: Decimal,
  volume: Decimal,
  turnover: opt(Decimal)
})
export interface KlineRow extends Schema.Schema.Type<typeof KlineRow> {}

export const Kline = Channel.v3({
  name: "websocket.v3Public.kline",
  access: "public",
  request: KlineRequest,
  arg: (r: KlineRequest) => ({ instType: r.instType, topic: "kline", symbol: r.symbol, interval: r.interval }),
  row: KlineRow,
  pushes: "snapshot"
})
/** Candles of one symbol and interval. */
export const kline = Channel.make(Kline)

const book = (topic: "books" | "books1" | "books5" | "books50") =>
  Channel.v3({
    name: `websocket.v3Public.${topic}`,
    access: "public",
    request: Instrument,
    arg: instrument(topic),
    row: V3BookRow,
    pushes: topic === "books" ? "incremental" : "snapshot"
  })

/** The full book (up to `maxDepth` levels): a snapshot, then updates chained by `seq`/`pseq`. See `Book.stream`. */
export const Books = book("books")
export const books = Channel.make(Books)
/** The best level, whole on every push. */
export const Books1 = book("books1")
export const books1 = Channel.make(Books1)
/** The top 5 levels, whole on every push. */
export const Books5 = book("books5")
export const books5 = Channel.make(Books5)
/** The top 50 levels, whole on every push. */
export const Books50 = book("books50")
export const books50 = Channel.make(Books50)

/** A public trade: V3 spells its fields with one letter. */
export const PublicTradeRow = Schema.Struct({
  /** Trade id. */
  i: Schema.String,
  /** Price. */
  p: Decimal,
  /** Size. */
  v: Decimal,
  /** Taker side. */
  S: OpenEnum("buy", "sell"),
  /** Match time. */
  T: Timestamp,
  L: opt(Schema.String),
  isRPI: opt(OpenEnum("yes", "no"))
})
export interface PublicTradeRow extends Schema.Schema.Type<typeof PublicTradeRow> {}

export const PublicTrade = Channel.v3({
  name: "websocket.v3Public.publicTrade",
  access: "public",
  request: Instrument,
  arg: instrument("publicTrade"),
  row: PublicTradeRow,
  pushes: "events"
})
/** Public trades; dedupe by `i` after a resubscribe. */
export const publicTrade = Channel.make(PublicTrade)

export const LiquidationRow = Schema.Struct({
  symbol: opt(Schema.String),
  side: opt(OpenEnum("buy", "sell")),
  price: opt(Decimal),
  size: opt(Decimal),
  amount: opt(Decimal),
  ts: opt(Timestamp)
})
export interface LiquidationRow extends Schema.Schema.Type<typeof LiquidationRow> {}

export const Liquidation = Channel.v3({
  name: "websocket.v3Public.liquidation",
  access: "public",
  request: Instrument,
  arg: instrument("liquidation"),
  row: LiquidationRow,
  pushes: "events"
})
/** Liquidations (unified accounts only). */
export const liquidation = Channel.make(Liquidation)
