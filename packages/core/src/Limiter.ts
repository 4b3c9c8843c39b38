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
import * as FiberRef from "effect/FiberRef"
import { dual } from "effect/Function"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Redacted from "effect/Redacted"
import * as Crypto from "node:crypto"
import { BitgetConfig, type LimiterPolicy } from "./BitgetConfig.js"
import { RateLimitError } from "./BitgetError.js"
import type { Endpoint } from "./Endpoint.js"
import * as Metrics from "./Metrics.js"
import * as RateLimit from "./RateLimit.js"

export interface Service {
  /**
   * Takes a token for one call of `endpoint`; when none is left, does what the call's policy
   * says (`withPolicy`), else the config's `limiter`: waits (`delay`) or fails (`fail`).
   */
  readonly take: (endpoint: Endpoint.Any) => Effect.Effect<void, RateLimitError>
}

export class Limiter extends Context.Tag("@effect-bitget/core/Limiter")<Limiter, Service>() {}

/**
 * What one call does when its bucket is empty: wait for room (`delay`), fail at once (`fail`),
 * or wait at most `maxWait` and fail at once when the wait would be longer. A call refused by
 * `maxWait` has still used its place in a later window (the store counts a delayed call when it
 * answers), so the buckets stay within Bitget's limits either way.
 */
export type Policy = LimiterPolicy | { readonly maxWait: Duration.DurationInput }

/** The policy `withPolicy` set for the calls inside it; `undefined`: the config's `limiter`. */
export const currentPolicy: FiberRef.FiberRef<Policy | undefined> = FiberRef.unsafeMake<Policy | undefined>(undefined)

/**
 * Runs `effect`'s calls with their own policy instead of the config's: one client can wait in a
 * backfill and fail fast on an order, e.g.
 * `Trade.placeOrder(order).pipe(Limiter.withPolicy("fail"))` or `withPolicy({ maxWait: "200 millis" })`.
 */
export const withPolicy: {
  (policy: Policy): <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  <A, E, R>(effect: Effect.Effect<A, E, R>, policy: Policy): Effect.Effect<A, E, R>
} = dual(
  2,
  <A, E, R>(effect: Effect.Effect<A, E, R>, policy: Policy) => Effect.locally(effect, currentPolicy, policy)
)

/** A call refused by the client's own limiter: Bitget was not asked (its message says so). */
const local = (endpoint: Endpoint.Any, retryAfter: Duration.Duration, maxWait?: number) =>
  new RateLimitError({
    endpoint: endpoint.name,
    code: "429",
    msg: maxWait === undefined
      ? `the client's limiter has no room for this call and its policy is fail; retry in ${
        Math.ceil(Duration.toMillis(retryAfter))
      } ms`
      : `the client's limiter has no room for this call within its maxWait of ${maxWait} ms (it would wait ${
        Math.ceil(Duration.toMillis(retryAfter))
      } ms)`,
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
  const configured: Policy = config.limiter
  const keys = new WeakMap<Endpoint.Any, string>()
  const keyFor = (endpoint: Endpoint.Any) => {
    const owner = endpoint.rateLimit.key === "uid" ? `uid:${account}` : "ip"
    const key = `bitget:${owner}:${endpoint.method} ${endpoint.path}`
    keys.set(endpoint, key)
    return key
  }
  const keyOf = (endpoint: Endpoint.Any) => keys.get(endpoint) ?? keyFor(endpoint)
  // With metrics on (read once: off, `take` is unchanged), `seen` is told each bucket's answer.
  const metrics = config.metrics
  const consume = (
    endpoint: Endpoint.Any,
    limit: RateLimit.RateLimit,
    key: string,
    policy: Policy,
    seen?: (delay: number, remaining: number) => void
  ) => {
    const maxWait = typeof policy === "object" ? Duration.toMillis(Duration.decode(policy.maxWait)) : undefined
    const onExceeded = policy === "fail" ? "fail" : "delay"
    return Effect.matchEffect(
      limiter.consume({ algorithm: "fixed-window", onExceeded, window: slack(limit.window), limit: limit.limit, key }),
      {
        onFailure: (error): Effect.Effect<void, RateLimitError> => {
          if (error.reason !== "Exceeded") {
            // A store that cannot answer (Redis down) must not stop trading: let the call through.
            return Effect.logWarning("rate limiter store failed; call not limited", error.message)
          }
          if (seen !== undefined) seen(0, 0)
          return Effect.fail(local(endpoint, error.retryAfter))
        },
        onSuccess: (result) => {
          if (seen !== undefined) seen(Duration.toMillis(result.delay), result.remaining)
          // Without it `sleep(0)` below: the same, one step longer.
          // Stryker disable next-line ConditionalExpression: equivalent (above)
          if (Duration.isZero(result.delay)) return Effect.void
          if (maxWait !== undefined && Duration.toMillis(result.delay) > maxWait) {
            return Effect.fail(local(endpoint, result.delay, maxWait))
          }
          return Effect.sleep(result.delay)
        }
      }
    )
  }
  const take = (endpoint: Endpoint.Any) =>
    Effect.withFiberRuntime<void, RateLimitError>((fiber) => {
      const policy = fiber.getFiberRef(currentPolicy) ?? configured
      return Effect.zipRight(
        consume(endpoint, RateLimit.ipCeiling, "bitget:ip:ceiling", policy),
        consume(endpoint, endpoint.rateLimit, keyOf(endpoint), policy)
      )
    })
  /** `bitget.limiter.wait`: both buckets' delays; `bitget.limiter.available`: the endpoint's bucket. */
  const measured = (endpoint: Endpoint.Any) =>
    Effect.withFiberRuntime<void, RateLimitError>((fiber) => {
      const policy = fiber.getFiberRef(currentPolicy) ?? configured
      let waited = 0
      return Effect.zipRight(
        consume(endpoint, RateLimit.ipCeiling, "bitget:ip:ceiling", policy, (delay) => {
          waited += delay
        }),
        consume(endpoint, endpoint.rateLimit, keyOf(endpoint), policy, (delay, remaining) => {
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
