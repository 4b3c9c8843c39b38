import * as Decimal from "@effect-bitget/core/Decimal"
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import type { MarginControl } from "@effect-bitget/simulator/margin/MarginDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const dec = Decimal.unsafeMake
const eq = (a: BigDecimal.BigDecimal | undefined, b: string) =>
  expect(a === undefined ? undefined : Decimal.format(BigDecimal.normalize(a))).toBe(
    Decimal.format(BigDecimal.normalize(dec(b)))
  )
const { Account, Records, Trade } = Margin
const { time } = Margin.Schemas
const day = 86_400_000
const since = () => ({ startTime: time(Date.now() - day) })
const transfer = (toType: "crossed_margin" | "isolated_margin", amount: string, symbol?: string) =>
  Spot.Wallet.transfer({
    fromType: "spot",
    toType,
    coin: "USDT",
    amount,
    ...(symbol === undefined ? {} : { symbol })
  })

/** The exchange's refusal: its tag, Bitget code and HTTP status, with the margin world unchanged. */
const refused = <A, E, R>(call: Effect.Effect<A, E, R>, tag: string, code: string) =>
  Effect.gen(function*() {
    const { ledger } = yield* Simulator.control<MarginControl>("margin")
    const before = [ledger.borrows.length, ledger.repays.length, ledger.finance.length]
    const error = (yield* Effect.flip(call)) as unknown as { _tag: string; code: string; status: number }
    expect([error._tag, error.code, error.status]).toEqual([tag, code, 400])
    expect([ledger.borrows.length, ledger.repays.length, ledger.finance.length]).toEqual(before)
  })

