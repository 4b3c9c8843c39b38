/**
 * The spot domain's trading routes: orders (place, batch, cancel, queries, fills) and plan orders.
 */
import * as PlanOrder from "@effect-bitget/spot/PlanOrder"
import * as Trade from "@effect-bitget/spot/Trade"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import { codes, reject } from "../Rejection.js"
import * as Ops from "./Operations.js"
import * as Paging from "./Paging.js"
import * as Rows from "./Rows.js"
import type { Order, Plan, World } from "./World.js"

const orderRule = { id: (o: Order) => o.orderId, time: (o: Order) => o.cTime, limit: 100 }
const planRule = { id: (p: Plan) => p.orderId, time: (p: Plan) => p.cTime, limit: 100 }

const planPage = (page: ReadonlyArray<Plan>, limit: number) => {
  const last = page[page.length - 1]
  const data: { nextFlag: boolean; idLessThan?: string; orderList: Array<PlanOrder.PlanOrder> } = {
    nextFlag: page.length === limit,
    orderList: page.map(Rows.plan)
  }
  if (last !== undefined) data.idLessThan = last.orderId
  return data
}

export const tradeRoutes = (world: World): ReadonlyArray<Route> => [
  route(Trade.PlaceOrder, (request, context) =>
    Effect.map(
      world.place({
        uid: Ops.uidOf(context),
        symbol: request.symbol,
        side: request.side,
        orderType: request.orderType,
        force: request.force,
        price: Ops.opt(request.price),
        size: Ops.input(request.size),
        clientOid: request.clientOid
      }, context.now),
      (order) => Ops.placed(order)
    )),
  route(Trade.BatchOrders, (request, context) =>
    Effect.gen(function*() {
      const successList: Array<ReturnType<typeof Ops.success>> = []
      const failureList: Array<ReturnType<typeof Ops.failure>> = []
      for (const item of request.orderList) {
        // Single mode (the default) takes the request's symbol, multiple mode each order's.
        const symbol = request.batchMode === "multiple" ? item.symbol : request.symbol
        const placed = symbol === undefined
          ? yield* Effect.either(reject(codes.parameterEmpty, "symbol cannot be empty"))
          : yield* Effect.either(world.place({
            uid: Ops.uidOf(context),
            symbol,
            side: item.side,
            orderType: item.orderType,
            force: item.force,
            price: Ops.opt(item.price),
            size: Ops.input(item.size),
            clientOid: item.clientOid
          }, context.now))
        if (placed._tag === "Right") successList.push(Ops.success(placed.right))
        else failureList.push(Ops.failure(placed.left, { clientOid: item.clientOid }))
      }
      return { successList, failureList }
    })),
  route(
    Trade.CancelOrder,
    (request, context) =>
      Effect.map(world.cancel(Ops.uidOf(context), request.orderId, request.clientOid, context.now), Ops.success)
  ),
  route(Trade.CancelSymbolOrder, (request, context) => {
    const uid = Ops.uidOf(context)
    for (const order of world.orders.values()) {
      if (order.uid === uid && order.account === "spot" && order.symbol === request.symbol && Ops.isOpen(order)) {
        Effect.runSync(Effect.either(world.cancel(uid, order.orderId, undefined, context.now)))
      }
    }
    return Effect.succeed({ symbol: request.symbol })
  }),
  route(Trade.BatchCancelOrder, (request, context) =>
    Effect.gen(function*() {
      const successList: Array<ReturnType<typeof Ops.success>> = []
      const failureList: Array<ReturnType<typeof Ops.failure>> = []
      for (const item of request.orderList) {
        // Single mode (the default) cancels orders of the request's symbol, multiple mode each item's.
        const symbol = request.batchMode === "multiple" ? item.symbol : request.symbol
        const order = world.find(Ops.uidOf(context), item.orderId, item.clientOid)
        const done = order !== undefined && order.symbol !== symbol
          ? yield* Effect.either(reject(codes.orderNotFound, "Order does not exist"))
          : yield* Effect.either(world.cancel(Ops.uidOf(context), item.orderId, item.clientOid, context.now))
        if (done._tag === "Right") successList.push(Ops.success(done.right))
        else failureList.push(Ops.failure(done.left, item))
      }
      return { successList, failureList }
    })),
  route(Trade.OrderInfo, (request, context) => {
    const order = world.find(Ops.uidOf(context), request.orderId, request.clientOid)
    return order === undefined
      ? reject(codes.orderNotFound, "Order does not exist")
      : Effect.succeed([Rows.order(order)])
  }),
  route(Trade.UnfilledOrders, (request, context) => {
    const uid = Ops.uidOf(context)
    const rows = [...world.orders.values()].filter((o) =>
      o.uid === uid && o.account === "spot" && Ops.isOpen(o) &&
      (request.symbol === undefined || o.symbol === request.symbol) &&
      (request.orderId === undefined || o.orderId === request.orderId)
    )
    return Effect.succeed(Paging.byCursor(rows, orderRule, request).map(Rows.openOrder))
  }),
  route(Trade.HistoryOrders, (request, context) => {
    const uid = Ops.uidOf(context)
    const rows = [...world.orders.values()].filter((o) =>
      o.uid === uid && o.account === "spot" && !Ops.isOpen(o) &&
      (request.symbol === undefined || o.symbol === request.symbol) &&
      (request.orderId === undefined || o.orderId === request.orderId)
    )
    return Effect.succeed(Paging.byCursor(rows, orderRule, request).map(Rows.order))
  }),
  route(Trade.Fills, (request, context) => {
    const uid = Ops.uidOf(context)
    const rows = world.fills.filter((f) =>
      f.uid === uid && f.account === "spot" && (request.symbol === undefined || f.symbol === request.symbol) &&
      (request.orderId === undefined || f.orderId === request.orderId)
    )
    return Effect.succeed(
      Paging.byCursor(rows, { id: (f) => f.tradeId, time: (f) => f.cTime, limit: 100 }, request).map(Rows.fill)
    )
  })
]

