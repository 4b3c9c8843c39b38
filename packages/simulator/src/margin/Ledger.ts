/**
 * The margin domain's state and money rules. A margin account is a set of balances in the spot
 * world (`crossed_margin`, or `isolated_margin:<symbol>` per pair), funded by the spot wallet's
 * transfer and traded by the spot world's own matching; this ledger adds what margin owes:
 * principal and interest per coin, hourly interest on the simulator's clock, borrowing within
 * the max borrowable (leverage, tier), repayment interest first, flash repayment, the risk rate
 * and liquidation, and a record for every movement.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { reject, type Rejection } from "../Rejection.js"
import type { World } from "../spot/World.js"
import * as Terms from "./Terms.js"

type Dec = BD.BigDecimal
const ZERO = BD.unsafeFromString("0")
const ONE = BD.unsafeFromString("1")
const floor8 = (value: Dec) => BD.round(value, { scale: 8, mode: "floor" })
const ceil8 = (value: Dec) => BD.round(value, { scale: 8, mode: "ceil" })
const min = (a: Dec, b: Dec) => BD.lessThan(a, b) ? a : b
const max = (a: Dec, b: Dec) => BD.greaterThan(a, b) ? a : b

/** Margin error codes (../shared/reference/error-codes.tsv). */
export const marginCodes = {
  insufficient: "50020",
  symbolUnknown: "50024",
  coinUnknown: "50032",
  overBorrow: "50035",
  notBorrowable: "50037",
  coinNotOfPair: "50039",
  repayOverBalance: "50041",
  repayOverDebt: "50053",
  duplicateClientOid: "50060",
  orderClosed: "50062",
  window: "00001"
} as const

/** A margin account: the cross one, or the isolated one of a symbol. */
export interface Ref {
  readonly uid: string
  readonly kind: "crossed" | "isolated"
  readonly symbol: string | undefined
}

/** The spot world's balance key of a margin account. */
export const keyOf = (ref: Ref) => ref.kind === "crossed" ? "crossed_margin" : `isolated_margin:${ref.symbol}`

/** The account a balance key names, or `undefined` for a non-margin key. */
export const refOf = (uid: string, key: string): Ref | undefined =>
  key === "crossed_margin"
    ? { uid, kind: "crossed", symbol: undefined }
    : key.startsWith("isolated_margin:")
    ? { uid, kind: "isolated", symbol: key.slice("isolated_margin:".length) }
    : undefined

export interface Debt {
  principal: Dec
  interest: Dec
  /** When interest was last charged (ms): the next charge is an hour later. */
  lastCharge: number
}

interface Base {
  readonly uid: string
  readonly key: string
  readonly symbol: string | undefined
  readonly cTime: number
}
export interface BorrowRecord extends Base {
  readonly loanId: string
  readonly coin: string
  readonly amount: Dec
  readonly type: "manual_loan" | "auto_loan"
}
export interface RepayRecord extends Base {
  readonly repayId: string
  readonly coin: string
  readonly amount: Dec
  readonly interest: Dec
  readonly principal: Dec
  readonly type: "manual_repay" | "auto_repay" | "liq_repay" | "force_repay"
}
export interface InterestRecord extends Base {
  readonly interestId: string
  readonly coin: string
  readonly rate: Dec
  readonly amount: Dec
  readonly type: "first" | "scheduled"
}
export interface LiquidationRecord extends Base {
  readonly liqId: string
  readonly ratio: Dec
  readonly assets: Dec
  readonly debt: Dec
  readonly fee: Dec
}
export interface FinancialRecord extends Base {
  readonly marginId: string
  readonly coin: string
  readonly amount: Dec
  readonly balance: Dec
  readonly fee: Dec
  readonly type: string
}

export class Ledger {
  readonly debts = new Map<string, Map<string, Debt>>()
  readonly borrows: Array<BorrowRecord> = []
  readonly repays: Array<RepayRecord> = []
  readonly interests: Array<InterestRecord> = []
  readonly liquidations: Array<LiquidationRecord> = []
  readonly finance: Array<FinancialRecord> = []
  readonly flashRepays = new Map<string, { readonly uid: string; readonly status: string }>()

  constructor(readonly spot: World) {}

  /** A coin's value in USDT at the spot world's price (0 when it has none). */
  value(coin: string, amount: Dec): Dec {
    if (coin === "USDT") return amount
    const price = this.spot.prices.get(`${coin}USDT`)
    return price === undefined ? ZERO : BD.multiply(amount, price)
  }

  price(coin: string): Dec | undefined {
    return coin === "USDT" ? ONE : this.spot.prices.get(`${coin}USDT`)
  }

