/**
 * The liquidation-order lists beyond the specification's list, cross and isolated: the request as
 * the exchange received it and the generated answer decoded over loopback; their local rules.
 */
import * as Margin from "@effect-bitget/margin"
import { Simulator, Wiretap } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { check, type WireCase } from "../../core/test/wiretap.js"

const { Records } = Margin
const T0 = 1_767_225_600_000
const DAY = 86_400_000
const at = (ms: number) => DateTime.unsafeMake(ms)

const cases: ReadonlyArray<WireCase> = [
  {
    endpoint: Records.crossLiquidationOrder.endpoint,
    call: Records.crossLiquidationOrder({ type: "place_order", symbol: "BTCUSDT", startTime: at(T0), limit: 500 }),
    wire: { type: "place_order", symbol: "BTCUSDT", startTime: String(T0), limit: "500" }
  },
  {
    endpoint: Records.isolatedLiquidationOrder.endpoint,
    call: Records.isolatedLiquidationOrder({ type: "swap", fromCoin: "BTC", toCoin: "USDT" }),
    wire: { type: "swap", fromCoin: "BTC", toCoin: "USDT" }
  }
]

const tap = Wiretap.make(cases.map((c) => c.endpoint))
const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer({ domains: [tap.domain] })))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

layer(Env, { excludeTestServices: true })("margin liquidation orders", (it) => {
  for (const c of cases) {
    it.effect(`${c.endpoint.name}: the request on the wire, the answer decoded`, () => check(tap, c))
  }

  it.effect("pages by the answer's idLessThan, 500 a page, 90 days", () =>
    Effect.sync(() => {
      const paging = Records.crossLiquidationOrder.endpoint.pagination!
      expect([paging.cursor, paging.limit.max]).toEqual([
        { _tag: "Field", param: "idLessThan", field: "idLessThan", id: "orderId" },
        500
      ])
    }))

  it.effect("local rules: symbol only with place_order, coins only with swap, 500 a page, 90 days; nothing sent", () =>
    Effect.gen(function*() {
      const count = yield* sent
      yield* refusedLocally(Records.crossLiquidationOrder({ type: "swap", symbol: "BTCUSDT" }), "symbol", count)
      yield* refusedLocally(Records.isolatedLiquidationOrder({ fromCoin: "BTC" }), "fromCoin", count)
      yield* refusedLocally(Records.crossLiquidationOrder({ limit: 501 }), "limit", count)
      yield* refusedLocally(
        Records.crossLiquidationOrder({ startTime: at(T0), endTime: at(T0 + 91 * DAY) }),
        "90",
        count
      )
    }))
})
