/**
 * Futures request rules at both sides of each boundary (issue 25: the mutants of each rule
 * function killed): every dimension a rule reads is varied alone — the plan type, the order type,
 * an empty id beside a good one, each dependent field of a take-profit / stop-loss side — and each
 * call is either refused locally (`InvalidRequest` naming the field first, nothing sent) or sent.
 */
import * as Account from "@effect-bitget/futures/Account"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as PlanOrder from "@effect-bitget/futures/PlanOrder"
import * as TpslOrder from "@effect-bitget/futures/TpslOrder"
import { Simulator } from "@effect-bitget/simulator"
import { describe, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refused, sent } from "../../core/test/ruleCases.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
const order = { ...usdt, marginMode: "crossed", size: "0.01", side: "buy" } as const

describe("futures order rules", () => {
  layer(Env, { excludeTestServices: true })((it) => {
    it.effect("a limit order needs a price; a market order does not (single and batch items)", () =>
      Effect.gen(function*() {
        yield* refused(Order.placeOrder({ ...order, orderType: "limit" }), "price: required for a limit order")
        yield* sent(Order.placeOrder({ ...order, orderType: "market" }))
        yield* sent(Order.placeOrder({ ...order, orderType: "limit", price: "50000" }))
        const batch = { ...usdt, marginMode: "crossed" } as const
        yield* refused(
          Order.batchPlaceOrder({
            ...batch,
            orderList: [{ size: "0.01", side: "buy", orderType: "market" }, {
              size: "0.01",
              side: "buy",
              orderType: "limit"
            }]
          }),
          "orderList[1]: price: required for a limit order"
        )
        yield* sent(
          Order.batchPlaceOrder({
            ...batch,
            orderList: [{ size: "0.01", side: "buy", orderType: "market" }, {
              size: "0.01",
              side: "buy",
              orderType: "limit",
              price: "50000"
            }]
          })
        )
      }))

    it.effect("tradeSide by position mode: each mode with and without it", () =>
      Effect.gen(function*() {
        const market = { ...order, orderType: "market" } as const
        yield* refused(
          Order.placeOrderIn("one_way_mode" as Order.PositionMode, { ...market, tradeSide: "close" }),
          "tradeSide close given in one-way mode"
        )
        yield* refused(
          Order.placeOrderIn("hedge_mode" as Order.PositionMode, market),
          "tradeSide missing in hedge mode"
        )
        yield* sent(Order.placeOrderIn("one_way_mode", market))
        yield* sent(Order.placeOrderIn("hedge_mode", { ...market, tradeSide: "open" }))
        const item = { size: "0.01", side: "buy", orderType: "market" } as const
        const batch = { ...usdt, marginMode: "crossed" } as const
        yield* refused(
          Order.batchPlaceOrderIn("one_way_mode", {
            ...batch,
            orderList: [item, item, { ...item, tradeSide: "open" }]
          }),
          "orderList[2]: tradeSide open given in one-way mode"
        )
        yield* refused(
          Order.batchPlaceOrderIn("hedge_mode", { ...batch, orderList: [item] }),
          "orderList[0]: tradeSide missing in hedge mode"
        )
        yield* sent(Order.batchPlaceOrderIn("one_way_mode", { ...batch, orderList: [item, item] }))
        yield* sent(Order.batchPlaceOrderIn("hedge_mode", { ...batch, orderList: [{ ...item, tradeSide: "open" }] }))
      }))

    it.effect("orderId or clientOid: an empty one counts as none, either one alone is enough", () =>
      Effect.gen(function*() {
        const none = "orderId or clientOid: one is required"
        yield* refused(Order.cancelOrder({ ...usdt }), none)
        yield* refused(Order.cancelOrder({ ...usdt, orderId: "" }), none)
        yield* refused(Order.cancelOrder({ ...usdt, clientOid: "" }), none)
        yield* refused(Order.cancelOrder({ ...usdt, orderId: "", clientOid: "" }), none)
        yield* sent(Order.cancelOrder({ ...usdt, orderId: "1", clientOid: "" }))
        yield* sent(Order.cancelOrder({ ...usdt, orderId: "", clientOid: "c-1" }))
        yield* sent(Order.cancelOrder({ ...usdt, orderId: "1" }))
        yield* sent(Order.cancelOrder({ ...usdt, clientOid: "c-1" }))
        yield* refused(OrderQuery.detail({ symbol: "BTCUSDT", productType: "USDT-FUTURES", orderId: "" }), none)
        yield* refused(
          TpslOrder.modifyTpslOrder({ ...usdt, triggerPrice: "1", clientOid: "" }),
          none
        )
      }))

    it.effect("modify-order: newSize and newPrice both or neither", () =>
      Effect.gen(function*() {
        const ref = { ...usdt, orderId: "1", newClientOid: "m" } as const
        const both = "newSize and newPrice: give both or neither"
        yield* refused(Order.modifyOrder({ ...ref, newSize: "0.02" }), both)
        yield* refused(Order.modifyOrder({ ...ref, newPrice: "51000" }), both)
        yield* sent(Order.modifyOrder({ ...ref, newSize: "0.02", newPrice: "51000" }))
        yield* sent(Order.modifyOrder({ ...ref, newPresetStopLossPrice: "40000" }))
      }))

    it.effect("batch cancels: a symbol with orderIdList, none needed without it", () =>
      Effect.gen(function*() {
        const ids = [{ orderId: "1" }]
        const symbol = "symbol: required with orderIdList"
        yield* refused(Order.batchCancelOrders({ productType: "USDT-FUTURES", orderIdList: ids }), symbol)
        yield* sent(Order.batchCancelOrders({ productType: "USDT-FUTURES", symbol: "BTCUSDT", orderIdList: ids }))
        yield* sent(Order.batchCancelOrders({ productType: "USDT-FUTURES" }))
        yield* refused(PlanOrder.cancelPlanOrder({ productType: "USDT-FUTURES", orderIdList: ids }), symbol)
        yield* sent(PlanOrder.cancelPlanOrder({ productType: "USDT-FUTURES", symbol: "BTCUSDT", orderIdList: ids }))
        yield* sent(PlanOrder.cancelPlanOrder({ productType: "USDT-FUTURES" }))
      }))
  })
})

