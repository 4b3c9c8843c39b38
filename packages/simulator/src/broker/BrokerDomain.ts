/**
 * The broker domain: virtual sub-accounts and an ND broker's sub-accounts, with their API keys,
 * as real state in the simulator's accounts registry. A key created here signs calls as its
 * sub-account on every endpoint of every line; the exchange holds it to its permissions and its
 * account's status (see `Permissions.ts`). Sub-accounts start with empty balances; their spot
 * balances live in the spot domain and their futures accounts in the futures domain.
 */
import * as BD from "effect/BigDecimal"
import type { Domain, Environment } from "../Domain.js"
import type { FuturesControl } from "../futures/FuturesDomain.js"
import * as Ops from "../spot/Operations.js"
import type { SpotControl } from "../spot/SpotDomain.js"
import * as BrokerRoutes from "./BrokerRoutes.js"
import { State } from "./State.js"
import * as VirtualRoutes from "./VirtualRoutes.js"

/** Test knobs of the broker domain, reached with `Simulator.control<BrokerControl>("broker")`. */
export interface BrokerControl {
  /**
   * A deposit arriving for a sub-account: credited to its spot balance, or to the futures
   * account its automatic transfer names for the coin. Returns the deposit id, or the account
   * type it went to.
   */
  readonly deposit: (uid: string, coin: string, amount: string | BD.BigDecimal) => string
  /** The state beside the accounts registry (names, emails, addresses, automatic transfers). */
  readonly state: State
}

export const make = (
  environment: Environment,
  lines: { readonly spot: SpotControl; readonly futures: FuturesControl }
): Domain => {
  const state = new State(environment.accounts)
  const control: BrokerControl = {
    state,
    deposit: (uid, coin, amount) =>
      BrokerRoutes.deposit(state, lines.spot.world, lines.futures, uid, coin, Ops.toDec(amount), environment.now())
  }
  return {
    name: "broker",
    routes: [...VirtualRoutes.routes(state), ...BrokerRoutes.routes(state, lines.spot.world, lines.futures)],
    control
  }
}
