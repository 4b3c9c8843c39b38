/**
 * Every business line the simulator serves: their declarations (which are also the library's
 * endpoint list, printed by `pnpm endpoints`) and their stateful domains.
 */
import * as Broker from "@effect-bitget/broker"
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Public from "@effect-bitget/core/Public"
import * as Futures from "@effect-bitget/futures"
import * as Spot from "@effect-bitget/spot"
import * as BrokerDomain from "./broker/BrokerDomain.js"
import type { Domain, Environment } from "./Domain.js"
import * as FuturesDomain from "./futures/FuturesDomain.js"
import * as PublicDomain from "./public/PublicDomain.js"
import * as SpotDomain from "./spot/SpotDomain.js"

/** Every declared endpoint of every line. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Public.endpoints,
  ...Spot.endpoints,
  ...Futures.endpoints,
  ...Broker.endpoints
]

/** Fresh domains (with fresh state) for one simulator. */
export const domains = (environment: Environment): ReadonlyArray<Domain> => {
  const spot = SpotDomain.make(environment)
  const futures = FuturesDomain.make(environment)
  return [
    PublicDomain.make(environment),
    spot,
    futures,
    // Sub-accounts' balances live in the spot and futures domains.
    BrokerDomain.make(environment, {
      spot: spot.control as SpotDomain.SpotControl,
      futures: futures.control as FuturesDomain.FuturesControl
    })
  ]
}
