/**
 * V3 strategy orders of a unified account. A `tpsl` order is one V3 order over up to two of the
 * futures world's TP/SL plans (its take-profit and its stop-loss), so it fires on the same mark
 * price V2's plans watch; a futures `trigger` order is one of the world's trigger plans. Spot and
 * margin trigger orders are not simulated (25002, "unsupported operation").
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Strategy from "@effect-bitget/unified/Strategy"
import type * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { type Context, MAIN_UID, type Route, route } from "../Domain.js"
import type { Plan } from "../futures/Records.js"
import { compact, futuresId, inFutures, page, refuse, time, type UnifiedOrders } from "./Orders.js"

type BD = BigDecimal.BigDecimal
const uidOf = (context: Context) => context.account?.uid ?? MAIN_UID
const dec = (value: BD | string | undefined) => value === undefined ? undefined : Decimal.toBigDecimal(value)
const triggerType = (by: string | undefined) => by === "mark" ? "mark_price" : "fill_price"

interface Record {
  readonly orderId: string
  readonly clientOid: string
  readonly uid: string
  readonly category: string
  readonly symbol: string
  readonly type: "tpsl" | "trigger"
  readonly request: Strategy.PlaceStrategyOrderRequest
  readonly plans: Array<Plan>
  cancelled: boolean
  readonly cTime: number
  uTime: number
}

/** One V3 order: once one leg fired, the other is done too (a take-profit and a stop-loss are one-cancels-other). */
const open = (record: Record) =>
  !record.cancelled && !record.plans.some((plan) => plan.status === "executed") &&
  record.plans.some((plan) => plan.status === "live")

const status = (record: Record) =>
  record.cancelled
    ? "cancelled"
    : record.plans.some((plan) => plan.status === "executed")
    ? "success"
    : record.plans.every((plan) => plan.status === "fail_trigger")
    ? "failed"
    : "pending"

