/**
 * @effect-bitget/spot: every spot endpoint as a typed Effect.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Account from "./Account.js"
import * as Trade from "./Trade.js"

export * as Account from "./Account.js"
export * as Schemas from "./Schemas.js"
export * as Trade from "./Trade.js"

/** Every spot declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [...Account.endpoints, ...Trade.endpoints]
