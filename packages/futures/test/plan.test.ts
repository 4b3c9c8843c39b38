import * as Account from "@effect-bitget/futures/Account"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as PlanOrder from "@effect-bitget/futures/PlanOrder"
import * as Position from "@effect-bitget/futures/Position"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const fmt = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? undefined : BigDecimal.format(value)
const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const btc = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
const eth = { symbol: "ETHUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const

layer(Env, { excludeTestServices: true })("plan orders", (it) => {
  it.effect("a trigger order fires into a sub order when the mark price reaches it", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<FuturesControl>("futures")
      control.setMarkPrice("BTCUSDT", "60000")
      const plan = yield* PlanOrder.placePlanOrder({
        ...btc,
        planType: "normal_plan",
        marginMode: "crossed",
        size: "0.05",
        triggerPrice: "61000",
        triggerType: "mark_price",
        side: "buy",
        orderType: "market",
        clientOid: "breakout",
        stopLossTriggerPrice: "58000",
        stopLossTriggerType: "mark_price"
      })
      const pending = yield* PlanOrder.ordersPlanPending({ productType: "USDT-FUTURES", planType: "normal_plan" })
      expect(pending.entrustedList.map((p) => p.orderId)).toEqual([plan.orderId])
      expect(fmt(pending.entrustedList[0]!.stopLossTriggerPrice)).toBe("58000")
      expect(
        yield* PlanOrder.planSubOrder({
          planType: "normal_plan",
          planOrderId: plan.orderId!,
          productType: "USDT-FUTURES"
        })
      ).toEqual([])

      control.setMarkPrice("BTCUSDT", "60900")
      expect((yield* Position.singlePosition(btc)).length).toBe(0)
      control.setMarkPrice("BTCUSDT", "61050")
      const subs = yield* PlanOrder.planSubOrder({
        planType: "normal_plan",
        planOrderId: plan.orderId!,
        productType: "USDT-FUTURES"
      })
      expect(subs.length).toBe(1)
      expect(subs[0]!.status).toBe("success")
      expect(subs[0]!.type).toBe("market")
      const order = yield* OrderQuery.detail({
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        orderId: subs[0]!.orderId!
      })
      expect(order.state).toBe("filled")
      expect(fmt(order.priceAvg)).toBe("61050")
      const [long] = yield* Position.singlePosition(btc)
      expect(fmt(long!.total)).toBe("0.05")
      const history = yield* PlanOrder.ordersPlanHistory({ productType: "USDT-FUTURES", planType: "normal_plan" })
      expect(history.entrustedList[0]!.planStatus).toBe("executed")
      expect(history.entrustedList[0]!.executeOrderId).toBe(subs[0]!.orderId)
    }))

  it.effect("a trailing stop tracks from its trigger price and fires on the callback", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<FuturesControl>("futures")
      control.setMarkPrice("ETHUSDT", "3000")
      yield* Order.placeOrder({ ...eth, marginMode: "crossed", size: "1", side: "buy", orderType: "market" })
      const trail = yield* PlanOrder.placePlanOrder({
        ...eth,
        planType: "track_plan",
        marginMode: "crossed",
        size: "1",
        callbackRatio: "1",
        triggerPrice: "3100",
        triggerType: "mark_price",
        side: "sell",
        orderType: "market",
        reduceOnly: true
      })
      const subs = () =>
        PlanOrder.planSubOrder({ planType: "track_plan", planOrderId: trail.orderId!, productType: "USDT-FUTURES" })
      control.setMarkPrice("ETHUSDT", "3100")
      expect((yield* subs()).map((s) => s.status)).toEqual(["in_progress_tracking"])
      control.setMarkPrice("ETHUSDT", "3200")
      control.setMarkPrice("ETHUSDT", "3170") // above 3200 × 0.99 = 3168: still tracking
      expect((yield* subs()).map((s) => s.status)).toEqual(["in_progress_tracking"])
      control.setMarkPrice("ETHUSDT", "3165")
      const fired = yield* subs()
      expect(fired.map((s) => s.status)).toEqual(["success"])
      expect((yield* Position.singlePosition(eth)).length).toBe(0)
      const history = yield* PlanOrder.ordersPlanHistory({
        productType: "USDT-FUTURES",
        planType: "track_plan",
        planStatus: "executed"
      })
      expect(fmt(history.entrustedList[0]!.callbackRatio)).toBe("1")
      expect(fmt(history.entrustedList[0]!.priceAvg)).toBe("3165")
    }))

  it.effect("modify and cancel plan orders; a failed trigger shows as fail", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<FuturesControl>("futures")
      control.setMarkPrice("BTCUSDT", "60000")
      const base = {
        ...btc,
        planType: "normal_plan",
        marginMode: "crossed",
        triggerType: "fill_price",
        side: "buy",
        orderType: "limit"
      } as const
      const a = yield* PlanOrder.placePlanOrder({ ...base, size: "0.01", price: "55000", triggerPrice: "55000" })
      const b = yield* PlanOrder.placePlanOrder({ ...base, size: "0.01", price: "54000", triggerPrice: "54000" })
      const modified = yield* PlanOrder.modifyPlanOrder({
        planType: "normal_plan",
        orderId: a.orderId!,
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        newTriggerPrice: "56000",
        newPrice: "56000"
      })
      expect(modified.orderId).toBe(a.orderId)
      const cancelled = yield* PlanOrder.cancelPlanOrder({
        productType: "USDT-FUTURES",
        symbol: "BTCUSDT",
        orderIdList: [{ orderId: b.orderId! }, { orderId: "42" }]
      })
      expect(cancelled.successList.map((s) => s.orderId)).toEqual([b.orderId])
      expect(cancelled.failureList.map((f) => f.orderId)).toEqual(["42"])
      // Not enough margin when it fires: the trigger fails.
      control.setBalance("USDT", "1")
      control.setMarkPrice("BTCUSDT", "55900")
      const subs = yield* PlanOrder.planSubOrder({
        planType: "normal_plan",
        planOrderId: a.orderId!,
        productType: "USDT-FUTURES"
      })
      expect(subs.map((s) => s.status)).toEqual(["fail"])
      const failed = yield* PlanOrder.ordersPlanHistory({
        productType: "USDT-FUTURES",
        planType: "normal_plan",
        planStatus: "fail_trigger"
      })
      expect(failed.entrustedList.map((p) => p.orderId)).toEqual([a.orderId])
      const all = yield* PlanOrder.ordersPlanHistory.items({
        productType: "USDT-FUTURES",
        planType: "normal_plan",
        limit: 1
      })
        .pipe(Stream.runCount)
      expect(all).toBe(3)
      control.setBalance("USDT", "100000")
    }))
})

