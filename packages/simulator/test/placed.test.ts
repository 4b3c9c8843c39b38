/**
 * A placement's answer types `clientOid` as required (and `orderId` where Bitget always sends
 * one), across the spot, margin and futures lines (issue 23, point 4): the docs wrote `orderId!`.
 */
import * as Futures from "@effect-bitget/futures"
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, expectTypeOf, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

type Answer<F> = F extends (...args: ReadonlyArray<any>) => Effect.Effect<infer A, any, any> ? A : never

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

layer(Env, { excludeTestServices: true })("placement answers", (it) => {
  it("type clientOid as required on every line, orderId where Bitget always sends one", () => {
    expectTypeOf<Answer<typeof Spot.Trade.placeOrder>["clientOid"]>().toEqualTypeOf<string>()
    expectTypeOf<Answer<typeof Spot.Trade.placeOrder>["orderId"]>().toEqualTypeOf<string>()
    expectTypeOf<Answer<typeof Spot.PlanOrder.placePlanOrder>["clientOid"]>().toEqualTypeOf<string>()
    expectTypeOf<Answer<typeof Spot.PlanOrder.placePlanOrder>["orderId"]>().toEqualTypeOf<string>()
    expectTypeOf<Answer<typeof Margin.Trade.crossPlaceOrder>["clientOid"]>().toEqualTypeOf<string>()
    expectTypeOf<Answer<typeof Margin.Trade.isolatedPlaceOrder>["orderId"]>().toEqualTypeOf<string>()
    expectTypeOf<Answer<typeof Futures.Order.placeOrder>["clientOid"]>().toEqualTypeOf<string>()
    // A one-way reduce-only futures order that cancelled older ones comes back without an id.
    expectTypeOf<Answer<typeof Futures.Order.placeOrder>["orderId"]>().toEqualTypeOf<string | undefined>()
    expectTypeOf<Answer<typeof Futures.PlanOrder.placePlanOrder>["clientOid"]>().toEqualTypeOf<string>()
    expectTypeOf<Answer<typeof Futures.PlanOrder.placeTpslOrder>["orderId"]>().toEqualTypeOf<string>()
  })

  it.effect("the answer carries the clientOid sent, or the generated one", () =>
    Effect.gen(function*() {
      const order = {
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "20000",
        size: "0.001"
      } as const
      const given = yield* Spot.Trade.placeOrder({ ...order, clientOid: "mine-1" })
      expect(given.clientOid).toBe("mine-1")
      expect(given.orderId.length).toBeGreaterThan(0)
      const generated = yield* Spot.Trade.placeOrder(order)
      expect(generated.clientOid.length).toBeGreaterThan(0)
      expect(generated.clientOid).not.toBe("mine-1")
    }))
})
