/**
 * A subscriber's queue as a Stream (`internal/takes.ts`): every take waiting goes out in one chunk
 * (`Stream.flattenTake` made one chunk per take, one per push); a failure or the end still comes
 * after the values before it, and values behind a failure are never seen.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import * as Take from "effect/Take"
import * as Takes from "../src/internal/takes.js"

describe("Takes.stream", () => {
  it.effect("one chunk per drain, a failure after the values before it", () =>
    Effect.gen(function*() {
      const queue = yield* Queue.unbounded<Take.Take<number, string>>()
      yield* Queue.offerAll(queue, [Take.of(1), Take.chunk(Chunk.empty()), Take.of(2), Take.chunk(Chunk.make(3, 4))])
      yield* Queue.offerAll(queue, [Take.fail("refused"), Take.of(5)])
      const chunks: Array<ReadonlyArray<number>> = []
      const result = yield* Stream.runForEachChunk(
        Takes.stream(queue),
        (chunk) => Effect.sync(() => chunks.push(Chunk.toReadonlyArray(chunk)))
      ).pipe(Effect.either)
      expect(chunks).toEqual([[1, 2, 3, 4]])
      expect(result).toEqual(Either.left("refused"))
    }))

  it.effect("the end after the values; a take at a time when they come one by one", () =>
    Effect.gen(function*() {
      const queue = yield* Queue.unbounded<Take.Take<number, string>>()
      yield* Queue.offerAll(queue, [Take.of(1), Take.end])
      expect(Chunk.toReadonlyArray(yield* Stream.runCollect(Takes.stream(queue)))).toEqual([1])
      yield* Queue.offer(queue, Take.chunk(Chunk.empty()))
      yield* Queue.offer(queue, Take.of(7))
      const first = yield* Stream.runHead(Takes.stream(queue))
      expect(first).toEqual(expect.objectContaining({ value: 7 }))
    }))
})
