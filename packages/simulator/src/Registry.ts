/**
 * Every business line the simulator serves: their declarations (which are also the library's
 * endpoint list, printed by `pnpm endpoints`) and their stateful domains.
 */
import * as CopyTrading from "@effect-bitget/copy-trading"
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Public from "@effect-bitget/core/Public"
import * as Futures from "@effect-bitget/futures"
import * as Spot from "@effect-bitget/spot"
import * as CopyDomain from "./copy/CopyDomain.js"
import type { Domain, Environment } from "./Domain.js"
import type { FuturesControl } from "./futures/FuturesDomain.js"
import * as FuturesDomain from "./futures/FuturesDomain.js"
import * as PublicDomain from "./public/PublicDomain.js"
import * as SpotDomain from "./spot/SpotDomain.js"

/** Every declared endpoint of every line. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Public.endpoints,
  ...Spot.endpoints,
  ...Futures.endpoints,
  ...CopyTrading.endpoints
]

/** Fresh domains (with fresh state) for one simulator. */
export const domains = (environment: Environment): ReadonlyArray<Domain> => {
  const spot = SpotDomain.make()
  const futures = FuturesDomain.make(environment)
  // Copy trading trades in the spot and futures worlds.
  const copy = CopyDomain.make(environment, {
    futures: (futures.control as FuturesControl).world,
    spot: (spot.control as SpotDomain.SpotControl).world
  })
  return [PublicDomain.make(environment), spot, futures, copy]
}
