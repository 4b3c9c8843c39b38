/**
 * What the public channels read, per instrument: the spot world's pairs and the futures world's
 * contracts, each with its live price, its price path and its own fills, so a pushed ticker,
 * candle, trade or book agrees with what REST answers at the same moment (one world, many views).
 */
import * as BD from "effect/BigDecimal"
import type { ContractDef } from "../futures/Contracts.js"
import * as FuturesData from "../futures/MarketDataRoutes.js"
import type { World as FuturesWorld } from "../futures/World.js"
import * as PricePath from "../PricePath.js"
import * as Pairs from "../spot/Pairs.js"
import type { World as SpotWorld } from "../spot/World.js"
import { dec } from "./Wire.js"

export interface OwnTrade {
  readonly price: BD.BigDecimal
  readonly size: BD.BigDecimal
  readonly side: "buy" | "sell"
  readonly cTime: number
}

export interface Instrument {
  /** `spot|BTCUSDT`, `futures|BTCUSDT`: books are shared by every channel and generation of it. */
  readonly key: string
  readonly symbol: string
  readonly futures: boolean
  readonly path: (now: number) => PricePath.Path
  readonly live: () => BD.BigDecimal
  readonly own: () => ReadonlyArray<OwnTrade>
  /** The V2 ticker row (strings), spot or futures fields. */
  readonly tickerV2: (now: number) => Record<string, string>
  /** The V3 ticker row. */
  readonly tickerV3: (now: number) => Record<string, string>
}

export interface Worlds {
  readonly spot: SpotWorld | undefined
  readonly futures: FuturesWorld | undefined
}

/** The V2 product types of the futures world (upper case, as V2 requires). */
export const futuresTypes = new Set(["USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"])
/** V3 public instTypes (lower case). */
export const v3Types = new Set(["spot", "usdt-futures", "coin-futures", "usdc-futures"])

/** The 24 h summary is costly (25 hourly candles): kept per price and minute. */
const dayCache = new WeakMap<object, Map<string, PricePath.Candle>>()
const dayOf = (owner: object, path: PricePath.Path, live: BD.BigDecimal, now: number) => {
  let cache = dayCache.get(owner)
  if (cache === undefined) {
    cache = new Map()
    dayCache.set(owner, cache)
  }
  const key = `${path.symbol}|${dec(live)}|${Math.floor(now / 60_000)}`
  let day = cache.get(key)
  if (day === undefined) {
    if (cache.size > 1000) cache.clear()
    day = PricePath.day(path, now)
    cache.set(key, day)
  }
  return day
}

const change = (live: BD.BigDecimal, from: BD.BigDecimal) =>
  dec(BD.round(BD.unsafeDivide(BD.subtract(live, from), from), { scale: 4, mode: "half-even" }))

const spotInstrument = (world: SpotWorld, pair: Pairs.PairDef): Instrument => {
  const live = () => world.prices.get(pair.symbol)!
  const path = (now: number) =>
    PricePath.make(pair.symbol, live(), now, { price: pair.pricePrecision, size: pair.quantityPrecision })
  const summary = (now: number) => {
    const price = live()
    const p = path(now)
    const day = dayOf(world, p, price, now)
    const top = PricePath.book(p, price, 1, now)
    const openUtc = p.at(Math.floor(now / PricePath.millis.DAY) * PricePath.millis.DAY)
    return { price, day, top, openUtc }
  }
  return {
    key: `spot|${pair.symbol}`,
    symbol: pair.symbol,
    futures: false,
    path,
    live,
    own: () => world.fills.filter((f) => f.symbol === pair.symbol && f.account === "spot"),
    tickerV2: (now) => {
      const { day, openUtc, price, top } = summary(now)
      return {
        instId: pair.symbol,
        lastPr: dec(price),
        open24h: dec(day.open),
        high24h: dec(day.high),
        low24h: dec(day.low),
        change24h: change(price, day.open),
        bidPr: dec(top.bids[0]!.price),
        askPr: dec(top.asks[0]!.price),
        bidSz: dec(top.bids[0]!.size),
        askSz: dec(top.asks[0]!.size),
        baseVolume: dec(day.baseVolume),
        quoteVolume: dec(day.quoteVolume),
        openUtc: dec(openUtc),
        changeUtc24h: change(price, openUtc),
        ts: String(now)
      }
    },
    tickerV3: (now) => {
      const { day, price, top } = summary(now)
      return {
        highPrice24h: dec(day.high),
        lowPrice24h: dec(day.low),
        openPrice24h: dec(day.open),
        lastPrice: dec(price),
        turnover24h: dec(day.quoteVolume),
        volume24h: dec(day.baseVolume),
        bid1Price: dec(top.bids[0]!.price),
        ask1Price: dec(top.asks[0]!.price),
        bid1Size: dec(top.bids[0]!.size),
        ask1Size: dec(top.asks[0]!.size),
        price24hPcnt: change(price, day.open)
      }
    }
  }
}