  /** Base and quote of a margin pair, or 50024. */
  pair(symbol: string): Effect.Effect<{ base: string; quote: string }, Rejection> {
    if (!Terms.SYMBOLS.includes(symbol) || !this.spot.prices.has(symbol)) {
      return reject(marginCodes.symbolUnknown, `Trading pair ${symbol} does not exist`)
    }
    return Effect.map(this.spot.pair(symbol), ({ base, quote }) => ({ base, quote }))
  }

  /** The debts of an account, by coin. */
  debtsOf(ref: Ref): Map<string, Debt> {
    const id = `${ref.uid}|${keyOf(ref)}`
    let debts = this.debts.get(id)
    if (debts === undefined) {
      debts = new Map()
      this.debts.set(id, debts)
    }
    return debts
  }

  owed(ref: Ref, coin: string): Dec {
    const debt = this.debtsOf(ref).get(coin)
    return debt === undefined ? ZERO : BD.sum(debt.principal, debt.interest)
  }

  /** The coins of an account with their balances (isolated accounts always show base and quote). */
  coins(ref: Ref): Map<string, { available: Dec; frozen: Dec; uTime: number }> {
    const key = keyOf(ref)
    if (ref.kind === "isolated") {
      const { base, quote } = Effect.runSync(this.spot.pair(ref.symbol!))
      this.spot.balance(ref.uid, base, key)
      this.spot.balance(ref.uid, quote, key)
    }
    return this.spot.account(ref.uid, key)
  }

  /** Assets and debts of an account in USDT. */
  totals(ref: Ref): { assets: Dec; debt: Dec } {
    let assets = ZERO
    for (const [coin, balance] of this.coins(ref)) {
      assets = BD.sum(assets, this.value(coin, BD.sum(balance.available, balance.frozen)))
    }
    let debt = ZERO
    for (const [coin, owed] of this.debtsOf(ref)) {
      debt = BD.sum(debt, this.value(coin, BD.sum(owed.principal, owed.interest)))
    }
    return { assets, debt }
  }

  /** Debt over the assets the maintenance margin leaves; liquidation at 1. */
  riskRate(ref: Ref): Dec {
    const { assets, debt } = this.totals(ref)
    if (BD.isZero(debt)) return ZERO
    const cover = BD.multiply(assets, BD.subtract(ONE, Terms.MAINTENANCE))
    return BD.isZero(cover) ? BD.unsafeFromString("999") : BD.round(BD.unsafeDivide(debt, cover), { scale: 8 })
  }

  leverage(ref: Ref) {
    return ref.kind === "crossed" ? Terms.CROSS_LEVERAGE : Terms.ISOLATED_LEVERAGE
  }

  /** How much more of `coin` the account may borrow: equity × (leverage − 1) less what it owes, within the tier. */
  maxBorrowable(ref: Ref, coin: string): Dec {
    const terms = Terms.COINS.get(coin)
    const price = this.price(coin)
    if (terms === undefined || price === undefined) return ZERO
    const { assets, debt } = this.totals(ref)
    const capacity = BD.subtract(
      BD.multiply(BD.subtract(assets, debt), BD.unsafeFromNumber(this.leverage(ref) - 1)),
      debt
    )
    const tierRoom = BD.subtract(terms.tiers[0]!.maxBorrowable, this.debtsOf(ref).get(coin)?.principal ?? ZERO)
    return floor8(max(ZERO, min(BD.unsafeDivide(capacity, price), tierRoom)))
  }

  /** How much of `coin` may leave: all of it without debt, else what the debt at full leverage does not need. */
  maxTransferOut(ref: Ref, coin: string): Dec {
    const available = this.coins(ref).get(coin)?.available ?? ZERO
    const { assets, debt } = this.totals(ref)
    if (BD.isZero(debt)) return available
    const price = this.price(coin)
    if (price === undefined) return ZERO
    const needed = BD.unsafeDivide(debt, BD.unsafeFromNumber(this.leverage(ref) - 1))
    const free = BD.subtract(BD.subtract(assets, debt), needed)
    return floor8(max(ZERO, min(available, BD.unsafeDivide(free, price))))
  }

  private base(ref: Ref, now: number): Base {
    return { uid: ref.uid, key: keyOf(ref), symbol: ref.symbol, cTime: now }
  }

  /** Writes a financial record of a change of `amount` (already applied) to `coin`. */
  record(ref: Ref, coin: string, amount: Dec, type: string, now: number, fee = ZERO) {
    const balance = this.coins(ref).get(coin)
    this.finance.push({
      ...this.base(ref, now),
      marginId: this.spot.id(),
      coin,
      amount,
      balance: balance === undefined ? ZERO : BD.sum(balance.available, balance.frozen),
      fee,
      type
    })
  }

