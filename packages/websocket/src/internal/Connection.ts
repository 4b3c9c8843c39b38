/**
 * One WebSocket connection to one of Bitget's four sockets (`/v2/ws/public` …), alive for as long
 * as it carries a subscription or an order request: it connects, logs in (private sockets; only
 * then subscribes), resubscribes everything it carries, sends the text `ping` and expects `pong`,
 * and reconnects with capped exponential backoff and jitter whenever the socket ends (a drop, a
 * missing `pong`, the 30033 maintenance notice, or its own rotation ahead of Bitget's 24 h close).
 * Pushes are routed synchronously from the socket's callback to the subscribers' queues.
 */
/* eslint-disable @typescript-eslint/no-this-alias -- generator bodies below read the connection as `self` */
import type { Credentials } from "@effect-bitget/core/BitgetConfig"
import * as Metrics from "@effect-bitget/core/Metrics"
import * as Clock from "effect/Clock"
import * as DateTime from "effect/DateTime"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import type * as Fiber from "effect/Fiber"
import * as FiberId from "effect/FiberId"
import * as Option from "effect/Option"
import * as Random from "effect/Random"
import * as Redacted from "effect/Redacted"
import WebSocket from "ws"
import * as Channel from "../Channel.js"
import { MalformedPush, SocketAuthenticationError, SubscriptionRefused } from "../SocketError.js"
import type { StreamError } from "../SocketError.js"
import * as FastPush from "./fastPush.js"
import type { Inbox } from "./inbox.js"
import * as Wire from "./wire.js"

/** The service's settings, resolved to milliseconds. */
export interface Settings {
  readonly url: string
  /** Kept `Redacted` until the login frame is built. */
  readonly credentials: Credentials | undefined
  readonly pingInterval: number
  readonly pongTimeout: number
  readonly connectTimeout: number
  readonly loginTimeout: number
  readonly requestTimeout: number
  readonly backoffBase: number
  readonly backoffCap: number
  readonly stableAfter: number
  readonly maxAge: number
  readonly maxChannels: number
  readonly messagesPerSecond: number
  readonly subscribesPerHour: number
  /** Records core's WebSocket `Metrics` (config `metrics`). */
  readonly metrics: boolean
}

export type Subscriber = Inbox<Channel.Event<any>, StreamError>

export interface Subscription {
  readonly key: string
  readonly arg: Channel.WireArg
  readonly channel: Channel.Channel.Any
  readonly decode: (data: unknown) => Either.Either<ReadonlyArray<unknown>, string>
  readonly subscribers: Set<Subscriber>
  acked: boolean
  /**
   * The connection whose pushes it takes. During a rotation the old socket keeps it until the new
   * one acknowledges it, so pushes continue without a gap and are not taken twice.
   */
  owner: Connection
  /**
   * Set while a rotation hands an `events` subscription over (see `Handover`); `undefined` otherwise,
   * when only the owner's pushes are taken.
   */
  handover: Handover | undefined
}

const SUBSCRIBED: Channel.Subscribed = { _tag: "Subscribed" }

/**
 * A rotation of an `events` subscription (orders, fills, trades: each push is news that no later
 * push repeats). The old socket alone carries what happened before the new one subscribed, and its
 * push of it can arrive after the new socket's acknowledgement; what happened after reaches both.
 * So from the rotation's start until shortly after the old socket closes, pushes from both sockets
 * are taken and each row is taken once, by its text: two sockets push one event as the same row,
 * and a row identical to one already taken (the same order state, the same trade id) tells nothing
 * new. `incremental` and `snapshot` channels need none of this: the new socket's subscription brings
 * a snapshot that supersedes whatever the old one still had in flight, so only the owner's are taken.
 */
export interface Handover {
  /** The rows taken during the handover, as sent. */
  readonly seen: Set<string>
  /** Rotations of this subscription still overlapping (a rotation can start during another's tail). */
  rotations: number
}

/**
 * The rows of a push's `data` not taken yet during a handover (marked taken), or `undefined` when
 * none is new. V3 `fast-fill` sends one object as its `data`: that object is the row.
 */
export const unseen = (handover: Handover, data: unknown): unknown => {
  const fresh = (row: unknown): boolean => {
    const text = JSON.stringify(row)
    if (handover.seen.has(text)) return false
    handover.seen.add(text)
    return true
  }
  if (!Array.isArray(data)) return fresh(data) ? data : undefined
  const rows = data.filter(fresh)
  return rows.length === 0 ? undefined : rows
}

