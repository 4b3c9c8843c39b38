/**
 * The unified account: its assets (one balance per coin across spot, margin and futures, and the
 * account's equity and margin), settings, leverage and modes, fee rates, bills, and the switch
 * between the unified and the Classic account.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Schema from "effect/Schema"

/** One coin of the unified account (only coins with something in them are listed). */
export const CoinAsset = Schema.Struct({
  coin: Schema.String,
  equity: Decimal,
  usdValue: Decimal,
  /** Cash held in the coin. */
  balance: Decimal,
  available: Decimal,
  /** Borrowed. */
  debt: Decimal,
  /** Held by open orders. */
  locked: Decimal
})
export interface CoinAsset extends Schema.Schema.Type<typeof CoinAsset> {}

export const AccountAssets = Schema.Struct({
  /** Total equity in USD. */
  accountEquity: Decimal,
  usdtEquity: Decimal,
  btcEquity: Decimal,
  unrealisedPnl: Decimal,
  usdtUnrealisedPnl: Absent.optional(Decimal),
  /** Spelled so by Bitget. */
  btcUnrealizedPnl: Absent.optional(Decimal),
  /** Equity counted as collateral (USD). */
  effEquity: Absent.optional(Decimal),
  /** Maintenance margin, a USD amount (not a ratio). */
  mmr: Absent.optional(Decimal),
  /** Initial margin, a USD amount. */
  imr: Absent.optional(Decimal),
  /** Maintenance margin over equity. */
  mgnRatio: Absent.optional(Decimal),
  positionMgnRatio: Absent.optional(Decimal),
  assets: Schema.Array(CoinAsset)
})
export interface AccountAssets extends Schema.Schema.Type<typeof AccountAssets> {}

export const Assets = Endpoint.get("/api/v3/account/assets", {
  name: "unified.account.assets",
  signed: true,
  rateLimit: RateLimit.uid(20),
  request: Endpoint.NoParams,
  data: AccountAssets
})

/**
 * `GET /api/v3/account/assets`: the unified account's equity, margin and every coin it holds or
 * owes (https://www.bitget.com/api-doc/uta/account/Get-Account). 20/s per UID. A Classic
 * account's key gets 40084 (`AccountModeError`), which is how `AccountMode.probe` tells the modes.
 */
export const assets = Operation.make(Assets)

/** Every account declaration. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [Assets]
