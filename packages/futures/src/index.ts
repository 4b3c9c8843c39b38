/**
 * @effect-bitget/futures: every futures (`mix`) endpoint as a typed Effect.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"

/** Every futures declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = []
