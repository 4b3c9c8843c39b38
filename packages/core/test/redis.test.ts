import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Public from "@effect-bitget/core/Public"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import * as RedisStore from "@effect/experimental/RateLimiter/Redis"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Support from "./support.js"

// CI starts a Redis server and sets REDIS_URL (.ci/run); without one this block is skipped.
const url = process.env.REDIS_URL

/** A client stack of its own (as a separate process would have), limited through a shared Redis store. */
const processClient = (simulator: Simulator.Service, prefix: string) =>
  BitgetClient.layer.pipe(
    Layer.provide(
      Layer.merge(
        HttpSigner.layerHmac,
        Limiter.layer.pipe(Layer.provide(RedisStore.layerStore({ ...redisOptions(), prefix })))
      )
    ),
    Layer.provide(
      Layer.merge(
        BitgetConfig.layer({ baseUrl: simulator.url, credentials: simulator.credentials }),
        Transport.layerUndici
      )
    )
  )

const redisOptions = () => {
  const parsed = new URL(url!)
  return { host: parsed.hostname, port: Number(parsed.port || 6379) }
}

describe.skipIf(url === undefined)("a fleet sharing one API key through Redis", () => {
  it.live("two client stacks share one budget: no burst over the endpoint's limit", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const prefix = `effect-bitget-test-${Date.now()}:`
      const burst = (n: number) =>
        Effect.forEach(
          Array.from({ length: n }, (_, i) => i),
          () => Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }),
          { concurrency: "unbounded", discard: true }
        )
      const start = Date.now()
      // 2 × 12 calls against 10/s per UID: alone each stack would send 10 at once; shared, they queue.
      yield* Effect.all([
        burst(12).pipe(Effect.provide(processClient(simulator, prefix))),
        burst(12).pipe(Effect.provide(processClient(simulator, prefix)))
      ], { concurrency: "unbounded" })
      // Unshared, the two stacks would send 20 at once and the exchange would refuse 10. Shared,
      // they queue on one budget; a refusal or two can still come from requests delayed in
      // flight across a window boundary on a loaded machine (they are retried).
      const sent = simulator.traffic.count("GET /api/v2/common/trade-rate")
      expect(sent - simulator.limits.refused).toBe(24)
      expect(simulator.limits.refused).toBeLessThanOrEqual(2)
      // 24 calls at 10 per window need at least two more windows after the first.
      expect(Date.now() - start).toBeGreaterThanOrEqual(2000)
    }).pipe(Effect.provide(Support.simulator())), 20_000)
})