/**
 * Codes that refuse a subscription (reference §3.3): unknown channel or instrument, bad request, not
 * logged in, bad parameter; and the account-mode split REST answers with (reference
 * v3-unified-api.md §b.4): 40084, a Classic account's key on a V3 private topic, 40085, a unified
 * account's on a V2 one. Whether Bitget's socket refuses a subscribe with these was not seen on the
 * wire (the simulator does, for 40084: its `WsServer.ts`, which lists what was searched); if it
 * does, the Stream fails naming the code instead of waiting for pushes that never come. A unified
 * key's login on V2 private is accepted (CACHY, live); its reconciled V2 Streams then end with
 * REST's 40085 (test/accountModes.test.ts).
 */
const SUBSCRIBE_CODES = new Set(["30001", "30002", "30004", "30016", "40084", "40085"])

/** Login refusals that reconnecting cannot fix (reference §3.4): never retried. */
const AUTH_CODES = new Set(["30005", "30011", "30012", "30015"])

/**
 * Login refusals for the timestamp (30013 invalid, 30014 expired: more than 30 s off; reference
 * §3.3/§3.4): the local clock is off, so the clock is resynced with the server's before the next login.
 */
const CLOCK_CODES = new Set(["30013", "30014"])

/** A session that ended because the login's timestamp was refused. */
const CLOCK = "login refused for its timestamp"

export interface Hooks {
  /** Waits for room in the service-wide budget of connection attempts. */
  readonly attempt: Effect.Effect<void>
  /** Runs an Effect in the service's scope (from a socket callback). */
  readonly run: <A, E>(effect: Effect.Effect<A, E>) => void
  /** The connection ended for good (auth refused or nothing left to carry). */
  readonly ended: (connection: Connection) => void
  /**
   * Replaces the connection by a new one (its 23 h 50 min age, the 30033 maintenance notice): the
   * new one opens, logs in and resubscribes while this one still delivers; then this one closes.
   */
  readonly rotate: (connection: Connection, reason: string) => void
  /** Measures the offset to the server's clock again (after 30013/30014); `false` when it cannot. */
  readonly syncClock: Effect.Effect<boolean>
  /** The offset added to the local clock for the login timestamp (ms). */
  readonly clockOffset: Effect.Effect<number>
}

export class Connection {
  readonly subs = new Map<string, Subscription>()
  /** Order requests awaiting their answer by `id`; `undefined` when the socket ended first. */
  readonly requests = new Map<string, Deferred.Deferred<Record<string, unknown> | undefined>>()
  /** Order requests in flight; the connection stays while any is. */
  holds = 0
  stopped = false
  live = false
  /** Being replaced by a new connection (rotation): takes nothing new, and does not reconnect. */
  retiring = false
  /** Resolved once every subscription it carries is acknowledged by it (the end of a rotation). */
  readonly settled: Deferred.Deferred<void> = Deferred.unsafeMake(FiberId.none)
  /** Resolved once logged in (private) or open (public); failed when the login is refused. */
  ready: Deferred.Deferred<void, SocketAuthenticationError> = Deferred.unsafeMake(FiberId.none)
  fiber: Fiber.RuntimeFiber<void> | undefined
  /** Sessions opened (for tests and reports). */
  sessions = 0
  private ws: WebSocket | undefined
  /** The pings sent and not answered yet, oldest first: each `pong` answers the oldest. */
  private pongs: Array<Deferred.Deferred<void>> = []
  private login: Deferred.Deferred<void, { readonly code: string; readonly msg: string }> | undefined
  private pending: Array<string> = []
  private sent: Array<number> = []
  private subscribeTimes: Array<number> = []
  private readonly gate = Effect.unsafeMakeSemaphore(1)
  /** The metrics' `connection` tag: `v2-public`, `v3-private` … */
  readonly label: string

