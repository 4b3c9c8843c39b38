/** The earn account's coins (every earn product together). */
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Schema from "effect/Schema"
import { limit } from "./Schemas.js"

export const AssetsRequest = Schema.Struct({ coin: Schema.optional(Schema.String) })
export interface AssetsRequest extends Schema.Schema.Type<typeof AssetsRequest> {}

export const Assets = Endpoint.get("/api/v2/earn/account/assets", {
  name: "earn.account.assets",
  signed: true,
  rateLimit: limit,
  request: Named.as<AssetsRequest>()(AssetsRequest),
  data: Schema.Array(Schema.Struct({ coin: Schema.String, amount: Decimal }))
})
/**
 * `GET /api/v2/earn/account/assets`: what the earn account holds per coin (all, or one `coin`), the
 * sum of the savings, shark-fin and elite holdings (https://www.bitget.com/api-doc/earn/account/Get-Account).
 * 10/s per UID.
 */
export const assets = Operation.make(Assets)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [Assets]
