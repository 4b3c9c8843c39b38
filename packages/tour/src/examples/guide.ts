/** The guide's examples (docs/guide.md), kept here so the type check proves they still compile. */
import { BitgetClient, BitgetConfig, HttpSigner, Limiter } from "@effect-bitget/core"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import { Trade } from "@effect-bitget/spot"
import * as RedisStore from "@effect/experimental/RateLimiter/Redis"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { Config, Effect, Layer, Stream } from "effect"

export const Bitget = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

// Bun, Deno, browsers (and docs/performance.md's "Which transport"): any @effect/platform HttpClient.
export const BitgetFetch = BitgetClient.layerConfig.pipe(
  Layer.provide(Transport.layerHttpClient.pipe(Layer.provide(FetchHttpClient.layer)))
)

const RsaSigner = Layer.unwrapEffect(
  Effect.map(Config.redacted("BITGET_RSA_PRIVATE_KEY"), (pem) => HttpSigner.layerRsa(pem))
)
export const BitgetRsa = BitgetClient.layer.pipe(
  Layer.provide(Layer.merge(RsaSigner, Limiter.layerMemory)),
  Layer.provide(BitgetConfig.layerConfig)
)

export const cancel = Trade.cancelOrder({ symbol: "BTCUSDT", orderId: "1234" }).pipe(
  Effect.catchTags({
    OrderNotFound: () => Effect.succeed("already gone"),
    RateLimitError: (e) => Effect.fail(e)
  })
)

const year = Trade.fills.items({
  symbol: "BTCUSDT",
  startTime: Timestamp.fromMillis(Date.now() - 365 * 86_400_000),
  endTime: Timestamp.fromMillis(Date.now())
})
export const count = Stream.runCount(year)

export const SharedLimiter = Limiter.layer.pipe(Layer.provide(RedisStore.layerStore({ host: "127.0.0.1" })))

export const TestBitget = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
