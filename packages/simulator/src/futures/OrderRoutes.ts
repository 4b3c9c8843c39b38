/** The futures domain's order routes: place, modify, cancel, batches, close, backhand and queries. */
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import { isOpen, Refusal } from "./Records.js"
import * as Rows from "./Rows.js"
import type { Shared } from "./Shared.js"
import { accountOf, dec, run } from "./Shared.js"
import { canonical } from "./World.js"

export const routes = (shared: Shared): ReadonlyArray<Route> => {
  const { world, orderPage, orderInput, findOrder, notFound, closePosition } = shared
  return [
    // ---- orders ----
    route(Order.PlaceOrder, (request, context) =>
      run(() => {
        const order = world.place(accountOf(context), orderInput(request, request), context.now)
        return { orderId: order.orderId, clientOid: order.clientOid }
      })),
    route(Order.BatchPlaceOrder, (request, context) =>
      Effect.sync(() => {
        const successList: Array<{ orderId: string; clientOid: string }> = []
        const failureList: Array<any> = []
        for (const item of request.orderList) {
          try {
            const order = world.place(accountOf(context), orderInput(request, item), context.now)
            successList.push({ orderId: order.orderId, clientOid: order.clientOid })
          } catch (error) {
            if (!(error instanceof Refusal)) throw error
            failureList.push(
              Rows.compact({ clientOid: item.clientOid, errorMsg: error.msg, errorCode: error.code })
            )
          }
        }
        return { successList, failureList }
      })),
    route(Order.ModifyOrder, (request, context) =>
      run(() => {
        const account = accountOf(context)
        const order = findOrder(account, request, request.symbol)
        if (order === undefined || !isOpen(order)) return notFound()
        if (world.orders.some((o) => o.account === account && o.clientOid === request.newClientOid)) {
          throw new Refusal("43118", "clientOid duplicate")
        }
        const mutable = order as { -readonly [K in keyof typeof order]: (typeof order)[K] }
        if (request.newSize !== undefined) mutable.size = dec(request.newSize)
        if (request.newPrice !== undefined) mutable.price = dec(request.newPrice)
        if (request.newPresetStopSurplusPrice !== undefined) {
          mutable.presetStopSurplusPrice = dec(request.newPresetStopSurplusPrice)
        }
        if (request.newPresetStopLossPrice !== undefined) {
          mutable.presetStopLossPrice = dec(request.newPresetStopLossPrice)
        }
        mutable.clientOid = request.newClientOid
        mutable.uTime = context.now
        // A new price may cross the mark: let the market look at it again.
        world.setMark(order.symbol, world.mark(order.symbol), context.now)
        return { orderId: order.orderId, clientOid: order.clientOid }
      })),
    route(Order.CancelOrder, (request, context) =>
      run(() => {
        const order = findOrder(accountOf(context), request, request.symbol)
        if (order === undefined || !isOpen(order)) return notFound()
        world.cancel(order, context.now, "cancelled by user")
        return { orderId: order.orderId, clientOid: order.clientOid }
      })),
    route(Order.BatchCancelOrders, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const successList: Array<{ orderId: string; clientOid: string }> = []
        const failureList: Array<any> = []
        if (request.orderIdList !== undefined) {
          for (const ref of request.orderIdList) {
            const order = findOrder(account, ref, request.symbol)
            if (order === undefined || !isOpen(order)) {
              failureList.push(Rows.compact({ ...ref, errorMsg: "Order does not exist", errorCode: "40768" }))
            } else {
              world.cancel(order, context.now, "cancelled by user")
              successList.push({ orderId: order.orderId, clientOid: order.clientOid })
            }
          }
        } else {
          for (const order of world.orders) {
            if (
              order.account === account && isOpen(order) && order.productType === canonical(request.productType) &&
              (request.symbol === undefined || order.symbol === request.symbol.toUpperCase())
            ) {
              world.cancel(order, context.now, "cancelled by user")
              successList.push({ orderId: order.orderId, clientOid: order.clientOid })
            }
          }
        }
        return { successList, failureList }
      })),
    route(Order.ClosePositions, (request, context) =>
      run(() => {
        const account = accountOf(context)
        const positions = world.openPositions(account, request.productType).filter((p) =>
          (request.symbol === undefined || p.symbol === request.symbol.toUpperCase()) &&
          (request.holdSide === undefined || p.holdSide === request.holdSide)
        )
        if (positions.length === 0) throw new Refusal("22002", "No position to close")
        const successList: Array<{ orderId: string; clientOid: string; symbol: string }> = []
        const failureList: Array<any> = []
        for (const p of positions) {
          try {
            const order = closePosition(account, p, context.now, "market")
            successList.push({ orderId: order.orderId, clientOid: order.clientOid, symbol: p.symbol })
          } catch (error) {
            if (!(error instanceof Refusal)) throw error
            failureList.push({ symbol: p.symbol, errorMsg: error.msg, errorCode: error.code })
          }
        }
        return { successList, failureList }
      })),
    route(Order.ClickBackhand, (request, context) =>
      run(() => {
        const account = accountOf(context)
        const c = world.contract(request.symbol, request.productType)
        const held = world.positionsOf(account, c.symbol, request.marginCoin)
        const wanted = request.side === undefined ? undefined : request.side === "buy" ? "long" : "short"
        const p = held.find((x) => wanted === undefined || x.holdSide === wanted)
        if (p === undefined) throw new Refusal("22002", "No position to close")
        const hedge = p.posMode === "hedge_mode"
        // Hedge mode reverses `size` when it is below the position's, else (and one-way always) all of it.
        const partial = hedge && request.size !== undefined && BigDecimal.lessThan(dec(request.size), p.total)
        const size = partial ? dec(request.size!) : p.total
        if (partial) {
          world.place(account, {
            symbol: c.symbol,
            productType: c.productType,
            marginCoin: request.marginCoin,
            marginMode: p.marginMode,
            size,
            // Hedge mode closes a long with buy + close (the specification's table).
            side: p.holdSide === "long" ? "buy" : "sell",
            tradeSide: "close",
            orderType: "market",
            orderSource: "reverse"
          }, context.now)
        } else {
          closePosition(account, p, context.now, "reverse")
        }
        const reversed = world.place(account, {
          symbol: c.symbol,
          productType: c.productType,
          marginCoin: request.marginCoin,
          marginMode: p.marginMode,
          size,
          side: p.holdSide === "long" ? "sell" : "buy",
          tradeSide: hedge ? "open" : undefined,
          orderType: "market",
          clientOid: request.clientOid,
          orderSource: "reverse"
        }, context.now)
        return { orderId: reversed.orderId, clientOid: reversed.clientOid }
      })),
    // ---- reading orders ----
    route(OrderQuery.Detail, (request, context) =>
      run(() => {
        const order = findOrder(accountOf(context), request, request.symbol)
        return order === undefined ? notFound() : Rows.orderDetail(order)
      })),
    route(
      OrderQuery.OrdersPending,
      (request, context) =>
        Effect.sync(() =>
          orderPage(context, request, true, (o) => request.status === undefined || o.status === request.status)
        )
    ),
    route(OrderQuery.OrdersHistory, (request, context) =>
      Effect.sync(() =>
        orderPage(
          context,
          request,
          false,
          (o) => request.orderSource === undefined || o.orderSource === request.orderSource
        )
      )),
    route(OrderQuery.Fills, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const rows = Rows.newest(world.fills).filter((f) =>
          f.account === account && f.productType === canonical(request.productType) &&
          (request.symbol === undefined || f.symbol === request.symbol.toUpperCase()) &&
          (request.orderId === undefined || f.orderId === request.orderId)
        )
        const result = Rows.page(rows, (f) => f.tradeId, (f) => f.cTime, request)
        return Rows.compact<any>({ fillList: result.rows.map(Rows.fillRow), endId: result.endId })
      }))
  ]
}
