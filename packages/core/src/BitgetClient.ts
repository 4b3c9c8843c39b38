/**
 * Executes endpoint declarations: checks and encodes the request (bad input fails before
 * anything is sent), takes a rate-limit token, signs, sends, reads the envelope and decodes the
 * data, inside a span named after the endpoint. Retries only what is safe: a 429 (the request
 * was not executed), a timestamp rejection after one clock resync, and transport failures of
 * GETs. A POST whose fate is unknown is never sent twice.
 */
import * as Headers from "@effect/platform/Headers"
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientError from "@effect/platform/HttpClientError"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Clock from "effect/Clock"
import * as Context from "effect/Context"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as ParseResult from "effect/ParseResult"
import * as Ref from "effect/Ref"
import * as Schema from "effect/Schema"
import type * as Scope from "effect/Scope"
import * as BitgetConfig from "./BitgetConfig.js"
import * as Errors from "./BitgetError.js"
import type { Endpoint } from "./Endpoint.js"
import * as Envelope from "./Envelope.js"
import * as HttpSigner from "./HttpSigner.js"
import { check } from "./internal/checks.js"
import * as FastDecode from "./internal/fastDecode.js"
import { ServerTime as serverTime } from "./internal/serverTime.js"
import { bodyText, queryString } from "./internal/wire.js"
import * as Limiter from "./Limiter.js"

export interface Service {
  /** Runs one call of `endpoint`. */
  readonly execute: <Req, Data>(
    endpoint: Endpoint<Req, Data, any>,
    request: Req
  ) => Effect.Effect<Data, Errors.BitgetError>
  /** Measures the offset to the server's clock (`GET /api/v2/public/time`) and keeps it. */
  readonly syncClock: Effect.Effect<void, Errors.BitgetError>
  /** The current offset added to the local clock (ms). */
  readonly clockOffset: Effect.Effect<number>
}

export class BitgetClient extends Context.Tag("@effect-bitget/core/BitgetClient")<BitgetClient, Service>() {}

/** Headers that carry secrets: redacted in spans and logs of the HTTP client. */
export const redactedHeaders: ReadonlyArray<string> = ["ACCESS-KEY", "ACCESS-SIGN", "ACCESS-PASSPHRASE"]

const addRedacted = (names: ReadonlyArray<string | RegExp>): ReadonlyArray<string | RegExp> => [
  ...names,
  ...redactedHeaders
]

const RETRIES_429 = 5
const RETRIES_TRANSPORT = 2

/** Backoff before retry `attempt` (0-based) after a 429: 250 ms, 500 ms, 1 s … */
const backoff429 = (attempt: number) => Duration.millis(250 * 2 ** attempt)

interface Compiled {
  readonly span: string
  readonly encode: (request: unknown) => Either.Either<{ readonly [key: string]: unknown }, ParseResult.ParseError>
  readonly decode: (data: unknown) => Either.Either<unknown, ParseResult.ParseError>
}

// Schemas are compiled once per declaration, not per call.
const compiled = new WeakMap<Endpoint.Any, Compiled>()
const compile = (endpoint: Endpoint.Any): Compiled => {
  let entry = compiled.get(endpoint)
  if (entry === undefined) {
    entry = {
      span: `bitget.${endpoint.name}`,
      encode: Schema.encodeUnknownEither(endpoint.request, { errors: "all" }) as Compiled["encode"],
      // A compiled fast path, with Effect's parser behind it for errors (see internal/fastDecode).
      decode: FastDecode.decoder(endpoint.data)
    }
    compiled.set(endpoint, entry)
  }
  return entry
}

export const make: Effect.Effect<
  Service,
  never,
  BitgetConfig.BitgetConfig | HttpSigner.HttpSigner | Limiter.Limiter | HttpClient.HttpClient | Scope.Scope
