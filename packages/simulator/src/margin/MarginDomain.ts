/**
 * The margin domain: cross and isolated accounts kept in the spot world's balances (so the spot
 * wallet's transfer funds them and the spot world's prices and matching fill their orders), and
 * a ledger of what they owe. Interest is charged hourly on the simulator's clock and accounts
 * over the liquidation line are liquidated whenever a margin endpoint is called (as the
 * exchange does in the background). Tests move prices with the spot domain's `setPrice`.
 */
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import type { Domain, Environment, Route } from "../Domain.js"
import { reject } from "../Rejection.js"
import type { SpotControl } from "../spot/SpotDomain.js"
import { accountRoutes, marketRoutes } from "./AccountRoutes.js"
import { Ledger, marginCodes, refOf } from "./Ledger.js"
import { type OrderMeta, PLACING, recordRoutes, tradeRoutes } from "./TradeRoutes.js"

export { Ledger } from "./Ledger.js"

/** Test knobs of the margin domain, reached with `Simulator.control<MarginControl>("margin")`. */
export interface MarginControl {
  /** The ledger itself, for assertions (debts, records). */
  readonly ledger: Ledger
  /** Charges the interest due and liquidates what is over the line, now (the simulator's clock). */
  readonly settle: () => void
}

export const make = (environment: Environment, spot: SpotControl): Domain => {
  const ledger = new Ledger(spot.world)
  const meta = new Map<string, OrderMeta>()
  const hooks = spot.world.hooks

  // Money leaves a margin account only as far as its debt allows.
  hooks.transferGuards.push((move, now) => {
    const ref = refOf(move.fromUid, move.fromType)
    if (ref === undefined) return Effect.void
    ledger.accrue(now)
    const most = ledger.maxTransferOut(ref, move.coin)
    return BD.greaterThan(move.amount, most)
      ? reject(marginCodes.insufficient, `at most ${BD.format(most)} ${move.coin} can be transferred out`)
      : Effect.void
  })
  hooks.transfers.push((move, now) => {
    const from = refOf(move.fromUid, move.fromType)
    const to = refOf(move.toUid, move.toType)
    if (from !== undefined) ledger.record(from, move.coin, BD.negate(move.amount), "transfer_out", now)
    if (to !== undefined) ledger.record(to, move.coin, move.amount, "transfer_in", now)
  })
  // A margin fill: its movements are recorded, and an auto-repay order repays from what it brought.
  hooks.fills.push((order, fill, now) => {
    const ref = refOf(order.uid, order.account)
    if (ref === undefined) return
    const paid = order.side === "buy" ? fill.amount : fill.size
    const received = order.side === "buy" ? fill.size : fill.amount
    const payCoin = order.side === "buy" ? order.quote : order.base
    const getCoin = order.side === "buy" ? order.base : order.quote
    ledger.record(ref, payCoin, BD.negate(paid), "deal_out", now)
    ledger.record(ref, getCoin, BD.subtract(received, fill.fee), "deal_in", now, fill.fee)
    const loanType = (meta.get(order.orderId) ?? meta.get(PLACING))?.loanType
    if (loanType === "autoRepay" || loanType === "autoLoanAndRepay") {
      const held = ledger.coins(ref).get(getCoin)?.available ?? BD.unsafeFromString("0")
      const amount = [ledger.owed(ref, getCoin), BD.subtract(received, fill.fee), held].reduce((a, b) =>
        BD.lessThan(a, b) ? a : b
      )
      if (BD.isPositive(amount)) Effect.runSync(Effect.either(ledger.repay(ref, getCoin, amount, "auto_repay", now)))
    }
  })

  const routes: ReadonlyArray<Route> = [
    ...accountRoutes(ledger),
    ...marketRoutes(ledger),
    ...tradeRoutes(ledger, meta),
    ...recordRoutes(ledger)
  ].map((route) => ({
    endpoint: route.endpoint,
    handler: (request, context) =>
      Effect.suspend(() => {
        ledger.accrue(context.now)
        return route.handler(request, context)
      })
  }))

  const control: MarginControl = { ledger, settle: () => ledger.accrue(environment.now()) }
  return { name: "margin", routes, control }
}
