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

/**
 * A Stream reading an inbox: `attach` registers it (uninterruptibly), `detach` runs with what
 * `attach` answered when the Stream ends however it ends, and `select` turns each drain into the
 * chunk to emit (an empty one emits nothing and the Stream reads on).
 */
export const stream = <A, E, K, B, E2 = never>(
  attach: (inbox: Inbox<A, E>) => Effect.Effect<K>,
  detach: (inbox: Inbox<A, E>, attached: K) => Effect.Effect<void>,
  select: (items: Array<A>) => Effect.Effect<Chunk.Chunk<B>, E2>
): Stream.Stream<B, E | E2> =>
  Stream.fromChannel(Channel.suspend(() => {
    const inbox = new Inbox<A, E>()
    let attached: { readonly key: K } | undefined
    const read: Effect.Effect<Chunk.Chunk<B>, E | E2> = Effect.flatMap(
      inbox.take,
      (items) => Effect.flatMap(select(items), (chunk) => Chunk.isEmpty(chunk) ? read : Effect.succeed(chunk))
    )
    const loop: Channel.Channel<Chunk.Chunk<B>, unknown, E | E2, unknown, void, unknown> = Channel.flatMap(
      Channel.fromEffect(read),
      (chunk) => Channel.zipRight(Channel.write(chunk), loop)
    )
    return Channel.ensuring(
      Channel.zipRight(
        Channel.fromEffect(Effect.uninterruptible(Effect.map(attach(inbox), (key) => {
          attached = { key }
        }))),
        loop
      ),
      Effect.suspend(() => attached === undefined ? Effect.void : detach(inbox, attached.key))
    )
  }))

/**
 * `Stream.unwrap` without its cost per chunk: `Stream.unwrap` flattens a Stream of one Stream
 * (a `concatMap`, run by a sub-executor that every chunk passes through); this runs the Effect,
 * then the Stream it made, in sequence on one channel.
 */
export const unwrap = <A, E, R, E2, R2>(
  effect: Effect.Effect<Stream.Stream<A, E, R>, E2, R2>
): Stream.Stream<A, E | E2, R | R2> => Stream.fromChannel(Channel.unwrap(Effect.map(effect, Stream.toChannel)))
