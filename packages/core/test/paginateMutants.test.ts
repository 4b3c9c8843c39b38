/**
 * The walk's own state (`internal/paginate.ts`), pinned where the survivors of Stryker run L1 lived
 * (issue 25): every window's walk starts afresh — its first page is emitted even when empty, is held
 * to the cursor's order like any full page, and the opaque cursors of the window before are
 * forgotten —, a list with a history depth but no window reads its start from `startTime`, and the
 * walk's other edges: a repeated row that is not the cursor's own is refused, a token is any text
 * (even `undefined`), rows are counted window by window, an end before the start is refused locally.
 * Over loopback to a scripted server (hostile/Hostile.ts), through the operations users call.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Paginate from "@effect-bitget/core/internal/paginate"
import * as Limit from "@effect-bitget/core/Limit"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { describe, expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Metric from "effect/Metric"
import type * as MetricState from "effect/MetricState"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"
import * as Hostile from "./hostile/Hostile.js"
import { refusedLocally } from "./refused.js"
import * as Support from "./support.js"

const day = 86_400_000
const anchor = 1_750_000_000_000
const ok = (data: unknown): Hostile.Answer => ({
  status: 200,
  body: JSON.stringify({ code: "00000", msg: "success", requestTime: anchor, data })
})

const collect = <A, E>(hostile: Hostile.Hostile, stream: Stream.Stream<A, E, any>) =>
  Stream.runCollect(stream).pipe(
    Effect.map(Chunk.toReadonlyArray),
    Effect.either,
    Effect.provide(Hostile.client(hostile.url, Hostile.anyCredentials))
  )

/** The `[startTime, endTime]` each request asked for, as the wire's ms. */
const ranges = (hostile: Hostile.Hostile) =>
  hostile.received.map((request) => [request.query.get("startTime"), request.query.get("endTime")])

/** 15 days back from the anchor: two windows of the test lists' 10 days, newest first. */
const fifteenDays = { startTime: Timestamp.fromMillis(anchor - 15 * day), endTime: Timestamp.fromMillis(anchor) }
const twoWindows = [
  [String(anchor - 10 * day), String(anchor)],
  [String(anchor - 15 * day), String(anchor - 10 * day - 1)]
]
/** 25 days: three windows, the oldest 5 days less 2 ms. */
const twentyFiveDays = { startTime: Timestamp.fromMillis(anchor - 25 * day), endTime: Timestamp.fromMillis(anchor) }
const threeWindows = [
  [String(anchor - 10 * day), String(anchor)],
  [String(anchor - 20 * day - 1), String(anchor - 10 * day - 1)],
  [String(anchor - 25 * day), String(anchor - 20 * day - 2)]
]

/**
 * A windowed list whose cursor is an opaque token of `data` (Bitget's `cursor`/`endId` style): the
 * token may well be the same in every window ("page 2"), since each window is a walk of its own.
 */
const WindowedToken = Endpoint.list("/api/v2/test/windowed-token", {
  name: "test.windowedToken",
  signed: true,
  rateLimit: RateLimit.uid(1000),
  request: Schema.Struct({
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    idLessThan: Schema.optional(Schema.String),
    limit: Schema.optional(Limit.PageSize)
  }),
  data: Schema.Struct({
    entrustedList: Schema.Array(Schema.Struct({ id: Schema.String, ts: Timestamp.Timestamp })),
    endId: Absent.optional(Schema.String)
  }),
  pagination: {
    list: "entrustedList",
    cursor: Pagination.dataField("endId", "id"),
    limit: { param: "limit", max: 3, source: "test declaration" },
    window: Pagination.window("10 days", "ts")
  }
})
const windowedToken = Operation.make(WindowedToken)

