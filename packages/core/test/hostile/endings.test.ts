/**
 * A POST whose connection ends after the request was sent, in each way it can end: its fate is
 * unknown (`TransportError` with `sent` not `false`), it is not sent again, and the way it ended
 * is really different on the wire (a reset is `ECONNRESET`, a close is not).
 */
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"
import * as Support from "../support.js"
import { codes, endings } from "./endings.js"
import * as Hostile from "./Hostile.js"

const ECHO = "POST /api/v2/test/echo"

describe("a POST's connection ends after it was sent (hostile server in front of the simulator, TestClock)", () => {
  for (const ending of endings) {
    it.scoped(`${ending.name}: fate unknown (TransportError, not 'never sent'), sent once`, () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const hostile = yield* Hostile.make({ upstream: simulator.url })
        hostile.next(ending.action, ECHO)
        const fiber = yield* Effect.fork(
          Effect.flip(Support.echo({ note: "once" })).pipe(
            Effect.provide(Hostile.client(hostile.url, simulator.credentials))
          )
        )
        yield* Hostile.settle(() => hostile.arrivals(ECHO).length === 1)
        if (ending.timesOut) yield* TestClock.adjust("5001 millis")
        const error = yield* Fiber.join(fiber)
        expect(error._tag).toBe("TransportError")
        if (error._tag !== "TransportError") return
        expect(error.sent).not.toBe(false)
        // The exchange executed it once; the client did not send it again.
        expect(hostile.arrivals(ECHO).map((arrival) => JSON.parse(arrival.body).code)).toEqual(["00000"])
        expect(hostile.count(ECHO)).toBe(1)
        expect(simulator.traffic.count(ECHO)).toBe(1)
        const seen = codes(error.cause)
        if (ending.action._tag === "ForwardThenReset") expect(seen).toContain("ECONNRESET")
        else expect(seen).not.toContain("ECONNRESET")
        if (ending.timesOut) expect(error.reason).toMatch(/timed out|timeout/i)
      }).pipe(Effect.provide(Support.simulator())))
  }
})
