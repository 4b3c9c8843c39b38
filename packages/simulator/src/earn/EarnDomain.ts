/**
 * The earn domain: savings that accrue on the simulator's clock and redeem, and crypto loans whose
 * interest accrues hourly and which repay and release their pledge. Money comes from and goes to
 * the spot world's balances. Shark fin and elite products answer generated data.
 *
 * Savings: a flexible USDT product at 5% APY and a fixed 30-day BTC product at 3%; interest is paid
 * once a day after subscription, `holdAmount × APY / 365` rounded down to 8 places, into the holding
 * (it compounds, as Bitget's flexible savings do), with a `pay_interest` record.
 * Loans: USDT borrowed against BTC at 65% of the pledge's value (the initial LTV), interest charged
 * every full hour at the term's hourly rate on the principal; a repayment pays interest first, then
 * principal, and releases the pledge in proportion.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Account from "@effect-bitget/earn/Account"
import * as Loan from "@effect-bitget/earn/Loan"
import * as Savings from "@effect-bitget/earn/Savings"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Context, type Domain, MAIN_UID, route } from "../Domain.js"
import { reject } from "../Rejection.js"
import type { SpotControl } from "../spot/SpotDomain.js"

const ZERO = BD.fromBigInt(0n)
const HOUR = 3_600_000
const DAY = 24 * HOUR
const dec = Decimal.unsafeMake
const down8 = (value: BD.BigDecimal) => BD.normalize(BD.round(value, { scale: 8, mode: "floor" }))
const up8 = (value: BD.BigDecimal) => BD.normalize(BD.round(value, { scale: 8, mode: "ceil" }))
const min = (a: BD.BigDecimal, b: BD.BigDecimal) => BD.lessThan(a, b) ? a : b

export interface SavingsProduct {
  readonly productId: string
  readonly coin: string
  readonly periodType: "flexible" | "fixed"
  readonly period: string | undefined
  readonly apy: BD.BigDecimal
}

export const PRODUCTS: ReadonlyArray<SavingsProduct> = [
  { productId: "1001", coin: "USDT", periodType: "flexible", period: undefined, apy: dec("0.05") },
  { productId: "1002", coin: "BTC", periodType: "fixed", period: "30", apy: dec("0.03") }
]

interface Holding {
  readonly orderId: string
  readonly uid: string
  readonly product: SavingsProduct
  holdAmount: BD.BigDecimal
  lastProfit: BD.BigDecimal
  totalProfit: BD.BigDecimal
  readonly since: number
  /** The end of the last day paid. */
  paidUntil: number
}

interface SavingsRecord {
  readonly orderId: string
  readonly uid: string
  readonly product: SavingsProduct
  readonly amount: BD.BigDecimal
  readonly ts: number
  readonly orderType: "subscribe" | "redeem" | "pay_interest"
}

/** The loan terms: hourly rates of the 7- and 30-day terms and the initial LTV (https://www.bitget.com/api-doc/earn/loan/Get-Currency-List shapes). */
export const LOAN = {
  loanCoin: "USDT",
  pledgeCoin: "BTC",
  hourRate: { SEVEN: dec("0.0000025"), THIRTY: dec("0.000003") },
  initRate: dec("0.65"),
  supRate: dec("0.8"),
  forceRate: dec("0.91")
} as const

interface LoanState {
  readonly orderId: string
  readonly uid: string
  readonly daily: "SEVEN" | "THIRTY"
  principal: BD.BigDecimal
  interest: BD.BigDecimal
  pledge: BD.BigDecimal
  readonly borrowTime: number
  chargedUntil: number
}

/** Test knobs of the earn domain, reached with `Simulator.control<EarnControl>("earn")`. */
export interface EarnControl {
  /** The USDT value of a uid's savings holdings at `now` (interest due paid first). */
  readonly usdtValue: (uid: string, now: number) => BD.BigDecimal
}

