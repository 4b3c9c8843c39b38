/**
 * The WebSocket connection service, beside `BitgetClient` and configured by the same
 * `BitgetConfig` (credentials; demo = Bitget's demo host `wspap.bitget.com`, no header). It owns
 * every socket: subscriptions are spread over connections (fewer than 50 channels each, under 240
 * subscribe requests an hour), Streams of one channel and selector share one subscription, and a
 * connection with nothing left to carry is closed. See `internal/Connection.ts` for one socket's life.
 * `runForEachChunk` / `runForEach` are how to consume a busy channel's Stream (docs/websocket.md).
 */
import { BitgetClient } from "@effect-bitget/core/BitgetClient"
import { BitgetConfig } from "@effect-bitget/core/BitgetConfig"
import * as Metrics from "@effect-bitget/core/Metrics"
import * as Chunk from "effect/Chunk"
import * as Clock from "effect/Clock"
import * as Config from "effect/Config"
import type * as ConfigError from "effect/ConfigError"
import * as Context from "effect/Context"
import * as Deferred from "effect/Deferred"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as FiberSet from "effect/FiberSet"
import { dual } from "effect/Function"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as Channel from "./Channel.js"
import { Connection } from "./internal/Connection.js"
import type { Settings, Subscriber, Subscription } from "./internal/Connection.js"
import * as Inbox from "./internal/inbox.js"
import { SocketAuthenticationError, SocketRequestError } from "./SocketError.js"
import type { StreamError } from "./SocketError.js"

export const liveUrl = "wss://ws.bitget.com"
export const demoUrl = "wss://wspap.bitget.com"

export interface Options {
  /** The host, `wss://ws.bitget.com` by default (`wss://wspap.bitget.com` in demo); paths are Bitget's. */
  readonly url?: string | undefined
  /** How often the text `ping` is sent (25 s; Bitget drops a socket after 2 min without one). */
  readonly pingInterval?: Duration.DurationInput | undefined
  /** How long a `pong` may take before the socket is given up and replaced (10 s). */
  readonly pongTimeout?: Duration.DurationInput | undefined
  /** How long opening a socket may take (10 s). */
  readonly connectTimeout?: Duration.DurationInput | undefined
  /**
   * How long the login answer may take (10 s). An order request waits at most `connectTimeout` +
   * `loginTimeout` for a logged-in socket, then fails as not sent.
   */
  readonly loginTimeout?: Duration.DurationInput | undefined
  /** How long an order request waits for its answer before its fate is looked up (10 s). */
  readonly requestTimeout?: Duration.DurationInput | undefined
  /** First reconnect delay (500 ms), doubled per failed attempt up to `backoffCap` (30 s), with jitter. */
  readonly backoffBase?: Duration.DurationInput | undefined
  readonly backoffCap?: Duration.DurationInput | undefined
  /** A socket that lived this long resets the backoff (30 s). */
  readonly stableAfter?: Duration.DurationInput | undefined
  /** A socket is replaced after this long, ahead of Bitget's forced close at 24 h (23 h 50 min). */
  readonly maxAge?: Duration.DurationInput | undefined
  /** Channels per connection; Bitget recommends fewer than 50 (49). */
  readonly maxChannels?: number | undefined
  /** Client messages per second per connection; Bitget closes past 10 (8, leaving room for clock skew). */
  readonly messagesPerSecond?: number | undefined
  /** Subscribe requests per hour per connection; Bitget allows 240 (230). */
  readonly subscribesPerHour?: number | undefined
  /** Connection attempts per 5 minutes for the whole service; Bitget allows 300 per IP (250). */
  readonly connectionAttempts?: number | undefined
}

export interface Stats {
  readonly connections: number
  readonly subscriptions: number
  /** Connection attempts made so far. */
  readonly attempts: number
  /** Connections replaced by a new one (their age, or the 30033 maintenance notice). */
  readonly rotations: number
}