> = Effect.gen(function*() {
  // Also for the rest of the program: a request logged outside a call still hides its secrets.
  yield* Effect.locallyScopedWith(Headers.currentRedactedNames, addRedacted)
  const config = yield* BitgetConfig.BitgetConfig
  const signer = yield* HttpSigner.HttpSigner
  const limiter = yield* Limiter.Limiter
  // Trace headers are ours, not the exchange's business. The platform's own `http.client` span
  // (a second span per call, with every header as an attribute) is left out: the call's span
  // carries the method, path and status, and that halves the tracing cost of a call.
  const http = (yield* HttpClient.HttpClient).pipe(
    HttpClient.withTracerPropagation(false),
    HttpClient.withTracerDisabledWhen(() => true)
  )
  const offset = yield* Ref.make(0)
  // Counts clock syncs, so calls rejected together for their timestamp resync once, not each.
  const syncs = yield* Ref.make(0)
  const syncLock = yield* Effect.makeSemaphore(1)

  const baseHeaders: Record<string, string> = { "Content-Type": "application/json", locale: config.locale }
  if (config.demo) baseHeaders.paptrading = "1"

  // The platform error holds the request and so its signed headers: keep only what went wrong.
  const transport = (endpoint: Endpoint.Any, error: HttpClientError.HttpClientError) =>
    new Errors.TransportError({ endpoint: endpoint.name, reason: error.message, cause: error.cause })

  /** A schema failure for a person: the first field and what is wrong on one line, the full report after it. */
  const firstIssue = (error: ParseResult.ParseError): string => {
    const [first] = ParseResult.ArrayFormatter.formatErrorSync(error)
    if (first === undefined) return error.message
    const head = first.path.length === 0 ? first.message : `${first.path.join(".")}: ${first.message}`
    return `${head}\n${error.message}`
  }
  const invalid = (endpoint: Endpoint.Any, reason: string) =>
    new Errors.InvalidRequest({ endpoint: endpoint.name, reason })

  /** One attempt: sign with a fresh timestamp, send, read the envelope, decode the data. */
  const send = (endpoint: Endpoint.Any, entry: Compiled, query: string, body: string) =>
    Effect.gen(function*() {
      yield* limiter.take(endpoint)
      const headers: Record<string, string> = { ...baseHeaders }
      if (endpoint.signed) {
        if (signer.sign._tag === "None") {
          return yield* invalid(endpoint, "signed endpoint, but no credentials are configured")
        }
        const now = (yield* Clock.currentTimeMillis) + (yield* Ref.get(offset))
        Object.assign(
          headers,
          signer.sign.value({ timestamp: String(now), method: endpoint.method, path: endpoint.path, query, body })
        )
      }
      const url = config.baseUrl + endpoint.path + (query === "" ? "" : "?" + query)
      const request = endpoint.method === "GET"
        ? HttpClientRequest.get(url, { headers })
        : HttpClientRequest.post(url, { headers, body: HttpBody.text(body, "application/json") })
      const response = yield* http.execute(request).pipe(Effect.mapError((error) => transport(endpoint, error)))
      yield* Effect.annotateCurrentSpan("http.response.status_code", response.status)
      const text = yield* response.text.pipe(Effect.mapError((error) => transport(endpoint, error)))
      const envelope = Envelope.parse(endpoint.name, response.status, text)
      if (envelope._tag === "Left") return yield* envelope.left
      if (envelope.right.code !== Envelope.SUCCESS) {
        return yield* Envelope.toError(endpoint.name, response.status, envelope.right)
      }
      return yield* entry.decode(envelope.right.data).pipe(
        Either.mapLeft((error) =>
          new Errors.MalformedResponse({
            endpoint: endpoint.name,
            status: response.status,
            reason: `data does not match the schema: ${error.message}`,
            excerpt: Envelope.excerpt(text)
          })
        )
      )
    })

  const syncClock: Effect.Effect<void, Errors.BitgetError> = Effect.gen(function*() {
    const before = yield* Clock.currentTimeMillis
    const time = yield* execute(serverTime, {})
    const after = yield* Clock.currentTimeMillis
    yield* Ref.set(offset, DateTime.toEpochMillis(time.serverTime) - Math.round((before + after) / 2))
    yield* Ref.update(syncs, (n) => n + 1)
  }).pipe(Effect.withSpan("bitget.syncClock"))

  /** Syncs unless another call did since `seen` (the sync count when this call was signed). */
  const resyncSince = (seen: number) =>
    syncLock.withPermits(1)(Effect.flatMap(Ref.get(syncs), (now) => now === seen ? syncClock : Effect.void))

  const execute = <Req, Data>(
    endpoint: Endpoint<Req, Data, any>,
    request: Req
  ): Effect.Effect<Data, Errors.BitgetError> => {
    const entry = compile(endpoint)
    return entry.encode(request).pipe(
      Effect.mapError((error) => invalid(endpoint, firstIssue(error))),
      Effect.flatMap((wire) => {
        const problem = check(endpoint, wire)
        if (problem !== undefined) return Effect.fail(invalid(endpoint, problem))
        const query = endpoint.method === "GET" ? queryString(wire) : ""
        const body = endpoint.method === "GET" ? "" : bodyText(wire)
        const attempt = (n: number, resynced: boolean): Effect.Effect<unknown, Errors.BitgetError> =>
          Effect.flatMap(Ref.get(syncs), (seen) =>
            send(endpoint, entry, query, body).pipe(
              Effect.catchAll((error) => {
                if (error._tag === "TimestampError" && !resynced) {
                  return Effect.zipRight(resyncSince(seen), attempt(n, true))
                }
                if (error._tag === "RateLimitError" && error.source === "exchange" && n < RETRIES_429) {
                  return Effect.zipRight(Effect.sleep(backoff429(n)), attempt(n + 1, resynced))
                }
                if (error._tag === "TransportError" && endpoint.method === "GET" && n < RETRIES_TRANSPORT) {
                  return Effect.zipRight(Effect.sleep(Duration.millis(100 * (n + 1))), attempt(n + 1, resynced))
                }
                return Effect.fail(error)
              })
            ))
        return attempt(0, false) as Effect.Effect<Data, Errors.BitgetError>
      }),
      Effect.withSpan(entry.span, {
        kind: "client",
        captureStackTrace: false,
        attributes: { "bitget.method": endpoint.method, "bitget.path": endpoint.path }
      })
    )
  }

  return { execute, syncClock, clockOffset: Ref.get(offset) }
})

/** The client over the services it needs. */
export const layer: Layer.Layer<
  BitgetClient,
  never,
  BitgetConfig.BitgetConfig | HttpSigner.HttpSigner | Limiter.Limiter | HttpClient.HttpClient
> = Layer.scoped(BitgetClient, make)

/**
 * The usual stack from a config: HMAC signing and an in-memory limiter. Needs an `HttpClient`
 * (e.g. `NodeHttpClient.layerUndici` or `FetchHttpClient.layer`).
 */
export const layerWith = (
  config: BitgetConfig.Options
): Layer.Layer<BitgetClient, never, HttpClient.HttpClient> =>
  layer.pipe(
    Layer.provide(Layer.merge(HttpSigner.layerHmac, Limiter.layerMemory)),
    Layer.provide(BitgetConfig.layer(config))
  )

/** The usual stack from environment `Config` (`BITGET_*`); needs an `HttpClient`. */
export const layerConfig: Layer.Layer<BitgetClient, import("effect/ConfigError").ConfigError, HttpClient.HttpClient> =
  layer.pipe(
    Layer.provide(Layer.merge(HttpSigner.layerHmac, Limiter.layerMemory)),
    Layer.provide(BitgetConfig.layerConfig)
  )
