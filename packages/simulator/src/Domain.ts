/**
 * A stateful part of the simulated exchange. A domain answers some endpoints itself (orders
 * that rest and fill, balances that move); every other declared endpoint gets generated,
 * schema-valid data. Handlers work on decoded values: the request as the client's `Type` and
 * the data they return is encoded by the endpoint's own schema, so the wire stays exact.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import type * as Effect from "effect/Effect"
import type { Accounts } from "./Accounts.js"
import type { Rejection } from "./Rejection.js"

/** The uid of the simulator's main account (every test key belongs to it). */
export const MAIN_UID = "1000000001"

/** What a domain gets from the simulator it runs in. */
export interface Environment {
  readonly uid: string
  /** The simulator's clock (ms), including configured skew; follows TestClock under test. */
  readonly now: () => number
  /** Every account and API key of this simulator; domains open sub-accounts and issue keys here. */
  readonly accounts: Accounts
}

export interface Account {
  readonly uid: string
  readonly apiKey: string
}

export interface Context {
  /** The signed-in account; `undefined` on public endpoints. */
  readonly account: Account | undefined
  /** The simulator's clock (ms), including any configured skew. */
  readonly now: number
  /** Whether the request carried `paptrading: 1`. */
  readonly demo: boolean
}

export type Handler<Req, Data> = (request: Req, context: Context) => Effect.Effect<Data, Rejection>

export interface Route {
  readonly endpoint: Endpoint.Any
  readonly handler: Handler<any, any>
}

/** A handler for one endpoint. */
export const route = <Req, Data, Item>(endpoint: Endpoint<Req, Data, Item>, handler: Handler<Req, Data>): Route => ({
  endpoint,
  handler
})

/** What a domain gives the exchange; built once per simulator, so it may hold state. */
export interface Domain {
  readonly name: string
  readonly routes: ReadonlyArray<Route>
  /** Knobs a test or demo turns to move this domain's world (e.g. set a price); see `Simulator.control`. */
  readonly control?: unknown
}
