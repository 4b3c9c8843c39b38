import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import type { MarginControl } from "@effect-bitget/simulator/margin/MarginDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const { Account, Records, Trade } = Margin
const { time } = Margin.Schemas
const day = 86_400_000

/**
 * Runs a call that must fail locally: an `InvalidRequest` whose reason starts with `field`,
 * no request reached the simulator, and the margin world did not change.
 */
const rejectedLocally = <A, E extends { readonly _tag: string; readonly message: string }, R>(
  call: Effect.Effect<A, E, R>,
  field: string,
  reason: string
) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const { ledger } = yield* Simulator.control<MarginControl>("margin")
    const spot = yield* Simulator.control<SpotControl>("spot")
    const sent = simulator.traffic.total()
    const state = () => [ledger.borrows.length, ledger.repays.length, ledger.finance.length, spot.world.orders.size]
    const before = state()
    const error = yield* Effect.flip(call)
    expect(error._tag).toBe("InvalidRequest")
    const reasonText = (error as unknown as { reason: string }).reason
    if (field !== "") expect(reasonText).toContain(`${field}: `)
    expect(reasonText).toContain(reason)
    expect(reasonText.split("\n")[0]).not.toBe("")
    expect(simulator.traffic.total()).toBe(sent)
    expect(state()).toEqual(before)
    return reasonText
  })

const limitBuy = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "50000",
  baseSize: "0.001",
  loanType: "autoLoan"
} as const
const item = {
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "50000",
  baseSize: "0.001",
  loanType: "normal"
} as const

