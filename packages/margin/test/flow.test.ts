import * as Decimal from "@effect-bitget/core/Decimal"
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import type { MarginControl } from "@effect-bitget/simulator/margin/MarginDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"

// Each test runs its own simulator and client under the test's TestClock, so an hour of
// interest is `TestClock.adjust("1 hour")`.
const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const dec = Decimal.unsafeMake
const eq = (a: BigDecimal.BigDecimal | undefined, b: string) => {
  expect(a === undefined ? undefined : Decimal.format(BigDecimal.normalize(a))).toBe(
    Decimal.format(BigDecimal.normalize(dec(b)))
  )
}
const { Account, Records, Trade } = Margin
const { time } = Margin.Schemas
const START = 1_767_225_600_000 // 2026-01-01T00:00:00Z
const HOUR = 3_600_000
const DAY = 86_400_000
const since = { startTime: time(START - HOUR) }
const sum = (values: ReadonlyArray<BigDecimal.BigDecimal>) => values.reduce(BigDecimal.sum, dec("0"))

const crossUsdt = Effect.map(Account.crossAssets({ coin: "USDT" }), (rows) => rows[0]!)

describe("margin flows (TestClock)", () => {
  it.scoped("transfer in → borrow → buy with autoLoan → interest accrues → sell with autoRepay → records", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const spot = yield* Simulator.control<SpotControl>("spot")
      spot.setPrice("BTCUSDT", "60000")
      yield* Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "1000" })
      eq((yield* crossUsdt).available, "1000")
      // Cross leverage 3: equity 1000 lets the account owe 2000.
      eq((yield* Account.crossMaxBorrowableAmount({ coin: "USDT" })).maxBorrowableAmount, "2000")

      const loan = yield* Account.crossBorrow({ coin: "USDT", borrowAmount: "500" })
      eq(loan.borrowAmount, "500")
      const afterBorrow = yield* crossUsdt
      eq(afterBorrow.available, "1500")
      eq(afterBorrow.borrow, "500")
      // The first hour is charged at once: 500 × 0.0001 / 24, rounded up to 8 decimals.
      eq(afterBorrow.interest, "0.00208334")
      eq((yield* Account.crossMaxBorrowableAmount({ coin: "USDT" })).maxBorrowableAmount, "1499.99374998")

      // A market buy of 2000 USDT with 1500 held: autoLoan borrows the 500 it lacks.
      const buy = yield* Trade.crossPlaceOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        force: "gtc",
        quoteSize: "2000",
        loanType: "autoLoan",
        clientOid: "flow-buy"
      })
      const borrowed = yield* Records.crossBorrowHistory({ coin: "USDT", ...since })
      expect(borrowed.resultList.map((r) => r.borrowType)).toEqual(["auto_loan", "manual_loan"])
      eq(borrowed.resultList[0]!.borrowAmount, "500")
      expect(borrowed.minId).toBe(loan.loanId)
      const [filled] = (yield* Trade.crossHistoryOrders({ symbol: "BTCUSDT", ...since })).orderList
      expect(filled!.orderId).toBe(buy.orderId)
      expect(filled!.status).toBe("filled")
      expect(filled!.loanType).toBe("autoLoan")
      eq(filled!.quoteSize, "2000")
      eq(filled!.priceAvg, "60000")
      const btc = (yield* Account.crossAssets({ coin: "BTC" }))[0]!
      // 2000 / 60000 floored to 8 decimals, less the 0.1% fee.
      eq(btc.available, "0.03329999")
      const owed = yield* crossUsdt
      eq(owed.borrow, "1000")

      // Three hours: three scheduled charges of 1000 × 0.0001 / 24 each.
      yield* TestClock.adjust("3 hours")
      const interest = yield* Records.crossInterestHistory({ coin: "USDT", ...since })
      expect(interest.resultList.map((r) => r.interstType)).toEqual([
        "scheduled",
        "scheduled",
        "scheduled",
        "first",
        "first"
      ])
      for (const row of interest.resultList.slice(0, 3)) eq(row.interestAmount, "0.00416667")
      eq(interest.resultList[0]!.dailyInterestRate, "0.0001")
      const accrued = sum(interest.resultList.map((r) => r.interestAmount))
      eq(accrued, "0.01666669")
      eq((yield* crossUsdt).interest, "0.01666669")

      // Selling the BTC with autoRepay repays the whole debt, interest first, from the proceeds.
      yield* Trade.crossPlaceOrder({
        symbol: "BTCUSDT",
        side: "sell",
        orderType: "market",
        force: "gtc",
        // The pair trades 6 decimals of BTC (its quantity precision): the rest stays as dust.
        baseSize: "0.033299",
        loanType: "autoRepay"
      })
      const settled = yield* crossUsdt
      eq(settled.borrow, "0")
      eq(settled.interest, "0")
      const margin = yield* Simulator.control<MarginControl>("margin")
      expect(margin.ledger.debtsOf({ uid: Simulator.UID, kind: "crossed", symbol: undefined }).size).toBe(0)
      const [repay] = (yield* Records.crossRepayHistory({ coin: "USDT", ...since })).resultList
      expect(repay!.repayType).toBe("auto_repay")
      eq(repay!.repayInterest, "0.01666669")
      eq(repay!.repayPrincipal, "1000")
      eq((yield* Account.crossRiskRate()).riskRateRatio, "0")

      // Every movement is a financial record, streamed across pages (2 rows a page).
      const records = Chunk.toReadonlyArray(
        yield* Stream.runCollect(Records.crossFinancialRecords.items({ ...since, limit: 2 }))
      )
      expect(records.map((r) => r.marginType).reverse()).toEqual([
        "transfer_in",
        "borrow",
        "borrow",
        "deal_out",
        "deal_in",
        "deal_out",
        "deal_in",
        "repay"
      ])
      expect(new Set(records.map((r) => r.marginId)).size).toBe(records.length)
      // The last record's balance is what the account holds.
      eq(records[0]!.balance, Decimal.format((yield* crossUsdt).available))
    }).pipe(Effect.provide(Env)))

  it.scoped("the price falls, the risk rate crosses 1 and the cross account is liquidated", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const spot = yield* Simulator.control<SpotControl>("spot")
      spot.setPrice("BTCUSDT", "60000")
      yield* Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "1000" })
      // 3000 USDT of BTC on 1000 of equity: the account borrows its maximum, 2000.
      yield* Trade.crossPlaceOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        force: "gtc",
        quoteSize: "3000",
        loanType: "autoLoan"
      })
      const calm = (yield* Account.crossRiskRate()).riskRateRatio
      expect(BigDecimal.between(calm, { minimum: dec("0.7"), maximum: dec("0.8") })).toBe(true)
      spot.setPrice("BTCUSDT", "50000")
      const warned = (yield* Account.crossRiskRate()).riskRateRatio
      expect(BigDecimal.between(warned, { minimum: dec("0.8"), maximum: dec("1") })).toBe(true)
      expect((yield* Records.crossLiquidationHistory(since)).resultList).toEqual([])

      spot.setPrice("BTCUSDT", "44000")
      eq((yield* Account.crossRiskRate()).riskRateRatio, "0")
      const [liquidation] = (yield* Records.crossLiquidationHistory(since)).resultList
      expect(BigDecimal.greaterThanOrEqualTo(liquidation!.liqRiskRatio, dec("1"))).toBe(true)
      // Debt: 2000 borrowed plus the first hour's interest; assets: the BTC at 44000.
      eq(liquidation!.totalDebt, "2000.00833334")
      eq(liquidation!.totalAssets, "2197.8")
      eq(liquidation!.liqFee, "20.00008333")
      const assets = yield* Account.crossAssets()
      const usdt = assets.find((a) => a.coin === "USDT")!
      eq(usdt.borrow, "0")
      eq(usdt.available, "177.79158333")
      eq(assets.find((a) => a.coin === "BTC")!.available, "0")
      const repays = (yield* Records.crossRepayHistory(since)).resultList
      expect(repays.map((r) => r.repayType)).toEqual(["liq_repay"])
      const kinds = (yield* Records.crossFinancialRecords(since)).resultList.map((r) => r.marginType)
      expect(kinds.slice(0, 4)).toEqual(["liquidation_fee", "repay", "deal_in", "deal_out"])
      // The isolated side is untouched.
      expect(yield* Account.isolatedAssets()).toEqual([])
    }).pipe(Effect.provide(Env)))
})

