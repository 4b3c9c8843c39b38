/**
 * A failed call's trace names its endpoint (issue 23, point 7): under Effect's own tracer the
 * client makes no span, and its steps' stand-in span read `at bitget.unseen` in every trace.
 */
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

layer(Env, { excludeTestServices: true })("traces", (it) => {
  it.effect("a refused placement's trace reads at bitget.spot.trade.placeOrder", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(
        Spot.Trade.placeOrder({
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "limit",
          force: "gtc",
          price: "20000",
          size: "100000"
        })
      )
      expect(Exit.isFailure(exit)).toBe(true)
      const trace = Exit.isFailure(exit) ? Cause.pretty(exit.cause) : ""
      expect(trace).toContain("InsufficientBalance")
      expect(trace).toContain("at bitget.spot.trade.placeOrder")
      expect(trace).not.toContain("unseen")
    }))

  it.effect("under a span of the program's own too", () =>
    Effect.gen(function*() {
      const exit = yield* Effect.exit(
        Spot.Trade.placeOrder({
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "limit",
          force: "gtc",
          price: "20000",
          size: "100000"
        }).pipe(Effect.withSpan("program.rebalance"))
      )
      const trace = Exit.isFailure(exit) ? Cause.pretty(exit.cause) : ""
      expect(trace).toContain("InsufficientBalance")
      expect(trace).toContain("at bitget.spot.trade.placeOrder")
    }))
})
