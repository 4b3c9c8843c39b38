/**
 * Seeded account histories (`Simulator.layer({ history: DAYS })`, `--history DAYS`): what the
 * main account did over the DAYS before the simulator started, written through the worlds' own
 * rules so every list agrees with every other. Four rounds a day, six hours apart; each round:
 *
 * - spot: a deposit of 100 USDT, a market buy of 100 USDT of BTC, three hours later a market sell
 *   of what it bought and a withdrawal of 100 USDT (fills, orders, bills, wallet records); once a
 *   day also a transfer to `usdt_futures` and back, and a plan order cancelled an hour later;
 * - futures: a market buy of 0.01 BTCUSDT an hour in, closed by a market sell three hours later
 *   (fills, orders, bills, closed positions);
 * - unified (V3): once a day a deposit and a withdrawal of 1 USDT.
 *
 * Every fill is at the price the one price path had at that moment (`PricePath`), the path the
 * candles, tickers and the public tape are read from, so a fill lies inside its candle. The live
 * prices and the marks are left as they were.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import type { Domain } from "./Domain.js"
import type { FuturesControl } from "./futures/FuturesDomain.js"
import * as MarketData from "./futures/MarketDataRoutes.js"
import * as PricePath from "./PricePath.js"
import * as Ops from "./spot/Operations.js"
import * as Pairs from "./spot/Pairs.js"
import type { SpotControl } from "./spot/SpotDomain.js"
import type { UnifiedWalletControl } from "./unified/WalletDomain.js"

const { DAY, HOUR, MINUTE } = PricePath.millis
const SECOND = 1000

/** Rounds a day, and how far apart. */
export const ROUNDS_PER_DAY = 4
const STEP = DAY / ROUNDS_PER_DAY

/** The most days the command line and the option accept (the candles' longest reach, three years). */
export const MAX_DAYS = 3 * 365

const SPOT = "BTCUSDT"
const FUTURES = "BTCUSDT"
const dec = Decimal.unsafeMake

/** The start time of round `i` of a history of `days` days ending at `now`. */
export const roundTime = (now: number, days: number, i: number): number => now - days * DAY + i * STEP + 7 * MINUTE

/** Writes `days` days of history before `now` into the domains' worlds. */
export const seed = (domains: ReadonlyMap<string, Domain>, uid: string, days: number, now: number): void => {
  if (!Number.isInteger(days) || days < 0 || days > MAX_DAYS) {
    throw new Error(`history: expected a whole number of days from 0 to ${MAX_DAYS}, got ${days}`)
  }
  if (days === 0) return
  const rounds = days * ROUNDS_PER_DAY
  const spot = domains.get("spot")?.control as SpotControl | undefined
  if (spot !== undefined) seedSpot(spot, uid, rounds, days, now)
  const futures = domains.get("futures")?.control as FuturesControl | undefined
  if (futures !== undefined) seedFutures(futures, uid, rounds, days, now)
  const unified = domains.get("unifiedWallet")?.control as UnifiedWalletControl | undefined
  unified?.history({ count: days, from: now - days * DAY + 30 * MINUTE, step: DAY })
}

const seedSpot = (control: SpotControl, uid: string, rounds: number, days: number, now: number) => {
  const world = control.world
  const pair = Pairs.bySymbol.get(SPOT)!
  const live = world.prices.get(SPOT)!
  const path = PricePath.make(SPOT, live, now, { price: pair.pricePrecision, size: pair.quantityPrecision })
  // Trades at the path's price of the moment, then puts the live price back (no order or plan reacts).
  const at = <A>(t: number, run: () => A): A => {
    world.prices.set(SPOT, path.at(t))
    try {
      return run()
    } finally {
      world.prices.set(SPOT, live)
    }
  }
  const market = (side: "buy" | "sell", size: BD.BigDecimal, t: number) =>
    at(t, () =>
      Effect.runSync(world.place({
        uid,
        symbol: SPOT,
        side,
        orderType: "market",
        force: "gtc",
        price: undefined,
        size,
        clientOid: undefined
      }, t)))
  const transfer = (fromType: string, toType: string, t: number) =>
    Effect.runSync(Ops.transferFunds(world, {
      fromUid: uid,
      toUid: uid,
      owner: uid,
      fromType,
      toType,
      coin: "USDT",
      amount: dec("10"),
      clientOid: undefined
    }, t))
  for (let i = 0; i < rounds; i++) {
    const t = roundTime(now, days, i)
    const daily = i % ROUNDS_PER_DAY === 0
    Ops.deposit(world, uid, "USDT", dec("100"), t)
    const bought = market("buy", dec("100"), t + SECOND)
    if (daily) {
      transfer("spot", "usdt_futures", t + 2 * SECOND)
      const plan = at(t + 3 * SECOND, () =>
        Effect.runSync(Ops.placePlan(world, uid, {
          symbol: SPOT,
          side: "buy",
          triggerPrice: BD.round(BD.multiply(path.at(t), dec("0.9")), { scale: pair.pricePrecision }),
          orderType: "market",
          size: dec("50"),
          triggerType: "fill_price"
        }, t + 3 * SECOND)))
      plan.status = "cancelled"
      plan.uTime = t + HOUR
    }
    const held = BD.subtract(bought.baseVolume, bought.fee)
    const close = 3 * HOUR
    market("sell", BD.round(held, { scale: pair.quantityPrecision, mode: "floor" }), t + close)
    Effect.runSync(Ops.withdraw(world, uid, {
      coin: "USDT",
      size: dec("100"),
      address: "sim-withdraw-address",
      chain: "erc20",
      dest: "on_chain",
      clientOid: undefined
    }, t + close + SECOND))
    if (daily) transfer("usdt_futures", "spot", t + close + 2 * SECOND)
  }
}

const seedFutures = (control: FuturesControl, uid: string, rounds: number, days: number, now: number) => {
  const world = control.world
  const contract = world.contract(FUTURES, "USDT-FUTURES")
  const live = world.mark(FUTURES)
  const path = MarketData.pathOf(world, contract, now)
  const market = (side: "buy" | "sell", t: number) => {
    world.marks.set(FUTURES, path.at(t))
    try {
      world.place(uid, {
        symbol: FUTURES,
        productType: contract.productType,
        marginCoin: "USDT",
        marginMode: "crossed",
        size: dec("0.01"),
        side,
        orderType: "market"
      }, t)
    } finally {
      world.marks.set(FUTURES, live)
    }
  }
  for (let i = 0; i < rounds; i++) {
    const t = roundTime(now, days, i)
    market("buy", t + HOUR)
    market("sell", t + 4 * HOUR)
  }
}
