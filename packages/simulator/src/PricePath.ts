/**
 * One deterministic price history per symbol, behind the live price that tests move. The path's
 * shape is a sum of slow waves and a minute-level wiggle seeded by the symbol's name; it is scaled
 * so that at `now` it equals the live price. Candles of any granularity, the public trade tape,
 * 24 h tickers and funding rates are all read from it, so they agree with each other and with
 * the price orders fill at.
 */
import * as BD from "effect/BigDecimal"
import { seedOf } from "./Generate.js"

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** A stable number in [0, 1) for `(seed, n)`. */
export const unit = (seed: number, n: number): number => {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(n | 0, 0xc2b2ae35) ^
    Math.imul((n / 4294967296) | 0, 0x27d4eb2f)
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d)
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b)
  h ^= h >>> 16
  return (h >>> 0) / 4294967296
}

/** The log-multiplier of the path at `t`: waves of ~9 days, ~1.7 days, ~3 hours, ~17 minutes and a minute wiggle. */
const shape = (seed: number, t: number): number => {
  const phase = (k: number) => unit(seed, k) * 2 * Math.PI
  const minute = Math.floor(t / MINUTE)
  const frac = (t - minute * MINUTE) / MINUTE
  const wiggle = (unit(seed, minute) * (1 - frac) + unit(seed, minute + 1) * frac - 0.5) * 0.002
  return 0.03 * Math.sin((2 * Math.PI * t) / (9.3 * DAY) + phase(-1)) +
    0.012 * Math.sin((2 * Math.PI * t) / (1.7 * DAY) + phase(-2)) +
    0.004 * Math.sin((2 * Math.PI * t) / (3.1 * HOUR) + phase(-3)) +
    0.0015 * Math.sin((2 * Math.PI * t) / (17 * MINUTE) + phase(-4)) +
    wiggle
}

export interface Path {
  readonly symbol: string
  /** Decimal places of its prices. */
  readonly pricePlace: number
  /** Decimal places of its sizes. */
  readonly sizePlace: number
  /** The path's price at `t` (a float; `at` rounds it). */
  readonly raw: (t: number) => number
  /** The price at `t`, rounded to the symbol's precision. */
  readonly at: (t: number) => BD.BigDecimal
}

/** The path of `symbol` whose price at `now` is `live`. */
export const make = (
  symbol: string,
  live: BD.BigDecimal,
  now: number,
  places: { readonly price: number; readonly size: number }
): Path => {
  const seed = seedOf(symbol)
  const liveNumber = BD.unsafeToNumber(live)
  const base = shape(seed, now)
  const raw = (t: number) => t >= now ? liveNumber : liveNumber * Math.exp(shape(seed, t) - base)
  return {
    symbol,
    pricePlace: places.price,
    sizePlace: places.size,
    raw,
    at: (t) => t >= now ? live : round(raw(t), places.price)
  }
}

/** A positive float as a decimal of `places` places (never below one unit of the last place). */
export const round = (value: number, places: number): BD.BigDecimal => {
  const unitValue = 10 ** -places
  const clamped = Math.max(value, unitValue)
  return BD.normalize(BD.unsafeFromString(clamped.toFixed(places)))
}

/** Milliseconds of a granularity (`1min`, `1m`, `1h`, `1H`, `1day`, `1D`, `1week`, `1W`, `6Hutc` …); months are 0. */
export const granularityMillis = (granularity: string): number => {
  const match = /^(\d+)(min|m|h|H|day|D|Dutc|Hutc|week|W|Wutc|M|Mutc)$/.exec(granularity)
  if (match === null) return HOUR
  const n = Number(match[1])
  switch (match[2]) {
    case "min":
    case "m":
      return n * MINUTE
    case "h":
    case "H":
    case "Hutc":
      return n * HOUR
    case "day":
    case "D":
    case "Dutc":
      return n * DAY
    case "week":
    case "W":
    case "Wutc":
      return n * 7 * DAY
    default:
      return 0
  }
}

/** The open times of candles of `granularity` with `start ≤ open ≤ end`, the newest `limit`, oldest first. */
export const candleOpens = (granularity: string, start: number, end: number, limit: number): Array<number> => {
  const step = granularityMillis(granularity)
  const opens: Array<number> = []
  if (step === 0) {
    // Calendar months (UTC).
    const date = new Date(end)
    let year = date.getUTCFullYear()
    let month = date.getUTCMonth()
    while (opens.length < limit) {
      const open = Date.UTC(year, month, 1)
      if (open < start) break
      opens.push(open)
      month -= 1
      if (month < 0) {
        month = 11
        year -= 1
      }
    }
    return opens.reverse()
  }
  // Weeks open on Monday (the epoch was a Thursday).
  const offset = step % (7 * DAY) === 0 ? 4 * DAY : 0
  let open = Math.floor((end - offset) / step) * step + offset
  while (opens.length < limit && open >= start && open >= 0) {
    opens.push(open)
    open -= step
  }
  return opens.reverse()
}

