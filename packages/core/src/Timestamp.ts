/**
 * Timestamps. Bitget sends epoch milliseconds, usually as a string and sometimes as a JSON
 * number (and some tables call them seconds while the values are ms). They decode to
 * `DateTime.Utc`, the one time type used everywhere in this library, and encode as a ms string.
 */
import * as DateTime from "effect/DateTime"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { FastDeclaration } from "./internal/fastDecode.js"

const DIGITS = /^\d+$/

/**
 * `DateTime.Utc` instances from epoch ms without what `DateTime.unsafeMake` spends on them (a
 * `Date` to validate the number, `Object.defineProperty` for an empty cache slot): the same
 * prototype and the same `epochMillis`, so `Equal`, formatting and every `DateTime` function see
 * the same value. Safe integers ≥ 0 only, which are always valid dates.
 */
const UtcProto = Object.getPrototypeOf(DateTime.unsafeMake(0))
function Utc(this: { epochMillis: number }, epochMillis: number) {
  this.epochMillis = epochMillis
}
Utc.prototype = UtcProto
const makeUtc = (epochMillis: number): DateTime.Utc => new (Utc as any)(epochMillis)

/**
 * A string of digits as a number, read in one pass (no regular expression, no `Number` of the
 * text); `-1` when it is empty, has anything but digits, or is past `Number.MAX_SAFE_INTEGER`.
 * Every partial sum is exact while it is a safe integer, and once past the limit it stays past.
 */
const digits = (input: string): number => {
  const length = input.length
  if (length === 0) return -1
  let value = 0
  for (let i = 0; i < length; i++) {
    const c = input.charCodeAt(i) - 48
    if (c < 0 || c > 9) return -1
    value = value * 10 + c
  }
  return Number.isSafeInteger(value) ? value : -1
}

/** Epoch ms (a string of digits or a number) as a `DateTime.Utc`; `undefined` if it is not one. */
const decodeValue = (input: unknown): DateTime.Utc | undefined => {
  if (typeof input === "string") {
    const ms = digits(input)
    return ms === -1 ? undefined : makeUtc(ms)
  }
  if (typeof input === "number") return Number.isSafeInteger(input) && input >= 0 ? makeUtc(input) : undefined
  // A decoded value is checked again by Schema (typeSchema, Class checks): accept it as it is
  // (a `Utc` is immutable: no copy of it; `toUtc` makes one).
  return DateTime.isDateTime(input) ? (DateTime.isUtc(input) ? input : DateTime.toUtc(input)) : undefined
}

/** Epoch ms as a string or number on the wire, `DateTime.Utc` in code. */
export const Timestamp: Schema.Schema<DateTime.Utc, string> = Schema.declare(
  [],
  {
    // Accepting a DateTime as well lets the same declaration validate decoded values.
    decode: () => (input, _, ast) => {
      const value = decodeValue(input)
      return value !== undefined
        ? ParseResult.succeed(value)
        : ParseResult.fail(new ParseResult.Type(ast, input, "Expected epoch milliseconds"))
    },
    // Both directions accept both forms: Schema runs declarations to check decoded values too.
    encode: () => (input, _, ast) =>
      DateTime.isDateTime(input)
        ? ParseResult.succeed(String(DateTime.toEpochMillis(input)))
        : typeof input === "string" && DIGITS.test(input)
        ? ParseResult.succeed(input)
        : ParseResult.fail(new ParseResult.Type(ast, input, "Expected a DateTime"))
  },
  {
    identifier: "Timestamp",
    [FastDeclaration]: decodeValue,
    description: "epoch milliseconds",
    arbitrary: () => (fc) =>
      fc.integer({ min: 1_500_000_000_000, max: 1_900_000_000_000 }).map((ms) => DateTime.unsafeMake(ms)),
    equivalence: () => DateTime.Equivalence
  }
)

/** Epoch milliseconds of a timestamp. */
export const toMillis = (self: DateTime.Utc): number => DateTime.toEpochMillis(self)

/** A timestamp from epoch milliseconds. */
export const fromMillis = (ms: number): DateTime.Utc => DateTime.unsafeMake(ms)
