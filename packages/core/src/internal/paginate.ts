/**
 * Walks a list endpoint by its declared rule: asks for the largest page, feeds the cursor back,
 * stops on an empty page (a short one may be the exchange's own cap), refuses a cursor that does
 * not move one way, and splits a long `[start, end]` into the endpoint's window,
 * newest window first, so a whole history is one Stream. Windows touch but never overlap
 * (`end` of the next is `start - 1` of the previous, in ms), so no row comes twice or is skipped.
 */
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import { InvalidRequest, PaginationError } from "../BitgetError.js"
import type { Endpoint } from "../Endpoint.js"
import { historySlack, type Pagination } from "../Pagination.js"

type Req = Record<string, unknown>

const millis = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === "") return undefined
  if (DateTime.isDateTime(value)) return DateTime.toEpochMillis(value)
  if (typeof value === "number") return value
  if (typeof value === "string") return Number(value)
  return undefined
}

/** The rows of a page's data. */
export const rows = (pagination: Pagination, data: unknown): ReadonlyArray<unknown> => {
  const list = pagination.list === undefined ? data : (data as Record<string, unknown> | null)?.[pagination.list]
  return Array.isArray(list) ? list : []
}

/** What comes after a page: the next request, the end, or a cursor that does not move one way. */
export type Step =
  | { readonly _tag: "Next"; readonly request: Req }
  | { readonly _tag: "End" }
  | { readonly _tag: "Stuck"; readonly reason: string }

const END: Step = { _tag: "End" }

/** Where the integer of 1 to 30 ASCII digits starts past its leading zeros, or -1 if not such. */
const digitsFrom = (text: string): number => {
  const length = text.length
  if (length === 0 || length > 30) return -1
  let from = length
  for (let i = length - 1; i >= 0; i--) {
    const code = text.charCodeAt(i)
    if (code < 48 || code > 57) return -1
    if (code !== 48) from = i
  }
  return from
}

/** `x < y` for digit strings whose integers start at `i` and `j` (see `digitsFrom`). */
const less = (x: string, i: number, y: string, j: number): boolean => {
  const lengths = (x.length - i) - (y.length - j)
  if (lengths !== 0) return lengths < 0
  for (let k = 0; i + k < x.length; k++) {
    const d = x.charCodeAt(i + k) - y.charCodeAt(j + k)
    if (d !== 0) return d < 0
  }
  return false
}

/**
 * `a < b` for ids: as integers when both are 1 to 30 digits, else `undefined` (not comparable).
 * Compared as text past the leading zeros (the longer is larger, else the first differing digit):
 * what `BigInt(a) < BigInt(b)` answers, without two `BigInt`s a row (case 4, §21 of the bench's
 * FINDINGS.md).
 */
export const below = (a: unknown, b: unknown): boolean | undefined => {
  const x = typeof a === "string" ? a : String(a)
  const y = typeof b === "string" ? b : String(b)
  const i = digitsFrom(x)
  if (i === -1) return undefined
  const j = digitsFrom(y)
  if (j === -1) return undefined
  return less(x, i, y, j)
}

const absent = (value: unknown) => value === undefined || value === null || value === ""

/** A row's identity under the cursor rule (ids, times, or the row itself for page numbers). */
export const identity = (cursor: Pagination["cursor"], row: unknown): string | undefined => {
  const record = row as Record<string, unknown>
  switch (cursor._tag) {
    case "LastRow":
      return absent(record[cursor.field]) ? undefined : String(record[cursor.field])
    case "Field":
      return absent(record[cursor.id]) ? undefined : String(record[cursor.id])
    case "Before": {
      const ms = millis(record[cursor.field])
      return ms === undefined ? undefined : String(ms)
    }
    case "Page":
      // Rows of page-numbered lists often carry no id, and two equal rows may both be real (two
      // equal profit shares): the whole page is what must not come again (see `pageKey`).
      return undefined
  }
}

/** A page of a page-numbered list, as a whole: an exchange that ignores the page number repeats it. */
export const pageKey = (page: ReadonlyArray<unknown>): string => "page:" + JSON.stringify(page)

