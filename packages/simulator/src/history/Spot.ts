/**
 * Seeded spot history, one round of one account at a time (see `History.ts`): a deposit of 100
 * USDT, a market buy of 100 USDT of BTC, three hours later a market sell of what it bought and a
 * withdrawal of 100 USDT; once a day also a transfer of 10 USDT to `usdt_futures` and back, and a
 * plan order cancelled an hour later. The demo side trades the demo pair (`SBTCSUSDT`) with the
 * demo coins, its own balances: a buy of 100 SUSDT and its sell, no deposits (demo coins move on
 * no chain).
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Ops from "../spot/Operations.js"
import type { World } from "../spot/World.js"
import { HOUR, MINUTE, pricedAt, ROUNDS_PER_DAY, SECOND, type Seeded, subFunding } from "./Round.js"

const SYMBOL = "BTCUSDT"
const DEMO_SYMBOL = "SBTCSUSDT"
const dec = Decimal.unsafeMake

export const make = (world: World, now: number) => {
  const real = pricedAt(world, SYMBOL, now)
  const demo = pricedAt(world, DEMO_SYMBOL, now)
  const market = (
    priced: typeof real,
    uid: string,
    side: "buy" | "sell",
    size: BD.BigDecimal,
    t: number
  ) =>
    priced.at(t, () =>
      Effect.runSync(world.place({
        uid,
        symbol: priced.path.symbol,
        side,
        orderType: "market",
        force: "gtc",
        price: undefined,
        size,
        clientOid: undefined
      }, t)))
  const transfer = (uid: string, fromType: string, toType: string) => (amount: BD.BigDecimal, t: number) =>
    Effect.runSync(Ops.transferFunds(world, {
      fromUid: uid,
      toUid: uid,
      owner: uid,
      fromType,
      toType,
      coin: "USDT",
      amount,
      clientOid: undefined
    }, t))

  /**
   * Before a sub-account's first round: a deposit of `subFunding(days)` USDT (its record and bill),
   * and as many demo coins, as a demo registration gives them (no record: demo coins move on no chain).
   */
  const fund = (account: Seeded, days: number, t: number) => {
    if (account.parentUid === undefined) return
    Ops.deposit(world, account.uid, "USDT", subFunding(days), t)
    const susdt = world.balance(account.uid, "SUSDT")
    susdt.available = BD.sum(susdt.available, subFunding(days))
  }

  /** Round `i` of `account`, starting at `t` (everything before `t + 4h`). */
  const round = (account: Seeded, i: number, t: number) => {
    const uid = account.uid
    const daily = i % ROUNDS_PER_DAY === 0
    const toFutures = transfer(uid, "spot", "usdt_futures")
    const fromFutures = transfer(uid, "usdt_futures", "spot")
    Ops.deposit(world, uid, "USDT", dec("100"), t)
    const bought = market(real, uid, "buy", dec("100"), t + SECOND)
    if (daily) {
      toFutures(dec("10"), t + 2 * SECOND)
      const plan = real.at(t + 3 * SECOND, () =>
        Effect.runSync(Ops.placePlan(world, uid, {
          symbol: SYMBOL,
          side: "buy",
          triggerPrice: BD.round(BD.multiply(real.path.at(t), dec("0.9")), { scale: real.pair.pricePrecision }),
          orderType: "market",
          size: dec("50"),
          triggerType: "fill_price"
        }, t + 3 * SECOND)))
      plan.status = "cancelled"
      plan.uTime = t + HOUR
    }
    const demoBought = market(demo, uid, "buy", dec("100"), t + 2 * MINUTE)
    const close = t + 3 * HOUR
    market(real, uid, "sell", real.held(bought), close)
    Effect.runSync(Ops.withdraw(world, uid, {
      coin: "USDT",
      size: dec("100"),
      address: "sim-withdraw-address",
      chain: "erc20",
      dest: "on_chain",
      clientOid: undefined
    }, close + SECOND))
    if (daily) fromFutures(dec("10"), close + 2 * SECOND)
    market(demo, uid, "sell", demo.held(demoBought), close + 2 * MINUTE)
  }

  return { fund, round }
}
