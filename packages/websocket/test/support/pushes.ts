/**
 * What the text scanners (`internal/fastPush.ts`, `internal/flatRows.ts`) are checked against:
 * the general path of `Connection.onText`, and a form of values where equal means the same.
 */
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import * as FastCheck from "effect/FastCheck"
import * as Channel from "../../src/Channel.js"
import * as Wire from "../../src/internal/wire.js"

/** A value in a form where equal means the same: decimals by digits and scale, key order kept. */
export const canonical = (value: unknown): unknown => {
  if (typeof value === "bigint") return `${value}n`
  if (BigDecimal.isBigDecimal(value)) return `decimal ${value.value}/${value.scale}`
  if (DateTime.isDateTime(value)) return `${value._tag} ${DateTime.toEpochMillis(value)}`
  if (Array.isArray(value)) return value.map(canonical)
  if (typeof value === "object" && value !== null) {
    return {
      prototype: Object.getPrototypeOf(value) === Object.prototype ? "Object" : "other",
      entries: Object.entries(value).map(([k, v]) => [k, canonical(v)])
    }
  }
  return value
}

/** What `Connection.onText`'s general path makes of a push frame: its push, "malformed", or nothing. */
export const general = (text: string, channel: Channel.Channel.Any) => {
  const frame = Wire.parse(text)
  if (frame === undefined || frame === "pong") return undefined
  const arg = frame.arg
  if (frame.action === undefined || typeof arg !== "object" || arg === null || Array.isArray(arg)) return undefined
  const rows = Channel.rowsDecoder(channel)(frame.data)
  if (Either.isLeft(rows)) return "malformed"
  return {
    action: frame.action === "snapshot" ? "snapshot" : "update",
    arg,
    rows: rows.right,
    ts: typeof frame.ts === "number" ? DateTime.unsafeMake(frame.ts) : undefined
  }
}

/**
 * One character of damage: JSON's punctuation, a digit, a sign, an exponent, a backslash, a
 * letter, nothing, and raw control characters (JSON that `JSON.parse` refuses inside a string).
 */
export const damage = FastCheck.constantFrom(
  ...[" ", "\"", ",", "]", "}", "0", "-", ".", "e", ":", "[", "{", "\\", "x", "n", "", "\t", "\u0000", "\u001f"]
)

/** `text` with `char` put in place of, and before, its character at `at` (modulo its length). */
export const damaged = (text: string, at: number, char: string): ReadonlyArray<string> => {
  const i = at % text.length
  return [text.slice(0, i) + char + text.slice(i + 1), text.slice(0, i) + char + text.slice(i)]
}
