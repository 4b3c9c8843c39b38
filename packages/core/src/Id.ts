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
 * A whole JSON number that still has every digit: `JSON.parse` rounds an integer past 2^53
 * (`18446744073709551615` reads as `18446744073709552000`), so such a number is refused rather
 * than read as another account's id. An id that long arrives intact only as a string.
 */
const ExactNumber = Schema.Number.pipe(
  Schema.filter((n) => Number.isSafeInteger(n) || `must be a whole number below 2^53 (digits lost), got ${n}`)
)

/**
 * An id the exchange sends as a JSON number (`endId` of the virtual sub-account list,
 * `idLessThan` of the broker's, `uid` of the agent's customer list): decodes from a number or a
 * string to the id as a string, and encodes back to a number, as the exchange sends it (the
 * simulator answers that way); a string of any length keeps its digits, a number past 2^53 is
 * refused (see `ExactNumber`) and a long id is written as a string.
 */
export const IdNumber = Schema.transform(
  Schema.Union(ExactNumber, Schema.String),
  // Generated ids (the simulator's stand-in answers) are digits, as the exchange's are.
  Schema.String.annotations({ arbitrary: () => (fc) => fc.stringMatching(/^[1-9]\d{0,14}$/) }),
  {
    strict: true,
    decode: (value) => String(value),
    encode: (value) => /^\d{1,15}$/.test(value) ? Number(value) : value
  }
)