const futuresInstrument = (world: FuturesWorld, c: ContractDef): Instrument => {
  const live = () => world.mark(c.symbol)
  const path = (now: number) => FuturesData.pathOf(world, c, now)
  const summary = (now: number) => {
    const price = live()
    const p = path(now)
    const day = dayOf(world, p, price, now)
    const top = PricePath.book(p, price, 1, now)
    const openUtc = p.at(Math.floor(now / PricePath.millis.DAY) * PricePath.millis.DAY)
    return { price, day, top, openUtc }
  }
  return {
    key: `futures|${c.symbol}`,
    symbol: c.symbol,
    futures: true,
    path,
    live,
    own: () =>
      world.fills.filter((f) => f.symbol === c.symbol && f.tradeScope === "taker").map((f) => ({
        price: f.price,
        size: f.size,
        side: f.side,
        cTime: f.cTime
      })),
    tickerV2: (now) => {
      const { day, openUtc, price, top } = summary(now)
      return {
        instId: c.symbol,
        lastPr: dec(price),
        bidPr: dec(top.bids[0]!.price),
        askPr: dec(top.asks[0]!.price),
        bidSz: dec(top.bids[0]!.size),
        askSz: dec(top.asks[0]!.size),
        open24h: dec(day.open),
        high24h: dec(day.high),
        low24h: dec(day.low),
        change24h: change(price, day.open),
        fundingRate: dec(FuturesData.currentRate(world, c, now)),
        nextFundingTime: String(FuturesData.nextFunding(now)),
        markPrice: dec(price),
        indexPrice: dec(FuturesData.indexOf(price, c)),
        holdingAmount: dec(FuturesData.openInterest(world, c, now)),
        baseVolume: dec(day.baseVolume),
        quoteVolume: dec(day.quoteVolume),
        openUtc: dec(openUtc),
        symbolType: c.symbolType === "perpetual" ? "1" : "2",
        symbol: c.symbol,
        deliveryPrice: "0",
        ts: String(now)
      }
    },
    tickerV3: (now) => {
      const { day, price, top } = summary(now)
      return {
        highPrice24h: dec(day.high),
        lowPrice24h: dec(day.low),
        openPrice24h: dec(day.open),
        lastPrice: dec(price),
        turnover24h: dec(day.quoteVolume),
        volume24h: dec(day.baseVolume),
        bid1Price: dec(top.bids[0]!.price),
        ask1Price: dec(top.asks[0]!.price),
        bid1Size: dec(top.bids[0]!.size),
        ask1Size: dec(top.asks[0]!.size),
        price24hPcnt: change(price, day.open),
        indexPrice: dec(FuturesData.indexOf(price, c)),
        markPrice: dec(price),
        fundingRate: dec(FuturesData.currentRate(world, c, now)),
        nextFundingTime: String(FuturesData.nextFunding(now)),
        openInterest: dec(FuturesData.openInterest(world, c, now))
      }
    }
  }
}

/** Looks instruments up by (instType, symbol) in either generation's spelling. */
export const make = (worlds: Worlds) => {
  const cache = new Map<string, Instrument>()
  return (instType: string, symbol: string): Instrument | undefined => {
    const type = instType.toUpperCase()
    // V3 names Coin-M contracts `BTCUSD_CM` (reference §4.4).
    const name = type === "COIN-FUTURES" ? symbol.replace(/_CM$/, "") : symbol
    const key = `${type}|${name}`
    const known = cache.get(key)
    if (known !== undefined) return known
    let made: Instrument | undefined
    if (type === "SPOT" && worlds.spot !== undefined) {
      const pair = Pairs.bySymbol.get(name)
      if (pair !== undefined && worlds.spot.prices.has(name)) made = spotInstrument(worlds.spot, pair)
    } else if (futuresTypes.has(type) && worlds.futures !== undefined) {
      const c = worlds.futures.contracts.get(name)
      if (c !== undefined && c.productType === type) made = futuresInstrument(worlds.futures, c)
    }
    if (made !== undefined) cache.set(key, made)
    return made
  }
}

export type Lookup = ReturnType<typeof make>
