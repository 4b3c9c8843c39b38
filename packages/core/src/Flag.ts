/**
 * Booleans as Bitget spells them: `"yes"/"no"` (fills' `deduction`), `"YES"/"NO"` (futures
 * `reduceOnly`), `"true"/"false"` (coin flags documented as booleans but sent as strings) and
 * real JSON booleans. Every flag decodes any of these; it encodes in its endpoint's spelling.
 */
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import { FastDeclaration } from "./internal/fastDecode.js"

const TRUE = new Set<unknown>([true, "true", "TRUE", "yes", "YES", "Yes", "on", "ON"])
const FALSE = new Set<unknown>([false, "false", "FALSE", "no", "NO", "No", "off", "OFF"])

/** Any spelling of a flag as a boolean; `undefined` if it is none. */
const decodeValue = (input: unknown): boolean | undefined =>
  TRUE.has(input) ? true : FALSE.has(input) ? false : undefined

const make = <T extends string, F extends string>(whenTrue: T, whenFalse: F, identifier: string) =>
  Schema.declare(
    [],
    {
      decode: () => (input, _, ast) => {
        const value = decodeValue(input)
        return value !== undefined
          ? ParseResult.succeed(value)
          : ParseResult.fail(new ParseResult.Type(ast, input, `Expected ${whenTrue} or ${whenFalse}`))
      },
      // Both directions accept both forms: Schema runs declarations to check decoded values too.
      encode: () => (input, _, ast) =>
        typeof input === "boolean"
          ? ParseResult.succeed(input ? whenTrue : whenFalse)
          : input === whenTrue || input === whenFalse
          ? ParseResult.succeed(input)
          : ParseResult.fail(new ParseResult.Type(ast, input, "Expected a boolean"))
    },
    { identifier, arbitrary: () => (fc) => fc.boolean(), [FastDeclaration]: decodeValue }
  ) as Schema.Schema<boolean, T | F>

/** `"yes"` / `"no"` on the wire. */
export const YesNo = make("yes", "no", "YesNo")

/** `"YES"` / `"NO"` on the wire. */
export const YES_NO = make("YES", "NO", "YES_NO")

/** `"true"` / `"false"` on the wire. */
export const TrueFalse = make("true", "false", "TrueFalse")
