/**
 * The V3 trade routes of a unified account (`/api/v3/trade/*`, max-open-available): orders placed
 * through the same spot and futures matching and price path V2 uses (see `Orders.ts`), answered
 * with V3's fields and 25xxx codes.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Trade from "@effect-bitget/unified/Trade"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { type Context, MAIN_UID, type Route, route } from "../Domain.js"
import type { Rejection } from "../Rejection.js"
import { placed } from "../spot/Operations.js"
import { compact, isOpen, page, type Ref, refuse, type UnifiedOrders } from "./Orders.js"

const uidOf = (context: Context) => context.account?.uid ?? MAIN_UID
const dec = (value: BigDecimal.BigDecimal | string | undefined) =>
  value === undefined ? undefined : Decimal.toBigDecimal(value)

type Item = { _tag: "Succeeded"; orderId?: string; clientOid?: string } | {
  _tag: "Failed"
  orderId?: string
  clientOid?: string
  code: string
  msg: string
}

const succeeded = (ref: Ref): Item => ({ _tag: "Succeeded", orderId: ref.id, clientOid: ref.order.clientOid! })
const failed = (rejection: Rejection, ids: { orderId?: string | undefined; clientOid?: string | undefined }): Item =>
  compact({ _tag: "Failed", ...ids, code: rejection.code, msg: rejection.msg })

/** Each item on its own: a refusal is that item's `Failed`, never the whole answer's error. */
const each = <A>(items: ReadonlyArray<A>, one: (item: A) => Effect.Effect<Item, never>) => Effect.forEach(items, one)

