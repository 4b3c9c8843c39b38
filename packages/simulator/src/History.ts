/**
 * Seeded account histories (`Simulator.layer({ history: DAYS })`, `--history DAYS`): what the
 * accounts did over the DAYS before the simulator started, written through the worlds' own rules
 * so every list agrees with every other and with each account's ledger. Four rounds a day, six
 * hours apart, for the main account and each of its sub-accounts that exist at the start (virtual
 * sub-accounts the option `subAccounts` opens, or any a domain opened); each round of each:
 *
 * - spot (`history/Spot.ts`): a deposit, a market buy and its sell, a withdrawal; once a day a
 *   transfer to futures and back and a cancelled plan order; the demo pair traded with demo coins;
 * - margin (`history/Margin.ts`): once a day a cross round and an isolated one, each a transfer
 *   in, a borrow, a buy and its sell, the interest, the repayment and a transfer out;
 * - futures (`history/Futures.ts`): an open and its close, and the same on the demo account;
 * - unified (`history/Unified.ts`, the unified main account and its unified sub-accounts that exist
 *   at the start): V3 spot and futures trades, and once a day a deposit and a withdrawal; the same
 *   trades on the unified account's demo side (`Accounts.openDemo`; no deposits: demo coins move
 *   on no chain).
 *
 * A sub-account starts empty: before its first round a deposit funds it (`history/Round.ts`; a
 * unified one through the unified wallet, so its V3 deposit list shows it).
 * Every fill is at the price the one price path had at that moment (`PricePath`), the path the
 * candles, tickers and the public tape are read from, so a fill lies inside its candle. The live
 * prices and the marks are left as they were. The same `now`, days and accounts write the same rows.
 */
import type { Accounts } from "./Accounts.js"
import type { Domain } from "./Domain.js"
import type { FuturesControl } from "./futures/FuturesDomain.js"
import * as FuturesHistory from "./history/Futures.js"
import * as MarginHistory from "./history/Margin.js"
import { DAY, MAX_DAYS, MINUTE, ROUNDS_PER_DAY, roundTime, type Seeded, subFunding } from "./history/Round.js"
import * as SpotHistory from "./history/Spot.js"
import * as UnifiedHistory from "./history/Unified.js"
import type { MarginControl } from "./margin/MarginDomain.js"
import type { SpotControl } from "./spot/SpotDomain.js"
import type { UnifiedControl } from "./unified/UnifiedDomain.js"
import type { UnifiedWalletControl } from "./unified/WalletDomain.js"

export { MAX_DAYS, ROUNDS_PER_DAY, roundTime, type Seeded } from "./history/Round.js"

/** The accounts a history of `uid` seeds: the main account, then its sub-accounts in creation order. */
export const seededAccounts = (accounts: Accounts, uid: string): ReadonlyArray<Seeded> => [
  { uid, parentUid: undefined },
  ...accounts.subAccounts(uid).map((record) => ({ uid: record.uid, parentUid: uid }))
]

/** Writes `days` days of history before `now` into the domains' worlds. */
export const seed = (
  domains: ReadonlyMap<string, Domain>,
  accounts: Accounts,
  options: {
    readonly uid: string
    readonly unifiedUid?: string | undefined
    readonly days: number
    readonly now: number
  }
): void => {
  const { days, now } = options
  if (!Number.isInteger(days) || days < 0 || days > MAX_DAYS) {
    throw new Error(`history: expected a whole number of days from 0 to ${MAX_DAYS}, got ${days}`)
  }
  if (days === 0) return
  const rounds = days * ROUNDS_PER_DAY
  const seeded = seededAccounts(accounts, options.uid)
  const control = <A>(name: string) => domains.get(name)?.control as A | undefined
  const spotControl = control<SpotControl>("spot")
  const spot = spotControl === undefined ? undefined : SpotHistory.make(spotControl.world, now)
  const marginControl = control<MarginControl>("margin")
  const margin = marginControl === undefined ? undefined : MarginHistory.make(marginControl.ledger, now)
  const futuresControl = control<FuturesControl>("futures")
  const futures = futuresControl === undefined ? undefined : FuturesHistory.make(futuresControl, now)
  const unifiedControl = control<UnifiedControl>("unified")
  const unified = unifiedControl === undefined || options.unifiedUid === undefined
    ? undefined
    : UnifiedHistory.make(unifiedControl, now)

  const wallet = control<UnifiedWalletControl>("unifiedWallet")

  const start = roundTime(now, days, 0) - MINUTE
  for (const account of seeded) {
    spot?.fund(account, days, start)
    futures?.fund(account, days)
  }
  const unifiedSeeded = options.unifiedUid === undefined ? [] : seededAccounts(accounts, options.unifiedUid)
  const unifiedDemo = options.unifiedUid === undefined ? undefined : accounts.demoOf(options.unifiedUid)
  for (const account of unifiedSeeded) {
    if (account.parentUid !== undefined) wallet?.deposit("USDT", subFunding(days), { uid: account.uid, time: start })
  }
  for (let i = 0; i < rounds; i++) {
    const t = roundTime(now, days, i)
    for (const account of seeded) {
      spot?.round(account, i, t)
      margin?.round(account, i, t)
      futures?.round(account, t)
    }
    for (const { uid } of unifiedSeeded) {
      // The unified wallet's deposit and withdrawal of the day, in time order with its trades.
      if (i % ROUNDS_PER_DAY === 0) wallet?.history({ count: 1, from: t + 23 * MINUTE, step: DAY, uid })
      unified?.round(uid, t)
    }
    if (unifiedDemo !== undefined) unified?.round(unifiedDemo, t)
  }
}