describe("futures plan order rules", () => {
  layer(Env, { excludeTestServices: true })((it) => {
    const plan = { ...order, triggerPrice: "61000", triggerType: "mark_price" } as const

    it.effect("callbackRatio: required for a track_plan, refused for any other plan type", () =>
      Effect.gen(function*() {
        yield* refused(
          PlanOrder.placePlanOrder({ ...plan, planType: "track_plan", orderType: "market" }),
          "callbackRatio: required for a track_plan"
        )
        yield* refused(
          PlanOrder.placePlanOrder({ ...plan, planType: "normal_plan", orderType: "market", callbackRatio: "1" }),
          "callbackRatio is only for planType track_plan"
        )
        yield* sent(
          PlanOrder.placePlanOrder({ ...plan, planType: "track_plan", orderType: "market", callbackRatio: "1" })
        )
        yield* sent(PlanOrder.placePlanOrder({ ...plan, planType: "normal_plan", orderType: "market" }))
      }))

    it.effect("a limit trigger order needs a price; a market one or a trailing stop does not", () =>
      Effect.gen(function*() {
        yield* refused(
          PlanOrder.placePlanOrder({ ...plan, planType: "normal_plan", orderType: "limit" }),
          "price: required for a limit trigger order"
        )
        yield* sent(PlanOrder.placePlanOrder({ ...plan, planType: "normal_plan", orderType: "limit", price: "61000" }))
        yield* sent(
          PlanOrder.placePlanOrder({ ...plan, planType: "track_plan", orderType: "limit", callbackRatio: "1" })
        )
      }))

    it.effect("place-tpsl-order: size, rangeRate and executePrice by plan type", () =>
      Effect.gen(function*() {
        const tpsl = { ...usdt, triggerPrice: "70000", holdSide: "long" } as const
        for (const planType of ["profit_plan", "loss_plan"] as const) {
          yield* refused(PlanOrder.placeTpslOrder({ ...tpsl, planType }), `size: required for planType ${planType}`)
          yield* sent(PlanOrder.placeTpslOrder({ ...tpsl, planType, size: "0.01" }))
        }
        yield* refused(
          PlanOrder.placeTpslOrder({ ...tpsl, planType: "moving_plan", rangeRate: "1" }),
          "size: required for planType moving_plan"
        )
        for (const planType of ["pos_profit", "pos_loss"] as const) {
          yield* sent(PlanOrder.placeTpslOrder({ ...tpsl, planType }))
          yield* refused(
            PlanOrder.placeTpslOrder({ ...tpsl, planType, rangeRate: "1" }),
            "rangeRate: only for planType moving_plan"
          )
        }
        yield* refused(
          PlanOrder.placeTpslOrder({ ...tpsl, planType: "moving_plan", size: "0.01" }),
          "rangeRate: required for planType moving_plan"
        )
        yield* refused(
          PlanOrder.placeTpslOrder({
            ...tpsl,
            planType: "moving_plan",
            size: "0.01",
            rangeRate: "1",
            executePrice: "0"
          }),
          "executePrice: not allowed for planType moving_plan"
        )
        yield* sent(PlanOrder.placeTpslOrder({ ...tpsl, planType: "moving_plan", size: "0.01", rangeRate: "1" }))
        // executePrice: 0 is market (allowed), below zero refused.
        yield* sent(PlanOrder.placeTpslOrder({ ...tpsl, planType: "pos_profit", executePrice: "0" }))
        yield* refused(
          PlanOrder.placeTpslOrder({ ...tpsl, planType: "pos_profit", executePrice: "-0.1" }),
          "executePrice: Expected a value of zero or more"
        )
      }))

    it.effect("place-pos-tpsl: one side at least; each side's other fields need its trigger price", () =>
      Effect.gen(function*() {
        const base = { ...usdt, holdSide: "long" } as const
        yield* refused(PlanOrder.placePosTpsl(base), "stopSurplusTriggerPrice or stopLossTriggerPrice: one is required")
        yield* sent(PlanOrder.placePosTpsl({ ...base, stopSurplusTriggerPrice: "70000" }))
        yield* sent(PlanOrder.placePosTpsl({ ...base, stopLossTriggerPrice: "50000" }))
        const extras = { Size: "0.01", TriggerType: "mark_price", ExecutePrice: "0", ClientOid: "c" } as const
        for (const [side, other] of [["stopSurplus", "stopLoss"], ["stopLoss", "stopSurplus"]] as const) {
          const trigger = other === "stopLoss" ? "50000" : "70000"
          for (const [field, value] of Object.entries(extras)) {
            yield* refused(
              PlanOrder.placePosTpsl({ ...base, [`${other}TriggerPrice`]: trigger, [`${side}${field}`]: value }),
              `${side}TriggerPrice: required with the other ${side} fields`
            )
          }
          yield* sent(PlanOrder.placePosTpsl({
            ...base,
            [`${side}TriggerPrice`]: side === "stopLoss" ? "50000" : "70000",
            ...Object.fromEntries(Object.entries(extras).map(([field, value]) => [`${side}${field}`, value]))
          }))
        }
        yield* refused(
          PlanOrder.placePosTpsl({ ...base, stopLossTriggerPrice: "50000", stopLossExecutePrice: "-1" }),
          "stopLossExecutePrice: Expected a value of zero or more"
        )
      }))

    it.effect("modify-plan-order: newCallbackRatio and newPrice by plan type", () =>
      Effect.gen(function*() {
        const ref = { symbol: "BTCUSDT", productType: "USDT-FUTURES", orderId: "1" } as const
        yield* refused(
          PlanOrder.modifyPlanOrder({ ...ref, planType: "normal_plan", newCallbackRatio: "1" }),
          "newCallbackRatio is only for planType track_plan"
        )
        yield* sent(PlanOrder.modifyPlanOrder({ ...ref, planType: "track_plan", newCallbackRatio: "1" }))
        yield* refused(
          PlanOrder.modifyPlanOrder({ ...ref, planType: "track_plan", newPrice: "61000" }),
          "newPrice: not for a track_plan"
        )
        yield* sent(PlanOrder.modifyPlanOrder({ ...ref, planType: "normal_plan", newPrice: "61000" }))
        yield* sent(PlanOrder.modifyPlanOrder({ ...ref, planType: "track_plan", newTriggerPrice: "61000" }))
        yield* refused(
          PlanOrder.modifyPlanOrder({ ...ref, orderId: "", planType: "normal_plan" }),
          "orderId or clientOid: one is required"
        )
      }))

    it.effect("modify-tpsl-order: executePrice zero or more", () =>
      Effect.gen(function*() {
        const ref = { ...usdt, orderId: "1", triggerPrice: "70000" } as const
        yield* sent(TpslOrder.modifyTpslOrder({ ...ref, executePrice: "0" }))
        yield* refused(
          TpslOrder.modifyTpslOrder({ ...ref, executePrice: "-0.01" }),
          "executePrice: must be zero or more"
        )
      }))
  })
})

