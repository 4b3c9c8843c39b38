import * as Decimal from "@effect-bitget/core/Decimal"
import { describe, expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import { BitgetSocket } from "../src/BitgetSocket.js"
import * as V2Public from "../src/V2Public.js"
import * as V3Public from "../src/V3Public.js"
import { eventually, withServer } from "./support/env.js"
import type * as Server from "./support/server.js"

const tickerPush = (instId: string, last: string) => ({
  action: "snapshot",
  arg: { instType: "SPOT", channel: "ticker", instId },
  data: [{ instId, lastPr: last, ts: "1695716760565" }],
  ts: 1695716761589
})

const subscribes = (server: Server.Server) => server.log.filter((f) => f.text.includes("\"op\":\"subscribe\""))

/** Every subscribe arg sent, in order. */
const subscribed = (server: Server.Server) => subscribes(server).flatMap((f) => JSON.parse(f.text).args)

describe("BitgetSocket", () => {
  it.live("subscribes, decodes pushes, shares one subscription, unsubscribes and closes at the end", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const socket = yield* BitgetSocket
        const first = yield* Effect.fork(
          Stream.runCollect(Stream.take(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" }), 2))
        )
        const second = yield* Effect.fork(
          Stream.runCollect(Stream.take(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" }), 2))
        )
        yield* eventually(() => server.log.some((f) => f.text.includes("subscribe")), "subscribe")
        yield* Effect.sleep("30 millis")
        server.broadcast("/v2/ws/public", tickerPush("BTCUSDT", "27000.5"))
        server.broadcast("/v2/ws/public", tickerPush("BTCUSDT", "27001.0"))
        const a = Chunk.toReadonlyArray(yield* Fiber.join(first))
        const b = Chunk.toReadonlyArray(yield* Fiber.join(second))
        expect(a.map((p) => Decimal.format(p.rows[0]!.lastPr))).toEqual(["27000.5", "27001.0"])
        expect(b.length).toBe(2)
        // Two Streams, one connection, one subscribe arg.
        expect(server.connections).toBe(1)
        expect(subscribes(server).length).toBe(1)
        expect(JSON.parse(subscribes(server)[0]!.text)).toEqual({
          op: "subscribe",
          args: [{ instType: "SPOT", channel: "ticker", instId: "BTCUSDT" }]
        })
        // Both ended: the last one closed the connection (no unsubscribe needed on a closing socket).
        yield* eventually(() => server.open().length === 0, "connection closed")
        expect((yield* socket.stats).connections).toBe(0)
      })))

  it.live("a Stream's end unsubscribes while another channel keeps the connection", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const keep = yield* Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "ETHUSDT" })))
        const short = yield* Effect.fork(Stream.runHead(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" })))
        yield* eventually(() =>
          subscribes(server).length >= 2 || subscribes(server).some((f) => f.text.includes("BTC"))
        )
        yield* Effect.sleep("30 millis")
        server.broadcast("/v2/ws/public", tickerPush("BTCUSDT", "1"))
        yield* Fiber.join(short)
        yield* eventually(() => server.log.some((f) => f.text.includes("\"op\":\"unsubscribe\"")), "unsubscribe")
        const unsub = JSON.parse(server.log.find((f) => f.text.includes("unsubscribe"))!.text)
        expect(unsub.args).toEqual([{ instType: "SPOT", channel: "ticker", instId: "BTCUSDT" }])
        expect(server.open().length).toBe(1)
        yield* Fiber.interrupt(keep)
        yield* eventually(() => server.open().length === 0, "closed after the last Stream")
      })))

  it.live("a refused subscription fails its Stream with the code", () =>
    withServer({ unknownSymbol: "NOPEUSDT" }, {}, () =>
      Effect.gen(function*() {
        const error = yield* Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "NOPEUSDT" })).pipe(
          Effect.flip
        )
        expect(error._tag).toBe("SubscriptionRefused")
        if (error._tag === "SubscriptionRefused") expect(error.code).toBe("30001")
      })))

  it.live("V3 refusals carry no arg: the oldest unanswered subscribe is the one refused; other codes refuse none", () =>
    withServer({ unknownSymbol: "NOPEUSDT" }, {}, (server) =>
      Effect.gen(function*() {
        const good = yield* Effect.fork(Stream.runHead(V3Public.ticker({ instType: "spot", symbol: "BTCUSDT" })))
        yield* eventually(() => subscribed(server).length === 1)
        yield* Effect.sleep("20 millis")
        // A message-limit warning without arg is not a refusal of anything.
        server.broadcast("/v3/ws/public", { event: "error", code: 30006, msg: "too many requests" })
        const error = yield* Stream.runDrain(V3Public.ticker({ instType: "spot", symbol: "NOPEUSDT" })).pipe(
          Effect.flip
        )
        expect(error._tag).toBe("SubscriptionRefused")
        if (error._tag === "SubscriptionRefused") expect(error.arg.symbol).toBe("NOPEUSDT")
        server.broadcast("/v3/ws/public", {
          action: "snapshot",
          arg: { instType: "spot", topic: "ticker", symbol: "BTCUSDT" },
          data: [{ symbol: "BTCUSDT", lastPrice: "1.5" }],
          ts: 1
        })
        const push = yield* Fiber.join(good)
        expect(push._tag).toBe("Some")
      })))

  it.live("a push that does not decode fails its Stream (MalformedPush) and is unsubscribed", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const keep = yield* Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "ETHUSDT" })))
        const fiber = yield* Effect.fork(
          Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" })).pipe(Effect.flip)
        )
        yield* eventually(() => subscribed(server).length === 2)
        yield* Effect.sleep("20 millis")
        server.broadcast("/v2/ws/public", tickerPush("BTCUSDT", "not-a-number"))
        const error = yield* Fiber.join(fiber)
        expect(error._tag).toBe("MalformedPush")
        expect(error.message).toContain("lastPr")
        yield* eventually(() => server.log.some((f) => f.text.includes("\"op\":\"unsubscribe\"")), "unsubscribe")
        yield* Fiber.interrupt(keep)
      })))

  it.live("a bad selector is refused locally, nothing sent", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const error = yield* Stream.runDrain(V2Public.ticker({ instType: "spot" as any, instId: "BTCUSDT" })).pipe(
          Effect.flip
        )
        expect(error._tag).toBe("InvalidRequest")
        expect(error.message).toContain("instType")
        expect(server.connections).toBe(0)
      })))

  it.live("reconnects after a drop and resubscribes, with backoff between failed attempts", () =>
    withServer({}, { stableAfter: "10 seconds" }, (server) =>
      Effect.gen(function*() {
        const fiber = yield* Effect.fork(
          Stream.runCollect(Stream.take(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" }), 1))
        )
        yield* eventually(() => subscribes(server).length === 1)
        server.dropAll()
        yield* eventually(() => subscribes(server).length === 2, "resubscribed")
        server.dropAll()
        yield* eventually(() => subscribes(server).length === 3, "resubscribed again")
        expect(server.connections).toBe(3)
        const opens = server.log.filter((f) => f.text.includes("subscribe")).map((f) => f.at)
        // The second reconnect waited longer than the first (doubling, jittered from 20 ms).
        expect(opens[2]! - opens[1]!).toBeGreaterThanOrEqual(15)
        server.broadcast("/v2/ws/public", tickerPush("BTCUSDT", "2"))
        const pushes = yield* Fiber.join(fiber)
        expect(Chunk.size(pushes)).toBe(1)
      })))

  it.live("a missing pong replaces the socket; pings go as text", () =>
    withServer(
      { stallPong: true },
      { pingInterval: "40 millis", pongTimeout: "40 millis" },
      (server) =>
        Effect.gen(function*() {
          const fiber = yield* Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" })))
          yield* eventually(() => server.connections >= 2, "a second connection")
          expect(server.log.some((f) => f.text === "ping")).toBe(true)
          yield* Fiber.interrupt(fiber)
        })
    ))

  it.live(
    "client messages stay under the per-second limit",
    () =>
      withServer({}, { messagesPerSecond: 3 }, (server) =>
        Effect.gen(function*() {
          const first = yield* Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "AUSDT" })))
          yield* eventually(() => subscribes(server).length === 1, "first subscribe")
          const fibers = yield* Effect.forEach(
            ["B", "C", "D", "E"],
            (s) => Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: `${s}USDT` })))
          )
          fibers.push(first)
          yield* eventually(() => subscribes(server).length === 5, "five subscribes", 4000)
          const times = subscribes(server).map((f) => f.at)
          // The 4th message waited for the first second's window to pass.
          expect(times[3]! - times[0]!).toBeGreaterThanOrEqual(900)
          yield* Effect.forEach(fibers, Fiber.interrupt)
        })),
    10_000
  )

  it.live("channels spread over connections past maxChannels", () =>
    withServer({}, { maxChannels: 2 }, (server) =>
      Effect.gen(function*() {
        const socket = yield* BitgetSocket
        const fibers = yield* Effect.forEach(
          ["A", "B", "C"],
          (s) => Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: `${s}USDT` })))
        )
        yield* eventually(() => subscribed(server).length === 3)
        expect(server.connections).toBe(2)
        expect((yield* socket.stats).connections).toBe(2)
        yield* Effect.forEach(fibers, Fiber.interrupt)
        yield* eventually(() => server.open().length === 0)
      })))
})
