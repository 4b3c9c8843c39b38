/**
 * A subscriber's inbox: what the socket's callback hands one Stream (events in arrival order, then
 * possibly a failure), and that Stream built as one channel loop. Bench case 6 showed the delivery
 * costing more than the decoding: an Effect `Queue` of `Take`s builds a chain of chunk nodes per
 * drain (`pollUpTo` prepends each element, then reverses) and wakes its taker through a `Deferred`,
 * and every `Stream.unwrapScoped` / `Stream.unwrap` / `mapChunks` layer above it runs Effect's
 * channel machinery once more per chunk. Here an offer is an array push (the waiting reader is
 * resumed once, then reads everything that arrived meanwhile as one chunk), and a subscription's
 * Stream is a single channel: attach, then read the inbox, `select` turning each drain into what
 * the Stream emits (the pushes of a channel, the books of `Book.stream`), detach when it ends.
 */
import * as Channel from "effect/Channel"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"

export class Inbox<A, E> {
  private items: Array<A> = []
  private failure: { readonly error: E } | undefined = undefined
  private wake: ((effect: Effect.Effect<void>) => void) | undefined = undefined

  /** Adds an event (from a socket callback); ignored once failed. */
  offer(item: A): void {
    if (this.failure !== undefined) return
    this.items.push(item)
    this.resume()
  }

  /** Fails the reader once it has read everything offered before. */
  fail(error: E): void {
    if (this.failure !== undefined) return
    this.failure = { error }
    this.resume()
  }

  private resume(): void {
    const wake = this.wake
    if (wake !== undefined) {
      this.wake = undefined
      wake(Effect.void)
    }
  }

  /**
   * Waits until something was offered (or the failure). No canceler: `Effect.async` with one wraps
   * the wait in `onInterrupt` (an uninterruptible mask and a match per wake-up), which cost a third
   * of a wake-up in bench case 6 (FINDINGS §20). An interrupted reader leaves a stale `wake`; the
   * fiber's callback it leads to is spent by the interruption (a later call does nothing), and the
   * inbox is dropped with its Stream.
   */
  private readonly arrival: Effect.Effect<void> = Effect.async<void>((resume) => {
    if (this.items.length > 0 || this.failure !== undefined) return resume(Effect.void)
    this.wake = resume
  })

  /** Everything offered since the last read (waiting for at least one event), or the failure after them. */
  readonly take: Effect.Effect<Array<A>, E> = Effect.suspend(() => {
    if (this.items.length > 0) {
      const items = this.items
      this.items = []
      return Effect.succeed(items)
    }
    if (this.failure !== undefined) return Effect.fail(this.failure.error)
    return Effect.zipRight(this.arrival, this.take)
  })
}

/** A chunk callback as `BitgetSocket.runForEachChunk` takes it: synchronous work, or an Effect run before the next chunk. */
export type Each<B, E2, R2> = (chunk: Chunk.Chunk<B>) => void | Effect.Effect<unknown, E2, R2>

/** Runs any Stream chunk by chunk (`BitgetSocket.runForEachChunk`): how a direct consumer runs the Stream it wraps. */
export type RunChunks = <B, E, R, E2, R2>(
  self: Stream.Stream<B, E, R>,
  f: Each<B, E2, R2>
) => Effect.Effect<void, E | E2, R | R2>

/**
 * The consumer of a Stream this module made, reading its inbox itself: the same events, chunks,
 * failure and release as running the Stream, without Effect's channel executor stepped per chunk
 * (`Stream.toPull` drives one per pull; its steps and the code they make hot were a share of case
 * 6's CPU a push, FINDINGS §27). Kept on the Stream object under a symbol: any Stream made from it
 * (`Stream.take`, `Stream.map`…) is a new object without it and is run as a Stream.
 */
type Direct<B, E, R> = <E2, R2>(f: Each<B, E2, R2>, run: RunChunks) => Effect.Effect<void, E | E2, R | R2>

const DirectId: unique symbol = Symbol.for("@effect-bitget/websocket/Inbox/direct")

