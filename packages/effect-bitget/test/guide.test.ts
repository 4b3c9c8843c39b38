/**
 * docs/guide.md's examples (regions of examples/guide.ts, copied by `pnpm docs`) run against the
 * simulator: the environment's layer and the RSA one built from `BITGET_*` values, the error tags
 * caught, the history Stream, and the test layer.
 */
import { Transport } from "@effect-bitget/core"
import { Simulator } from "@effect-bitget/simulator"
import { Market, Trade } from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Guide from "../examples/guide.js"
import * as Transports from "../examples/transports.js"

/** The variables the guide's layers read, pointed at the simulator (its HMAC key, or its RSA key). */
const environment = (simulator: Simulator.Service, rsa: boolean) => {
  const key = rsa ? simulator.rsa : simulator.credentials
  return ConfigProvider.fromMap(
    new Map([
      ["BITGET_BASE_URL", simulator.url],
      ["BITGET_API_KEY", Redacted.value(key.apiKey)],
      ["BITGET_API_SECRET", Redacted.value(key.secret)],
      ["BITGET_API_PASSPHRASE", Redacted.value(key.passphrase)],
      ["BITGET_RSA_PRIVATE_KEY", Redacted.value(simulator.rsa.privateKey)]
    ])
  )
}

const signedCall = Effect.map(Trade.unfilledOrders({ symbol: "BTCUSDT" }), (orders) => orders.length)

layer(Guide.TestBitget, { excludeTestServices: true })("docs/guide.md examples", (it) => {
  it.effect("the environment's layer (HMAC) and the RSA layer both sign calls the exchange accepts", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const hmac = Guide.Bitget.pipe(Layer.provide(Layer.setConfigProvider(environment(simulator, false))))
      expect(yield* Effect.provide(signedCall, hmac)).toBe(0)
      const rsa = Guide.BitgetRsa.pipe(
        Layer.provide(Transport.layerUndici),
        Layer.provide(Layer.setConfigProvider(environment(simulator, true)))
      )
      expect(yield* Effect.provide(signedCall, rsa)).toBe(0)
    }))

  it.effect("docs/performance.md's transports: undici and the platform's fetch client both sign accepted calls", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const env = Layer.setConfigProvider(environment(simulator, false))
      const before = simulator.traffic.count("GET /api/v2/spot/trade/unfilled-orders")
      expect(yield* Effect.provide(signedCall, Transports.Bitget.pipe(Layer.provide(env)))).toBe(0)
      expect(yield* Effect.provide(signedCall, Transports.BitgetFetch.pipe(Layer.provide(env)))).toBe(0)
      expect(simulator.traffic.count("GET /api/v2/spot/trade/unfilled-orders") - before).toBe(2)
    }))

  it.effect("an unknown order's cancel is caught by its tag", () =>
    Effect.map(Guide.cancel, (outcome) => expect(outcome).toBe("already gone")))

  it.effect("the fills Bitget keeps, counted through the Stream", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const before = simulator.traffic.count("GET /api/v2/spot/trade/fills")
      expect(yield* Guide.count).toBe(0)
      expect(simulator.traffic.count("GET /api/v2/spot/trade/fills") - before).toBe(1)
    }))

  it.effect("the test layer answers public and signed calls", () =>
    Effect.gen(function*() {
      const tickers = yield* Market.tickers({ symbol: "BTCUSDT" })
      expect(tickers.map((t) => t.symbol)).toEqual(["BTCUSDT"])
      expect(yield* signedCall).toBe(0)
    }))
})
