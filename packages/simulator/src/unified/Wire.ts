/**
 * V3 on the simulator's wire for the unified trading routes: V3's codes for the worlds' V2
 * refusals, futures-world code run as an Effect, answer rows without absent keys, and V3's
 * cursor pages.
 */
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { Refusal } from "../futures/Records.js"
import { Rejection } from "../Rejection.js"

/**
 * V3's codes for the worlds' V2 refusals (shared/reference/v3-unified-api.md §b.4): short
 * balance 25202 (spot) or margin 25203 (futures), a reused clientOid 25212, no such order 25204,
 * no position to close 25227, below the minimum 25207, unknown pair 25100, a position field that
 * does not fit the hold mode 25236, a price off the tick 25244; any other parameter error 25200.
 */
const V3_CODES: Readonly<Record<string, string>> = {
  "43012": "25202",
  "43118": "25212",
  "43001": "25204",
  "40768": "25204",
  "22002": "25227",
  "45110": "25207",
  "43006": "25207",
  "43007": "25200",
  "40034": "25100",
  "40774": "25236",
  "40808": "25200",
  "40017": "25200",
  "40019": "25200"
}

export const toV3 = (rejection: Rejection, futures = false): Rejection => {
  if (rejection.code.startsWith("25")) return rejection
  const code = rejection.code === "43012" && futures
    ? "25203"
    // A price finer than the tick is its own code on V3 (25244); a size finer than the step is not.
    : rejection.code === "40808" && rejection.msg.includes("price")
    ? "25244"
    : V3_CODES[rejection.code] ?? "25200"
  return new Rejection({ code, msg: rejection.msg, status: rejection.status })
}

export const refuse = (code: string, msg: string): Effect.Effect<never, Rejection> =>
  Effect.fail(new Rejection({ code, msg, status: 400 }))

/** Runs futures world code (which throws its refusals), as an Effect with V3's codes. */
export const inFutures = <A>(f: () => A): Effect.Effect<A, Rejection> =>
  Effect.suspend(() => {
    try {
      return Effect.succeed(f())
    } catch (error) {
      if (error instanceof Refusal) {
        return Effect.fail(toV3(new Rejection({ code: error.code, msg: error.msg, status: 400 }), true))
      }
      throw error
    }
  })

export const compact = <A>(fields: Record<string, unknown>): A => {
  const out: Record<string, unknown> = {}
  for (const key in fields) if (fields[key] !== undefined) out[key] = fields[key]
  return out as A
}

export const time = (ms: number) => DateTime.unsafeMake(ms)

/**
 * A V3 page (reference §b.8): rows by id, newest (largest) first, within `[startTime, endTime]`,
 * below the `cursor` (the previous page's last id); `cursor` in the answer while rows remain.
 */
export const page = <R>(
  rows: ReadonlyArray<R>,
  id: (row: R) => string,
  at: (row: R) => number,
  request: {
    readonly startTime?: DateTime.Utc | undefined
    readonly endTime?: DateTime.Utc | undefined
    readonly limit?: number | undefined
    readonly cursor?: string | undefined
  }
): { readonly list: ReadonlyArray<R>; readonly cursor?: string } => {
  const start = request.startTime === undefined ? undefined : DateTime.toEpochMillis(request.startTime)
  const end = request.endTime === undefined ? undefined : DateTime.toEpochMillis(request.endTime)
  const below = request.cursor === undefined || !/^\d+$/.test(request.cursor) ? undefined : BigInt(request.cursor)
  const selected = rows
    .filter((row) =>
      (start === undefined || at(row) >= start) && (end === undefined || at(row) <= end) &&
      (below === undefined || BigInt(id(row)) < below)
    )
    .sort((a, b) => {
      const x = BigInt(id(a))
      const y = BigInt(id(b))
      return x === y ? 0 : x > y ? -1 : 1
    })
  const limit = request.limit ?? 100
  const list = selected.slice(0, limit)
  return selected.length > limit ? { list, cursor: id(list[list.length - 1]!) } : { list }
}
