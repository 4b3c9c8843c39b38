/**
 * @effect-bitget/spot: every spot endpoint as a typed Effect.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"

/** Every spot declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = []
