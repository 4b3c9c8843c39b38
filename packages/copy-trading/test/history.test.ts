/**
 * The spot follower's sold copies (`query-history-orders`, beyond the specification's list): the
 * request as the exchange received it and the generated answer decoded over loopback; its rules.
 */
import { SpotFollower } from "@effect-bitget/copy-trading"
import { Simulator, Wiretap } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { check } from "../../core/test/wiretap.js"

const endpoint = SpotFollower.historyOrders.endpoint
const tap = Wiretap.make([endpoint])
const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer({ domains: [tap.domain] })))

layer(Env, { excludeTestServices: true })("spot follower history orders", (it) => {
  it.effect("the request on the wire, the answer decoded", () =>
    check(tap, {
      endpoint,
      call: SpotFollower.historyOrders({ symbol: "BTCUSDT", traderId: "123", limit: 100, idLessThan: "9" }),
      wire: { symbol: "BTCUSDT", traderId: "123", limit: "100", idLessThan: "9" }
    }))

  it.effect("at most 100 a page, cursor endId; 101 is refused with nothing sent", () =>
    Effect.gen(function*() {
      expect(endpoint.pagination?.limit.max).toBe(100)
      const sim = yield* Simulator.Simulator
      yield* refusedLocally(SpotFollower.historyOrders({ limit: 101 }), "limit", () => sim.traffic.total())
    }))
})
