/**
 * Serving the spot domain's own lists the way the exchange pages them: newest id first, an
 * optional `[startTime, endTime]` filter on the row's time, an `idLessThan` cursor (or page
 * numbers) and a page size.
 */
import * as DateTime from "effect/DateTime"

const millis = (value: unknown): number | undefined =>
  value === undefined || value === null || value === ""
    ? undefined
    : DateTime.isDateTime(value)
    ? DateTime.toEpochMillis(value)
    : Number(value)

export interface Rule<Row> {
  readonly id: (row: Row) => string
  readonly time: (row: Row) => number
  readonly limit: number
}

/** Rows in the request's time range, newest id first. */
export const inRange = <Row>(rows: Iterable<Row>, rule: Rule<Row>, request: Record<string, unknown>): Array<Row> => {
  const start = millis(request.startTime)
  const end = millis(request.endTime)
  const out: Array<Row> = []
  for (const row of rows) {
    const time = rule.time(row)
    if (start !== undefined && time < start) continue
    if (end !== undefined && time > end) continue
    out.push(row)
  }
  return out.sort((a, b) => {
    const x = BigInt(rule.id(a))
    const y = BigInt(rule.id(b))
    return x < y ? 1 : x > y ? -1 : 0
  })
}

/** One page by `idLessThan`. */
export const byCursor = <Row>(rows: Iterable<Row>, rule: Rule<Row>, request: Record<string, unknown>): Array<Row> => {
  let sorted = inRange(rows, rule, request)
  const below = request.idLessThan
  if (typeof below === "string" && below !== "") {
    const cursor = BigInt(below)
    sorted = sorted.filter((row) => BigInt(rule.id(row)) < cursor)
  }
  const limit = (request.limit as number | undefined) ?? rule.limit
  return sorted.slice(0, limit)
}

/** One page by `pageNum` (from 1). */
export const byPage = <Row>(rows: Iterable<Row>, rule: Rule<Row>, request: Record<string, unknown>): Array<Row> => {
  const sorted = inRange(rows, rule, request)
  const limit = (request.limit as number | undefined) ?? rule.limit
  const page = (request.pageNum as number | undefined) ?? 1
  return sorted.slice((page - 1) * limit, page * limit)
}