describe("margin histories as streams (TestClock)", () => {
  it.scoped("100 days of hourly interest: every row once, across 90-day windows and 500-row pages", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      yield* Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "1000" })
      yield* Account.crossBorrow({ coin: "USDT", borrowAmount: "100" })
      yield* TestClock.adjust("100 days")
      const end = START + 100 * DAY
      // A row sits exactly on the windows' edge (end − 90 days) and at both ends of the range.
      const pages = Chunk.toReadonlyArray(
        yield* Stream.runCollect(Records.crossInterestHistory.pages({ startTime: time(START), endTime: time(end) }))
      )
      const rows = pages.flatMap((page) => page.resultList)
      const { ledger } = yield* Simulator.control<MarginControl>("margin")
      expect(ledger.interests.length).toBe(1 + 2400)
      expect(rows.length).toBe(ledger.interests.length)
      expect(new Set(rows.map((r) => r.interestId)).size).toBe(rows.length)
      const ids = rows.map((r) => BigInt(r.interestId))
      expect(ids.every((id, i) => i === 0 || id < ids[i - 1]!)).toBe(true)
      expect(rows.map((r) => r.cTime.epochMillis)).toContain(end - 90 * DAY)
      expect(rows.map((r) => r.cTime.epochMillis)).toContain(end)
      expect(rows.map((r) => r.cTime.epochMillis)).toContain(START)
      // Two windows (90 days, then 10); the first one is five pages of 500 and a short one.
      expect(pages.map((page) => page.resultList.length)).toEqual([500, 500, 500, 500, 161, 240])
      // One millisecond later the first charge falls out of the range. (A second passes first: the
      // limiter allows 10 calls a second, and TestClock stands still.)
      yield* TestClock.adjust("1 second")
      const later = yield* Stream.runCount(
        Records.crossInterestHistory.items({ startTime: time(START + 1), endTime: time(end) })
      )
      expect(later).toBe(2400)
    }).pipe(Effect.provide(Env)))
})
