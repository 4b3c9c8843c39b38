/**
 * Spot request rules at both sides of each boundary (issue 25: the mutants of each rule function
 * killed): each dimension a rule reads is varied alone — the order type, the tpsl type, the batch
 * mode, an empty symbol or id beside a good one, either side of a transfer — and each call is
 * either refused locally (`InvalidRequest` naming the field first, nothing sent) or sent.
 */
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { describe, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refused, sent } from "../../core/test/ruleCases.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const { CancelReplace, PlanOrder, Trade, Wallet } = Spot
const buy = { symbol: "BTCUSDT", side: "buy", force: "gtc", size: "0.001" } as const
const item = { side: "buy", force: "gtc", size: "0.001", orderType: "market" } as const

describe("spot request rules", () => {
  layer(Env, { excludeTestServices: true })((it) => {
    it.effect("a limit order needs a price; a tpsl order its triggerPrice; a market or normal one neither", () =>
      Effect.gen(function*() {
        yield* refused(Trade.placeOrder({ ...buy, orderType: "limit" }), "price: required for a limit order")
        yield* sent(Trade.placeOrder({ ...buy, orderType: "market" }))
        yield* sent(Trade.placeOrder({ ...buy, orderType: "limit", price: "50000" }))
        yield* refused(
          Trade.placeOrder({ ...buy, orderType: "market", tpslType: "tpsl" }),
          "triggerPrice: required for a tpsl order"
        )
        yield* sent(Trade.placeOrder({ ...buy, orderType: "market", tpslType: "tpsl", triggerPrice: "70000" }))
        yield* sent(Trade.placeOrder({ ...buy, orderType: "market", tpslType: "normal" }))
      }))

    it.effect("batch symbols: the request's in single mode, each order's in multiple mode", () =>
      Effect.gen(function*() {
        const single = "symbol: required in single batch mode"
        yield* refused(Trade.batchOrders({ orderList: [{ ...item, symbol: "BTCUSDT" }] }), single)
        yield* refused(Trade.batchOrders({ symbol: "", orderList: [item] }), single)
        yield* refused(Trade.batchOrders({ batchMode: "single", orderList: [item] }), single)
        yield* sent(Trade.batchOrders({ symbol: "BTCUSDT", orderList: [item] }))
        yield* sent(Trade.batchOrders({ symbol: "BTCUSDT", batchMode: "single", orderList: [item] }))
        yield* refused(
          Trade.batchOrders({ batchMode: "multiple", orderList: [{ ...item, symbol: "BTCUSDT" }, item] }),
          "orderList[1].symbol: required in multiple batch mode"
        )
        yield* refused(
          Trade.batchOrders({ batchMode: "multiple", orderList: [{ ...item, symbol: "" }] }),
          "orderList[0].symbol: required in multiple batch mode"
        )
        yield* refused(
          Trade.batchOrders({ symbol: "BTCUSDT", batchMode: "multiple", orderList: [item] }),
          "orderList[0].symbol"
        )
        yield* sent(
          Trade.batchOrders({
            batchMode: "multiple",
            orderList: [{ ...item, symbol: "BTCUSDT" }, { ...item, symbol: "ETHUSDT" }]
          })
        )
        yield* refused(
          Trade.batchOrders({ symbol: "BTCUSDT", orderList: [item, { ...item, orderType: "limit" }] }),
          "orderList[1]: price: required for a limit order"
        )
        const cancel = { orderId: "1" }
        yield* refused(Trade.batchCancelOrder({ orderList: [cancel] }), single)
        yield* sent(Trade.batchCancelOrder({ symbol: "BTCUSDT", orderList: [cancel] }))
        yield* refused(
          Trade.batchCancelOrder({ batchMode: "multiple", orderList: [cancel] }),
          "orderList[0].symbol: required in multiple batch mode"
        )
        yield* sent(Trade.batchCancelOrder({ batchMode: "multiple", orderList: [{ ...cancel, symbol: "BTCUSDT" }] }))
      }))

    it.effect("orderId or clientOid: an empty one counts as none, either one alone is enough", () =>
      Effect.gen(function*() {
        const none = "orderId or clientOid: one is required"
        const symbol = { symbol: "BTCUSDT" } as const
        yield* refused(Trade.cancelOrder(symbol), none)
        yield* refused(Trade.cancelOrder({ ...symbol, orderId: "" }), none)
        yield* refused(Trade.cancelOrder({ ...symbol, clientOid: "" }), none)
        yield* refused(Trade.cancelOrder({ ...symbol, orderId: "", clientOid: "" }), none)
        yield* sent(Trade.cancelOrder({ ...symbol, orderId: "1", clientOid: "" }))
        yield* sent(Trade.cancelOrder({ ...symbol, orderId: "", clientOid: "c-1" }))
        yield* refused(Trade.orderInfo({ orderId: "" }), none)
        yield* sent(Trade.orderInfo({ clientOid: "c-1" }))
        yield* refused(
          Trade.batchCancelOrder({ symbol: "BTCUSDT", orderList: [{ orderId: "1" }, {}] }),
          `orderList[1]: ${none}`
        )
        const replace = { symbol: "BTCUSDT", price: "50000", size: "0.001" } as const
        yield* refused(CancelReplace.cancelReplaceOrder({ ...replace, clientOid: "" }), none)
        yield* sent(CancelReplace.cancelReplaceOrder({ ...replace, clientOid: "c-1" }))
        yield* refused(
          CancelReplace.batchCancelReplaceOrder({ orderList: [{ ...replace, orderId: "1" }, replace] }),
          `orderList[1]: ${none}`
        )
        yield* refused(PlanOrder.cancelPlanOrder({ orderId: "" }), none)
        yield* sent(PlanOrder.cancelPlanOrder({ clientOid: "c-1" }))
      }))

    it.effect("a limit plan order needs executePrice (place and modify); a market one does not", () =>
      Effect.gen(function*() {
        const plan = { ...buy, triggerPrice: "70000", triggerType: "fill_price" } as const
        const need = "executePrice: required for a limit plan order"
        yield* refused(PlanOrder.placePlanOrder({ ...plan, orderType: "limit" }), need)
        yield* sent(PlanOrder.placePlanOrder({ ...plan, orderType: "market" }))
        yield* sent(PlanOrder.placePlanOrder({ ...plan, orderType: "limit", executePrice: "70000" }))
        const modify = { orderId: "1", triggerPrice: "70000", size: "0.001" } as const
        yield* refused(PlanOrder.modifyPlanOrder({ ...modify, orderType: "limit" }), need)
        yield* sent(PlanOrder.modifyPlanOrder({ ...modify, orderType: "market" }))
        yield* refused(
          PlanOrder.modifyPlanOrder({ ...modify, orderId: "", orderType: "market" }),
          "orderId or clientOid"
        )
      }))
  })
})