describe("each window's walk starts afresh", () => {
  it.scoped("`.pages` emits each window's first page even when it is empty, one request a window, every window", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.otherwise(() => ({ _tag: "Handle", answer: () => ok([]) }))
      const pages = yield* collect(hostile, Support.byLastRow.pages(twentyFiveDays))
      expect(pages._tag === "Right" && pages.right).toEqual([[], [], []])
      expect(ranges(hostile)).toEqual(threeWindows)
      // `.items` of the same walk: no rows, the same three requests.
      const items = yield* collect(hostile, Support.byLastRow.items(twentyFiveDays))
      expect(items._tag === "Right" && items.right).toEqual([])
      expect(ranges(hostile).slice(3)).toEqual(threeWindows)
    }))

  it.scoped("a window's first page is held to the caller's cursor: a row above it fails the walk, not ends it", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      // Short pages (one row, 7 asked): a misplaced row right after a short page ends a walk quietly
      // (the exchange answered its last page again), but a first page follows no page at all.
      hostile.otherwise(() => ({ _tag: "Handle", answer: () => ok([{ id: "60", ts: String(anchor) }]) }))
      const windowed = yield* collect(hostile, Support.byLastRow.items({ ...fifteenDays, idLessThan: "50" }))
      expect(windowed._tag === "Left" && windowed.left).toMatchObject({
        _tag: "PaginationError",
        endpoint: "test.byLastRow",
        reason: "row 60 is not below idLessThan 50"
      })
      expect(hostile.received.map((request) => request.query.get("idLessThan"))).toEqual(["50"])
      // The same without a window (the walk's single range).
      const plain = yield* collect(hostile, Support.byLastRow.items({ idLessThan: "50" }))
      expect(plain._tag === "Left" && plain.left).toMatchObject({
        _tag: "PaginationError",
        reason: "row 60 is not below idLessThan 50"
      })
      expect(hostile.received.length).toBe(2)
    }))

  it.scoped("the opaque tokens of one window's walk are forgotten by the next: the same token again is no cycle", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      // Each window: a full first page (3 rows, ids of that window) and the token "next", then an
      // empty page for "next". The second window uses "next" again.
      hostile.otherwise(() => ({
        _tag: "Handle",
        answer: (request) => {
          if (request.query.get("idLessThan") !== null) return ok({ entrustedList: [] })
          const window = request.query.get("startTime") === String(anchor - 10 * day) ? "a" : "b"
          const rows = ["x", "y", "z"].map((id, i) => ({ id: window + id, ts: String(anchor - i) }))
          return ok({ entrustedList: rows, endId: "next" })
        }
      }))
      const got = yield* collect(hostile, windowedToken.items(fifteenDays))
      expect(got._tag === "Right" && got.right.map((row) => row.id)).toEqual(["ax", "ay", "az", "bx", "by", "bz"])
      expect(hostile.received.map((request) => [request.query.get("startTime"), request.query.get("idLessThan")]))
        .toEqual([
          [twoWindows[0]![0], null],
          [twoWindows[0]![0], "next"],
          [twoWindows[1]![0], null],
          [twoWindows[1]![0], "next"]
        ])
      // Within one window a token again (t1 → t2 → t1) is still a cycle.
      hostile.otherwise(() => ({
        _tag: "Handle",
        answer: (request) => {
          const n = hostile.received.length
          const rows = ["x", "y", "z"].map((id, i) => ({ id: `${n}${id}`, ts: String(anchor - i) }))
          const token = { t1: "t2", t2: "t1" }[request.query.get("idLessThan") ?? ""] ?? "t1"
          return ok({ entrustedList: rows, endId: token })
        }
      }))
      const cycle = yield* collect(hostile, windowedToken.items(fifteenDays))
      expect(cycle._tag === "Left" && cycle.left.message).toContain("idLessThan t1 came back (a cycle)")
    }))

  it.scoped("a row of the window before, repeated first on the next window's first page, is refused", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      // The caller's own cursor "k" (opaque: not comparable); the server serves the row it names in
      // both windows. On a window's first page the cursor is the caller's, not one the walk moved
      // past, so the row is no inclusive boundary to pass over: it came twice.
      hostile.otherwise(() => ({
        _tag: "Handle",
        answer: (request) => {
          const window = request.query.get("startTime") === String(anchor - 10 * day) ? "a" : "b"
          return ok({ entrustedList: [{ id: "k", ts: String(anchor) }, { id: window, ts: String(anchor - 1) }] })
        }
      }))
      const emitted: Array<string> = []
      const got = yield* collect(
        hostile,
        windowedToken.items({ ...fifteenDays, idLessThan: "k" }).pipe(
          Stream.tap((row) => Effect.sync(() => emitted.push(row.id)))
        )
      )
      expect(got._tag === "Left" && got.left).toMatchObject({
        _tag: "PaginationError",
        reason: "a row came twice (k)"
      })
      expect(emitted).toEqual(["k", "a"])
      expect(hostile.received.map((request) => request.query.get("idLessThan"))).toEqual(["k", "k"])
    }))
})

