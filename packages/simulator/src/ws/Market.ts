/**
 * The public channels, pushed from the world's own state on every tick: tickers, candles, the
 * trade tape (background trades and every simulated fill) and order books. A book is one state
 * per instrument shared by every subscriber and generation, so its `seq` is the exchange's: each
 * update carries `pseq` = the previous update's `seq`, and a snapshot's `seq` is the `pseq` of the
 * update after it (reference §5.1). Books move when the price moves and as the seeded sizes
 * change each second; a push is sent only when something changed (Bitget conflates the same way).
 */
import * as PricePath from "../PricePath.js"
import type { Instrument } from "./Instruments.js"
import * as Wire from "./Wire.js"

/** Levels a side of the full `books` channel (REST's deepest book is 150). */
export const BOOK_DEPTH = 150
/** Candles sent in a candle channel's first snapshot. */
const CANDLE_HISTORY = 50
/** Trades sent in a trade channel's first snapshot. */
const TRADE_HISTORY = 50

/** Where a topic's frames go: one subscribed connection. */
export interface Sink {
  readonly send: (text: string) => void
}

export interface BookState {
  seq: bigint
  readonly asks: Map<string, string>
  readonly bids: Map<string, string>
  /** The change of the current tick, if any (`undefined` when nothing moved). */
  update:
    | { asks: Array<Wire.Level>; bids: Array<Wire.Level>; seq: bigint; pseq: bigint; delivered: boolean }
    | undefined
  /** Updates still to lose on purpose (fault: a skipped `seq`). */
  skip: number
  /** The next update carries `pseq` 0 (fault: a sequence reset after a restart). */
  reset: boolean
}

const sortedLevels = (side: Map<string, string>, descending: boolean): Array<Wire.Level> =>
  [...side.entries()].sort((a, b) => descending ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0]))

export const top = (book: BookState, depth: number) => ({
  asks: sortedLevels(book.asks, false).slice(0, depth),
  bids: sortedLevels(book.bids, true).slice(0, depth)
})

const readBook = (instrument: Instrument, now: number) => {
  const book = PricePath.book(instrument.path(now), instrument.live(), BOOK_DEPTH, now)
  return {
    asks: new Map(book.asks.map((l) => [Wire.dec(l.price), Wire.dec(l.size)])),
    bids: new Map(book.bids.map((l) => [Wire.dec(l.price), Wire.dec(l.size)]))
  }
}

/** A level map's change to `next`: changed or new levels, and removed ones with size "0". */
const diff = (current: Map<string, string>, next: Map<string, string>, descending: boolean): Array<Wire.Level> => {
  const out: Array<Wire.Level> = []
  for (const [price, size] of next) if (current.get(price) !== size) out.push([price, size])
  for (const price of current.keys()) if (!next.has(price)) out.push([price, "0"])
  return out.sort((a, b) => descending ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0]))
}

export class Books {
  readonly states = new Map<string, BookState>()
  /** The first `seq` of a book: above 2^53, as Coin-M books are, so clients must read it exactly. */
  private nextBase = 1_304_314_508_780_744_705n

  state(instrument: Instrument, now: number): BookState {
    let state = this.states.get(instrument.key)
    if (state === undefined) {
      const { asks, bids } = readBook(instrument, now)
      state = { seq: this.nextBase, asks, bids, update: undefined, skip: 0, reset: false }
      this.nextBase += 1_000_000_000n
      this.states.set(instrument.key, state)
    }
    return state
  }

  /** Moves a book to the world's current state; the tick's update (if any) is left on it. */
  advance(instrument: Instrument, state: BookState, now: number): void {
    const next = readBook(instrument, now)
    const asks = diff(state.asks, next.asks, false)
    const bids = diff(state.bids, next.bids, true)
    if (asks.length === 0 && bids.length === 0) {
      state.update = undefined
      return
    }
    for (const [price, size] of asks) {
      if (size === "0") state.asks.delete(price)
      else state.asks.set(price, size)
    }
    for (const [price, size] of bids) {
      if (size === "0") state.bids.delete(price)
      else state.bids.set(price, size)
    }
    const pseq = state.reset ? 0n : state.seq
    state.reset = false
    state.seq += 1n
    const delivered = state.skip === 0
    if (!delivered) state.skip -= 1
    state.update = { asks, bids, seq: state.seq, pseq, delivered }
  }
}

export type Generation = "v2" | "v3"

/** One subscribed (instrument, channel) and who listens to it. */
export interface Topic {
  readonly generation: Generation
  /** The arg exactly as echoed in every frame. */
  readonly argText: string
  readonly instrument: Instrument
  readonly sinks: Set<Sink>
  /** Frames for one new subscriber. */
  readonly initial: (now: number) => ReadonlyArray<string>
  /** Frames for every subscriber after the world moved (books: after `advance`). */
  readonly tick: (now: number) => ReadonlyArray<string>
}

const candleRow = (c: PricePath.Candle, usdt: string) => [
  String(c.ts),
  Wire.dec(c.open),
  Wire.dec(c.high),
  Wire.dec(c.low),
  Wire.dec(c.close),
  Wire.dec(c.baseVolume),
  Wire.dec(c.quoteVolume),
  usdt
]

const candleObject = (c: PricePath.Candle) => ({
  start: String(c.ts),
  open: Wire.dec(c.open),
  close: Wire.dec(c.close),
  high: Wire.dec(c.high),
  low: Wire.dec(c.low),
  volume: Wire.dec(c.baseVolume),
  turnover: Wire.dec(c.quoteVolume)
})

