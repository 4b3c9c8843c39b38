/**
 * A subscriber's inbox and its Stream (`internal/inbox.ts`): everything offered since the last read
 * goes out in one chunk; a failure comes after the events offered before it, and nothing offered
 * after it is seen; `select` shapes each drain (an empty result emits nothing); the Stream attaches
 * once when run and detaches however it ends (its end, a failure, an interruption while waiting).
 * `BitgetSocket.runForEachChunk` reads such a Stream's inbox directly (no channel step a chunk):
 * the same chunks, failure and detach as running the Stream.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"
import * as BitgetSocket from "../src/BitgetSocket.js"
import * as Inbox from "../src/internal/inbox.js"

/** A Stream over an inbox handed to `use` once attached, recording attach/detach. */
const harness = <B = number>(
  select: (items: Array<number>) => Effect.Effect<Chunk.Chunk<B>, string> = (items) =>
    Effect.succeed(Chunk.unsafeFromArray(items) as unknown as Chunk.Chunk<B>)
) => {
  const log: Array<string> = []
  let inbox: Inbox.Inbox<number, string> | undefined
  const stream = Inbox.stream<number, string, string, B, string>(
    (attached) =>
      Effect.sync(() => {
        inbox = attached
        log.push("attach")
        return "key"
      }),
    (_, key) => Effect.sync(() => log.push(`detach ${key}`)),
    select
  )
  return { log, stream, inbox: () => inbox! }
}

