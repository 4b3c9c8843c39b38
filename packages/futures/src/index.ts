/**
 * @effect-bitget/futures: every futures (`mix`) endpoint as a typed Effect — market data,
 * candles, funding, long/short ratios, accounts, positions, orders and plan orders — with
 * Streams on the lists and a Coin-M delivery symbol helper.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Account from "./Account.js"
import * as Candles from "./Candles.js"
import * as Funding from "./Funding.js"
import * as Insight from "./Insight.js"
import * as LongShort from "./LongShort.js"
import * as Market from "./Market.js"
import * as Order from "./Order.js"
import * as OrderQuery from "./OrderQuery.js"
import * as PlanOrder from "./PlanOrder.js"
import * as Position from "./Position.js"
import * as PositionMargin from "./PositionMargin.js"
import * as TpslOrder from "./TpslOrder.js"
import * as Union from "./Union.js"

export * as Account from "./Account.js"
export * as Candles from "./Candles.js"
export * as DeliverySymbol from "./DeliverySymbol.js"
export * as Funding from "./Funding.js"
export * as Insight from "./Insight.js"
export * as LongShort from "./LongShort.js"
export * as Market from "./Market.js"
export * as Order from "./Order.js"
export * as OrderQuery from "./OrderQuery.js"
export * as PlanOrder from "./PlanOrder.js"
export * as Position from "./Position.js"
export * as PositionMargin from "./PositionMargin.js"
export * as Schemas from "./Schemas.js"
export * as TpslOrder from "./TpslOrder.js"
export * as Union from "./Union.js"

/** Every futures declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Market.endpoints,
  ...Candles.endpoints,
  ...Funding.endpoints,
  ...LongShort.endpoints,
  ...Account.endpoints,
  ...Position.endpoints,
  ...Order.endpoints,
  ...OrderQuery.endpoints,
  ...PlanOrder.endpoints,
  ...TpslOrder.endpoints,
  ...Insight.endpoints,
  ...Union.endpoints,
  ...PositionMargin.endpoints
]
