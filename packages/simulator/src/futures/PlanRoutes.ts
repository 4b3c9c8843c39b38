/** The futures domain's plan-order routes: trigger orders, trailing stops and their sub orders. */
import * as PlanOrder from "@effect-bitget/futures/PlanOrder"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import { type Plan, Refusal } from "./Records.js"
import * as Rows from "./Rows.js"
import type { Shared } from "./Shared.js"
import { accountOf, dec, opt, run } from "./Shared.js"
import { canonical } from "./World.js"

/** The plan lists' `planType`: `profit_loss` stands for every take-profit / stop-loss plan type. */
const ofPlanType = (plan: Plan, planType: string) =>
  planType === "profit_loss"
    ? plan.planType !== "normal_plan" && plan.planType !== "track_plan"
    : plan.planType === planType

export const routes = (shared: Shared): ReadonlyArray<Route> => {
  const { world, orderInput, findPlan, notFound } = shared
  return [
    // ---- plan orders ----
    route(PlanOrder.PlacePlanOrder, (request, context) =>
      run(() => {
        const plan = world.placePlan(accountOf(context), {
          ...orderInput(request, { ...request, presetStopSurplusPrice: undefined, presetStopLossPrice: undefined }),
          planType: request.planType,
          triggerPrice: dec(request.triggerPrice),
          triggerType: request.triggerType,
          callbackRatio: opt(request.callbackRatio),
          tpsl: {
            stopSurplusTriggerPrice: opt(request.stopSurplusTriggerPrice),
            stopSurplusExecutePrice: opt(request.stopSurplusExecutePrice),
            stopSurplusTriggerType: request.stopSurplusTriggerType,
            stopLossTriggerPrice: opt(request.stopLossTriggerPrice),
            stopLossExecutePrice: opt(request.stopLossExecutePrice),
            stopLossTriggerType: request.stopLossTriggerType
          }
        }, context.now)
        return { orderId: plan.orderId, clientOid: plan.clientOid }
      })),
    route(PlanOrder.PlaceTpslOrder, (request, context) =>
      run(() => {
        const plan = world.placeTpsl(accountOf(context), {
          symbol: request.symbol,
          productType: request.productType,
          marginCoin: request.marginCoin,
          planType: request.planType,
          triggerPrice: dec(request.triggerPrice),
          triggerType: request.triggerType,
          executePrice: opt(request.executePrice),
          holdSide: request.holdSide,
          size: opt(request.size),
          rangeRate: opt(request.rangeRate),
          clientOid: request.clientOid
        }, context.now)
        return { orderId: plan.orderId, clientOid: plan.clientOid }
      })),
    route(PlanOrder.PlacePosTpsl, (request, context) =>
      run(() => {
        const account = accountOf(context)
        const oids = [request.stopSurplusClientOid, request.stopLossClientOid].filter((o) => o !== undefined)
        // Both clientOids are checked before either plan is placed: all or nothing.
        const taken = world.plans.some((p) => p.account === account && oids.includes(p.clientOid))
        if (taken || (oids.length === 2 && oids[0] === oids[1])) throw new Refusal("43118", "clientOid duplicate")
        const sides = [
          {
            trigger: request.stopSurplusTriggerPrice,
            size: request.stopSurplusSize,
            type: request.stopSurplusTriggerType,
            execute: request.stopSurplusExecutePrice,
            clientOid: request.stopSurplusClientOid,
            sized: "profit_plan",
            whole: "pos_profit"
          },
          {
            trigger: request.stopLossTriggerPrice,
            size: request.stopLossSize,
            type: request.stopLossTriggerType,
            execute: request.stopLossExecutePrice,
            clientOid: request.stopLossClientOid,
            sized: "loss_plan",
            whole: "pos_loss"
          }
        ] as const
        return sides.filter((side) => side.trigger !== undefined).map((side) => {
          const plan = world.placeTpsl(account, {
            symbol: request.symbol,
            productType: request.productType,
            marginCoin: request.marginCoin,
            planType: side.size === undefined ? side.whole : side.sized,
            triggerPrice: dec(side.trigger!),
            triggerType: side.type,
            executePrice: opt(side.execute),
            holdSide: request.holdSide,
            size: opt(side.size),
            rangeRate: undefined,
            clientOid: side.clientOid
          }, context.now)
          return side.sized === "profit_plan"
            ? { orderId: plan.orderId, stopSurplusClientOid: plan.clientOid }
            : { orderId: plan.orderId, stopLossClientOid: plan.clientOid }
        })
      })),
    route(PlanOrder.ModifyPlanOrder, (request, context) =>
      run(() => {
        const plan = findPlan(accountOf(context), request)
        if (plan === undefined || plan.status !== "live" || plan.planType !== request.planType) return notFound()
        if (request.newSize !== undefined) plan.size = dec(request.newSize)
        if (request.newPrice !== undefined) plan.price = dec(request.newPrice)
        if (request.newCallbackRatio !== undefined) plan.callbackRatio = dec(request.newCallbackRatio)
        if (request.newTriggerType !== undefined) plan.triggerType = request.newTriggerType
        if (request.newTriggerPrice !== undefined) {
          plan.triggerPrice = dec(request.newTriggerPrice)
          plan.direction = BigDecimal.greaterThan(plan.triggerPrice, world.mark(plan.symbol)) ? "up" : "down"
        }
        plan.uTime = context.now
        return { orderId: plan.orderId, clientOid: plan.clientOid }
      })),
    route(PlanOrder.CancelPlanOrder, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const successList: Array<{ orderId: string; clientOid: string }> = []
        const failureList: Array<any> = []
        if (request.orderIdList !== undefined) {
          for (const ref of request.orderIdList) {
            const plan = findPlan(account, ref)
            if (plan === undefined || plan.status !== "live") {
              failureList.push(Rows.compact({ ...ref, errorMsg: "Order does not exist", errorCode: "40768" }))
            } else {
              world.cancelPlan(plan, context.now)
              successList.push({ orderId: plan.orderId, clientOid: plan.clientOid })
            }
          }
        } else {
          for (const plan of world.plans) {
            if (
              plan.account === account && plan.status === "live" &&
              plan.productType === canonical(request.productType) &&
              (request.symbol === undefined || plan.symbol === request.symbol.toUpperCase()) &&
              // Bitget's default planType is normal_plan: TP/SL and trailing plans stay.
              plan.planType === (request.planType ?? "normal_plan")
            ) {
              world.cancelPlan(plan, context.now)
              successList.push({ orderId: plan.orderId, clientOid: plan.clientOid })
            }
          }
        }
        return { successList, failureList }
      })),
    route(PlanOrder.OrdersPlanPending, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const rows = Rows.newest(world.plans).filter((p) =>
          p.account === account && p.status === "live" && ofPlanType(p, request.planType) &&
          p.productType === canonical(request.productType) &&
          (request.symbol === undefined || p.symbol === request.symbol.toUpperCase()) &&
          (request.orderId === undefined || p.orderId === request.orderId) &&
          (request.clientOid === undefined || p.clientOid === request.clientOid)
        )
        const result = Rows.page(rows, (p) => p.orderId, (p) => p.cTime, request)
        return Rows.compact<any>({ entrustedList: result.rows.map(Rows.planRow), endId: result.endId })
      })),
    route(PlanOrder.OrdersPlanHistory, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const rows = Rows.newest(world.plans).filter((p) =>
          p.account === account && p.status !== "live" && ofPlanType(p, request.planType) &&
          p.productType === canonical(request.productType) &&
          (request.planStatus === undefined || p.status === request.planStatus) &&
          (request.symbol === undefined || p.symbol === request.symbol.toUpperCase()) &&
          (request.orderId === undefined || p.orderId === request.orderId) &&
          (request.clientOid === undefined || p.clientOid === request.clientOid)
        )
        const result = Rows.page(rows, (p) => p.orderId, (p) => p.cTime, request)
        return Rows.compact<any>({
          entrustedList: result.rows.map((p) => Rows.historyPlanRow(world, p)),
          endId: result.endId
        })
      })),
    route(PlanOrder.PlanSubOrder, (request, context) =>
      run(() => {
        const plan = findPlan(accountOf(context), { orderId: request.planOrderId })
        if (plan === undefined || plan.planType !== request.planType || plan.productType !== request.productType) {
          return notFound()
        }
        return plan.subOrders.map((s) => Rows.compact<any>({ ...s }))
      }))
  ]
}
