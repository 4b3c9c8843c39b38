/**
 * @effect-bitget/convert: Bitget's convert as typed Effects: the coins that convert, a quote
 * that holds for 8 seconds, trading it, and the convert history as a Stream.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Convert from "./Convert.js"

export * as Convert from "./Convert.js"

/** Every convert declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [...Convert.endpoints]
