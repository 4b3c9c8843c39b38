/**
 * Exact decimals. Bitget sends every amount and price as a decimal string; they decode to
 * `BigDecimal` and encode back in plain notation with the exact digits given (never `1e-7`,
 * never a lost trailing zero), which `Schema.BigDecimal` does not guarantee.
 */
import * as BigDecimal from "effect/BigDecimal"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { FastDeclaration } from "./internal/fastDecode.js"

const PLAIN = /^-?\d+(\.\d+)?$/

/** Plain notation of a `BigDecimal`, keeping its scale: `0.1000` stays `0.1000`. */
export const format = (self: BigDecimal.BigDecimal): string => {
  const { scale, value } = self
  if (scale <= 0) return (value * 10n ** BigInt(-scale)).toString()
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(scale + 1, "0")
  const point = digits.length - scale
  return `${negative ? "-" : ""}${digits.slice(0, point)}.${digits.slice(point)}`
}

/**
 * `BigDecimal`s built by a constructor on `BigDecimal`'s own prototype, with the same two fields
 * `BigDecimal.make` sets: V8 then gives each a two-field object (an `Object.create` of the
 * prototype, what `make` does, reserves room for four), the same value to `Equal`, `Hash` and
 * every `BigDecimal` function. Rows hold five of them each.
 */
const BigDecimalProto = Object.getPrototypeOf(BigDecimal.make(0n, 0))
function Made(this: { value: bigint; scale: number }, value: bigint, scale: number) {
  this.value = value
  this.scale = scale
}
Made.prototype = BigDecimalProto
const make = (value: bigint, scale: number): BigDecimal.BigDecimal => new (Made as any)(value, scale)

/**
 * Plain notation (`-?\d+(\.\d+)?`, what the exchange sends) read in one pass; `undefined` when
 * the text is not plain. Up to 15 digits the digits are gathered in a double, which is exact below
 * 2^53, and turned into a `BigInt` from that number: about twice as fast as `BigInt` of a string.
 */
const parsePlainRange = (input: string, from: number, to: number): BigDecimal.BigDecimal | undefined => {
  // Mutation testing (docs/testing.md, "Core survivors (session 14)"): a change here that only makes
  // this answer `undefined` for more texts is equivalent in value, since `parse` and `parseRange` then
  // ask `BigDecimal.fromString`, whose answer this must equal (decimalParse.test.ts); those are marked.
  // `from - 1` scans from the character before the sign: the "-" at `from` is met inside the scan and
  // answers `undefined`, so every negative text goes to fromString.
  // Stryker disable next-line ArithmeticOperator: equivalent in value (above)
  const start = from < to && input.charCodeAt(from) === 45 ? from + 1 : from
  if (start === to) return undefined
  let dot = -1
  let digits = 0
  let value = 0
  // `i--` leaves the loop only by `return undefined` (index -1 reads NaN: no digit, no dot).
  // Stryker disable next-line UpdateOperator: equivalent in value (above)
  for (let i = start; i < to; i++) {
    const c = input.charCodeAt(i)
    // `true` or `!== 46` sends the first character to the dot rule (`i === start`: undefined); `false`
    // sends a dot to the digit rule (undefined).
    // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent in value (above)
    if (c === 46) {
      // `dot === -1` or `dot !== +1` refuse the first dot; `i !== start` refuses every dot but a leading
      // one: ".5", "-.5" are then read as fromString reads them (the digits after the dot, their count the
      // scale), and a lone "." is still refused by the other condition. A trailing dot is read here: "5."
      // has scale 0, as fromString reads it (decimalParse.test.ts compares the two).
      // Stryker disable next-line EqualityOperator,UnaryOperator: equivalent in value (above)
      if (dot !== -1 || i === start) return undefined
      dot = i
    } else if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48)
      digits++
    } else {
      return undefined
    }
  }
  const scale = dot === -1 ? 0 : to - dot - 1
  if (digits <= 15) return make(BigInt(start !== from ? -value : value), scale)
  return make(BigInt(dot === -1 ? input.slice(from, to) : input.slice(from, dot) + input.slice(dot + 1, to)), scale)
}

const parsePlain = (input: string): BigDecimal.BigDecimal | undefined => parsePlainRange(input, 0, input.length)

/** Parses a decimal string (plain or exponent form); `undefined` when it is not a number. */
export const parse = (input: string): BigDecimal.BigDecimal | undefined => {
  const plain = parsePlain(input)
  // `false` sends a plain text on to fromString (it is not ""), which answers the same.
  // Stryker disable next-line ConditionalExpression: equivalent in value
  if (plain !== undefined) return plain
  // fromString reads "" as 0 (and "-" as no number, which the plain reader answers first).
  if (input === "") return undefined
  const parsed = BigDecimal.fromString(input)
  return parsed._tag === "Some" ? parsed.value : undefined
}

/**
 * `parse(text.slice(from, to))`, without making the slice when the decimal is plain (the
 * WebSocket book scanner reads prices and sizes where they stand in the frame's text).
 */
