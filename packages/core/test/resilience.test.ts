import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as Public from "@effect-bitget/core/Public"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"
import * as Support from "./support.js"

// Each test builds its own simulator and client under the test's TestClock, so waits and
// backoffs are driven by TestClock.adjust and never really sleep.

/** Waits in real time (HTTP I/O does not follow TestClock) until `condition` holds. */
const settle = (condition: () => boolean) =>
  Effect.promise(async () => {
    for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  })

/**
 * Runs `effect` to its end while moving TestClock on in small steps, letting real I/O happen
 * between steps (a sleep scheduled after a one-off adjust would never wake). 100 ms of TestClock
 * per 10 ms of real time: a request has a second of real time before its 10 s timeout fires.
 */
const drive = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(effect)
    for (let i = 0; i < 2000; i++) {
      const done = yield* Fiber.poll(fiber)
      if (done._tag === "Some") break
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 10)))
      yield* TestClock.adjust("100 millis")
    }
    return yield* Fiber.join(fiber)
  })

const time = "GET /api/v2/public/time"
const rate = "GET /api/v2/common/trade-rate"

describe("rate limiting (TestClock)", () => {
  it.scoped("sends up to the limit at once, then waits for the next window; the exchange never answers 429", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      // trade-rate: 10 per second per UID.
      const calls = Effect.forEach(
        Array.from({ length: 25 }, () => 0),
        () => Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }),
        { concurrency: "unbounded" }
      )
      const fiber = yield* Effect.fork(calls)
      yield* settle(() => simulator.traffic.count(rate) >= 10)
      // Give any request beyond the limit the chance to (wrongly) go out.
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 100)))
      expect(simulator.traffic.count(rate)).toBe(10)
      yield* TestClock.adjust("1100 millis")
      yield* settle(() => simulator.traffic.count(rate) >= 20)
      expect(simulator.traffic.count(rate)).toBe(20)
      yield* TestClock.adjust("1100 millis")
      const results = yield* Fiber.join(fiber)
      expect(results).toHaveLength(25)
      expect(simulator.limits.refused).toBe(0)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("the `fail` policy refuses at once with a local RateLimitError and sends nothing", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      for (let i = 0; i < 10; i++) yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
      const error = yield* Effect.flip(Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }))
      expect(error).toMatchObject({ _tag: "RateLimitError", source: "local", endpoint: "core.public.tradeRate" })
      expect(simulator.traffic.count(rate)).toBe(10)
      yield* TestClock.adjust("1100 millis")
      yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
      expect(simulator.traffic.count(rate)).toBe(11)
    }).pipe(Effect.provide(Support.env({ limiter: "fail" }))))

  it.scoped("buckets are per endpoint: a full one does not hold back another", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      for (let i = 0; i < 10; i++) yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
      yield* Public.serverTime()
      expect(simulator.traffic.count(time)).toBe(1)
    }).pipe(Effect.provide(Support.env({ limiter: "fail" }))))
})

describe("retries (TestClock)", () => {
  it.scoped("a 429 from the exchange is retried with backoff and then succeeds", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.faults.inject({ _tag: "TooMany" }, 2)
      const answer = yield* drive(Public.serverTime())
      expect(answer.serverTime).toBeDefined()
      expect(simulator.traffic.count(time)).toBe(3)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("a 429 that persists surfaces as RateLimitError from the exchange after 5 retries", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.faults.inject({ _tag: "TooMany" }, 50)
      const error = yield* drive(Effect.flip(Public.serverTime()))
      expect(error).toMatchObject({ _tag: "RateLimitError", source: "exchange", status: 429, code: "429" })
      expect(simulator.traffic.count(time)).toBe(6)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("a dropped connection is retried for a GET", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.faults.inject({ _tag: "Drop" })
      yield* drive(Public.serverTime())
      expect(simulator.traffic.count(time)).toBe(2)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("a POST whose connection dropped is not sent again: TransportError", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.faults.inject({ _tag: "Drop" })
      const error = yield* drive(Effect.flip(Support.echo({ note: "once" })))
      expect(error._tag).toBe("TransportError")
      expect(simulator.traffic.count("POST /api/v2/test/echo")).toBe(1)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("an HTML error page becomes MalformedResponse with its status and an excerpt (not retried)", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.faults.inject({ _tag: "ServerError", status: 503 })
      const error = yield* Effect.flip(Public.serverTime())
      expect(error).toMatchObject({ _tag: "MalformedResponse", status: 503 })
      if (error._tag === "MalformedResponse") expect(error.excerpt).toContain("<html>")
      expect(simulator.traffic.count(time)).toBe(1)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("a cut JSON body becomes MalformedResponse", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.faults.inject({ _tag: "Malformed" })
      const error = yield* Effect.flip(Public.serverTime())
      expect(error).toMatchObject({ _tag: "MalformedResponse", status: 200, reason: "body is not JSON" })
    }).pipe(Effect.provide(Support.env())))
})

describe("server clock (TestClock)", () => {
  it.scoped("calls rejected together for their timestamp resync the clock once", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.faults.set({ clockSkewMillis: 90_000 })
      yield* Effect.forEach(
        [1, 2, 3, 4, 5],
        () => Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }),
        { concurrency: "unbounded", discard: true }
      )
      expect(simulator.traffic.count(time)).toBe(1)
      expect(simulator.traffic.count(rate)).toBe(10)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("a skewed exchange clock answers 40008 once; the client resyncs and the call succeeds", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const client = yield* BitgetClient.BitgetClient
      simulator.faults.set({ clockSkewMillis: 120_000 })
      yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
      expect(simulator.traffic.count(rate)).toBe(2)
      expect(simulator.traffic.count(time)).toBe(1)
      const offset = yield* client.clockOffset
      expect(Math.abs(offset - 120_000)).toBeLessThan(1000)
      // Later calls are signed with the corrected clock: no more resyncs.
      yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
      expect(simulator.traffic.count(time)).toBe(1)
    }).pipe(Effect.provide(Support.env())))
})