export const tradeRoutes = (orders: UnifiedOrders): ReadonlyArray<Route> => {
  /** The cancel-all countdown is looked at before every trade request of the account. */
  const at = (context: Context) => {
    const uid = uidOf(context)
    orders.expire(uid, context.now)
    return uid
  }
  const ids = (ref: Ref): { orderId: string; clientOid?: string } =>
    compact({ orderId: ref.id, clientOid: ref.order.clientOid })
  const byId = (
    uid: string,
    request: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }
  ): Effect.Effect<Ref, Rejection> => {
    const ref = orders.find(uid, request.orderId, request.clientOid)
    return ref === undefined ? refuse("25204", "Order does not exist") : Effect.succeed(ref)
  }
  return [
    route(
      Trade.PlaceOrder,
      (request, context) => Effect.map(orders.place(at(context), request, context.now), (ref) => placed(ids(ref)))
    ),
    route(Trade.PlaceBatch, (request, context) => {
      const uid = at(context)
      return each(request, (item) =>
        orders.place(uid, item, context.now).pipe(
          Effect.map(succeeded),
          Effect.catchAll((rejection) => Effect.succeed(failed(rejection, { clientOid: item.clientOid })))
        ))
    }),
    route(Trade.ModifyOrder, (request, context) => {
      const uid = at(context)
      return byId(uid, request).pipe(
        Effect.flatMap((ref) =>
          orders.amend(uid, ref, dec(request.qty), dec(request.price), context.now).pipe(
            Effect.catchAll((rejection) =>
              request.autoCancel === true
                ? Effect.zipRight(Effect.either(orders.cancel(uid, ref, context.now)), Effect.fail(rejection))
                : Effect.fail(rejection)
            )
          )
        ),
        Effect.map(ids)
      )
    }),
    route(Trade.BatchModifyOrder, (request, context) => {
      const uid = at(context)
      return each(request, (item) =>
        byId(uid, item).pipe(
          Effect.flatMap((ref) => orders.amend(uid, ref, dec(item.qty), dec(item.price), context.now)),
          Effect.map(succeeded),
          Effect.catchAll((rejection) =>
            Effect.succeed(failed(rejection, { orderId: item.orderId, clientOid: item.clientOid }))
          )
        ))
    }),
    route(Trade.CancelOrder, (request, context) => {
      const uid = at(context)
      return byId(uid, request).pipe(Effect.flatMap((ref) => orders.cancel(uid, ref, context.now)), Effect.map(ids))
    }),
    route(Trade.CancelBatch, (request, context) => {
      const uid = at(context)
      return each(request, (item) =>
        byId(uid, item).pipe(
          Effect.filterOrElse(
            (ref) => ref.category === item.category && ref.order.symbol === item.symbol.toUpperCase(),
            () => refuse("25204", "Order does not exist")
          ),
          Effect.flatMap((ref) => orders.cancel(uid, ref, context.now)),
          Effect.map(succeeded),
          Effect.catchAll((rejection) =>
            Effect.succeed(failed(rejection, { orderId: item.orderId, clientOid: item.clientOid }))
          )
        ))
    }),
    route(Trade.CancelSymbolOrder, (request, context) => {
      const uid = at(context)
      const open = orders.all(uid).filter((ref) =>
        isOpen(ref) && ref.category === request.category &&
        (request.symbol === undefined || ref.order.symbol === request.symbol.toUpperCase())
      )
      return Effect.map(
        each(open, (ref) =>
          orders.cancel(uid, ref, context.now).pipe(
            Effect.map(succeeded),
            Effect.catchAll((rejection) => Effect.succeed(failed(rejection, ids(ref))))
          )),
        (list) => ({ list })
      )
    }),
    route(Trade.ClosePositions, (request, context) => {
      const uid = at(context)
      const held = orders.control.ledger.positions(uid).filter((p) =>
        p.productType === request.category &&
        (request.symbol === undefined || p.symbol === request.symbol.toUpperCase()) &&
        (request.posSide === undefined || p.holdSide === request.posSide)
      )
      if (held.length === 0) return refuse("25227", "No position to close")
      return Effect.map(
        each(held, (p) =>
          orders.place(uid, {
            category: p.productType,
            symbol: p.symbol,
            qty: p.total,
            side: p.holdSide === "long" ? "sell" : "buy",
            orderType: "market",
            ...(p.posMode === "hedge_mode" ? { posSide: p.holdSide } : { reduceOnly: true })
          }, context.now).pipe(
            Effect.map(succeeded),
            Effect.catchAll((rejection) => Effect.succeed(failed(rejection, {})))
          )),
        (list) => ({ list })
      )
    }),
    route(Trade.CountdownCancelAll, (request, context) => {
      const uid = at(context)
      if (request.countdown === 0) orders.deadlines.delete(uid)
      else orders.deadlines.set(uid, context.now + request.countdown * 1000)
      return Effect.succeed("success")
    }),
    route(Trade.OrderInfo, (request, context) => Effect.map(byId(at(context), request), (ref) => orders.row(ref))),
    route(Trade.UnfilledOrders, (request, context) => {
      const rows = orders.all(at(context)).filter((ref) =>
        isOpen(ref) && (request.category === undefined || ref.category === request.category) &&
        (request.symbol === undefined || ref.order.symbol === request.symbol.toUpperCase())
      )
      const result = page(rows, (ref) => ref.id, (ref) => ref.order.cTime, request)
      return Effect.succeed(compact({ list: result.list.map((ref) => orders.row(ref)), cursor: result.cursor }))
    }),
    route(Trade.HistoryOrders, (request, context) => {
      const rows = orders.all(at(context)).filter((ref) =>
        !isOpen(ref) && ref.category === request.category &&
        (request.symbol === undefined || ref.order.symbol === request.symbol.toUpperCase())
      )
      const result = page(rows, (ref) => ref.id, (ref) => ref.order.cTime, request)
      return Effect.succeed(compact({ list: result.list.map((ref) => orders.row(ref)), cursor: result.cursor }))
    }),
    route(Trade.Fills, (request, context) => {
      const rows = orders.fills(at(context)).filter((fill) =>
        (request.category === undefined || fill.category === request.category) &&
        (request.orderId === undefined || fill.row.orderId === request.orderId)
      )
      const result = page(rows, (fill) => fill.id, (fill) => fill.at, request)
      return Effect.succeed(compact({ list: result.list.map((fill) => fill.row), cursor: result.cursor }))
    }),
    route(Trade.MaxOpenAvailable, (request, context) => {
      const uid = uidOf(context)
      const ledger = orders.control.ledger
      return Effect.suspend(() => {
        const futures = request.category.endsWith("FUTURES")
        const price = dec(request.price) ?? (futures
          ? orders.futures.mark(request.symbol)
          : orders.spot.prices.get(request.symbol.toUpperCase()))
        if (price === undefined) return refuse("25100", `symbol ${request.symbol} does not exist`)
        const quote = futures ? orders.futures.contract(request.symbol).marginCoins[0]! : "USDT"
        const base = request.symbol.toUpperCase().replace(/USDT$|USDC$|USD$/, "")
        const cash = ledger.balance(uid, quote).available
        const leverage = futures
          ? orders.futures.settingsOf(uid, request.symbol.toUpperCase(), quote).crossLeverage
          : BigDecimal.fromBigInt(1n)
        const scale = (value: BigDecimal.BigDecimal) => BigDecimal.normalize(BigDecimal.scale(value, 8))
        const maxBuy = scale(BigDecimal.unsafeDivide(BigDecimal.multiply(cash, leverage), price))
        const maxSell = futures ? maxBuy : scale(ledger.balance(uid, base).available)
        const cost = request.size === undefined
          ? undefined
          : scale(BigDecimal.unsafeDivide(BigDecimal.multiply(dec(request.size)!, price), leverage))
        return Effect.succeed(compact({
          available: scale(cash),
          maxOpen: request.side === "buy" ? maxBuy : maxSell,
          buyOpenCost: cost,
          sellOpenCost: cost,
          maxBuyOpen: maxBuy,
          maxSellOpen: maxSell
        }))
      })
    })
  ]
}
