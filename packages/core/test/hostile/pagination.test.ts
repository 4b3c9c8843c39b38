/**
 * Pagination against a hostile server that plays the exchange's list endpoints wrong: cursors
 * that cycle (A → B → A), stall or move up, a page number ignored, an end time ignored, and
 * pages capped below the size asked for. Streams end with a `PaginationError` having emitted no
 * row twice, and never lose a row to a short page.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { describe, expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Stream from "effect/Stream"
import * as Support from "../support.js"
import * as Hostile from "./Hostile.js"

const LAST_ROW = "GET /api/v2/test/by-last-row"
const END_ID = "GET /api/v2/test/by-end-id"
const PAGE = "GET /api/v2/test/by-page"
const TIME = "GET /api/v2/test/by-time"

const anchor = 1_750_000_000_000
/** 20 rows, ids 120 … 101 and times one minute apart, newest first (as Bitget lists them). */
const all = Array.from({ length: 20 }, (_, i) => ({ id: String(120 - i), ts: String(anchor - i * 60_000) }))

const ok = (data: unknown): Hostile.Answer => ({
  status: 200,
  body: JSON.stringify({ code: "00000", msg: "success", requestTime: anchor, data })
})

/** An honest list server whose pages are capped at `cap` rows, whatever `limit` asks. */
const honest = (cap: number) => (request: Hostile.Received): Hostile.Answer => {
  const limit = Math.min(Number(request.query.get("limit") ?? 100), cap)
  const below = request.query.get("idLessThan")
  const end = request.query.get("endTime")
  const start = request.query.get("startTime")
  let rows = all.filter((row) =>
    (below === null || BigInt(row.id) < BigInt(below)) &&
    (end === null || Number(row.ts) <= Number(end)) &&
    (start === null || Number(row.ts) >= Number(start))
  )
  if (request.path.endsWith("by-page")) {
    const page = Number(request.query.get("pageNum") ?? 1)
    rows = rows.slice((page - 1) * limit)
  }
  const page = rows.slice(0, limit)
  if (request.path.endsWith("by-end-id")) {
    return ok({ entrustedList: page, endId: page.length === 0 ? "" : page[page.length - 1]!.id })
  }
  if (request.path.endsWith("by-time")) return ok([...page].reverse())
  return ok(page)
}

/**
 * A server that reads the cursor as inclusive: rows with ids at or below it, so each page starts
 * with the row the cursor names (and, with `extra` > 0, that many rows above it as well).
 */
const inclusive = (cap: number, extra: number) => (request: Hostile.Received): Hostile.Answer => {
  const limit = Math.min(Number(request.query.get("limit") ?? 100), cap)
  const at = request.query.get("idLessThan")
  const from = at === null ? 0 : Math.max(0, all.findIndex((row) => row.id === at) - extra)
  const page = all.slice(from, from + limit)
  if (request.path.endsWith("by-end-id")) {
    return ok({ entrustedList: page, endId: page.length === 0 ? "" : page[page.length - 1]!.id })
  }
  return ok(page)
}

const setup = Effect.gen(function*() {
  const hostile = yield* Hostile.make()
  const via = <A, E>(stream: Stream.Stream<A, E, BitgetClient>) =>
    Stream.runCollect(stream).pipe(
      Effect.map(Chunk.toReadonlyArray),
      Effect.either,
      Effect.provide(Hostile.client(hostile.url, Hostile.anyCredentials))
    )
  return { hostile, via }
})

const ids = (rows: ReadonlyArray<{ readonly id: string }>) => rows.map((row) => row.id)
const noRepeat = (values: ReadonlyArray<string>) => expect(new Set(values).size).toBe(values.length)