describe("Inbox", () => {
  // The same drains read by the Stream and by the direct consumer (through `unwrap`, as a channel's
  // Stream is built by `Channel.selecting`): the same chunks, failure and detach.
  const consumers: ReadonlyArray<
    readonly [
      string,
      (stream: Stream.Stream<number, string>, seen: (chunk: Chunk.Chunk<number>) => void) => Effect.Effect<void, string>
    ]
  > = [
    [
      "Stream.runForEachChunk",
      (stream, seen) => Stream.runForEachChunk(stream, (chunk) => Effect.sync(() => seen(chunk)))
    ],
    [
      "BitgetSocket.runForEachChunk, direct",
      (stream, seen) => BitgetSocket.runForEachChunk(Inbox.unwrap(Effect.succeed(stream)), seen)
    ]
  ]
  for (const [name, consume] of consumers) {
    it.effect(`one chunk per drain, select's empty ones skipped, then the failure; nothing after it (${name})`, () =>
      Effect.gen(function*() {
        const { inbox, log, stream } = harness((items) =>
          Effect.succeed(Chunk.unsafeFromArray(items.filter((n) => n > 0)))
        )
        const chunks: Array<ReadonlyArray<number>> = []
        const fiber = yield* consume(stream, (chunk) => {
          chunks.push([...chunk])
        }).pipe(Effect.either, Effect.fork)
        yield* TestClock.adjust(1)
        inbox().offer(1)
        inbox().offer(2)
        yield* TestClock.adjust(1)
        inbox().offer(-1)
        yield* TestClock.adjust(1)
        inbox().offer(3)
        inbox().fail("refused")
        inbox().offer(4)
        const result = yield* Fiber.join(fiber)
        expect(chunks).toEqual([[1, 2], [3]])
        expect(result).toEqual(Either.left("refused"))
        expect(log).toEqual(["attach", "detach key"])
      }))
  }

  it.effect("select shapes each drain; an empty chunk emits nothing", () =>
    Effect.gen(function*() {
      const { inbox, stream } = harness((items) =>
        Effect.succeed(Chunk.unsafeFromArray(items.filter((n) => n % 2 === 0).map((n) => `even ${n}`)))
      )
      const fiber = yield* Stream.runCollect(Stream.take(stream, 2)).pipe(Effect.fork)
      yield* TestClock.adjust(1)
      inbox().offer(1)
      yield* TestClock.adjust(1)
      inbox().offer(3)
      inbox().offer(4)
      yield* TestClock.adjust(1)
      inbox().offer(5)
      inbox().offer(6)
      expect(Chunk.toReadonlyArray(yield* Fiber.join(fiber))).toEqual(["even 4", "even 6"])
    }))

  it.effect("a failing select fails the Stream, which detaches", () =>
    Effect.gen(function*() {
      const { inbox, log, stream } = harness(() => Effect.fail("bad"))
      const fiber = yield* Stream.runDrain(stream).pipe(Effect.either, Effect.fork)
      yield* TestClock.adjust(1)
      inbox().offer(1)
      expect(yield* Fiber.join(fiber)).toEqual(Either.left("bad"))
      expect(log).toEqual(["attach", "detach key"])
    }))

  it.effect("interrupted while waiting: detaches, and a later offer wakes nobody", () =>
    Effect.gen(function*() {
      const { inbox, log, stream } = harness()
      const fiber = yield* Stream.runDrain(stream).pipe(Effect.fork)
      yield* TestClock.adjust(1)
      yield* Fiber.interrupt(fiber)
      expect(log).toEqual(["attach", "detach key"])
      inbox().offer(1)
      inbox().fail("late")
    }))

  it.effect("each run attaches its own inbox; events offered before the read are not lost", () =>
    Effect.gen(function*() {
      const { inbox, log, stream } = harness()
      const first = yield* Stream.runHead(stream).pipe(Effect.fork)
      yield* TestClock.adjust(1)
      const one = inbox()
      one.offer(7)
      expect(yield* Fiber.join(first)).toEqual(expect.objectContaining({ value: 7 }))
      const second = yield* Stream.runHead(stream).pipe(Effect.fork)
      yield* TestClock.adjust(1)
      expect(inbox()).not.toBe(one)
      inbox().offer(8)
      expect(yield* Fiber.join(second)).toEqual(expect.objectContaining({ value: 8 }))
      expect(log).toEqual(["attach", "detach key", "attach", "detach key"])
    }))

  it.effect("unwrap runs the Effect, then its Stream, once per run", () =>
    Effect.gen(function*() {
      let made = 0
      const stream = Inbox.unwrap(Effect.sync(() => {
        made++
        return Stream.make(1, 2, 3)
      }))
      expect(Chunk.toReadonlyArray(yield* Stream.runCollect(stream))).toEqual([1, 2, 3])
      expect(Chunk.toReadonlyArray(yield* Stream.runCollect(Stream.take(stream, 1)))).toEqual([1])
      expect(made).toBe(2)
    }))

  describe("read directly by BitgetSocket.runForEachChunk / runForEach", () => {
    it.effect("the Streams of stream and unwrap carry the direct read; a Stream derived from them does not", () =>
      Effect.sync(() => {
        const { stream } = harness()
        expect(Inbox.direct(stream)).toBeDefined()
        expect(Inbox.direct(Inbox.unwrap(Effect.succeed(stream)))).toBeDefined()
        expect(Inbox.direct(Stream.map(stream, (n) => n + 1))).toBeUndefined()
        expect(Inbox.direct(Stream.take(stream, 1))).toBeUndefined()
      }))

    it.effect("the callback's Effect runs before the next chunk; its failure ends the run, which detaches", () =>
      Effect.gen(function*() {
        const { inbox, log, stream } = harness()
        const seen: Array<number> = []
        const fiber = yield* BitgetSocket.runForEach(stream, (n) =>
          n === 3 ? Effect.fail("three") : Effect.sync(() => {
            seen.push(n)
          })).pipe(Effect.either, Effect.fork)
        yield* TestClock.adjust(1)
        inbox().offer(1)
        inbox().offer(2)
        inbox().offer(3)
        inbox().offer(4)
        expect(yield* Fiber.join(fiber)).toEqual(Either.left("three"))
        expect(seen).toEqual([1, 2])
        expect(log).toEqual(["attach", "detach key"])
      }))

    it.effect("a failing select fails the run; interrupted while waiting, it detaches", () =>
      Effect.gen(function*() {
        const failing = harness(() => Effect.fail("bad"))
        const failed = yield* BitgetSocket.runForEachChunk(failing.stream, () => {}).pipe(Effect.either, Effect.fork)
        yield* TestClock.adjust(1)
        failing.inbox().offer(1)
        expect(yield* Fiber.join(failed)).toEqual(Either.left("bad"))
        expect(failing.log).toEqual(["attach", "detach key"])
        const waiting = harness()
        const fiber = yield* BitgetSocket.runForEachChunk(waiting.stream, () => {}).pipe(Effect.fork)
        yield* TestClock.adjust(1)
        expect(waiting.log).toEqual(["attach"])
        yield* Fiber.interrupt(fiber)
        expect(waiting.log).toEqual(["attach", "detach key"])
        waiting.inbox().offer(1)
      }))

    it.effect("unwrap's Effect runs once per run; a plain Stream inside it is run as a Stream", () =>
      Effect.gen(function*() {
        let made = 0
        const stream = Inbox.unwrap(Effect.sync(() => {
          made++
          return Stream.fromChunks(Chunk.make(1, 2), Chunk.make(3))
        }))
        const chunks: Array<ReadonlyArray<number>> = []
        yield* BitgetSocket.runForEachChunk(stream, (chunk) => {
          chunks.push([...chunk])
        })
        yield* BitgetSocket.runForEachChunk(stream, () => {})
        expect(chunks).toEqual([[1, 2], [3]])
        expect(made).toBe(2)
      }))
  })
})
