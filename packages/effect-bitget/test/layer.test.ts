import * as CoreBitgetClient from "@effect-bitget/core/BitgetClient"
import { Simulator } from "@effect-bitget/simulator"
import * as SpotLine from "@effect-bitget/spot"
import * as TaxLine from "@effect-bitget/tax"
import { describe, expect, it } from "@effect/vitest"
import * as Bitget from "effect-bitget"
import * as ConfigProvider from "effect/ConfigProvider"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"

/** The environment a user's process would have, pointed at the simulator. */
const environment = (simulator: Simulator.Service, extra: Record<string, string> = {}) =>
  ConfigProvider.fromMap(
    new Map([
      ["BITGET_BASE_URL", simulator.url],
      ["BITGET_API_KEY", Redacted.value(simulator.credentials.apiKey)],
      ["BITGET_API_SECRET", Redacted.value(simulator.credentials.secret)],
      ["BITGET_API_PASSPHRASE", Redacted.value(simulator.credentials.passphrase)],
      ...Object.entries(extra)
    ])
  )

describe("effect-bitget", () => {
  it("re-exports every line under its namespace, and core's modules at the top", () => {
    expect(Bitget.Spot.Trade.placeOrder).toBe(SpotLine.Trade.placeOrder)
    expect(Bitget.Tax.endpoints).toBe(TaxLine.endpoints)
    expect(Bitget.BitgetClient.BitgetClient).toBe(CoreBitgetClient.BitgetClient)
    expect(Bitget.Core.BitgetClient).toBe(Bitget.BitgetClient)
    for (
      const line of [
        "Broker",
        "Convert",
        "CopyTrading",
        "Earn",
        "Futures",
        "Margin",
        "P2P",
        "Spot",
        "Tax",
        "Unified",
        "WebSocket"
      ] as const
    ) expect(typeof Bitget[line]).toBe("object")
    for (const line of ["Broker", "Convert", "CopyTrading", "Futures", "Margin", "P2P", "Spot", "Tax"] as const) {
      expect(Bitget[line].endpoints.length).toBeGreaterThan(0)
    }
  })

  it.scoped("layerConfig: config from the environment, the undici transport, the limiter — a signed call answers", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const assets = yield* Bitget.Spot.Account.assets().pipe(
        Effect.provide(Bitget.layerConfig),
        Effect.withConfigProvider(environment(simulator))
      )
      expect(assets.length).toBeGreaterThan(0)
      expect(simulator.traffic.count("GET /api/v2/spot/account/assets")).toBe(1)
    }).pipe(Effect.provide(Simulator.layer())))

  it.scoped("layerConfig reads the environment's BITGET_LIMITER: a full bucket is refused locally, nothing sent", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const client = yield* Layer.build(Bitget.layerConfig).pipe(
        Effect.withConfigProvider(environment(simulator, { BITGET_LIMITER: "fail" }))
      )
      const call = Bitget.Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }).pipe(Effect.provide(client))
      for (let i = 0; i < 10; i++) yield* call
      const error = yield* Effect.flip(call)
      expect(error).toMatchObject({ _tag: "RateLimitError", source: "local" })
      expect(simulator.traffic.count("GET /api/v2/common/trade-rate")).toBe(10)
    }).pipe(Effect.provide(Simulator.layer())))

  it.scoped("layer: config from values", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const time = yield* Bitget.Public.serverTime().pipe(Effect.provide(Bitget.layer({ baseUrl: simulator.url })))
      expect(time.serverTime).toBeDefined()
      expect(simulator.traffic.count("GET /api/v2/public/time")).toBe(1)
    }).pipe(Effect.provide(Simulator.layer())))
})
