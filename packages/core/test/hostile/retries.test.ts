/**
 * 429 retries that behave: calls refused together come back spread out (jitter), and an
 * exchange's `Retry-After` is honoured, up to a cap of 10 s (TestClock throughout).
 */
import * as Public from "@effect-bitget/core/Public"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"
import * as Support from "../support.js"
import * as Hostile from "./Hostile.js"

const TIME = "GET /api/v2/public/time"
const QUERY = "GET /api/v2/test/query"

const tooMany = (headers: Record<string, string> = {}): Hostile.Action => ({
  _tag: "Respond",
  status: 429,
  body: "{\"code\":\"429\",\"msg\":\"Too Many Requests\",\"requestTime\":0,\"data\":null}",
  headers
})
const time: Hostile.Action = {
  _tag: "Respond",
  status: 200,
  body: "{\"code\":\"00000\",\"msg\":\"success\",\"requestTime\":0,\"data\":{\"serverTime\":\"1750000000000\"}}"
}

const realPause = (ms: number) => Effect.promise(() => new Promise((resolve) => setTimeout(resolve, ms)))

describe("429 retries (TestClock)", () => {
  it.scoped("20 calls refused together retry spread over 125–250 ms, not in one burst", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.faults.inject({ _tag: "TooMany" }, 20)
      const calls = yield* Effect.fork(
        Effect.forEach(Array.from({ length: 20 }, (_, i) => i), (i) => Support.query({ i: String(i) }), {
          concurrency: "unbounded"
        })
      )
      yield* Hostile.settle(() => simulator.traffic.count(QUERY) === 20)
      const perStep: Array<number> = []
      let seen = 20
      for (let step = 0; step < 30 && seen < 40; step++) {
        yield* TestClock.adjust("10 millis")
        yield* realPause(40)
        const now = simulator.traffic.count(QUERY)
        perStep.push(now - seen)
        seen = now
      }
      yield* Fiber.join(calls)
      expect(simulator.traffic.count(QUERY)).toBe(40)
      // Nothing before half the 250 ms backoff; the retries land in several 10 ms steps.
      expect(perStep.slice(0, 12).reduce((a, b) => a + b, 0)).toBe(0)
      expect(perStep.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3)
      expect(Math.max(...perStep)).toBeLessThan(20)
    }).pipe(Effect.provide(Support.env())))

  for (
    const [header, waitMs] of [["3", 3000], ["0.5", 500], ["120", 10_000], [
      "Thu, 01 Jan 1970 00:00:02 GMT",
      2000
    ]] as const
  ) {
    it.scoped(`Retry-After: ${header} is waited (${waitMs} ms), no sooner`, () =>
      Effect.gen(function*() {
        const hostile = yield* Hostile.make()
        hostile.next(tooMany({ "retry-after": header }), TIME)
        hostile.next(time, TIME)
        const fiber = yield* Effect.fork(Effect.provide(Public.serverTime(), Hostile.client(hostile.url, undefined)))
        yield* Hostile.settle(() => hostile.count(TIME) === 1)
        yield* TestClock.adjust(`${waitMs - 1} millis`)
        yield* realPause(50)
        expect(hostile.count(TIME)).toBe(1)
        yield* TestClock.adjust("2 millis")
        const answer = yield* Fiber.join(fiber)
        expect(answer.serverTime).toBeDefined()
        expect(hostile.count(TIME)).toBe(2)
      }))
  }

  it.scoped("a proxy's HTML 429 is a rate limit too: retried after its Retry-After", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.next(
        { _tag: "Respond", status: 429, body: "<html>slow down</html>", headers: { "retry-after": "1" } },
        TIME
      )
      hostile.next(time, TIME)
      const fiber = yield* Effect.fork(Effect.provide(Public.serverTime(), Hostile.client(hostile.url, undefined)))
      yield* Hostile.settle(() => hostile.count(TIME) === 1)
      yield* TestClock.adjust("1001 millis")
      yield* Fiber.join(fiber)
      expect(hostile.count(TIME)).toBe(2)
    }))

  it.scoped("a 429 that persists fails with RateLimitError carrying the last Retry-After", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.next(tooMany({ "retry-after": "1" }), TIME, 6)
      const fiber = yield* Effect.fork(
        Effect.flip(Effect.provide(Public.serverTime(), Hostile.client(hostile.url, undefined)))
      )
      for (let i = 1; i <= 5; i++) {
        yield* Hostile.settle(() => hostile.count(TIME) === i)
        yield* TestClock.adjust("1001 millis")
      }
      const error = yield* Fiber.join(fiber)
      expect(error).toMatchObject({ _tag: "RateLimitError", source: "exchange", retryAfterMillis: 1000 })
      expect(hostile.count(TIME)).toBe(6)
    }))
})
