/**
 * The client's retry rules at their edges (issue 25's mutation run of `BitgetClient.ts`), on the
 * hostile server under TestClock: the 429 backoff doubles per attempt (250 ms, 500 ms, 1 s, each
 * 50–100 %), a repeated `Retry-After` header is read by its first value and a date in the past is
 * no wait, a GET's transport retries wait 100 ms then 200 ms, a timestamp rejection resyncs once
 * and is then the caller's, a connection refused is a TransportError marked never sent (a POST
 * too), and `retryAfter` reads delta seconds and HTTP dates.
 */
import { retryAfter } from "@effect-bitget/core/BitgetClient"
import * as Public from "@effect-bitget/core/Public"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"
import * as Http from "node:http"
import type * as Net from "node:net"
import * as Support from "../support.js"
import * as Hostile from "./Hostile.js"

const TIME = "GET /api/v2/public/time"
const QUERY = "GET /api/v2/test/query"
const ECHO = "POST /api/v2/test/echo"
const FAIL = "POST /api/v2/test/fail"

const tooMany = (headers: Record<string, string | ReadonlyArray<string>> = {}): Hostile.Action => ({
  _tag: "Respond",
  status: 429,
  body: "{\"code\":\"429\",\"msg\":\"Too Many Requests\",\"requestTime\":0,\"data\":null}",
  headers: headers as Record<string, string>
})
const time: Hostile.Action = {
  _tag: "Respond",
  status: 200,
  body: "{\"code\":\"00000\",\"msg\":\"success\",\"requestTime\":0,\"data\":{\"serverTime\":\"1750000000000\"}}"
}

const realPause = (ms: number) => Effect.promise(() => new Promise((resolve) => setTimeout(resolve, ms)))

/**
 * The wait the client has just begun (the nearest TestClock sleep under 10 s), once it has begun
 * one: read from TestClock itself, so a loaded machine's late I/O cannot shift it. The clients
 * here time out after 60 s, so a request's own deadline is never taken for it.
 */
const nextWait = Effect.gen(function*() {
  for (let i = 0; i < 1000; i++) {
    const now = yield* TestClock.currentTimeMillis
    const waits = Chunk.toReadonlyArray(yield* TestClock.sleeps()).map((at) => at - now).filter((wait) =>
      wait > 0 && wait < 10_000
    )
    if (waits.length > 0) return Math.min(...waits)
    yield* realPause(10)
  }
  return undefined
})

const slow = { timeout: "60 seconds" } as const

/** A port nobody listens on: opened, then closed. */
const freePort = Effect.promise(() =>
  new Promise<number>((resolve) => {
    const server = Http.createServer()
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as Net.AddressInfo
      server.close(() => resolve(port))
    })
  })
)

