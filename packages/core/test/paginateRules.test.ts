/**
 * The pagination rules as pure functions (`internal/paginate.ts`), at each edge: where a page's
 * rows are, a row's identity under each cursor, when a page is misplaced (an id equal to the
 * cursor is not below it; a time equal to the end is not after it), and the next request (the
 * oldest time − 1 ms exactly at the start still walks on; a cursor that stalls, moves up or does
 * not move back is stuck). The streams over loopback are in pagination.test.ts and
 * hostile/pagination.test.ts; these pin each comparison where a one-character change lives.
 */
import * as Paginate from "@effect-bitget/core/internal/paginate"
import * as Pagination from "@effect-bitget/core/Pagination"
import { describe, expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as Hostile from "./hostile/Hostile.js"
import * as Support from "./support.js"

const byLastRow = Support.ByLastRow.pagination!
const byEndId = Support.ByEndId.pagination!
const byPage = Support.ByPage.pagination!
const byTime = Support.ByTime.pagination!
const never = () => false
const ms = (value: unknown) => DateTime.toEpochMillis(value as DateTime.Utc)

describe("rows", () => {
  it("a bare array, or the array at `list`; anything else is no rows", () => {
    expect(Paginate.rows(byLastRow, [1, 2])).toEqual([1, 2])
    expect(Paginate.rows(byLastRow, { entrustedList: [1] })).toEqual([])
    expect(Paginate.rows(byEndId, { entrustedList: [1, 2], endId: "1" })).toEqual([1, 2])
    expect(Paginate.rows(byEndId, [1, 2])).toEqual([])
    expect(Paginate.rows(byEndId, null)).toEqual([])
    expect(Paginate.rows(byEndId, { entrustedList: "x" })).toEqual([])
  })
})

describe("identity", () => {
  it("the last-row cursor's field, the data cursor's row id, the time, none for pages", () => {
    expect(Paginate.identity(byLastRow.cursor, { id: 7, ts: "1" })).toBe("7")
    expect(Paginate.identity(byLastRow.cursor, { id: "", ts: "1" })).toBeUndefined()
    expect(Paginate.identity(byLastRow.cursor, { id: null })).toBeUndefined()
    expect(Paginate.identity(byLastRow.cursor, { ts: "1" })).toBeUndefined()
    // The data cursor's field (`endId`) is not in rows: the row's `id` is its identity.
    const field: Pagination.Cursor = { _tag: "Field", param: "idLessThan", field: "endId", id: "orderId" }
    expect(Paginate.identity(field, { orderId: "5", endId: "9", id: "1" })).toBe("5")
    expect(Paginate.identity(field, { orderId: "", id: "1" })).toBeUndefined()
    expect(Paginate.identity(byTime.cursor, { ts: "1000" })).toBe("1000")
    expect(Paginate.identity(byTime.cursor, { ts: 1000 })).toBe("1000")
    expect(Paginate.identity(byTime.cursor, { ts: DateTime.unsafeMake(1000) })).toBe("1000")
    expect(Paginate.identity(byTime.cursor, { ts: "" })).toBeUndefined()
    expect(Paginate.identity(byTime.cursor, { ts: null })).toBeUndefined()
    expect(Paginate.identity(byTime.cursor, { ts: true })).toBeUndefined()
    expect(Paginate.identity(byPage.cursor, { id: "1" })).toBeUndefined()
  })
})

describe("misplaced", () => {
  it("ids: below the cursor pass; equal to it or above it are refused; a row seen before is refused", () => {
    const request = { idLessThan: "100" }
    expect(Paginate.misplaced(byLastRow, request, [{ id: "99" }, { id: "1" }], never)).toBeUndefined()
    expect(Paginate.misplaced(byLastRow, request, [{ id: "99" }, { id: "100" }], never))
      .toBe("row 100 is not below idLessThan 100")
    expect(Paginate.misplaced(byLastRow, request, [{ id: "101" }], never)).toBe("row 101 is not below idLessThan 100")
    // Compared as integers, not as text ("99" > "100" as text).
    expect(Paginate.misplaced(byLastRow, { idLessThan: "1000" }, [{ id: "999" }], never)).toBeUndefined()
    expect(Paginate.misplaced(byLastRow, request, [{ id: "5" }], (id) => id === "5")).toBe("a row came twice (5)")
    // No cursor yet: any order, only repeats count.
    expect(Paginate.misplaced(byLastRow, {}, [{ id: "5" }, { id: "500" }], never)).toBeUndefined()
    expect(Paginate.misplaced(byLastRow, { idLessThan: "" }, [{ id: "500" }], never)).toBeUndefined()
    // A row without an id is passed over.
    expect(Paginate.misplaced(byLastRow, request, [{ id: "" }, { id: "99" }], never)).toBeUndefined()
  })

  it("ids that are not both digits (opaque, or past 30 digits) cannot be compared, so pass", () => {
    expect(Paginate.misplaced(byLastRow, { idLessThan: "100" }, [{ id: "a200" }], never)).toBeUndefined()
    expect(Paginate.misplaced(byLastRow, { idLessThan: "100" }, [{ id: "200a" }], never)).toBeUndefined()
    expect(Paginate.misplaced(byLastRow, { idLessThan: "abc" }, [{ id: "200" }], never)).toBeUndefined()
    const long = "1" + "0".repeat(30)
    expect(Paginate.misplaced(byLastRow, { idLessThan: "100" }, [{ id: long }], never)).toBeUndefined()
    const thirty = "9".repeat(30)
    expect(Paginate.misplaced(byLastRow, { idLessThan: "100" }, [{ id: thirty }], never))
      .toBe(`row ${thirty} is not below idLessThan 100`)
  })

  it("times: at the end pass, one ms after it is refused", () => {
    const request = { endTime: DateTime.unsafeMake(5000) }
    expect(Paginate.misplaced(byTime, request, [{ ts: "5000" }, { ts: "4000" }], never)).toBeUndefined()
    expect(Paginate.misplaced(byTime, request, [{ ts: "5001" }], never)).toBe("a row at 5001 is after endTime 5000")
    expect(Paginate.misplaced(byTime, { endTime: "5000" }, [{ ts: "5001" }], never)).toContain("is after endTime")
  })

  it("pages: the same page again is refused, whatever its rows", () => {
    const page = [{ id: "1" }, { id: "1" }]
    expect(Paginate.misplaced(byPage, { pageNum: 2 }, page, never)).toBeUndefined()
    expect(Paginate.misplaced(byPage, { pageNum: 2 }, page, (key) => key === Paginate.pageKey(page)))
      .toBe("a row came twice (the same page again)")
    expect(Paginate.pageKey(page)).toBe("page:" + JSON.stringify(page))
  })
})

describe("next", () => {
  it("an empty page, or no rows at `list`, ends the walk", () => {
    expect(Paginate.next(byLastRow, {}, [])).toEqual({ _tag: "End" })
    expect(Paginate.next(byEndId, {}, { entrustedList: [], endId: "5" })).toEqual({ _tag: "End" })
  })

  it("the last row's field moves the cursor; a short page does not end the walk", () => {
    expect(Paginate.next(byLastRow, { limit: 7 }, [{ id: "9" }, { id: "8" }]))
      .toEqual({ _tag: "Next", request: { limit: 7, idLessThan: "8" } })
    expect(Paginate.next(byLastRow, { idLessThan: "10" }, [{ id: "9" }])).toEqual({
      _tag: "Next",
      request: { idLessThan: "9" }
    })
    expect(Paginate.next(byLastRow, {}, [{ id: "9" }, { id: "" }])).toEqual({ _tag: "End" })
  })

  it("the data's field moves a data cursor, not the last row's id", () => {
    expect(Paginate.next(byEndId, {}, { entrustedList: [{ id: "9" }, { id: "8" }], endId: "3" }))
      .toEqual({ _tag: "Next", request: { idLessThan: "3" } })
    expect(Paginate.next(byEndId, {}, { entrustedList: [{ id: "9" }] })).toEqual({ _tag: "End" })
  })

  it("a cursor that stalls or moves up is stuck; opaque cursors only stall", () => {
    expect(Paginate.next(byLastRow, { idLessThan: "8" }, [{ id: "8" }]))
      .toEqual({ _tag: "Stuck", reason: "idLessThan stalls at 8" })
    expect(Paginate.next(byLastRow, { idLessThan: "8" }, [{ id: "9" }]))
      .toEqual({ _tag: "Stuck", reason: "idLessThan moves up, from 8 to 9" })
    expect(Paginate.next(byLastRow, { idLessThan: "b" }, [{ id: "c" }])).toEqual({
      _tag: "Next",
      request: { idLessThan: "c" }
    })
    expect(Paginate.next(byLastRow, { idLessThan: "" }, [{ id: "9" }])).toEqual({
      _tag: "Next",
      request: { idLessThan: "9" }
    })
  })

  it("page numbers count up from 1", () => {
    expect(Paginate.next(byPage, {}, [{ id: "1" }])).toEqual({ _tag: "Next", request: { pageNum: 2 } })
    expect(Paginate.next(byPage, { pageNum: 3 }, [{ id: "1" }])).toEqual({ _tag: "Next", request: { pageNum: 4 } })
  })

  it("times: the next end is 1 ms before the oldest row, whatever the rows' order", () => {
    const step = Paginate.next(byTime, {}, [{ ts: "3000" }, { ts: "1000" }, { ts: "2000" }])
    expect(step._tag === "Next" && ms(step.request.endTime)).toBe(999)
    // Rows without a time are passed over; none with one ends the walk.
    const mixed = Paginate.next(byTime, {}, [{ ts: "" }, { ts: "2000" }])
    expect(mixed._tag === "Next" && ms(mixed.request.endTime)).toBe(1999)
    expect(Paginate.next(byTime, {}, [{ ts: "" }, { id: "1" }])).toEqual({ _tag: "End" })
  })

  it("times: the walk ends once the next end would fall before the start; exactly at it, it walks on", () => {
    const rows = [{ ts: "2000" }, { ts: "1001" }]
    const at = Paginate.next(byTime, { startTime: 1000 }, rows)
    expect(at._tag === "Next" && ms(at.request.endTime)).toBe(1000)
    expect(Paginate.next(byTime, { startTime: 1001 }, rows)).toEqual({ _tag: "End" })
    expect(Paginate.next(byTime, { startTime: "1001" }, rows)).toEqual({ _tag: "End" })
  })

  it("times: an end that does not move back is stuck; one ms back is a move", () => {
    const rows = [{ ts: "1001" }]
    expect(Paginate.next(byTime, { endTime: DateTime.unsafeMake(1000) }, rows))
      .toEqual({ _tag: "Stuck", reason: "endTime does not move back" })
    const moved = Paginate.next(byTime, { endTime: DateTime.unsafeMake(1001) }, rows)
    expect(moved._tag === "Next" && ms(moved.request.endTime)).toBe(1000)
  })
})

describe("windows", () => {
  it("none without a window or a start; the end defaults to now", () => {
    expect(Paginate.windows(byEndId, { startTime: 0 }, 10)).toBeUndefined()
    expect(Paginate.windows(byLastRow, {}, 10)).toBeUndefined()
    expect(Paginate.windows(byLastRow, { startTime: "" }, 10)).toBeUndefined()
    expect(Paginate.windows(byLastRow, { startTime: 5 }, 10)).toEqual([[5, 10]])
    expect(Paginate.windows(byLastRow, { startTime: "5", endTime: "" }, 10)).toEqual([[5, 10]])
  })

  it("a range of exactly the window is one window; one ms more is two, the older one a single ms", () => {
    const day = 86_400_000
    expect(Paginate.windows(byLastRow, { startTime: 0, endTime: 10 * day }, 0)).toEqual([[0, 10 * day]])
    expect(Paginate.windows(byLastRow, { startTime: 0, endTime: 10 * day + 1 }, 0)).toEqual([[1, 10 * day + 1], [
      0,
      0
    ]])
    expect(Paginate.windows(byLastRow, { startTime: 7, endTime: 7 }, 0)).toEqual([[7, 7]])
    expect(Paginate.windows(byLastRow, { startTime: 8, endTime: 7 }, 0)).toEqual([])
    expect(Paginate.windows(byLastRow, { startTime: DateTime.unsafeMake(3), endTime: DateTime.unsafeMake(4) }, 0))
      .toEqual([[3, 4]])
  })
})

describe("a window whose start field is not `startTime`", () => {
  // Bitget names the range `startTime` on most lists, but a declaration may name it otherwise
  // (`Pagination.window(max, field, start, end)`): every rule reads the declared name.
  const begin = { ...byTime, window: Pagination.window("10 days", "ts", "begin", "endTime") }

  it("times: the walk ends at the declared start, not at a `startTime` the request may also carry", () => {
    const rows = [{ ts: "2000" }, { ts: "1001" }]
    expect(Paginate.next(begin, { begin: 1001, startTime: 0 }, rows)).toEqual({ _tag: "End" })
    const on = Paginate.next(begin, { begin: 1000, startTime: 5000 }, rows)
    expect(on._tag === "Next" && ms(on.request.endTime)).toBe(1000)
  })

  it("a start older than the history kept is refused by the declared field's name", () => {
    const kept = { ...begin, history: Pagination.history("1 day", "test") }
    const now = 10 * 86_400_000
    const oldest = now - 86_400_000 - 30_000
    expect(Paginate.tooOld(kept, { begin: oldest }, now)).toBeUndefined()
    expect(Paginate.tooOld(kept, { begin: oldest - 1, startTime: now }, now)).toBe(
      `begin ${new Date(oldest - 1).toISOString()} is older than the 1d the exchange keeps for this list ` +
        `(the oldest start now is ${new Date(oldest).toISOString()}); start at or after it, or omit begin`
    )
  })
})

const anchor = 1_750_000_000_000
const ok = (data: unknown): Hostile.Answer => ({
  status: 200,
  body: JSON.stringify({ code: "00000", msg: "success", requestTime: anchor, data })
})
/** Full pages of rows (`limit` of them) with ids that cannot be compared (letters), one minute apart. */
const lettered = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${String.fromCharCode(97 + i)}`, ts: String(anchor - i) }))

describe("the streams' own rules, over loopback to a scripted server", () => {
  const collect = <A, E>(hostile: Hostile.Hostile, stream: Stream.Stream<A, E, any>) =>
    Stream.runCollect(stream).pipe(
      Effect.map(Chunk.toReadonlyArray),
      Effect.either,
      Effect.provide(Hostile.client(hostile.url, Hostile.anyCredentials))
    )

  it.scoped("an empty page ends the walk unseen; a first page that is empty is the one page", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      const full = lettered("p", 7).map((row, i) => ({ ...row, id: String(100 - i) }))
      const answers = [full, []]
      let n = 0
      hostile.otherwise(() => ({ _tag: "Handle", answer: () => ok(answers[n++] ?? []) }))
      const pages = yield* collect(hostile, Support.byLastRow.pages())
      expect(pages._tag === "Right" && pages.right.map((page) => page.length)).toEqual([7])
      expect(n).toBe(2)
      n = 1
      const none = yield* collect(hostile, Support.byLastRow.pages())
      expect(none._tag === "Right" && none.right).toEqual([[]])
    }))

  it.scoped("rows of the page before the previous one are remembered: opaque ids repeated two pages on fail", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      // Three full pages (9 rows, the limit) with fresh cursors; the third repeats the first's rows.
      const first = lettered("a", 9)
      const answers = [
        { entrustedList: first, endId: "t1" },
        { entrustedList: lettered("b", 9), endId: "t2" },
        { entrustedList: first, endId: "t3" }
      ]
      let n = 0
      hostile.otherwise(() => ({ _tag: "Handle", answer: () => ok(answers[n++] ?? { entrustedList: [] }) }))
      const got = yield* collect(hostile, Support.byToken.items())
      expect(got._tag).toBe("Left")
      if (got._tag === "Left") {
        expect(got.left).toMatchObject({ _tag: "PaginationError", endpoint: "test.byToken" })
        expect(got.left.message).toContain("a row came twice (aa)")
      }
      expect(n).toBe(3)
    }))

  it.scoped("an inclusive server's boundary row is passed over when the cursor names a row of either last page", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      // The second page's endId names a row of the first page (opaque ids: no order to refuse it by); the
      // third page starts with that row, as an inclusive server answers. It is the boundary, not a repeat.
      const first = lettered("a", 9)
      const third = lettered("c", 8)
      const answers = [
        { entrustedList: first, endId: "t1" },
        { entrustedList: lettered("b", 9), endId: first[3]!.id },
        { entrustedList: [first[3], ...third], endId: "t3" },
        { entrustedList: [] }
      ]
      let n = 0
      hostile.otherwise(() => ({ _tag: "Handle", answer: () => ok(answers[n++] ?? { entrustedList: [] }) }))
      const got = yield* collect(hostile, Support.byToken.items())
      expect(got._tag === "Right" && got.right.length).toBe(9 + 9 + 8)
      expect(hostile.received.map((request) => request.query.get("idLessThan"))).toEqual([
        null,
        "t1",
        first[3]!.id,
        "t3"
      ])
    }))

  it.scoped("the caller's own opaque cursor is remembered too: a walk that comes back to it fails", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      const answers = [{ entrustedList: lettered("a", 9), endId: "t1" }, {
        entrustedList: lettered("b", 9),
        endId: "t0"
      }]
      let n = 0
      hostile.otherwise(() => ({ _tag: "Handle", answer: () => ok(answers[n++] ?? { entrustedList: [] }) }))
      const got = yield* collect(hostile, Support.byToken.items({ idLessThan: "t0" }))
      expect(got._tag === "Left" && got.left.message).toContain("idLessThan t0 came back (a cycle)")
      expect(n).toBe(2)
    }))

  it.scoped("the caller's page size is asked for on every page, and a page of that size is full", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      const rows = lettered("p", 6).map((row, i) => ({ ...row, id: String(100 - i) }))
      // Pages of 3 (the size asked for, below the declared 7), then the same 3 again: after a full
      // page that is refused; after a short one it would end the walk quietly.
      const answers = [rows.slice(0, 3), rows.slice(3, 6), rows.slice(3, 6)]
      let n = 0
      hostile.otherwise(() => ({ _tag: "Handle", answer: () => ok(answers[n++] ?? []) }))
      const got = yield* collect(hostile, Support.byLastRow.items({ limit: 3 }))
      expect(hostile.received.map((request) => request.query.get("limit"))).toEqual(["3", "3", "3"])
      expect(got._tag === "Left" && got.left._tag).toBe("PaginationError")
    }))
})
