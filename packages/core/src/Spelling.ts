/**
 * Request enums in the spellings Bitget accepts: its parameter tables write `gtc`, its examples
 * and other clients send `GTC`; `open` and `Open` both arrive. A `Spelling.literal` accepts a
 * value in any letter case and sends the documented spelling, so a caller copying Bitget's
 * examples is not refused locally for what the exchange takes. Anything else still fails with
 * `InvalidRequest` naming the values the field takes.
 */
import * as Schema from "effect/Schema"

/**
 * `values` as documented on the wire. The type names the documented spellings (so editors offer
 * them and decoded values are exactly those); at run time any letter case is accepted, for
 * input that comes from outside typed code (a config file, a form, Bitget's own examples).
 * Encoding sends the documented spelling.
 */
export const literal = <const L extends readonly [string, ...Array<string>]>(
  ...values: L
): Schema.Schema<L[number], L[number]> => {
  const documented = new Map<string, string>(values.map((value) => [value.toLowerCase(), value]))
  const expected = values.map((value) => JSON.stringify(value)).join(" or ")
  const spelled = Schema.String.pipe(
    Schema.filter((text) =>
      documented.has(text.toLowerCase()) || `expected ${expected} (any letter case), got ${JSON.stringify(text)}`
    ),
    Schema.annotations({
      description: `one of ${values.join(", ")} (any letter case)`,
      arbitrary: () => (fc) => fc.constantFrom(...values)
    })
  )
  return Schema.transform(Schema.Literal(...values), spelled, {
    strict: false,
    decode: (wire) => wire,
    encode: (text) => documented.get(text.toLowerCase()) ?? text
  }) as unknown as Schema.Schema<L[number], L[number]>
}

/**
 * What `is` asks for in place of `expected` when the value is typed as any string: a rule helper
 * must type the field from its request schema (`PlaceOrderRequest["orderType"]`), so the compiler
 * can check the compared spelling.
 */
export type FieldTypedAsString = "Spelling.is: the value is typed string; type it from the request schema's field"

/**
 * Whether a `literal` field's value is `expected`, in any letter case. A request's rules
 * (`Schema.filter` on its struct) see the caller's input before encoding, so `"LIMIT"` is not
 * yet `"limit"` there: a rule comparing with `===` would let a broken request through. `expected`
 * must be one of the field's documented values, which the compiler checks: the value's type is
 * the field's (its literal union), so a misspelt `expected` (`"limt"`) does not compile, nor does
 * a value typed as any `string` (`FieldTypedAsString`).
 */
export const is = <const A extends string>(
  value: A | undefined,
  expected: string extends A ? FieldTypedAsString : NoInfer<A>
): boolean => value !== undefined && value.toLowerCase() === expected.toLowerCase()
