import * as Paginate from "@effect-bitget/core/internal/paginate"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { Simulator } from "@effect-bitget/simulator"
import * as Seeded from "@effect-bitget/simulator/Seeded"
import { describe, expect, it, layer } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as FastCheck from "effect/FastCheck"
import * as Stream from "effect/Stream"
import * as Support from "./support.js"

const anchor = 1_750_000_000_000
const day = 86_400_000

/** The seeded rows the simulator holds for a declaration (the same seed, the same rows). */
const seeded = (endpoint: typeof Support.ByLastRow | typeof Support.ByEndId | typeof Support.ByPage) =>
  Seeded.seed(endpoint, anchor).rows as ReadonlyArray<{ id: string; ts: { epochMillis: number } }>

const ids = <A extends { id: string }>(rows: Iterable<A>) => Array.from(rows, (row) => row.id)

describe("windows", () => {
  it("cover [start, end] exactly, newest first, without overlap, each within the maximum", () => {
    FastCheck.assert(
      FastCheck.property(
        FastCheck.integer({ min: 0, max: 10 ** 12 }),
        FastCheck.integer({ min: 0, max: 400 * day }),
        FastCheck.integer({ min: day, max: 100 * day }),
        (start, span, max) => {
          const base = Support.ByLastRow.pagination!
          const pagination = { ...base, window: { ...base.window!, max: Duration.millis(max) } }
          const windows = Paginate.windows(pagination, { startTime: start, endTime: start + span }, 0)!
          expect(windows[0]![1]).toBe(start + span)
          expect(windows[windows.length - 1]![0]).toBe(start)
          for (let i = 0; i < windows.length; i++) {
            const [from, to] = windows[i]!
            expect(to - from).toBeLessThanOrEqual(max)
            if (i > 0) expect(windows[i - 1]![0]).toBe(to + 1)
          }
        }
      ),
      { numRuns: 300 }
    )
  })
})

layer(Support.env({}, anchor), { excludeTestServices: true })("streams over loopback", (it) => {
  it.effect("cursor from the last row, across pages and 10-day windows: every row once, newest first", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      simulator.traffic.reset()
      const rows = seeded(Support.ByLastRow)
      const start = rows[rows.length - 1]!.ts.epochMillis
      const items = yield* Support.byLastRow.items({
        startTime: Timestamp.fromMillis(start),
        endTime: Timestamp.fromMillis(anchor)
      }).pipe(Stream.runCollect)
      expect(ids(items)).toEqual(ids(rows))
      // 28 rows over 30 days: several windows and several pages of 7.
      expect(simulator.traffic.count("GET /api/v2/test/by-last-row")).toBeGreaterThan(4)
    }))

  it.effect("property: any sub-range streams exactly the rows inside it, in order", () =>
    Effect.gen(function*() {
      const rows = seeded(Support.ByLastRow)
      const oldest = rows[rows.length - 1]!.ts.epochMillis
      const ranges = FastCheck.sample(
        FastCheck.tuple(
          FastCheck.integer({ min: oldest - day, max: anchor + day }),
          FastCheck.integer({ min: 0, max: 40 * day }),
          FastCheck.integer({ min: 1, max: 7 })
        ),
        { numRuns: 30, seed: 3 }
      )
      for (const [start, span, limit] of ranges) {
        const end = start + span
        const expected = rows.filter((row) => row.ts.epochMillis >= start && row.ts.epochMillis <= end)
        const items = yield* Support.byLastRow.items({
          startTime: Timestamp.fromMillis(start),
          endTime: Timestamp.fromMillis(end),
          limit
        }).pipe(Stream.runCollect)
        expect(ids(items)).toEqual(ids(expected))
      }
    }))

  it.effect("cursor from data.endId (rows inside an object)", () =>
    Effect.gen(function*() {
      const items = yield* Support.byEndId.items().pipe(Stream.runCollect)
      expect(ids(items)).toEqual(ids(seeded(Support.ByEndId)))
      const pages = yield* Support.byEndId.pages().pipe(Stream.runCollect)
      expect(Chunk.toReadonlyArray(pages).every((page) => page.entrustedList.length <= 9)).toBe(true)
    }))

  it.effect("page numbers", () =>
    Effect.gen(function*() {
      const items = yield* Support.byPage.items().pipe(Stream.runCollect)
      expect(ids(items)).toEqual(ids(seeded(Support.ByPage)))
    }))

  it.effect("walking back in time (candles): every row once", () =>
    Effect.gen(function*() {
      const all = Seeded.seed(Support.ByTime, anchor).rows as ReadonlyArray<{ ts: { epochMillis: number } }>
      const items = yield* Support.byTime.items({ endTime: Timestamp.fromMillis(anchor) }).pipe(Stream.runCollect)
      const got = Array.from(items, (row) => row.ts.epochMillis)
      expect(new Set(got).size).toBe(got.length)
      expect(new Set(got)).toEqual(new Set(all.map((row) => row.ts.epochMillis)))
    }))

  it.effect("a single page keeps its own Effect, and asks for what it was given", () =>
    Effect.gen(function*() {
      const page = yield* Support.byLastRow({ limit: 3 })
      expect(page).toHaveLength(3)
    }))

  it.effect("a single call over a range longer than the window fails locally, nothing sent", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const before = simulator.traffic.total()
      const error = yield* Effect.flip(Support.byLastRow({
        startTime: Timestamp.fromMillis(anchor - 11 * day),
        endTime: Timestamp.fromMillis(anchor)
      }))
      expect(error._tag).toBe("InvalidRequest")
      if (error._tag === "InvalidRequest") expect(error.reason).toContain("items/pages")
      const tooLarge = yield* Effect.flip(Support.byLastRow({ limit: 8 }))
      expect(tooLarge._tag).toBe("InvalidRequest")
      expect(simulator.traffic.total()).toBe(before)
    }))
})