export interface Candle {
  readonly ts: number
  readonly open: BD.BigDecimal
  readonly high: BD.BigDecimal
  readonly low: BD.BigDecimal
  readonly close: BD.BigDecimal
  /** Volume in the base coin. */
  readonly baseVolume: BD.BigDecimal
  /** Volume in the quote coin. */
  readonly quoteVolume: BD.BigDecimal
}

/** Traded value per hour in the quote coin's units of USD, before the path's own variation. */
const HOURLY_NOTIONAL = 2_000_000

/** The candle opening at `open` and lasting `span` ms (cut at `now` for the current one). */
export const candle = (path: Path, open: number, span: number, now: number): Candle => {
  const end = Math.min(open + span, now)
  const first = path.raw(open)
  const last = path.raw(end)
  let high = Math.max(first, last)
  let low = Math.min(first, last)
  const samples = Math.min(48, Math.max(2, Math.floor((end - open) / MINUTE)))
  for (let i = 1; i < samples; i++) {
    const p = path.raw(open + ((end - open) * i) / samples)
    if (p > high) high = p
    if (p < low) low = p
  }
  const seed = seedOf(path.symbol)
  high *= 1 + unit(seed, Math.floor(open / MINUTE) * 3 + 1) * 0.0004
  low *= 1 - unit(seed, Math.floor(open / MINUTE) * 3 + 2) * 0.0004
  const hours = Math.max(end - open, MINUTE) / HOUR
  const mid = (first + last) / 2
  const notional = HOURLY_NOTIONAL * hours * (0.5 + unit(seed, Math.floor(open / MINUTE) * 3))
  const baseVolume = notional / mid
  const openPrice = path.at(open)
  const closePrice = path.at(end)
  const highPrice = BD.max(BD.max(round(high, path.pricePlace), openPrice), closePrice)
  const lowPrice = BD.min(BD.min(round(low, path.pricePlace), openPrice), closePrice)
  return {
    ts: open,
    open: openPrice,
    high: highPrice,
    low: lowPrice,
    close: closePrice,
    baseVolume: round(baseVolume, path.sizePlace),
    quoteVolume: round(baseVolume * mid, 4)
  }
}

/**
 * The candle of `[open, open + span)` widened to the trades made in it: the accounts' own fills
 * are trades on the tape too, so a candle's high and low hold every fill's price.
 */
export const including = (
  c: Candle,
  span: number,
  trades: ReadonlyArray<{ readonly time: number; readonly price: BD.BigDecimal }>
): Candle => {
  let high = c.high
  let low = c.low
  for (const trade of trades) {
    if (trade.time < c.ts || trade.time >= c.ts + span) continue
    high = BD.max(high, trade.price)
    low = BD.min(low, trade.price)
  }
  return high === c.high && low === c.low ? c : { ...c, high, low }
}

/**
 * The 24 h summary behind a ticker: the price 24 h ago, and the high, low and volumes of the
 * hourly candles since, so the ticker agrees with the candles a client reads.
 */
export const day = (path: Path, now: number): Candle => {
  const open = path.at(now - DAY)
  let high = open
  let low = open
  let baseVolume = BD.unsafeFromString("0")
  let quoteVolume = BD.unsafeFromString("0")
  for (const start of candleOpens("1h", now - DAY, now, 25)) {
    const hour = candle(path, start, HOUR, now)
    high = BD.max(high, hour.high)
    low = BD.min(low, hour.low)
    baseVolume = BD.sum(baseVolume, hour.baseVolume)
    quoteVolume = BD.sum(quoteVolume, hour.quoteVolume)
  }
  return { ts: now - DAY, open, high, low, close: path.at(now), baseVolume, quoteVolume }
}

export interface Trade {
  readonly tradeId: string
  readonly side: "buy" | "sell"
  readonly price: BD.BigDecimal
  readonly size: BD.BigDecimal
  readonly ts: number
}

/** Background trades: one per slot of this many ms (a minute), at a seeded moment within it. */
export const TAPE_SLOT = 60_000

/** The public trade id of a trade at `ts` (ms): ids grow with time, so cursors by id walk back in time. */
export const tapeId = (ts: number, k: number): string => String(BigInt(ts) * 1000n + BigInt(k))

/** The background trade of slot `n` (the `n`-th `TAPE_SLOT` since the epoch). */
export const tapeTrade = (path: Path, n: number): Trade => {
  const seed = seedOf(path.symbol) ^ 0x5bd1e995
  const ts = n * TAPE_SLOT + Math.floor(unit(seed, n) * TAPE_SLOT)
  const price = path.raw(ts)
  const notional = 50 + unit(seed, n + 7919) * 5000
  return {
    tradeId: tapeId(ts, 1),
    side: unit(seed, n + 104729) < 0.5 ? "buy" : "sell",
    price: path.at(ts),
    size: round(notional / price, path.sizePlace),
    ts
  }
}

/** Background trades with `start ≤ ts ≤ end` (and before `now`), newest first, at most `limit`. */
export const tape = (path: Path, start: number, end: number, now: number, limit: number): Array<Trade> => {
  const out: Array<Trade> = []
  const last = Math.min(end, now - 1)
  for (let n = Math.floor(last / TAPE_SLOT); out.length < limit && n * TAPE_SLOT + TAPE_SLOT > start; n--) {
    const trade = tapeTrade(path, n)
    if (trade.ts > last || trade.ts < start) continue
    out.push(trade)
  }
  return out
}