export const planRoutes = (world: World): ReadonlyArray<Route> => [
  route(
    PlanOrder.PlacePlanOrder,
    (request, context) => Effect.map(Ops.placePlan(world, Ops.uidOf(context), request, context.now), Ops.placed)
  ),
  route(
    PlanOrder.ModifyPlanOrder,
    (request, context) =>
      Effect.map(Ops.findPlan(world, Ops.uidOf(context), request.orderId, request.clientOid), (plan) => {
        plan.triggerPrice = Ops.input(request.triggerPrice)
        plan.orderType = request.orderType
        plan.executePrice = Ops.opt(request.executePrice)
        plan.size = Ops.input(request.size)
        plan.uTime = context.now
        const price = world.prices.get(plan.symbol)
        if (price !== undefined) plan.direction = BD.greaterThanOrEqualTo(plan.triggerPrice, price) ? "up" : "down"
        return Ops.success(plan)
      })
  ),
  route(
    PlanOrder.CancelPlanOrder,
    (request, context) =>
      Effect.map(Ops.findPlan(world, Ops.uidOf(context), request.orderId, request.clientOid), (plan) => {
        plan.status = "cancelled"
        plan.uTime = context.now
        return { result: "success" }
      })
  ),
  route(PlanOrder.BatchCancelPlanOrder, (request, context) => {
    const uid = Ops.uidOf(context)
    const successList: Array<ReturnType<typeof Ops.success>> = []
    for (const plan of world.plans.values()) {
      if (plan.uid !== uid || plan.status !== "not_trigger") continue
      if (request.symbolList !== undefined && !request.symbolList.includes(plan.symbol)) continue
      plan.status = "cancelled"
      plan.uTime = context.now
      successList.push(Ops.success(plan))
    }
    return Effect.succeed({ successList, failureList: [] })
  }),
  route(PlanOrder.CurrentPlanOrder, (request, context) => {
    const uid = Ops.uidOf(context)
    const rows = [...world.plans.values()].filter((p) =>
      p.uid === uid && p.status === "not_trigger" && p.symbol === request.symbol
    )
    // 20 a page unless asked (https://www.bitget.com/api-doc/spot/plan/Get-Current-Plan-Order).
    const limit = request.limit ?? 20
    return Effect.succeed(planPage(Paging.byCursor(rows, { ...planRule, limit }, request), limit))
  }),
  route(PlanOrder.HistoryPlanOrder, (request, context) => {
    const uid = Ops.uidOf(context)
    const rows = [...world.plans.values()].filter((p) =>
      p.uid === uid && p.status !== "not_trigger" && p.symbol === request.symbol
    )
    return Effect.succeed(planPage(Paging.byCursor(rows, planRule, request), request.limit ?? 100))
  })
]
