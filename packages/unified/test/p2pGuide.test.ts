import { Simulator } from "@effect-bitget/simulator"
import type { P2PControl } from "@effect-bitget/simulator/unified/P2PRoutes"
import { P2PAds, P2PMerchant, P2POrders } from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Guide from "../examples/p2p.js"
import { drive } from "./drive.js"

const text = (value: BigDecimal.BigDecimal) => BigDecimal.format(BigDecimal.normalize(value))

layer(Guide.Local)("docs/unified.md P2P example", (it) => {
  it.effect("a sell ad published; a buyer's paid order released", () =>
    drive(Effect.gen(function*() {
      const advId = yield* Guide.publishSellAd
      const info = yield* P2PAds.adInfo({ advId })
      expect([text(info.price), text(info.amount)]).toEqual(["1", "100"])
      // Nothing paid yet: nothing released.
      expect(yield* Guide.releasePaid).toBe(0)
      const control = yield* Simulator.control<P2PControl>("unifiedP2P")
      const buyer = control.openMerchant("guideBuyer", "0")
      const orderId = yield* control.take(buyer.uid, advId, "40")
      const asBuyer = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        Effect.provide(effect, Simulator.layerClient({ key: buyer.key }))
      yield* asBuyer(P2POrders.pay({ orderId }))
      expect(yield* Guide.releasePaid).toBe(1)
      expect((yield* P2POrders.orderInfo({ orderId })).status).toBe("completed")
      expect(text((yield* asBuyer(P2PMerchant.balance({ token: "USDT" }))).availableBalance)).toBe("40")
    })))
})
