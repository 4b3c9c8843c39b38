/**
 * Crypto loans of unified accounts (`/api/v3/loan/*`): collateral leaves the unified balance and
 * the loan arrives in it; interest accrues every whole hour of the simulator's clock; a loan is
 * repaid from the balance (or out of its collateral), and liquidated when the price path moves
 * its loan-to-value to `forceRate`. Prices are the spot world's (one price path).
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as CryptoLoan from "@effect-bitget/unified/CryptoLoan"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Context, type Route, route } from "../Domain.js"
import { codes, reject } from "../Rejection.js"
import type { Dec, Funds } from "./Funds.js"

export const HOUR = 3_600_000
const dec = Decimal.unsafeMake
const ZERO = BD.fromBigInt(0n)
const round = (value: Dec, scale = 8) => BD.normalize(BD.scale(value, scale))

/** Hourly rates per term, and the loan-to-value thresholds (simulator's values). */
const RATES: Readonly<Record<string, Readonly<Record<"FLEXIBLE" | "SEVEN" | "THIRTY", string>>>> = {
  USDT: { FLEXIBLE: "0.00001", SEVEN: "0.000008", THIRTY: "0.000007" },
  USDC: { FLEXIBLE: "0.00001", SEVEN: "0.000008", THIRTY: "0.000007" },
  BTC: { FLEXIBLE: "0.000004", SEVEN: "0.000003", THIRTY: "0.0000025" },
  ETH: { FLEXIBLE: "0.000005", SEVEN: "0.000004", THIRTY: "0.0000035" }
}
/** Loan-to-value thresholds, in percent as Bitget writes them (`"65"` is 65%). */
export const INIT_RATE = dec("65")
export const SUP_RATE = dec("80")
export const FORCE_RATE = dec("90")
const PERCENT = dec("100")
const PLEDGE_COINS = ["BTC", "ETH", "USDT", "USDC"]
const TERM_DAYS: Readonly<Record<string, number>> = { SEVEN: 7, THIRTY: 30 }

export interface Loan {
  readonly orderId: string
  readonly uid: string
  readonly loanCoin: string
  readonly pledgeCoin: string
  readonly daily: "FLEXIBLE" | "SEVEN" | "THIRTY"
  readonly hourRate: Dec
  readonly initLoanAmount: Dec
  readonly initPledgeAmount: Dec
  readonly borrowTime: number
  principal: Dec
  interest: Dec
  pledge: Dec
  /** Interest is counted up to here (whole hours after `borrowTime`). */
  accruedTo: number
  status: "ONGOING" | "REPAY" | "FORCE"
}

export class LoanBook {
  readonly loans: Array<Loan> = []
  readonly repays: Array<CryptoLoan.RepayRecord & { readonly uid: string }> = []
  readonly revisions: Array<CryptoLoan.PledgeRateRecord & { readonly uid: string }> = []
  readonly reduces: Array<CryptoLoan.Reduce & { readonly uid: string }> = []
  private next = 1_400_000_000_000_000_000n

  constructor(readonly funds: Funds, readonly usd: (coin: string) => Dec) {}

  id() {
    this.next += 1n
    return String(this.next)
  }

  /** The loan's value over its collateral's, both in USD, in percent. */
  rate(loan: Loan): Dec {
    const owed = BD.multiply(BD.sum(loan.principal, loan.interest), this.usd(loan.loanCoin))
    const held = BD.multiply(loan.pledge, this.usd(loan.pledgeCoin))
    return BD.isZero(held) ? ZERO : round(BD.multiply(BD.unsafeDivide(owed, held), PERCENT), 4)
  }