export interface Service {
  /**
   * Every event of one subscription (shared with other Streams of the same arg); with `select`,
   * what it makes of each batch of events that arrived together (an empty chunk emits nothing),
   * inside the Stream's own read rather than as a stage after it.
   */
  readonly subscribe: {
    <Row>(channel: Channel.Channel<any, Row>, arg: Channel.WireArg): Stream.Stream<Channel.Event<Row>, StreamError>
    <Row, B, E>(
      channel: Channel.Channel<any, Row>,
      arg: Channel.WireArg,
      select: (events: Array<Channel.Event<Row>>) => Effect.Effect<Chunk.Chunk<B>, E>
    ): Stream.Stream<B, StreamError | E>
  }
  /** Asks for a fresh snapshot of a subscription (unsubscribe and subscribe again). */
  readonly resync: (channel: Channel.Channel.Any, arg: Channel.WireArg) => Effect.Effect<void>
  /**
   * Sends an order request on a logged-in private socket of `generation` and waits for the answer
   * whose `id` is `id`. `SocketRequestError.sent` says whether it may have reached the exchange.
   */
  readonly request: (
    operation: string,
    generation: Channel.Generation,
    id: string,
    frame: string
  ) => Effect.Effect<Record<string, unknown>, SocketRequestError | SocketAuthenticationError>
  readonly stats: Effect.Effect<Stats>
}

export class BitgetSocket extends Context.Tag("@effect-bitget/websocket/BitgetSocket")<BitgetSocket, Service>() {}

const ms = (input: Duration.DurationInput | undefined, fallback: Duration.DurationInput) =>
  Duration.toMillis(Duration.decode(input ?? fallback))