export const make = (spot: SpotControl): Domain => {
  const world = spot.world
  let next = 5_000_000_000n
  const id = () => String(++next)
  const holdings: Array<Holding> = []
  const records: Array<SavingsRecord> = []
  const loans: Array<LoanState> = []
  const uidOf = (context: Context) => context.account?.uid ?? MAIN_UID

  /** Pays every whole day of interest due by `now`. */
  const accrue = (now: number) => {
    for (const h of holdings) {
      while (h.paidUntil + DAY <= now && BD.isPositive(h.holdAmount)) {
        h.paidUntil += DAY
        const interest = down8(BD.unsafeDivide(BD.multiply(h.holdAmount, h.product.apy), dec("365")))
        h.holdAmount = BD.sum(h.holdAmount, interest)
        h.lastProfit = interest
        h.totalProfit = BD.sum(h.totalProfit, interest)
        records.push({
          orderId: id(),
          uid: h.uid,
          product: h.product,
          amount: interest,
          ts: h.paidUntil,
          orderType: "pay_interest"
        })
      }
    }
  }
  /** Charges every whole hour of loan interest due by `now`. */
  const charge = (now: number) => {
    for (const loan of loans) {
      while (loan.chargedUntil + HOUR <= now && BD.isPositive(loan.principal)) {
        loan.chargedUntil += HOUR
        loan.interest = BD.sum(loan.interest, up8(BD.multiply(loan.principal, LOAN.hourRate[loan.daily])))
      }
    }
  }
  const productOf = (productId: string) => {
    const product = PRODUCTS.find((p) => p.productId === productId)
    return product === undefined ? reject("59029", "Product cannot be subscribed") : Effect.succeed(product)
  }
  const btcPrice = () => world.prices.get("BTCUSDT") ?? dec("0")
  const rowOf = (h: Holding) => ({
    productId: h.product.productId,
    orderId: h.orderId,
    productCoin: h.product.coin,
    interestCoin: h.product.coin,
    periodType: h.product.periodType,
    ...(h.product.period === undefined ? {} : { period: h.product.period }),
    holdAmount: h.holdAmount,
    lastProfit: h.lastProfit,
    totalProfit: h.totalProfit,
    holdDays: String(Math.floor((h.paidUntil - h.since) / DAY)),
    status: "in_holding" as const,
    allowRedemption: "yes" as const
  })
  const loanRow = (l: LoanState) => ({
    orderId: l.orderId,
    loanCoin: LOAN.loanCoin,
    loanAmount: l.principal,
    interestAmount: l.interest,
    hourInterestRate: LOAN.hourRate[l.daily],
    pledgeCoin: LOAN.pledgeCoin,
    pledgeAmount: l.pledge,
    pledgeRate: BD.normalize(BD.round(
      BD.unsafeDivide(BD.sum(l.principal, l.interest), BD.multiply(l.pledge, btcPrice())),
      { scale: 4, mode: "half-from-zero" }
    )),
    supRate: LOAN.supRate,
    forceRate: LOAN.forceRate,
    borrowTime: time(l.borrowTime),
    expireTime: time(l.borrowTime + (l.daily === "SEVEN" ? 7 : 30) * DAY)
  })
  const time = (ms: number) => DateTime.unsafeMake(ms)

  const control: EarnControl = {
    usdtValue: (uid, now) => {
      accrue(now)
      return holdings.filter((h) => h.uid === uid).reduce(
        (sum, h) => BD.sum(sum, world.usdtValue(h.product.coin, h.holdAmount) ?? ZERO),
        ZERO
      )
    }
  }

  const routes = [
    route(Savings.Products, (request) =>
      Effect.succeed(
        PRODUCTS.filter((p) => request.coin === undefined || p.coin === request.coin.toUpperCase()).map((p) => ({
          productId: p.productId,
          coin: p.coin,
          periodType: p.periodType,
          ...(p.period === undefined ? {} : { period: p.period }),
          apyType: "single",
          advanceRedeem: "yes" as const,
          settleMethod: "daily",
          apyList: [{
            rateLevel: "0",
            minStepVal: ZERO,
            maxStepVal: dec("1000000"),
            currentApy: BD.multiply(p.apy, dec("100"))
          }],
          status: "in_progress" as const
        }))
      )),
    route(Savings.Subscribe, (request, context) =>
      Effect.gen(function*() {
        const product = yield* productOf(request.productId)
        if (product.periodType !== request.periodType) return yield* reject("59029", "Product cannot be subscribed")
        const amount = Decimal.toBigDecimal(request.amount)
        const uid = uidOf(context)
        yield* world.move(uid, product.coin, BD.negate(amount), context.now)
        const orderId = id()
        holdings.push({
          orderId,
          uid,
          product,
          holdAmount: amount,
          lastProfit: ZERO,
          totalProfit: ZERO,
          since: context.now,
          paidUntil: context.now
        })
        records.push({ orderId, uid, product, amount, ts: context.now, orderType: "subscribe" })
        return { orderId, status: "success" }
      })),
    route(Savings.SubscribeResult, (request, context) =>
      Effect.succeed(
        records.some((r) =>
            r.product.productId === request.productId && r.product.periodType === request.periodType &&
            r.uid === uidOf(context) && r.orderType === "subscribe"
          )
          ? { result: "success" as const }
          : { result: "fail" as const, msg: "no such subscription" }
      )),
    route(Savings.Redeem, (request, context) =>
      Effect.gen(function*() {
        accrue(context.now)
        const uid = uidOf(context)
        const amount = Decimal.toBigDecimal(request.amount)
        const holding = holdings.find((h) =>
          h.uid === uid && h.product.productId === request.productId &&
          (request.orderId === undefined || h.orderId === request.orderId)
        )
        if (holding === undefined) return yield* reject("40017", "No holding of this product")
        if (BD.greaterThan(amount, holding.holdAmount)) {
          return yield* reject("43012", `Insufficient balance: ${Decimal.format(holding.holdAmount)} held`)
        }
        holding.holdAmount = BD.subtract(holding.holdAmount, amount)
        yield* world.move(uid, holding.product.coin, amount, context.now)
        const orderId = id()
        records.push({ orderId, uid, product: holding.product, amount, ts: context.now, orderType: "redeem" })
        if (!BD.isPositive(holding.holdAmount)) holdings.splice(holdings.indexOf(holding), 1)
        return { orderId, status: "success" }
      })),
    route(Savings.RedeemResult, (request, context) =>
      Effect.succeed(
        records.some((r) => r.orderId === request.orderId && r.uid === uidOf(context) && r.orderType === "redeem")
          ? { result: "success" as const }
          : { result: "fail" as const, msg: "no such redemption" }
      )),
    route(Savings.Assets, (request, context) =>
      Effect.sync(() => {
        accrue(context.now)
        const rows = holdings.filter((h) => h.uid === uidOf(context) && h.product.periodType === request.periodType)
        return { resultList: rows.map(rowOf) }
      })),
    route(Savings.Records, (request, context) =>
      Effect.sync(() => {
        accrue(context.now)
        const rows = records
          .filter((r) =>
            r.uid === uidOf(context) && r.product.periodType === request.periodType &&
            (request.coin === undefined || r.product.coin === request.coin.toUpperCase()) &&
            (request.orderType === undefined || r.orderType === request.orderType)
          )
          .sort((a, b) => b.ts - a.ts || Number(BigInt(b.orderId) - BigInt(a.orderId)))
        return {
          resultList: rows.map((r) => ({
            orderId: r.orderId,
            coinName: r.product.coin,
            settleCoinName: r.product.coin,
            productType: r.product.periodType,
            amount: r.amount,
            ts: time(r.ts),
            orderType: r.orderType
          }))
        }
      })),
    route(Savings.Account, (_, context) =>
      Effect.sync(() => {
        const uid = uidOf(context)
        const usdt = control.usdtValue(uid, context.now)
        const mine = holdings.filter((h) => h.uid === uid)
        const earned = mine.reduce((s, h) => BD.sum(s, world.usdtValue(h.product.coin, h.totalProfit) ?? ZERO), ZERO)
        const last = mine.reduce((s, h) => BD.sum(s, world.usdtValue(h.product.coin, h.lastProfit) ?? ZERO), ZERO)
        const inBtc = (v: BD.BigDecimal) => BD.isPositive(btcPrice()) ? down8(BD.unsafeDivide(v, btcPrice())) : ZERO
        return {
          btcAmount: inBtc(usdt),
          usdtAmount: down8(usdt),
          btc24hEarning: inBtc(last),
          usdt24hEarning: down8(last),
          btcTotalEarning: inBtc(earned),
          usdtTotalEarning: down8(earned)
        }
      })),
    route(Account.Assets, (request, context) =>
      Effect.sync(() => {
        accrue(context.now)
        const byCoin = new Map<string, BD.BigDecimal>()
        for (const h of holdings) {
          if (h.uid !== uidOf(context)) continue
          byCoin.set(h.product.coin, BD.sum(byCoin.get(h.product.coin) ?? ZERO, h.holdAmount))
        }
        return [...byCoin.entries()]
          .filter(([coin]) => request.coin === undefined || coin === request.coin.toUpperCase())
          .map(([coin, amount]) => ({ coin, amount }))
      })),
    route(Loan.Borrow, (request, context) =>
      Effect.gen(function*() {
        if (request.loanCoin.toUpperCase() !== LOAN.loanCoin) return yield* reject("80003", "Loan coin does not exist")
        if (request.pledgeCoin.toUpperCase() !== LOAN.pledgeCoin) {
          return yield* reject("80004", "Pledge coin does not exist")
        }
        const price = btcPrice()
        const pledge = request.pledgeAmount !== undefined
          ? Decimal.toBigDecimal(request.pledgeAmount)
          : up8(BD.unsafeDivide(Decimal.toBigDecimal(request.loanAmount!), BD.multiply(price, LOAN.initRate)))
        const principal = request.loanAmount !== undefined
          ? Decimal.toBigDecimal(request.loanAmount)
          : down8(BD.multiply(BD.multiply(pledge, price), LOAN.initRate))
        const uid = uidOf(context)
        yield* world.move(uid, LOAN.pledgeCoin, BD.negate(pledge), context.now)
        yield* world.move(uid, LOAN.loanCoin, principal, context.now)
        const orderId = id()
        loans.push({
          orderId,
          uid,
          daily: request.daily,
          principal,
          interest: ZERO,
          pledge,
          borrowTime: context.now,
          chargedUntil: context.now
        })
        return { orderId }
      })),
    route(Loan.OngoingOrders, (request, context) =>
      Effect.sync(() => {
        charge(context.now)
        return loans
          .filter((l) =>
            l.uid === uidOf(context) && BD.isPositive(l.principal) &&
            (request.orderId === undefined || l.orderId === request.orderId)
          )
          .map(loanRow)
      })),
    route(Loan.Repay, (request, context) =>
      Effect.gen(function*() {
        charge(context.now)
        const uid = uidOf(context)
        const loan = loans.find((l) => l.uid === uid && l.orderId === request.orderId && BD.isPositive(l.principal))
        if (loan === undefined) return yield* reject("80011", "Loan order does not exist")
        const owed = BD.sum(loan.principal, loan.interest)
        const amount = request.repayAll ? owed : min(Decimal.toBigDecimal(request.amount!), owed)
        yield* world.move(uid, LOAN.loanCoin, BD.negate(amount), context.now)
        const payInterest = min(amount, loan.interest)
        const repayLoanAmount = BD.subtract(amount, payInterest)
        const unlock = request.repayUnlock === false
          ? ZERO
          : BD.isZero(BD.subtract(loan.principal, repayLoanAmount))
          ? loan.pledge
          : down8(BD.unsafeDivide(BD.multiply(loan.pledge, repayLoanAmount), loan.principal))
        loan.interest = BD.subtract(loan.interest, payInterest)
        loan.principal = BD.subtract(loan.principal, repayLoanAmount)
        loan.pledge = BD.subtract(loan.pledge, unlock)
        yield* world.move(uid, LOAN.pledgeCoin, unlock, context.now)
        return {
          loanCoin: LOAN.loanCoin,
          pledgeCoin: LOAN.pledgeCoin,
          repayAmount: amount,
          payInterest,
          repayLoanAmount,
          repayUnlockAmount: unlock
        }
      })),
    route(Loan.Debts, (_, context) =>
      Effect.sync(() => {
        charge(context.now)
        const mine = loans.filter((l) => l.uid === uidOf(context) && BD.isPositive(l.principal))
        const owed = mine.reduce((s, l) => BD.sum(s, BD.sum(l.principal, l.interest)), ZERO)
        const pledged = mine.reduce((s, l) => BD.sum(s, l.pledge), ZERO)
        return {
          pledgeInfos: mine.length === 0 ? [] : [{ coin: LOAN.pledgeCoin, amount: pledged }],
          loanInfos: mine.length === 0 ? [] : [{ coin: LOAN.loanCoin, amount: owed }]
        }
      }))
  ]

  return { name: "earn", routes, control }
}
