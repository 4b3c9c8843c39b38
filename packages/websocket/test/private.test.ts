import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"
import { BitgetSocket } from "../src/BitgetSocket.js"
import * as V2Private from "../src/V2Private.js"
import * as V2Public from "../src/V2Public.js"
import * as V3Private from "../src/V3Private.js"
import { eventually, withServer } from "./support/env.js"

const texts = (server: { log: ReadonlyArray<{ text: string }> }) => server.log.map((f) => f.text)

describe("BitgetSocket: login and connection rules", () => {
  it.live("logs in (seconds, HMAC over GET /user/verify) and subscribes only after the answer", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.fork(Stream.runDrain(V2Private.spotOrders({})))
        yield* eventually(() => texts(server).some((t) => t.includes("subscribe")))
        const [login, subscribe] = texts(server)
        const frame = JSON.parse(login!)
        expect(frame.op).toBe("login")
        expect(frame.args[0].timestamp).toMatch(/^\d{10}$/)
        expect(JSON.parse(subscribe!)).toEqual({
          op: "subscribe",
          args: [{ instType: "SPOT", channel: "orders", instId: "default" }]
        })
        // The server verified the signature and acked the private subscription (no 30004).
        expect(server.clients[0]!.loggedIn).toBe(true)
        yield* Fiber.interrupt(fiber)
      })))

  it.effect("the default heartbeat: the text ping at 25 s on the clock (TestClock), not before", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        // Real time for the socket's own I/O; the library's timers run on the TestClock.
        const settle = (check: () => boolean) =>
          Effect.promise(async () => {
            for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
          })
        const fiber = yield* Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" })))
        yield* settle(() => texts(server).some((t) => t.includes("subscribe")))
        expect(texts(server).some((t) => t.includes("subscribe"))).toBe(true)
        yield* TestClock.adjust("24 seconds")
        yield* Effect.promise(() => new Promise((r) => setTimeout(r, 50)))
        expect(texts(server).filter((t) => t === "ping").length).toBe(0)
        yield* TestClock.adjust("1 second")
        yield* settle(() => texts(server).includes("ping"))
        expect(texts(server).filter((t) => t === "ping").length).toBe(1)
        yield* Fiber.interrupt(fiber)
      })))

  it.live("never logs in on a public socket", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" })))
        yield* eventually(() => texts(server).length > 0)
        expect(texts(server).some((t) => t.includes("login"))).toBe(false)
        yield* Fiber.interrupt(fiber)
      })))

  it.live("a refused login fails the Streams with the code and is never retried", () =>
    withServer({ refuseLogin: 30012 }, {}, (server) =>
      Effect.gen(function*() {
        const error = yield* Stream.runDrain(V3Private.order({})).pipe(Effect.flip)
        expect(error._tag).toBe("SocketAuthenticationError")
        if (error._tag === "SocketAuthenticationError") expect(error.code).toBe("30012")
        yield* Effect.sleep("150 millis")
        expect(server.connections).toBe(1)
        expect(texts(server).some((t) => t.includes("subscribe"))).toBe(false)
      })))

  it.live("a private channel without credentials fails at once, nothing sent", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const error = yield* Stream.runDrain(V2Private.spotAccount({})).pipe(Effect.flip)
        expect(error._tag).toBe("SocketAuthenticationError")
        expect(server.connections).toBe(0)
      }), false))

  it.live("the 30033 maintenance notice moves to a new socket, logged in and resubscribed", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.fork(Stream.runDrain(V2Private.spotOrders({})))
        yield* eventually(() => texts(server).filter((t) => t.includes("subscribe")).length === 1)
        server.broadcast("/v2/ws/private", { event: "error", code: 30033, msg: "service upgrade" })
        yield* eventually(() => texts(server).filter((t) => t.includes("subscribe")).length === 2, "resubscribed")
        expect(server.connections).toBe(2)
        expect(texts(server).filter((t) => t.includes("login")).length).toBe(2)
        yield* Fiber.interrupt(fiber)
      })))

  it.live("sockets are replaced ahead of their maximum age (Bitget closes at 24 h)", () =>
    withServer({}, { maxAge: "150 millis" }, (server) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" })))
        yield* eventually(() => texts(server).filter((t) => t.includes("subscribe")).length >= 3, "two rotations")
        expect(server.connections).toBeGreaterThanOrEqual(3)
        yield* Fiber.interrupt(fiber)
      })))

  it.live("past the hourly subscribe budget a new channel goes to another connection", () =>
    withServer({}, { subscribesPerHour: 2 }, (server) =>
      Effect.gen(function*() {
        const fibers: Array<Fiber.RuntimeFiber<unknown, unknown>> = []
        for (const s of ["A", "B", "C"]) {
          fibers.push(yield* Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: `${s}USDT` }))))
          yield* eventually(() => texts(server).filter((t) => t.includes(`${s}USDT`)).length === 1)
        }
        expect(server.connections).toBe(2)
        yield* Effect.forEach(fibers, Fiber.interrupt)
      })))

  it.live("reconnects never exceed the connection-attempt budget", () =>
    withServer(
      { dropOnConnect: true },
      { connectionAttempts: 3, backoffBase: "1 millis", backoffCap: "5 millis" },
      (server) =>
        Effect.gen(function*() {
          const socket = yield* BitgetSocket
          const fiber = yield* Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" })))
          yield* eventually(() => server.connections === 3)
          yield* Effect.sleep("200 millis")
          expect(server.connections).toBe(3)
          expect((yield* socket.stats).attempts).toBe(3)
          yield* Fiber.interrupt(fiber)
        })
    ))
})