  /** Accrues interest for the whole hours up to `now`, then liquidates loans at `forceRate`. */
  settle(now: number) {
    for (const loan of this.loans) {
      if (loan.status !== "ONGOING") continue
      const hours = Math.floor((now - loan.accruedTo) / HOUR)
      if (hours > 0) {
        loan.interest = round(
          BD.sum(loan.interest, BD.multiply(BD.multiply(loan.principal, loan.hourRate), BD.fromNumber(hours)))
        )
        loan.accruedTo += hours * HOUR
      }
      const rate = this.rate(loan)
      if (BD.greaterThanOrEqualTo(rate, FORCE_RATE)) this.liquidate(loan, rate, now)
    }
  }

  private liquidate(loan: Loan, rate: Dec, now: number) {
    const owed = BD.sum(loan.principal, loan.interest)
    const price = this.usd(loan.pledgeCoin)
    const sold = BD.min(loan.pledge, round(BD.unsafeDivide(BD.multiply(owed, this.usd(loan.loanCoin)), price)))
    const residue = BD.subtract(loan.pledge, sold)
    Effect.runSync(this.funds.move(loan.uid, "uta", loan.pledgeCoin, residue, now))
    this.reduces.push({
      uid: loan.uid,
      orderId: loan.orderId,
      loanCoin: loan.loanCoin,
      pledgeCoin: loan.pledgeCoin,
      reduceTime: DateTime.unsafeMake(now),
      pledgeRate: rate,
      pledgePrice: price,
      status: "COMPLETE",
      pledgeAmount: loan.pledge,
      reduceFee: ZERO,
      residueAmount: residue,
      runlockAmount: residue,
      repayLoanAmount: owed
    })
    loan.pledge = ZERO
    loan.principal = ZERO
    loan.interest = ZERO
    loan.status = "FORCE"
  }
}

const at = (time: number) => DateTime.unsafeMake(time)
const ms = (value: DateTime.Utc) => DateTime.toEpochMillis(value)
const given = (value: string | undefined): value is string => value !== undefined && value !== ""

/** One page of `rows` (newest first) between the request's times, by page number. */
const paged = <Row>(
  rows: ReadonlyArray<Row>,
  time: (row: Row) => number,
  request: {
    readonly startTime: DateTime.Utc
    readonly endTime: DateTime.Utc
    readonly pageNum?: number | undefined
    readonly pageSize?: number | undefined
  }
): Array<Row> => {
  const size = request.pageSize ?? 10
  const page = request.pageNum ?? 1
  // Reversed first: the sort is stable, so rows of the same millisecond stay newest first.
  return [...rows].reverse()
    .filter((row) => time(row) >= ms(request.startTime) && time(row) <= ms(request.endTime))
    .sort((a, b) => time(b) - time(a))
    .slice((page - 1) * size, page * size)
}

