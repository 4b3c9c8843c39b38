/**
 * The copy trading domain, on top of the futures and spot domains' worlds: elite traders (the
 * main account once a test makes it one), seeded follower accounts with their own API keys,
 * follows with per-symbol settings, tracking orders created from traders' real fills, copies
 * sized per follower, TP/SL and closes that reach the copies, profit shares settled between
 * the accounts' balances, and brokers that see their customers' traders and traces.
 *
 * Reach it from tests with `Simulator.control<CopyControl>("copyTrading")`.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import type { IssuedKey } from "../Accounts.js"
import type { Domain, Environment } from "../Domain.js"
import type { World as FuturesWorld } from "../futures/World.js"
import type { World as SpotWorld } from "../spot/World.js"
import { FuturesCopy } from "./FuturesCopy.js"
import * as FuturesRoutes from "./FuturesRoutes.js"
import { SpotCopy } from "./SpotCopy.js"
import * as SpotRoutes from "./SpotRoutes.js"
import { type Line, type Skip, State, type Track } from "./State.js"
import * as UnifiedRoutes from "./UnifiedRoutes.js"

export interface FollowerAccount {
  readonly uid: string
  readonly label: string
  /** Sign as this follower with `Simulator.layerClient({ key })`. */
  readonly key: IssuedKey
}

/** Test knobs of the copy trading domain. */
export interface CopyControl {
  /**
   * Makes an account (the main one by default; a unified one, `UNIFIED_UID`, leads on V3) an elite trader on the given lines (both by
   * default), offering `futuresSymbols` (default `BTCUSDT`, `ETHUSDT`) and `spotSymbols`
   * (default `BTCUSDT`, `ETHUSDT`), keeping `profitShareRatio` (default `0.1`) of followers'
   * net profit.
   */
  readonly makeTrader: (options?: {
    readonly uid?: string
    readonly lines?: ReadonlyArray<Line>
    readonly futuresSymbols?: ReadonlyArray<string>
    readonly spotSymbols?: ReadonlyArray<string>
    readonly profitShareRatio?: string
  }) => void
  /**
   * The seeded follower accounts (three: alice, bob, carol, each with its own key), opened on first
   * use; they follow no one until told to.
   */
  readonly followers: ReadonlyArray<FollowerAccount>
  /** Opens one more follower account with its own key. */
  readonly addFollower: (label?: string) => FollowerAccount
  /** Makes `uid` a broker whose customers are `customers`. */
  readonly makeBroker: (uid: string, customers: ReadonlyArray<string>) => void
  /** Copies that were not made, and why. */
  readonly skips: () => ReadonlyArray<Skip>
  /** Every tracking order (traders' and copies), oldest first. */
  readonly tracks: () => ReadonlyArray<Track>
  readonly state: State
}

export const make = (
  environment: Environment,
  worlds: { readonly futures: FuturesWorld; readonly spot: SpotWorld }
): Domain => {
  const state = new State(environment.accounts)
  const futures = new FuturesCopy(state, worlds.futures, environment.now)
  const spot = new SpotCopy(state, worlds.spot)
  const addFollower = (label?: string): FollowerAccount => {
    const now = environment.now()
    const account = environment.accounts.open({ kind: "follower", now, ...(label === undefined ? {} : { label }) })
    const key = environment.accounts.issueKey(account.uid, { passphrase: `follower-${account.uid}`, now })
    return { uid: account.uid, label: account.label, key }
  }
  // Opened on first use, so a simulator that never touches copy trading hands out the same uids.
  let followers: ReadonlyArray<FollowerAccount> | undefined
  const control: CopyControl = {
    makeTrader: (options = {}) => {
      const uid = options.uid ?? environment.uid
      const existing = state.traders.get(uid)
      const record = existing ?? {
        uid,
        lines: new Set<Line>(),
        profitShareRatio: Decimal.unsafeMake(options.profitShareRatio ?? "0.1"),
        enable: true,
        showTotalEquity: true,
        showTpsl: true,
        futuresSymbols: new Map(),
        spotSymbols: new Set<string>(),
        since: environment.now()
      }
      if (options.profitShareRatio !== undefined) record.profitShareRatio = Decimal.unsafeMake(options.profitShareRatio)
      for (const line of options.lines ?? ["futures", "spot"]) record.lines.add(line)
      if (record.lines.has("futures")) {
        for (const symbol of options.futuresSymbols ?? ["BTCUSDT", "ETHUSDT"]) {
          const contract = worlds.futures.contract(symbol)
          record.futuresSymbols.set(contract.symbol, { productType: contract.productType })
        }
      }
      if (record.lines.has("spot")) {
        for (const symbol of options.spotSymbols ?? ["BTCUSDT", "ETHUSDT"]) record.spotSymbols.add(symbol)
      }
      state.traders.set(uid, record)
    },
    get followers() {
      followers ??= ["alice", "bob", "carol"].map(addFollower)
      return followers
    },
    addFollower,
    makeBroker: (uid, customers) => state.brokers.set(uid, new Set(customers)),
    skips: () => state.skips,
    tracks: () => state.tracks,
    state
  }
  return {
    name: "copyTrading",
    // V3 lead traders (`/api/v3/copy/futures/*`) read the same futures copy state.
    routes: [
      ...FuturesRoutes.routes(state, futures),
      ...UnifiedRoutes.routes(state, futures),
      ...SpotRoutes.routes(state, spot)
    ],
    control
  }
}