/** The service over a config's credentials and demo switch. */
export const make = (options: Options = {}): Effect.Effect<Service, never, BitgetConfig | Scope.Scope> =>
  Effect.gen(function*() {
    const config = yield* BitgetConfig
    const settings: Settings = {
      url: (options.url ?? (config.demo ? demoUrl : liveUrl)).replace(/\/+$/, ""),
      credentials: Option.getOrUndefined(config.credentials),
      pingInterval: ms(options.pingInterval, "25 seconds"),
      pongTimeout: ms(options.pongTimeout, "10 seconds"),
      connectTimeout: ms(options.connectTimeout, "10 seconds"),
      loginTimeout: ms(options.loginTimeout, "10 seconds"),
      requestTimeout: ms(options.requestTimeout, "10 seconds"),
      backoffBase: ms(options.backoffBase, "500 millis"),
      backoffCap: ms(options.backoffCap, "30 seconds"),
      stableAfter: ms(options.stableAfter, "30 seconds"),
      maxAge: ms(options.maxAge, Duration.sum(Duration.hours(23), Duration.minutes(50))),
      maxChannels: options.maxChannels ?? 49,
      messagesPerSecond: options.messagesPerSecond ?? 8,
      subscribesPerHour: options.subscribesPerHour ?? 230,
      metrics: config.metrics
    }
    // The REST client, when the layer is built with one: its clock offset signs the login, and a
    // login refused for its timestamp (30013/30014) measures it again (`GET /api/v2/public/time`).
    const client = yield* Effect.serviceOption(BitgetClient)
    const syncClock: Effect.Effect<boolean> = Option.match(client, {
      onNone: () => Effect.succeed(false),
      onSome: (client) => client.syncClock.pipe(Effect.as(true), Effect.catchAll(() => Effect.succeed(false)))
    })
    const clockOffset: Effect.Effect<number> = Option.match(client, {
      onNone: () => Effect.succeed(0),
      onSome: (client) => client.clockOffset
    })
    const attemptLimit = options.connectionAttempts ?? 250
    const fibers = yield* FiberSet.make()
    const run = yield* FiberSet.runtime(fibers)<never>()
    const pools = new Map<string, Array<Connection>>()
    const index = new Map<string, { readonly connection: Connection; readonly sub: Subscription }>()
    const attemptTimes: Array<number> = []
    let attempts = 0
    let rotations = 0

    /** Waits for room under the connection-attempt budget (a sliding 5 minutes). */
    const attempt = Effect.gen(function*() {
      for (;;) {
        const now = yield* Clock.currentTimeMillis
        while (attemptTimes.length > 0 && attemptTimes[0]! <= now - 300_000) attemptTimes.shift()
        if (attemptTimes.length < attemptLimit) {
          attemptTimes.push(now)
          attempts++
          return
        }
        yield* Effect.sleep(attemptTimes[0]! + 300_000 - now)
      }
    })

    const pathOf = (generation: Channel.Generation, access: Channel.Access) => `/${generation}/ws/${access}`

    const ended = (connection: Connection) => {
      const pool = pools.get(connection.path)
      if (pool !== undefined) pools.set(connection.path, pool.filter((c) => c !== connection))
      for (const [key, entry] of index) if (entry.connection === connection) index.delete(key)
    }

    const stop = (connection: Connection) => {
      connection.stopped = true
      Deferred.unsafeDone(connection.settled, Exit.void)
      ended(connection)
      const fiber = connection.fiber
      if (fiber !== undefined) run(Fiber.interrupt(fiber))
    }

    /** How long a rotation waits for the new socket to carry everything before closing the old one anyway. */
    const handover = settings.connectTimeout + settings.loginTimeout + settings.requestTimeout

    /**
     * Make before break: a new connection takes the old one's subscriptions (each moves when the new
     * socket acknowledges it; until then the old socket delivers it), then the old one closes, once
     * its order requests in flight are answered.
     */
    const rotate = (old: Connection, reason: string) => {
      if (old.retiring || old.stopped) return
      old.retiring = true
      rotations++
      // Only order requests in flight: no new socket ahead of need (the next request opens one).
      const next = old.subs.size === 0 ? undefined : start(old.path, old.access)
      // The `events` subscriptions take both sockets' pushes, each row once, until the tail below ends.
      const handed: Array<Subscription> = []
      if (next !== undefined) {
        for (const [key, sub] of old.subs) {
          next.subs.set(key, sub)
          if (sub.channel.pushes === "events") {
            sub.handover ??= { seen: new Set(), rotations: 0 }
            sub.handover.rotations++
            handed.push(sub)
          }
        }
        for (const [key, entry] of index) {
          if (entry.connection === old) index.set(key, { connection: next, sub: entry.sub })
        }
      }
      run(Effect.gen(function*() {
        yield* Effect.logDebug("bitget websocket: rotating a connection").pipe(
          Effect.annotateLogs({ path: old.path, reason })
        )
        if (next !== undefined) yield* Deferred.await(next.settled).pipe(Effect.timeout(handover), Effect.ignore)
        // What the server pushed on the old socket before the new one's subscriptions (only the
        // old one had them) may still be in flight: its pong comes after all of it.
        if (handed.length > 0) yield* old.drained
        const deadline = (yield* Clock.currentTimeMillis) + settings.requestTimeout
        while (old.holds > 0 && (yield* Clock.currentTimeMillis) < deadline) yield* Effect.sleep("10 millis")
        stop(old)
        if (handed.length === 0) return
        // A push the old socket delivered may still be on its way on the new one: rows stay
        // remembered for as long as a socket may lag before its missing pong gives it up.
        yield* Effect.sleep(settings.pongTimeout)
        for (const sub of handed) {
          if (sub.handover !== undefined && --sub.handover.rotations === 0) sub.handover = undefined
        }
      }))
    }

    const start = (path: string, access: Channel.Access): Connection => {
      const connection = new Connection(path, access, settings, {
        attempt,
        run: (e) => run(e),
        ended,
        rotate,
        syncClock,
        clockOffset
      })
      const pool = pools.get(path) ?? []
      pool.push(connection)
      pools.set(path, pool)
      connection.fiber = run(connection.loop)
      return connection
    }

    /** A connection with room for one more channel, or a new one. */
    const place = (generation: Channel.Generation, access: Channel.Access, now: number): Connection => {
      const path = pathOf(generation, access)
      const found = (pools.get(path) ?? []).find((c) => !c.stopped && c.fits(now))
      return found ?? start(path, access)
    }

    const attach = (channel: Channel.Channel.Any, arg: Channel.WireArg, queue: Subscriber) =>
      Effect.gen(function*() {
        const key = `${channel.generation}${channel.access}|${Channel.key(arg)}`
        const existing = index.get(key)
        if (existing !== undefined && existing.connection.subs.get(existing.sub.key) === existing.sub) {
          existing.connection.join(existing.sub, queue)
          return key
        }
        if (channel.access === "private" && settings.credentials === undefined) {
          queue.fail(new SocketAuthenticationError({ code: "none", msg: `${channel.name} needs API credentials` }))
          return key
        }
        const now = yield* Clock.currentTimeMillis
        const connection = place(channel.generation, channel.access, now)
        const rows = Channel.rowsDecoder(channel)
        // V3 `fast-fill` pushes one object as its `data` (WS3's note from Bitget's page): one row.
        const decode = arg.topic !== "fast-fill" ?
          rows :
          (data: unknown) => rows(typeof data === "object" && data !== null && !Array.isArray(data) ? [data] : data)
        const sub: Subscription = {
          key: Channel.key(arg),
          arg,
          channel,
          decode,
          subscribers: new Set([queue]),
          acked: false,
          owner: connection,
          handover: undefined
        }
        connection.subs.set(sub.key, sub)
        index.set(key, { connection, sub })
        if (connection.live) run(connection.subscribe([arg]))
        return key
      })

    const detach = (key: string, queue: Subscriber) =>
      Effect.sync(() => {
        const entry = index.get(key)
        if (entry === undefined) return
        const { connection, sub } = entry
        sub.subscribers.delete(queue)
        if (sub.subscribers.size > 0) return
        index.delete(key)
        if (connection.subs.get(sub.key) === sub) {
          connection.subs.delete(sub.key)
          if (connection.live && !connection.idle) run(connection.unsubscribe([sub.arg]))
        }
        if (connection.idle) stop(connection)
      })

    const all = (events: Array<Channel.Event<any>>) => Effect.succeed(Chunk.unsafeFromArray(events))
    const subscribe = <Row, B, E>(
      channel: Channel.Channel<any, Row>,
      arg: Channel.WireArg,
      select?: (events: Array<Channel.Event<Row>>) => Effect.Effect<Chunk.Chunk<B>, E>
    ) =>
      Inbox.stream(
        (inbox: Subscriber) => attach(channel, arg, inbox),
        (inbox, key) => detach(key, inbox),
        (select ?? all) as (events: Array<Channel.Event<any>>) => Effect.Effect<Chunk.Chunk<B>, E>
      )

    const resync = (channel: Channel.Channel.Any, arg: Channel.WireArg) =>
      Effect.suspend(() => {
        if (settings.metrics) Metrics.unsafeOrderBookResync(channel.name)
        const entry = index.get(`${channel.generation}${channel.access}|${Channel.key(arg)}`)
        return entry === undefined || !entry.connection.live ? Effect.void : entry.connection.resync(entry.sub)
      })

    const request: Service["request"] = (operation, generation, id, frame) =>
      Effect.gen(function*() {
        if (settings.credentials === undefined) {
          return yield* new SocketAuthenticationError({ code: "none", msg: `${operation} needs API credentials` })
        }
        const now = yield* Clock.currentTimeMillis
        const path = pathOf(generation, "private")
        const connection = (pools.get(path) ?? []).find((c) => !c.stopped && !c.retiring) ??
          place(generation, "private", now)
        connection.holds++
        return yield* Effect.gen(function*() {
          // Getting a logged-in socket is bounded by the connect and login timeouts, not by the
          // request's own: a slow login is not a lost answer, and the order is not sent yet.
          const ready = yield* Deferred.await(connection.ready).pipe(
            Effect.timeout(settings.connectTimeout + settings.loginTimeout),
            Effect.option
          )
          if (Option.isNone(ready)) {
            return yield* new SocketRequestError({ operation, reason: "no logged-in socket in time", sent: false })
          }
          const answer = yield* Deferred.make<Record<string, unknown> | undefined>()
          connection.requests.set(id, answer)
          const sent = yield* connection.send(frame)
          if (!sent) {
            connection.requests.delete(id)
            return yield* new SocketRequestError({ operation, reason: "the socket closed before sending", sent: false })
          }
          const reply = yield* Deferred.await(answer).pipe(Effect.timeout(settings.requestTimeout), Effect.option)
          connection.requests.delete(id)
          if (Option.isNone(reply) || reply.value === undefined) {
            return yield* new SocketRequestError({
              operation,
              reason: Option.isNone(reply) ? "no answer in time" : "the socket closed before the answer",
              sent: true
            })
          }
          return reply.value
        }).pipe(Effect.ensuring(Effect.sync(() => {
          connection.holds--
          if (connection.idle && !connection.stopped) stop(connection)
        })))
      })

    const stats = Effect.sync((): Stats => {
      let connections = 0
      for (const pool of pools.values()) connections += pool.filter((c) => !c.stopped).length
      return { connections, subscriptions: index.size, attempts, rotations }
    })

    return BitgetSocket.of({ subscribe: subscribe as Service["subscribe"], resync, request, stats })
  })