layer(Env, { excludeTestServices: true })("plan order local rules", (it) => {
  const plan = {
    ...btc,
    marginMode: "crossed",
    size: "0.01",
    triggerPrice: "61000",
    triggerType: "mark_price",
    side: "buy",
    orderType: "market"
  } as const
  it.effect("callbackRatio needs track_plan, a trailing stop needs callbackRatio", () =>
    Effect.gen(function*() {
      const a = yield* Effect.flip(PlanOrder.placePlanOrder({ ...plan, planType: "normal_plan", callbackRatio: "1" }))
      expect(a._tag === "InvalidRequest" && a.reason.includes("callbackRatio")).toBe(true)
      const b = yield* Effect.flip(PlanOrder.placePlanOrder({ ...plan, planType: "track_plan" }))
      expect(b._tag).toBe("InvalidRequest")
      const c = yield* Effect.flip(PlanOrder.modifyPlanOrder({
        planType: "normal_plan",
        orderId: "1",
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        newCallbackRatio: "2"
      }))
      expect(c._tag).toBe("InvalidRequest")
      expect(
        (yield* PlanOrder.ordersPlanPending({ productType: "USDT-FUTURES", planType: "normal_plan" })).entrustedList
      )
        .toEqual([])
    }))
  it.effect("a limit order without price, an order without id, a sub-order query in lower case", () =>
    Effect.gen(function*() {
      const limit = yield* Effect.flip(
        Order.placeOrder({ ...btc, marginMode: "crossed", size: "0.01", side: "buy", orderType: "limit" })
      )
      expect(limit._tag === "InvalidRequest" && limit.reason.includes("price")).toBe(true)
      const batch = yield* Effect.flip(Order.batchPlaceOrder({
        ...btc,
        marginMode: "crossed",
        orderList: [{ size: "0.01", side: "buy", orderType: "limit" }]
      }))
      expect(batch._tag).toBe("InvalidRequest")
      const detail = yield* Effect.flip(OrderQuery.detail({ symbol: "BTCUSDT", productType: "USDT-FUTURES" }))
      expect(detail._tag).toBe("InvalidRequest")
      const sub = yield* Effect.flip(
        PlanOrder.planSubOrder({ planType: "normal_plan", planOrderId: "1", productType: "susdt-futures" as any })
      )
      expect(sub._tag).toBe("InvalidRequest")
      const leverage = yield* Account.account(btc)
      expect(fmt(leverage.isolatedLongLever)).toBe("20")
    }))
})
