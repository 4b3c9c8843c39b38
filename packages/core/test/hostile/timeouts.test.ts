/**
 * Every call is bounded in time: a server that accepts and never answers, or stalls mid-body,
 * fails the call with a `TransportError` that says it timed out. A GET is retried; a POST is
 * not sent again (its fate is unknown). `withTimeout` sets one call's own bound.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Client from "@effect-bitget/core/BitgetClient"
import * as Public from "@effect-bitget/core/Public"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"
import * as Support from "../support.js"
import * as Hostile from "./Hostile.js"

const TIME = "GET /api/v2/public/time"
const ECHO = "POST /api/v2/test/echo"

const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials))
  return { hostile, via }
})

describe("timeouts (hostile server, TestClock)", () => {
  for (
    const [fault, action] of [
      ["never answers", { _tag: "Hang" }],
      ["stalls mid-body", { _tag: "Stall", partial: "{\"code\":\"00000\",\"data\":{\"serverTi" }]
    ] as const
  ) {
    it.scoped(`a GET to a server that ${fault} times out after the config's timeout and is retried twice`, () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        hostile.next(action, TIME, 3)
        const error = yield* Hostile.drive(Effect.flip(via(Public.serverTime())))
        expect(error).toMatchObject({ _tag: "TransportError", timedOut: true, endpoint: "core.public.serverTime" })
        expect(error.message).toContain("timed out")
        expect(error.message).toContain("5s")
        expect(hostile.count(TIME)).toBe(3)
      }).pipe(Effect.provide(Support.simulator())))

    it.scoped(`a POST to a server that ${fault} times out and is not sent again`, () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        hostile.next(action, ECHO)
        const fiber = yield* Effect.fork(Effect.flip(via(Support.echo({ note: "once" }))))
        yield* Hostile.settle(() => hostile.count(ECHO) === 1)
        yield* TestClock.adjust("4999 millis")
        expect((yield* Fiber.poll(fiber))._tag).toBe("None")
        yield* TestClock.adjust("2 millis")
        const error = yield* Fiber.join(fiber)
        expect(error).toMatchObject({ _tag: "TransportError", timedOut: true })
        expect(hostile.count(ECHO)).toBe(1)
      }).pipe(Effect.provide(Support.simulator())))
  }

  it.scoped("a GET that timed out once succeeds on its retry", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      hostile.next({ _tag: "Hang" }, TIME)
      const time = yield* Hostile.drive(via(Public.serverTime()))
      expect(time.serverTime).toBeDefined()
      expect(hostile.count(TIME)).toBe(2)
    }).pipe(Effect.provide(Support.simulator())))

  it.scoped("withTimeout bounds one call by its own duration; the next call has the config's again", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      hostile.next({ _tag: "Hang" }, ECHO, 2)
      const short = yield* Effect.fork(
        Effect.flip(via(Support.echo({ note: "short" }).pipe(Client.withTimeout("1 second"))))
      )
      yield* Hostile.settle(() => hostile.count(ECHO) === 1)
      yield* TestClock.adjust("999 millis")
      expect((yield* Fiber.poll(short))._tag).toBe("None")
      yield* TestClock.adjust("2 millis")
      expect(yield* Fiber.join(short)).toMatchObject({ _tag: "TransportError", timedOut: true })
      expect((yield* Fiber.join(short)).message).toContain("1s")

      const usual = yield* Effect.fork(Effect.flip(via(Support.echo({ note: "usual" }))))
      yield* Hostile.settle(() => hostile.count(ECHO) === 2)
      yield* TestClock.adjust("1001 millis")
      expect((yield* Fiber.poll(usual))._tag).toBe("None")
      yield* TestClock.adjust("4000 millis")
      expect(yield* Fiber.join(usual)).toMatchObject({ _tag: "TransportError", timedOut: true })
    }).pipe(Effect.provide(Support.simulator())))

  it.scoped("the timeout comes from BitgetConfig (timeout option)", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      hostile.next({ _tag: "Hang" }, ECHO)
      const fiber = yield* Effect.fork(Effect.flip(Effect.provide(
        Support.echo({ note: "x" }),
        Hostile.client(hostile.url, simulator.credentials, { timeout: "200 millis" })
      )))
      yield* Hostile.settle(() => hostile.count(ECHO) === 1)
      yield* TestClock.adjust("201 millis")
      expect(yield* Fiber.join(fiber)).toMatchObject({ _tag: "TransportError", timedOut: true })
    }).pipe(Effect.provide(Support.simulator())))

  // A program's own clock (TestClock here) decides when a call times out, whatever the duration: a
  // minute of it passes at once, not a minute of real time.
  it.scoped("under a program's clock a long timeout is that clock's: 60 s of TestClock end the call at once", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.next({ _tag: "Hang" }, ECHO)
      const layer = Hostile.client(hostile.url, Hostile.anyCredentials, { timeout: "60 seconds" })
      const fiber = yield* Effect.fork(Effect.flip(Effect.provide(Support.echo({ note: "x" }), layer)))
      yield* Hostile.settle(() => hostile.count(ECHO) === 1)
      yield* TestClock.adjust("59999 millis")
      expect((yield* Fiber.poll(fiber))._tag).toBe("None")
      yield* TestClock.adjust("2 millis")
      // Ended within a second of real time (the transport's own real-time deadline would take a minute).
      yield* Hostile.settle(() => Effect.runSync(Fiber.poll(fiber))._tag === "Some")
      const error = yield* Fiber.poll(fiber)
      expect(error._tag === "Some" && error.value._tag === "Success" && error.value.value).toMatchObject({
        _tag: "TransportError",
        timedOut: true,
        endpoint: "test.echo"
      })
      expect(hostile.count(ECHO)).toBe(1)
    }))
})

describe("timeouts under Effect's own clock (hostile server, real time)", () => {
  // There the transport keeps the deadline (one native timer): the config's, or withTimeout's.
  it.scopedLive("a POST to a server that never answers fails after the config's timeout, then withTimeout's; sent once each", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.next({ _tag: "Hang" }, ECHO, 2)
      const layer = Hostile.client(hostile.url, Hostile.anyCredentials, { timeout: "300 millis" })
      for (const [own, millis] of [[undefined, 300], ["150 millis", 150]] as const) {
        const started = Date.now()
        const call = Support.echo({ note: "x" })
        // Bounded here too, so a call with no deadline fails the test in 3 s rather than hanging it.
        const bounded = Effect.provide(own === undefined ? call : call.pipe(Client.withTimeout(own)), layer).pipe(
          Effect.timeout("3 seconds")
        )
        const error = yield* Effect.flip(bounded)
        const took = Date.now() - started
        expect([millis, error]).toMatchObject([millis, {
          _tag: "TransportError",
          timedOut: true,
          endpoint: "test.echo"
        }])
        expect(error.message).toContain(`${millis}ms`)
        expect([millis, took >= millis - 10, took < 5_000]).toEqual([millis, true, true])
      }
      expect(hostile.count(ECHO)).toBe(2)
    }))
})