describe("pagination against a hostile server", () => {
  for (const cap of [1, 3, 6, 7]) {
    it.scoped(`pages capped at ${cap} below the 7/9/6/8 asked for: no row lost, none repeated (every cursor rule)`, () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        hostile.otherwise(() => ({ _tag: "Handle", answer: honest(cap) }))
        const byLastRow = yield* via(Support.byLastRow.items())
        const byEndId = yield* via(Support.byEndId.items())
        const byPage = yield* via(Support.byPage.items())
        const byTime = yield* via(Support.byTime.items({ endTime: Timestamp.fromMillis(anchor) }))
        for (const got of [byLastRow, byEndId, byPage]) {
          expect(Either.map(got, ids)).toEqual(Either.right(ids(all)))
        }
        const times = Either.getOrThrow(byTime).map((row) => String(Timestamp.toMillis(row.ts)))
        expect([...times].sort().reverse()).toEqual(all.map((row) => row.ts))
        noRepeat(times)
        // The walk ends on an empty page: one request more than the rows need.
        expect(hostile.count(LAST_ROW)).toBe(Math.ceil(20 / cap) + 1)
      }))
  }

  // Issue 23 (11): such a server made `items` fail instead of streaming every row once.
  it.scoped("a server that treats idLessThan as inclusive (each page starts with the last row): every row once", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      hostile.otherwise(() => ({ _tag: "Handle", answer: inclusive(100, 0) }))
      const byLastRow = yield* via(Support.byLastRow.items())
      const byEndId = yield* via(Support.byEndId.items())
      expect(Either.map(byLastRow, ids)).toEqual(Either.right(ids(all)))
      expect(Either.map(byEndId, ids)).toEqual(Either.right(ids(all)))
      // Pages of 7 (6 new rows each after the first), then the boundary row alone: the end.
      expect(hostile.count(LAST_ROW)).toBe(5)
      const pages = yield* via(Support.byLastRow.pages())
      expect(Either.map(pages, (list) => list.flatMap((page) => ids(page)))).toEqual(Either.right(ids(all)))
    }))

  it.scoped("an inclusive cursor passes over only the boundary row: any other row again is PaginationError", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      // Each page starts with the last two rows of the previous one.
      hostile.otherwise(() => ({ _tag: "Handle", answer: inclusive(100, 1) }))
      const emitted: Array<string> = []
      const got = yield* via(
        Support.byLastRow.items().pipe(Stream.tap((row) => Effect.sync(() => emitted.push(row.id))))
      )
      expect(Either.isLeft(got) && got.left).toMatchObject({ _tag: "PaginationError", endpoint: "test.byLastRow" })
      noRepeat(emitted)
      expect(emitted).toEqual(ids(all.slice(0, 7)))
      // A first row named by the cursor but never emitted (endId past the page's rows) is no
      // boundary: it is not below the cursor, so it is refused.
      hostile.next({ _tag: "Respond", ...ok({ entrustedList: all.slice(0, 9), endId: "111" }) }, END_ID)
      hostile.next({ _tag: "Respond", ...ok({ entrustedList: all.slice(9, 14), endId: "107" }) }, END_ID)
      const named = yield* via(Support.byEndId.items())
      expect(Either.isLeft(named) && named.left.message).toContain("row 111 is not below idLessThan 111")
    }))

  it.scoped("a cursor that cycles (endId A → B → A) ends in PaginationError; every row emitted once", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      const pages = [all.slice(0, 9), all.slice(9, 18)]
      let n = 0
      hostile.otherwise(() => ({
        _tag: "Handle",
        answer: () => {
          const page = pages[n++ % 2]!
          return ok({ entrustedList: page, endId: page[page.length - 1]!.id })
        }
      }))
      const got = yield* via(Support.byEndId.items())
      expect(got._tag).toBe("Left")
      if (got._tag === "Left") expect(got.left).toMatchObject({ _tag: "PaginationError", endpoint: "test.byEndId" })
      expect(hostile.count(END_ID)).toBe(3)
    }))

  it.scoped("an opaque cursor that cycles (endId b → c → b, fresh rows each page) ends in PaginationError", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      let n = 0
      hostile.otherwise(() => ({
        _tag: "Handle",
        answer: () => {
          // Ids that cannot be compared with the cursor, never repeated: only the cursor cycles.
          const page = all.slice(n * 3, n * 3 + 3)
          return ok({ entrustedList: page, endId: ["b", "c"][n++ % 2] })
        }
      }))
      const got = yield* via(Support.byToken.items())
      expect(got._tag).toBe("Left")
      if (got._tag === "Left") {
        expect(got.left).toMatchObject({ _tag: "PaginationError", endpoint: "test.byToken" })
        expect(got.left.message).toContain("came back")
      }
      // "b", "c", then "b" again: the third page's cursor is refused before a fourth request.
      expect(hostile.count("GET /api/v2/test/by-token")).toBe(3)
    }))

  it.scoped("the rows already emitted are never emitted again before the error (pages stream)", () =>
    Effect.gen(function*() {
      const { hostile } = yield* setup
      const pages = [all.slice(0, 9), all.slice(9, 18)]
      let n = 0
      hostile.otherwise(() => ({
        _tag: "Handle",
        answer: () => {
          const page = pages[n++ % 2]!
          return ok({ entrustedList: page, endId: page[page.length - 1]!.id })
        }
      }))
      const emitted: Array<string> = []
      const result = yield* Support.byEndId.items().pipe(
        Stream.runForEach((row) => Effect.sync(() => emitted.push(row.id))),
        Effect.either,
        Effect.provide(Hostile.client(hostile.url, Hostile.anyCredentials))
      )
      expect(result._tag).toBe("Left")
      expect(emitted).toEqual(ids(all.slice(0, 18)))
    }))

  it.scoped("a cursor that stalls (endId equal to the one sent) or moves up ends in PaginationError", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      // Second page: new rows, but its endId is the cursor that was sent.
      hostile.next({ _tag: "Respond", ...ok({ entrustedList: all.slice(0, 9), endId: "112" }) }, END_ID)
      hostile.next({ _tag: "Respond", ...ok({ entrustedList: all.slice(9, 18), endId: "112" }) }, END_ID)
      const stalled = yield* via(Support.byEndId.items())
      expect(Either.isLeft(stalled) && stalled.left._tag).toBe("PaginationError")
      // Second page: endId above the cursor sent.
      hostile.next({ _tag: "Respond", ...ok({ entrustedList: all.slice(0, 9), endId: "112" }) }, END_ID)
      hostile.next({ _tag: "Respond", ...ok({ entrustedList: all.slice(9, 18), endId: "119" }) }, END_ID)
      const up = yield* via(Support.byEndId.items())
      expect(Either.isLeft(up) && up.left.message).toContain("moves up")
      expect(hostile.count(END_ID)).toBe(4)
    }))

  it.scoped("a server that ignores idLessThan (the same full page again) fails before repeating it", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      hostile.otherwise(() => ({ _tag: "Respond", ...ok(all.slice(0, 7)) }))
      const got = yield* via(Support.byLastRow.pages())
      expect(Either.isLeft(got) && got.left._tag).toBe("PaginationError")
      expect(hostile.count(LAST_ROW)).toBe(2)
    }))

  it.scoped("a server that ignores the page number fails after the first page, never looping", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      hostile.otherwise(() => ({ _tag: "Respond", ...ok(all.slice(0, 6)) }))
      const emitted: Array<string> = []
      const result = yield* via(
        Support.byPage.items().pipe(Stream.tap((row) => Effect.sync(() => emitted.push(row.id))))
      )
      expect(Either.isLeft(result) && result.left._tag).toBe("PaginationError")
      expect(emitted).toEqual(ids(all.slice(0, 6)))
      expect(hostile.count(PAGE)).toBe(2)
    }))

  it.scoped("a server that ignores endTime (rows after it) fails instead of walking forward in time", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      hostile.otherwise(() => ({ _tag: "Respond", ...ok([...all.slice(0, 8)].reverse()) }))
      const got = yield* via(Support.byTime.items({ endTime: Timestamp.fromMillis(anchor) }))
      expect(Either.isLeft(got) && got.left._tag).toBe("PaginationError")
      expect(hostile.count(TIME)).toBe(2)
    }))

  it.scoped("after a short page, the last page answered again ends the walk quietly, with no row twice", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      hostile.otherwise(() => ({ _tag: "Respond", ...ok(all.slice(0, 3)) }))
      const got = yield* via(Support.byLastRow.items())
      expect(Either.map(got, ids)).toEqual(Either.right(ids(all.slice(0, 3))))
      expect(hostile.count(LAST_ROW)).toBe(2)
    }))

  for (
    const [name, stream] of [
      ["items, windowed", () =>
        Support.byLastRow.items({
          startTime: Timestamp.fromMillis(anchor),
          endTime: Timestamp.fromMillis(anchor - 1)
        })],
      [
        "pages, not windowed",
        () =>
          Support.byEndId.pages({ startTime: Timestamp.fromMillis(anchor), endTime: Timestamp.fromMillis(anchor - 1) })
      ]
    ] as const
  ) {
    it.scoped(`${name}: endTime 1 ms before startTime is InvalidRequest, nothing sent`, () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        const got = yield* via(stream() as Stream.Stream<unknown, unknown, BitgetClient>)
        expect(Either.isLeft(got) && (got.left as { _tag: string })._tag).toBe("InvalidRequest")
        expect(Either.isLeft(got) && (got.left as Error).message).toContain("endTime is before startTime")
        expect(hostile.received).toHaveLength(0)
      }))
  }

  it.scoped("endTime equal to startTime is a valid one-instant range", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      hostile.otherwise(() => ({ _tag: "Handle", answer: honest(100) }))
      const got = yield* via(
        Support.byLastRow.items({ startTime: Timestamp.fromMillis(anchor), endTime: Timestamp.fromMillis(anchor) })
      )
      expect(Either.map(got, ids)).toEqual(Either.right(["120"]))
    }))
})

