/**
 * @effect-bitget/earn: Bitget's V2 earn products (savings, shark fin, elite) and crypto loans as
 * typed Effects (V2 paths the exchange serves beyond the specification).
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Account from "./Account.js"
import * as Elite from "./Elite.js"
import * as Loan from "./Loan.js"
import * as Savings from "./Savings.js"
import * as SharkFin from "./SharkFin.js"

export * as Account from "./Account.js"
export * as Elite from "./Elite.js"
export * as Loan from "./Loan.js"
export * as Savings from "./Savings.js"
export * as Schemas from "./Schemas.js"
export * as SharkFin from "./SharkFin.js"

/** Every earn declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Account.endpoints,
  ...Savings.endpoints,
  ...SharkFin.endpoints,
  ...Elite.endpoints,
  ...Loan.endpoints
]
