/**
 * The whole client in one layer: `BitgetClient` with HMAC signing, the in-memory rate limiter,
 * the config (given, or read from the environment) and the transport recommended for the runtime.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import type * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Transport from "@effect-bitget/core/Transport"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import type * as ConfigError from "effect/ConfigError"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/** Node itself, not Bun or Deno (which also set `process.versions.node`). */
const onNode = (): boolean => {
  const global = globalThis as { readonly process?: { readonly versions?: { readonly node?: string } } }
  return global.process?.versions?.node !== undefined && !("Bun" in globalThis) && !("Deno" in globalThis)
}

/** The runtime's own `fetch`, through @effect/platform's `FetchHttpClient`: the choice off Node. */
export const transportFetch: Layer.Layer<Transport.Transport> = Transport.layerHttpClient.pipe(
  Layer.provide(FetchHttpClient.layer)
)

/**
 * The transport recommended for the runtime: undici's pool on Node (`Transport.layerUndici`, the
 * fastest measured: docs/performance.md), the platform's `fetch` client elsewhere (Bun, Deno,
 * browsers), where undici is never loaded. The runtime is read when the layer is built.
 */
export const transport: Layer.Layer<Transport.Transport> = Layer.unwrapEffect(
  Effect.sync(() => onNode() ? Transport.layerUndici : transportFetch)
)

/**
 * Everything a call needs, from values: `Effect.provide(program, layer({ credentials, demo: true }))`.
 */
export const layer = (options: BitgetConfig.Options = {}): Layer.Layer<BitgetClient.BitgetClient> =>
  BitgetClient.layerWith(options).pipe(Layer.provide(transport))

/**
 * Everything a call needs, from the environment (`BITGET_API_KEY`, `BITGET_API_SECRET`,
 * `BITGET_API_PASSPHRASE`, `BITGET_DEMO`, `BITGET_BASE_URL`, `BITGET_METRICS` …: see
 * `BitgetConfig.config`): `Effect.provide(program, layerConfig)`.
 */
export const layerConfig: Layer.Layer<BitgetClient.BitgetClient, ConfigError.ConfigError> = BitgetClient.layerConfig
  .pipe(Layer.provide(transport))
