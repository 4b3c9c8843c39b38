/**
 * The order book's pushes read straight from the frame's text: the most frequent push (a busy book
 * sends tens of updates a second per instrument) costs about as much to `JSON.parse`, to protect
 * its `seq`/`pseq` from rounding and to decode through the schema as everything else together
 * (bench case 6). This scanner reads the compact frames Bitget sends, `{"action":…,"arg":{…},
 * "data":[{"asks":[["p","s"],…],"bids":…,"seq":N,"pseq":N,"ts":"ms"}],"ts":N}` (V3: `a`/`b`), and
 * builds the rows the schema (`Values.BookRow`, `Values.V3BookRow`) builds, with the same core
 * functions (`Decimal.parse`, the `Timestamp` decoder, `BigInt` of the digits). It answers
 * `undefined` for anything else (whitespace, escapes, another key order of the envelope, numbers
 * for prices, a float `seq`, a duplicate key…), and the frame then takes the general path
 * (`Wire.parse` and the schema), which also owns every error. A test checks that both paths give
 * equal pushes over many frames, real and generated, and that the plain frames do take this one.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import type { Level } from "@effect-bitget/core/OrderBook"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import type * as BigDecimal from "effect/BigDecimal"
import type * as DateTime from "effect/DateTime"
import * as Channel from "../Channel.js"
import { BookRow, V3BookRow } from "../Values.js"
import * as FlatRows from "./flatRows.js"

import {
  CLOSE_ARRAY,
  CLOSE_OBJECT,
  COLON,
  COMMA,
  hasControl,
  integerEnd,
  is,
  isPlain,
  numberEnd,
  OPEN_ARRAY,
  OPEN_OBJECT,
  QUOTE,
  stringEnd
} from "./scan.js"

/** A push read from its text: what `Connection` offers to the subscription's Streams. */
export interface Read<T> {
  readonly target: T
  readonly action: string
  readonly arg: Channel.WireArg
  readonly rows: ReadonlyArray<unknown>
  /** The outer `ts` (server push time), when sent. */
  readonly ts: DateTime.Utc | undefined
}

/** Index just past the array or object at `at` (brackets matched, strings skipped), or -1. */
const nestedEnd = (text: string, at: number): number => {
  let depth = 0
  let i = at
  while (i < text.length) {
    const c = text.charCodeAt(i)
    if (c === QUOTE) {
      i = stringEnd(text, i)
      if (i === -1) return -1
      continue
    }
    if (c === OPEN_ARRAY || c === OPEN_OBJECT) depth++
    else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--
      if (depth === 0) return i + 1
    }
    i++
  }
  return -1
}

// Keys of the envelope seen (each at most once).
const ACTION = 1
const ARG = 2
const DATA = 4
const OUTER_TS = 8

/**
 * A push, `{"action":"…","arg":{"k":"v",…},"data":[…],"ts":N}` in V2's key order or V3's (`data`,
 * `arg`, `action`, `ts`), compact, the whole text, whose arg `route`s to a target whose channel
 * has a scanner here; `undefined` otherwise. In V2's order the rows are read in the same pass; in
 * V3's the rows are stepped over first and read once the arg is known.
 */