/**
 * The funding rate settled at `t` (a funding time): small, of either sign, following the path's
 * recent move (a rising market pays longs' funding), within ±0.3%.
 */
export const fundingRate = (path: Path, t: number, interval: number): BD.BigDecimal => {
  const move = (path.raw(t) - path.raw(t - interval)) / path.raw(t - interval)
  const seed = seedOf(path.symbol) ^ 0x27d4eb2f
  const rate = Math.max(
    -0.003,
    Math.min(0.003, 0.0001 + move * 0.05 + (unit(seed, Math.floor(t / HOUR)) - 0.5) * 0.0001)
  )
  return BD.normalize(BD.unsafeFromString(rate.toFixed(6)))
}

export const millis = { MINUTE, HOUR, DAY } as const

export interface Book {
  /** Best (highest) first, all below the live price. */
  readonly bids: ReadonlyArray<{ readonly price: BD.BigDecimal; readonly size: BD.BigDecimal }>
  /** Best (lowest) first, all above the live price. */
  readonly asks: ReadonlyArray<{ readonly price: BD.BigDecimal; readonly size: BD.BigDecimal }>
}

/**
 * An order book of `depth` levels a side around the live price: levels a tick-rounded 0.005%
 * apart, the best bid one step below and the best ask one step above the price, sizes seeded
 * (the same book for the same price and second).
 */
export const book = (path: Path, live: BD.BigDecimal, depth: number, now: number): Book => {
  const tick = BD.make(1n, path.pricePlace)
  const wanted = BD.round(BD.multiply(live, BD.unsafeFromString("0.00005")), {
    scale: path.pricePlace,
    mode: "half-even"
  })
  const step = BD.max(tick, wanted)
  const seed = seedOf(path.symbol) ^ Math.floor(now / 1000)
  const price = BD.unsafeToNumber(live)
  const bids: Array<{ price: BD.BigDecimal; size: BD.BigDecimal }> = []
  const asks: Array<{ price: BD.BigDecimal; size: BD.BigDecimal }> = []
  for (let k = 1; k <= depth; k++) {
    const offset = BD.multiply(step, BD.fromBigInt(BigInt(k)))
    const bid = BD.normalize(BD.subtract(live, offset))
    if (BD.isPositive(bid)) {
      bids.push({ price: bid, size: round((200 + unit(seed, 2 * k) * 20_000) / price, path.sizePlace) })
    }
    asks.push({
      price: BD.normalize(BD.sum(live, offset)),
      size: round((200 + unit(seed, 2 * k + 1) * 20_000) / price, path.sizePlace)
    })
  }
  return { bids, asks }
}

/**
 * How far back candles of a granularity reach, as Bitget documents it for the candles endpoint
 * (https://www.bitget.com/api-doc/spot/market/Get-Candle-Data: 1m–5m one month, 15m 52 days,
 * 30m 62 days, 1H 83 days, 4H 240 days, 6H 360 days); longer ones reach three years here.
 */
export const reach = (granularity: string): number => {
  const step = granularityMillis(granularity)
  if (step === 0 || step >= 12 * HOUR) return 3 * 365 * DAY
  if (step <= 5 * MINUTE) return 30 * DAY
  if (step <= 15 * MINUTE) return 52 * DAY
  if (step <= 30 * MINUTE) return 62 * DAY
  if (step <= HOUR) return 83 * DAY
  if (step <= 4 * HOUR) return 240 * DAY
  return 360 * DAY
}

export interface Range {
  readonly start: number
  readonly end: number
  /** Only trades whose id is below this one (an `idLessThan` cursor). */
  readonly below: bigint | undefined
  readonly limit: number
}

/**
 * The public tape of a symbol: the background trades and the simulated fills (`own`, in the
 * order they happened), newest first, ids growing with time so an `idLessThan` cursor walks back.
 */
export const publicTrades = (
  path: Path,
  own: ReadonlyArray<
    {
      readonly price: BD.BigDecimal
      readonly size: BD.BigDecimal
      readonly side: "buy" | "sell"
      readonly cTime: number
    }
  >,
  range: Range,
  now: number
): Array<Trade> => {
  const mine: Array<Trade> = []
  own.forEach((fill, i) => {
    if (fill.cTime < range.start || fill.cTime > range.end) return
    mine.push({
      tradeId: tapeId(fill.cTime, 2 + (i % 997)),
      side: fill.side,
      price: fill.price,
      size: fill.size,
      ts: fill.cTime
    })
  })
  const end = range.below === undefined ? range.end : Math.min(range.end, Number(range.below / 1000n))
  // One more than asked: the trade at the cursor itself is dropped by the id filter.
  const background = tape(path, range.start, end, now, range.limit + mine.length + 1)
  return [...background, ...mine]
    .filter((t) => range.below === undefined || BigInt(t.tradeId) < range.below)
    .sort((a, b) => (BigInt(b.tradeId) > BigInt(a.tradeId) ? 1 : -1))
    .slice(0, range.limit)
}
