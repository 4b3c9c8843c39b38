/**
 * Where the V3 wallet routes (transfers, deposits, withdrawals, sub-accounts) read and move money:
 * the unified balance (`uta`) and the Classic account types (`spot`, `p2p`, futures, margin) of
 * each uid. One interface, so the wallet never keeps balances of its own.
 *
 * A unified account's one balance is the unified ledger's (`Ledger.balance`: the spot world's
 * `spot` balance of the uid, which V3 `account/assets`, spot and futures trading all read), so a
 * transfer into `uta` is at once collateral. Its Classic account types are kept beside it in the
 * spot world: its `spot` (funding) account as the world's `funding` type, the others under their
 * own names. A Classic account (a Classic sub-account) keeps V2's meaning: `spot` is its spot
 * balance.
 */
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import type { Accounts } from "../Accounts.js"
import { reject, type Rejection } from "../Rejection.js"
import type { World } from "../spot/World.js"

export type Dec = BD.BigDecimal

/** V3's code for a balance that cannot cover a movement (25202, reference §b.4). */
export const INSUFFICIENT = "25202"

export interface Funds {
  /** What `uid` may move of `coin` out of `type` (`uta`, `spot`, `p2p`, `otc`, `usdt_futures`, …). */
  readonly available: (uid: string, type: string, coin: string) => Dec
  /** Every coin `uid` holds a positive amount of in `type`. */
  readonly coins: (uid: string, type: string) => ReadonlyArray<string>
  /**
   * Adds `delta` (negative: takes) to a balance; refused (25202) if it would go below zero. A move
   * of a unified balance writes a bill (`[groupType, businessType]`) to the ledger the V3 financial
   * and tax records read.
   */
  readonly move: (
    uid: string,
    type: string,
    coin: string,
    delta: Dec,
    now: number,
    bill?: readonly [string, string]
  ) => Effect.Effect<void, Rejection>
}

/** The spot world's account type holding `type` of `uid`. */
const place = (accounts: Accounts, uid: string, type: string): string =>
  accounts.isUnified(uid) ? (type === "uta" ? "spot" : type === "spot" ? "funding" : type) : type

/** Funds kept in the spot world's balances: the unified ledger's balance and the Classic types beside it. */
export const fromWorld = (world: World, accounts: Accounts): Funds => ({
  available: (uid, type, coin) => world.balance(uid, coin.toUpperCase(), place(accounts, uid, type)).available,
  coins: (uid, type) => {
    const held: Array<string> = []
    for (const [coin, balance] of world.account(uid, place(accounts, uid, type))) {
      if (BD.isPositive(balance.available)) held.push(coin)
    }
    return held
  },
  // Suspended: a movement happens when its effect runs, never while a route builds its pipeline.
  move: (uid, type, coin, delta, now, bill) =>
    Effect.suspend(() => {
      const where = place(accounts, uid, type)
      const balance = world.balance(uid, coin.toUpperCase(), where)
      const next = BD.sum(balance.available, delta)
      if (BD.isNegative(next)) return reject(INSUFFICIENT, `Insufficient balance of ${coin}`)
      balance.available = next
      balance.uTime = now
      // The world's bills are of its `spot` balance: a unified account's one balance.
      if (bill !== undefined && where === "spot" && !BD.isZero(delta)) {
        world.bill(uid, coin.toUpperCase(), bill[0], bill[1], delta, BD.fromBigInt(0n), now)
      }
      return Effect.void
    })
})

/** Moves `amount` from one balance to another, all or nothing. */
export const shift = (
  funds: Funds,
  from: { readonly uid: string; readonly type: string },
  to: { readonly uid: string; readonly type: string },
  coin: string,
  amount: Dec,
  now: number
): Effect.Effect<void, Rejection> =>
  Effect.zipRight(
    funds.move(from.uid, from.type, coin, BD.negate(amount), now, ["transfer", "transfer-out"]),
    funds.move(to.uid, to.type, coin, amount, now, ["transfer", "transfer-in"])
  )
