/**
 * @effect-bitget/margin: Bitget's margin line as typed Effects, cross and isolated side by side:
 * accounts and borrowing, orders, histories and market terms.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Account from "./Account.js"
import * as Market from "./Market.js"
import * as Records from "./Records.js"
import * as Trade from "./Trade.js"

export * as Account from "./Account.js"
export * as Market from "./Market.js"
export * as Records from "./Records.js"
export * as Schemas from "./Schemas.js"
export * as Trade from "./Trade.js"

/** Every margin declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Market.endpoints,
  ...Account.endpoints,
  ...Trade.endpoints,
  ...Records.endpoints
]
