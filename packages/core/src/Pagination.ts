/**
 * How a list endpoint pages, as data. The client derives its `pages` and `items` Streams from
 * it and the simulator serves seeded lists by the same rule, so the two cannot drift apart.
 *
 * Field names here are the request's and the decoded data's keys (they are the wire's names).
 */
import * as Duration from "effect/Duration"

/**
 * Where the next cursor comes from:
 * - `LastRow`: the last row's `field` (spot orders `orderId`, fills `tradeId`, bills `billId`,
 *   tax `id`, announcements `annId`); the server returns rows whose id is below it.
 * - `Field`: a field of the data object (`endId` of futures lists, `minOrderId` of P2P); the
 *   rows' own id is `id`.
 * - `Page`: a page number counting from 1 (spot transfer records).
 * - `Before`: walk back in time; the next `param` (an end time) is just before the oldest
 *   row's `field` (candles).
 */
export type Cursor =
  | { readonly _tag: "LastRow"; readonly param: string; readonly field: string }
  | { readonly _tag: "Field"; readonly param: string; readonly field: string; readonly id: string }
  | { readonly _tag: "Page"; readonly param: string }
  | { readonly _tag: "Before"; readonly param: string; readonly field: string }

export interface Pagination {
  /** The key of the rows inside `data`; absent when `data` is the array of rows. */
  readonly list?: string | undefined
  readonly cursor: Cursor
  /**
   * The page size parameter, its largest value, and where that maximum comes from (Bitget's
   * page, or the reference file that measured it). The exchange may still cap a page below it,
   * so a short page never ends a walk: an empty one does.
   */
  readonly limit: {
    readonly param: string
    readonly max: number
    readonly source: string
    /**
     * How many rows the exchange answers when the parameter is omitted (a single call without it),
     * as the same source states. The Streams always ask for `max`.
     */
    readonly default?: number | undefined
  }
  /** The longest `[start, end]` range one request may ask for, and the row field holding time. */
  readonly window?: {
    readonly start: string
    readonly end: string
    readonly max: Duration.Duration
    readonly field: string
  } | undefined
  /**
   * How far back the exchange keeps rows for this list (fills: the last 90 days), and where that is
   * stated. `.pages`/`.items` refuse a start older than that (see `history` below), as Bitget
   * refuses one (40704 "only the last three months of data can be queried").
   */
  readonly history?: { readonly depth: Duration.Duration; readonly source: string } | undefined
}

/** `idLessThan` fed from the last row's `field`. */
export const lastRow = (field: string, param = "idLessThan"): Cursor => ({ _tag: "LastRow", param, field })

/** `idLessThan` fed from `data[field]` (e.g. `endId`); rows are identified by `id`. */
export const dataField = (field: string, id: string, param = "idLessThan"): Cursor => ({
  _tag: "Field",
  param,
  field,
  id
})

/** Page numbers from 1. */
export const page = (param = "pageNum"): Cursor => ({ _tag: "Page", param })

/** Walk back in time through `param` from the oldest row's `field`. */
export const before = (field: string, param = "endTime"): Cursor => ({ _tag: "Before", param, field })

/** A `[startTime, endTime]` window of at most `max`, rows timed by `field`. */
export const window = (max: Duration.DurationInput, field: string, start = "startTime", end = "endTime") => ({
  start,
  end,
  max: Duration.decode(max),
  field
})

/**
 * Rows kept for `depth` back from now, as `source` (Bitget's page, or a reference file) states.
 * `depth` counts from the exchange's clock; the Streams allow `historySlack` for the difference.
 */
export const history = (depth: Duration.DurationInput, source: string) => ({ depth: Duration.decode(depth), source })

/**
 * How much older than `now − depth` a start may be before the Streams refuse it: Bitget's own
 * tolerance between a client's clock and its own (a signed request's timestamp may be 30 s off,
 * reference/bitget-docs-facts.md "Clock skew"). So `now − 90 days` computed just before the call
 * is never refused for the milliseconds that passed since.
 */
export const historySlack: Duration.Duration = Duration.seconds(30)
