import { Simulator } from "@effect-bitget/simulator"
import type { P2PControl } from "@effect-bitget/simulator/p2p/P2PDomain"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Guide from "../examples/guide.js"

layer(Guide.Local, { excludeTestServices: true })("docs/p2p.md examples", (it) => {
  it.effect("the simulator's knobs: an advert and its orders, found by the merchant's lists", () =>
    Effect.gen(function*() {
      const { advert, order } = yield* Guide.knobs
      expect(advert.fiat).toBe("GBP")
      expect(order.status).toBe("Completed")
    }))
  it.effect("merchants", () =>
    Effect.gen(function*() {
      const { me, online } = yield* Guide.whoTrades
      expect(me.nickName).toBe("sim-merchant")
      expect(online.length).toBeGreaterThan(0)
      expect(online.every((m) => m.isOnline)).toBe(true)
    }))
  it.effect("adverts", () =>
    Effect.map(
      Guide.myAdverts,
      (adverts) =>
        expect(adverts.every((a) => a.status === "online" && a.coin === "USDT" && a.fiat === "USD")).toBe(true)
    ))
  it.effect("a year of one advert's orders", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<P2PControl>("p2p")
      const advNo = control.world.orders[control.world.orders.length - 1]!.advNo
      const orders = yield* Guide.advertYear(advNo)
      const since = Date.now() - 365 * 86_400_000
      expect(orders.map((o) => o.orderId)).toEqual(
        control.world.orders.filter((o) => o.advNo === advNo && o.cTime >= since).map((o) => o.orderId).reverse()
      )
    }))
  it.effect("too long a range", () =>
    Effect.map(Guide.tooLong, (message) => expect(message).toContain("more than the endpoint's 90d")))
})
