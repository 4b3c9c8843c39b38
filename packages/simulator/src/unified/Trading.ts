/**
 * U2's part of the unified domain: V3 trade, position and strategy routes over one
 * `UnifiedOrders` view of the account's orders (passed to `UnifiedDomain.make` in Registry).
 */
import { UnifiedOrders } from "./Orders.js"
import { positionRoutes } from "./PositionRoutes.js"
import { strategyRoutes } from "./StrategyRoutes.js"
import { tradeRoutes } from "./TradeRoutes.js"
import type { Routes } from "./UnifiedDomain.js"

export const routes: Routes = (control) => {
  const orders = UnifiedOrders.of(control)
  return [...tradeRoutes(orders), ...positionRoutes(orders), ...strategyRoutes(orders)]
}