export const parseRange = (text: string, from: number, to: number): BigDecimal.BigDecimal | undefined =>
  parsePlainRange(text, from, to) ?? parse(text.slice(from, to))

/** Parses a decimal string; throws on bad input. For literals in code and tests. */
export const unsafeMake = (input: string): BigDecimal.BigDecimal => {
  const parsed = parse(input)
  if (parsed === undefined) throw new Error(`not a decimal: ${input}`)
  return parsed
}

/** A decimal as the exchange sends it (a string, sometimes a JSON number) or a `BigDecimal`. */
export const fromWire = (value: unknown): BigDecimal.BigDecimal | undefined =>
  BigDecimal.isBigDecimal(value)
    ? value
    : typeof value === "string"
    ? parse(value)
    : Number.isFinite(value) // false for NaN, ±Infinity and anything not a number
    ? parse(String(value))
    : undefined

const arbitrary = () => (fc: typeof import("effect/FastCheck")) =>
  fc.tuple(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), fc.integer({ min: 0, max: 12 })).map(
    ([value, scale]) => BigDecimal.make(value, scale)
  )

/*
 * Why `Schema.declare` and not a transformation: decoding a row then costs one parse per field
 * (see STYLE.md's measurements), and answering with `ParseResult.succeed` (an Either) keeps the
 * parser on its synchronous fast path (about half the cost of `Effect.succeed` per field). Schema also runs a declaration to check values on the decoded
 * side (`typeSchema`, a Class's own check), so these declarations accept either side's form in
 * both directions: decode takes a string or a BigDecimal, encode a BigDecimal or a plain string.
 */

/** A decimal string (or a finite JSON number) as a `BigDecimal`; `undefined` if it is not one. */
const decodeValue = (input: unknown): BigDecimal.BigDecimal | undefined =>
  typeof input === "string"
    ? parse(input)
    : typeof input === "number"
    ? (Number.isFinite(input) ? parse(String(input)) : undefined)
    // Accepting a BigDecimal as well lets the same declaration validate decoded values.
    : BigDecimal.isBigDecimal(input)
    ? input
    : undefined

/**
 * A decimal on the wire as a string (a JSON number is tolerated on decode, as some endpoints
 * send one), `BigDecimal` in code. One declaration so decoding a row costs one parse per field.
 */
export const Decimal: Schema.Schema<BigDecimal.BigDecimal, string> = Schema.declare(
  [],
  {
    decode: () => (input, _, ast) => {
      const value = decodeValue(input)
      return value !== undefined
        ? ParseResult.succeed(value)
        : ParseResult.fail(new ParseResult.Type(ast, input, "Expected a decimal string"))
    },
    encode: () => (input, _, ast) =>
      BigDecimal.isBigDecimal(input)
        ? ParseResult.succeed(format(input))
        : typeof input === "string" && PLAIN.test(input)
        ? ParseResult.succeed(input)
        : ParseResult.fail(new ParseResult.Type(ast, input, "Expected a BigDecimal"))
  },
  {
    identifier: "Decimal",
    [FastDeclaration]: decodeValue,
    description: "a decimal string such as \"0.001\"",
    arbitrary,
    pretty: () => format,
    equivalence: () => BigDecimal.Equivalence
  }
)

/**
 * A decimal that a user passes in a request: a `BigDecimal` or a plain decimal string, sent in
 * plain notation. A string is sent exactly as written once it is checked to be a plain decimal.
 */
export const DecimalInput: Schema.Schema<BigDecimal.BigDecimal | string, string> = Schema.declare<
  BigDecimal.BigDecimal | string,
  string,
  readonly []
>(
  [],
  {
    decode: () => (input, _, ast) =>
      BigDecimal.isBigDecimal(input) || (typeof input === "string" && PLAIN.test(input))
        ? ParseResult.succeed(input)
        : ParseResult.fail(new ParseResult.Type(ast, input, "Expected a plain decimal string")),
    encode: () => (input, _, ast) => {
      if (BigDecimal.isBigDecimal(input)) return ParseResult.succeed(format(input))
      if (typeof input === "string" && PLAIN.test(input)) return ParseResult.succeed(input)
      return ParseResult.fail(
        new ParseResult.Type(ast, input, "Expected a BigDecimal or a plain decimal string such as \"0.001\"")
      )
    }
  },
  {
    identifier: "DecimalInput",
    description: "a BigDecimal or a plain decimal string",
    arbitrary: () => (fc) => arbitrary()(fc).map(format)
  }
)

/** The value of a `DecimalInput` as a `BigDecimal`, for local checks on requests. */
export const toBigDecimal = (input: BigDecimal.BigDecimal | string): BigDecimal.BigDecimal =>
  typeof input === "string" ? unsafeMake(input) : input

/** A request decimal that must be greater than zero (sizes, amounts, prices). */
export const PositiveDecimalInput = DecimalInput.pipe(
  Schema.filter((input) => BigDecimal.isPositive(toBigDecimal(input)) || "Expected a value greater than zero")
)
