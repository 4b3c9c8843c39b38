/**
 * `BitgetSocket.runForEach` / `runForEachChunk`, the consumer for a busy channel (FINDINGS §23):
 * the same pushes, the same ending and the same release of the subscription as `Stream.runForEach*`,
 * over real loopback sockets to the test server.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { describe, expect, it } from "@effect/vitest"
import * as EffectChannel from "effect/Channel"
import * as Chunk from "effect/Chunk"
import * as Data from "effect/Data"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import * as BitgetSocket from "../src/BitgetSocket.js"
import type * as Channel from "../src/Channel.js"
import * as V2Public from "../src/V2Public.js"
import { eventually, withServer } from "./support/env.js"
import type * as Server from "./support/server.js"

const tickerPush = (instId: string, last: number) => ({
  action: "update",
  arg: { instType: "SPOT", channel: "ticker", instId },
  data: [{ instId, lastPr: String(last), ts: "1695716760565" }],
  ts: 1695716761589
})

const btc = { instType: "SPOT", instId: "BTCUSDT" } as const
const eth = { instType: "SPOT", instId: "ETHUSDT" } as const

const lastOf = (push: Channel.Push<V2Public.TickerRow>) => Decimal.format(push.rows[0]!.lastPr)

const subscribes = (server: Server.Server) =>
  server.log.filter((f) => f.text.includes("\"op\":\"subscribe\"")).flatMap((f) => JSON.parse(f.text).args)

const unsubscribes = (server: Server.Server) =>
  server.log.filter((f) => f.text.includes("\"op\":\"unsubscribe\"")).flatMap((f) => JSON.parse(f.text).args)

class Refused extends Data.TaggedError("Refused")<{ readonly last: string }> {}

/**
 * ETHUSDT's ticker kept open (so BTCUSDT's end is an unsubscribe on the wire, not a closed socket)
 * while `body` runs; `body` subscribes BTCUSDT once, nothing else.
 */
const withKeeper = <A, E>(body: (server: Server.Server) => Effect.Effect<A, E, BitgetSocket.BitgetSocket>) =>
  withServer({}, {}, (server) =>
    Effect.gen(function*() {
      const keep = yield* Effect.fork(Stream.runDrain(V2Public.ticker(eth)))
      yield* eventually(() => subscribes(server).length === 1, "ETHUSDT subscribed")
      const result = yield* body(server)
      yield* Fiber.interrupt(keep)
      expect(subscribes(server).length).toBe(2)
      return result
    }))

