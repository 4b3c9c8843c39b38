/**
 * The order book's one shape in every line: a level is `{ price, size }` (`BigDecimal`s), whatever
 * the wire sends (`["price", "size"]` strings in spot, JSON numbers in futures).
 */
import * as BigDecimal from "effect/BigDecimal"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as Decimal from "./Decimal.js"

/** One level of an order book. */
export interface Level {
  readonly price: BigDecimal.BigDecimal
  readonly size: BigDecimal.BigDecimal
}

const isLevel = (input: unknown): input is Level =>
  typeof input === "object" && input !== null && !Array.isArray(input) &&
  BigDecimal.isBigDecimal((input as any).price) && BigDecimal.isBigDecimal((input as any).size)

/**
 * An order book level: `[price, size]` on the wire (strings or numbers; extra columns ignored),
 * `{ price, size }` in code, encoded back as two plain decimal strings. One `Schema.declare`, so
 * a level costs two decimal parses (see Decimal's note on why).
 */
export const Level: Schema.Schema<Level, ReadonlyArray<string>> = Schema.declare<
  Level,
  ReadonlyArray<string>,
  readonly []
>(
  [],
  {
    decode: () => (input, _, ast) => {
      if (isLevel(input)) return ParseResult.succeed(input)
      // A shorter array reads `undefined` as its size, which is no decimal.
      if (Array.isArray(input)) {
        const price = Decimal.fromWire(input[0])
        const size = Decimal.fromWire(input[1])
        if (price !== undefined && size !== undefined) return ParseResult.succeed({ price, size })
      }
      return ParseResult.fail(new ParseResult.Type(ast, input, "Expected a level: [price, size]"))
    },
    encode: () => (input, _, ast) =>
      Array.isArray(input)
        ? ParseResult.succeed(input)
        : isLevel(input)
        ? ParseResult.succeed([Decimal.format(input.price), Decimal.format(input.size)])
        : ParseResult.fail(new ParseResult.Type(ast, input, "Expected a Level"))
  },
  {
    identifier: "Level",
    description: "[price, size]",
    arbitrary: () => (fc) =>
      fc.tuple(
        fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 })),
        fc.tuple(fc.bigInt({ min: 1n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }))
      ).map(([[p, ps], [s, ss]]) => ({ price: BigDecimal.make(p, ps), size: BigDecimal.make(s, ss) }))
  }
)