describe("the walk's other edges", () => {
  it.scoped("a row of an earlier page first on a page, not the cursor's own row, is refused, not passed over", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      // Opaque ids (no order to check) and opaque tokens: only the rows seen can tell a repeat.
      const first = ["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((id, i) => ({ id, ts: String(anchor - i) }))
      const second = [
        first[2]!,
        ...["j", "k", "l", "m", "n", "o", "p", "q"].map((id, i) => ({ id, ts: String(anchor - i) }))
      ]
      const answers = [{ entrustedList: first, endId: "t1" }, { entrustedList: second, endId: "t2" }]
      let n = 0
      hostile.otherwise(() => ({ _tag: "Handle", answer: () => ok(answers[n++] ?? { entrustedList: [] }) }))
      const got = yield* collect(hostile, Support.byToken.items())
      expect(got._tag === "Left" && got.left).toMatchObject({ _tag: "PaginationError", reason: "a row came twice (c)" })
      expect(n).toBe(2)
    }))

  it.scoped("a token spelled `undefined` is a token like any other: first, or after another", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      const full = (prefix: string) =>
        ["a", "b", "c", "d", "e", "f", "g", "h", "i"].map((id, i) => ({ id: prefix + id, ts: String(anchor - i) }))
      // The token each request's cursor leads to (none: the first page).
      const script = (tokens: Record<string, string>) => (request: Hostile.Received) => {
        const at = request.query.get("idLessThan") ?? "none"
        const token = tokens[at]
        return ok(token === undefined ? { entrustedList: [] } : { entrustedList: full(at), endId: token })
      }
      hostile.otherwise(() => ({ _tag: "Handle", answer: script({ none: "undefined", undefined: "t1" }) }))
      const first = yield* collect(hostile, Support.byToken.items())
      expect(first._tag === "Right" && first.right.length).toBe(18)
      hostile.otherwise(() => ({ _tag: "Handle", answer: script({ none: "t1", t1: "undefined" }) }))
      const after = yield* collect(hostile, Support.byToken.items())
      expect(after._tag === "Right" && after.right.length).toBe(18)
      expect(hostile.received.map((request) => request.query.get("idLessThan"))).toEqual([
        null,
        "undefined",
        "t1",
        null,
        "t1",
        "undefined"
      ])
    }))

  it.scoped("a walk's rows are counted in `bitget.stream.rows` once each, window by window", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.otherwise(() => ({
        _tag: "Handle",
        answer: (request) =>
          request.query.get("idLessThan") !== null
            ? ok({ entrustedList: [] })
            : ok({ entrustedList: [{ id: request.query.get("endTime")!, ts: String(anchor) }], endId: "next" })
      }))
      const rows = Effect.map(Metric.snapshot, (pairs) => {
        const pair = pairs.find((pair) =>
          pair.metricKey.name === "bitget.stream.rows" &&
          pair.metricKey.tags.some((tag) => tag.key === "endpoint" && tag.value === "test.windowedToken")
        )
        return (pair?.metricState as MetricState.MetricState.Counter<number> | undefined)?.count ?? 0
      })
      const client = Hostile.client(hostile.url, Hostile.anyCredentials, { metrics: true })
      const before = yield* rows
      const items = yield* Stream.runCollect(windowedToken.items(fifteenDays)).pipe(Effect.provide(client))
      expect(items.length).toBe(2)
      expect((yield* rows) - before).toBe(2)
      yield* Stream.runDrain(windowedToken.pages(fifteenDays)).pipe(Effect.provide(client))
      expect((yield* rows) - before).toBe(4)
    }))

  it.scoped("an end before the start is one request refused locally, as the single call is", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.otherwise(() => ({ _tag: "Handle", answer: () => ok([]) }))
      const backwards = { startTime: Timestamp.fromMillis(anchor), endTime: Timestamp.fromMillis(anchor - 1) }
      const client = Hostile.client(hostile.url, Hostile.anyCredentials)
      const sent = () => hostile.received.length
      yield* refusedLocally(
        Stream.runDrain(Support.byLastRow.items(backwards)).pipe(Effect.provide(client)),
        "endTime is before startTime",
        sent
      )
      yield* refusedLocally(
        Stream.runDrain(Support.byLastRow.pages(backwards)).pipe(Effect.provide(client)),
        "endTime is before startTime",
        sent
      )
    }))
})

describe("history depth without a window", () => {
  // `ByEndId` has no window: its start is the request's `startTime`, the field Bitget names it.
  const kept = { ...Support.ByEndId.pagination!, history: Pagination.history("20 days", "test declaration") }
  const keptList = Operation.make({ ...Support.ByEndId, pagination: kept })

  it("the start read is `startTime`, named first in the reason", () => {
    const now = anchor
    const oldest = now - 20 * day - 30_000
    expect(Paginate.tooOld(kept, { startTime: oldest }, now)).toBeUndefined()
    expect(Paginate.tooOld(kept, { startTime: oldest - 1 }, now)).toBe(
      `startTime ${new Date(oldest - 1).toISOString()} is older than the 20d the exchange keeps for this list ` +
        `(the oldest start now is ${new Date(oldest).toISOString()}); start at or after it, or omit startTime`
    )
  })

  it.scoped("a walk from a `startTime` older than the history is refused, nothing sent", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.otherwise(() => ({ _tag: "Handle", answer: () => ok({ entrustedList: [] }) }))
      yield* TestClock.setTime(anchor)
      const old = { startTime: Timestamp.fromMillis(anchor - 21 * day) }
      const sent = () => hostile.received.length
      const client = Hostile.client(hostile.url, Hostile.anyCredentials)
      yield* refusedLocally(Stream.runDrain(keptList.items(old)).pipe(Effect.provide(client)), "startTime", sent, {
        start: true
      })
      yield* refusedLocally(Stream.runDrain(keptList.pages(old)).pipe(Effect.provide(client)), "startTime", sent, {
        start: true
      })
      // Within the history it is sent as asked.
      const within = yield* collect(hostile, keptList.items({ startTime: Timestamp.fromMillis(anchor - 19 * day) }))
      expect(within._tag).toBe("Right")
      expect(hostile.received.map((request) => request.query.get("startTime"))).toEqual([String(anchor - 19 * day)])
    }))
})
