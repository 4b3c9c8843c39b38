/**
 * A schema seen through a named type, for hovers. An operation's type is inferred from its
 * declaration's schemas, and a `Schema.Struct`'s type is its fields written out, so a hover over
 * `Trade.placeOrder` shows 600 characters of fields; `Named.as<PlaceOrderRequest>()(schema)` is the
 * same schema typed `Schema.Schema<PlaceOrderRequest, …>`, and the hover says
 * `Operation<PlaceOrderRequest, PlacedOrder, …>`. Nothing changes at run time. The name must be
 * exactly the schema's type (`interface PlaceOrderRequest extends Schema.Schema.Type<typeof …> {}`):
 * a schema's type is invariant, so any other type does not compile.
 */
import type * as Schema from "effect/Schema"

export const as = <A>() =>
<S extends Schema.Schema<any, any, never>>(
  schema: S & Schema.Schema<A, Schema.Schema.Encoded<S>>
): Schema.Schema<A, Schema.Schema.Encoded<S>> => schema
