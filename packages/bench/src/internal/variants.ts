/**
 * Value declarations written the way the profiling tools compare them: answering with Eithers
 * (`ParseResult.succeed`/`fail`) and doing the minimum, decode only. Shared by decode.ts and
 * experiments.ts.
 */
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"

export const DecimalEither = Schema.declare([], {
  decode: () => (input, _, ast) => {
    if (BigDecimal.isBigDecimal(input)) return ParseResult.succeed(input)
    if (typeof input === "string") {
      const parsed = BigDecimal.fromString(input)
      if (parsed._tag === "Some") return ParseResult.succeed(parsed.value)
    }
    return ParseResult.fail(new ParseResult.Type(ast, input, "Expected a decimal string"))
  },
  encode: () => (input, _, ast) => ParseResult.fail(new ParseResult.Type(ast, input))
})
const DIGITS = /^\d+$/
export const TimestampEither = Schema.declare([], {
  decode: () => (input, _, ast) => {
    if (DateTime.isDateTime(input)) return ParseResult.succeed(DateTime.toUtc(input))
    const ms = typeof input === "number" ? input : typeof input === "string" && DIGITS.test(input) ? Number(input) : NaN
    return Number.isSafeInteger(ms) && ms >= 0
      ? ParseResult.succeed(DateTime.unsafeMake(ms))
      : ParseResult.fail(new ParseResult.Type(ast, input, "Expected epoch milliseconds"))
  },
  encode: () => (input, _, ast) => ParseResult.fail(new ParseResult.Type(ast, input))
})
export const YesNoEither = Schema.declare([], {
  decode: () => (input, _, ast) =>
    input === "yes" || input === true
      ? ParseResult.succeed(true)
      : input === "no" || input === false
      ? ParseResult.succeed(false)
      : ParseResult.fail(new ParseResult.Type(ast, input)),
  encode: () => (input, _, ast) => ParseResult.fail(new ParseResult.Type(ast, input))
})
