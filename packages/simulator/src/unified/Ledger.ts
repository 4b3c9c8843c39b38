/**
 * A unified (UTA) account's ledger, as a view over the one world: no second copy of any balance.
 *
 * - One balance per coin across spot, margin and futures: the spot world's `spot` balance of the
 *   uid (`spot.balance(uid, coin)`: `available`, `frozen` by open spot orders, `locked`). The
 *   futures world reads and writes the same object for a unified uid (`futures.sharedBalance`,
 *   set here), so a futures order's margin and fee come out of it and its P&L goes back into it.
 * - Positions, futures orders, fills and bills stay in the futures world under `account === uid`;
 *   spot orders, fills and bills in the spot world under `uid` with account `spot`.
 * - Borrowed amounts (margin's auto-borrow, V3 `account/repay`) are kept here, per uid and coin.
 *
 * How U2 (trade, position, strategy) and U3 (transfers, deposits, withdrawals) use it: take the
 * `UnifiedControl` of the `unified` domain (`Simulator.control<UnifiedControl>("unified")`, or
 * `Registry.domains` passes it to your domain's `make`), then place spot/margin orders with
 * `ledger.spot.place({ uid, ... })` and futures ones with `ledger.futures.place(uid, ...)`: the same
 * matching and price path V2 uses, so V2's market data sees the trade. Read balances through
 * `ledger.assets(uid)` (the V3 `account/assets` shape), move cash with `ledger.credit(...)`, and
 * refuse with `ledger.busy(uid)` when a rule needs no open orders or positions. `ledger.modeOf(uid)`
 * and `ledger.switchTo(uid, mode)` are the account switch.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BigDecimal from "effect/BigDecimal"
import type { AccountMode, Accounts } from "../Accounts.js"
import { MAINTENANCE_RATE } from "../futures/PositionValues.js"
import { isOpen as futuresOrderOpen } from "../futures/Records.js"
import type { World as FuturesWorld } from "../futures/World.js"
import type { Balance, World as SpotWorld } from "../spot/World.js"

type BD = BigDecimal.BigDecimal
const ZERO = BigDecimal.fromBigInt(0n)
const dec = Decimal.unsafeMake
const sum = (values: Iterable<BD>): BD => {
  let total = ZERO
  for (const value of values) total = BigDecimal.sum(total, value)
  return total
}
const round = (value: BD, scale = 8): BD => BigDecimal.normalize(BigDecimal.scale(value, scale))

/** Maintenance margin rate of a futures position: the one V2 and V3 position rows show. */
export { MAINTENANCE_RATE }

/** Coins the spot world does not seed but a unified account starts with (USDC-margined futures). */
const EXTRA_START: ReadonlyArray<readonly [string, string]> = [["USDC", "100000"]]

/** One coin of a unified account (the V3 `account/assets` row). */
export interface CoinAsset {
  readonly coin: string
  /** Cash held: available + frozen + locked. */
  readonly balance: BD
  readonly available: BD
  /** Held by open spot orders. */
  readonly frozen: BD
  readonly locked: BD
  /** Borrowed (margin). */
  readonly debt: BD
  /** Balance + futures position margin + unrealised P&L − debt. */
  readonly equity: BD
  readonly usdValue: BD
}

/** The whole unified account, as V3's `account/assets` reports it (amounts in USD). */
export interface Summary {
  readonly accountEquity: BD
  readonly usdtEquity: BD
  readonly btcEquity: BD
  readonly unrealisedPnl: BD
  /** Initial margin of the open positions (USD). */
  readonly imr: BD
  /** Maintenance margin of the open positions (USD). */
  readonly mmr: BD
  /** Maintenance margin over equity. */
  readonly mgnRatio: BD
  /**
   * Maintenance margin of the positions over their own equity (margin + unrealised P&L, in USD).
   * Bitget names the field without a formula ("Position MMR" on the UTA Get Account Assets page,
   * https://www.bitget.com/api-doc/uta/account/Get-Account; "Hold position margin ratio" on the
   * UTA Account Channel page, https://www.bitget.com/api-doc/uta/websocket/private/Account-Channel).
   * Assumed: the V2 position `marginRatio` (futures/PositionValues.ts) taken over every open
   * position, so it tells the positions' risk apart from the whole account's `mgnRatio`; 0 with
   * no position, 1 once their equity is gone.
   */
  readonly positionMgnRatio: BD
  /** Collateral counted towards margin (equity of every coin, in USD). */
  readonly effEquity: BD
  readonly assets: ReadonlyArray<CoinAsset>
}