/**
 * The walk checks a page without its sets of seen rows when it can prove the page repeats nothing
 * (`ordered` in internal/paginate.ts): its ids go down from the cursor, and every id of the last two
 * pages is at or above that cursor. Each case below is a walk where one part of that proof fails and
 * a row of the last two pages comes again: taking the shortcut there would emit it twice.
 */
describe("the seen-row sets are skipped only where no row can come again", () => {
  /** Rows with these ids, a minute apart from `anchor` back. */
  const rowsOf = (list: ReadonlyArray<number>) =>
    list.map((id, i) => ({ id: String(id), ts: String(anchor - i * 60_000) }))
  const range = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i)

  /** Queues `pages` for `route`, in order, and streams `stream`, recording every row emitted. */
  const walk = (
    route: string,
    pages: ReadonlyArray<unknown>,
    stream: () => Stream.Stream<{ readonly id: string }, unknown, BitgetClient>
  ) =>
    Effect.gen(function*() {
      const { hostile } = yield* setup
      for (const data of pages) hostile.next({ _tag: "Respond", ...ok(data) }, route)
      const emitted: Array<string> = []
      const result = yield* stream().pipe(
        Stream.runForEach((row) => Effect.sync(() => emitted.push(row.id))),
        Effect.either,
        Effect.provide(Hostile.client(hostile.url, Hostile.anyCredentials))
      )
      const sent = hostile.received.map((request) => request.query.get("idLessThan"))
      return { result, emitted, sent }
    })

  const refusedTwice = (result: Either.Either<void, unknown>, id: string) => {
    expect(Either.isLeft(result) && result.left).toMatchObject({ _tag: "PaginationError" })
    expect(Either.isLeft(result) && (result.left as Error).message).toContain(`a row came twice (${id})`)
  }

  it.scoped("a page whose ids go up (all below its cursor): the next page, going down, repeats its rows", () =>
    Effect.gen(function*() {
      const { result, emitted, sent } = yield* walk(LAST_ROW, [
        rowsOf(range(120, 114)),
        // Below 114, but ascending: its last row (111) is not its lowest.
        rowsOf([105, 106, 107, 108, 109, 110, 111]),
        // Goes down from 111, and 110 … 108 were on the page before.
        rowsOf([110, 109, 108, 104, 103, 102, 101])
      ], () => Support.byLastRow.items())
      refusedTwice(result, "110")
      noRepeat(emitted)
      expect(emitted).toEqual([...range(120, 114), 105, 106, 107, 108, 109, 110, 111].map(String))
      expect(sent).toEqual([null, "114", "111"])
    }))

  it.scoped("a page out of order two pages back: its row below the cursor comes again after an ordered page", () =>
    Effect.gen(function*() {
      const { result, emitted, sent } = yield* walk(LAST_ROW, [
        // 100 sits among higher ids: the first page does not go down.
        rowsOf([120, 100, 119, 118, 117, 116, 115]),
        // Goes down from 115 (ordered itself), but the page before holds 100, below its last row.
        rowsOf(range(114, 108)),
        // Goes down from 108 and repeats 100, two pages back.
        rowsOf([107, 106, 100, 99, 98, 97, 96])
      ], () => Support.byLastRow.items())
      refusedTwice(result, "100")
      noRepeat(emitted)
      expect(emitted).toEqual([120, 100, ...range(119, 108)].map(String))
      expect(sent).toEqual([null, "115", "108"])
    }))

  it.scoped("an endId above the page's lowest row: the next page, going down from it, repeats rows", () =>
    Effect.gen(function*() {
      const { result, emitted, sent } = yield* walk(END_ID, [
        { entrustedList: rowsOf(range(120, 112)), endId: "112" },
        // Goes down from 112, but the cursor it gives (108) is above its lowest row (104).
        { entrustedList: rowsOf(range(111, 103)), endId: "108" },
        // Goes down from 108: 107 … 103 were on the page before.
        { entrustedList: rowsOf(range(107, 99)), endId: "99" }
      ], () => Support.byEndId.items())
      refusedTwice(result, "107")
      noRepeat(emitted)
      expect(emitted).toEqual(range(120, 103).map(String))
      expect(sent).toEqual([null, "112", "108"])
    }))

  it.scoped("an inclusive server's boundary row is passed over once; a second copy of it is refused", () =>
    Effect.gen(function*() {
      const { result, emitted, sent } = yield* walk(LAST_ROW, [
        rowsOf(range(120, 114)),
        // The boundary row (114) first, as an inclusive cursor answers: passed over.
        rowsOf(range(114, 108)),
        // The boundary row twice: the first copy is passed over, the second is a repeat.
        rowsOf([108, 108, 107, 106, 105, 104, 103])
      ], () => Support.byLastRow.items())
      refusedTwice(result, "108")
      noRepeat(emitted)
      expect(emitted).toEqual(range(120, 108).map(String))
      expect(sent).toEqual([null, "114", "108"])
    }))

  it.scoped("a window's first page is asked without a cursor: its repeat of the last window's rows is refused", () =>
    Effect.gen(function*() {
      const { result, emitted, sent } = yield* walk(LAST_ROW, [
        // The newer window: two ordered pages (the second short), then an empty one.
        rowsOf(range(120, 114)),
        rowsOf(range(113, 110)),
        [],
        // The older window's first page goes down, but 111 and 110 were in the newer window.
        rowsOf([111, 110, 99, 98])
      ], () =>
        Support.byLastRow.items({
          startTime: Timestamp.fromMillis(anchor - 20 * 86_400_000),
          endTime: Timestamp.fromMillis(anchor)
        }))
      refusedTwice(result, "111")
      noRepeat(emitted)
      expect(emitted).toEqual(range(120, 110).map(String))
      expect(sent).toEqual([null, "114", "110", null])
    }))

  it.scoped("a window whose ids are above the last window's: its second page's repeat of them is refused", () =>
    Effect.gen(function*() {
      const { result, emitted, sent } = yield* walk(LAST_ROW, [
        rowsOf(range(120, 114)),
        [],
        // The older window starts above the newer one's ids (ids need not follow time) …
        rowsOf(range(130, 124)),
        // … and its second page, going down from 124, repeats 116 from the newer window.
        rowsOf([123, 122, 116, 90, 89, 88, 87])
      ], () =>
        Support.byLastRow.items({
          startTime: Timestamp.fromMillis(anchor - 20 * 86_400_000),
          endTime: Timestamp.fromMillis(anchor)
        }))
      refusedTwice(result, "116")
      noRepeat(emitted)
      expect(emitted).toEqual([...range(120, 114), ...range(130, 124)].map(String))
      expect(sent).toEqual([null, "114", null, "124"])
    }))

  it.scoped("ordered pages (ids down from each cursor, leading zeros, numbers) stream every row once", () =>
    Effect.gen(function*() {
      const { result, emitted, sent } = yield* walk(LAST_ROW, [
        rowsOf(range(1020, 1014)),
        rowsOf(range(1013, 1007)).map((row, i) => i === 0 ? { ...row, id: "0001013" } : row),
        rowsOf(range(1006, 1000)),
        rowsOf([999, 998]),
        []
      ], () => Support.byLastRow.items())
      expect(result).toEqual(Either.right(undefined))
      noRepeat(emitted)
      expect(emitted).toEqual(range(1020, 998).map((id) => id === 1013 ? "0001013" : String(id)))
      expect(sent).toEqual([null, "1014", "1007", "1000", "998"])
    }))
})
