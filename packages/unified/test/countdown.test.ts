/**
 * The cancel-all dead-man switch on the simulator's clock (TestClock): when the countdown runs
 * out without another call, every open order of the account is cancelled.
 */
import { Simulator } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/TestClock"

const { Trade } = Unified

describe("unified countdownCancelAll (TestClock)", () => {
  it.scoped("when the countdown runs out every open order is cancelled, once", () =>
    Effect.gen(function*() {
      const order = { category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: "limit", qty: "0.001" } as const
      const kept = yield* Trade.placeOrder({ ...order, price: "20000" })
      yield* Trade.countdownCancelAll({ countdown: 5 })
      yield* TestClock.adjust("4 seconds")
      expect((yield* Trade.orderInfo({ orderId: kept.orderId! })).orderStatus).toBe("live")
      yield* TestClock.adjust("2 seconds")
      expect((yield* Trade.orderInfo({ orderId: kept.orderId! })).orderStatus).toBe("cancelled")
      const later = yield* Trade.placeOrder({ ...order, price: "21000" })
      yield* TestClock.adjust("10 seconds")
      expect((yield* Trade.orderInfo({ orderId: later.orderId! })).orderStatus).toBe("live")
    }).pipe(Effect.provide(Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer())))))
})