describe("spot wallet rules", () => {
  layer(Env, { excludeTestServices: true })((it) => {
    it.effect("a transfer to or from isolated margin names its symbol; others need none", () =>
      Effect.gen(function*() {
        const move = { amount: "1", coin: "USDT" } as const
        const need = "symbol: required when fromType or toType is isolated_margin"
        yield* refused(Wallet.transfer({ ...move, fromType: "isolated_margin", toType: "spot" }), need)
        yield* refused(Wallet.transfer({ ...move, fromType: "spot", toType: "isolated_margin" }), need)
        yield* refused(Wallet.transfer({ ...move, fromType: "spot", toType: "isolated_margin", symbol: "" }), need)
        yield* sent(Wallet.transfer({ ...move, fromType: "spot", toType: "isolated_margin", symbol: "BTCUSDT" }))
        yield* sent(Wallet.transfer({ ...move, fromType: "isolated_margin", toType: "spot", symbol: "BTCUSDT" }))
        yield* sent(Wallet.transfer({ ...move, fromType: "spot", toType: "crossed_margin" }))
        const users = { fromUserId: "1", toUserId: "2" } as const
        yield* refused(
          Wallet.subaccountTransfer({ ...move, ...users, fromType: "spot", toType: "isolated_margin" }),
          need
        )
        yield* sent(Wallet.subaccountTransfer({ ...move, ...users, fromType: "spot", toType: "usdt_futures" }))
      }))

    it.effect("a withdrawal: chain on chain, areaCode for a mobile number", () =>
      Effect.gen(function*() {
        const out = { coin: "USDT", address: "addr", size: "10" } as const
        yield* refused(Wallet.withdrawal({ ...out, transferType: "on_chain" }), "chain: required for an on_chain")
        yield* refused(Wallet.withdrawal({ ...out, transferType: "on_chain", chain: "" }), "chain: required")
        yield* sent(Wallet.withdrawal({ ...out, transferType: "on_chain", chain: "TRC20" }))
        yield* sent(Wallet.withdrawal({ ...out, transferType: "internal_transfer" }))
        const inner = { ...out, transferType: "internal_transfer" } as const
        yield* refused(Wallet.withdrawal({ ...inner, innerToType: "mobile" }), "areaCode: required when innerToType")
        yield* refused(Wallet.withdrawal({ ...inner, innerToType: "mobile", areaCode: "" }), "areaCode: required")
        yield* sent(Wallet.withdrawal({ ...inner, innerToType: "mobile", areaCode: "86" }))
        yield* sent(Wallet.withdrawal({ ...inner, innerToType: "email" }))
        yield* refused(
          Wallet.withdrawal({ ...out, transferType: "on_chain", innerToType: "mobile", chain: "TRC20" }),
          "areaCode: required"
        )
      }))

    it.effect("a Lightning size from 0.000001 to 0.01, both ends included", () =>
      Effect.gen(function*() {
        const lightning = "size: size (Lightning) must be from 0.000001 to 0.01"
        yield* sent(Wallet.depositAddress({ coin: "BTC", size: "0.000001" }))
        yield* sent(Wallet.depositAddress({ coin: "BTC", size: "0.01" }))
        yield* refused(Wallet.depositAddress({ coin: "BTC", size: "0.0000009" }), lightning)
        yield* refused(Wallet.depositAddress({ coin: "BTC", size: "0.0100001" }), lightning)
        yield* refused(Wallet.subaccountDepositAddress({ subUid: "1", coin: "BTC", size: "0.02" }), lightning)
        yield* sent(Wallet.subaccountDepositAddress({ subUid: "1", coin: "BTC", size: "0.005" }))
      }))
  })
})
