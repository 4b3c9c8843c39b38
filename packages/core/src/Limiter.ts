/**
 * Client-side rate limiting: one bucket per endpoint, keyed by the API key's account (`uid`)
 * or by this process's IP (`ip`), plus the 6000/min ceiling every IP shares. Built on
 * `@effect/experimental/RateLimiter`, so the store is pluggable: memory by default, or
 * `@effect/experimental/RateLimiter/Redis` for a fleet of processes sharing one API key.
 */
import * as RateLimiter from "@effect/experimental/RateLimiter"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Crypto from "node:crypto"
import { BitgetConfig } from "./BitgetConfig.js"
import { RateLimitError } from "./BitgetError.js"
import type { Endpoint } from "./Endpoint.js"
import * as Metrics from "./Metrics.js"
import * as RateLimit from "./RateLimit.js"

export interface Service {
  /** Takes a token for one call of `endpoint`: waits (`delay`) or fails (`fail`) when none is left. */
  readonly take: (endpoint: Endpoint.Any) => Effect.Effect<void, RateLimitError>
}

export class Limiter extends Context.Tag("@effect-bitget/core/Limiter")<Limiter, Service>() {}

const local = (endpoint: Endpoint.Any, retryAfter: Duration.Duration) =>
  new RateLimitError({
    endpoint: endpoint.name,
    code: "429",
    msg: "local rate limit reached",
    status: 0,
    source: "local",
    retryAfterMillis: Duration.toMillis(retryAfter)
  })

/**
 * The window the client counts in: a little longer than the exchange's, because a request
 * released at the start of a new window may overtake one sent at the end of the previous window
 * (the first request of a window pays for the connection). 2% plus 10 ms keeps well within the
 * limit while giving away at most ~3% of a 1 s window's rate.
 */
const slack = (window: Duration.Duration): Duration.Duration =>
  Duration.millis(Math.ceil(Duration.toMillis(window) * 1.02) + 10)

/** Builds the limiter from the experimental `RateLimiter` (and so from its store). */
export const make: Effect.Effect<Service, never, RateLimiter.RateLimiter | BitgetConfig> = Effect.gen(function*() {
  const limiter = yield* RateLimiter.RateLimiter
  const config = yield* BitgetConfig
  // The account is named by a digest of the API key, so stores (Redis) never hold the key itself.
  const account = Option.match(config.credentials, {
    onNone: () => "anonymous",
    onSome: (c) => Crypto.createHash("sha256").update(Redacted.value(c.apiKey)).digest("hex").slice(0, 16)
  })
  const onExceeded = config.limiter
  const keys = new WeakMap<Endpoint.Any, string>()
  const keyOf = (endpoint: Endpoint.Any) => {
    let key = keys.get(endpoint)
    if (key === undefined) {
      const owner = endpoint.rateLimit.key === "uid" ? `uid:${account}` : "ip"
      key = `bitget:${owner}:${endpoint.method} ${endpoint.path}`
      keys.set(endpoint, key)
    }
    return key
  }
  // With metrics on (read once: off, `take` is unchanged), `seen` is told each bucket's answer.
  const metrics = config.metrics
  const consume = (
    endpoint: Endpoint.Any,
    limit: RateLimit.RateLimit,
    key: string,
    seen?: (delay: number, remaining: number) => void
  ) =>
    limiter.consume({ algorithm: "fixed-window", onExceeded, window: slack(limit.window), limit: limit.limit, key })
      .pipe(
        Effect.flatMap((result) => {
          if (seen !== undefined) seen(Duration.toMillis(result.delay), result.remaining)
          return Duration.isZero(result.delay) ? Effect.void : Effect.sleep(result.delay)
        }),
        Effect.catchAll((error) => {
          if (error.reason !== "Exceeded") {
            // A store that cannot answer (Redis down) must not stop trading: let the call through.
            return Effect.logWarning("rate limiter store failed; call not limited", error.message)
          }
          if (seen !== undefined) seen(0, 0)
          return Effect.fail(local(endpoint, error.retryAfter))
        })
      )
  const take = (endpoint: Endpoint.Any) =>
    Effect.zipRight(
      consume(endpoint, RateLimit.ipCeiling, "bitget:ip:ceiling"),
      consume(endpoint, endpoint.rateLimit, keyOf(endpoint))
    )
  /** `bitget.limiter.wait`: both buckets' delays; `bitget.limiter.available`: the endpoint's bucket. */
  const measured = (endpoint: Endpoint.Any) =>
    Effect.suspend(() => {
      let waited = 0
      return Effect.zipRight(
        consume(endpoint, RateLimit.ipCeiling, "bitget:ip:ceiling", (delay) => {
          waited += delay
        }),
        consume(endpoint, endpoint.rateLimit, keyOf(endpoint), (delay, remaining) => {
          // Queued calls (`delay`) drive the count below zero: none is left.
          Metrics.unsafeLimiter(endpoint.name, waited + delay, Math.max(0, remaining))
        })
      )
    })
  return { take: metrics ? measured : take }
})

/** The limiter over a `RateLimiterStore` the user provides (e.g. Redis). */
export const layer: Layer.Layer<Limiter, never, RateLimiter.RateLimiterStore | BitgetConfig> = Layer.effect(
  Limiter,
  make
).pipe(Layer.provide(RateLimiter.layer))

/** The limiter with an in-memory store: one process, one set of buckets. */
export const layerMemory: Layer.Layer<Limiter, never, BitgetConfig> = layer.pipe(
  Layer.provide(RateLimiter.layerStoreMemory)
)

/** No client-side limiting (the exchange's 429s are still retried). */
export const layerNone: Layer.Layer<Limiter> = Layer.succeed(Limiter, { take: () => Effect.void })