export const loanRoutes = (book: LoanBook): ReadonlyArray<Route> => {
  const uidOf = (context: Context) => context.account!.uid
  const hourRate = (coin: string, daily: Loan["daily"]) => {
    const rates = RATES[coin]
    return rates === undefined ? undefined : dec(rates[daily])
  }
  const find = (context: Context, orderId: string) => {
    book.settle(context.now)
    const loan = book.loans.find((l) => l.orderId === orderId && l.uid === uidOf(context) && l.status === "ONGOING")
    return loan === undefined ? reject("25204", `No ongoing loan ${orderId}`) : Effect.succeed(loan)
  }
  /** What `pledge` of `pledgeCoin` lets one borrow of `loanCoin` at the starting loan-to-value. */
  const borrowable = (loanCoin: string, pledgeCoin: string, pledge: Dec) =>
    round(BD.unsafeDivide(
      BD.multiply(BD.multiply(pledge, book.usd(pledgeCoin)), INIT_RATE),
      BD.multiply(book.usd(loanCoin), PERCENT)
    ))
  const terms = (loanCoin: string, pledgeCoin: string) =>
    RATES[loanCoin] === undefined || !PLEDGE_COINS.includes(pledgeCoin) || loanCoin === pledgeCoin ||
      BD.isZero(book.usd(loanCoin)) || BD.isZero(book.usd(pledgeCoin))
      ? reject(codes.parameter, `${loanCoin} cannot be borrowed against ${pledgeCoin}`)
      : Effect.void

  return [
    route(CryptoLoan.Coins, (request) =>
      Effect.succeed({
        loanInfos: Object.entries(RATES)
          .filter(([coin]) => !given(request.coin) || coin === request.coin)
          .map(([coin, rates]) => ({
            coin,
            hourRateFlexible: dec(rates.FLEXIBLE),
            rateFlexible: round(BD.multiply(dec(rates.FLEXIBLE), dec("8760"))),
            hourRate7D: dec(rates.SEVEN),
            rate7D: round(BD.multiply(dec(rates.SEVEN), dec("8760"))),
            hourRate30D: dec(rates.THIRTY),
            rate30D: round(BD.multiply(dec(rates.THIRTY), dec("8760"))),
            minBorrowAmount: dec("0.0001"),
            maxBorrowAmount: dec("1000000")
          })),
        pledgeInfos: PLEDGE_COINS.filter((coin) => !given(request.coin) || coin === request.coin).map((coin) => ({
          coin,
          initRate: INIT_RATE,
          supRate: SUP_RATE,
          forceRate: FORCE_RATE
        }))
      })),
    route(CryptoLoan.Interest, (request) =>
      Effect.map(terms(request.loanCoin, request.pledgeCoin), () => {
        const loanAmount = borrowable(request.loanCoin, request.pledgeCoin, Decimal.toBigDecimal(request.pledgeAmount))
        return {
          loanAmount,
          hourInterest: round(BD.multiply(loanAmount, hourRate(request.loanCoin, request.daily)!))
        }
      })),
    route(CryptoLoan.Borrow, (request, context) =>
      Effect.gen(function*() {
        yield* terms(request.loanCoin, request.pledgeCoin)
        const uid = uidOf(context)
        const pledge = request.pledgeAmount !== undefined
          ? Decimal.toBigDecimal(request.pledgeAmount)
          : round(BD.unsafeDivide(
            BD.multiply(BD.multiply(Decimal.toBigDecimal(request.loanAmount!), book.usd(request.loanCoin)), PERCENT),
            BD.multiply(book.usd(request.pledgeCoin), INIT_RATE)
          ))
        const principal = request.loanAmount !== undefined
          ? Decimal.toBigDecimal(request.loanAmount)
          : borrowable(request.loanCoin, request.pledgeCoin, pledge)
        yield* book.funds.move(uid, "uta", request.pledgeCoin, BD.negate(pledge), context.now)
        yield* book.funds.move(uid, "uta", request.loanCoin, principal, context.now)
        const loan: Loan = {
          orderId: book.id(),
          uid,
          loanCoin: request.loanCoin,
          pledgeCoin: request.pledgeCoin,
          daily: request.daily,
          hourRate: hourRate(request.loanCoin, request.daily)!,
          initLoanAmount: principal,
          initPledgeAmount: pledge,
          borrowTime: context.now,
          principal,
          interest: ZERO,
          pledge,
          accruedTo: context.now,
          status: "ONGOING"
        }
        book.loans.push(loan)
        return { orderId: loan.orderId }
      })),
    route(CryptoLoan.BorrowOngoing, (request, context) =>
      Effect.sync(() => {
        book.settle(context.now)
        return book.loans
          .filter((l) =>
            l.uid === uidOf(context) && l.status === "ONGOING" &&
            (!given(request.orderId) || l.orderId === request.orderId) &&
            (!given(request.loanCoin) || l.loanCoin === request.loanCoin) &&
            (!given(request.pledgeCoin) || l.pledgeCoin === request.pledgeCoin)
          )
          .map((l) => ({
            orderId: l.orderId,
            loanCoin: l.loanCoin,
            loanAmount: l.principal,
            interestAmount: l.interest,
            hourInterestRate: l.hourRate,
            pledgeCoin: l.pledgeCoin,
            pledgeAmount: l.pledge,
            pledgeRate: book.rate(l),
            supRate: SUP_RATE,
            forceRate: FORCE_RATE,
            borrowTime: at(l.borrowTime),
            ...(TERM_DAYS[l.daily] === undefined
              ? {}
              : { expireTime: at(l.borrowTime + TERM_DAYS[l.daily]! * 24 * HOUR) })
          }))
      })),
    route(CryptoLoan.BorrowHistory, (request, context) =>
      Effect.sync(() => {
        book.settle(context.now)
        const ended = book.loans.filter((l) =>
          l.uid === uidOf(context) && l.status !== "ONGOING" &&
          (!given(request.orderId) || l.orderId === request.orderId) &&
          (!given(request.loanCoin) || l.loanCoin === request.loanCoin) &&
          (!given(request.pledgeCoin) || l.pledgeCoin === request.pledgeCoin) &&
          (!given(request.status) || l.status === request.status)
        )
        return paged(ended, (l) => l.borrowTime, request).map((l) => ({
          orderId: l.orderId,
          loanCoin: l.loanCoin,
          pledgeCoin: l.pledgeCoin,
          initPledgeAmount: l.initPledgeAmount,
          initLoanAmount: l.initLoanAmount,
          hourRate: l.hourRate,
          daily: l.daily,
          borrowTime: at(l.borrowTime),
          status: l.status
        }))
      })),
    route(CryptoLoan.Repay, (request, context) =>
      Effect.gen(function*() {
        const loan = yield* find(context, request.orderId)
        const owed = BD.sum(loan.principal, loan.interest)
        const amount = request.repayAll ? owed : BD.min(owed, Decimal.toBigDecimal(request.amount!))
        const payInterest = BD.min(amount, loan.interest)
        const repayLoanAmount = BD.subtract(amount, payInterest)
        const all = BD.equals(amount, owed)
        // Paid with the borrowed coin from the balance, or with collateral sold at the price path.
        let unlock = all
          ? loan.pledge
          : request.repayUnlock === true
          ? round(BD.multiply(loan.pledge, BD.unsafeDivide(repayLoanAmount, loan.principal)))
          : ZERO
        if (request.method === "collateral") {
          const cost = round(BD.unsafeDivide(
            BD.multiply(amount, book.usd(loan.loanCoin)),
            book.usd(loan.pledgeCoin)
          ))
          if (BD.greaterThan(cost, loan.pledge)) return yield* reject("25202", "The collateral cannot cover it")
          loan.pledge = BD.subtract(loan.pledge, cost)
          if (all) unlock = loan.pledge
        } else {
          yield* book.funds.move(loan.uid, "uta", loan.loanCoin, BD.negate(amount), context.now)
        }
        yield* book.funds.move(loan.uid, "uta", loan.pledgeCoin, unlock, context.now)
        loan.pledge = BD.subtract(loan.pledge, unlock)
        loan.interest = BD.subtract(loan.interest, payInterest)
        loan.principal = BD.subtract(loan.principal, repayLoanAmount)
        if (all) loan.status = "REPAY"
        const record = {
          orderId: loan.orderId,
          loanCoin: loan.loanCoin,
          pledgeCoin: loan.pledgeCoin,
          repayAmount: amount,
          payInterest,
          repayLoanAmount,
          repayUnlockAmount: unlock
        }
        book.repays.push({ ...record, uid: loan.uid, repayTime: at(context.now) })
        return record
      })),
    route(CryptoLoan.RepayHistory, (request, context) =>
      Effect.sync(() =>
        paged(
          book.repays.filter((r) =>
            r.uid === uidOf(context) && (!given(request.orderId) || r.orderId === request.orderId) &&
            (!given(request.loanCoin) || r.loanCoin === request.loanCoin) &&
            (!given(request.pledgeCoin) || r.pledgeCoin === request.pledgeCoin)
          ),
          (r) => ms(r.repayTime),
          request
        ).map(({ uid: _, ...row }) => row)
      )),
    route(CryptoLoan.RevisePledge, (request, context) =>
      Effect.gen(function*() {
        const loan = yield* find(context, request.orderId)
        if (request.pledgeCoin !== loan.pledgeCoin) {
          return yield* reject(codes.parameter, `pledgeCoin: the loan's collateral is ${loan.pledgeCoin}`)
        }
        const amount = Decimal.toBigDecimal(request.amount)
        const before = book.rate(loan)
        if ((request.reviseType ?? "IN") === "IN") {
          yield* book.funds.move(loan.uid, "uta", loan.pledgeCoin, BD.negate(amount), context.now)
          loan.pledge = BD.sum(loan.pledge, amount)
        } else {
          const left = BD.subtract(loan.pledge, amount)
          const trial = { ...loan, pledge: left }
          if (!BD.isPositive(left) || BD.greaterThan(book.rate(trial), INIT_RATE)) {
            return yield* reject(codes.parameter, "The loan-to-value would pass the starting rate")
          }
          loan.pledge = left
          yield* book.funds.move(loan.uid, "uta", loan.pledgeCoin, amount, context.now)
        }
        const after = book.rate(loan)
        book.revisions.push({
          uid: loan.uid,
          orderId: loan.orderId,
          loanCoin: loan.loanCoin,
          pledgeCoin: loan.pledgeCoin,
          reviseTime: at(context.now),
          reviseSide: (request.reviseType ?? "IN") === "IN" ? "down" : "up",
          reviseAmount: amount,
          afterPledgeRate: after,
          beforePledgeRate: before
        })
        return { loanCoin: loan.loanCoin, pledgeCoin: loan.pledgeCoin, afterPledgeRate: after }
      })),
    route(CryptoLoan.PledgeRateHistory, (request, context) =>
      Effect.sync(() =>
        paged(
          book.revisions.filter((r) =>
            r.uid === uidOf(context) && (!given(request.orderId) || r.orderId === request.orderId) &&
            (!given(request.pledgeCoin) || r.pledgeCoin === request.pledgeCoin) &&
            (!given(request.reviseSide) || r.reviseSide === request.reviseSide)
          ),
          (r) => ms(r.reviseTime),
          request
        ).map(({ uid: _, ...row }) => row)
      )),
    route(CryptoLoan.Debts, (_, context) =>
      Effect.sync(() => {
        book.settle(context.now)
        const pledged = new Map<string, Dec>()
        const owed = new Map<string, Dec>()
        for (const l of book.loans) {
          if (l.uid !== uidOf(context) || l.status !== "ONGOING") continue
          pledged.set(l.pledgeCoin, BD.sum(pledged.get(l.pledgeCoin) ?? ZERO, l.pledge))
          owed.set(l.loanCoin, BD.sum(owed.get(l.loanCoin) ?? ZERO, BD.sum(l.principal, l.interest)))
        }
        const rows = (by: Map<string, Dec>) =>
          [...by].map(([coin, amount]) => ({ coin, amount, amountUsdt: round(BD.multiply(amount, book.usd(coin))) }))
        return { pledgeInfos: rows(pledged), loanInfos: rows(owed) }
      })),
    route(CryptoLoan.Reduces, (request, context) =>
      Effect.sync(() => {
        book.settle(context.now)
        return paged(
          book.reduces.filter((r) =>
            r.uid === uidOf(context) && (!given(request.orderId) || r.orderId === request.orderId) &&
            (!given(request.loanCoin) || r.loanCoin === request.loanCoin) &&
            (!given(request.pledgeCoin) || r.pledgeCoin === request.pledgeCoin) &&
            (!given(request.status) || r.status === request.status)
          ),
          (r) => ms(r.reduceTime),
          request
        ).map(({ uid: _, ...row }) => row)
      }))
  ]
}
