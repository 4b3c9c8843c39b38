/**
 * Creation and update times of P2P rows. The field tables spell them `cTime`/`uTime`, the
 * sample bodies (and tiagosiebler/bitget-api's types) `ctime`/`utime`
 * (https://www.bitget.com/api-doc/common/p2p/Get-P2P-Order-List, errata): either spelling decodes
 * to `cTime`/`uTime`. Encoding (what the simulator sends) writes the samples' spelling.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import type * as DateTime from "effect/DateTime"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"

type Times = { readonly cTime: DateTime.Utc; readonly uTime?: DateTime.Utc }

/** A row of `fields` plus `cTime`/`uTime`, read from either spelling. */
export const withTimes = <F extends Schema.Struct.Fields>(
  fields: F
): Schema.Schema<Schema.Struct.Type<F> & Times, Schema.Struct.Encoded<F> & Record<string, unknown>> => {
  const wire = Schema.Struct({
    ...fields,
    cTime: Absent.optional(Timestamp),
    ctime: Absent.optional(Timestamp),
    uTime: Absent.optional(Timestamp),
    utime: Absent.optional(Timestamp)
  })
  const decoded = Schema.typeSchema(Schema.Struct({ ...fields, cTime: Timestamp, uTime: Schema.optional(Timestamp) }))
  return Schema.transformOrFail(wire, decoded, {
    strict: false,
    decode: (row, _, ast) => {
      const { cTime, ctime, uTime, utime, ...rest } = row as Record<string, unknown>
      const created = cTime ?? ctime
      if (created === undefined) return ParseResult.fail(new ParseResult.Type(ast, row, "cTime (or ctime) is missing"))
      const updated = uTime ?? utime
      return ParseResult.succeed(
        updated === undefined ? { ...rest, cTime: created } : { ...rest, cTime: created, uTime: updated }
      )
    },
    encode: (row) => {
      const { cTime, uTime, ...rest } = row as Record<string, unknown>
      return ParseResult.succeed(
        uTime === undefined ? { ...rest, ctime: cTime } : { ...rest, ctime: cTime, utime: uTime }
      )
    }
  }) as any
}