  constructor(
    readonly path: string,
    readonly access: Channel.Access,
    readonly settings: Settings,
    readonly hooks: Hooks
  ) {
    this.label = path.replace(/^\//, "").replace("/ws/", "-")
  }

  /** Whether another channel fits: under Bitget's recommended channel count and this hour's subscribe budget. */
  fits(now: number): boolean {
    return !this.retiring && this.subs.size < this.settings.maxChannels &&
      this.subscribeTimes.filter((t) => t > now - 3_600_000).length < this.settings.subscribesPerHour
  }

  get idle(): boolean {
    return this.subs.size === 0 && this.holds === 0
  }

  // ---- sending ----------------------------------------------------------------------------

  /**
   * Sends one frame under the message limit (Bitget closes a connection past 10 a second;
   * `ping`, login and subscribe all count). `false` when no socket is open to take it.
   */
  send(text: string, onSent?: () => void): Effect.Effect<boolean> {
    const self = this
    return this.gate.withPermits(1)(Effect.gen(function*() {
      for (;;) {
        const now = yield* Clock.currentTimeMillis
        while (self.sent.length > 0 && self.sent[0]! <= now - 1000) self.sent.shift()
        if (self.sent.length < self.settings.messagesPerSecond) {
          const ws = self.ws
          if (ws === undefined || ws.readyState !== WebSocket.OPEN) return false
          self.sent.push(now)
          ws.send(text)
          onSent?.()
          return true
        }
        yield* Effect.sleep(self.sent[0]! + 1000 - now)
      }
    }))
  }

  /** Sends subscribe frames for args, counting each against the hourly subscribe budget. */
  subscribe(args: ReadonlyArray<Channel.WireArg>): Effect.Effect<void> {
    const self = this
    return Effect.forEach(Wire.frames("subscribe", args), (frame) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        self.subscribeTimes.push(now)
        for (const arg of JSON.parse(frame).args) self.pending.push(Channel.key(arg))
        return self.send(frame)
      }), { discard: true })
  }

  unsubscribe(args: ReadonlyArray<Channel.WireArg>): Effect.Effect<void> {
    return Effect.forEach(Wire.frames("unsubscribe", args), (frame) => this.send(frame), { discard: true })
  }

  /**
   * A fresh snapshot for one subscription: unsubscribe and subscribe again on this connection, or,
   * when this hour's subscribe budget is spent, a new connection that resubscribes everything (made
   * before this one closes, so the other subscriptions lose nothing).
   */
  resync(sub: Subscription): Effect.Effect<void> {
    const self = this
    return Effect.flatMap(Clock.currentTimeMillis, (now) => {
      sub.acked = false
      if (self.subscribeTimes.filter((t) => t > now - 3_600_000).length >= self.settings.subscribesPerHour) {
        return Effect.sync(() => self.hooks.rotate(self, "subscribe budget spent"))
      }
      return Effect.zipRight(self.unsubscribe([sub.arg]), self.subscribe([sub.arg]))
    })
  }

  /** Sends `ping`: the Deferred completes on its `pong`; `undefined` when no socket took it. */
  ping(): Effect.Effect<Deferred.Deferred<void> | undefined> {
    const pong = Deferred.unsafeMake<void>(FiberId.none)
    // Queued in the step that sends it, under the send gate: the queue's order is the wire's.
    return Effect.map(this.send("ping", () => this.pongs.push(pong)), (sent) => sent ? pong : undefined)
  }

  /**
   * Waits until everything the server sent on this socket before it read a `ping` sent now has
   * arrived: one TCP stream, answered in order, so the `pong` comes after all of it (at most
   * `pongTimeout`). A rotation waits for it before closing the old socket.
   */
  get drained(): Effect.Effect<void> {
    return Effect.flatMap(
      this.ping(),
      (pong) =>
        pong === undefined
          ? Effect.void
          : Effect.ignore(Effect.timeout(Deferred.await(pong), this.settings.pongTimeout))
    )
  }

  // ---- receiving --------------------------------------------------------------------------

  private offer(sub: Subscription, event: Channel.Event<any>): void {
    for (const inbox of sub.subscribers) inbox.offer(event)
  }

  /** Fails every Stream of a subscription (after the events they were handed before). */
  private fail(sub: Subscription, error: StreamError): void {
    for (const inbox of sub.subscribers) inbox.fail(error)
  }

  private refuse(sub: Subscription, code: string, msg: string): void {
    this.subs.delete(sub.key)
    this.fail(sub, new SubscriptionRefused({ channel: sub.channel.name, arg: sub.arg, code, msg }))
    sub.subscribers.clear()
    this.settle()
  }

  /** Ends a rotation once every subscription this connection carries is its own. */
  private settle(): void {
    if (this.retiring) return
    for (const sub of this.subs.values()) if (sub.owner !== this) return
    Deferred.unsafeDone(this.settled, Exit.void)
  }

  /** Fails every subscriber (a refused login) and forgets the subscriptions. */
  failAll(error: StreamError): void {
    for (const sub of this.subs.values()) {
      this.fail(sub, error)
      sub.subscribers.clear()
    }
    this.subs.clear()
  }

  private acked(sub: Subscription): void {
    sub.acked = true
    sub.owner = this
    this.offer(sub, SUBSCRIBED)
    this.settle()
  }

  /** A new subscriber of an existing subscription learns it is live (it then waits for news or a snapshot). */
  join(sub: Subscription, inbox: Subscriber): void {
    sub.subscribers.add(inbox)
    if (sub.acked) inbox.offer(SUBSCRIBED)
  }

  /**
   * The subscription a push's arg names, when this connection delivers it outside a handover
   * (a push during one takes the general path, which picks its new rows).
   */
  private readonly route = (_: Channel.WireArg, key: string): Subscription | undefined => {
    const sub = this.subs.get(key)
    return sub === undefined || sub.owner !== this || sub.handover !== undefined ? undefined : sub
  }

  onText(text: string): void {
    // Book pushes are read straight from the text (`fastPush.ts`: the same push the general path
    // below gives, tested); anything it does not vouch for takes the general path.
    const fast = FastPush.read(text, this.route)
    if (fast !== undefined) {
      const sub = fast.target
      if (this.settings.metrics) Metrics.unsafeMessages(sub.channel.name)
      this.offer(sub, {
        _tag: "Push",
        action: fast.action === "snapshot" ? "snapshot" : "update",
        arg: fast.arg,
        rows: fast.rows,
        ts: fast.ts
      })
      return
    }
    const frame = Wire.parse(text)
    if (frame === undefined) return
    if (frame === "pong") {
      const pong = this.pongs.shift()
      if (pong !== undefined) Deferred.unsafeDone(pong, Exit.void)
      return
    }
    const arg = frame.arg
    if (frame.action !== undefined && typeof arg === "object" && arg !== null && !Array.isArray(arg)) {
      const sub = this.subs.get(Channel.key(arg as Record<string, unknown>))
      if (sub === undefined) return
      const handover = sub.handover
      // Outside a handover only the owner's pushes count; during one, both sockets' new rows do.
      if (sub.owner !== this && handover === undefined) return
      const data = handover === undefined ? frame.data : unseen(handover, frame.data)
      if (data === undefined) return
      if (this.settings.metrics) Metrics.unsafeMessages(sub.channel.name)
      const rows = sub.decode(data)
      if (Either.isLeft(rows)) {
        this.subs.delete(sub.key)
        this.fail(sub, new MalformedPush({ channel: sub.channel.name, reason: rows.left }))
        sub.subscribers.clear()
        // Its Streams have failed: stop the pushes nobody reads.
        this.hooks.run(this.unsubscribe([sub.arg]))
        return
      }
      this.offer(sub, {
        _tag: "Push",
        action: frame.action === "snapshot" ? "snapshot" : "update",
        arg: arg as Channel.WireArg,
        rows: rows.right,
        ts: typeof frame.ts === "number" ? DateTime.unsafeMake(frame.ts) : undefined
      })
      return
    }
    switch (frame.event) {
      case "login": {
        const code = Wire.code(frame.code)
        if (this.login !== undefined) {
          Deferred.unsafeDone(
            this.login,
            code === "0" ? Exit.void : Exit.fail({ code, msg: String(frame.msg ?? "") })
          )
        }
        return
      }
      case "subscribe": {
        if (typeof arg !== "object" || arg === null) return
        const key = Channel.key(arg as Record<string, unknown>)
        this.pending = this.pending.filter((k) => k !== key)
        const sub = this.subs.get(key)
        // A retiring socket's late ack does not take back what the new socket took.
        if (sub !== undefined && (sub.owner === this || !this.retiring)) this.acked(sub)
        return
      }
      case "trade":
        this.answer(frame)
        return
      case "error":
        return this.error(frame)
    }
  }

  /** An order request's answer, matched by its `id` (top level on V3, inside `arg[0]` on V2). */
  private answer(frame: Record<string, unknown>): boolean {
    const first = Array.isArray(frame.arg) ? frame.arg[0] : undefined
    const id = typeof frame.id === "string" ? frame.id : typeof first?.id === "string" ? first.id : undefined
    const request = id === undefined ? undefined : this.requests.get(id)
    if (request === undefined || id === undefined) return false
    this.requests.delete(id)
    Deferred.unsafeDone(request, Exit.succeed(frame))
    return true
  }

  private error(frame: Record<string, unknown>): void {
    const code = Wire.code(frame.code)
    const msg = String(frame.msg ?? "")
    if (code === "30033") {
      // Maintenance: the socket drops in about 60 s; move to a fresh one now, this one delivering
      // until the new one has everything (reference §3.6).
      if (!this.retiring) this.hooks.rotate(this, "maintenance notice 30033")
      return
    }
    if (this.login !== undefined && !this.live) {
      Deferred.unsafeDone(this.login, Exit.fail({ code, msg }))
      return
    }
    if (frame.op === "trade" || typeof frame.id === "string" || Array.isArray(frame.arg)) {
      if (this.answer(frame)) return
    }
    const arg = frame.arg
    const withArg = typeof arg === "object" && arg !== null && !Array.isArray(arg)
    // V3 errors carry no arg: a subscription refusal then answers the oldest subscribe still
    // unanswered. Other codes (30006/30007 message limits …) refuse no subscription.
    if (!withArg && !SUBSCRIBE_CODES.has(code)) return
    const key = withArg ? Channel.key(arg as Record<string, unknown>) : this.pending.shift()
    if (key === undefined) return
    this.pending = this.pending.filter((k) => k !== key)
    const sub = this.subs.get(key)
    if (sub !== undefined && (sub.owner === this || !this.retiring)) this.refuse(sub, code, msg)
  }

  // ---- the loop ---------------------------------------------------------------------------

  private open(closed: Deferred.Deferred<string>): Effect.Effect<WebSocket, string> {
    const url = this.settings.url + this.path
    return Effect.async<WebSocket, string>((resume) => {
      const ws = new WebSocket(url, { handshakeTimeout: this.settings.connectTimeout })
      let opened = false
      ws.on("open", () => {
        opened = true
        resume(Effect.succeed(ws))
      })
      ws.on("message", (data, binary) => {
        if (!binary) this.onText(data.toString())
      })
      ws.on("error", (error) => {
        if (!opened) resume(Effect.fail(`connect failed: ${error.message}`))
      })
      ws.on("close", (code) => {
        if (!opened) resume(Effect.fail(`closed before open (${code})`))
        Deferred.unsafeDone(closed, Exit.succeed(`closed by the server (${code})`))
      })
      return Effect.sync(() => ws.terminate())
    }).pipe(
      Effect.timeoutFail({ duration: this.settings.connectTimeout, onTimeout: () => "connect timed out" })
    )
  }

  private heartbeat(closed: Deferred.Deferred<string>): Effect.Effect<void> {
    const self = this
    return Effect.gen(function*() {
      for (;;) {
        yield* Effect.sleep(self.settings.pingInterval)
        const pong = yield* self.ping()
        const answered = pong === undefined ?
          Option.none() :
          yield* Deferred.await(pong).pipe(Effect.timeout(self.settings.pongTimeout), Effect.option)
        if (Option.isNone(answered)) {
          yield* Deferred.succeed(closed, "no pong")
          return
        }
      }
    })
  }

  private session: Effect.Effect<string, SocketAuthenticationError | string> = Effect.suspend(() => {
    const self = this
    return Effect.scoped(Effect.gen(function*() {
      const closed = yield* Deferred.make<string>()
      const ws = yield* Effect.acquireRelease(self.open(closed), (ws) =>
        Effect.sync(() => {
          ws.removeAllListeners()
          ws.on("error", () => {})
          ws.terminate()
        }))
      self.sessions++
      if (self.settings.metrics) {
        Metrics.unsafeConnectionOpened(self.label)
        if (self.sessions > 1) Metrics.unsafeReconnect(self.label)
      }
      self.ws = ws
      self.pending = []
      self.pongs = []
      self.sent = []
      self.subscribeTimes = []
      yield* Effect.addFinalizer(() =>
        Effect.gen(function*() {
          if (self.settings.metrics) Metrics.unsafeConnectionClosed(self.label)
          self.ws = undefined
          self.live = false
          self.login = undefined
          // Nothing more arrives on this socket: whoever waits for a pong waits no longer.
          for (const pong of self.pongs) Deferred.unsafeDone(pong, Exit.void)
          self.pongs = []
          for (const sub of self.subs.values()) if (sub.owner === self) sub.acked = false
          for (const request of self.requests.values()) Deferred.unsafeDone(request, Exit.succeed(undefined))
          self.requests.clear()
          // A resolved `ready` is replaced; a pending one stays and its waiters wait for the next session.
          if (yield* Deferred.isDone(self.ready)) self.ready = Deferred.unsafeMake(FiberId.none)
        })
      )
      if (self.access === "private") {
        const credentials = self.settings.credentials
        if (credentials === undefined) {
          return yield* Effect.fail(
            new SocketAuthenticationError({ code: "none", msg: "no API credentials configured for a private channel" })
          )
        }
        const login = yield* Deferred.make<void, { readonly code: string; readonly msg: string }>()
        self.login = login
        const now = (yield* Clock.currentTimeMillis) + (yield* self.hooks.clockOffset)
        yield* self.send(
          Wire.login(
            Redacted.value(credentials.apiKey),
            Redacted.value(credentials.passphrase),
            Redacted.value(credentials.secret),
            now
          )
        )
        const answer = yield* Deferred.await(login).pipe(
          Effect.either,
          Effect.raceFirst(Effect.map(Deferred.await(closed), (why) => Either.left({ code: "closed", msg: why }))),
          Effect.timeoutFail({ duration: self.settings.loginTimeout, onTimeout: () => "login timed out" })
        )
        if (Either.isLeft(answer)) {
          const { code, msg } = answer.left
          if (AUTH_CODES.has(code)) return yield* Effect.fail(new SocketAuthenticationError({ code, msg }))
          if (CLOCK_CODES.has(code)) return yield* Effect.fail(CLOCK)
          return yield* Effect.fail(`login failed: ${code} ${msg}`)
        }
      }
      // The args are taken in the same step that marks the socket live: a subscription added
      // later is sent by its own subscribe, never twice, never missed.
      const args = [...self.subs.values()].map((sub) => sub.arg)
      self.live = true
      yield* Deferred.succeed(self.ready, undefined)
      self.settle()
      yield* self.subscribe(args)
      yield* Effect.forkScoped(self.heartbeat(closed))
      // Ahead of Bitget's 24 h close, a new socket takes over before this one closes.
      yield* Effect.forkScoped(
        Effect.zipRight(Effect.sleep(self.settings.maxAge), Effect.sync(() => self.hooks.rotate(self, "rotation")))
      )
      return yield* Deferred.await(closed)
    }))
  })

  /** Reconnects until stopped; a refused login fails every subscriber and ends the connection. */
  readonly loop: Effect.Effect<void> = Effect.suspend(() => {
    const self = this
    return Effect.gen(function*() {
      let failures = 0
      let clockSynced = false
      while (!self.stopped) {
        if (failures > 0) {
          const ceiling = Math.min(self.settings.backoffCap, self.settings.backoffBase * 2 ** (failures - 1))
          const jitter = yield* Random.next
          yield* Effect.sleep(Math.round(ceiling * (0.5 + jitter / 2)))
        }
        yield* self.hooks.attempt
        const started = yield* Clock.currentTimeMillis
        const outcome = yield* Effect.either(self.session)
        if (Either.isLeft(outcome) && typeof outcome.left !== "string") {
          const error = outcome.left
          self.stopped = true
          self.failAll(error)
          Deferred.unsafeDone(self.ready, Exit.fail(error))
          for (const request of self.requests.values()) Deferred.unsafeDone(request, Exit.succeed(undefined))
          self.hooks.ended(self)
          return
        }
        if (self.retiring) {
          // Replaced: the new connection carries everything; this one does not come back.
          self.stopped = true
          self.hooks.ended(self)
          return
        }
        const ended = yield* Clock.currentTimeMillis
        yield* Effect.logDebug("bitget websocket: socket ended, reconnecting").pipe(
          Effect.annotateLogs({
            path: self.path,
            reason: Either.isRight(outcome) ? outcome.right : outcome.left,
            lived: ended - started
          })
        )
        if (Either.isLeft(outcome) && outcome.left === CLOCK && !clockSynced) {
          // Not a plain retry: the timestamp was refused, so the clock is measured again and the
          // next login (at once) signs the server's time. Refused again, it backs off as any failure.
          clockSynced = yield* self.hooks.syncClock
          if (clockSynced) continue
        }
        clockSynced = false
        failures = ended - started >= self.settings.stableAfter ? 0 : failures + 1
      }
    })
  })
}
