/**
 * The WebSocket metrics of core's `Metrics` (issue 24), recorded by this package when the config's
 * `metrics` is on, read with `Metric.snapshot` against the simulator's hostile server: connections open, reconnects
 * after a drop, order-book resyncs after a skipped `seq`, messages received per channel. Off, nothing
 * is recorded. Effect's registry is global to the process: every figure is read as a change.
 */
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Hostile from "@effect-bitget/simulator/ws/Hostile"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Metric from "effect/Metric"
import type * as MetricState from "effect/MetricState"
import * as Stream from "effect/Stream"
import * as BitgetSocket from "../src/BitgetSocket.js"
import * as Book from "../src/Book.js"
import * as V2Public from "../src/V2Public.js"
import { eventually } from "./support/env.js"

const count = (name: string, tags: Readonly<Record<string, string>>) =>
  Effect.map(Metric.snapshot, (pairs) => {
    const wanted = JSON.stringify(Object.entries(tags).sort())
    const pair = pairs.find((pair) =>
      pair.metricKey.name === name &&
      JSON.stringify(pair.metricKey.tags.map((tag) => [tag.key, tag.value]).sort()) === wanted
    )
    return (pair?.metricState as MetricState.MetricState.Counter<number> | undefined)?.count ?? 0
  })

const figures = Effect.all({
  open: count("bitget.websocket.connections", { connection: "v2-public" }),
  reconnects: count("bitget.websocket.reconnects", { connection: "v2-public" }),
  resyncs: count("bitget.websocket.orderbook.resyncs", { channel: "websocket.v2Public.books" }),
  messages: count("bitget.websocket.messages", { channel: "websocket.v2Public.books" })
})

/**
 * A book followed on the simulator's hostile server (updates every 10 ms); with `faults`, through
 * a lost update (a `seq` gap) and a dropped connection. The figures' changes.
 */
const program = (metrics: boolean, faults: boolean) =>
  Effect.scoped(Effect.gen(function*() {
    // With faults, every connection is dropped 600 ms after it opens, until set back below.
    const hostile = yield* Hostile.make(faults ? { closeEveryMillis: 600 } : {})
    const before = yield* figures
    let books = 0
    let resyncs = 0
    const stream = Book.stream(V2Public.Books, { instType: "USDT-FUTURES", instId: "BTCUSDT" }, {
      depth: 15,
      onResync: () => {
        resyncs++
      }
    })
    const fiber = yield* Effect.fork(
      Stream.runForEach(stream, () =>
        Effect.sync(() => {
          books++
        })).pipe(
          Effect.provide(
            BitgetSocket.layer({ url: hostile.url, backoffBase: "10 millis" }).pipe(
              Layer.provide(BitgetConfig.layer({ metrics }))
            )
          )
        )
    )
    yield* eventually(() => books >= 3, "books")
    const opened = yield* figures
    if (faults) {
      hostile.set({ skipEvery: 3 })
      yield* eventually(() => resyncs >= 1, "a gap")
      hostile.set({ skipEvery: 0 })
      const skipped = books
      yield* eventually(() => books >= skipped + 3, "books after the gap")
      yield* eventually(() => hostile.stats.connects >= 2, "a reconnect")
      hostile.set({ closeEveryMillis: 0 })
      // The socket open now may still be dropped once (its timer was set when it opened).
      yield* Effect.sleep("700 millis")
      const dropped = books
      yield* eventually(() => books >= dropped + 3, "books after the drop")
    }
    const during = yield* figures
    yield* Fiber.interrupt(fiber)
    yield* eventually(() => hostile.open() === 0, "closed")
    const after = yield* figures
    return {
      openWhileRunning: opened.open - before.open,
      openAfter: after.open - before.open,
      reconnects: during.reconnects - before.reconnects,
      connects: hostile.stats.connects,
      resyncs: during.resyncs - before.resyncs,
      resyncsSeen: resyncs,
      messages: during.messages - before.messages,
      books
    }
  }))

describe("WebSocket metrics", () => {
  it.live(
    "on: connections open, reconnects, book resyncs and messages, tagged by connection and channel",
    () =>
      Effect.gen(function*() {
        const seen = yield* program(true, true)
        expect(seen.openWhileRunning).toBe(1)
        // Closed at the end (and the dropped ones counted down).
        expect(seen.openAfter).toBe(0)
        expect(seen.reconnects).toBeGreaterThanOrEqual(1)
        expect(seen.reconnects).toBe(seen.connects - 1)
        expect(seen.resyncs).toBeGreaterThanOrEqual(1)
        expect(seen.resyncs).toBe(seen.resyncsSeen)
        // Every books push counted: at least one per book emitted.
        expect(seen.messages).toBeGreaterThanOrEqual(seen.books)
      }),
    15_000
  )

  it.live("off: nothing recorded", () =>
    Effect.gen(function*() {
      const seen = yield* program(false, true)
      expect(seen.resyncsSeen).toBeGreaterThanOrEqual(1)
      expect(seen.connects).toBeGreaterThanOrEqual(2)
      expect([seen.openWhileRunning, seen.openAfter, seen.reconnects, seen.resyncs, seen.messages])
        .toEqual([0, 0, 0, 0, 0])
    }), 15_000)
})
