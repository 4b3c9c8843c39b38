import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Metrics from "@effect-bitget/core/Metrics"
import * as Operation from "@effect-bitget/core/Operation"
import * as Public from "@effect-bitget/core/Public"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import * as Seeded from "@effect-bitget/simulator/Seeded"
import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Metric from "effect/Metric"
import type * as MetricState from "effect/MetricState"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"
import * as Crypto from "node:crypto"
import * as Hostile from "./hostile/Hostile.js"
import * as Support from "./support.js"

const anchor = 1_750_000_000_000

/** Runs `effect` while moving TestClock on in steps, real I/O between them (as in resilience.test.ts). */
const drive = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(effect)
    for (let i = 0; i < 2000; i++) {
      const done = yield* Fiber.poll(fiber)
      if (done._tag === "Some") break
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 5)))
      yield* TestClock.adjust("50 millis")
    }
    return yield* Fiber.join(fiber)
  })

type Tags = Readonly<Record<string, string>>

/** The state of metric `name` with exactly `tags` in Effect's registry, if it was ever recorded. */
const state = (name: string, tags: Tags) =>
  Effect.map(Metric.snapshot, (pairs) => {
    const wanted = JSON.stringify(Object.entries(tags).sort())
    const pair = pairs.find((pair) =>
      pair.metricKey.name === name &&
      JSON.stringify(pair.metricKey.tags.map((tag) => [tag.key, tag.value]).sort()) === wanted
    )
    return pair?.metricState
  })

const count = (name: string, tags: Tags) =>
  Effect.map(state(name, tags), (found) => (found as MetricState.MetricState.Counter<number> | undefined)?.count ?? 0)

const histogram = (name: string, tags: Tags) =>
  Effect.map(state(name, tags), (found) => found as MetricState.MetricState.Histogram | undefined)

const gauge = (name: string, tags: Tags) =>
  Effect.map(state(name, tags), (found) => (found as MetricState.MetricState.Gauge<number> | undefined)?.value)

const tradeRate = { endpoint: "core.public.tradeRate" }
const serverTime = { endpoint: "core.public.serverTime" }
const echo = { endpoint: "test.echo" }

