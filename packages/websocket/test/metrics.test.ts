/**
 * The WebSocket metrics of core's `Metrics` (issue 24), recorded by this package when the config's
 * `metrics` is on, read with `Metric.snapshot` against the simulator: connections open, reconnects
 * after a drop, order-book resyncs after a skipped `seq`, messages received per channel. Off, nothing
 * is recorded. Effect's registry is global to the process: every figure is read as a change.
 */
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Metric from "effect/Metric"
import type * as MetricState from "effect/MetricState"
import * as Stream from "effect/Stream"
import * as BitgetSocket from "../src/BitgetSocket.js"
import * as Book from "../src/Book.js"
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

const env = (metrics: boolean) =>
  Layer.unwrapEffect(
    Effect.map(Simulator.Simulator, (simulator) =>
      BitgetSocket.layer({ url: simulator.wsUrl, backoffBase: "10 millis" }).pipe(
        Layer.provide(BitgetConfig.layer({ metrics }))
      ))
  ).pipe(Layer.provideMerge(Simulator.layer({ ws: { tickMillis: 20 } })))

/** A book followed (through a skipped `seq` and a dropped socket with `faults`); the figures' changes. */
const program = (faults: boolean) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const before = yield* figures
    let books = 0
    const fiber = yield* Effect.fork(
      Stream.runForEach(Book.v2({ instType: "USDT-FUTURES", instId: "BTCUSDT" }, { depth: 15 }), () =>
        Effect.sync(() => {
          books++
        }))
    )
    yield* eventually(() => books >= 3, "books")
    const opened = yield* figures
    if (faults) {
      simulator.ws.skipSeq(1)
      const skipped = books
      yield* eventually(() => books >= skipped + 3, "books after the gap", 8000)
      simulator.ws.drop("/v2/ws/public")
      const dropped = books
      yield* eventually(() => books >= dropped + 3, "books after the drop", 8000)
    }
    const during = yield* figures
    yield* Fiber.interrupt(fiber)
    yield* eventually(() => simulator.ws.open() === 0, "closed")
    const after = yield* figures
    return {
      openWhileRunning: opened.open - before.open,
      openAfter: after.open - before.open,
      reconnects: during.reconnects - before.reconnects,
      resyncs: during.resyncs - before.resyncs,
      messages: during.messages - before.messages,
      books
    }
  })

describe("WebSocket metrics", () => {
  it.live(
    "on: connections open, reconnects, book resyncs and messages, tagged by connection and channel",
    () =>
      Effect.gen(function*() {
        const seen = yield* program(true)
        expect(seen.openWhileRunning).toBe(1)
        // Closed at the end (and the dropped one counted down).
        expect(seen.openAfter).toBe(0)
        expect(seen.reconnects).toBe(1)
        expect(seen.resyncs).toBe(1)
        // Every books push counted: at least one per book emitted, and the resync's snapshot.
        expect(seen.messages).toBeGreaterThanOrEqual(seen.books)
      }).pipe(Effect.provide(env(true))),
    15_000
  )

  it.live("off: nothing recorded", () =>
    Effect.gen(function*() {
      const seen = yield* program(false)
      expect(seen).toEqual({
        openWhileRunning: 0,
        openAfter: 0,
        reconnects: 0,
        resyncs: 0,
        messages: 0,
        books: seen.books
      })
    }).pipe(Effect.provide(env(false))), 15_000)
})
