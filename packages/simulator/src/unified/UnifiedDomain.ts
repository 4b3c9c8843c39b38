/**
 * The unified (UTA, V3) line of the simulator: one ledger per unified account, a view over the
 * spot and futures worlds (see `Ledger.ts`), and the V3 routes. Market data reads the same price
 * path and matching as V2 (a BTCUSDT trade on V2's market data is the same trade on V3's).
 */
import type { Domain, Environment, Route } from "../Domain.js"
import type { World as FuturesWorld } from "../futures/World.js"
import type { World as SpotWorld } from "../spot/World.js"
import * as AccountRoutes from "./AccountRoutes.js"
import * as GridRoutes from "./GridRoutes.js"
import * as InsightRoutes from "./InsightRoutes.js"
import { Ledger } from "./Ledger.js"
import * as MarketRoutes from "./MarketRoutes.js"
import * as RealityRoutes from "./RealityRoutes.js"

/** The fixed uid of the simulator's unified main account (outside the range sub-accounts count through). */
export const UNIFIED_UID = "2000000001"

/** Test knobs of the unified domain, reached with `Simulator.control<UnifiedControl>("unified")`. */
export interface UnifiedControl {
  readonly ledger: Ledger
  readonly spot: SpotWorld
  readonly futures: FuturesWorld
}

export interface Worlds {
  readonly spot: SpotWorld
  readonly futures: FuturesWorld
}

/** The V3 routes of one part, given the unified control. */
export type Routes = (control: UnifiedControl, environment: Environment) => ReadonlyArray<Route>

/** Every part's routes: add a line per module (market, account, trade, …). */
const PARTS: ReadonlyArray<Routes> = [
  MarketRoutes.routes,
  AccountRoutes.routes,
  InsightRoutes.routes,
  GridRoutes.routes,
  RealityRoutes.routes
]

export const make = (environment: Environment, worlds: Worlds, parts: ReadonlyArray<Routes> = []): Domain => {
  const ledger = new Ledger(environment.accounts, worlds.spot, worlds.futures)
  for (const record of environment.accounts.accounts.values()) {
    if (record.mode === "unified" && record.parentUid === undefined) ledger.fund(record.uid)
  }
  const control: UnifiedControl = { ledger, spot: worlds.spot, futures: worlds.futures }
  const routes = [...PARTS, ...parts].flatMap((part) => part(control, environment))
  return { name: "unified", routes, control }
}