// Effect's metric registry is global to the process: every figure is read as a change across the program.
describe("metrics (TestClock)", () => {
  it.scoped("a short program: calls, a 429 retried, a clock resync, a limiter wait, a streamed history", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const before = {
        success: yield* count("bitget.requests", { ...tradeRate, outcome: "success" }),
        failed: yield* count("bitget.requests", { endpoint: "test.fail", outcome: "InsufficientBalance" }),
        rateLimit: yield* count("bitget.retries", { ...serverTime, reason: "rate_limit" }),
        transport: yield* count("bitget.retries", { ...serverTime, reason: "transport" }),
        resync: yield* count("bitget.retries", { ...tradeRate, reason: "clock_resync" }),
        rows: yield* count("bitget.stream.rows", { endpoint: "test.byEndId" }),
        pageRows: yield* count("bitget.stream.rows", { endpoint: "test.byLastRow" }),
        durations: (yield* histogram("bitget.request.duration", serverTime))?.count ?? 0,
        waits: (yield* histogram("bitget.limiter.wait", echo))?.count ?? 0,
        waited: (yield* histogram("bitget.limiter.wait", echo))?.sum ?? 0
      }

      // Three calls that succeed, one that fails with the exchange's 43012 (InsufficientBalance).
      for (let i = 0; i < 3; i++) yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
      yield* Effect.flip(Support.fail({ code: "43012" }))
      expect(yield* count("bitget.requests", { ...tradeRate, outcome: "success" })).toBe(before.success + 3)
      expect(yield* count("bitget.requests", { endpoint: "test.fail", outcome: "InsufficientBalance" })).toBe(
        before.failed + 1
      )

      // A 429 retried, then a dropped connection retried: one call each, and its duration holds the backoff.
      simulator.faults.inject({ _tag: "TooMany" }, 1)
      yield* drive(Public.serverTime())
      simulator.faults.inject({ _tag: "Drop" }, 1)
      yield* drive(Public.serverTime())
      expect(simulator.traffic.count("GET /api/v2/public/time")).toBe(4)
      expect(yield* count("bitget.retries", { ...serverTime, reason: "rate_limit" })).toBe(before.rateLimit + 1)
      expect(yield* count("bitget.retries", { ...serverTime, reason: "transport" })).toBe(before.transport + 1)
      const durations = (yield* histogram("bitget.request.duration", serverTime))!
      expect(durations.count).toBe(before.durations + 2)
      // The 429's backoff is 125–250 ms of TestClock, the drop's 100 ms: the slowest call took at least that.
      expect(durations.max).toBeGreaterThanOrEqual(100)

      // A timestamp rejected once: the call resyncs the clock and is sent again.
      simulator.faults.set({ clockSkewMillis: 120_000 })
      yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
      expect(yield* count("bitget.retries", { ...tradeRate, reason: "clock_resync" })).toBe(before.resync + 1)
      // (The skew stays: the client now signs by the server's clock.)

      // echo allows 5 a second: the first leaves 4 tokens, the fifth none, the sixth waits ≈ 1 s.
      yield* Support.echo({ note: "1" })
      expect(yield* gauge("bitget.limiter.available", echo)).toBe(4)
      for (let i = 2; i <= 5; i++) yield* Support.echo({ note: String(i) })
      expect(yield* gauge("bitget.limiter.available", echo)).toBe(0)
      yield* drive(Support.echo({ note: "6" }))
      const waits = (yield* histogram("bitget.limiter.wait", echo))!
      expect(waits.count).toBe(before.waits + 6)
      const waited = waits.sum - before.waited
      expect(waited).toBeGreaterThanOrEqual(1000)
      expect(waited).toBeLessThan(1100)

      // A streamed history: every row counted once, by items and by pages. The operation is made here, not at
      // import: `Operation.make` wires the row counter and the streams when it runs, before a mutant is active.
      const byEndId = Operation.make(Support.ByEndId)
      const rows = Seeded.seed(Support.ByEndId, anchor).rows.length
      const items = yield* Stream.runCount(byEndId.items())
      expect(items).toBe(rows)
      expect(yield* count("bitget.stream.rows", { endpoint: "test.byEndId" })).toBe(before.rows + rows)
      const pages = yield* Stream.runCollect(byEndId.pages())
      expect(pages.length).toBeGreaterThan(1)
      expect(yield* count("bitget.stream.rows", { endpoint: "test.byEndId" })).toBe(before.rows + 2 * rows)
      expect(yield* count("bitget.stream.rows", { endpoint: "test.byLastRow" })).toBe(before.pageRows)
    }).pipe(Effect.provide(Support.env({ metrics: true }, anchor))))

  it.scoped("off (the default), a program records nothing", () =>
    Effect.gen(function*() {
      const before = (yield* Metric.snapshot).map((pair) => [pair.metricKey, pair.metricState] as const)
      const tagged = { endpoint: "test.query", outcome: "success" }
      const was = yield* count("bitget.requests", tagged)
      const simulator = yield* Simulator.Simulator
      // Each kind of retry: a 429, a dropped connection (a GET), a timestamp rejected once.
      simulator.faults.inject({ _tag: "TooMany" }, 1)
      yield* drive(Support.query({ probe: "1" }))
      simulator.faults.inject({ _tag: "Drop" }, 1)
      yield* drive(Support.query({ probe: "2" }))
      simulator.faults.set({ clockSkewMillis: 120_000 })
      yield* Support.query({ probe: "3" })
      expect(simulator.traffic.count("GET /api/v2/test/query")).toBe(6)
      yield* Stream.runDrain(Operation.make(Support.ByEndId).items())
      expect(yield* count("bitget.requests", tagged)).toBe(was)
      const after = yield* Metric.snapshot
      const bitget = (pairs: ReadonlyArray<readonly [{ readonly name: string }, unknown]>) =>
        pairs.filter(([key]) => key.name.startsWith("bitget.")).map(([key, state]) => [key, state])
      expect(JSON.stringify(bitget(after.map((pair) => [pair.metricKey, pair.metricState] as const)))).toBe(
        JSON.stringify(bitget(before))
      )
    }).pipe(Effect.provide(Support.env({}, anchor))))

  it.effect("the WebSocket set, as the websocket package records it: connections open up and down, reconnects, resyncs, messages", () =>
    Effect.gen(function*() {
      const connection = { connection: "test-public" }
      const channel = { channel: "test-books" }
      const open = yield* count("bitget.websocket.connections", connection)
      Metrics.unsafeConnectionOpened("test-public")
      Metrics.unsafeConnectionOpened("test-public")
      Metrics.unsafeConnectionClosed("test-public")
      Metrics.unsafeReconnect("test-public")
      Metrics.unsafeOrderBookResync("test-books")
      Metrics.unsafeMessages("test-books")
      Metrics.unsafeMessages("test-books", 4)
      expect(yield* count("bitget.websocket.connections", connection)).toBe(open + 1)
      expect(yield* count("bitget.websocket.reconnects", connection)).toBe(1)
      expect(yield* count("bitget.websocket.orderbook.resyncs", channel)).toBe(1)
      expect(yield* count("bitget.websocket.messages", channel)).toBe(5)
    }))
})