export class Ledger {
  /** Borrowed amounts, by `uid|COIN`. */
  private readonly debts = new Map<string, BD>()

  constructor(readonly accounts: Accounts, readonly spot: SpotWorld, readonly futures: FuturesWorld) {
    futures.sharedBalance = (account, coin) => {
      if (!accounts.isUnified(account)) return undefined
      const balance = this.balance(account, coin)
      return {
        get: () => balance.available,
        set: (value) => {
          balance.available = value
        }
      }
    }
  }

  /** Funds a new unified main account: spot's starting coins (seeded on first use), plus USDC. */
  fund(uid: string): void {
    for (const [coin, amount] of EXTRA_START) this.balance(uid, coin).available = dec(amount)
  }

  modeOf(uid: string): AccountMode {
    return this.accounts.isUnified(uid) ? "unified" : "classic"
  }

  /** The one balance of `coin` (created empty, or with the starting coins for a new main account). */
  balance(uid: string, coin: string): Balance {
    return this.spot.balance(uid, coin.toUpperCase())
  }

  /** Adds `amount` (negative to take) to the available balance of `coin`. */
  credit(uid: string, coin: string, amount: BD, now: number): void {
    const balance = this.balance(uid, coin)
    balance.available = BigDecimal.sum(balance.available, amount)
    balance.uTime = now
  }

  debt(uid: string, coin: string): BD {
    return this.debts.get(`${uid}|${coin.toUpperCase()}`) ?? ZERO
  }

  /** Records a loan: the coin is credited and owed. */
  borrow(uid: string, coin: string, amount: BD, now: number): void {
    this.debts.set(`${uid}|${coin.toUpperCase()}`, BigDecimal.sum(this.debt(uid, coin), amount))
    this.credit(uid, coin, amount, now)
  }

  /** Repays up to the debt from the available balance; what was repaid. */
  repay(uid: string, coin: string, now: number): BD {
    const owed = this.debt(uid, coin)
    const balance = this.balance(uid, coin)
    const paid = BigDecimal.min(owed, BigDecimal.max(balance.available, ZERO))
    this.debts.set(`${uid}|${coin.toUpperCase()}`, BigDecimal.subtract(owed, paid))
    this.credit(uid, coin, BigDecimal.negate(paid), now)
    return paid
  }

  /** Open futures positions of the account. */
  positions(uid: string) {
    return [...this.futures.positions.values()].filter((p) => p.account === uid && BigDecimal.isPositive(p.total))
  }

  /** How many spot and futures orders of the account are open. */
  openOrders(uid: string): number {
    let count = 0
    for (const order of this.spot.orders.values()) {
      if (order.uid === uid && (order.status === "live" || order.status === "partially_filled")) count++
    }
    for (const order of this.futures.orders) if (order.account === uid && futuresOrderOpen(order)) count++
    return count
  }

  /** Why the account cannot change mode now (open positions or orders), or `undefined`. */
  busy(uid: string): string | undefined {
    const positions = this.positions(uid).length
    if (positions > 0) return `the account has ${positions} open position(s)`
    const orders = this.openOrders(uid)
    return orders > 0 ? `the account has ${orders} open order(s)` : undefined
  }

  /** A coin's price in USD (USDT), from the spot world's price path; 1 for USD coins. */
  usd(coin: string): BD {
    const upper = coin.toUpperCase()
    if (upper === "USDT" || upper === "USDC" || upper === "USD") return dec("1")
    return this.spot.prices.get(`${upper}USDT`) ?? ZERO
  }

