/**
 * V3 request rules at both sides of each boundary, beside `tradeRules.test.ts` (issue 25: the
 * mutants of each rule function killed): the whole reason asserted (the field and what is wrong),
 * an empty id beside a good one, each branch of the order, strategy, leverage, transfer and
 * withdrawal rules varied alone. Each call is refused locally (nothing sent) or sent.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import { Simulator } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { describe, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refused, sent } from "../../core/test/ruleCases.js"

const { Leverage, Position, Strategy, Trade, Transfer, Withdrawal } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const spot = {
  category: "SPOT",
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  price: "20000",
  qty: "0.001"
} as const
const perp = { ...spot, category: "USDT-FUTURES" } as const

describe("unified order rules", () => {
  layer(Env, { excludeTestServices: true })((it) => {
    it.effect("futures fields named with the category that refused them; futures take them", () =>
      Effect.gen(function*() {
        yield* refused(
          Trade.placeOrder({ ...spot, posSide: "long" }),
          "posSide: only futures orders have one, not SPOT"
        )
        yield* refused(
          Trade.placeOrder({ ...spot, category: "MARGIN", marginMode: "isolated" }),
          "marginMode: only for futures orders, not MARGIN"
        )
        yield* refused(
          Trade.placeOrder({ ...spot, stopLoss: "10000" }),
          "takeProfit/stopLoss: preset only on futures orders, not SPOT"
        )
        yield* refused(
          Trade.placeOrder({ ...spot, takeProfit: "30000" }),
          "takeProfit/stopLoss: preset only on futures orders, not SPOT"
        )
        yield* sent(Trade.placeOrder({ ...perp, posSide: "long", marginMode: "isolated", stopLoss: "10000" }))
        yield* sent(Trade.placeOrder({ ...perp, category: "COIN-FUTURES", symbol: "BTCUSD", takeProfit: "30000" }))
        yield* sent(Trade.placeOrder(spot))
      }))

    it.effect("a TP/SL limit price only with a limit TP/SL", () =>
      Effect.gen(function*() {
        const tp = { ...perp, takeProfit: "30000", tpLimitPrice: "30010" } as const
        yield* refused(Trade.placeOrder(tp), "tpLimitPrice: only with tpOrderType \"limit\"")
        yield* refused(Trade.placeOrder({ ...tp, tpOrderType: "market" }), "tpLimitPrice: only with tpOrderType")
        yield* sent(Trade.placeOrder({ ...tp, tpOrderType: "limit" }))
        const sl = { ...perp, stopLoss: "10000", slLimitPrice: "9990" } as const
        yield* refused(Trade.placeOrder(sl), "slLimitPrice: only with slOrderType \"limit\"")
        yield* sent(Trade.placeOrder({ ...sl, slOrderType: "limit" }))
        yield* sent(Trade.placeOrder({ ...perp, stopLoss: "10000", slOrderType: "market" }))
      }))

    it.effect("a batch's items: one category, named by the first odd one", () =>
      Effect.gen(function*() {
        yield* refused(
          Trade.placeBatch([spot, spot, perp, { ...spot, category: "MARGIN" }]),
          "[2].category: a batch takes one category, SPOT, got USDT-FUTURES"
        )
        yield* sent(Trade.placeBatch([perp, perp]))
        yield* refused(Trade.placeBatch([spot, { ...spot, orderType: "limit", price: undefined }]), "[1]")
      }))

    it.effect("orderId or clientOid: an empty one counts as none; an amendment changes qty or price", () =>
      Effect.gen(function*() {
        const none = "orderId or clientOid: one is required"
        yield* refused(Trade.cancelOrder({ orderId: "" }), none)
        yield* refused(Trade.cancelOrder({ clientOid: "" }), none)
        yield* refused(Trade.cancelOrder({ orderId: "", clientOid: "" }), none)
        yield* sent(Trade.cancelOrder({ orderId: "1", clientOid: "" }))
        yield* sent(Trade.cancelOrder({ orderId: "", clientOid: "c-1" }))
        yield* refused(Trade.modifyOrder({ orderId: "1" }), "qty or price: at least one is required")
        yield* sent(Trade.modifyOrder({ orderId: "1", qty: "0.002" }))
        yield* sent(Trade.modifyOrder({ orderId: "1", price: "20001" }))
        yield* refused(Trade.batchModifyOrder([{ orderId: "1", qty: "1" }, { orderId: "2" }]), "[1]")
        yield* refused(Strategy.cancelStrategyOrder({ orderId: "" }), none)
      }))

    it.effect("countdown: 0 turns it off; 1 to 4 and 61 refused with the value", () =>
      Effect.gen(function*() {
        yield* sent(Trade.countdownCancelAll({ countdown: 0 }))
        yield* refused(Trade.countdownCancelAll({ countdown: 1 }), "countdown: 0 (off) or 5 to 60 seconds, got 1")
        yield* refused(Trade.countdownCancelAll({ countdown: 61 }), "countdown: 0 (off) or 5 to 60 seconds, got 61")
      }))

    it.effect("max-open-available: a limit order's price", () =>
      Effect.gen(function*() {
        const ask = { category: "USDT-FUTURES", symbol: "BTCUSDT", side: "buy" } as const
        yield* refused(Trade.maxOpenAvailable({ ...ask, orderType: "limit" }), "price: required for a limit order")
        yield* sent(Trade.maxOpenAvailable({ ...ask, orderType: "limit", price: "20000" }))
        yield* sent(Trade.maxOpenAvailable({ ...ask, orderType: "market" }))
      }))

    it.effect("strategy orders: each required field of a trigger and a tpsl order, whole reasons", () =>
      Effect.gen(function*() {
        const trigger = {
          category: "USDT-FUTURES",
          symbol: "BTCUSDT",
          type: "trigger",
          side: "buy",
          qty: "0.01",
          triggerPrice: "50000",
          triggerOrderType: "limit",
          triggerOrderPrice: "50010"
        } as const
        const { side: _s, ...noSide } = trigger
        yield* refused(Strategy.placeStrategyOrder(noSide), "side: required for a trigger order")
        const { triggerPrice: _p, ...noPrice } = trigger
        yield* refused(Strategy.placeStrategyOrder(noPrice), "triggerPrice: required for a trigger order")
        const { triggerOrderType: _t, triggerOrderPrice: _o, ...noType } = trigger
        yield* refused(Strategy.placeStrategyOrder(noType), "triggerOrderType: required for a trigger order")
        const { triggerOrderPrice: _l, ...noLimit } = trigger
        yield* refused(Strategy.placeStrategyOrder(noLimit), "triggerOrderPrice: required for a limit trigger order")
        yield* sent(Strategy.placeStrategyOrder({ ...noLimit, triggerOrderType: "market" }))
        const { qty: _q, ...noQty } = trigger
        yield* refused(Strategy.placeStrategyOrder(noQty), "qty: required for a trigger order")
        // A trigger order may be on spot (go-bitget); a tpsl order may not.
        yield* sent(Strategy.placeStrategyOrder({ ...trigger, category: "SPOT" }))
        const tpsl = { category: "USDT-FUTURES", symbol: "BTCUSDT", posSide: "long", stopLoss: "40000" } as const
        yield* refused(
          Strategy.placeStrategyOrder({ ...tpsl, category: "MARGIN" }),
          "category: tpsl orders are on futures positions, not MARGIN"
        )
        yield* refused(Strategy.placeStrategyOrder({ ...tpsl, type: "tpsl", posSide: undefined }), "posSide: required")
        yield* refused(
          Strategy.placeStrategyOrder({ ...tpsl, stopLoss: undefined }),
          "takeProfit or stopLoss: a tpsl order needs at least one"
        )
        yield* sent(Strategy.placeStrategyOrder(tpsl))
        const { stopLoss: _sl, ...bare } = tpsl
        yield* sent(Strategy.placeStrategyOrder({ ...bare, takeProfit: "60000" }))
        yield* refused(
          Strategy.placeStrategyOrder({ ...tpsl, tpslMode: "partial" }),
          "qty: required for a partial tpsl order"
        )
        yield* sent(Strategy.placeStrategyOrder({ ...tpsl, tpslMode: "partial", qty: "0.01" }))
        yield* sent(Strategy.placeStrategyOrder({ ...tpsl, tpslMode: "full" }))
      }))
  })
})

describe("unified account rules", () => {
  layer(Env, { excludeTestServices: true })((it) => {
    it.effect("leverage: MARGIN names a coin, a futures category a symbol; empty is none", () =>
      Effect.gen(function*() {
        type Target = {
          readonly category: "MARGIN" | "USDT-FUTURES"
          readonly symbol?: string
          readonly coin?: string
          readonly leverage: string
        }
        const preSet = (request: Target) => Leverage.preSetLeverage({ ...request, marginMode: "cross" })
        const calls: ReadonlyArray<
          (request: Target) => Effect.Effect<unknown, { readonly _tag: string }, BitgetClient>
        > = [Leverage.setLeverage, preSet]
        for (const set of calls) {
          yield* refused(set({ category: "MARGIN", leverage: "3" }), "coin: required for MARGIN")
          yield* refused(set({ category: "MARGIN", coin: "", leverage: "3" }), "coin: required for MARGIN")
          yield* refused(
            set({ category: "MARGIN", symbol: "BTCUSDT", leverage: "3" }),
            "coin: required for MARGIN"
          )
          yield* sent(set({ category: "MARGIN", coin: "USDT", leverage: "3" }))
          yield* refused(set({ category: "USDT-FUTURES", leverage: "3" }), "symbol: required for a futures category")
          yield* refused(
            set({ category: "USDT-FUTURES", symbol: "", coin: "USDT", leverage: "3" }),
            "symbol: required for a futures category"
          )
          yield* sent(set({ category: "USDT-FUTURES", symbol: "BTCUSDT", leverage: "3" }))
        }
      }))

    it.effect("move-positions: the same uid refused with the reason, two uids sent", () =>
      Effect.gen(function*() {
        const item = { symbol: "BTCUSDT", side: "buy", qty: "0.01" } as const
        yield* refused(
          Position.movePositions({ fromUid: "7", toUid: "7", category: "USDT-FUTURES", positionList: [item] }),
          "toUid: must differ from fromUid"
        )
        yield* sent(
          Position.movePositions({ fromUid: "7", toUid: "8", category: "USDT-FUTURES", positionList: [item] })
        )
      }))

    it.effect("transfers: isolated margin names its symbol; the two sides differ in any letter case", () =>
      Effect.gen(function*() {
        const move = { amount: "1", coin: "USDT" } as const
        const need = "symbol: required when fromType or toType is isolated_margin"
        yield* refused(Transfer.transfer({ ...move, fromType: "isolated_margin", toType: "uta" }), need)
        yield* refused(Transfer.transfer({ ...move, fromType: "uta", toType: "isolated_margin" }), need)
        yield* refused(Transfer.transfer({ ...move, fromType: "uta", toType: "isolated_margin", symbol: "  " }), need)
        yield* sent(Transfer.transfer({ ...move, fromType: "uta", toType: "isolated_margin", symbol: "BTCUSDT" }))
        yield* sent(Transfer.transfer({ ...move, fromType: "isolated_margin", toType: "uta", symbol: "BTCUSDT" }))
        yield* refused(
          Transfer.transfer({ ...move, fromType: "spot", toType: "spot" }),
          "toType: must differ from fromType"
        )
        yield* refused(
          Transfer.transfer({ ...move, fromType: "SPOT" as "spot", toType: "spot" }),
          "toType: must differ from fromType"
        )
        yield* sent(Transfer.transfer({ ...move, fromType: "spot", toType: "uta" }))
        const clientOid = "clientOid: 1 to 64 characters for a transfer"
        yield* refused(Transfer.transfer({ ...move, fromType: "spot", toType: "uta", clientOid: " " }), clientOid)
        yield* refused(
          Transfer.transfer({ ...move, fromType: "spot", toType: "uta", clientOid: "x".repeat(65) }),
          clientOid
        )
        yield* sent(Transfer.transfer({ ...move, fromType: "spot", toType: "uta", clientOid: "x".repeat(64) }))
        const sub = { ...move, fromUserId: "1", clientOid: "c-1" } as const
        const within = "toUserId: a transfer within one account must change the account type"
        yield* refused(Transfer.subTransfer({ ...sub, toUserId: "1", fromType: "spot", toType: "spot" }), within)
        yield* refused(
          Transfer.subTransfer({ ...sub, toUserId: "1", fromType: "SPOT" as "spot", toType: "spot" }),
          within
        )
        yield* sent(Transfer.subTransfer({ ...sub, toUserId: "1", fromType: "spot", toType: "uta" }))
        yield* sent(Transfer.subTransfer({ ...sub, toUserId: "2", fromType: "spot", toType: "spot" }))
      }))

    it.effect("withdrawals: chain, areaCode, companyName, first and last name; blank is none", () =>
      Effect.gen(function*() {
        const out = { coin: "USDT", address: "addr", size: "10" } as const
        yield* refused(
          Withdrawal.withdrawal({ ...out, transferType: "on_chain", chain: " " }),
          "chain: required for an on_chain withdrawal"
        )
        yield* sent(Withdrawal.withdrawal({ ...out, transferType: "on_chain", chain: "TRC20" }))
        const inner = { ...out, transferType: "internal_transfer" } as const
        yield* refused(
          Withdrawal.withdrawal({ ...inner, innerToType: "mobile" }),
          "areaCode: required when innerToType is mobile"
        )
        yield* sent(Withdrawal.withdrawal({ ...inner, innerToType: "mobile", areaCode: "86" }))
        yield* sent(Withdrawal.withdrawal({ ...inner, innerToType: "uid" }))
        yield* refused(
          Withdrawal.withdrawal({ ...inner, identityType: "company", companyName: "" }),
          "companyName: required when identityType is company"
        )
        yield* sent(Withdrawal.withdrawal({ ...inner, identityType: "company", companyName: "Acme" }))
        const person = "firstName and lastName: required when identityType is user"
        yield* refused(Withdrawal.withdrawal({ ...inner, identityType: "user", firstName: "Ada" }), person)
        yield* refused(Withdrawal.withdrawal({ ...inner, identityType: "user", lastName: "Lovelace" }), person)
        yield* sent(
          Withdrawal.withdrawal({ ...inner, identityType: "user", firstName: "Ada", lastName: "Lovelace" })
        )
        yield* refused(Withdrawal.cancelWithdrawal({ orderId: " " }), "orderId or clientOid: one is required")
        yield* refused(Withdrawal.cancelWithdrawal({}), "orderId or clientOid: one is required")
        yield* sent(Withdrawal.cancelWithdrawal({ orderId: " ", clientOid: "c-1" }))
        yield* sent(Withdrawal.cancelWithdrawal({ orderId: "1" }))
      }))
  })
})