/**
 * The page without its first row when that row is the cursor's own row, already emitted: a server
 * that treats `idLessThan` (or `endId`) as inclusive starts each page with the previous page's
 * last row. Only that one row is passed over; anything else repeated is still refused.
 */
const withoutBoundary = (
  pagination: Pagination,
  request: Req,
  data: unknown,
  page: ReadonlyArray<unknown>,
  seen: (id: string) => boolean
): unknown => {
  const cursor = pagination.cursor
  if (cursor._tag !== "LastRow" && cursor._tag !== "Field") return data
  const at = request[cursor.param]
  if (absent(at) || page.length === 0) return data
  const id = identity(cursor, page[0])
  if (id === undefined || id !== String(at) || !seen(id)) return data
  const rest = page.slice(1)
  return pagination.list === undefined ? rest : { ...(data as Record<string, unknown>), [pagination.list]: rest }
}

/**
 * Why the rows of a page cannot have come from `request`: an id not below the request's cursor
 * (ids go down), a time after its end (times go back), or a row already emitted.
 */
export const misplaced = (
  pagination: Pagination,
  request: Req,
  page: ReadonlyArray<unknown>,
  seen: (id: string) => boolean
): string | undefined => {
  const cursor = pagination.cursor
  if (cursor._tag === "Page") return seen(pageKey(page)) ? "a row came twice (the same page again)" : undefined
  const at = request[cursor.param]
  for (const row of page) {
    const id = identity(cursor, row)
    if (id === undefined) continue
    if (seen(id)) return `a row came twice (${id})`
    if (absent(at)) continue
    if (cursor._tag === "Before") {
      if (Number(id) > millis(at)!) return `a row at ${id} is after ${cursor.param} ${millis(at)}`
    } else if (below(id, at) === false) {
      return `row ${id} is not below ${cursor.param} ${String(at)}`
    }
  }
  return undefined
}

/**
 * The id of the page's last row when the page's ids go strictly down, each below the one before
 * it and the first below `at` (when `at` is given), compared as integers (1 to 30 digits, as
 * `below`); else `undefined`: a page out of order, an id equal to one before it, an id that
 * cannot be compared, or a last row without an id. Rows without an id are passed over (no rule
 * reads them). Only `LastRow` and `Field` cursors have ids. One digit scan a row: the walk's
 * proof that a page repeats nothing (see `pages`), in place of two set look-ups a row.
 */
export const descent = (
  cursor: Pagination["cursor"],
  at: unknown,
  page: ReadonlyArray<unknown>
): string | undefined => {
  const field = cursor._tag === "LastRow" ? cursor.field : cursor._tag === "Field" ? cursor.id : undefined
  if (field === undefined) return undefined
  let before = absent(at) ? undefined : typeof at === "string" ? at : String(at)
  let from = before === undefined ? 0 : digitsFrom(before)
  if (from === -1) return undefined
  let last: string | undefined
  for (let r = 0; r < page.length; r++) {
    const value = (page[r] as Record<string, unknown>)[field]
    if (absent(value)) {
      last = undefined
      continue
    }
    const id = typeof value === "string" ? value : String(value)
    const i = digitsFrom(id)
    if (i === -1 || (before !== undefined && !less(id, i, before, from))) return undefined
    before = id
    from = i
    last = id
  }
  return last
}

/**
 * The request for the page after `data`. A short page does not end the walk (the exchange may
 * cap a page below the declared maximum); an empty page, or no cursor to follow, does. A cursor
 * that does not move one way (ids down, times back) is `Stuck`.
 */
export const next = (pagination: Pagination, request: Req, data: unknown): Step => {
  const page = rows(pagination, data)
  if (page.length === 0) return END
  const cursor = pagination.cursor
  const previous = request[cursor.param]
  let value: unknown
  switch (cursor._tag) {
    case "LastRow":
      value = (page[page.length - 1] as Record<string, unknown>)[cursor.field]
      break
    case "Field":
      value = (data as Record<string, unknown>)[cursor.field]
      break
    case "Page":
      return { _tag: "Next", request: { ...request, [cursor.param]: ((previous as number | undefined) ?? 1) + 1 } }
    case "Before": {
      let oldest = Infinity
      for (const row of page) {
        oldest = Math.min(oldest, millis((row as Record<string, unknown>)[cursor.field]) ?? Infinity)
      }
      if (!Number.isFinite(oldest)) return END
      const start = millis(request[pagination.window?.start ?? "startTime"])
      if (start !== undefined && oldest - 1 < start) return END
      const end = millis(previous)
      if (end !== undefined && oldest - 1 >= end) return { _tag: "Stuck", reason: `${cursor.param} does not move back` }
      return { _tag: "Next", request: { ...request, [cursor.param]: DateTime.unsafeMake(oldest - 1) } }
    }
  }
  if (absent(value)) return END
  if (!absent(previous)) {
    if (String(value) === String(previous)) {
      return { _tag: "Stuck", reason: `${cursor.param} stalls at ${String(value)}` }
    }
    if (below(value, previous) === false) {
      return { _tag: "Stuck", reason: `${cursor.param} moves up, from ${String(previous)} to ${String(value)}` }
    }
  }
  return { _tag: "Next", request: { ...request, [cursor.param]: value } }
}

/** The `[start, end]` windows (ms) covering the request's range, newest first. */
export const windows = (
  pagination: Pagination,
  request: Req,
  now: number
): ReadonlyArray<readonly [number, number]> | undefined => {
  const window = pagination.window
  if (window === undefined) return undefined
  const start = millis(request[window.start])
  if (start === undefined) return undefined
  const end = millis(request[window.end]) ?? now
  const max = Duration.toMillis(window.max)
  const out: Array<readonly [number, number]> = []
  for (let to = end; to >= start;) {
    const from = Math.max(start, to - max)
    out.push([from, to])
    to = from - 1
  }
  return out
}

/**
 * Why a walk from the request's start must not begin: the start is older than the history the
 * exchange keeps (`pagination.history`, less `historySlack` for the two clocks), or `undefined`.
 */
export const tooOld = (pagination: Pagination, request: Req, now: number): string | undefined => {
  const history = pagination.history
  if (history === undefined) return undefined
  const field = pagination.window?.start ?? "startTime"
  const start = millis(request[field])
  if (start === undefined) return undefined
  const oldest = now - Duration.toMillis(history.depth) - Duration.toMillis(historySlack)
  if (start >= oldest) return undefined
  return `${field} ${new Date(start).toISOString()} is older than the ${
    Duration.format(history.depth)
  } the exchange keeps for this list (the oldest start now is ${
    new Date(oldest).toISOString()
  }); start at or after it, or omit ${field}`
}

/**
 * Every page of data for `request`, across cursors and windows, each emitted as `emit` makes it
 * (`pages`: the page; `items`: its rows as one chunk). Each page is checked before it is emitted:
 * a row already emitted or out of the cursor's order ends the stream with `PaginationError` (or,
 * right after a short page, quietly: the exchange answered its last page again). A cursor moves
 * one way or, where its values cannot be compared, is remembered, so a cycle (A → B → A) cannot
 * loop. `count`, read at the start, is told the rows of each page emitted (the client's metrics).
 *
 * One state machine walks the windows and their pages: the stream is a single step per page
 * (no stream per window, none to read the clock or the client), which is what a row costs
 * beyond its call (case 4 of the bench, §21 of its FINDINGS.md).
 */
export const pages = <E, R, R2 = never>(
  endpoint: Endpoint.Any,
  request: Req,
  execute: (request: Req) => Effect.Effect<unknown, E, R>,
  now: Effect.Effect<number>,
  emit: (data: unknown) => Chunk.Chunk<unknown> = Chunk.of,
  count: Effect.Effect<((rows: number) => void) | undefined, never, R2> = Effect.succeed(undefined)
): Stream.Stream<unknown, E | PaginationError | InvalidRequest, R | R2> => {
  const pagination = endpoint.pagination!
  const stuck = (reason: string) => new PaginationError({ endpoint: endpoint.name, reason })
  const cursor = pagination.cursor
  const window = pagination.window
  /** The next page's request; `window`: the index of its window in `ranges` (-1: no windows). */
  type State = { readonly request: Req; readonly first: boolean; readonly short: boolean; readonly window: number }
  type Pull = Effect.Effect<
    readonly [Chunk.Chunk<unknown>, Option.Option<State | undefined>],
    E | PaginationError | InvalidRequest,
    R | R2
  >
  const END_OF_ALL = Option.none()
  return Stream.suspend(() => {
    // The request as it is when the stream runs.
    const limit = (request[pagination.limit.param] as number | undefined) ?? pagination.limit.max
    const first = { ...request, [pagination.limit.param]: limit }
    // The rows of the last two pages: enough to catch a page answered again or an A → B → A
    // cycle, while a walk of millions of rows keeps its memory flat (ordered cursors catch the
    // rest: ids must stay below the cursor, times before it). Their ids (or, by page number, the
    // pages) are put in sets only when a check needs them: see `ordered`.
    let olderRows: ReadonlyArray<unknown> = []
    let newerRows: ReadonlyArray<unknown> = []
    let olderIds: Set<string> | undefined
    let newerIds: Set<string> | undefined
    const idsOf = (rows: ReadonlyArray<unknown>): Set<string> => {
      const ids = new Set<string>()
      if (cursor._tag === "Page") {
        if (rows.length > 0) ids.add(pageKey(rows))
      } else {
        for (const row of rows) {
          const id = identity(cursor, row)
          if (id !== undefined) ids.add(id)
        }
      }
      return ids
    }
    const seen = (id: string) => (newerIds ??= idsOf(newerRows)).has(id) || (olderIds ??= idsOf(olderRows)).has(id)
    // The same, first asking the newer page's last row: an inclusive cursor's boundary row, found
    // without building a set on each page.
    const seenBoundary = (id: string) =>
      (newerRows.length > 0 && identity(cursor, newerRows[newerRows.length - 1]) === id) || seen(id)
    /**
     * Whether every id in the last two pages is at or above the cursor of the request now asked
     * (as integers). Then a page asked for with that cursor whose ids go strictly down from it
     * (`descent`) cannot hold a row of those pages, nor one twice: each of its ids is below the
     * cursor, so below every id they hold, and below the ids before it on the page. So that
     * page needs no set, and nothing `misplaced` refuses can be in it (a repeat, an id not below
     * the cursor). It then holds again for the next request when that cursor is at or below the
     * page's last id (its lowest): the page's ids are at or above it, and the older page's are
     * above the cursor this page was asked with. A page that does not go down from its cursor
     * (an inclusive server's extra rows, ids out of order, an opaque or missing id), the first
     * page of each window (asked without a cursor: its ids may be anywhere against the previous
     * window's) and every page of a time or page-number walk take the whole check, with the sets;
     * after such a page the property holds again only if the previous page's ids are all at or
     * above the next cursor, which is checked row by row (once, not on every page).
     */
    let ordered = false
    // Opaque cursor values of the current window's walk.
    let cursors = new Set<string>()
    let ranges: ReadonlyArray<readonly [number, number]> = []
    let counted: ((rows: number) => void) | undefined
    /** The first request of window `index`, or `undefined` past the last. */
    const startOf = (index: number): State | undefined => {
      if (index >= ranges.length) return undefined
      const [from, to] = ranges[index]!
      return {
        request: { ...first, [window!.start]: DateTime.unsafeMake(from), [window!.end]: DateTime.unsafeMake(to) },
        first: true,
        short: false,
        window: index
      }
    }
    /** After the last page of this window's walk: the next window's walk, or the end. */
    const after = (state: State): Option.Option<State> => {
      const start = state.window === -1 ? undefined : startOf(state.window + 1)
      return start === undefined ? END_OF_ALL : Option.some(start)
    }
    const out = (data: unknown): Chunk.Chunk<unknown> => {
      if (counted !== undefined) counted(rows(pagination, data).length)
      return emit(data)
    }
    const page = (state: State): Pull =>
      Effect.flatMap(execute(state.request), (answered): Pull => {
        if (state.first) cursors = new Set<string>()
        const whole = rows(pagination, answered)
        const data = state.first ? answered : withoutBoundary(pagination, state.request, answered, whole, seenBoundary)
        const page = data === answered ? whole : rows(pagination, data)
        if (page.length === 0) return Effect.succeed([state.first ? out(data) : Chunk.empty(), after(state)] as const)
        // The page's lowest id when its ids go down from the cursor; with `ordered`, that is the
        // whole check (see `ordered`), which a window's first page never takes.
        const lowest = descent(cursor, state.request[cursor.param], page)
        const proven = lowest !== undefined && ordered && !state.first
        if (!proven) {
          const problem = misplaced(pagination, state.request, page, seen)
          if (problem !== undefined) {
            return state.short ? Effect.succeed([Chunk.empty(), after(state)] as const) : Effect.fail(stuck(problem))
          }
        }
        const previous = newerRows
        olderRows = previous
        olderIds = newerIds
        newerRows = page
        newerIds = undefined
        const step = next(pagination, state.request, data)
        if (step._tag === "Stuck") return Effect.fail(stuck(step.reason))
        if (step._tag === "End") return Effect.succeed([out(data), after(state)] as const)
        // A cursor proven to move one way (page numbers up, times back, numeric ids down: see
        // `next`) cannot come back; only moves between values that cannot be compared (opaque
        // ids) are remembered, both ends of each, so a long walk keeps its memory flat.
        const at = step.request[cursor.param]
        const before = state.request[cursor.param]
        if (cursor._tag !== "Page" && cursor._tag !== "Before" && below(at, before) !== true) {
          const key = String(at)
          if (cursors.has(key)) return Effect.fail(stuck(`${cursor.param} ${key} came back (a cycle)`))
          cursors.add(key)
          if (!absent(before)) cursors.add(String(before))
        }
        // The next cursor at or below this page's lowest id, and the previous page's ids at or
        // above it (known when this page was proven, else checked): see `ordered`.
        ordered = lowest !== undefined && below(lowest, at) === false &&
          (proven || previous.every((row) => {
            const id = identity(cursor, row)
            return id === undefined || below(id, at) === false
          }))
        // Short by what the server sent (a boundary row passed over does not shorten a page).
        const following: State = {
          request: step.request,
          first: false,
          short: whole.length < limit,
          window: state.window
        }
        return Effect.succeed([out(data), Option.some(following)] as const)
      })
    // The first step reads the clock and the counter, refuses a start older than the history,
    // and cuts the range into windows; then it asks for the first page.
    const start: Pull = Effect.flatMap(Effect.zip(now, count), ([ms, counter]): Pull => {
      counted = counter
      const old = tooOld(pagination, first, ms)
      if (old !== undefined) return Effect.fail(new InvalidRequest({ endpoint: endpoint.name, reason: old }))
      const cut = windows(pagination, first, ms)
      // No range at all (end before start): one request, refused locally as the single call is.
      if (cut === undefined || cut.length === 0) return page({ request: first, first: true, short: false, window: -1 })
      ranges = cut
      return page(startOf(0)!)
    })
    return Stream.paginateChunkEffect(
      undefined as State | undefined,
      (state): Pull => state === undefined ? start : page(state)
    )
  })
}

/**
 * Every row of every page: each page's rows as one chunk, made by the walk itself (no stream
 * step per row, none per page beyond the walk's own).
 */
export const items = <E, R, R2 = never>(
  endpoint: Endpoint.Any,
  request: Req,
  execute: (request: Req) => Effect.Effect<unknown, E, R>,
  now: Effect.Effect<number>,
  count?: Effect.Effect<((rows: number) => void) | undefined, never, R2>
): Stream.Stream<unknown, E | PaginationError | InvalidRequest, R | R2> => {
  const pagination = endpoint.pagination!
  // The decoded array is fresh and never changed afterwards, so the chunk can share it.
  return pages(endpoint, request, execute, now, (data) => Chunk.unsafeFromArray(rows(pagination, data)), count)
}
