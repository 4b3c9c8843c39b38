/**
 * Enumerations in responses. The exchange adds values without notice, so a response enum is a
 * literal union that still accepts any other string: code can switch on the known values and a
 * new one never fails a decode. Requests use closed `Schema.Literal`s so a typo fails locally.
 */
import * as Schema from "effect/Schema"

/** Known literals, plus any other string the exchange may add. Generated values are known ones. */
export const OpenEnum = <const L extends readonly [string, ...Array<string>]>(...literals: L) =>
  Schema.String.annotations({
    description: `one of ${literals.join(", ")} (or a value added later)`,
    arbitrary: () => (fc) => fc.constantFrom(...literals)
  }) as unknown as Schema.Schema<L[number] | (string & {}), L[number] | (string & {})>