/** The service over the `BitgetConfig` in context. */
export const layer = (options: Options = {}): Layer.Layer<BitgetSocket, never, BitgetConfig> =>
  Layer.scoped(BitgetSocket, make(options))

/** Like `layer`, with the host read from `BITGET_WS_URL` when set (the simulator prints it). */
export const layerConfig = (options: Options = {}): Layer.Layer<BitgetSocket, ConfigError.ConfigError, BitgetConfig> =>
  Layer.scoped(
    BitgetSocket,
    Effect.flatMap(
      Config.option(Config.string("BITGET_WS_URL")),
      (url) => make({ ...options, url: Option.getOrElse(url, () => options.url) })
    )
  )

/** A pull's failure: `None` is the Stream's end (the run succeeds), `Some` its error. */
const pullEnded = <E>(error: Option.Option<E>): Effect.Effect<void, E> =>
  Option.isNone(error) ? Effect.void : Effect.fail(error.value)

/**
 * Any Stream chunk by chunk: a subscription's Stream by its direct consumer (its inbox read in a
 * fiber loop, `internal/inbox.ts`), any other as a fiber loop over `Stream.toPull` in a scope of the
 * run's own, closed (releasing the Stream) however the run ends.
 */
const runChunks: Inbox.RunChunks = <A, E, R, E2, R2>(
  self: Stream.Stream<A, E, R>,
  f: Inbox.Each<A, E2, R2>
): Effect.Effect<void, E | E2, R | R2> => {
  const direct = Inbox.direct(self)
  if (direct !== undefined) return direct(f, runChunks)
  // `scopedWith`, as `Stream.run`: the scope holds the Stream's pull only, not what the callback's Effects need.
  return Effect.scopedWith((scope) =>
    Effect.flatMap(Scope.extend(Stream.toPull(self), scope), (pull) => {
      // The loop and its continuation are made once per run, never per chunk (FINDINGS §23).
      const again = () => next
      const next: Effect.Effect<void, E | E2, R | R2> = Effect.matchEffect(pull, {
        onFailure: pullEnded,
        onSuccess: (chunk) => {
          const work = f(chunk)
          return Effect.isEffect(work) ? Effect.flatMap(work, again) : next
        }
      })
      return next
    })
  )
}

