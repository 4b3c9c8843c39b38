/**
 * Isolated-margin settings of positions beyond the specification's list: automatic margin top-up
 * and the symbols the account holds in isolated mode.
 */
import { DecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Schema from "effect/Schema"
import { HoldSide, MarginCoin, ProductType } from "./Schemas.js"

export const SetAutoMarginRequest = Schema.Struct({
  symbol: Schema.String,
  autoMargin: Schema.Literal("on", "off"),
  marginCoin: MarginCoin,
  /** bitget-api's type lists it; the page does not describe it. */
  amount: Schema.optional(DecimalInput),
  /** Hedge mode: which side's position. */
  holdSide: Schema.optional(HoldSide)
})
export interface SetAutoMarginRequest extends Schema.Schema.Type<typeof SetAutoMarginRequest> {}

export const SetAutoMargin = Endpoint.post("/api/v2/mix/account/set-auto-margin", {
  name: "futures.positionMargin.setAutoMargin",
  signed: true,
  // Bitget's page gives 5/s per UID (https://www.bitget.com/api-doc/contract/account/Set-Auto-Margin).
  rateLimit: RateLimit.uid(5),
  request: Named.as<SetAutoMarginRequest>()(SetAutoMarginRequest),
  data: Schema.NullOr(Schema.String)
})
/**
 * `POST /api/v2/mix/account/set-auto-margin`: turns automatic margin top-up of an isolated
 * position `on` or `off` (hedge mode: of one `holdSide`). Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/account/Set-Auto-Margin). 5/s per UID.
 */
export const setAutoMargin = Operation.make(SetAutoMargin)

export const IsolatedSymbolsRequest = Schema.Struct({ productType: ProductType })
export interface IsolatedSymbolsRequest extends Schema.Schema.Type<typeof IsolatedSymbolsRequest> {}

export const IsolatedSymbols = Endpoint.get("/api/v2/mix/account/isolated-symbols", {
  name: "futures.positionMargin.isolatedSymbols",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<IsolatedSymbolsRequest>()(IsolatedSymbolsRequest),
  data: Schema.Array(Schema.Struct({ symbol: Schema.String, marginMode: OpenEnum("isolated", "crossed") }))
})
/**
 * `GET /api/v2/mix/account/isolated-symbols`: the symbols of a product type the account has set to
 * isolated margin. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/account/Get-Isolated-Symbols). 10/s per UID.
 */
export const isolatedSymbols = Operation.make(IsolatedSymbols)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [SetAutoMargin, IsolatedSymbols]
