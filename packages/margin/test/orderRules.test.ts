/**
 * Margin request rules at both sides of each boundary (issue 25: the mutants of each rule
 * function killed): the size rules by order type and side, borrow and repay amounts at zero and
 * at 8 and 9 decimals, and the liquidation-order filters by type. Each call is refused locally
 * (`InvalidRequest` naming the field first, nothing sent) or sent.
 */
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import { describe, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refused, sent } from "../../core/test/ruleCases.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const { Account, Records, Trade } = Margin
const base = { symbol: "BTCUSDT", loanType: "normal", force: "gtc" } as const

describe("margin request rules", () => {
  layer(Env, { excludeTestServices: true })((it) => {
    it.effect("size rules: limit by price and baseSize, market buy by quoteSize, market sell by baseSize", () =>
      Effect.gen(function*() {
        for (const place of [Trade.crossPlaceOrder, Trade.isolatedPlaceOrder]) {
          const limit = { ...base, side: "buy", orderType: "limit" } as const
          yield* refused(place({ ...limit, baseSize: "0.001" }), "price: a limit order needs a price")
          yield* refused(place({ ...limit, price: "50000" }), "baseSize: a limit order is sized by baseSize")
          yield* sent(place({ ...limit, price: "50000", baseSize: "0.001" }))
          yield* sent(place({ ...limit, side: "sell", price: "70000", baseSize: "0.001" }))
          const buy = { ...base, side: "buy", orderType: "market" } as const
          yield* refused(
            place({ ...buy, baseSize: "0.001", quoteSize: "10" }),
            "baseSize: a market buy is sized by quoteSize"
          )
          yield* refused(place(buy), "quoteSize: a market buy needs quoteSize")
          yield* sent(place({ ...buy, quoteSize: "10" }))
          const sell = { ...base, side: "sell", orderType: "market" } as const
          yield* refused(
            place({ ...sell, baseSize: "0.001", quoteSize: "10" }),
            "quoteSize: a market sell is sized by baseSize"
          )
          yield* refused(place(sell), "baseSize: a market sell needs baseSize")
          yield* sent(place({ ...sell, baseSize: "0.001" }))
        }
        const item = { loanType: "normal", force: "gtc", side: "sell", orderType: "market" } as const
        yield* refused(
          Trade.crossBatchPlaceOrder({ symbol: "BTCUSDT", orderList: [{ ...item, baseSize: "0.001" }, item] }),
          "orderList[1]: baseSize: a market sell needs baseSize"
        )
        yield* sent(Trade.crossBatchPlaceOrder({ symbol: "BTCUSDT", orderList: [{ ...item, baseSize: "0.001" }] }))
      }))

    it.effect("orderId or clientOid names the order to cancel", () =>
      Effect.gen(function*() {
        const none = "orderId or clientOid: one is required"
        yield* refused(Trade.crossCancelOrder({ symbol: "BTCUSDT" }), none)
        yield* refused(Trade.crossCancelOrder({ symbol: "BTCUSDT", orderId: "" }), none)
        yield* sent(Trade.crossCancelOrder({ symbol: "BTCUSDT", clientOid: "c-1" }))
      }))

    it.effect("borrow and repay amounts: above zero, at most 8 decimals", () =>
      Effect.gen(function*() {
        yield* refused(
          Account.crossBorrow({ coin: "USDT", borrowAmount: "0" }),
          "borrowAmount: an amount greater than zero"
        )
        yield* refused(
          Account.crossBorrow({ coin: "USDT", borrowAmount: "-1" }),
          "borrowAmount: an amount greater than zero"
        )
        yield* refused(
          Account.crossBorrow({ coin: "USDT", borrowAmount: "0.000000001" }),
          "borrowAmount: at most 8 decimal places"
        )
        yield* sent(Account.crossBorrow({ coin: "USDT", borrowAmount: "0.00000001" }))
        // Trailing zeros are not decimals: 1.000000000 is 1.
        yield* sent(Account.crossBorrow({ coin: "USDT", borrowAmount: "1.000000000" }))
        yield* refused(
          Account.crossRepay({ coin: "USDT", repayAmount: "0" }),
          "repayAmount: an amount greater than zero"
        )
        yield* sent(Account.crossRepay({ coin: "USDT", repayAmount: "1.5" }))
      }))

    it.effect("liquidation orders: symbol only with place_order, fromCoin and toCoin only with swap", () =>
      Effect.gen(function*() {
        for (const list of [Records.crossLiquidationOrder, Records.isolatedLiquidationOrder]) {
          yield* refused(list({ type: "swap", symbol: "BTCUSDT" }), "symbol: only with type place_order")
          yield* sent(list({ type: "swap", fromCoin: "BTC", toCoin: "USDT" }))
          yield* refused(list({ type: "place_order", fromCoin: "BTC" }), "fromCoin and toCoin: only with type swap")
          yield* refused(list({ type: "place_order", toCoin: "USDT" }), "fromCoin and toCoin: only with type swap")
          yield* refused(list({ toCoin: "USDT" }), "fromCoin and toCoin: only with type swap")
          yield* sent(list({ type: "place_order", symbol: "BTCUSDT" }))
          yield* sent(list({}))
        }
      }))
  })
})
