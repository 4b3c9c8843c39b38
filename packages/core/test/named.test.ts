/**
 * `Named.as`: the same schema under a named type (for hovers); a name that is not exactly the
 * schema's type does not compile (the type check runs this file).
 */
import * as Named from "@effect-bitget/core/Named"
import { expect, it } from "@effect/vitest"
import * as Schema from "effect/Schema"

const Row = Schema.Struct({ id: Schema.String, size: Schema.NumberFromString })
interface Row extends Schema.Schema.Type<typeof Row> {}

it("is the schema itself, typed by its name", () => {
  const named: Schema.Schema<Row, { readonly id: string; readonly size: string }> = Named.as<Row>()(Row)
  expect(named).toBe(Row)
  expect(Schema.decodeUnknownSync(named)({ id: "1", size: "2" })).toEqual({ id: "1", size: 2 })
})

it("refuses a name that is not the schema's type, wider or narrower", () => {
  // @ts-expect-error: a field's type differs
  Named.as<{ readonly id: string; readonly size: string }>()(Row)
  // @ts-expect-error: a field the schema does not have
  Named.as<Row & { readonly extra: string }>()(Row)
  // @ts-expect-error: a field missing
  Named.as<{ readonly id: string }>()(Row)
  expect(true).toBe(true)
})