layer(Env, { excludeTestServices: true })("margin local rules", (it) => {
  it.effect("a funded account and a working order, so each refusal below is the rule's and not the world's", () =>
    Effect.gen(function*() {
      yield* Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "1000" })
      const placed = yield* Trade.crossPlaceOrder(limitBuy)
      expect(placed.orderId).toBeDefined()
    }))

  it.effect("a limit order without a price, cross, isolated and in a batch", () =>
    Effect.gen(function*() {
      const { price: _, ...noPrice } = limitBuy
      const reason = yield* rejectedLocally(Trade.crossPlaceOrder(noPrice), "price", "a limit order needs a price")
      // A rule of the request reads as one line, the field first.
      expect(reason).toBe("price: a limit order needs a price")
      yield* rejectedLocally(Trade.isolatedPlaceOrder(noPrice), "price", "a limit order needs a price")
      const { price: __, ...noPriceItem } = item
      yield* rejectedLocally(
        Trade.crossBatchPlaceOrder({ symbol: "BTCUSDT", orderList: [item, noPriceItem] }),
        "price",
        "a limit order needs a price"
      )
    }))

  it.effect("a limit order sized by quoteSize", () =>
    Effect.gen(function*() {
      const { baseSize: _, ...quoteSized } = { ...limitBuy, quoteSize: "50" }
      yield* rejectedLocally(Trade.crossPlaceOrder(quoteSized), "baseSize", "a limit order is sized by baseSize")
    }))

  it.effect("a market buy sized by baseSize, a market sell by quoteSize, either without its size", () =>
    Effect.gen(function*() {
      const market = { symbol: "BTCUSDT", orderType: "market", force: "gtc", loanType: "normal" } as const
      yield* rejectedLocally(
        Trade.crossPlaceOrder({ ...market, side: "buy", baseSize: "0.001" }),
        "baseSize",
        "a market buy is sized by quoteSize"
      )
      yield* rejectedLocally(
        Trade.isolatedPlaceOrder({ ...market, side: "buy", baseSize: "0.001", quoteSize: "50" }),
        "baseSize",
        "a market buy is sized by quoteSize"
      )
      yield* rejectedLocally(
        Trade.crossPlaceOrder({ ...market, side: "buy" }),
        "quoteSize",
        "a market buy needs quoteSize"
      )
      yield* rejectedLocally(
        Trade.isolatedPlaceOrder({ ...market, side: "sell", quoteSize: "50" }),
        "quoteSize",
        "a market sell is sized by baseSize"
      )
      yield* rejectedLocally(
        Trade.crossPlaceOrder({ ...market, side: "sell" }),
        "baseSize",
        "a market sell needs baseSize"
      )
    }))

  it.effect("an empty batch and a batch of 51, to place and to cancel", () =>
    Effect.gen(function*() {
      yield* rejectedLocally(
        Trade.crossBatchPlaceOrder({ symbol: "BTCUSDT", orderList: [] }),
        "orderList",
        "at least one order"
      )
      yield* rejectedLocally(
        Trade.isolatedBatchPlaceOrder({ symbol: "BTCUSDT", orderList: Array.from({ length: 51 }, () => item) }),
        "orderList",
        "at most 50 orders"
      )
      yield* rejectedLocally(
        Trade.crossBatchCancelOrder({ symbol: "BTCUSDT", orderIdList: [] }),
        "orderIdList",
        "at least one order"
      )
      yield* rejectedLocally(
        Trade.isolatedBatchCancelOrder({
          symbol: "BTCUSDT",
          orderIdList: Array.from({ length: 51 }, (_, i) => ({ orderId: String(i + 1) }))
        }),
        "orderIdList",
        "at most 50 orders"
      )
      yield* rejectedLocally(Trade.crossCancelOrder({ symbol: "BTCUSDT" }), "orderId or clientOid", "one is required")
      yield* rejectedLocally(
        Trade.isolatedBatchCancelOrder({ symbol: "BTCUSDT", orderIdList: [{ orderId: "1" }, { clientOid: "" }] }),
        "orderIdList[1]",
        "orderId or clientOid: one is required"
      )
    }))

  it.effect("a batch of exactly 50 goes through", () =>
    Effect.gen(function*() {
      const result = yield* Trade.crossBatchPlaceOrder({
        symbol: "BTCUSDT",
        orderList: Array.from({ length: 50 }, () => ({ ...item, price: "100" }))
      })
      expect(result.successList.length + result.failureList.length).toBe(50)
    }))

  it.effect("borrow and repay amounts: zero, negative, more than 8 decimals", () =>
    Effect.gen(function*() {
      for (const amount of ["0", "0.00000000", "-1"]) {
        const reason = yield* rejectedLocally(
          Account.crossBorrow({ coin: "USDT", borrowAmount: amount }),
          "borrowAmount",
          "greater than zero"
        )
        // One line, the field first, named once.
        expect(reason).toBe("borrowAmount: an amount greater than zero is required")
        yield* rejectedLocally(
          Account.isolatedRepay({ symbol: "BTCUSDT", coin: "USDT", repayAmount: amount }),
          "repayAmount",
          "greater than zero"
        )
      }
      yield* rejectedLocally(
        Account.isolatedBorrow({ symbol: "BTCUSDT", coin: "USDT", borrowAmount: "0.000000001" }),
        "borrowAmount",
        "at most 8 decimal places"
      )
      yield* rejectedLocally(
        Account.crossRepay({ coin: "USDT", repayAmount: "1.123456789" }),
        "repayAmount",
        "at most 8 decimal places"
      )
    }))

  it.effect("the smallest amount of 8 decimals is sent", () =>
    Effect.map(
      Account.crossBorrow({ coin: "USDT", borrowAmount: "0.00000001" }),
      (loan) => expect(loan.loanId).toBeDefined()
    ))

  it.effect("isolated calls without a symbol", () =>
    Effect.gen(function*() {
      const untyped = <A>(a: A) => a as any
      yield* rejectedLocally(
        Account.isolatedBorrow(untyped({ coin: "USDT", borrowAmount: "1" })),
        "symbol",
        "is missing"
      )
      yield* rejectedLocally(
        Account.isolatedBorrow({ symbol: "", coin: "USDT", borrowAmount: "1" }),
        "symbol",
        "a trading pair such as BTCUSDT is required"
      )
      yield* rejectedLocally(
        Account.isolatedMaxBorrowableAmount({ symbol: "" }),
        "symbol",
        "a trading pair"
      )
      yield* rejectedLocally(
        Records.isolatedInterestHistory(untyped({ startTime: time(Date.now() - day) })),
        "symbol",
        "is missing"
      )
    }))

  it.effect("cross calls without a coin", () =>
    Effect.gen(function*() {
      yield* rejectedLocally(Account.crossBorrow({ coin: "", borrowAmount: "1" }), "coin", "a coin name")
      yield* rejectedLocally(Account.crossRepay({ coin: "", repayAmount: "1" }), "coin", "a coin name")
      yield* rejectedLocally(Account.crossMaxBorrowableAmount({ coin: "" }), "coin", "a coin name")
      yield* rejectedLocally(Margin.Market.crossTierData({ coin: "" }), "coin", "a coin name")
    }))

  it.effect("a history window over 90 days and a page over 500", () =>
    Effect.gen(function*() {
      const now = Date.now()
      yield* rejectedLocally(
        Records.crossBorrowHistory({ startTime: time(now - 90 * day - 1), endTime: time(now) }),
        "",
        "startTime to endTime spans 90d 1ms, more than the endpoint's 90d"
      )
      yield* rejectedLocally(
        Trade.isolatedFills({ symbol: "BTCUSDT", startTime: time(now - day), limit: 501 }),
        "",
        "limit must be an integer from 1 to 500"
      )
      // Exactly 90 days and 500 rows are sent.
      const page = yield* Records.crossBorrowHistory({
        startTime: time(now - 90 * day),
        endTime: time(now),
        limit: 500
      })
      expect(page.resultList.length).toBeGreaterThan(0)
    }))

  it.effect("flash repay status: 1 to 100 ids", () =>
    Effect.gen(function*() {
      yield* rejectedLocally(Account.crossFlashRepayStatus({ idList: [] }), "idList", "")
      yield* rejectedLocally(
        Account.isolatedFlashRepayStatus({ idList: Array.from({ length: 101 }, (_, i) => String(i + 1)) }),
        "idList",
        ""
      )
    }))
})