layer(Env, { excludeTestServices: true })("cross and isolated accounts", (it) => {
  it.effect("are funded, borrow and owe apart", () =>
    Effect.gen(function*() {
      const spot = yield* Simulator.control<SpotControl>("spot")
      spot.setPrice("BTCUSDT", "60000")
      yield* transfer("crossed_margin", "1000")
      yield* transfer("isolated_margin", "500", "BTCUSDT")
      yield* transfer("isolated_margin", "300", "ETHUSDT")
      // Isolated leverage 5: 500 of equity lets the BTCUSDT account owe 2000 USDT, or 2000/60000 BTC.
      const isolatedMax = yield* Account.isolatedMaxBorrowableAmount({ symbol: "BTCUSDT" })
      eq(isolatedMax.quoteCoinMaxBorrowAmount, "2000")
      eq(isolatedMax.baseCoinMaxBorrowAmount, "0.03333333")
      eq((yield* Account.crossMaxBorrowableAmount({ coin: "USDT" })).maxBorrowableAmount, "2000")

      const loan = yield* Account.isolatedBorrow({ symbol: "BTCUSDT", coin: "USDT", borrowAmount: "1000" })
      expect(loan.symbol).toBe("BTCUSDT")
      eq((yield* Account.crossMaxBorrowableAmount({ coin: "USDT" })).maxBorrowableAmount, "2000")
      expect((yield* Account.crossAssets()).every((a) => BigDecimal.isZero(a.borrow))).toBe(true)
      const isolatedRows = yield* Account.isolatedAssets()
      expect(isolatedRows.map((a) => `${a.symbol}:${a.coin}`).sort()).toEqual([
        "BTCUSDT:BTC",
        "BTCUSDT:USDT",
        "ETHUSDT:ETH",
        "ETHUSDT:USDT"
      ])
      eq(isolatedRows.find((a) => a.symbol === "BTCUSDT" && a.coin === "USDT")!.borrow, "1000")
      eq(isolatedRows.find((a) => a.symbol === "ETHUSDT" && a.coin === "USDT")!.borrow, "0")
      const risks = yield* Account.isolatedRiskRate()
      expect(BigDecimal.isPositive(risks.find((r) => r.symbol === "BTCUSDT")!.riskRateRatio)).toBe(true)
      eq(risks.find((r) => r.symbol === "ETHUSDT")!.riskRateRatio, "0")
      eq((yield* Account.crossRiskRate()).riskRateRatio, "0")
      expect((yield* Records.crossBorrowHistory(since())).resultList).toEqual([])
      expect((yield* Records.isolatedBorrowHistory({ symbol: "BTCUSDT", ...since() })).resultList.length).toBe(1)
      expect((yield* Records.isolatedBorrowHistory({ symbol: "ETHUSDT", ...since() })).resultList).toEqual([])
      // Nothing is owed in cross: repaying there is refused and the isolated debt stays.
      yield* refused(Account.crossRepay({ coin: "USDT", repayAmount: "1" }), "ExchangeError", "50053")
      const repaid = yield* Account.isolatedRepay({ symbol: "BTCUSDT", coin: "USDT", repayAmount: "400" })
      // Interest first: 1000 × 0.0001 / 24 = 0.00416667 of the 400 went to interest.
      eq(repaid.remainDebtAmount, "600.00416667")
      const [row] = (yield* Records.isolatedRepayHistory({ symbol: "BTCUSDT", ...since() })).resultList
      eq(row!.repayInterest, "0.00416667")
      eq(row!.repayPrincipal, "399.99583333")
      // The isolated financial records are the BTCUSDT account's own.
      const finance = (yield* Records.isolatedFinancialRecords({ symbol: "BTCUSDT", ...since() })).resultList
      expect(finance.map((r) => r.marginType)).toEqual(["repay", "borrow", "transfer_in"])
      expect(finance.every((r) => r.symbol === "BTCUSDT")).toBe(true)
    }))

  it.effect("the exchange's refusals: codes, tags and HTTP status", () =>
    Effect.gen(function*() {
      yield* refused(Account.crossBorrow({ coin: "USDT", borrowAmount: "2000.00000001" }), "ExchangeError", "50035")
      yield* refused(
        Account.isolatedRepay({ symbol: "BTCUSDT", coin: "USDT", repayAmount: "601" }),
        "ExchangeError",
        "50053"
      )
      yield* refused(
        Account.isolatedBorrow({ symbol: "BTCUSDT", coin: "ETH", borrowAmount: "1" }),
        "InvalidParameter",
        "50039"
      )
      yield* refused(
        Account.isolatedBorrow({ symbol: "DOGEUSDT", coin: "USDT", borrowAmount: "1" }),
        "InvalidParameter",
        "50024"
      )
      yield* refused(Account.crossBorrow({ coin: "XYZ", borrowAmount: "1" }), "InvalidParameter", "50032")
      yield* refused(
        Trade.crossPlaceOrder({
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "market",
          force: "gtc",
          quoteSize: "1000.01",
          loanType: "normal"
        }),
        "InsufficientBalance",
        "50020"
      )
      const order = {
        symbol: "ETHUSDT",
        side: "buy",
        orderType: "market",
        force: "gtc",
        quoteSize: "10",
        loanType: "normal",
        clientOid: "once"
      } as const
      const placed = yield* Trade.isolatedPlaceOrder(order)
      yield* refused(Trade.isolatedPlaceOrder(order), "DuplicateClientOid", "50060")
      // The same clientOid in the cross account is another account's order.
      yield* Trade.crossPlaceOrder(order)
      yield* refused(
        Trade.isolatedCancelOrder({ symbol: "ETHUSDT", orderId: placed.orderId! }),
        "OrderNotFound",
        "50062"
      )
      // With 600 USDT owed on 500 of collateral, not all of the BTCUSDT account's USDT may leave.
      const most = (yield* Account.isolatedMaxTransferOutAmount({ symbol: "BTCUSDT" })).quoteCoinMaxTransferOutAmount
      const out = (amount: BigDecimal.BigDecimal) =>
        Spot.Wallet.transfer({
          fromType: "isolated_margin",
          toType: "spot",
          coin: "USDT",
          symbol: "BTCUSDT",
          amount
        })
      yield* refused(out(BigDecimal.sum(most, dec("0.00000001"))), "InsufficientBalance", "50020")
      yield* out(most)
      eq((yield* Account.isolatedMaxTransferOutAmount({ symbol: "BTCUSDT" })).quoteCoinMaxTransferOutAmount, "0")
    }))

  it.effect("flash repay, from the coin itself or by selling others, and its status", () =>
    Effect.gen(function*() {
      yield* Account.crossBorrow({ coin: "USDT", borrowAmount: "100" })
      // Borrow BTC and sell it: the BTC debt must be bought back with USDT.
      yield* Account.crossBorrow({ coin: "BTC", borrowAmount: "0.001" })
      yield* Trade.crossPlaceOrder({
        symbol: "BTCUSDT",
        side: "sell",
        orderType: "market",
        force: "gtc",
        baseSize: "0.001",
        loanType: "normal"
      })
      const [usdt] = yield* Account.crossFlashRepay({ coin: "USDT" })
      const [btc] = yield* Account.crossFlashRepay({ coin: "BTC" })
      const statuses = yield* Account.crossFlashRepayStatus({ idList: [usdt!.repayId, btc!.repayId, "1"] })
      expect(statuses).toEqual([
        { repayId: usdt!.repayId, status: "FINISH" },
        { repayId: btc!.repayId, status: "FINISH" }
      ])
      const assets = yield* Account.crossAssets()
      expect(assets.every((a) => BigDecimal.isZero(a.borrow) && BigDecimal.isZero(a.interest))).toBe(true)
      const kinds = (yield* Records.crossFinancialRecords({ coin: "BTC", ...since() })).resultList.map((r) =>
        r.marginType
      )
      expect(kinds.slice(0, 2)).toEqual(["repay", "deal_in"])
      const [isolated] = yield* Account.isolatedFlashRepay({ symbolList: ["BTCUSDT"] })
      expect(isolated).toMatchObject({ symbol: "BTCUSDT", result: "success" })
      eq((yield* Account.isolatedAssets({ symbol: "BTCUSDT" })).find((a) => a.coin === "USDT")!.borrow, "0")
      expect(yield* Account.isolatedFlashRepayStatus({ idList: [isolated!.repayId] })).toEqual([
        { repayId: isolated!.repayId, status: "FINISH" }
      ])
    }))

  it.effect("resting limit orders: autoLoan borrows when placed, autoRepay repays when the price fills it", () =>
    Effect.gen(function*() {
      const spot = yield* Simulator.control<SpotControl>("spot")
      spot.setPrice("ETHUSDT", "3000")
      const held = (yield* Account.isolatedAssets({ symbol: "ETHUSDT" })).find((a) => a.coin === "USDT")!.available
      // 0.2 ETH at 2900 costs 580 USDT; the account holds less, autoLoan borrows the rest.
      const buy = yield* Trade.isolatedPlaceOrder({
        symbol: "ETHUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "2900",
        baseSize: "0.2",
        loanType: "autoLoanAndRepay"
      })
      const owed = (yield* Account.isolatedAssets({ symbol: "ETHUSDT" })).find((a) => a.coin === "USDT")!.borrow
      eq(owed, Decimal.format(BigDecimal.subtract(dec("580"), held)))
      const open = (yield* Trade.isolatedOpenOrders({ symbol: "ETHUSDT", ...since() })).orderList
      expect(open.map((o) => [o.orderId, o.status, o.loanType])).toEqual([[buy.orderId, "live", "autoLoanAndRepay"]])
      spot.setPrice("ETHUSDT", "2850")
      const [fill] = (yield* Trade.isolatedFills({ symbol: "ETHUSDT", ...since() })).fills
      expect([fill!.orderId, fill!.tradeScope]).toEqual([buy.orderId, "maker"])
      eq(fill!.priceAvg, "2900")
      yield* Trade.isolatedPlaceOrder({
        symbol: "ETHUSDT",
        side: "sell",
        orderType: "limit",
        force: "gtc",
        price: "3100",
        baseSize: "0.1998",
        loanType: "autoRepay"
      })
      eq(
        (yield* Account.isolatedAssets({ symbol: "ETHUSDT" })).find((a) => a.coin === "USDT")!.borrow,
        Decimal.format(owed)
      )
      spot.setPrice("ETHUSDT", "3100")
      const after = (yield* Account.isolatedAssets({ symbol: "ETHUSDT" })).find((a) => a.coin === "USDT")!
      eq(after.borrow, "0")
      eq(after.interest, "0")
      const [repay] = (yield* Records.isolatedRepayHistory({ symbol: "ETHUSDT", ...since() })).resultList
      expect(repay!.repayType).toBe("auto_repay")
    }))
})
