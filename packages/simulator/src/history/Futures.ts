/**
 * Seeded futures history (see `History.ts`): each round a market buy of 0.01 BTCUSDT an hour in,
 * closed by a market sell three hours later (fills, orders, bills, closed positions), at the mark
 * the one price path had then. The demo side (`paptrading: 1`, the account `uid:demo`) makes the
 * same trades a minute later in its own account, with demo ids. A sub-account's futures accounts
 * start empty: before its first round each is credited `subFunding(days)` USDT, as a deposit sent
 * on to futures by an automatic transfer is (the broker domain's `deposit`).
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import type { FuturesControl } from "../futures/FuturesDomain.js"
import * as MarketData from "../futures/MarketDataRoutes.js"
import { HOUR, MINUTE, type Seeded, subFunding } from "./Round.js"

const SYMBOL = "BTCUSDT"
const dec = Decimal.unsafeMake

export const make = (control: FuturesControl, now: number) => {
  const world = control.world
  const contract = world.contract(SYMBOL, "USDT-FUTURES")
  const live = world.mark(SYMBOL)
  const path = MarketData.pathOf(world, contract, now)
  const market = (account: string, side: "buy" | "sell", t: number) => {
    world.marks.set(SYMBOL, path.at(t))
    try {
      world.place(account, {
        symbol: SYMBOL,
        productType: contract.productType,
        marginCoin: "USDT",
        marginMode: "crossed",
        size: dec("0.01"),
        side,
        orderType: "market"
      }, t)
    } finally {
      world.marks.set(SYMBOL, live)
    }
  }
  const accounts = (account: Seeded) => [account.uid, `${account.uid}:demo`]

  const fund = (account: Seeded, days: number) => {
    if (account.parentUid === undefined) return
    for (const key of accounts(account)) world.setBalance(key, "USDT", subFunding(days))
  }

  const round = (account: Seeded, t: number) => {
    const [real, demo] = accounts(account)
    market(real!, "buy", t + HOUR)
    market(demo!, "buy", t + HOUR + MINUTE)
    market(real!, "sell", t + 4 * HOUR)
    market(demo!, "sell", t + 4 * HOUR + MINUTE)
  }

  return { fund, round }
}
