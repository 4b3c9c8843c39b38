/**
 * Seeded histories for list endpoints that no domain answers, served by each endpoint's own
 * pagination rule: newest first, ids descending, times spread over several windows so streams
 * have to walk cursors and windows alike. `idLessThan`-style cursors, `endId`/`minOrderId`
 * data fields, page numbers and walk-back-in-time (candles) are all served as the exchange does.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import type { Cursor, Pagination } from "@effect-bitget/core/Pagination"
import * as DateTime from "effect/DateTime"
import * as Duration from "effect/Duration"
import * as Generate from "./Generate.js"

type Row = Record<string, unknown>

export interface Seeded {
  /** Rows newest first. */
  readonly rows: ReadonlyArray<Row>
  /** A decoded `data` value whose non-list fields are reused in every answer. */
  readonly shell: unknown
}

/** Rows per seeded list: several full pages of the largest size. */
export const sizeFor = (pagination: Pagination): number => Math.min(2000, pagination.limit.max * 3 + 7)

const idField = (cursor: Cursor): string | undefined =>
  cursor._tag === "LastRow" ? cursor.field : cursor._tag === "Field" ? cursor.id : undefined

const timeField = (pagination: Pagination): string | undefined =>
  pagination.window?.field ?? (pagination.cursor._tag === "Before" ? pagination.cursor.field : undefined)

const withFields = (row: Row, fields: Row): Row => Object.assign(Object.create(Object.getPrototypeOf(row)), row, fields)

/**
 * A seeded list ending at `anchor` (ms). Rows are spaced so the list spans three windows when
 * the endpoint has one (a minute apart otherwise; candles a minute apart too).
 */
export const seed = (endpoint: Endpoint.Any, anchor: number, size?: number): Seeded => {
  const pagination = endpoint.pagination!
  const count = size ?? sizeFor(pagination)
  const base = Generate.seedOf(endpoint.name)
  const rows = Generate.sample(Generate.rowSchema(endpoint.data, pagination.list), base, count, {
    plausible: true
  }) as Array<Row>
  const id = idField(pagination.cursor)
  const time = timeField(pagination)
  const span = pagination.window === undefined ? count * 60_000 : Duration.toMillis(pagination.window.max) * 3
  const step = Math.max(1, Math.floor(span / count))
  const firstId = 1_200_000_000_000_000_000n
  const seeded = rows.map((row, i) => {
    const fields: Row = {}
    if (id !== undefined) fields[id] = String(firstId - BigInt(i) * 7n)
    if (time !== undefined) fields[time] = DateTime.unsafeMake(anchor - i * step)
    return withFields(row, fields)
  })
  const shell = pagination.list === undefined ? [] : Generate.one(endpoint.data as any, base + 1)
  return { rows: seeded, shell }
}

const millis = (value: unknown): number | undefined => {
  if (value === undefined || value === null || value === "") return undefined
  if (DateTime.isDateTime(value)) return DateTime.toEpochMillis(value)
  return Number(value)
}

const idOf = (row: Row, field: string): bigint => BigInt(String(row[field]))

/** The decoded `data` answering `request` (a decoded request) from a seeded list. */
export const answer = (endpoint: Endpoint.Any, seeded: Seeded, request: Row): unknown => {
  const pagination = endpoint.pagination!
  const cursor = pagination.cursor
  const limit = (request[pagination.limit.param] as number | undefined) ?? pagination.limit.max
  const time = timeField(pagination)
  let rows = seeded.rows
  if (time !== undefined && pagination.window !== undefined) {
    const start = millis(request[pagination.window.start])
    const end = millis(request[pagination.window.end])
    if (start !== undefined) rows = rows.filter((row) => millis(row[time])! >= start)
    if (end !== undefined) rows = rows.filter((row) => millis(row[time])! <= end)
  }
  let page: ReadonlyArray<Row>
  switch (cursor._tag) {
    case "LastRow":
    case "Field": {
      const field = idField(cursor)!
      const below = request[cursor.param]
      if (below !== undefined && below !== "") rows = rows.filter((row) => idOf(row, field) < BigInt(String(below)))
      page = rows.slice(0, limit)
      break
    }
    case "Page": {
      const number = (request[cursor.param] as number | undefined) ?? 1
      page = rows.slice((number - 1) * limit, number * limit)
      break
    }
    case "Before": {
      const end = millis(request[cursor.param])
      if (end !== undefined) rows = rows.filter((row) => millis(row[cursor.field])! <= end)
      // Candles come oldest first: the `limit` newest rows up to the end time, in time order.
      page = rows.slice(0, limit).reverse()
      break
    }
  }
  if (pagination.list === undefined) return page
  const data: Row = { ...(seeded.shell as Row), [pagination.list]: page }
  if (cursor._tag === "Field") {
    const last = page[page.length - 1]
    // An empty page has no cursor: leave the key out (an `undefined` value fails the encoder).
    if (last === undefined) delete data[cursor.field]
    else data[cursor.field] = String(last[cursor.id])
  }
  return data
}