  /** Every coin the account holds or owes, and the account's totals. */
  assets(uid: string): Summary {
    const positions = this.positions(uid)
    const coins = new Set<string>()
    for (const [coin] of this.spot.account(uid)) coins.add(coin)
    for (const key of this.debts.keys()) if (key.startsWith(`${uid}|`)) coins.add(key.slice(uid.length + 1))
    for (const p of positions) coins.add(p.marginCoin.toUpperCase())
    const assets: Array<CoinAsset> = []
    let unrealisedUsd = ZERO
    let imr = ZERO
    let mmr = ZERO
    let positionEquity = ZERO
    for (const p of positions) {
      const mark = this.futures.mark(p.symbol)
      const coinUsd = this.usd(p.marginCoin)
      const notional = BigDecimal.multiply(p.total, mark)
      const notionalUsd = /USD/.test(p.marginCoin.toUpperCase()) ? notional : BigDecimal.multiply(p.total, coinUsd)
      unrealisedUsd = BigDecimal.sum(unrealisedUsd, BigDecimal.multiply(this.futures.unrealized(p, mark), coinUsd))
      imr = BigDecimal.sum(imr, BigDecimal.multiply(p.margin, coinUsd))
      mmr = BigDecimal.sum(mmr, BigDecimal.multiply(notionalUsd, MAINTENANCE_RATE))
      const equity = BigDecimal.sum(p.margin, this.futures.unrealized(p, mark))
      positionEquity = BigDecimal.sum(positionEquity, BigDecimal.multiply(equity, coinUsd))
    }
    for (const coin of [...coins].sort()) {
      const balance = this.balance(uid, coin)
      const held = positions.filter((p) => p.marginCoin.toUpperCase() === coin)
      const margin = sum(held.map((p) => p.margin))
      const unrealised = sum(held.map((p) => this.futures.unrealized(p, this.futures.mark(p.symbol))))
      const debt = this.debt(uid, coin)
      const cash = BigDecimal.sum(BigDecimal.sum(balance.available, balance.frozen), balance.locked)
      const equity = BigDecimal.subtract(BigDecimal.sum(BigDecimal.sum(cash, margin), unrealised), debt)
      // V3 lists only non-zero coins (reference §d.1, account/assets).
      if (BigDecimal.isZero(equity) && BigDecimal.isZero(cash) && BigDecimal.isZero(debt)) continue
      assets.push({
        coin,
        balance: round(cash),
        available: round(balance.available),
        frozen: round(balance.frozen),
        locked: round(balance.locked),
        debt: round(debt),
        equity: round(equity),
        usdValue: round(BigDecimal.multiply(equity, this.usd(coin)))
      })
    }
    const accountEquity = sum(assets.map((a) => a.usdValue))
    const btc = this.usd("BTC")
    return {
      accountEquity: round(accountEquity),
      usdtEquity: round(accountEquity),
      btcEquity: BigDecimal.isZero(btc) ? ZERO : round(BigDecimal.unsafeDivide(accountEquity, btc)),
      unrealisedPnl: round(unrealisedUsd),
      imr: round(imr),
      mmr: round(mmr),
      mgnRatio: BigDecimal.isPositive(accountEquity) ? round(BigDecimal.unsafeDivide(mmr, accountEquity), 6) : ZERO,
      positionMgnRatio: positions.length === 0
        ? ZERO
        : BigDecimal.isPositive(positionEquity)
        ? round(BigDecimal.unsafeDivide(mmr, positionEquity), 6)
        : dec("1"),
      effEquity: round(accountEquity),
      assets
    }
  }

  /**
   * Moves the account to `mode`. Unified → Classic: the one balance stays the spot account's,
   * the futures account starts empty. Classic → unified: the futures account's cash joins the
   * one balance. Refused (the reason) with open positions or orders, as Bitget refuses it.
   */
  switchTo(uid: string, mode: AccountMode, now: number): string | undefined {
    const record = this.accounts.accounts.get(uid)
    if (record === undefined) return "no such account"
    if (this.modeOf(uid) === mode) return undefined
    const reason = this.busy(uid)
    if (reason !== undefined) return reason
    const coins = ["USDT", "USDC", "BTC", "ETH"]
    if (mode === "unified") {
      const cash = coins.map((coin) => [coin, this.futures.balance(uid, coin)] as const)
      for (const [coin] of cash) this.futures.setBalance(uid, coin, ZERO)
      record.mode = "unified"
      for (const [coin, amount] of cash) if (!BigDecimal.isZero(amount)) this.credit(uid, coin, amount, now)
    } else {
      record.mode = "classic"
      for (const coin of coins) this.futures.setBalance(uid, coin, ZERO)
    }
    record.uTime = now
    return undefined
  }
}