  private charge(ref: Ref, coin: string, debt: Debt, principal: Dec, type: "first" | "scheduled", now: number) {
    const rate = Terms.COINS.get(coin)!.dailyInterestRate
    const amount = ceil8(BD.unsafeDivide(BD.multiply(principal, rate), BD.unsafeFromNumber(24)))
    debt.interest = BD.sum(debt.interest, amount)
    this.interests.push({ ...this.base(ref, now), interestId: this.spot.id(), coin, rate, amount, type })
  }

  /** Borrows `amount` of `coin` into the account (checks the coin, the pair and the max borrowable). */
  borrow(
    ref: Ref,
    coin: string,
    amount: Dec,
    type: BorrowRecord["type"],
    now: number
  ): Effect.Effect<string, Rejection> {
    return Effect.gen(this, function*() {
      if (ref.kind === "isolated") {
        const { base, quote } = yield* this.pair(ref.symbol!)
        if (coin !== base && coin !== quote) {
          return yield* reject(marginCodes.coinNotOfPair, `${coin} is not a coin of ${ref.symbol}`)
        }
      }
      if (!Terms.COINS.has(coin)) return yield* reject(marginCodes.notBorrowable, `${coin} cannot be borrowed`)
      const most = this.maxBorrowable(ref, coin)
      if (BD.greaterThan(amount, most)) {
        return yield* reject(
          marginCodes.overBorrow,
          `Maximum borrowing exceeded: at most ${Decimal.format(most)} ${coin}`
        )
      }
      const debts = this.debtsOf(ref)
      let debt = debts.get(coin)
      if (debt === undefined) {
        debt = { principal: ZERO, interest: ZERO, lastCharge: now }
        debts.set(coin, debt)
      }
      debt.principal = BD.sum(debt.principal, amount)
      yield* this.spot.move(ref.uid, coin, amount, now, keyOf(ref))
      const loanId = this.spot.id()
      this.borrows.push({ ...this.base(ref, now), loanId, coin, amount, type })
      this.charge(ref, coin, debt, amount, "first", now)
      this.record(ref, coin, amount, "borrow", now)
      return loanId
    })
  }

  /** Repays `amount` of `coin`, interest first; more than is owed (50053) or held (50041) is refused. */
  repay(
    ref: Ref,
    coin: string,
    amount: Dec,
    type: RepayRecord["type"],
    now: number
  ): Effect.Effect<{ repayId: string; remain: Dec }, Rejection> {
    return Effect.gen(this, function*() {
      const debt = this.debtsOf(ref).get(coin)
      const owed = this.owed(ref, coin)
      if (debt === undefined || BD.greaterThan(amount, owed)) {
        return yield* reject(
          marginCodes.repayOverDebt,
          `Repay amount exceeds the debt of ${Decimal.format(owed)} ${coin}`
        )
      }
      const available = this.coins(ref).get(coin)?.available ?? ZERO
      if (BD.greaterThan(amount, available)) {
        return yield* reject(marginCodes.repayOverBalance, "Repay amount must not exceed available balance")
      }
      const interest = min(amount, debt.interest)
      const principal = BD.subtract(amount, interest)
      debt.interest = BD.subtract(debt.interest, interest)
      debt.principal = BD.subtract(debt.principal, principal)
      if (BD.isZero(debt.principal) && BD.isZero(debt.interest)) this.debtsOf(ref).delete(coin)
      yield* this.spot.move(ref.uid, coin, BD.negate(amount), now, keyOf(ref))
      const repayId = this.spot.id()
      this.repays.push({ ...this.base(ref, now), repayId, coin, amount, interest, principal, type })
      this.record(ref, coin, BD.negate(amount), "repay", now)
      return { repayId, remain: this.owed(ref, coin) }
    })
  }

  /** Every margin account with a debt or a balance. */
  accounts(): Array<Ref> {
    const refs: Array<Ref> = []
    for (const [uid, types] of this.spot.balances) {
      for (const key of types.keys()) {
        const ref = refOf(uid, key)
        if (ref !== undefined) refs.push(ref)
      }
    }
    return refs
  }

  /** Charges every hour of interest due up to `now`, then liquidates accounts over the line. */
  accrue(now: number) {
    for (const ref of this.accounts()) {
      for (const [coin, debt] of this.debtsOf(ref)) {
        while (debt.lastCharge + Terms.HOUR <= now) {
          debt.lastCharge += Terms.HOUR
          this.charge(ref, coin, debt, debt.principal, "scheduled", debt.lastCharge)
        }
      }
      if (BD.greaterThanOrEqualTo(this.riskRate(ref), Terms.LIQUIDATION_RISK)) this.liquidate(ref, now)
    }
  }