export const read = <T extends { readonly channel: Channel.Channel.Any }>(
  text: string,
  route: (arg: Channel.WireArg, key: string) => T | undefined
): Read<T> | undefined => {
  if (text.charCodeAt(0) !== OPEN_OBJECT || !isPlain(text)) return undefined
  let action: string | undefined
  let arg: Channel.WireArg | undefined
  let target: T | undefined
  let scan: Scanner<unknown> | undefined
  let rows: ReadonlyArray<unknown> | undefined
  let data = -1
  let dataEnd = -1
  let ts: DateTime.Utc | undefined
  let seen = 0
  let i = 1
  for (;;) {
    let end = stringEnd(text, i)
    if (end === -1 || text.charCodeAt(end) !== COLON) return undefined
    const key = i
    const keyEnd = end
    i = end + 1
    let bit: number
    if (is(text, key, keyEnd, "data")) {
      bit = DATA
      if (scan !== undefined) {
        const scanned = scan(text, i)
        if (scanned === undefined) return undefined
        rows = scanned.rows
        end = scanned.end
      } else {
        if (text.charCodeAt(i) !== OPEN_ARRAY) return undefined
        data = i
        end = dataEnd = nestedEnd(text, i)
      }
    } else if (is(text, key, keyEnd, "arg")) {
      bit = ARG
      const known = argAt(text, i)
      if (known === undefined) return undefined
      arg = known.arg
      end = argEnd
      target = route(arg, known.key)
      if (target === undefined) return undefined
      scan = scanner(target.channel)
      if (scan === undefined) return undefined
    } else if (is(text, key, keyEnd, "action")) {
      bit = ACTION
      end = stringEnd(text, i)
      // Bitget's two actions without a string made per push.
      if (end !== -1) {
        if (is(text, i, end, "update")) action = "update"
        else if (is(text, i, end, "snapshot")) action = "snapshot"
        else if (hasControl(text, i + 1, end - 1)) end = -1
        else action = text.slice(i + 1, end - 1)
      }
    } else if (is(text, key, keyEnd, "ts")) {
      bit = OUTER_TS
      end = integerEnd(text, i)
      // A safe integer as `JSON.parse` reads it: 15 digits at most.
      if (end === -1 || end - i > 15) return undefined
      // As the general path's `DateTime.unsafeMake(ts)`, by the core's own maker; a negative one goes that way.
      const value = timestamp(Number(text.slice(i, end)))
      if (value === FastDecode.FAIL) return undefined
      ts = value as DateTime.Utc
    } else {
      return undefined
    }
    if (end === -1 || (seen & bit) !== 0) return undefined
    seen |= bit
    const next = text.charCodeAt(end)
    i = end + 1
    if (next === CLOSE_OBJECT) break
    if (next !== COMMA) return undefined
  }
  if (i !== text.length || (seen & (ACTION | ARG | DATA)) !== (ACTION | ARG | DATA)) return undefined
  if (rows === undefined) {
    // The rows came before the arg (V3's order).
    const scanned = scan!(text, data)
    if (scanned === undefined || scanned.end !== dataEnd) return undefined
    rows = scanned.rows
  }
  return { target: target!, action: action!, arg: arg!, rows, ts }
}

/**
 * The args met lately, by their text: a push's arg is read and keyed (`Channel.key`) once, then
 * every push naming it gets the same frozen object and key (an object and a key string less per
 * push). Texts are compared whole, so two spellings of one arg are two entries; bounded.
 */
const args = new Map<string, { readonly source: string; readonly arg: Channel.WireArg; readonly key: string }>()
const ARGS = 256

/** Where the last arg read by `argAt` ends (a variable rather than an object per push). */
let argEnd = -1

/** The args met last, compared in place first (no slice of the arg and no hash of it per push). */
const recent: Array<{ readonly source: string; readonly arg: Channel.WireArg; readonly key: string }> = []
const RECENT = 8

/** The flat arg object at `at` and its key (`argEnd` past it); `undefined` when not that shape. */
const argAt = (text: string, at: number): { readonly arg: Channel.WireArg; readonly key: string } | undefined => {
  // A flat arg's text ends at its first `}` outside a string: a whole earlier arg found here is this one.
  for (let n = 0; n < recent.length; n++) {
    const entry = recent[n]!
    if (text.startsWith(entry.source, at)) {
      argEnd = at + entry.source.length
      return entry
    }
  }
  const end = flatEnd(text, at)
  if (end === -1) return undefined
  argEnd = end
  const source = own(text.slice(at, end))
  let entry = args.get(source)
  if (entry === undefined) {
    // Checked once an arg text: a text met again is this one (`recent` and `args` compare it whole).
    if (hasControl(source, 0, source.length)) return undefined
    const arg: Record<string, string> = {}
    if (flatArg(text, at, arg) !== end) return undefined
    Object.freeze(arg)
    entry = { source, arg, key: Channel.key(arg) }
    if (args.size >= ARGS) args.clear()
    args.set(source, entry)
  }
  if (recent.length >= RECENT) recent.pop()
  recent.unshift(entry)
  return entry
}

/**
 * A copy of a slice that does not point into its frame's text: V8's `startsWith` against a slice
 * of an earlier frame costs about 3× what it costs against a string of its own (session 19: 200–460
 * against 50–100 ns for a 57-character arg, `node` 20), and the slice kept that whole frame alive.
 * Made code unit by code unit, so it is the same string whatever its characters; a long one (no
 * arg Bitget sends is) keeps its slice, as the spread of its units would not fit a call's arguments.
 */
