/**
 * This library as the benchmark drives it: the client stack composed by hand (HMAC signing, the
 * limiter chosen per case, a config pointing at the canned server) over one of the HTTP
 * transports (core's undici transport, or the adapter over an `@effect/platform` HttpClient),
 * built once into a `ManagedRuntime`.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as CoreTransport from "@effect-bitget/core/Transport"
import * as NodeHttpClient from "@effect/platform-node/NodeHttpClient"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import type * as HttpClient from "@effect/platform/HttpClient"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Redacted from "effect/Redacted"

/** Test credentials: the canned server accepts any signature. */
export const credentials = { apiKey: "bench-key", secret: "bench-secret", passphrase: "bench-pass" } as const

export type Transport = "undici" | "platform-undici" | "node-http" | "node-http-keepalive" | "fetch"

/** The transport the docs recommend, measured as `effect-bitget` (see docs/performance.md). */
export const recommended: Transport = "undici"

/** The `@effect/platform` HttpClient layers the adapter runs over (and `ref/effect-http` uses). */
export const httpClients = {
  undici: NodeHttpClient.layerUndici,
  // `NodeHttpClient.layer` makes `new http.Agent()`, which does not keep connections alive.
  "node-http": NodeHttpClient.layer,
  "node-http-keepalive": NodeHttpClient.layerWithoutAgent.pipe(
    Layer.provide(NodeHttpClient.makeAgentLayer({ keepAlive: true }))
  ),
  fetch: FetchHttpClient.layer
} satisfies Record<string, Layer.Layer<HttpClient.HttpClient>>

const adapter = (client: Layer.Layer<HttpClient.HttpClient>) =>
  CoreTransport.layerHttpClient.pipe(Layer.provide(client))

/** The `Transport` layer of each: core's undici transport, or the adapter over a platform client. */
export const transports: Record<Transport, Layer.Layer<CoreTransport.Transport>> = {
  undici: CoreTransport.layerUndici,
  "platform-undici": adapter(httpClients.undici),
  "node-http": adapter(httpClients["node-http"]),
  "node-http-keepalive": adapter(httpClients["node-http-keepalive"]),
  fetch: adapter(httpClients.fetch)
}

/**
 * Metrics on for this library's client when `BENCH_METRICS=true` (`BENCH_METRICS=true pnpm bench -- --cases
 * 1,2`: issue 24's "the targets still hold with metrics on", against the other clients in the same run).
 */
const metrics = process.env.BENCH_METRICS === "true"

/** The client over `transport`, with no client-side limiting or with the in-memory limiter. */
export const layer = (baseUrl: string, transport: Transport, limiter: "none" | "memory") =>
  BitgetClient.layer.pipe(
    Layer.provide(Layer.mergeAll(HttpSigner.layerHmac, limiter === "none" ? Limiter.layerNone : Limiter.layerMemory)),
    Layer.provide(
      BitgetConfig.layer({
        baseUrl,
        credentials: {
          apiKey: Redacted.make(credentials.apiKey),
          secret: Redacted.make(credentials.secret),
          passphrase: Redacted.make(credentials.passphrase)
        },
        metrics
      })
    ),
    Layer.provide(transports[transport])
  )

/** A runtime holding the built client: per-request cost is measured, not setup. */
export const runtime = (baseUrl: string, transport: Transport, limiter: "none" | "memory") =>
  ManagedRuntime.make(layer(baseUrl, transport, limiter))
