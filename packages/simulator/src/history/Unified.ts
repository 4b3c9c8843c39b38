/**
 * Seeded unified (UTA, V3) history of the unified main account (see `History.ts`): each round a
 * V3 `SPOT` market buy of 100 USDT of BTC half an hour in, sold three hours later, and a
 * `USDT-FUTURES` market buy of 0.01 BTCUSDT an hour and a half in, closed three hours later; placed
 * through the V3 order view (`unified/Orders.ts`) on the one balance, at the one price path's prices,
 * so V3 fills and history orders have rows to walk. Once a day also a deposit and a withdrawal of 1
 * USDT (the wallet domain's own history).
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import type * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as MarketData from "../futures/MarketDataRoutes.js"
import type { World as SpotWorld } from "../spot/World.js"
import { UnifiedOrders } from "../unified/Orders.js"
import type { UnifiedControl } from "../unified/UnifiedDomain.js"
import { HOUR, MINUTE, pricedAt } from "./Round.js"

const SYMBOL = "BTCUSDT"
const dec = Decimal.unsafeMake

export const make = (control: UnifiedControl, now: number) => {
  const orders = UnifiedOrders.of(control)
  const spot = pricedAt(control.spot as SpotWorld, SYMBOL, now)
  const futures = control.futures
  const contract = futures.contract(SYMBOL, "USDT-FUTURES")
  const live = futures.mark(SYMBOL)
  const path = MarketData.pathOf(futures, contract, now)
  const inFutures = <A>(t: number, run: () => A): A => {
    futures.marks.set(SYMBOL, path.at(t))
    try {
      return run()
    } finally {
      futures.marks.set(SYMBOL, live)
    }
  }
  const place = (uid: string, category: string, side: "buy" | "sell", qty: BigDecimal.BigDecimal, t: number) => {
    const at = category === "SPOT" ? spot.at : inFutures
    return at(
      t,
      () => Effect.runSync(orders.place(uid, { category, symbol: SYMBOL, side, orderType: "market", qty }, t))
    )
  }

  const round = (uid: string, t: number) => {
    const bought = place(uid, "SPOT", "buy", dec("100"), t + 30 * MINUTE)
    place(uid, "USDT-FUTURES", "buy", dec("0.01"), t + 90 * MINUTE)
    if (bought._tag !== "spot") throw new Error("history: a V3 spot order placed outside the spot world")
    place(uid, "SPOT", "sell", spot.held(bought.order), t + 210 * MINUTE)
    place(uid, "USDT-FUTURES", "sell", dec("0.01"), t + 4 * HOUR + 30 * MINUTE)
  }

  return { round }
}
