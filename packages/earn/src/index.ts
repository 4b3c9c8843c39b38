/**
 * @effect-bitget/earn: Bitget's V2 earn products (savings, shark fin) and crypto loans as typed
 * Effects (V2 paths the exchange serves beyond the specification).
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"

/** Every earn declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = []
