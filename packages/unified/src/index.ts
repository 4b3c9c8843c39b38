/**
 * @effect-bitget/unified: Bitget's V3 API for unified trading accounts (UTA) as typed Effects.
 * One namespace on the exchange (`/api/v3/<group>/<action>`), where `category` picks the product.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Account from "./Account.js"
import * as Position from "./Position.js"
import * as Strategy from "./Strategy.js"
import * as Trade from "./Trade.js"

export * as Account from "./Account.js"
export * as Position from "./Position.js"
export * as Schemas from "./Schemas.js"
export * as Strategy from "./Strategy.js"
export * as Trade from "./Trade.js"

/** Every V3 declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Account.endpoints,
  ...Trade.endpoints,
  ...Position.endpoints,
  ...Strategy.endpoints
]
