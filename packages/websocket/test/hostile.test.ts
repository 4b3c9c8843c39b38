/**
 * This client against the simulator's hostile server (packages/simulator/src/ws/Hostile.ts): every
 * book it emits must equal the server's truth at that `seq`, whatever is lost, reset or cut; logins
 * refused are never retried in a loop; nothing stays open after the Streams end. The figures are
 * printed for docs/reliability.md.
 */
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Hostile from "@effect-bitget/simulator/ws/Hostile"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import * as BitgetSocket from "../src/BitgetSocket.js"
import * as Book from "../src/Book.js"
import * as V2Private from "../src/V2Private.js"
import * as V2Public from "../src/V2Public.js"
import { eventually } from "./support/env.js"

const config = BitgetConfig.layer({
  credentials: { apiKey: Redacted.make("k"), secret: Redacted.make("s"), passphrase: Redacted.make("p") }
})

const against = <A, E>(
  behaviour: Partial<Hostile.Behaviour>,
  options: BitgetSocket.Options,
  body: (hostile: Hostile.Hostile) => Effect.Effect<A, E, BitgetSocket.BitgetSocket>
) =>
  Effect.scoped(Effect.gen(function*() {
    const hostile = yield* Hostile.make(behaviour)
    const result = yield* body(hostile).pipe(
      Effect.provide(
        BitgetSocket.layer({ backoffBase: "10 millis", backoffCap: "200 millis", ...options, url: hostile.url }).pipe(
          Layer.provide(config)
        )
      )
    )
    // The layer is closed: no connection may stay open.
    yield* eventually(() => hostile.open() === 0, "every connection closed")
    return result
  }))

const levels = (side: ReadonlyArray<{ price: any; size: any }>) =>
  side.map((l) => [Decimal.format(l.price), Decimal.format(l.size)])

/** Takes `count` books and checks each against the server's truth at its seq (top `depth`). */
const checkBooks = (hostile: Hostile.Hostile, count: number, depth: number) =>
  Effect.gen(function*() {
    const reasons: Array<string> = []
    let checked = 0
    const started = Date.now()
    yield* Book.stream(V2Public.Books, { instType: "USDT-FUTURES", instId: "BTCUSDT" }, {
      depth,
      onResync: (reason) => reasons.push(reason)
    }).pipe(
      Stream.take(count),
      Stream.runForEach((book) =>
        Effect.sync(() => {
          const truth = hostile.truth("BTCUSDT", book.seq!)
          expect(truth).toBeDefined()
          expect(levels(book.asks)).toEqual(truth!.asks.slice(0, depth).map((l) => [...l]))
          expect(levels(book.bids)).toEqual(truth!.bids.slice(0, depth).map((l) => [...l]))
          checked++
        })
      )
    )
    return { checked, reasons, millis: Date.now() - started }
  })

const report = (what: string, figures: Record<string, unknown>) =>
  Effect.sync(() => console.log(`[hostile] ${what}: ${JSON.stringify(figures)}`))

describe("against the hostile server", () => {
  it.live(
    "lost updates (a pseq gap every 7th): every emitted book equals the server's",
    () =>
      against({ skipEvery: 7, tickMillis: 5 }, {}, (hostile) =>
        Effect.gen(function*() {
          // Each rebuild costs an unsubscribe and a subscribe, paced under the message limit.
          const { checked, millis, reasons } = yield* checkBooks(hostile, 60, 10)
          expect(checked).toBe(60)
          expect(reasons.length).toBeGreaterThan(0)
          expect(reasons.every((r) => r === "gap")).toBe(true)
          yield* report("skipEvery 7", { checked, resyncs: reasons.length, lost: hostile.stats.lost, millis })
        })),
    20_000
  )

  it.live(
    "sequence restarts (pseq 0 every 10th): rebuilt each time, never wrong",
    () =>
      against({ resetEvery: 10, tickMillis: 5 }, {}, (hostile) =>
        Effect.gen(function*() {
          const { checked, millis, reasons } = yield* checkBooks(hostile, 60, 5)
          expect(checked).toBe(60)
          expect(reasons).toContain("restart")
          yield* report("resetEvery 10", { checked, resyncs: reasons.length, millis })
        })),
    20_000
  )

  it.live(
    "a drop in the middle of the snapshot, then connections closed every 150 ms",
    () =>
      against(
        { dropMidSnapshot: 2, closeEveryMillis: 150, tickMillis: 5 },
        { stableAfter: "100 millis" },
        (hostile) =>
          Effect.gen(function*() {
            const { checked, millis, reasons } = yield* checkBooks(hostile, 100, 10)
            expect(checked).toBe(100)
            expect(hostile.stats.connects).toBeGreaterThanOrEqual(3)
            yield* report("dropMidSnapshot 2 + closeEvery 150ms", {
              checked,
              resyncs: reasons.length,
              connects: hostile.stats.connects,
              maxOpen: hostile.stats.maxOpen,
              millis
            })
          })
      ),
    20_000
  )

  it.live("a refused login fails the Stream once: one connection, no retry loop", () =>
    against({ refuseLogins: true }, {}, (hostile) =>
      Effect.gen(function*() {
        const error = yield* Stream.runDrain(V2Private.spotOrders({})).pipe(Effect.flip)
        expect(error._tag).toBe("SocketAuthenticationError")
        yield* Effect.sleep("300 millis")
        expect(hostile.stats.connects).toBe(1)
        yield* report("refuseLogins", { connects: hostile.stats.connects, logins: hostile.stats.logins })
      })))

  it.live(
    "no hot loop: a server that closes every socket at once is retried with growing delays",
    () =>
      against(
        { closeEveryMillis: 1 },
        { backoffBase: "20 millis", backoffCap: "400 millis" },
        (hostile) =>
          Effect.gen(function*() {
            const fiber = yield* Effect.fork(Stream.runDrain(Book.v2({ instType: "SPOT", instId: "BTCUSDT" })))
            yield* Effect.sleep("2 seconds")
            const times = [...hostile.stats.connectTimes]
            const gaps = times.slice(1).map((t, i) => t - times[i]!)
            // Doubling from 20 ms (jittered ×0.5–1) to the 400 ms cap: a handful in 2 s, not hundreds.
            expect(times.length).toBeLessThanOrEqual(12)
            expect(Math.max(...gaps)).toBeGreaterThanOrEqual(150)
            yield* report("closeEvery 1ms for 2 s", { connects: times.length, gapsMs: gaps })
            yield* Fiber.interrupt(fiber)
          })
      ),
    10_000
  )

  it.live(
    "pongs that never come: the socket is replaced",
    () =>
      against(
        { stallPongs: true, tickMillis: 5 },
        { pingInterval: "50 millis", pongTimeout: "50 millis" },
        (hostile) =>
          Effect.gen(function*() {
            const { checked } = yield* checkBooks(hostile, 60, 5)
            yield* eventually(() => hostile.stats.connects >= 2, "a second connection")
            expect(checked).toBe(60)
            expect(hostile.stats.pings).toBeGreaterThanOrEqual(1)
          })
      ),
    10_000
  )
})
