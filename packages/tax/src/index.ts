/**
 * @effect-bitget/tax: Bitget's tax (transaction) records of the spot, futures, margin and P2P
 * accounts as typed Effects; each history walks any range in 30-day windows as one Stream.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Tax from "./Tax.js"

export * as Tax from "./Tax.js"

/** Every tax declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [...Tax.endpoints]
