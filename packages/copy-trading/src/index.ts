/**
 * @effect-bitget/copy-trading: Bitget copy trading as typed Effects — futures traders,
 * followers and brokers, spot traders and followers — with Streams on every list.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as FuturesBroker from "./FuturesBroker.js"
import * as FuturesFollower from "./FuturesFollower.js"
import * as FuturesTrader from "./FuturesTrader.js"
import * as SpotFollower from "./SpotFollower.js"
import * as SpotTrader from "./SpotTrader.js"

export * as FuturesBroker from "./FuturesBroker.js"
export * as FuturesFollower from "./FuturesFollower.js"
export * as FuturesTrader from "./FuturesTrader.js"
export * as Schemas from "./Schemas.js"
export * as SpotFollower from "./SpotFollower.js"
export * as SpotTrader from "./SpotTrader.js"

/** Every copy trading declaration, for the simulator and the endpoint list. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...FuturesTrader.endpoints,
  ...FuturesFollower.endpoints,
  ...FuturesBroker.endpoints,
  ...SpotTrader.endpoints,
  ...SpotFollower.endpoints
]
