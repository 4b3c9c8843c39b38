/**
 * Faults that answer a chosen Bitget code and message for chosen endpoints (issue 23, point 8):
 * what users need to test their handling of maintenance, an account mode, a margin call, without
 * a fake transport. The request is not executed; other endpoints answer as usual.
 */
import * as Public from "@effect-bitget/core/Public"
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const order = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "20000",
  size: "0.001"
} as const
const PLACE = "POST /api/v2/spot/trade/place-order"

layer(Env, { excludeTestServices: true })("faults: a chosen answer for chosen endpoints", (it) => {
  it.effect("by declaration name, once: that call fails with the code, is not executed; the next goes through", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.faults.answer({
        endpoints: ["spot.trade.placeOrder"],
        code: "43012",
        msg: "Insufficient balance",
        times: 1
      })
      // Another endpoint is not touched by the rule.
      yield* Public.serverTime()
      const refused = yield* Effect.flip(Spot.Trade.placeOrder({ ...order, clientOid: "f-1" }))
      expect(refused).toMatchObject({ _tag: "InsufficientBalance", code: "43012", status: 400 })
      expect(yield* Spot.Trade.unfilledOrders({ symbol: "BTCUSDT" })).toEqual([])
      const placed = yield* Spot.Trade.placeOrder({ ...order, clientOid: "f-2" })
      expect(placed.clientOid).toBe("f-2")
      expect(simulator.traffic.count(PLACE)).toBe(2)
      yield* Spot.Trade.cancelOrder({ symbol: "BTCUSDT", orderId: placed.orderId })
    }))

  it.effect("by METHOD /path with an HTTP status, until reset: every call answers it", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.faults.answer({ endpoints: [PLACE], code: "40725", msg: "service maintenance", status: 503 })
      for (const n of [1, 2]) {
        const refused = yield* Effect.flip(Spot.Trade.placeOrder({ ...order, clientOid: `m-${n}` }))
        expect(refused).toMatchObject({ code: "40725", status: 503 })
      }
      simulator.faults.reset()
      const placed = yield* Spot.Trade.placeOrder({ ...order, clientOid: "m-3" })
      expect(placed.clientOid).toBe("m-3")
      yield* Spot.Trade.cancelOrder({ symbol: "BTCUSDT", orderId: placed.orderId })
    }))
})
