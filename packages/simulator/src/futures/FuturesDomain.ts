/**
 * The futures domain: contracts per product type (demo ones with S-prefixed symbols and coins),
 * a mark price that moves only when a test says so (`setMarkPrice`, `tick`), accounts with
 * margin coins, leverage and modes, one-way and hedge positions, orders that open, add to and
 * close them, plan orders and trailing stops that trigger into sub orders, and bills.
 *
 * Demo: a request with `paptrading: 1` trades a separate demo account; a demo product type
 * (`SUSDT-FUTURES`) trades demo contracts (`SBTCSUSDT`, margin `SUSDT`). Either way the ids
 * handed out are demo ids: 19 digits starting with `8888`.
 */
import * as BigDecimal from "effect/BigDecimal"
import { Accounts } from "../Accounts.js"
import type { Domain, Environment } from "../Domain.js"
import { MAIN_UID } from "../Domain.js"
import * as BeyondRoutes from "./BeyondRoutes.js"
import * as Contracts from "./Contracts.js"
import * as HistoryRoutes from "./HistoryRoutes.js"
import * as MarketAccountRoutes from "./MarketAccountRoutes.js"
import * as MarketDataRoutes from "./MarketDataRoutes.js"
import * as OrderRoutes from "./OrderRoutes.js"
import * as PlanRoutes from "./PlanRoutes.js"
import * as Shared from "./Shared.js"
import { dec } from "./Shared.js"
import { World } from "./World.js"

/** Test knobs of the futures domain, reached with `Simulator.control<FuturesControl>("futures")`. */
export interface FuturesControl {
  /** Sets a contract's mark price, then fills the resting orders and fires the plan orders it reaches. */
  readonly setMarkPrice: (symbol: string, price: BigDecimal.BigDecimal | string) => void
  readonly markPrice: (symbol: string) => BigDecimal.BigDecimal
  /** Moves every mark price `steps` deterministic steps (+0.2%, +0.1%, −0.15%, −0.1%, repeating). */
  readonly tick: (steps?: number) => void
  /** Sets the main account's (or `uid`'s) balance of a margin coin (`demo`: the `paptrading` account's). */
  readonly setBalance: (
    coin: string,
    amount: BigDecimal.BigDecimal | string,
    options?: { readonly demo?: boolean; readonly uid?: string }
  ) => void
  readonly balance: (
    coin: string,
    options?: { readonly demo?: boolean; readonly uid?: string }
  ) => BigDecimal.BigDecimal
  /** Every futures account of `uid` in a product type, one per margin coin (balances, equity). */
  readonly summaries: (uid: string, productType: string) => ReadonlyArray<ReturnType<Shared.Shared["summary"]>>
  /** The symbols served, by product type (upper case). */
  readonly symbols: (productType: string) => ReadonlyArray<string>
  /** The world itself, for assertions and for domains that read it (tax records, copy trading). */
  readonly world: World
}

export const make = (
  environment: Environment = { uid: MAIN_UID, now: Date.now, accounts: new Accounts(MAIN_UID) }
): Domain => {
  // Sub-accounts start empty; they are funded by transfers.
  const world = new World(Contracts.make(environment.now()), (uid) => !environment.accounts.isSubAccount(uid))
  const shared = Shared.make(world)
  const { byProductType } = shared
  const routes = [
    ...MarketAccountRoutes.routes(shared),
    ...MarketDataRoutes.routes(shared),
    ...HistoryRoutes.routes(shared),
    ...OrderRoutes.routes(shared),
    ...PlanRoutes.routes(shared),
    ...BeyondRoutes.routes(shared)
  ]

  const control: FuturesControl = {
    setMarkPrice: (symbol, price) => world.setMark(symbol, dec(price), environment.now()),
    markPrice: (symbol) => world.mark(symbol),
    tick: (steps = 1) => {
      for (let i = 0; i < steps; i++) world.tick(environment.now())
    },
    setBalance: (coin, amount, options) =>
      world.setBalance(`${options?.uid ?? MAIN_UID}${options?.demo ? ":demo" : ""}`, coin, dec(amount)),
    balance: (coin, options) => world.balance(`${options?.uid ?? MAIN_UID}${options?.demo ? ":demo" : ""}`, coin),
    summaries: (uid, productType) => shared.marginCoins(productType).map((coin) => shared.summary(uid, coin)),
    symbols: (productType) => byProductType(productType).map((c) => c.symbol),
    world
  }

  return { name: "futures", routes, control }
}
