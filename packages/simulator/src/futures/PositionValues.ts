/**
 * The values of a futures position that the world keeps no field for, computed from its state in
 * one place for every answer that shows them: V2 REST (`/api/v2/mix/position/*`: `available`,
 * `locked`, `breakEvenPrice`, `marginRatio`), the V2 `positions` push (`available`, `frozen`,
 * `breakEvenPrice`, `marginRate`), V3 REST (`current-position`) and the V3 `position` topic:
 * - `frozen` (V2 REST `locked`): what open orders that close the position still hold of it (hedge
 *   mode: `tradeSide` close; one-way mode: reduce-only; on the side that closes it), so
 *   `available` = size − frozen, what can still be closed (Bitget's V2 Get Position page:
 *   "available: amount available to close"; "locked: amount frozen").
 * - `breakEvenPrice`: the price at which closing the whole position at market returns the fees it
 *   has paid (opening, and closing of the part already closed) and the taker fee of that close, in
 *   the world's own approximation of a price per unit of margin (`World.liquidationPrice`: linear
 *   margin coins divide by size, inverse ones scale by the entry price). Bitget's pages name the
 *   field without a formula; captured values fit it exactly (`breakEvenPrice` below). Funding is
 *   left out because the world settles none (`totalFundingFee` is then "0").
 * - `marginRatio`: maintenance margin (size × mark × `MAINTENANCE_RATE`, in the margin coin) over
 *   the position's equity (margin + unrealised P&L), 1 once that equity is gone.
 */
import * as BD from "effect/BigDecimal"
import { linearCoins } from "./Contracts.js"
import type { Order, Position } from "./Records.js"
import { TAKER_FEE, type World } from "./World.js"

const ZERO = BD.fromBigInt(0n)
const ONE = BD.fromBigInt(1n)

/** Maintenance margin rate of every futures position (the world has no risk tiers). */
export const MAINTENANCE_RATE = BD.unsafeFromString("0.004")

const closing = (o: Order) => o.posMode === "hedge_mode" ? o.tradeSide === "close" : o.reduceOnly

/** What open closing orders hold of `p`. */
export const frozen = (world: World, p: Position): BD.BigDecimal => {
  let held = ZERO
  for (const o of world.openOrders()) {
    if (o.account !== p.account || o.symbol !== p.symbol || o.productType !== p.productType) continue
    if (o.marginCoin !== p.marginCoin) continue
    if (!closing(o) || world.sides(o.posMode, o.side).close !== p.holdSide) continue
    held = BD.sum(held, BD.subtract(o.size, o.filled))
  }
  // Never more than the position (the world lets close orders exceed it; Bitget caps them).
  return BD.min(held, p.total)
}

/** What can still be closed: the size less what closing orders hold. */
export const available = (world: World, p: Position): BD.BigDecimal => BD.subtract(p.total, frozen(world, p))

/**
 * The trading fees the position has paid (opening, and closing of the part already closed),
 * positive: V2's `deductedFee` ("transaction fees deducted during the position"). Captured
 * bodies (REST all-position and the `positions` push) send it positive and equal to the fees of
 * the fills; whether Bitget adds the fees of partial closes is not shown by any capture.
 */
export const feesPaid = (p: Position): BD.BigDecimal => BD.sum(p.totalFee, p.closeFee ?? ZERO)

/**
 * Where closing the whole position at market returns the fees it paid and the taker fee of that
 * close; `undefined` when flat. Long: (entry × size + fees) / (size × (1 − taker)); short:
 * (entry × size − fees) / (size × (1 + taker)); 12 decimals, rounded half up. Bitget's captured
 * values are exactly the long form: pybotters' XRPUSDT pushes (2.2366 × 3 with 0.002818116 paid →
 * "2.238882701621"; 6 at 2.23675 with 0.00563661 → "2.239032854713", taker 0.06%) and a demo
 * all-position answer (0.016 at 100975.8 with 0.32312256 → "101036.409723889556", the demo's 0.04%).
 * The short form is the same reasoning (not captured); V3 shares it (not captured either).
 */
export const breakEvenPrice = (p: Position): BD.BigDecimal | undefined => {
  if (!BD.isPositive(p.total)) return undefined
  const fees = feesPaid(p)
  const perUnit = linearCoins.has(p.marginCoin)
    ? BD.unsafeDivide(fees, p.total)
    : BD.unsafeDivide(BD.multiply(fees, p.openPriceAvg), p.total)
  const long = p.holdSide === "long"
  const paid = long ? BD.sum(p.openPriceAvg, perUnit) : BD.subtract(p.openPriceAvg, perUnit)
  const price = BD.unsafeDivide(paid, long ? BD.subtract(ONE, TAKER_FEE) : BD.sum(ONE, TAKER_FEE))
  return BD.normalize(BD.round(BD.max(price, ZERO), { scale: 12, mode: "half-from-zero" }))
}

/** The maintenance margin of `p` at `mark`, in its margin coin. */
export const maintenance = (p: Position, mark: BD.BigDecimal): BD.BigDecimal => {
  const notional = linearCoins.has(p.marginCoin.toUpperCase()) ? BD.multiply(p.total, mark) : p.total
  return BD.multiply(notional, MAINTENANCE_RATE)
}

/** Maintenance margin over the position's equity (margin + unrealised P&L); 1 once that equity is gone. */
export const marginRatio = (world: World, p: Position): BD.BigDecimal => {
  const mark = world.mark(p.symbol)
  const equity = BD.sum(p.margin, world.unrealized(p, mark))
  if (!BD.isPositive(equity)) return ONE
  return BD.normalize(BD.round(BD.unsafeDivide(maintenance(p, mark), equity), { scale: 4, mode: "half-even" }))
}
