/**
 * Spot account: balances per coin, the account's info, sub-account balances, bills and
 * transfer records.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

/** One coin's balance in the spot account. */
export class Asset extends Schema.Class<Asset>("Asset")({
  coin: Schema.String,
  available: Decimal,
  frozen: Decimal,
  /** Locked by fiat merchants and the like. */
  locked: Decimal,
  /** Restricted availability (e.g. spot copy trading). */
  limitAvailable: Absent.optional(Decimal),
  uTime: Timestamp
}) {}

/**
 * `GET /api/v2/spot/account/assets`: the spot balance of each coin (by default only coins with a
 * balance; `assetType: "all"` lists every coin; `coin` wins over `assetType`). 10/s per UID.
 */
export const AccountAssets = Endpoint.get("/api/v2/spot/account/assets", {
  name: "spot.account.assets",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Schema.Struct({
    coin: Schema.optional(Schema.String),
    assetType: Schema.optional(Schema.Literal("hold_only", "all"))
  }),
  data: Schema.Array(Asset),
  description: "Spot balance per coin; hold_only (default) or all coins; coin filter wins. 10/s UID."
})

export const assets = Operation.make(AccountAssets)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [AccountAssets]
