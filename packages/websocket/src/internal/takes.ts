/**
 * A subscriber's queue of `Take`s as a Stream that emits one chunk per drain of the queue.
 * `Stream.flattenTake(Stream.fromQueue(queue))` emits one chunk per `Take`, that is one per push:
 * every stage downstream (the filter, the book, the user's `runForEach`) then runs its channel
 * machinery once per push, which cost more than decoding it (bench case 6). Here every push
 * waiting in the queue goes out in one chunk; a failure or the end still comes after the pushes
 * before it, as with `flattenTake`.
 */
import * as Cause from "effect/Cause"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import * as Take from "effect/Take"

/** At most this many takes per chunk (Effect's default chunk size). */
const MAX = 4096

export const stream = <A, E>(queue: Queue.Dequeue<Take.Take<A, E>>): Stream.Stream<A, E> =>
  Stream.suspend(() => {
    let out: Array<A> = []
    // A failure (or the end) met after some pushes of a drain: those go out first, it comes next.
    let failure: Cause.Cause<Option.Option<E>> | undefined
    const handlers = {
      onEnd: () => {
        failure = Cause.fail(Option.none())
      },
      onFailure: (cause: Cause.Cause<E>) => {
        failure = Cause.map(cause, Option.some)
      },
      onSuccess: (chunk: Chunk.Chunk<A>) => {
        for (const value of chunk) out.push(value)
      }
    }
    const pull: Effect.Effect<Chunk.Chunk<A>, Option.Option<E>> = Effect.suspend(() => {
      if (failure !== undefined) return Effect.failCause(failure)
      return Effect.flatMap(Queue.takeBetween(queue, 1, MAX), (takes) => {
        for (const take of takes) {
          Take.match(take, handlers)
          if (failure !== undefined) break
        }
        // Only empty chunks: wait for more.
        if (out.length === 0) return failure === undefined ? pull : Effect.failCause(failure)
        const chunk = Chunk.unsafeFromArray(out)
        out = []
        return Effect.succeed(chunk)
      })
    }).pipe(
      // As `Stream.fromQueue`: a queue shut down under the pull ends the Stream.
      Effect.catchAllCause((cause) =>
        Effect.flatMap(
          Queue.isShutdown(queue),
          (down) => down && Cause.isInterruptedOnly(cause) ? Effect.fail(Option.none()) : Effect.failCause(cause)
        )
      )
    )
    return Stream.repeatEffectChunkOption(pull)
  })
