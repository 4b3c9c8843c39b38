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
  /** The page size parameter and its largest value. */
  readonly limit: {
    readonly param: string
    readonly max: number
    /** Where the largest page size is documented (a Bitget page or reference file). */
    readonly source?: string | undefined
  }
  /** The longest `[start, end]` range one request may ask for, and the row field holding time. */
  readonly window?: {
    readonly start: string
    readonly end: string
    readonly max: Duration.Duration
    readonly field: string
  } | undefined
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
