/**
 * @effect-bitget/spot: every spot endpoint as a typed Effect: market data, account, wallet,
 * trading, plan orders and institutional loan product terms.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Account from "./Account.js"
import * as CancelReplace from "./CancelReplace.js"
import * as Insight from "./Insight.js"
import * as InsLoan from "./InsLoan.js"
import * as Market from "./Market.js"
import * as PlanOrder from "./PlanOrder.js"
import * as Trade from "./Trade.js"
import * as Wallet from "./Wallet.js"

export * as Account from "./Account.js"
export * as CancelReplace from "./CancelReplace.js"
export * as Insight from "./Insight.js"
export * as InsLoan from "./InsLoan.js"
export * as Market from "./Market.js"
export * as PlanOrder from "./PlanOrder.js"
export * as Schemas from "./Schemas.js"
export * as Trade from "./Trade.js"
export * as Wallet from "./Wallet.js"

/** Every spot declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Market.endpoints,
  ...Insight.endpoints,
  ...Account.endpoints,
  ...Wallet.endpoints,
  ...Trade.endpoints,
  ...CancelReplace.endpoints,
  ...PlanOrder.endpoints,
  ...InsLoan.endpoints
]