export const strategyRoutes = (orders: UnifiedOrders): ReadonlyArray<Route> => {
  const world = orders.futures
  const records: Array<Record> = []
  // When one leg of a TP/SL fires, the other is cancelled in the world too (it must never fire later).
  world.markListeners.push((_symbol, _mark, now) => {
    for (const record of records) {
      if (!record.plans.some((plan) => plan.status === "executed")) continue
      for (const plan of record.plans) if (plan.status === "live") world.cancelPlan(plan, now)
    }
  })
  const find = (
    uid: string,
    request: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }
  ) =>
    records.find((r) =>
      r.uid === uid &&
      (request.orderId !== undefined ? r.orderId === request.orderId : r.clientOid === request.clientOid)
    )
  const row = (record: Record): any => {
    const r = record.request
    return compact({
      orderId: record.orderId,
      clientOid: record.clientOid,
      category: record.category,
      symbol: record.symbol,
      type: record.type,
      qty: dec(r.qty) ?? record.plans[0]?.size,
      side: r.side,
      posSide: r.posSide,
      status: status(record),
      tpTriggerBy: r.tpTriggerBy,
      slTriggerBy: r.slTriggerBy,
      takeProfit: dec(r.takeProfit),
      stopLoss: dec(r.stopLoss),
      tpOrderType: r.tpOrderType,
      slOrderType: r.slOrderType,
      tpLimitPrice: dec(r.tpLimitPrice),
      slLimitPrice: dec(r.slLimitPrice),
      triggerBy: r.triggerBy,
      triggerPrice: dec(r.triggerPrice),
      triggerOrderType: r.triggerOrderType,
      triggerOrderPrice: dec(r.triggerOrderPrice),
      createdTime: time(record.cTime),
      updatedTime: time(record.uTime)
    })
  }
  orders.strategyOrders = (uid) =>
    records.filter((r) => r.uid === uid).map((r) => ({
      row: row(r),
      reduceOnly: r.request.reduceOnly,
      signature: `${status(r)}|${r.uTime}`
    }))
  return [
    route(Strategy.PlaceStrategyOrder, (request, context) => {
      const uid = uidOf(context)
      const clientOid = request.clientOid ?? orders.spot.id()
      if (records.some((r) => r.uid === uid && r.clientOid === clientOid)) return refuse("25212", "Duplicate clientOid")
      if (!request.category.endsWith("FUTURES")) return refuse("25002", "Unsupported operation for this category")
      return inFutures(() => {
        const contract = world.contract(request.symbol, request.category)
        const marginCoin = contract.marginCoins[0]!
        const plans: Array<Plan> = []
        if (request.type === "trigger") {
          const mode = world.posMode(uid, contract.productType)
          plans.push(world.placePlan(uid, {
            symbol: contract.symbol,
            productType: contract.productType,
            marginCoin,
            marginMode: world.settingsOf(uid, contract.symbol, marginCoin).marginMode,
            size: dec(request.qty)!,
            price: dec(request.triggerOrderPrice),
            side: mode === "hedge_mode" && request.posSide !== undefined
              ? request.posSide === "long" ? "buy" : "sell"
              : request.side!,
            tradeSide: mode === "hedge_mode" && request.posSide !== undefined
              ? (request.side === "buy") === (request.posSide === "long") ? "open" : "close"
              : undefined,
            orderType: request.triggerOrderType ?? "market",
            reduceOnly: request.reduceOnly,
            planType: "normal_plan",
            triggerPrice: dec(request.triggerPrice)!,
            triggerType: triggerType(request.triggerBy),
            tpsl: {}
          }, context.now))
        } else {
          const partial = request.tpslMode === "partial"
          const legs = [
            [request.takeProfit, partial ? "profit_plan" : "pos_profit", request.tpTriggerBy, request.tpLimitPrice],
            [request.stopLoss, partial ? "loss_plan" : "pos_loss", request.slTriggerBy, request.slLimitPrice]
          ] as const
          for (const [price, planType, by, limit] of legs) {
            if (price === undefined) continue
            plans.push(world.placeTpsl(uid, {
              symbol: contract.symbol,
              productType: contract.productType,
              marginCoin,
              planType,
              triggerPrice: dec(price)!,
              triggerType: triggerType(by),
              executePrice: dec(limit),
              holdSide: request.posSide!,
              size: dec(request.qty),
              rangeRate: undefined,
              clientOid: undefined
            }, context.now))
          }
        }
        const record: Record = {
          orderId: futuresId(plans[0]!.orderId),
          clientOid,
          uid,
          category: contract.productType,
          symbol: contract.symbol,
          type: request.type ?? "tpsl",
          request,
          plans,
          cancelled: false,
          cTime: context.now,
          uTime: context.now
        }
        records.push(record)
        return { orderId: record.orderId, clientOid }
      })
    }),
    route(Strategy.ModifyStrategyOrder, (request, context) => {
      const record = find(uidOf(context), request)
      if (record === undefined || !open(record)) return refuse("25204", "Order does not exist")
      const r = record.request as { -readonly [K in keyof Strategy.PlaceStrategyOrderRequest]: unknown }
      for (const key of Object.keys(request) as Array<keyof typeof request>) {
        if (key !== "orderId" && key !== "clientOid" && request[key] !== undefined) (r as any)[key] = request[key]
      }
      for (const plan of record.plans) {
        const mutable = plan as { -readonly [K in keyof Plan]: Plan[K] }
        mutable.size = dec(request.qty)!
        const price = plan.planType.includes("profit") ? request.takeProfit : plan.planType.includes("loss")
          ? request.stopLoss
          : request.triggerPrice
        if (price !== undefined) mutable.triggerPrice = dec(price)!
        mutable.uTime = context.now
      }
      record.uTime = context.now
      return Effect.succeed({ orderId: record.orderId, clientOid: record.clientOid })
    }),
    route(Strategy.CancelStrategyOrder, (request, context) => {
      const record = find(uidOf(context), request)
      if (record === undefined || !open(record)) return refuse("25204", "Order does not exist")
      for (const plan of record.plans) if (plan.status === "live") world.cancelPlan(plan, context.now)
      record.cancelled = true
      record.uTime = context.now
      return Effect.succeed({ orderId: record.orderId, clientOid: record.clientOid })
    }),
    route(Strategy.UnfilledStrategyOrders, (request, context) => {
      const uid = uidOf(context)
      return Effect.succeed(
        records.filter((r) =>
          r.uid === uid && open(r) && r.category === request.category &&
          (request.type === undefined || r.type === request.type)
        ).reverse().map(row)
      )
    }),
    route(Strategy.HistoryStrategyOrders, (request, context) => {
      const uid = uidOf(context)
      const rows = records.filter((r) =>
        r.uid === uid && !open(r) && r.category === request.category &&
        (request.type === undefined || r.type === request.type)
      )
      const result = page(rows, (r) => r.orderId, (r) => r.cTime, request)
      return Effect.succeed(compact({ list: result.list.map(row), cursor: result.cursor }))
    })
  ]
}