describe("futures account rules", () => {
  layer(Env, { excludeTestServices: true })((it) => {
    it.effect("max-open and liq-price: openPrice for a limit order only", () =>
      Effect.gen(function*() {
        const ask = { ...usdt, posSide: "long" } as const
        yield* refused(Account.maxOpen({ ...ask, orderType: "limit" }), "openPrice is required for a limit order")
        yield* sent(Account.maxOpen({ ...ask, orderType: "market" }))
        yield* sent(Account.maxOpen({ ...ask, orderType: "limit", openPrice: "60000" }))
        const liq = { ...ask, openAmount: "100" } as const
        yield* refused(Account.liqPrice({ ...liq, orderType: "limit" }), "openPrice: required for a limit order")
        yield* sent(Account.liqPrice({ ...liq, orderType: "market" }))
        yield* sent(Account.liqPrice({ ...liq, orderType: "limit", openPrice: "60000" }))
      }))

    it.effect("set-leverage: any one of leverage, longLeverage, shortLeverage", () =>
      Effect.gen(function*() {
        yield* refused(Account.setLeverage(usdt), "leverage: required unless longLeverage or shortLeverage is given")
        yield* sent(Account.setLeverage({ ...usdt, leverage: "5" }))
        yield* sent(Account.setLeverage({ ...usdt, longLeverage: "5" }))
        yield* sent(Account.setLeverage({ ...usdt, shortLeverage: "5" }))
      }))
  })
})
