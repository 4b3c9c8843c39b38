/**
 * Value schemas shared by the channel modules: sequence numbers as `bigint` (Coin-M `seq` passes
 * 2^53, so the frame parser hands them over as digit strings), selectors' product types, and the
 * book row both generations push.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as OrderBook from "@effect-bitget/core/OrderBook"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"

const DIGITS = /^-?\d+$/

/** A sequence number: digits (string, or a safe JSON number) on the wire, `bigint` in code. */
export const Sequence: Schema.Schema<bigint, string> = Schema.declare<bigint, string, readonly []>([], {
  decode: () => (input, _, ast) =>
    typeof input === "bigint"
      ? ParseResult.succeed(input)
      : typeof input === "string" && DIGITS.test(input)
      ? ParseResult.succeed(BigInt(input))
      : typeof input === "number" && Number.isSafeInteger(input)
      ? ParseResult.succeed(BigInt(input))
      : ParseResult.fail(new ParseResult.Type(ast, input, "Expected a sequence number")),
  encode: () => (input, _, ast) =>
    typeof input === "bigint"
      ? ParseResult.succeed(input.toString())
      : typeof input === "string" && DIGITS.test(input)
      ? ParseResult.succeed(input)
      : ParseResult.fail(new ParseResult.Type(ast, input, "Expected a bigint"))
}, { identifier: "Sequence", description: "a sequence number" })

/** V2 product types, upper case as V2 requires (lower case is refused with 30016). */
export const V2InstType = Schema.Literal("SPOT", "USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES")
export type V2InstType = typeof V2InstType.Type

/** V3 public product types, lower case as V3 requires. */
export const V3InstType = Schema.Literal("spot", "usdt-futures", "coin-futures", "usdc-futures")
export type V3InstType = typeof V3InstType.Type

/** A symbol as the exchange spells it (`BTCUSDT`, `BTCUSD_CM`), or `default` where a channel takes it. */
export const Symbol = Schema.String.pipe(
  Schema.filter((s) => /^[A-Za-z0-9_]{1,40}$/.test(s) || "expected a symbol such as \"BTCUSDT\"")
)

/** A depth update or snapshot: V2 `asks`/`bids`, V3 `a`/`b` (both decode to `asks`/`bids`). */
export const BookRow = Schema.Struct({
  asks: Schema.Array(OrderBook.Level),
  bids: Schema.Array(OrderBook.Level),
  ts: Timestamp,
  /** The push's sequence number (absent before 2025-04-30 on V2). */
  seq: Absent.optional(Sequence),
  /** The previous push's `seq` on incremental books; `0` on snapshots (and after a server restart). */
  pseq: Absent.optional(Sequence),
  /** CRC32 of the top 25 levels, signed; historical on V2 (removed 2026), `0` on snapshots. */
  checksum: Absent.optional(Schema.Union(Schema.Number, Schema.NumberFromString))
})
export interface BookRow extends Schema.Schema.Type<typeof BookRow> {}

/** V3 books spell the sides `a`/`b`; they decode to the same row. */
export const V3BookRow: Schema.Schema<BookRow, any> = Schema.transform(
  Schema.Struct({ a: Schema.Array(Schema.Unknown), b: Schema.Array(Schema.Unknown) }, {
    key: Schema.String,
    value: Schema.Unknown
  }),
  BookRow,
  {
    strict: false,
    decode: ({ a, b, ...rest }) => ({ ...rest, asks: a, bids: b }),
    encode: ({ asks, bids, ...rest }) => ({ ...rest, a: asks, b: bids })
  }
) as any
