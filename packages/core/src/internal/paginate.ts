/**
 * Walks a list endpoint by its declared rule: asks for the largest page, feeds the cursor back,
 * stops on a short or empty page, and splits a long `[start, end]` into the endpoint's window,
 * newest window first, so a whole history is one Stream. Windows touch but never overlap
 * (`end` of the next is `start - 1` of the previous, in ms), so no row comes twice or is skipped.
 */
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import type { Endpoint } from "../Endpoint.js"
import type { Pagination } from "../Pagination.js"

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

/** The request for the page after `data`, or `undefined` when `data` was the last page. */
export const next = (pagination: Pagination, request: Req, data: unknown, limit: number): Req | undefined => {
  const page = rows(pagination, data)
  if (page.length === 0 || page.length < limit) return undefined
  const cursor = pagination.cursor
  let value: unknown
  switch (cursor._tag) {
    case "LastRow":
      value = (page[page.length - 1] as Record<string, unknown>)[cursor.field]
      break
    case "Field":
      value = (data as Record<string, unknown>)[cursor.field]
      break
    case "Page":
      value = ((request[cursor.param] as number | undefined) ?? 1) + 1
      break
    case "Before": {
      let oldest = Infinity
      for (const row of page) {
        oldest = Math.min(oldest, millis((row as Record<string, unknown>)[cursor.field]) ?? Infinity)
      }
      if (!Number.isFinite(oldest)) return undefined
      value = DateTime.unsafeMake(oldest - 1)
      const start = millis(request[pagination.window?.start ?? "startTime"])
      if (start !== undefined && oldest - 1 < start) return undefined
      break
    }
  }
  if (value === undefined || value === null || value === "") return undefined
  // A cursor that does not move would repeat the page forever.
  const previous = request[cursor.param]
  const same = cursor._tag === "Before"
    ? millis(value) === millis(previous)
    : cursor._tag !== "Page" && String(value) === String(previous)
  if (same) return undefined
  return { ...request, [cursor.param]: value }
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

/** Every page of data for `request`, across cursors and windows. */
export const pages = <E, R>(
  endpoint: Endpoint.Any,
  request: Req,
  execute: (request: Req) => Effect.Effect<unknown, E, R>,
  now: Effect.Effect<number>
): Stream.Stream<unknown, E, R> => {
  const pagination = endpoint.pagination!
  const limit = (request[pagination.limit.param] as number | undefined) ?? pagination.limit.max
  const first = { ...request, [pagination.limit.param]: limit }
  const walk = (start: Req) =>
    Stream.paginateEffect(
      start,
      (req) =>
        Effect.map(execute(req), (data) => [data, Option.fromNullable(next(pagination, req, data, limit))] as const)
    )
  return Stream.unwrap(Effect.map(now, (ms) => {
    const ranges = windows(pagination, first, ms)
    if (ranges === undefined) return walk(first)
    const window = pagination.window!
    return Stream.flatMap(
      Stream.fromIterable(ranges),
      ([from, to]) =>
        walk({ ...first, [window.start]: DateTime.unsafeMake(from), [window.end]: DateTime.unsafeMake(to) }),
      { concurrency: 1 }
    )
  }))
}

/** Every row of every page: each page's rows as one chunk (no inner stream per page). */
export const items = <E, R>(
  endpoint: Endpoint.Any,
  request: Req,
  execute: (request: Req) => Effect.Effect<unknown, E, R>,
  now: Effect.Effect<number>
): Stream.Stream<unknown, E, R> => {
  const pagination = endpoint.pagination!
  // The decoded array is fresh and never changed afterwards, so the chunk can share it.
  return Stream.mapConcatChunk(
    pages(endpoint, request, execute, now),
    (data) => Chunk.unsafeFromArray(rows(pagination, data))
  )
}
