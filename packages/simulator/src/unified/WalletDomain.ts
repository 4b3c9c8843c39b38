/**
 * The unified (V3) wallet and sub-accounts as a simulator domain: transfers, deposits,
 * withdrawals, sub-accounts and their keys, and test knobs to make deposits arrive and write
 * histories, reached with `Simulator.control<UnifiedWalletControl>("unifiedWallet")`.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import type { Domain, Environment } from "../Domain.js"
import type { World as FuturesWorld } from "../futures/World.js"
import type { World } from "../spot/World.js"
import { convertRoutes } from "./ConvertRoutes.js"
import { earnRoutes } from "./EarnRoutes.js"
import { fromWorld, type Funds } from "./Funds.js"
import { insLoanRoutes } from "./InsLoanRoutes.js"
import { LoanBook, loanRoutes } from "./Loans.js"
import { subAccountRoutes } from "./SubAccountRoutes.js"
import { taxRoutes } from "./TaxRoutes.js"
import { UNIFIED_UID } from "./UnifiedDomain.js"
import { WalletState } from "./Wallet.js"
import { walletRoutes } from "./WalletRoutes.js"

export interface UnifiedWalletControl {
  /**
   * A deposit of `amount` of `coin` arrives for `uid` (default the unified main account) at `time` (ms,
   * default the simulator's now), credited where `setDepositAccount` chose (the unified balance by
   * default); returns its `orderId`.
   */
  readonly deposit: (
    coin: string,
    amount: string | BD.BigDecimal,
    options?: { readonly uid?: string; readonly time?: number }
  ) => string
  /**
   * Writes `count` deposits and `count` sent withdrawals for `uid`, one of each every `step` ms
   * from `from` (amounts of 1 USDT, so the balance ends where it began).
   */
  readonly history: (options: {
    readonly count: number
    readonly from: number
    readonly step: number
    readonly uid?: string
  }) => void
  readonly funds: Funds
  readonly state: WalletState
  /** Crypto loans (interest accrues on the simulator's clock). */
  readonly loans: LoanBook
}

/** `futures`: the futures world, for tax records of futures products. */
export const make = (environment: Environment, world: World, futures?: FuturesWorld): Domain => {
  const funds = fromWorld(world, environment.accounts)
  const state = new WalletState(funds, environment.accounts)
  const amount = (value: string | BD.BigDecimal) => typeof value === "string" ? Decimal.unsafeMake(value) : value
  // A coin's USD value on the one price path (USD coins at 1).
  const usd = (coin: string) =>
    /^USD/.test(coin) ? BD.fromBigInt(1n) : world.prices.get(`${coin}USDT`) ?? BD.fromBigInt(0n)
  const loans = new LoanBook(funds, usd)
  const control: UnifiedWalletControl = {
    funds,
    state,
    loans,
    deposit: (coin, value, options) =>
      Effect.runSync(
        state.deposit(options?.uid ?? UNIFIED_UID, coin, amount(value), options?.time ?? environment.now())
      )
        .orderId,
    history: ({ count, from, step, uid = UNIFIED_UID }) => {
      const one = Decimal.unsafeMake("1")
      for (let i = 0; i < count; i++) {
        const time = from + i * step
        Effect.runSync(state.deposit(uid, "USDT", one, time))
        const row = Effect.runSync(state.withdraw(uid, {
          coin: "USDT",
          size: one,
          accounts: [state.depositType(uid, "USDT")],
          chain: "trc20",
          dest: "on_chain",
          address: "T" + "9".repeat(33),
          tag: undefined,
          clientOid: undefined
        }, time + 1))
        row.status = "success"
      }
    }
  }
  return {
    name: "unifiedWallet",
    routes: [
      ...walletRoutes(state),
      ...subAccountRoutes(state, usd),
      ...loanRoutes(loans),
      ...taxRoutes(world, futures),
      ...convertRoutes(funds, usd, () => state.id()),
      ...insLoanRoutes(environment.accounts),
      ...earnRoutes(funds, () => state.id())
    ],
    control
  }
}