/**
 * How to consume a busy channel: calls `f` with each chunk of `self` (what arrived together) until
 * the Stream ends, running `f`'s Effect, when it returns one, before the next chunk. `f` may return
 * nothing (synchronous work: the fast path) or an Effect. Equivalent to `Stream.runForEachChunk`, for
 * any Stream: succeeds when the Stream ends, fails with its error or with the error of an Effect `f`
 * returned (which ends the Stream), and interrupted, interrupts the Stream; either way the Stream's
 * scope closes, so its subscription is released. An empty chunk is handed to `f` like any other: only
 * the Stream's end ends the run.
 *
 * Why not `Stream.runForEachChunk` (`packages/bench/FINDINGS.md` §23): in Effect 3.22 it runs each
 * chunk's Effect through `Channel.fromEffect`, whose closure V8 allocates straight in the old
 * generation (a function literal assigned to a property); that closure keeps the Effect, the Effect
 * keeps the chunk, and a busy Stream's pushes pile up in the old generation until a full collection
 * (over 1M pushes, peak RSS 238 MiB against 160). And `Stream.run`'s channel steps are about a fifth
 * of a push's CPU. This is a fiber loop, its continuations made once per run: nothing is allocated
 * per chunk but what `f` makes. A channel's Stream as this package returns it (not one derived from
 * it by `Stream.*`) is read straight from its subscription, with no channel step at all (FINDINGS §27).
 *
 * @example
 * BitgetSocket.runForEachChunk(V2Public.ticker(instrument), (pushes) => {
 *   for (const push of pushes) use(push)
 * })
 */
