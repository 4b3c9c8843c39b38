/**
 * The spot domain: balances, orders that rest and fill, plan orders, transfers and bills.
 * Orders fill against a deterministic book around each symbol's price, which tests move with
 * `control.setPrice`; resting limit orders fill and plan orders trigger when the price crosses.
 * Coins, symbols and market data come from the same state (see MarketRoutes.ts).
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import type { Domain, Environment } from "../Domain.js"
import { accountRoutes, walletRoutes } from "./AccountRoutes.js"
import * as BeyondRoutes from "./BeyondRoutes.js"
import { marketRoutes } from "./MarketRoutes.js"
import * as Ops from "./Operations.js"
import { MAIN_UID } from "./Operations.js"
import * as Rows from "./Rows.js"
import { planRoutes, tradeRoutes } from "./TradeRoutes.js"
import { World } from "./World.js"

export { MAIN_UID }

/** Test knobs of the spot domain, reached with `Simulator.control<SpotControl>("spot")`. */
export interface SpotControl {
  /** Moves a symbol's price: resting orders it crosses fill, plan orders it reaches trigger. */
  readonly setPrice: (symbol: string, price: string | BD.BigDecimal) => void
  readonly price: (symbol: string) => BD.BigDecimal | undefined
  /** Adds to (or, negative, takes from) an available balance, without a record. */
  readonly credit: (
    coin: string,
    amount: string | BD.BigDecimal,
    options?: { readonly uid?: string; readonly accountType?: string }
  ) => void
  /** Records a deposit (credited, with a bill) at `time` (ms, default now); returns its id. */
  readonly deposit: (coin: string, amount: string | BD.BigDecimal, time?: number) => string
  /**
   * Writes `count` rounds of history, one every `step` ms from `from`: each a filled market
   * order (fill, fee, bills), a deposit, a withdrawal, a transfer and a cancelled plan order.
   */
  readonly history: (options: {
    readonly count: number
    readonly from: number
    readonly step: number
    readonly symbol?: string
  }) => void
  /** The world itself, for assertions. */
  readonly world: World
}

export const make = (environment?: Environment): Domain => {
  // Sub-accounts start empty; they are funded by transfers.
  const world = new World((uid) => environment?.accounts.isSubAccount(uid) !== true)
  const control: SpotControl = {
    world,
    setPrice: (symbol, price) => world.setPrice(symbol, Ops.toDec(price), Date.now()),
    price: (symbol) => world.prices.get(symbol),
    credit: (coin, amount, options) => {
      const balance = world.balance(options?.uid ?? MAIN_UID, coin, options?.accountType ?? "spot")
      balance.available = BD.sum(balance.available, Ops.toDec(amount))
      balance.uTime = Date.now()
    },
    deposit: (coin, amount, time) => Ops.deposit(world, MAIN_UID, coin, Ops.toDec(amount), time ?? Date.now()),
    history: ({ count, from, step, symbol = "BTCUSDT" }) => {
      for (let i = 0; i < count; i++) {
        const now = from + i * step
        Ops.deposit(world, MAIN_UID, "USDT", Decimal.unsafeMake("100"), now)
        // The order's spend, so any symbol's history can be written whatever the balances.
        const { quote } = Effect.runSync(world.pair(symbol))
        const wallet = world.balance(MAIN_UID, quote)
        wallet.available = BD.sum(wallet.available, Decimal.unsafeMake("10"))
        Effect.runSync(world.place({
          uid: MAIN_UID,
          symbol,
          side: "buy",
          orderType: "market",
          force: "gtc",
          price: undefined,
          size: Decimal.unsafeMake("10"),
          clientOid: undefined
        }, now))
        Effect.runSync(Ops.withdraw(world, MAIN_UID, {
          coin: "USDT",
          size: Decimal.unsafeMake("5"),
          address: "sim-withdraw-address",
          chain: "erc20",
          dest: "on_chain",
          clientOid: undefined
        }, now))
        Effect.runSync(Ops.transferFunds(world, {
          fromUid: MAIN_UID,
          toUid: MAIN_UID,
          owner: MAIN_UID,
          fromType: "spot",
          toType: "usdt_futures",
          coin: "USDT",
          amount: Decimal.unsafeMake("1"),
          clientOid: undefined
        }, now))
        const price = world.prices.get(symbol)!
        const plan = Effect.runSync(Ops.placePlan(world, MAIN_UID, {
          symbol,
          side: "buy",
          triggerPrice: Rows.offset(price, "-0.5"),
          orderType: "market",
          size: Decimal.unsafeMake("10"),
          triggerType: "fill_price"
        }, now))
        plan.status = "cancelled"
      }
    }
  }

  return {
    name: "spot",
    routes: [
      ...tradeRoutes(world),
      ...planRoutes(world),
      ...walletRoutes(world),
      ...accountRoutes(world),
      ...marketRoutes(world),
      ...BeyondRoutes.routes(world)
    ],
    control
  }
}