const withDirect = <B, E, R>(self: Stream.Stream<B, E, R>, direct: Direct<B, E, R>): Stream.Stream<B, E, R> =>
  Object.defineProperty(self, DirectId, { value: direct })

/** The direct consumer of a Stream `stream` or `unwrap` made (not of one derived from it), if `self` is one. */
export const direct = <B, E, R>(self: Stream.Stream<B, E, R>): Direct<B, E, R> | undefined =>
  (self as unknown as { readonly [DirectId]?: Direct<B, E, R> })[DirectId]

/**
 * A Stream reading an inbox: `attach` registers it (uninterruptibly), `detach` runs with what
 * `attach` answered when the Stream ends however it ends, and `select` turns each drain into the
 * chunk to emit (an empty one emits nothing and the Stream reads on). Its direct consumer does the
 * same steps in a fiber loop.
 */
export const stream = <A, E, K, B, E2 = never>(
  attach: (inbox: Inbox<A, E>) => Effect.Effect<K>,
  detach: (inbox: Inbox<A, E>, attached: K) => Effect.Effect<void>,
  select: (items: Array<A>) => Effect.Effect<Chunk.Chunk<B>, E2>
): Stream.Stream<B, E | E2> => {
  /** One run's `attach` (uninterruptible) and its release: `ended` detaches when `attach` completed. */
  const session = (inbox: Inbox<A, E>) => {
    let key: { readonly key: K } | undefined
    return {
      attach: Effect.uninterruptible(Effect.map(attach(inbox), (k) => {
        key = { key: k }
      })),
      ended: Effect.suspend(() => key === undefined ? Effect.void : detach(inbox, key.key))
    }
  }
  const stream = Stream.fromChannel(Channel.suspend(() => {
    const inbox = new Inbox<A, E>()
    const { attach, ended } = session(inbox)
    const read: Effect.Effect<Chunk.Chunk<B>, E | E2> = Effect.flatMap(
      inbox.take,
      (items) => Effect.flatMap(select(items), (chunk) => Chunk.isEmpty(chunk) ? read : Effect.succeed(chunk))
    )
    const loop: Channel.Channel<Chunk.Chunk<B>, unknown, E | E2, unknown, void, unknown> = Channel.flatMap(
      Channel.fromEffect(read),
      (chunk) => Channel.zipRight(Channel.write(chunk), loop)
    )
    return Channel.ensuring(Channel.zipRight(Channel.fromEffect(attach), loop), ended)
  }))
  return withDirect(stream, <E3, R3>(f: Each<B, E3, R3>) =>
    Effect.suspend(() => {
      const inbox = new Inbox<A, E>()
      const { attach, ended } = session(inbox)
      // The loop and its continuations are made once per run, never per chunk (FINDINGS §23).
      const emit = (chunk: Chunk.Chunk<B>): Effect.Effect<void, E | E2 | E3, R3> => {
        if (Chunk.isEmpty(chunk)) return loop
        const work = f(chunk)
        return Effect.isEffect(work) ? Effect.zipRight(work, loop) : loop
      }
      const selected = (items: Array<A>) => Effect.flatMap(select(items), emit)
      const loop: Effect.Effect<void, E | E2 | E3, R3> = Effect.flatMap(inbox.take, selected)
      return Effect.ensuring(Effect.zipRight(attach, loop), ended)
    }))
}

/**
 * `Stream.unwrap` without its cost per chunk: `Stream.unwrap` flattens a Stream of one Stream
 * (a `concatMap`, run by a sub-executor that every chunk passes through); this runs the Effect,
 * then the Stream it made, in sequence on one channel. Its direct consumer runs the Effect, then
 * the Stream it made by `run` (directly, when that Stream has a direct consumer).
 */
export const unwrap = <A, E, R, E2, R2>(
  effect: Effect.Effect<Stream.Stream<A, E, R>, E2, R2>
): Stream.Stream<A, E | E2, R | R2> =>
  withDirect(
    Stream.fromChannel(Channel.unwrap(Effect.map(effect, Stream.toChannel))),
    (f, run) => Effect.flatMap(effect, (stream) => run(stream, f))
  )
