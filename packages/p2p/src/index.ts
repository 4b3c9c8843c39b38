/**
 * @effect-bitget/p2p: Bitget's P2P merchant queries as typed Effects: the merchant list, the
 * merchant's own information, its adverts and its orders, with Streams over whole histories.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Merchant from "./Merchant.js"

export * as Merchant from "./Merchant.js"

/** Every P2P declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [...Merchant.endpoints]
