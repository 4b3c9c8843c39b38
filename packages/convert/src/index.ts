/**
 * @effect-bitget/convert: Bitget's convert as typed Effects: the coins that convert, a quote
 * that holds for 8 seconds, trading it, and the convert history as a Stream; and small balances
 * converted into BGB (`BgbConvert`).
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as BgbConvert from "./BgbConvert.js"
import * as Convert from "./Convert.js"

export * as BgbConvert from "./BgbConvert.js"
export * as Convert from "./Convert.js"

/** Every convert declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [...Convert.endpoints, ...BgbConvert.endpoints]
