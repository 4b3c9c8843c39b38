/**
 * @effect-bitget/broker: accounts that run a business. An ND broker's sub-accounts and their
 * API keys (`/api/v2/broker/...`), and virtual sub-accounts with their API keys
 * (`/api/v2/user/...`), the broker's commissions and an affiliate's customers, as typed Effects;
 * lists stream with `pages`/`items`.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Agent from "./Agent.js"
import * as BrokerApiKey from "./BrokerApiKey.js"
import * as BrokerSubaccount from "./BrokerSubaccount.js"
import * as Commission from "./Commission.js"
import * as VirtualSubaccount from "./VirtualSubaccount.js"
import * as VirtualSubaccountApiKey from "./VirtualSubaccountApiKey.js"

export * as Agent from "./Agent.js"
export * as BrokerApiKey from "./BrokerApiKey.js"
export * as BrokerSubaccount from "./BrokerSubaccount.js"
export * as Commission from "./Commission.js"
export * as Schemas from "./Schemas.js"
export * as VirtualSubaccount from "./VirtualSubaccount.js"
export * as VirtualSubaccountApiKey from "./VirtualSubaccountApiKey.js"

/** Every broker and sub-account declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...VirtualSubaccount.endpoints,
  ...VirtualSubaccountApiKey.endpoints,
  ...BrokerSubaccount.endpoints,
  ...BrokerApiKey.endpoints,
  ...Commission.endpoints,
  ...Agent.endpoints
]
