/**
 * What every line's seeded history shares: the rounds' times, the accounts seeded, and a way to
 * do something at a moment of the past with the spot world's price set to the one price path's.
 */
import * as BD from "effect/BigDecimal"
import * as PricePath from "../PricePath.js"
import * as Pairs from "../spot/Pairs.js"
import type { World as SpotWorld } from "../spot/World.js"

export const { DAY, HOUR, MINUTE } = PricePath.millis
export const SECOND = 1000

/** Rounds a day, and how far apart. */
export const ROUNDS_PER_DAY = 4
export const STEP = DAY / ROUNDS_PER_DAY

/** The most days the command line and the option accept (the candles' longest reach, three years). */
export const MAX_DAYS = 3 * 365

/** The start time of round `i` of a history of `days` days ending at `now`. */
export const roundTime = (now: number, days: number, i: number): number => now - days * DAY + i * STEP + 7 * MINUTE

/**
 * What a sub-account (which starts empty) is given before its first round, in USDT: enough for
 * the fees, interest and price moves of `days` days of rounds (about 5 USDT a day at most).
 */
export const subFunding = (days: number): BD.BigDecimal => BD.fromBigInt(BigInt(1000 + 10 * days))

/** An account whose past is seeded: the main account, or one of its sub-accounts (which start empty). */
export interface Seeded {
  readonly uid: string
  /** The main account a sub-account belongs to; `undefined` for the main account. */
  readonly parentUid: string | undefined
}

/**
 * Runs `run` with a spot symbol's price at the path's price of `t`, then puts the live price back
 * (nothing else reacts: no resting order or plan sees the past price).
 */
export const pricedAt = (world: SpotWorld, symbol: string, now: number) => {
  const pair = Pairs.bySymbol.get(symbol)!
  const live = world.prices.get(symbol)!
  const path = PricePath.make(symbol, live, now, { price: pair.pricePrecision, size: pair.quantityPrecision })
  const at = <A>(t: number, run: () => A): A => {
    world.prices.set(symbol, path.at(t))
    try {
      return run()
    } finally {
      world.prices.set(symbol, live)
    }
  }
  /** What a buy of `bought` base (less its fee, in base) leaves to sell, at the pair's size precision. */
  const held = (bought: { readonly baseVolume: BD.BigDecimal; readonly fee: BD.BigDecimal }) =>
    BD.round(BD.subtract(bought.baseVolume, bought.fee), { scale: pair.quantityPrecision, mode: "floor" })
  return { path, at, held, pair }
}
