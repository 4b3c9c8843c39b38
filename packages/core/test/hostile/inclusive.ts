/**
 * An exchange whose cursor is inclusive: each page starts with the row the cursor names (the
 * previous page's last row) again, as some of Bitget's `idLessThan`/`endId` lists do. The client
 * passes over that one row when it is the cursor's own row, which it knows by the declaration's
 * row id: a declaration naming the wrong id field (an order's id on a fill) sees the row twice
 * and stops, even on data where every id is unique. The hostile server stands in front of the
 * simulator; the test names the row id and the list as Bitget's page documents them.
 */
import type { Action, Received } from "./Hostile.js"

export interface InclusiveOptions {
  /** The request parameter carrying the cursor (`idLessThan`, `cursor`). */
  readonly param: string
  /** The rows' id, as the page documents it (`tradeId`). */
  readonly id: string
  /** The key of the rows in `data`; absent when `data` is the rows. */
  readonly list?: string
}

type Row = Record<string, unknown>

/** An `otherwise` handler for the hostile server: routes in `routes` answer inclusively. */
export const inclusive = (routes: ReadonlyArray<string>, options: InclusiveOptions) => {
  const seen = new Map<string, Row>()
  let repeated = 0
  const reshape = (request: Received, body: string): string => {
    const envelope = JSON.parse(body) as { data?: unknown }
    const data = envelope.data as Row | Array<Row> | null | undefined
    if (data === null || data === undefined) return body
    const rows = (options.list === undefined ? data : (data as Row)[options.list]) as Array<Row> | undefined
    if (!Array.isArray(rows)) return body
    for (const row of rows) seen.set(String(row[options.id]), row)
    const at = request.query.get(options.param)
    const boundary = at === null ? undefined : seen.get(at)
    if (boundary === undefined || rows.length === 0) return body
    repeated++
    const withBoundary = [boundary, ...rows]
    envelope.data = options.list === undefined ? withBoundary : { ...(data as Row), [options.list]: withBoundary }
    return JSON.stringify(envelope)
  }
  const handler = (request: Received): Action =>
    routes.includes(`${request.method} ${request.path}`) ? { _tag: "Forward", reshape } : { _tag: "Forward" }
  return { handler, repeated: () => repeated }
}
