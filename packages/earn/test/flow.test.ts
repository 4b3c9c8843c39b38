/**
 * Savings and crypto loans as flows over loopback against the simulator, on the test's TestClock:
 * a subscription leaves the spot balance, earns a day's interest per day (compounding) and redeems
 * back; a loan credits the borrowed coin, takes the pledge, charges interest every hour, and a
 * repayment pays interest first and releases the pledge. The whole-account overview counts savings.
 */
import * as Assets from "@effect-bitget/core/Assets"
import * as Decimal from "@effect-bitget/core/Decimal"
import { Account, Loan, Savings } from "@effect-bitget/earn"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/TestClock"
import { refusedLocally } from "../../core/test/refused.js"

// Each test runs its own simulator and client under the test's TestClock.
const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const START = 1_767_225_600_000 // 2026-01-01T00:00:00Z
const fmt = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : Decimal.format(BigDecimal.normalize(value))
const spotBalance = (coin: string) => Effect.map(Spot.Account.assets({ coin }), (rows) => fmt(rows[0]?.available))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

describe("earn savings (TestClock)", () => {
  it.scoped("subscribe → a day's interest per day, compounding → redeem → records and the overview", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const products = yield* Savings.product({ coin: "USDT" })
      const flexible = products.find((p) => p.periodType === "flexible")!
      expect(fmt(flexible.apyList[0]!.currentApy)).toBe("5")
      expect(yield* spotBalance("USDT")).toBe("100000")

      const sub = yield* Savings.subscribe({ productId: flexible.productId, periodType: "flexible", amount: "36500" })
      expect(yield* spotBalance("USDT")).toBe("63500")
      expect(sub.orderId).not.toBe("")
      expect((yield* Savings.subscribeResult({ productId: flexible.productId, periodType: "flexible" })).result).toBe(
        "success"
      )
      expect((yield* Savings.subscribeResult({ productId: "1002", periodType: "fixed" })).result).toBe("fail")

      // Nothing before a whole day; then 36500 × 5% / 365 = 5 the first day, 36505 × 5% / 365 the second.
      yield* TestClock.adjust("23 hours")
      const [early] = (yield* Savings.assets({ periodType: "flexible" })).resultList
      expect([fmt(early!.holdAmount), fmt(early!.totalProfit)]).toEqual(["36500", "0"])
      yield* TestClock.adjust("25 hours")
      const [held] = (yield* Savings.assets({ periodType: "flexible" })).resultList
      expect([fmt(held!.holdAmount), fmt(held!.lastProfit), fmt(held!.totalProfit), held!.holdDays]).toEqual([
        "36510.00068493",
        "5.00068493",
        "10.00068493",
        "2"
      ])
      expect((yield* Account.assets({ coin: "USDT" })).map((r) => fmt(r.amount))).toEqual(["36510.00068493"])
      const overview = yield* Assets.allAccountBalance()
      expect(fmt(overview.find((r) => r.accountType === "earn")!.usdtBalance)).toBe("36510.00068493")

      const out = yield* Savings.redeem({ productId: flexible.productId, periodType: "flexible", amount: "10000" })
      expect((yield* Savings.redeemResult({ orderId: out.orderId, periodType: "flexible" })).result).toBe("success")
      expect(yield* spotBalance("USDT")).toBe("73500")
      const too = yield* Effect.flip(
        Savings.redeem({ productId: flexible.productId, periodType: "flexible", amount: "30000" })
      )
      expect(too._tag).toBe("InsufficientBalance")
      const records = (yield* Savings.records({ periodType: "flexible" })).resultList
      expect(records.map((r) => [r.orderType, fmt(r.amount)])).toEqual([
        ["redeem", "10000"],
        ["pay_interest", "5.00068493"],
        ["pay_interest", "5"],
        ["subscribe", "36500"]
      ])
    }).pipe(Effect.provide(Env)))

  it.scoped("a subscription beyond the spot balance fails; a zero amount is refused before anything is sent", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const error = yield* Effect.flip(
        Savings.subscribe({ productId: "1001", periodType: "flexible", amount: "1000000" })
      )
      expect(error._tag).toBe("InsufficientBalance")
      yield* refusedLocally(
        Savings.subscribe({ productId: "1001", periodType: "flexible", amount: "0" }),
        "amount",
        yield* sent
      )
    }).pipe(Effect.provide(Env)))
})

describe("earn crypto loans (TestClock)", () => {
  it.scoped("borrow against BTC → hourly interest → partial repay (interest first) → repay all releases the pledge", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const spot = yield* Simulator.control<SpotControl>("spot")
      spot.setPrice("BTCUSDT", "60000")
      // 1 BTC at 60000 and an initial LTV of 65%: 39000 USDT.
      const loan = yield* Loan.borrow({ loanCoin: "USDT", pledgeCoin: "BTC", daily: "SEVEN", pledgeAmount: "1" })
      expect([yield* spotBalance("USDT"), yield* spotBalance("BTC")]).toEqual(["139000", "9"])
      yield* TestClock.adjust("3 hours")
      const [order] = yield* Loan.ongoingOrders({ orderId: loan.orderId })
      // 39000 × 0.0000025 = 0.0975 an hour.
      expect([fmt(order!.loanAmount), fmt(order!.interestAmount), fmt(order!.pledgeAmount)]).toEqual([
        "39000",
        "0.2925",
        "1"
      ])
      const part = yield* Loan.repay({ orderId: loan.orderId, amount: "19500.2925", repayAll: false })
      expect([fmt(part.payInterest), fmt(part.repayLoanAmount), fmt(part.repayUnlockAmount)]).toEqual([
        "0.2925",
        "19500",
        "0.5"
      ])
      const debts = yield* Loan.debts()
      expect([debts.loanInfos.map((d) => fmt(d.amount)), debts.pledgeInfos.map((d) => fmt(d.amount))]).toEqual([
        ["19500"],
        ["0.5"]
      ])
      yield* TestClock.adjust("1 hour")
      const all = yield* Loan.repay({ orderId: loan.orderId, repayAll: true })
      expect([fmt(all.repayAmount), fmt(all.payInterest), fmt(all.repayUnlockAmount)]).toEqual([
        "19500.04875",
        "0.04875",
        "0.5"
      ])
      expect(yield* Loan.ongoingOrders({})).toEqual([])
      expect(yield* spotBalance("BTC")).toBe("10")
      // 100000 + 39000 − 19500.2925 − 19500.04875.
      expect(yield* spotBalance("USDT")).toBe("99999.65875")
    }).pipe(Effect.provide(Env)))

  it.scoped("local rules: exactly one of pledgeAmount and loanAmount; amount unless repayAll; nothing sent", () =>
    Effect.gen(function*() {
      const count = yield* sent
      yield* refusedLocally(
        Loan.borrow({ loanCoin: "USDT", pledgeCoin: "BTC", daily: "SEVEN" }),
        "pledgeAmount or loanAmount",
        count
      )
      yield* refusedLocally(
        Loan.borrow({ loanCoin: "USDT", pledgeCoin: "BTC", daily: "SEVEN", pledgeAmount: "1", loanAmount: "1" }),
        "pledgeAmount or loanAmount",
        count
      )
      yield* refusedLocally(Loan.repay({ orderId: "1", repayAll: false }), "amount: required unless repayAll", count)
      yield* refusedLocally(
        Loan.borrow({ loanCoin: "USDT", pledgeCoin: "BTC", daily: "NINETY" as "SEVEN", pledgeAmount: "1" }),
        "daily",
        count
      )
    }).pipe(Effect.provide(Env)))
})
