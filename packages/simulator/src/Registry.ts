/**
 * Every business line the simulator serves: their declarations (which are also the library's
 * endpoint list, printed by `pnpm endpoints`) and their stateful domains.
 */
import * as Convert from "@effect-bitget/convert"
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Public from "@effect-bitget/core/Public"
import * as Futures from "@effect-bitget/futures"
import * as P2P from "@effect-bitget/p2p"
import * as Spot from "@effect-bitget/spot"
import * as Tax from "@effect-bitget/tax"
import * as ConvertDomain from "./convert/ConvertDomain.js"
import type { Domain, Environment } from "./Domain.js"
import * as FuturesDomain from "./futures/FuturesDomain.js"
import * as P2PDomain from "./p2p/P2PDomain.js"
import * as PublicDomain from "./public/PublicDomain.js"
import * as SpotDomain from "./spot/SpotDomain.js"
import * as TaxDomain from "./tax/TaxDomain.js"

/** Every declared endpoint of every line. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Public.endpoints,
  ...Spot.endpoints,
  ...Futures.endpoints,
  ...P2P.endpoints,
  ...Convert.endpoints,
  ...Tax.endpoints
]

/** Fresh domains (with fresh state) for one simulator. */
export const domains = (environment: Environment): ReadonlyArray<Domain> => {
  const spot = SpotDomain.make()
  const futures = FuturesDomain.make(environment)
  const p2p = P2PDomain.make(environment)
  // Convert trades in the spot world; tax records are read from the spot, futures and P2P worlds
  // (margin plugs in through `TaxDomain.Sources.margin` when its domain lands).
  const spotWorld = (spot.control as SpotDomain.SpotControl).world
  return [
    PublicDomain.make(environment),
    spot,
    futures,
    p2p,
    ConvertDomain.make(spotWorld),
    TaxDomain.make({
      spot: spotWorld,
      futures: (futures.control as FuturesDomain.FuturesControl).world,
      p2p: (p2p.control as P2PDomain.P2PControl).world
    })
  ]
}