const own = (slice: string): string => {
  if (slice.length > 1024) return slice
  const units: Array<number> = []
  for (let k = 0; k < slice.length; k++) units.push(slice.charCodeAt(k))
  return String.fromCharCode(...units)
}

/** Index past a `{"k":"v",…}` (string keys and values, no escapes) at `at`, or -1. */
const flatEnd = (text: string, at: number): number => {
  if (text.charCodeAt(at) !== OPEN_OBJECT) return -1
  let i = at + 1
  if (text.charCodeAt(i) === CLOSE_OBJECT) return i + 1
  for (;;) {
    let end = stringEnd(text, i)
    if (end === -1 || text.charCodeAt(end) !== COLON) return -1
    end = stringEnd(text, end + 1)
    if (end === -1) return -1
    const next = text.charCodeAt(end)
    i = end + 1
    if (next === CLOSE_OBJECT) return i
    if (next !== COMMA) return -1
  }
}

/** `{"k":"v",…}` at `at` into `into` (string values only): the index past it, or -1. */
const flatArg = (text: string, at: number, into: Record<string, string>): number => {
  if (text.charCodeAt(at) !== OPEN_OBJECT) return -1
  let i = at + 1
  if (text.charCodeAt(i) === CLOSE_OBJECT) return i + 1
  for (;;) {
    let end = stringEnd(text, i)
    if (end === -1 || text.charCodeAt(end) !== COLON) return -1
    const key = text.slice(i + 1, end - 1)
    // `JSON.parse` makes `__proto__` an own key; an assignment would set the prototype.
    if (key === "__proto__") return -1
    i = end + 1
    end = stringEnd(text, i)
    if (end === -1) return -1
    into[key] = text.slice(i + 1, end - 1)
    const next = text.charCodeAt(end)
    i = end + 1
    if (next === CLOSE_OBJECT) return i
    if (next !== COMMA) return -1
  }
}

/** Rows read from the text, and the index just past `data`'s `]`. */
export interface Rows<Row> {
  readonly rows: Array<Row>
  readonly end: number
}

export type Scanner<Row> = (text: string, at: number) => Rows<Row> | undefined

const timestamp = FastDecode.compile(Timestamp.ast)

/** The levels read by the last `levels` call (a variable rather than an object per side). */
let side: Array<Level> = []

/**
 * `[["p","s"],…]` at `at`: its levels into `side`, and the index past it; -1 when not that shape.
 * An update usually carries one level a side: its array is made at that size (an empty `[]` that
 * is pushed to grows to 17 slots).
 */
const levels = (text: string, at: number): number => {
  if (text.charCodeAt(at) !== OPEN_ARRAY) return -1
  let i = at + 1
  if (text.charCodeAt(i) === CLOSE_ARRAY) {
    side = []
    return i + 1
  }
  let into: Array<Level> | undefined
  for (;;) {
    if (text.charCodeAt(i) !== OPEN_ARRAY) return -1
    // `"p","s"]`, both read at one call site: the optimizing compiler inlines the decimal reader
    // once, not twice (this function's code: 10.0 KB before, 7.1 after; FINDINGS §27).
    let price: BigDecimal.BigDecimal | undefined
    let size: BigDecimal.BigDecimal | undefined
    let end = i
    for (let part = 0; part < 2; part++) {
      // `i` is the `[` or the `,` before the string, `end` then the `,` or `]` after it.
      end = stringEnd(text, end + 1)
      if (end === -1 || text.charCodeAt(end) !== (part === 0 ? COMMA : CLOSE_ARRAY)) return -1
      const value: BigDecimal.BigDecimal | undefined = Decimal.parseRange(text, i + 2, end - 1)
      if (value === undefined) return -1
      if (part === 0) price = value
      else size = value
      i = end
    }
    if (price === undefined || size === undefined) return -1
    if (into === undefined) into = [{ price, size }]
    else into.push({ price, size })
    const next = text.charCodeAt(end + 1)
    i = end + 2
    if (next === CLOSE_ARRAY) {
      side = into
      return i
    }
    if (next !== COMMA) return -1
  }
}

// Keys seen in a row (each at most once: `JSON.parse` would keep the last of duplicates).
const ASKS = 1
const BIDS = 2
const TS = 4
const SEQ = 8
const PSEQ = 16
const CHECKSUM = 32

