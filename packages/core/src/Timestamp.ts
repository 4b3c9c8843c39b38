/**
 * Timestamps. Bitget sends epoch milliseconds, usually as a string and sometimes as a JSON
 * number (and some tables call them seconds while the values are ms). They decode to
 * `DateTime.Utc`, the one time type used everywhere in this library, and encode as a ms string.
 */
import * as DateTime from "effect/DateTime"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"

const DIGITS = /^\d+$/

/** Epoch ms as a string or number on the wire, `DateTime.Utc` in code. */
export const Timestamp: Schema.Schema<DateTime.Utc, string> = Schema.declare(
  [],
  {
    // Accepting a DateTime as well lets the same declaration validate decoded values.
    decode: () => (input, _, ast) => {
      if (DateTime.isDateTime(input)) return ParseResult.succeed(DateTime.toUtc(input))
      const ms = typeof input === "number"
        ? input
        : typeof input === "string" && DIGITS.test(input)
        ? Number(input)
        : NaN
      return Number.isSafeInteger(ms) && ms >= 0
        ? ParseResult.succeed(DateTime.unsafeMake(ms))
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
