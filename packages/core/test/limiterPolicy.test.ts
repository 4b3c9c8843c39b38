/**
 * The rate-limit policy of one call beside the client's default (issue 23, point 3): one client
 * waits in a backfill and fails fast on an order. A local refusal says it is local (no Bitget
 * code, no HTTP status) and sends nothing; `withTimeout` does not bound the limiter's wait,
 * `maxWait` does.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Public from "@effect-bitget/core/Public"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"
import * as Support from "./support.js"

const rate = "GET /api/v2/common/trade-rate"
/** 10 a second per IP (Bitget's page). */
const tradeRate = Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
const fill = Effect.gen(function*() {
  for (let i = 0; i < 10; i++) yield* tradeRate
})

describe("per-call limiter policy (TestClock)", () => {
  it.scoped("under the default delay, one call fails fast with withLimiter(\"fail\"), nothing sent", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      yield* fill
      const error = yield* Effect.flip(tradeRate.pipe(BitgetClient.withLimiter("fail")))
      expect(error).toMatchObject({ _tag: "RateLimitError", source: "local", status: 0 })
      expect(error.message).toContain("local rate limit, nothing sent")
      expect(error.message).not.toContain("Bitget 429")
      expect(error.message).not.toContain("HTTP 0")
      expect(error._tag === "RateLimitError" && error.retryAfterMillis).toBeGreaterThan(0)
      expect(simulator.traffic.count(rate)).toBe(10)
      // The next call without a policy of its own waits for the window, as the config says.
      const waiting = yield* Effect.fork(tradeRate)
      yield* TestClock.adjust("500 millis")
      expect((yield* Fiber.poll(waiting))._tag).toBe("None")
      yield* TestClock.adjust("700 millis")
      yield* Fiber.join(waiting)
      expect(simulator.traffic.count(rate)).toBe(11)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("under the config's fail, one call may wait with withLimiter(\"delay\")", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      yield* fill
      expect((yield* Effect.flip(tradeRate))._tag).toBe("RateLimitError")
      const waiting = yield* Effect.fork(tradeRate.pipe(Limiter.withPolicy("delay")))
      yield* TestClock.adjust("1200 millis")
      yield* Fiber.join(waiting)
      expect(simulator.traffic.count(rate)).toBe(11)
    }).pipe(Effect.provide(Support.env({ limiter: "fail" }))))

  it.scoped("maxWait: a wait longer than it fails at once, locally; a wait within it is waited", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      yield* fill
      // The window has ≈ 1 s to run: 200 ms is not enough.
      const error = yield* Effect.flip(tradeRate.pipe(BitgetClient.withLimiter({ maxWait: "200 millis" })))
      expect(error).toMatchObject({ _tag: "RateLimitError", source: "local", status: 0 })
      expect(error.message).toContain("within its maxWait of 200 ms")
      expect(simulator.traffic.count(rate)).toBe(10)
      // Two seconds is enough: it waits, then is sent.
      const waiting = yield* Effect.fork(tradeRate.pipe(BitgetClient.withLimiter({ maxWait: "2 seconds" })))
      yield* TestClock.adjust("2100 millis")
      yield* Fiber.join(waiting)
      expect(simulator.traffic.count(rate)).toBe(11)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("withTimeout bounds the exchange, not the limiter's wait: a short timeout still waits for room", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      yield* fill
      const waiting = yield* Effect.fork(tradeRate.pipe(BitgetClient.withTimeout("100 millis")))
      yield* TestClock.adjust("500 millis")
      expect((yield* Fiber.poll(waiting))._tag).toBe("None")
      yield* TestClock.adjust("700 millis")
      yield* Fiber.join(waiting)
      expect(simulator.traffic.count(rate)).toBe(11)
    }).pipe(Effect.provide(Support.env())))
})
