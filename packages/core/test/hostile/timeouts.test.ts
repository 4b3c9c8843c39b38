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
})
