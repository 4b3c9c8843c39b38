/**
 * Every business line the simulator serves: their declarations (which are also the library's
 * endpoint list, printed by `pnpm endpoints`) and their stateful domains.
 */
import * as Core from "@effect-bitget/core"
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import * as Public from "@effect-bitget/core/Public"
import * as Futures from "@effect-bitget/futures"
import * as Margin from "@effect-bitget/margin"
import * as Spot from "@effect-bitget/spot"
import type { Domain, Environment } from "./Domain.js"
import * as FuturesDomain from "./futures/FuturesDomain.js"
import * as MarginDomain from "./margin/MarginDomain.js"
import * as PublicDomain from "./public/PublicDomain.js"
import * as SpotDomain from "./spot/SpotDomain.js"
import type { SpotControl } from "./spot/SpotDomain.js"

/** Every declared endpoint of every line. */
export const endpoints: ReadonlyArray<Endpoint.Any> = [
  ...Public.endpoints,
  ...Spot.endpoints,
  ...Futures.endpoints,
  ...Margin.endpoints
]

/**
 * Each line's package by the line's name (the first part of its endpoints' names; the package is
 * `@effect-bitget/<line in kebab-case>`). Its namespaces' operations are checked against their
 * endpoints' names and documented from their doc comments.
 */
export const packages: Readonly<Record<string, object>> = {
  core: Core,
  spot: Spot,
  futures: Futures,
  margin: Margin
}

/** Fresh domains (with fresh state) for one simulator. */
export const domains = (environment: Environment): ReadonlyArray<Domain> => {
  const spot = SpotDomain.make()
  return [
    PublicDomain.make(environment),
    spot,
    FuturesDomain.make(environment),
    // Margin accounts live in the spot world's balances and trade on its prices and matching.
    MarginDomain.make(environment, spot.control as SpotControl)
  ]
}
