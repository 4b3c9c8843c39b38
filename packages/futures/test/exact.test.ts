/**
 * Operation types reject keys the endpoint does not declare, also through a spread (issue 23,
 * point 2): the docs teach a shared constant spread into requests, and `marginCoin` on
 * `OrderQuery.detail` compiled and was refused at run time. The run-time refusal is kept.
 */
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const btc = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const

/** Never run: only compiled (the typecheck covers test files). */
export const compiled = () => {
  // @ts-expect-error marginCoin is not a parameter of detail, though it comes in by a spread
  OrderQuery.detail({ ...btc, orderId: "1" })
  // @ts-expect-error nor in an object literal
  OrderQuery.detail({ symbol: "BTCUSDT", productType: "USDT-FUTURES", orderId: "1", marginCoin: "USDT" })
  // @ts-expect-error a list endpoint's streams are checked alike
  OrderQuery.ordersHistory.items({ ...btc, unknownKey: 1 })
  const { marginCoin: _, ...query } = btc
  // Without it, the spread compiles.
  return [
    OrderQuery.detail({ ...query, orderId: "1" }),
    OrderQuery.ordersHistory.items({ productType: "USDT-FUTURES" })
  ]
}

layer(Env, { excludeTestServices: true })("exact request types", (it) => {
  it.effect("the key the type refuses is refused at run time too, nothing sent", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const before = simulator.traffic.total()
      const error = yield* Effect.flip(
        OrderQuery.detail({ ...btc, orderId: "1" } as unknown as Parameters<typeof OrderQuery.detail>[0])
      )
      expect(error).toMatchObject({ _tag: "InvalidRequest" })
      expect(error.message).toContain("marginCoin: is not a parameter of this endpoint")
      expect(simulator.traffic.total()).toBe(before)
    }))
})