describe("retry rules (hostile server, TestClock)", () => {
  it.scoped("a 429 without Retry-After waits 125–250 ms, then 250–500 ms, then 500–1000 ms: doubling per attempt", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.next(tooMany(), TIME, 3)
      hostile.next(time, TIME)
      const fiber = yield* Effect.fork(
        Effect.provide(Public.serverTime(), Hostile.client(hostile.url, undefined, slow))
      )
      yield* Hostile.settle(() => hostile.count(TIME) === 1)
      // Each retry's wait is 50–100 % of its base, the base doubling: 250, 500, 1000 ms.
      for (const [n, base] of [[2, 250], [3, 500], [4, 1000]] as const) {
        const wait = yield* nextWait
        expect([n, wait! >= base / 2 && wait! <= base]).toEqual([n, true])
        yield* TestClock.adjust(`${wait!} millis`)
        yield* Hostile.settle(() => hostile.count(TIME) === n)
        expect([n, hostile.count(TIME)]).toEqual([n, n])
      }
      yield* Fiber.join(fiber)
    }))

  it.scoped("a repeated Retry-After header is read by its first value", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.next(tooMany({ "retry-after": ["2", "7"] }), TIME)
      hostile.next(time, TIME)
      const fiber = yield* Effect.fork(
        Effect.provide(Public.serverTime(), Hostile.client(hostile.url, undefined, slow))
      )
      yield* Hostile.settle(() => hostile.count(TIME) === 1)
      expect(yield* nextWait).toBe(2000)
      yield* TestClock.adjust("2000 millis")
      yield* Fiber.join(fiber)
      expect(hostile.count(TIME)).toBe(2)
    }))

  it.scoped("a Retry-After date already past is no wait; the error keeps 0", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      // TestClock starts at 0: any date after it is ahead, so the epoch itself is "now".
      hostile.next(tooMany({ "retry-after": "Thu, 01 Jan 1970 00:00:00 GMT" }), TIME, 6)
      const error = yield* Effect.flip(Effect.provide(Public.serverTime(), Hostile.client(hostile.url, undefined)))
      expect(error).toMatchObject({ _tag: "RateLimitError", source: "exchange", retryAfterMillis: 0 })
      expect(hostile.count(TIME)).toBe(6)
    }))

  it.scoped("a proxy's 429 that is not the envelope is a RateLimitError with code 429 and the body's excerpt", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.next({ _tag: "Respond", status: 429, body: "<html>  slow\n down </html>" }, TIME, 6)
      const fiber = yield* Effect.fork(
        Effect.flip(Effect.provide(Public.serverTime(), Hostile.client(hostile.url, undefined)))
      )
      const error = yield* Hostile.drive(Fiber.join(fiber))
      expect(error).toMatchObject({
        _tag: "RateLimitError",
        source: "exchange",
        code: "429",
        status: 429,
        msg: "<html> slow down </html>"
      })
      // No wait known: no `retryAfterMillis` key at all, not one holding `undefined`.
      expect("retryAfterMillis" in error).toBe(false)
      expect(hostile.count(TIME)).toBe(6)
    }))

  it.scoped("the exchange's 429 without Retry-After, or with one unreadable: retried, then no retryAfterMillis key", () =>
    Effect.gen(function*() {
      for (const headers of [{}, { "retry-after": "3x" }]) {
        const hostile = yield* Hostile.make()
        hostile.next(tooMany(headers), TIME, 6)
        const fiber = yield* Effect.fork(
          Effect.flip(Effect.provide(Public.serverTime(), Hostile.client(hostile.url, undefined)))
        )
        const error = yield* Hostile.drive(Fiber.join(fiber))
        expect(error).toMatchObject({ _tag: "RateLimitError", source: "exchange", code: "429", status: 429 })
        expect("retryAfterMillis" in error).toBe(false)
        expect(hostile.count(TIME)).toBe(6)
      }
    }))

  // Only a rate limit is waited out on Retry-After: a maintenance 503 may carry the header too, and a
  // POST sent again on it could place an order twice.
  it.scoped("an answer that is not a rate limit is the caller's at once, Retry-After or not: a POST sent once", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      for (
        const [status, code, family] of [[503, "40010", "ServiceUnavailable"], [
          400,
          "43012",
          "InsufficientBalance"
        ]] as const
      ) {
        hostile.next({
          _tag: "Respond",
          status,
          body: `{"code":"${code}","msg":"not now","requestTime":0,"data":null}`,
          headers: { "retry-after": "1" }
        }, FAIL)
        const before = hostile.count(FAIL)
        const error = yield* Effect.flip(
          Effect.provide(Support.fail({ code }), Hostile.client(hostile.url, Hostile.anyCredentials))
        )
        expect(error).toMatchObject({ _tag: family, code, status, endpoint: "test.fail" })
        expect([code, hostile.count(FAIL) - before]).toEqual([code, 1])
      }
    }))

  it.scoped("a GET's transport failures are retried after 100 ms, then 200 ms", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.next({ _tag: "Drop" }, TIME, 2)
      hostile.next(time, TIME)
      const fiber = yield* Effect.fork(
        Effect.provide(Public.serverTime(), Hostile.client(hostile.url, undefined, slow))
      )
      for (const [n, wait] of [[1, 100], [2, 200]] as const) {
        yield* Hostile.settle(() => hostile.count(TIME) === n)
        expect([n, yield* nextWait]).toEqual([n, wait])
        yield* TestClock.adjust(`${wait} millis`)
      }
      yield* Fiber.join(fiber)
      expect(hostile.count(TIME)).toBe(3)
    }))

  it.scoped("a timestamp rejection resyncs the clock once; rejected again, it is the caller's TimestampError", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      const rejected: Hostile.Action = {
        _tag: "Respond",
        status: 400,
        body: "{\"code\":\"40008\",\"msg\":\"Request timestamp expired\",\"requestTime\":0,\"data\":null}"
      }
      hostile.next(rejected, QUERY, 3)
      const error = yield* Effect.flip(Effect.provide(
        Support.query({ probe: "1" }),
        Hostile.client(hostile.url, simulator.credentials)
      ))
      expect(error).toMatchObject({ _tag: "TimestampError", code: "40008", status: 400 })
      expect([hostile.count(QUERY), hostile.count(TIME)]).toEqual([2, 1])
    }).pipe(Effect.provide(Support.simulator())))

  it.scoped("a POST's timestamp rejection resyncs the clock too, then the POST is sent again and answered", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      hostile.next({
        _tag: "Respond",
        status: 400,
        body: "{\"code\":\"40008\",\"msg\":\"Request timestamp expired\",\"requestTime\":0,\"data\":null}"
      }, ECHO)
      const echo = yield* Effect.provide(
        Support.echo({ note: "again" }),
        Hostile.client(hostile.url, simulator.credentials)
      )
      expect(echo.body).toMatchObject({ note: "again" })
      expect([hostile.count(ECHO), hostile.count(TIME)]).toEqual([2, 1])
    }).pipe(Effect.provide(Support.simulator())))

  // Under Effect's own tracer the call makes no span, but its steps run under a stand-in named after it.
  it.scoped("a resync that fails is the call's failure, its trace at bitget.syncClock inside the call's name", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.next({
        _tag: "Respond",
        status: 400,
        body: "{\"code\":\"40008\",\"msg\":\"Request timestamp expired\",\"requestTime\":0,\"data\":null}"
      }, QUERY)
      hostile.next({
        _tag: "Respond",
        status: 400,
        body: "{\"code\":\"40034\",\"msg\":\"nope\",\"requestTime\":0,\"data\":null}"
      }, TIME)
      const exit = yield* Effect.exit(Effect.provide(
        Support.query({ probe: "1" }),
        Hostile.client(hostile.url, Hostile.anyCredentials)
      ))
      expect(Exit.isFailure(exit) && Cause.failureOption(exit.cause)).toMatchObject({
        _tag: "Some",
        value: { _tag: "InvalidParameter", code: "40034", endpoint: "core.public.serverTime" }
      })
      const trace = Exit.isFailure(exit) ? Cause.pretty(exit.cause) : ""
      expect(trace).toMatch(/at bitget\.syncClock \(.*\n\s*at bitget\.test\.query\b/)
      expect([hostile.count(QUERY), hostile.count(TIME)]).toEqual([1, 1])
    }))

  it.scoped("a connection refused is a TransportError marked never sent, for a GET and for a POST", () =>
    Effect.gen(function*() {
      const port = yield* freePort
      const layer = Hostile.client(`http://127.0.0.1:${port}`, Hostile.anyCredentials)
      const get = yield* Hostile.drive(Effect.flip(Effect.provide(Public.serverTime(), layer)))
      expect(get).toMatchObject({ _tag: "TransportError", sent: false, endpoint: "core.public.serverTime" })
      const post = yield* Effect.flip(Effect.provide(Support.echo({ note: "x" }), layer))
      expect(post).toMatchObject({ _tag: "TransportError", sent: false, endpoint: "test.echo" })
    }))

  it.scoped("a connection cut after the request went out is not marked never sent", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      hostile.next({ _tag: "ForwardThenReset" }, ECHO)
      const error = yield* Effect.flip(Effect.provide(
        Support.echo({ note: "x" }),
        Hostile.client(hostile.url, simulator.credentials)
      ))
      expect(error._tag).toBe("TransportError")
      expect(error._tag === "TransportError" && error.sent).toBeUndefined()
    }).pipe(Effect.provide(Support.simulator())))
})

describe("retryAfter", () => {
  it("reads delta seconds (blanks around them allowed) and HTTP dates; nothing else", () => {
    const now = Date.parse("Thu, 01 Jan 2026 00:00:00 GMT")
    expect(retryAfter(undefined, now)).toBeUndefined()
    expect(retryAfter("", now)).toBeUndefined()
    expect(retryAfter("   ", now)).toBeUndefined()
    expect(retryAfter("3", now)).toBe(3000)
    expect(retryAfter(" 2 ", now)).toBe(2000)
    expect(retryAfter("0.25", now)).toBe(250)
    expect(retryAfter("0.0004", now)).toBe(0)
    expect(retryAfter("Thu, 01 Jan 2026 00:00:05 GMT", now)).toBe(5000)
    expect(retryAfter("Wed, 31 Dec 2025 23:59:00 GMT", now)).toBe(0)
    expect(retryAfter("soon", now)).toBeUndefined()
    expect(retryAfter("x3", now)).toBeUndefined()
    // Seconds followed by anything but blanks are no seconds (nor a date).
    for (const text of ["3x", "1.5 s", "0.25ms"]) expect([text, retryAfter(text, now)]).toEqual([text, undefined])
  })
})
