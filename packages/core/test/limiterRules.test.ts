/**
 * The limiter's own rules, observed at its store (the seam `@effect/experimental/RateLimiter`
 * offers: memory, Redis, or here the memory store with a recorder around it): the buckets each
 * call takes (the 6000/min IP ceiling, then the endpoint's, keyed by a digest of the API key for
 * `uid` limits and shared for `ip` ones), the window counted with its slack (2% + 10 ms), the exact
 * edges of `maxWait`, and a store that cannot answer letting the call through. limiterPolicy.test.ts
 * runs the policies through the client over loopback.
 */
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as RateLimiter from "@effect/experimental/RateLimiter"
import { describe, expect, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Logger from "effect/Logger"
import * as Metric from "effect/Metric"
import type * as MetricState from "effect/MetricState"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as TestClock from "effect/TestClock"
import * as Crypto from "node:crypto"
import * as Support from "./support.js"

interface Taken {
  readonly key: string
  /** Milliseconds per call. */
  readonly refill: number
}

/** The memory store, recording each bucket asked for. */
const recording = (taken: Array<Taken>, failing = false) =>
  Layer.effect(
    RateLimiter.RateLimiterStore,
    Effect.map(RateLimiter.RateLimiterStore, (store) =>
      RateLimiter.RateLimiterStore.of({
        fixedWindow: (options) => {
          taken.push({ key: options.key, refill: Duration.toMillis(options.refillRate) })
          return failing
            ? Effect.fail(new RateLimiter.RateLimitStoreError({ message: "store down" }))
            : store.fixedWindow(options)
        },
        tokenBucket: (options) => store.tokenBucket(options)
      }))
  ).pipe(Layer.provide(RateLimiter.layerStoreMemory))

const credentials = (apiKey: string) => ({
  apiKey: Redacted.make(apiKey),
  secret: Redacted.make("s"),
  passphrase: Redacted.make("p")
})
const digest = (apiKey: string) => Crypto.createHash("sha256").update(apiKey).digest("hex").slice(0, 16)

/** Two limiters over one store (two processes sharing it), for the accounts `a` and `b`. */
const shared = (taken: Array<Taken>, options: BitgetConfig.Options = {}, failing = false) =>
  Effect.gen(function*() {
    const rateLimiter = yield* RateLimiter.make
    const of = (config: BitgetConfig.Options) =>
      Effect.provide(
        Limiter.make,
        Layer.merge(Layer.succeed(RateLimiter.RateLimiter, rateLimiter), BitgetConfig.layer(config))
      )
    return {
      a: yield* of({ ...options, credentials: credentials("key-a") }),
      b: yield* of({ ...options, credentials: credentials("key-b") }),
      anonymous: yield* of(options)
    }
  }).pipe(Effect.provide(recording(taken, failing)))

/** `uid(5)` per second. */
const Echo = Support.Echo
/** `ip(1000)` per second. */
const Public = Support.FailPublic

describe("buckets", () => {
  it.scoped("each call takes the IP ceiling, then its endpoint's bucket: by account for uid, shared for ip", () =>
    Effect.gen(function*() {
      const taken: Array<Taken> = []
      const { a, anonymous, b } = yield* shared(taken)
      yield* a.take(Echo)
      yield* b.take(Echo)
      yield* anonymous.take(Echo)
      yield* a.take(Public)
      yield* b.take(Public)
      expect(taken.map((t) => t.key)).toEqual([
        "bitget:ip:ceiling",
        `bitget:uid:${digest("key-a")}:POST /api/v2/test/echo`,
        "bitget:ip:ceiling",
        `bitget:uid:${digest("key-b")}:POST /api/v2/test/echo`,
        "bitget:ip:ceiling",
        "bitget:uid:anonymous:POST /api/v2/test/echo",
        "bitget:ip:ceiling",
        "bitget:ip:GET /api/v2/test/fail-public",
        "bitget:ip:ceiling",
        "bitget:ip:GET /api/v2/test/fail-public"
      ])
      // The key itself is never in the store.
      expect(taken.some((t) => t.key.includes("key-a"))).toBe(false)
    }))

  it.scoped("windows are counted with 2% and 10 ms of slack, rounded up", () =>
    Effect.gen(function*() {
      const taken: Array<Taken> = []
      const { a } = yield* shared(taken)
      yield* a.take(Echo)
      // The store is told the refill rate, the window over the limit: 60 000 ms × 1.02 + 10 over
      // 6000 calls; 1 000 ms × 1.02 + 10 over 5.
      expect(taken.map((t) => t.key)).toEqual([
        "bitget:ip:ceiling",
        `bitget:uid:${digest("key-a")}:POST /api/v2/test/echo`
      ])
      expect(taken[0]!.refill).toBeCloseTo(61_210 / 6000, 5)
      expect(taken[1]!.refill).toBe(1030 / 5)
    }))

  it.scoped("one account's full bucket does not stop another's; under fail, the sixth call is refused locally", () =>
    Effect.gen(function*() {
      const { a, b } = yield* shared([], { limiter: "fail" })
      for (let i = 0; i < 5; i++) yield* a.take(Echo)
      const error = yield* Effect.flip(a.take(Echo))
      expect(error).toMatchObject({ _tag: "RateLimitError", source: "local", status: 0, code: "429" })
      expect(error.endpoint).toBe("test.echo")
      expect(error.retryAfterMillis).toBe(1030)
      expect(error.msg).toBe("the client's limiter has no room for this call and its policy is fail; retry in 1030 ms")
      yield* b.take(Echo)
    }))
})

describe("waiting", () => {
  it.scoped("a full bucket waits exactly the slack window: not released at 1029 ms, released at 1030", () =>
    Effect.gen(function*() {
      const { a } = yield* shared([])
      for (let i = 0; i < 5; i++) yield* a.take(Echo)
      const waiting = yield* Effect.fork(a.take(Echo))
      yield* TestClock.adjust("1029 millis")
      expect((yield* Fiber.poll(waiting))._tag).toBe("None")
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(waiting)
    }))

  it.scoped("maxWait: a wait equal to it is waited; one ms over it fails at once, saying both", () =>
    Effect.gen(function*() {
      const { a, b } = yield* shared([])
      for (let i = 0; i < 5; i++) yield* a.take(Echo)
      const error = yield* Effect.flip(a.take(Echo).pipe(Limiter.withPolicy({ maxWait: "1029 millis" })))
      expect(error.msg).toBe(
        "the client's limiter has no room for this call within its maxWait of 1029 ms (it would wait 1030 ms)"
      )
      expect(error.retryAfterMillis).toBe(1030)
      for (let i = 0; i < 5; i++) yield* b.take(Echo)
      const waiting = yield* Effect.fork(b.take(Echo).pipe(Limiter.withPolicy({ maxWait: "1030 millis" })))
      yield* TestClock.adjust("1030 millis")
      yield* Fiber.join(waiting)
      // Room left: maxWait changes nothing.
      const { anonymous } = yield* shared([])
      yield* anonymous.take(Echo).pipe(Limiter.withPolicy({ maxWait: "0 millis" }))
    }))

  it.scoped("a policy set around a call wins over the config's, for that call only", () =>
    Effect.gen(function*() {
      const { a } = yield* shared([], { limiter: "delay" })
      for (let i = 0; i < 5; i++) yield* a.take(Echo)
      expect((yield* Effect.flip(Limiter.withPolicy(a.take(Echo), "fail")))._tag).toBe("RateLimitError")
      const waiting = yield* Effect.fork(a.take(Echo))
      yield* TestClock.adjust("1030 millis")
      yield* Fiber.join(waiting)
    }))
})

describe("a store that cannot answer", () => {
  it.scoped("lets every call through (trading does not stop), under any policy, metrics on or off", () =>
    Effect.gen(function*() {
      for (const options of [{}, { limiter: "fail" as const }, { metrics: true }]) {
        const taken: Array<Taken> = []
        const { a } = yield* shared(taken, options, true)
        for (let i = 0; i < 7; i++) yield* a.take(Echo)
        expect(taken).toHaveLength(14)
      }
    }))

  it.scoped("says so in a warning per bucket, with the store's own message", () =>
    Effect.gen(function*() {
      const logs: Array<{ readonly level: string; readonly message: unknown }> = []
      const recorder = Logger.make(({ logLevel, message }) => {
        logs.push({ level: logLevel.label, message })
      })
      const { a } = yield* shared([], {}, true)
      yield* a.take(Echo).pipe(Effect.provide(Logger.replace(Logger.defaultLogger, recorder)))
      // One for the IP ceiling, one for the endpoint's bucket.
      const warning = { level: "WARN", message: ["rate limiter store failed; call not limited", "store down"] }
      expect(logs).toEqual([warning, warning])
    }))
})

describe("with metrics on", () => {
  it.scoped("the same buckets and the same refusals", () =>
    Effect.gen(function*() {
      const taken: Array<Taken> = []
      const { a } = yield* shared(taken, { metrics: true, limiter: "fail" })
      for (let i = 0; i < 5; i++) yield* a.take(Echo)
      expect(taken.slice(0, 2).map((t) => t.key)).toEqual([
        "bitget:ip:ceiling",
        `bitget:uid:${digest("key-a")}:POST /api/v2/test/echo`
      ])
      const error = yield* Effect.flip(a.take(Echo))
      expect(error.retryAfterMillis).toBe(1030)
      const delayed = yield* Effect.fork(a.take(Echo).pipe(Limiter.withPolicy({ maxWait: "2 seconds" })))
      yield* TestClock.adjust("1030 millis")
      yield* Fiber.join(delayed)
    }))
})

/** A uid endpoint allowing 6000 calls in 2 minutes: its 6001st call waits past the IP ceiling's wait. */
const Wide = Endpoint.get("/api/v2/test/wide", {
  name: "test.limiterRules.wide",
  signed: true,
  rateLimit: RateLimit.uid(6000, "2 minutes"),
  request: Schema.Struct({}),
  data: Schema.Null
})

/** `bitget.limiter.wait` of `endpoint` in Effect's (process-global) registry: read as a change. */
const waits = (endpoint: string) =>
  Effect.map(Metric.snapshot, (pairs) => {
    const pair = pairs.find((pair) =>
      pair.metricKey.name === "bitget.limiter.wait" &&
      pair.metricKey.tags.some((tag) => tag.key === "endpoint" && tag.value === endpoint)
    )
    const state = pair?.metricState as MetricState.MetricState.Histogram | undefined
    return { count: state?.count ?? 0, sum: state?.sum ?? 0 }
  })

describe("with metrics on, bitget.limiter.wait", () => {
  it.scoped("is the IP ceiling's wait plus the endpoint's: 6000 calls fill both, the 6001st waits for each", () =>
    Effect.gen(function*() {
      const { a } = yield* shared([], { metrics: true })
      const before = yield* waits(Wide.name)
      // 6000 calls within the ceiling's window (60 s × 1.02 + 10 ms) and the endpoint's (120 s × 1.02 + 10 ms).
      for (let i = 0; i < 6000; i++) yield* a.take(Wide)
      const filled = yield* waits(Wide.name)
      expect([filled.count - before.count, filled.sum - before.sum]).toEqual([6000, 0])
      const waiting = yield* Effect.fork(a.take(Wide))
      // The ceiling's window ends at 61 210 ms; then the endpoint's, 61 200 ms later (122 410 ms).
      yield* TestClock.adjust("61209 millis")
      expect((yield* Fiber.poll(waiting))._tag).toBe("None")
      yield* TestClock.adjust("1 millis")
      yield* TestClock.adjust("61199 millis")
      expect((yield* Fiber.poll(waiting))._tag).toBe("None")
      yield* TestClock.adjust("1 millis")
      yield* Fiber.join(waiting)
      const after = yield* waits(Wide.name)
      expect(after.count - filled.count).toBe(1)
      // Both delays, added: the ceiling's alone (61 210) or their difference (10) would be wrong.
      expect(after.sum - filled.sum).toBeCloseTo(122_410, 3)
    }))
})

it.effect("layerNone takes nothing", () =>
  Effect.gen(function*() {
    const limiter = yield* Limiter.Limiter
    for (let i = 0; i < 10; i++) yield* limiter.take(Echo)
  }).pipe(Effect.provide(Limiter.layerNone)))