export const runForEachChunk: {
  <A, X = void, E2 = never, R2 = never>(
    f: (chunk: Chunk.Chunk<A>) => void | Effect.Effect<X, E2, R2>
  ): <E, R>(self: Stream.Stream<A, E, R>) => Effect.Effect<void, E | E2, R | R2>
  <A, E, R, X = void, E2 = never, R2 = never>(
    self: Stream.Stream<A, E, R>,
    f: (chunk: Chunk.Chunk<A>) => void | Effect.Effect<X, E2, R2>
  ): Effect.Effect<void, E | E2, R | R2>
} = dual(2, runChunks)

/**
 * `runForEachChunk` element by element: calls `f` with each element of `self` until the Stream ends,
 * running `f`'s Effect, when it returns one, before the next element. Equivalent to
 * `Stream.runForEach`, without its costs in Effect 3.22 (see `runForEachChunk`, FINDINGS §23).
 *
 * @example
 * BitgetSocket.runForEach(V2Public.ticker(instrument), (push) => use(push))
 */
export const runForEach: {
  <A, X = void, E2 = never, R2 = never>(
    f: (element: A) => void | Effect.Effect<X, E2, R2>
  ): <E, R>(self: Stream.Stream<A, E, R>) => Effect.Effect<void, E | E2, R | R2>
  <A, E, R, X = void, E2 = never, R2 = never>(
    self: Stream.Stream<A, E, R>,
    f: (element: A) => void | Effect.Effect<X, E2, R2>
  ): Effect.Effect<void, E | E2, R | R2>
} = dual(2, <A, E, R, X, E2, R2>(
  self: Stream.Stream<A, E, R>,
  f: (element: A) => void | Effect.Effect<X, E2, R2>
): Effect.Effect<void, E | E2, R | R2> =>
  Effect.suspend(() => {
    // The chunk being read and its next element: an element's Effect resumes the same walk, so the
    // continuations are made once per run, as in `runForEachChunk`.
    let elements: ReadonlyArray<A> = []
    let index = 0
    const walk = (): Effect.Effect<void, E2, R2> | undefined => {
      while (index < elements.length) {
        const work = f(elements[index++]!)
        if (Effect.isEffect(work)) return Effect.flatMap(work, resume)
      }
      elements = []
      return undefined
    }
    const resume = () => walk() ?? Effect.void
    return runChunks(self, (chunk: Chunk.Chunk<A>) => {
      elements = Chunk.toReadonlyArray(chunk)
      index = 0
      return walk()
    })
  }))
