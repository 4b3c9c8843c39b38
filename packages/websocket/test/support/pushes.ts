/**
 * What the text scanners (`internal/fastPush.ts`, `internal/flatRows.ts`) are checked against:
 * the general path of `Connection.onText`, and a form of values where equal means the same.
 */
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
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
