import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const spot = Simulator.control<SpotControl>("spot")
const day = 86_400_000

layer(Env, { excludeTestServices: true })("spot plan orders", (it) => {
  it.effect("plan → trigger → order", () =>
    Effect.gen(function*() {
      const control = yield* spot
      control.setPrice("BTCUSDT", "60000")
      const placed = yield* Spot.PlanOrder.placePlanOrder({
        symbol: "BTCUSDT",
        side: "buy",
        triggerPrice: "55000",
        orderType: "limit",
        executePrice: "55000",
        size: "0.01",
        triggerType: "fill_price",
        clientOid: "plan-1"
      })
      const current = yield* Spot.PlanOrder.currentPlanOrder({ symbol: "BTCUSDT" })
      expect(current.orderList.map((p) => p.orderId)).toContain(placed.orderId)
      expect(current.orderList[0]!.status).toBe("not_trigger")

      yield* Spot.PlanOrder.modifyPlanOrder({
        clientOid: "plan-1",
        triggerPrice: "56000",
        orderType: "limit",
        executePrice: "56000",
        size: "0.02"
      })
      const modified = (yield* Spot.PlanOrder.currentPlanOrder({ symbol: "BTCUSDT" })).orderList
        .find((p) => p.orderId === placed.orderId)!
      expect(BigDecimal.equals(modified.triggerPrice, Decimal.unsafeMake("56000"))).toBe(true)

      // Not reached yet: nothing happens.
      control.setPrice("BTCUSDT", "57000")
      expect((yield* Spot.Trade.unfilledOrders({ symbol: "BTCUSDT" })).length).toBe(0)
      // Crossed: the plan triggers and its limit order rests at 56000.
      control.setPrice("BTCUSDT", "55900")
      const now = Date.now()
      const history = yield* Spot.PlanOrder.historyPlanOrder({
        symbol: "BTCUSDT",
        startTime: Spot.Schemas.time(now - day),
        endTime: Spot.Schemas.time(now + 1000)
      })
      expect(history.orderList.find((p) => p.orderId === placed.orderId)?.status).toBe("triggered")
      const current2 = yield* Spot.PlanOrder.currentPlanOrder({ symbol: "BTCUSDT" })
      expect(current2.orderList.some((p) => p.orderId === placed.orderId)).toBe(false)
      // 56000 ≥ 55900: the triggered buy crosses and fills.
      const orders = yield* Spot.Trade.historyOrders({ symbol: "BTCUSDT" })
      expect(orders.length).toBe(1)
      expect(orders[0]!.status).toBe("filled")
      expect(BigDecimal.equals(orders[0]!.size, Decimal.unsafeMake("0.02"))).toBe(true)
    }))

  it.effect("a sell plan triggers on the way up and its market order fills", () =>
    Effect.gen(function*() {
      const control = yield* spot
      control.setPrice("ETHUSDT", "3000")
      const placed = yield* Spot.PlanOrder.placePlanOrder({
        symbol: "ETHUSDT",
        side: "sell",
        triggerPrice: "3200",
        orderType: "market",
        size: "1",
        triggerType: "mark_price"
      })
      control.setPrice("ETHUSDT", "3250")
      const fills = yield* Spot.Trade.fills({ symbol: "ETHUSDT" })
      expect(fills.length).toBe(1)
      expect(BigDecimal.equals(fills[0]!.priceAvg, Decimal.unsafeMake("3250"))).toBe(true)
      const cancel = yield* Spot.PlanOrder.cancelPlanOrder({ orderId: placed.orderId! }).pipe(Effect.flip)
      expect(cancel._tag).toBe("OrderNotFound")
    }))

  it.effect("cancel one, cancel all of some symbols", () =>
    Effect.gen(function*() {
      const plan = {
        side: "buy",
        triggerPrice: "1",
        orderType: "market",
        size: "10",
        triggerType: "fill_price"
      } as const
      const a = yield* Spot.PlanOrder.placePlanOrder({ ...plan, symbol: "BGBUSDT" })
      yield* Spot.PlanOrder.placePlanOrder({ ...plan, symbol: "BGBUSDT" })
      yield* Spot.PlanOrder.placePlanOrder({ ...plan, symbol: "SOLUSDT", triggerPrice: "100" })
      const cancelled = yield* Spot.PlanOrder.cancelPlanOrder({ orderId: a.orderId! })
      expect(cancelled.result).toBe("success")
      const batch = yield* Spot.PlanOrder.batchCancelPlanOrder({ symbolList: ["BGBUSDT"] })
      expect(batch.successList.length).toBe(1)
      expect(batch.failureList.length).toBe(0)
      expect((yield* Spot.PlanOrder.currentPlanOrder({ symbol: "SOLUSDT" })).orderList.length).toBe(1)
      const all = yield* Spot.PlanOrder.batchCancelPlanOrder()
      expect(all.successList.length).toBe(1)
    }))

  it.effect("cancel-plan-order needs orderId or clientOid (local)", () =>
    Effect.gen(function*() {
      const error = yield* Spot.PlanOrder.cancelPlanOrder({}).pipe(Effect.flip)
      expect(error._tag).toBe("InvalidRequest")
      expect(error.message).toContain("orderId or clientOid")
    }))
})
