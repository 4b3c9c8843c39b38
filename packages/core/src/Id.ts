/**
 * Identifiers. Bitget documents ids as strings but some answers carry them as JSON numbers
 * (`userId` of the sub-account asset lists, `endId` of the virtual sub-account list): both
 * decode to the id as a string, which is what every request takes back.
 */
import * as Schema from "effect/Schema"

/** An id sent as a string or a JSON number: always a string in code, a string on the wire. */
export const IdString = Schema.transform(Schema.Union(Schema.String, Schema.Number), Schema.String, {
  strict: true,
  decode: (value) => String(value),
  encode: (value) => value
})

/**
 * An id the exchange sends as a JSON number (`endId` of the virtual sub-account list,
 * `idLessThan` of the broker's): decodes from a number or a string to the id as a string, and
 * encodes back to a number, as the exchange sends it (the simulator answers that way).
 */
export const IdNumber = Schema.transform(Schema.Union(Schema.Number, Schema.String), Schema.String, {
  strict: true,
  decode: (value) => String(value),
  encode: (value) => /^\d{1,15}$/.test(value) ? Number(value) : value
})