  /** Converts `amount` of `from` into USDT-valued `to` at spot prices inside the account. */
  private convert(ref: Ref, from: string, amount: Dec, to: string, now: number) {
    const key = keyOf(ref)
    const got = floor8(BD.unsafeDivide(this.value(from, amount), this.price(to)!))
    Effect.runSync(this.spot.move(ref.uid, from, BD.negate(amount), now, key))
    this.record(ref, from, BD.negate(amount), "deal_out", now)
    Effect.runSync(this.spot.move(ref.uid, to, got, now, key))
    this.record(ref, to, got, "deal_in", now)
  }

  /** Sells the account's assets, repays every debt, takes the fee; the risk fund covers a shortfall. */
  liquidate(ref: Ref, now: number) {
    const ratio = this.riskRate(ref)
    const key = keyOf(ref)
    for (const order of this.spot.orders.values()) {
      if (
        order.uid === ref.uid && order.account === key &&
        (order.status === "live" || order.status === "partially_filled")
      ) {
        Effect.runSync(Effect.either(this.spot.cancel(ref.uid, order.orderId, undefined, now, key)))
      }
    }
    const { assets, debt } = this.totals(ref)
    for (const [coin, balance] of this.coins(ref)) {
      if (coin !== "USDT" && BD.isPositive(balance.available)) this.convert(ref, coin, balance.available, "USDT", now)
    }
    const usdt = () => this.coins(ref).get("USDT")?.available ?? ZERO
    if (BD.lessThan(assets, debt)) {
      const shortfall = ceil8(BD.subtract(debt, usdt()))
      Effect.runSync(this.spot.move(ref.uid, "USDT", shortfall, now, key))
      this.record(ref, "USDT", shortfall, "compensate", now)
    }
    for (const [coin, owed] of [...this.debtsOf(ref)]) {
      const total = BD.sum(owed.principal, owed.interest)
      const paid = min(ceil8(this.value(coin, total)), usdt())
      Effect.runSync(this.spot.move(ref.uid, "USDT", BD.negate(paid), now, key))
      this.record(ref, "USDT", BD.negate(paid), "repay", now)
      this.repays.push({
        ...this.base(ref, now),
        repayId: this.spot.id(),
        coin,
        amount: total,
        interest: owed.interest,
        principal: owed.principal,
        type: "liq_repay"
      })
      this.debtsOf(ref).delete(coin)
    }
    const fee = floor8(min(usdt(), BD.multiply(debt, Terms.LIQUIDATION_FEE)))
    if (BD.isPositive(fee)) {
      Effect.runSync(this.spot.move(ref.uid, "USDT", BD.negate(fee), now, key))
      this.record(ref, "USDT", BD.negate(fee), "liquidation_fee", now, fee)
    }
    this.liquidations.push({ ...this.base(ref, now), liqId: this.spot.id(), ratio, assets, debt, fee })
  }

  /** Repays `coin` (or every debt) from the account's own assets, selling others at spot prices when short. */
  flashRepay(ref: Ref, coin: string | undefined, now: number): string {
    const repayId = this.spot.id()
    let done = true
    for (const [owedCoin] of [...this.debtsOf(ref)]) {
      if (coin !== undefined && owedCoin !== coin) continue
      const owed = this.owed(ref, owedCoin)
      const price = this.price(owedCoin)!
      for (const [other, balance] of this.coins(ref)) {
        const held = this.coins(ref).get(owedCoin)?.available ?? ZERO
        if (other === owedCoin || !BD.lessThan(held, owed) || !BD.isPositive(balance.available)) continue
        const otherPrice = this.price(other)
        if (otherPrice === undefined || this.debtsOf(ref).has(other)) continue
        const need = ceil8(BD.unsafeDivide(BD.multiply(BD.subtract(owed, held), price), otherPrice))
        this.convert(ref, other, min(need, balance.available), owedCoin, now)
      }
      const held = this.coins(ref).get(owedCoin)?.available ?? ZERO
      const paid = min(held, owed)
      if (BD.isPositive(paid)) Effect.runSync(Effect.either(this.repay(ref, owedCoin, paid, "force_repay", now)))
      if (BD.isPositive(this.owed(ref, owedCoin))) done = false
    }
    this.flashRepays.set(repayId, { uid: ref.uid, status: done ? "FINISH" : "FAIL" })
    return repayId
  }
}