describe("BitgetSocket.runForEach / runForEachChunk", () => {
  it.live("every push arrives once and in order, as Stream.runCollect and Stream.runForEachChunk see them", () =>
    withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const count = 300
        const ticker = Stream.take(V2Public.ticker(btc), count)
        const byChunk: Array<string> = []
        const byChunkEffect: Array<string> = []
        const byElement: Array<string> = []
        const byStream: Array<string> = []
        const consumers = yield* Effect.forkAll([
          // Synchronous work, nothing returned: the fast path.
          BitgetSocket.runForEachChunk(ticker, (pushes) => {
            for (const push of pushes) byChunk.push(lastOf(push))
          }),
          // An Effect per chunk, run before the next pull (pipeable form).
          ticker.pipe(BitgetSocket.runForEachChunk((pushes) =>
            Effect.sync(() => {
              for (const push of pushes) byChunkEffect.push(lastOf(push))
            })
          )),
          // Every other element's work as an Effect: the walk through a chunk resumes after it.
          BitgetSocket.runForEach(ticker, (push) => {
            const last = lastOf(push)
            if (Number(last) % 2 === 0) return Effect.sync(() => byElement.push(last))
            byElement.push(last)
          }),
          Stream.runForEachChunk(ticker, (pushes) =>
            Effect.sync(() => {
              for (const push of pushes) byStream.push(lastOf(push))
            }))
        ])
        const collected = yield* Effect.fork(Stream.runCollect(ticker))
        yield* eventually(() => subscribes(server).length === 1, "subscribe")
        yield* Effect.sleep("50 millis")
        // Bursts, so that reads bring several pushes (one chunk) as well as one.
        for (let sent = 1; sent <= count;) {
          const burst = sent % 7
          for (let i = 0; i <= burst && sent <= count; i++) {
            server.broadcast("/v2/ws/public", tickerPush("BTCUSDT", sent++))
          }
          yield* Effect.sleep("1 millis")
        }
        yield* Fiber.join(consumers)
        const expected = Array.from({ length: count }, (_, i) => String(i + 1))
        expect(Chunk.toReadonlyArray(yield* Fiber.join(collected)).map(lastOf)).toEqual(expected)
        expect(byStream).toEqual(expected)
        expect(byChunk).toEqual(expected)
        expect(byChunkEffect).toEqual(expected)
        expect(byElement).toEqual(expected)
      })))

  it.live("a refused subscription fails the consumer with the Stream's own tagged error", () =>
    withServer({ unknownSymbol: "NOPEUSDT" }, {}, () =>
      Effect.gen(function*() {
        const refused = V2Public.ticker({ instType: "SPOT", instId: "NOPEUSDT" })
        const seen: Array<unknown> = []
        const byChunk = yield* Effect.flip(BitgetSocket.runForEachChunk(refused, (pushes) => {
          seen.push(...pushes)
        }))
        const byElement = yield* Effect.flip(
          BitgetSocket.runForEach(refused, (push) => Effect.sync(() => seen.push(push)))
        )
        for (const error of [byChunk, byElement]) {
          expect(error._tag).toBe("SubscriptionRefused")
          if (error._tag === "SubscriptionRefused") {
            expect(error.code).toBe("30001")
            expect(error.arg.instId).toBe("NOPEUSDT")
          }
        }
        expect(seen).toEqual([])
      })))

  it.live("a pure Stream's failure fails it with the same error, after the elements before it", () =>
    Effect.gen(function*() {
      const failure = new Refused({ last: "stream" })
      const stream = Stream.concat(Stream.make(1, 2), Stream.fail(failure))
      const seen: Array<number> = []
      const byElement = yield* Effect.flip(BitgetSocket.runForEach(stream, (n) => {
        seen.push(n)
      }))
      const byChunk = yield* Effect.flip(BitgetSocket.runForEachChunk(stream, (chunk) => {
        seen.push(...chunk)
      }))
      expect(byElement).toBe(failure)
      expect(byChunk).toBe(failure)
      expect(seen).toEqual([1, 2, 1, 2])
    }))

  it.live("a callback's failing Effect fails the consumer with its error and unsubscribes", () =>
    withKeeper((server) =>
      Effect.gen(function*() {
        const socket = yield* BitgetSocket.BitgetSocket
        const seen: Array<string> = []
        const byElement = yield* Effect.fork(Effect.flip(BitgetSocket.runForEach(V2Public.ticker(btc), (push) => {
          const last = lastOf(push)
          seen.push(last)
          return last === "2" ? Effect.fail(new Refused({ last })) : Effect.void
        })))
        yield* eventually(() => subscribes(server).length === 2, "BTCUSDT subscribed")
        expect((yield* socket.stats).subscriptions).toBe(2)
        yield* Effect.sleep("30 millis")
        for (let last = 1; last <= 4; last++) server.broadcast("/v2/ws/public", tickerPush("BTCUSDT", last))
        const error = yield* Fiber.join(byElement).pipe(Effect.timeout("3 seconds"))
        expect(error).toEqual(new Refused({ last: "2" }))
        // Nothing after the failing element's Effect: the run stopped there.
        expect(seen).toEqual(["1", "2"])
        yield* eventually(() => unsubscribes(server).length === 1, "unsubscribe")
        expect(unsubscribes(server)).toEqual([{ instType: "SPOT", channel: "ticker", instId: "BTCUSDT" }])
        expect((yield* socket.stats).subscriptions).toBe(1)
        expect(server.open().length).toBe(1)
      })
    ))

  it.live("a chunk callback's failing Effect fails the consumer and unsubscribes", () =>
    withKeeper((server) =>
      Effect.gen(function*() {
        const socket = yield* BitgetSocket.BitgetSocket
        const failure = new Refused({ last: "chunk" })
        const byChunk = yield* Effect.fork(
          Effect.flip(BitgetSocket.runForEachChunk(V2Public.ticker(btc), () => Effect.fail(failure)))
        )
        yield* eventually(() => subscribes(server).length === 2, "BTCUSDT subscribed")
        yield* Effect.sleep("30 millis")
        server.broadcast("/v2/ws/public", tickerPush("BTCUSDT", 1))
        expect(yield* Fiber.join(byChunk).pipe(Effect.timeout("3 seconds"))).toBe(failure)
        yield* eventually(() => unsubscribes(server).length === 1, "unsubscribe")
        expect((yield* socket.stats).subscriptions).toBe(1)
      })
    ))

  it.live("interrupting the consumer while it waits for a push unsubscribes", () =>
    withKeeper((server) =>
      Effect.gen(function*() {
        const socket = yield* BitgetSocket.BitgetSocket
        const first = yield* Deferred.make<void>()
        const fiber = yield* Effect.fork(BitgetSocket.runForEachChunk(V2Public.ticker(btc), () => {
          Deferred.unsafeDone(first, Effect.void)
        }))
        yield* eventually(() => subscribes(server).length === 2, "BTCUSDT subscribed")
        yield* Effect.sleep("30 millis")
        server.broadcast("/v2/ws/public", tickerPush("BTCUSDT", 1))
        yield* Deferred.await(first)
        expect(unsubscribes(server)).toEqual([])
        yield* Fiber.interrupt(fiber)
        yield* eventually(() => unsubscribes(server).length === 1, "unsubscribe")
        expect(unsubscribes(server)).toEqual([{ instType: "SPOT", channel: "ticker", instId: "BTCUSDT" }])
        expect((yield* socket.stats).subscriptions).toBe(1)
      })
    ))

  it.live("interrupting the consumer inside the callback's Effect unsubscribes", () =>
    withKeeper((server) =>
      Effect.gen(function*() {
        const socket = yield* BitgetSocket.BitgetSocket
        const inside = yield* Deferred.make<void>()
        const fiber = yield* Effect.fork(BitgetSocket.runForEach(
          V2Public.ticker(btc),
          () => Effect.zipRight(Deferred.succeed(inside, undefined), Effect.never)
        ))
        yield* eventually(() => subscribes(server).length === 2, "BTCUSDT subscribed")
        yield* Effect.sleep("30 millis")
        server.broadcast("/v2/ws/public", tickerPush("BTCUSDT", 1))
        yield* Deferred.await(inside)
        yield* Fiber.interrupt(fiber)
        yield* eventually(() => unsubscribes(server).length === 1, "unsubscribe")
        expect((yield* socket.stats).subscriptions).toBe(1)
      })
    ))

  it.effect("an empty chunk does not end it: only the Stream's end does", () =>
    Effect.gen(function*() {
      const seen: Array<number> = []
      yield* BitgetSocket.runForEachChunk(Stream.fromChunks(Chunk.empty(), Chunk.make(1)), (chunk) => {
        seen.push(...chunk)
      })
      yield* BitgetSocket.runForEach(Stream.fromChunks(Chunk.empty(), Chunk.make(2)), (n) => {
        seen.push(n)
      })
      expect(seen).toEqual([1, 2])
      // A Stream that does emit empty chunks (Stream.fromChunks drops them): each is handed on, as
      // Stream.runForEachChunk hands it, and reading goes on after it.
      const gappy = Stream.fromChannel(
        EffectChannel.writeAll(Chunk.empty<number>(), Chunk.make(3), Chunk.empty<number>(), Chunk.make(4, 5))
      )
      const expected: Array<ReadonlyArray<number>> = []
      yield* Stream.runForEachChunk(gappy, (chunk) => Effect.sync(() => expected.push(Chunk.toReadonlyArray(chunk))))
      expect(expected).toEqual([[], [3], [], [4, 5]])
      const chunks: Array<ReadonlyArray<number>> = []
      yield* BitgetSocket.runForEachChunk(gappy, (chunk) => {
        chunks.push(Chunk.toReadonlyArray(chunk))
      })
      expect(chunks).toEqual(expected)
      const elements: Array<number> = []
      yield* BitgetSocket.runForEach(gappy, (n) => Effect.sync(() => elements.push(n)))
      expect(elements).toEqual([3, 4, 5])
    }))
})
