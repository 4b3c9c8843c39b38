/**
 * Absent values. Bitget writes "not set" as `""`, as `null`, or by leaving the key out, for
 * numbers, times and strings alike. `optional(S)` turns all three into a missing key.
 */
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

const Blank = Schema.Literal("", null)

const isBlank = (value: unknown): boolean => value === "" || value === null

/**
 * The decode step of `optional`: a blank value becomes a missing key. One shared function, so
 * the fast decoders (core's internal/fastDecode, the websocket package's flat-row reader) recognise
 * the step and drop blanks without `Option`s. Exported for those readers (in the declarations too:
 * another package's build needs its type); not meant for users' code.
 */
export const dropBlank = <A>(value: Option.Option<A>): Option.Option<A> => Option.filter(value, (v) => !isBlank(v))

/** A response field that may be missing, `""` or `null`: all of those decode to a missing key. */
export const optional = <S extends Schema.Schema.Any>(self: S) =>
  Schema.optionalToOptional(
    Schema.Union(Blank, self) as Schema.Schema<
      "" | null | Schema.Schema.Type<S>,
      "" | null | Schema.Schema.Encoded<S>,
      Schema.Schema.Context<S>
    >,
    Schema.typeSchema(self) as Schema.Schema<Schema.Schema.Type<S>>,
    {
      decode: dropBlank as (value: Option.Option<unknown>) => Option.Option<Schema.Schema.Type<S>>,
      encode: (value) => value
    }
  )
