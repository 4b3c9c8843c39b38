/**
 * The values of a futures position that V3 shows (Bitget's UTA Get Current Position and Position
 * Channel pages; reference v3-unified-api.md "current-position") and the futures world keeps no
 * field for, computed from its state, for V3 REST and the V3 `position` topic alike:
 * - `frozen`: what open orders that close the position still hold of it (hedge mode: `tradeSide`
 *   close; one-way mode: reduce-only; on the side that closes it), so `available` = size − frozen,
 *   what can still be closed (Bitget's V2 Get Position page: "available: amount available to close").
 * - `breakEvenPrice`: the price at which closing the whole position returns the fees it has paid
 *   (opening, and closing of the part already closed), in the world's own approximation of a price
 *   per unit of margin (`World.liquidationPrice`: linear margin coins divide by size, inverse ones
 *   scale by the entry price). Bitget's pages name the field without a formula; funding is left
 *   out because the world settles none (`totalFundingFee` is then "0").
 */
import * as BD from "effect/BigDecimal"
import { linearCoins } from "../futures/Contracts.js"
import type { Position } from "../futures/Records.js"
import type { World } from "../futures/World.js"

const ZERO = BD.fromBigInt(0n)

const closing = (o: World["orders"][number]) => o.posMode === "hedge_mode" ? o.tradeSide === "close" : o.reduceOnly

/** What open closing orders hold of `p`. */
export const frozen = (world: World, p: Position): BD.BigDecimal => {
  let held = ZERO
  for (const o of world.orders) {
    if (o.account !== p.account || o.symbol !== p.symbol || o.productType !== p.productType) continue
    if (o.marginCoin !== p.marginCoin || (o.status !== "live" && o.status !== "partially_filled")) continue
    if (!closing(o) || world.sides(o.posMode, o.side).close !== p.holdSide) continue
    held = BD.sum(held, BD.subtract(o.size, o.filled))
  }
  // Never more than the position (the world lets close orders exceed it; Bitget caps them).
  return BD.min(held, p.total)
}

/** What can still be closed: the size less what closing orders hold. */
export const available = (world: World, p: Position): BD.BigDecimal => BD.subtract(p.total, frozen(world, p))

/** Where closing the whole position returns the fees it paid; `undefined` when flat. */
export const breakEvenPrice = (p: Position): BD.BigDecimal | undefined => {
  if (!BD.isPositive(p.total)) return undefined
  const fees = BD.sum(p.totalFee, p.closeFee ?? ZERO)
  const perUnit = linearCoins.has(p.marginCoin)
    ? BD.unsafeDivide(fees, p.total)
    : BD.unsafeDivide(BD.multiply(fees, p.openPriceAvg), p.total)
  const price = p.holdSide === "long" ? BD.sum(p.openPriceAvg, perUnit) : BD.subtract(p.openPriceAvg, perUnit)
  return BD.normalize(BD.scale(BD.max(price, ZERO), 4))
}