/** One book row at `at`; `undefined` when not the plain shape. */
const bookRow = (text: string, at: number, asksKey: string, bidsKey: string): [BookRow, number] | undefined => {
  if (text.charCodeAt(at) !== OPEN_OBJECT) return undefined
  let asks: Array<Level> = []
  let bids: Array<Level> = []
  let ts: DateTime.Utc | undefined
  let seq: bigint | undefined
  let pseq: bigint | undefined
  let checksum: number | undefined
  let seen = 0
  let i = at + 1
  for (;;) {
    let end = stringEnd(text, i)
    if (end === -1 || text.charCodeAt(end) !== COLON) return undefined
    const key = i
    const keyEnd = end
    i = end + 1
    let bit: number
    if (is(text, key, keyEnd, asksKey)) {
      bit = ASKS
      end = levels(text, i)
      asks = side
    } else if (is(text, key, keyEnd, bidsKey)) {
      bit = BIDS
      end = levels(text, i)
      bids = side
    } else if (is(text, key, keyEnd, "seq") || is(text, key, keyEnd, "pseq")) {
      bit = keyEnd - key === 5 ? SEQ : PSEQ
      end = integerEnd(text, i)
      if (end === -1) return undefined
      const value = BigInt(text.slice(i, end))
      if (bit === SEQ) seq = value
      else pseq = value
    } else if (is(text, key, keyEnd, "ts")) {
      bit = TS
      end = stringEnd(text, i)
      if (end === -1) return undefined
      const value = timestamp(text.slice(i + 1, end - 1))
      if (value === FastDecode.FAIL) return undefined
      ts = value as DateTime.Utc
    } else if (is(text, key, keyEnd, "checksum")) {
      bit = CHECKSUM
      end = integerEnd(text, i)
      if (end === -1 || end - i > 15) return undefined
      checksum = Number(text.slice(i, end))
    } else {
      // Keys the row schema does not name (V3's `maxDepth`) are dropped by it too, whatever their
      // value; only strings and numbers are skipped here.
      if (is(text, key, keyEnd, "__proto__")) return undefined
      bit = 0
      end = text.charCodeAt(i) === QUOTE ? stringEnd(text, i) : numberEnd(text, i)
      if (end !== -1 && hasControl(text, key, end)) return undefined
    }
    if (end === -1 || (seen & bit) !== 0) return undefined
    seen |= bit
    const next = text.charCodeAt(end)
    i = end + 1
    if (next === CLOSE_OBJECT) break
    if (next !== COMMA) return undefined
  }
  if ((seen & (ASKS | BIDS | TS)) !== (ASKS | BIDS | TS)) return undefined
  // The schema's key order: asks, bids, ts, then the optional ones that are present.
  const row: { -readonly [K in keyof BookRow]: BookRow[K] } = { asks, bids, ts: ts! }
  if (seq !== undefined) row.seq = seq
  if (pseq !== undefined) row.pseq = pseq
  if (checksum !== undefined) row.checksum = checksum
  return [row, i]
}

const bookRows = (asksKey: string, bidsKey: string): Scanner<BookRow> => (text, at) => {
  if (text.charCodeAt(at) !== OPEN_ARRAY) return undefined
  const rows: Array<BookRow> = []
  let i = at + 1
  if (text.charCodeAt(i) === CLOSE_ARRAY) return { rows, end: i + 1 }
  for (;;) {
    const read = bookRow(text, i, asksKey, bidsKey)
    if (read === undefined) return undefined
    rows.push(read[0])
    const next = text.charCodeAt(read[1])
    i = read[1] + 1
    if (next === CLOSE_ARRAY) return { rows, end: i }
    if (next !== COMMA) return undefined
  }
}

const v2Books = bookRows("asks", "bids")
const v3Books = bookRows("a", "b")

/** Flat row scanners (`flatRows.ts`) by row schema; `null` where the schema is not flat. */
const flat = new WeakMap<object, Scanner<unknown> | null>()

/**
 * The text scanner of a channel's rows, when it has one: the books channels by their row schema,
 * and every channel whose rows are flat (strings, decimals, timestamps: the tickers).
 */
export const scanner = (channel: Channel.Channel.Any): Scanner<unknown> | undefined => {
  if (channel.row === BookRow) return v2Books
  if (channel.row === V3BookRow) return v3Books
  let found = flat.get(channel.row)
  if (found === undefined) {
    found = FlatRows.scanner(channel.row) ?? null
    flat.set(channel.row, found)
  }
  return found ?? undefined
}