/** V2 candle channels (`candle1m` … `candle1Mutc`) and V3 kline intervals (reference §4.2, §4.4). */
export const v2Intervals = new Set([
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
])
export const v3Intervals = new Set(["1m", "3m", "5m", "15m", "30m", "1H", "4H", "6H", "12H", "1D"])

export const v2Channels = new Set(["ticker", "trade", "books", "books1", "books5", "books15"])
export const v3Topics = new Set(["ticker", "kline", "publicTrade", "books", "books1", "books5", "books50"])

const candleAt = (instrument: Instrument, interval: string, now: number, back: number) => {
  const opens = PricePath.candleOpens(interval, 0, now, back)
  const span = PricePath.granularityMillis(interval)
  const path = instrument.path(now)
  return opens.map((open, i) => PricePath.candle(path, open, span === 0 ? (opens[i + 1] ?? now) - open : span, now))
}

/** Makes the topic of a channel; `undefined` when the channel is not offered. */
export const topic = (
  generation: Generation,
  argText: string,
  instrument: Instrument,
  channel: string,
  interval: string | undefined,
  books: Books
): Topic | undefined => {
  const frame = generation === "v2" ? Wire.push : Wire.pushV3
  const sinks = new Set<Sink>()
  const base = { generation, argText, instrument, sinks }
  if (channel === "ticker") {
    let last = ""
    const row = (now: number) =>
      JSON.stringify([generation === "v2" ? instrument.tickerV2(now) : instrument.tickerV3(now)])
    return {
      ...base,
      initial: (now) => [frame("snapshot", argText, row(now), now)],
      tick: (now) => {
        const data = row(now)
        // The ticker's own `ts` changes every push: compare without it.
        const key = data.replace(/"ts":"\d+"/, "")
        if (key === last) return []
        last = key
        return [frame("snapshot", argText, data, now)]
      }
    }
  }
  if (interval !== undefined) {
    let last = ""
    const row = (c: PricePath.Candle) => generation === "v2" ? candleRow(c, Wire.dec(c.quoteVolume)) : candleObject(c)
    return {
      ...base,
      initial: (now) => {
        // `last` stays: it is what the other subscribers were sent.
        const rows = candleAt(instrument, interval, now, generation === "v2" ? CANDLE_HISTORY : 1).map(row)
        return [frame("snapshot", argText, JSON.stringify(rows), now)]
      },
      tick: (now) => {
        const current = candleAt(instrument, interval, now, 1).map(row)
        const text = JSON.stringify(current[0])
        if (text === last) return []
        last = text
        return [frame("update", argText, JSON.stringify(current), now)]
      }
    }
  }
  if (channel === "trade" || channel === "publicTrade") {
    let lastId = -1n
    const rows = (now: number, since: number, limit: number, below: bigint | undefined) =>
      PricePath.publicTrades(
        instrument.path(now),
        instrument.own(),
        { start: since, end: now, below, limit },
        now + 1
      )
    const write = (trades: ReadonlyArray<PricePath.Trade>) => {
      for (const t of trades) if (BigInt(t.tradeId) > lastId) lastId = BigInt(t.tradeId)
      return JSON.stringify(trades.map((t) =>
        generation === "v2"
          ? { ts: String(t.ts), price: Wire.dec(t.price), size: Wire.dec(t.size), side: t.side, tradeId: t.tradeId }
          : {
            p: Wire.dec(t.price),
            S: t.side,
            T: String(t.ts),
            v: Wire.dec(t.size),
            i: t.tradeId,
            L: t.tradeId,
            isRPI: "no"
          }
      ))
    }
    return {
      ...base,
      initial: (now) => {
        // A new subscriber's snapshot ends where the others' pushes are: newer trades reach
        // everyone with the next tick.
        const trades = rows(now, now - PricePath.millis.DAY, TRADE_HISTORY, lastId < 0n ? undefined : lastId + 1n)
        return [frame("snapshot", argText, write(trades), now)]
      },
      tick: (now) => {
        const trades = rows(now, now - 10 * PricePath.millis.MINUTE, TRADE_HISTORY, undefined).filter((t) =>
          BigInt(t.tradeId) > lastId
        )
        return trades.length === 0 ? [] : [frame("update", argText, write(trades), now)]
      }
    }
  }
  const depth = /^books(\d+)?$/.exec(channel)
  if (depth !== null) {
    const limit = depth[1] === undefined ? undefined : Number(depth[1])
    const write = (
      asks: ReadonlyArray<Wire.Level>,
      bids: ReadonlyArray<Wire.Level>,
      seq: bigint,
      pseq: bigint,
      now: number
    ) =>
      generation === "v2"
        ? Wire.bookV2(asks, bids, seq, pseq, now)
        : Wire.bookV3(asks, bids, seq, pseq, now, limit === undefined ? BOOK_DEPTH : undefined)
    let lastTop = ""
    return {
      ...base,
      initial: (now) => {
        const state = books.state(instrument, now)
        const levels = top(state, limit ?? BOOK_DEPTH)
        return [frame("snapshot", argText, write(levels.asks, levels.bids, state.seq, 0n, now), now)]
      },
      tick: (now) => {
        const state = books.state(instrument, now)
        const update = state.update
        if (update === undefined) return []
        if (limit === undefined) {
          if (!update.delivered) return []
          return [frame("update", argText, write(update.asks, update.bids, update.seq, update.pseq, now), now)]
        }
        // books1/5/15/50: a full snapshot of the top levels each time they change.
        const levels = top(state, limit)
        const text = JSON.stringify(levels)
        if (text === lastTop) return []
        lastTop = text
        return [frame("snapshot", argText, write(levels.asks, levels.bids, state.seq, 0n, now), now)]
      }
    }
  }
  return undefined
}
