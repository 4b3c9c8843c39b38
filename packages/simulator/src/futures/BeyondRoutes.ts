/**
 * The futures routes of endpoints beyond the specification's list that need the world's state:
 * cancel every open order, change a TP/SL plan in place, the liquidation price an opening would
 * give, and the positions' places in the auto-deleveraging queue.
 */
import * as Account from "@effect-bitget/futures/Account"
import * as Order from "@effect-bitget/futures/Order"
import * as Position from "@effect-bitget/futures/Position"
import * as TpslOrder from "@effect-bitget/futures/TpslOrder"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import * as Contracts from "./Contracts.js"
import { isOpen, type Plan, Refusal } from "./Records.js"
import type { Shared } from "./Shared.js"
import { accountOf, dec, run } from "./Shared.js"
import { canonical, ZERO } from "./World.js"

const TPSL_TYPES: ReadonlyArray<Plan["planType"]> = [
  "profit_plan",
  "loss_plan",
  "moving_plan",
  "pos_profit",
  "pos_loss"
]

const places = (value: BigDecimal.BigDecimal, scale: number) =>
  BigDecimal.normalize(BigDecimal.round(value, { scale, mode: "half-from-zero" }))

export const routes = (shared: Shared): ReadonlyArray<Route> => {
  const { world, findPlan, notFound } = shared
  return [
    route(Order.CancelAllOrders, (request, context) =>
      run(() => {
        const account = accountOf(context)
        const successList: Array<{ orderId: string; clientOid: string }> = []
        for (const order of world.orders) {
          if (
            order.account === account && isOpen(order) && order.productType === canonical(request.productType) &&
            (request.symbol === undefined || order.symbol === request.symbol.toUpperCase()) &&
            (request.marginCoin === undefined || order.marginCoin === request.marginCoin.toUpperCase())
          ) {
            world.cancel(order, context.now, "cancelled by user")
            successList.push({ orderId: order.orderId, clientOid: order.clientOid })
          }
        }
        // Bitget answers 22001 when nothing was open (../shared/reference/error-codes.tsv).
        if (successList.length === 0) throw new Refusal("22001", "No order to cancel")
        return { successList, failureList: [] }
      })),
    route(TpslOrder.ModifyTpslOrder, (request, context) =>
      run(() => {
        const plan = findPlan(accountOf(context), request)
        if (
          plan === undefined || plan.status !== "live" || !TPSL_TYPES.includes(plan.planType) ||
          plan.symbol !== request.symbol.toUpperCase()
        ) return notFound()
        const mutable = plan as { -readonly [K in keyof Plan]: Plan[K] }
        mutable.triggerPrice = dec(request.triggerPrice)
        if (request.triggerType !== undefined) mutable.triggerType = request.triggerType
        if (plan.planType === "moving_plan") {
          if (request.rangeRate !== undefined) mutable.callbackRatio = dec(request.rangeRate)
        } else if (request.executePrice !== undefined) {
          // Above zero: a limit order at that price; zero: market.
          const price = dec(request.executePrice)
          mutable.price = BigDecimal.isPositive(price) ? price : undefined
          mutable.orderType = BigDecimal.isPositive(price) ? "limit" : "market"
        }
        if (plan.whole !== true && request.size !== undefined) mutable.size = dec(request.size)
        mutable.direction = BigDecimal.greaterThan(plan.triggerPrice, world.mark(plan.symbol)) ? "up" : "down"
        mutable.uTime = context.now
        return { orderId: plan.orderId, clientOid: plan.clientOid }
      })),
    route(Account.LiqPrice, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        world.checkMarginCoin(c, request.marginCoin)
        const account = accountOf(context)
        const leverage = world.leverageFor(world.settingsOf(account, c.symbol, request.marginCoin), request.posSide)
        const price = request.orderType === "limit" ? dec(request.openPrice!) : world.mark(c.symbol)
        const amount = dec(request.openAmount)
        const linear = Contracts.linearCoins.has(request.marginCoin.toUpperCase())
        // The opening's size, as max-open counts it: margin × leverage, in base coin for USDT/USDC.
        const opened = linear
          ? BigDecimal.unsafeDivide(BigDecimal.multiply(amount, leverage), price)
          : BigDecimal.multiply(amount, leverage)
        // Together with what the side already holds: the average entry and the margin add up.
        const held = world.position(account, c.symbol, request.marginCoin, request.posSide)
        const total = BigDecimal.sum(held?.total ?? ZERO, opened)
        const average = BigDecimal.unsafeDivide(
          BigDecimal.sum(
            BigDecimal.multiply(held?.openPriceAvg ?? ZERO, held?.total ?? ZERO),
            BigDecimal.multiply(price, opened)
          ),
          total
        )
        const margin = BigDecimal.sum(held?.margin ?? ZERO, amount)
        const perUnit = linear
          ? BigDecimal.unsafeDivide(margin, total)
          : BigDecimal.unsafeDivide(BigDecimal.multiply(margin, average), total)
        const liq = request.posSide === "long"
          ? BigDecimal.subtract(average, perUnit)
          : BigDecimal.sum(average, perUnit)
        return { liqPrice: places(liq, c.pricePlace) }
      })),
    route(
      Position.AdlRank,
      (request, context) =>
        Effect.sync(() =>
          world.openPositions(accountOf(context), request.productType).map((p) => {
            // The queue ranks by profit on margin times leverage: a position in loss is last (0);
            // the more it earns, the closer to 1 (score / (1 + score)).
            const pnl = world.unrealized(p, world.mark(p.symbol))
            const score = BigDecimal.isPositive(p.margin) && BigDecimal.isPositive(pnl)
              ? BigDecimal.multiply(BigDecimal.unsafeDivide(pnl, p.margin), p.leverage)
              : ZERO
            const rank = places(BigDecimal.unsafeDivide(score, BigDecimal.sum(score, dec("1"))), 4)
            // The deprecated `adlRank` is the complement on Bitget's example (0.2248 beside 0.7752).
            return {
              symbol: p.symbol,
              marginCoin: p.marginCoin,
              rank,
              adlRank: BigDecimal.subtract(dec("1"), rank),
              holdSide: p.holdSide
            }
          })
        )
    )
  ]
}