describe("metrics: a call's outcome (hostile server)", () => {
  it.scoped("an interrupted call is counted with outcome interrupted, a timed-out one as TransportError", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      const tags = (outcome: string) => ({ ...serverTime, outcome })
      const before = [
        yield* count("bitget.requests", tags("interrupted")),
        yield* count("bitget.requests", tags("TransportError"))
      ]
      const layer = Hostile.client(hostile.url, undefined, { metrics: true, timeout: "50 millis" })
      hostile.next({ _tag: "Hang" }, "GET /api/v2/public/time", 4)
      const fiber = yield* Effect.fork(Effect.provide(Public.serverTime(), layer))
      yield* Hostile.settle(() => hostile.count("GET /api/v2/public/time") === 1)
      yield* Fiber.interrupt(fiber)
      // Timed out three times (the GET is retried twice): one call, one TransportError.
      yield* Hostile.drive(Effect.flip(Effect.provide(Public.serverTime(), layer)))
      expect([
        yield* count("bitget.requests", tags("interrupted")),
        yield* count("bitget.requests", tags("TransportError"))
      ])
        .toEqual([before[0]! + 1, before[1]! + 1])
    }))

  // A signing key of the wrong kind (Ed25519 given as RSA) throws inside the call: a defect, not a BitgetError.
  it.scoped("a call that dies is counted with outcome defect, nothing sent", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      const { privateKey } = Crypto.generateKeyPairSync("ed25519")
      const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString()
      const layer = BitgetClient.layer.pipe(
        Layer.provide(Layer.merge(HttpSigner.layerRsa(Redacted.make(pem)), Limiter.layerMemory)),
        Layer.provide(BitgetConfig.layer({ baseUrl: hostile.url, credentials: Hostile.anyCredentials, metrics: true })),
        Layer.provide(Transport.layerUndici)
      )
      const before = yield* count("bitget.requests", { ...echo, outcome: "defect" })
      const exit = yield* Effect.exit(Effect.provide(Support.echo({ note: "x" }), layer))
      expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
      expect(yield* count("bitget.requests", { ...echo, outcome: "defect" })).toBe(before + 1)
      expect(hostile.received).toHaveLength(0)
    }))

  // Under TestClock a call that times out lasts exactly its timeout, whenever it starts.
  it.scoped("a call's duration is the fiber clock's time from its start to its end, in ms", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      yield* TestClock.adjust("10 seconds")
      const before = (yield* histogram("bitget.request.duration", echo)) ?? { count: 0, sum: 0 }
      hostile.next({ _tag: "Hang" }, "POST /api/v2/test/echo")
      const layer = Hostile.client(hostile.url, Hostile.anyCredentials, { metrics: true, timeout: "5 seconds" })
      const fiber = yield* Effect.fork(Effect.flip(Effect.provide(Support.echo({ note: "x" }), layer)))
      yield* Hostile.settle(() => hostile.count("POST /api/v2/test/echo") === 1)
      yield* TestClock.adjust("5 seconds")
      expect(yield* Fiber.join(fiber)).toMatchObject({ _tag: "TransportError", timedOut: true })
      const after = (yield* histogram("bitget.request.duration", echo))!
      expect([after.count - before.count, after.sum - before.sum]).toEqual([1, 5000])
    }))
})
