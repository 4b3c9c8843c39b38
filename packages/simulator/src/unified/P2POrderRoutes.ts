/**
 * The V3 P2P marketplace's order and account routes: orders as each side sees them (its own side,
 * the other's nickname, the merchant's fee), paid and released through `P2PBook`; the profile,
 * currencies, payment methods and P2P balance of the caller.
 */
import * as P2PMerchant from "@effect-bitget/unified/P2PMerchant"
import * as P2POrders from "@effect-bitget/unified/P2POrders"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import type { Accounts } from "../Accounts.js"
import { type Route, route } from "../Domain.js"
import { reject } from "../Rejection.js"
import type { Funds } from "./Funds.js"
import { codes, dec, type Order, type P2PBook } from "./P2PBook.js"
import {
  AD_MAX,
  at,
  DAY,
  FIATS,
  given,
  inWindow,
  type Market,
  METHODS,
  ms,
  page,
  PAY_TIMES,
  RATIO_MAX,
  RATIO_MIN,
  round,
  TOKENS
} from "./P2PMarket.js"

export const orderRoutes = (book: P2PBook, funds: Funds, accounts: Accounts, m: Market): ReadonlyArray<Route> => {
  const { methods, rate, uidOf } = m
  const row = (uid: string, order: Order) => {
    const buying = order.buyer === uid
    return {
      orderId: order.orderId,
      side: buying ? "buy" as const : "sell" as const,
      token: order.token,
      fiat: order.fiat,
      price: order.price,
      amount: order.amount,
      quantity: order.quantity,
      fee: order.merchant === uid ? order.fee : dec("0"),
      counterparty: book.nickName(buying ? order.seller : order.buyer),
      status: order.status,
      createdTime: at(order.createdTime),
      updatedTime: at(order.updatedTime)
    }
  }
  const mineOrders = (uid: string) => book.orders.filter((o) => o.buyer === uid || o.seller === uid)

  return [
    route(P2POrders.PendingOrders, (request, context) =>
      Effect.sync(() => {
        book.settle(context.now)
        const uid = uidOf(context)
        const rows = mineOrders(uid).map((o) => row(uid, o)).filter((o) =>
          (o.status === "pending_payment" || o.status === "pending_release" || o.status === "in_appeal") &&
          (!given(request.orderId) || o.orderId === request.orderId) &&
          (request.side === undefined || o.side === request.side) && inWindow(ms(o.createdTime)!, request)
        )
        return page(rows, (o) => o.orderId, request.cursor, request.limit)
      })),
    route(P2POrders.AllOrders, (request, context) =>
      Effect.gen(function*() {
        book.settle(context.now)
        // Bitget keeps 90 days (Get-All-Orders page).
        if (request.startTime !== undefined && ms(request.startTime)! < context.now - 90 * DAY) {
          return yield* reject(codes.parameter, "startTime is more than 90 days ago")
        }
        const uid = uidOf(context)
        const rows = mineOrders(uid).map((o) => row(uid, o)).filter((o) =>
          (!given(request.orderId) || o.orderId === request.orderId) &&
          (request.side === undefined || o.side === request.side) &&
          (request.status === undefined || o.status === request.status) && inWindow(ms(o.createdTime)!, request)
        )
        return page(rows, (o) => o.orderId, request.cursor, request.limit)
      })),
    route(
      P2POrders.OrderInfoOf,
      (request, context) =>
        Effect.map(book.order(uidOf(context), request.orderId, context.now), (order) => {
          const uid = uidOf(context)
          const method = methods(order.seller).find((m) => m.payMethodId === order.payMethod.payMethodId)!
          return {
            orderId: order.orderId,
            side: order.buyer === uid ? "buy" as const : "sell" as const,
            token: order.token,
            fiat: order.fiat,
            price: order.price,
            quantity: order.quantity,
            amount: order.amount,
            status: order.status,
            advId: order.advId,
            remark: book.ads.find((a) => a.advId === order.advId)?.remark ?? "",
            orderCancelCountdown: order.status === "pending_payment"
              ? Math.max(0, Math.floor((order.deadline - context.now) / 1000))
              : 0,
            fee: order.merchant === uid ? order.fee : dec("0"),
            verifyCapital: false,
            payMethodDetail: {
              payMethodId: method.payMethodId,
              payMethodName: method.payMethodName,
              payMethodUserName: method.payMethodUserName,
              postscript: "",
              payMethodInfo: method.payMethodInfo
            },
            sellUserInfo: { nickName: book.nickName(order.seller) },
            buyUserInfo: { nickName: book.nickName(order.buyer) },
            createdTime: at(order.createdTime),
            updatedTime: at(order.updatedTime)
          }
        })
    ),
    route(
      P2POrders.Pay,
      (request, context) => Effect.as(book.pay(uidOf(context), request.orderId, context.now), "success")
    ),
    route(
      P2POrders.Release,
      (request, context) => Effect.as(book.release(uidOf(context), request.orderId, context.now), "success")
    ),
    route(P2PMerchant.UserInfoOf, (_, context) =>
      Effect.sync(() => {
        book.settle(context.now)
        const uid = uidOf(context)
        const mine = mineOrders(uid)
        const recent = mine.filter((o) => o.createdTime >= context.now - 30 * DAY)
        const done = (list: ReadonlyArray<Order>) => list.filter((o) => o.status === "completed").length
        const ended = recent.filter((o) => o.status === "completed" || o.status === "cancelled").length
        const record = accounts.accounts.get(uid)
        return {
          uid,
          nickName: book.nickName(uid),
          accountLevel: record?.kind === "p2p-merchant" ? "advanced" : "starter",
          completedOrderNum: done(mine),
          positiveRate: dec("1"),
          completedOrderNum30D: done(recent),
          completedRate30D: ended === 0
            ? dec("0")
            : round(BD.unsafeDivide(dec(String(done(recent))), dec(String(ended))), 4),
          avgPayTime30D: dec("0"),
          avgReleaseTime30D: dec("0"),
          equityDetail: {
            maxAdvSellNum: 10,
            maxAdvSellLimit: AD_MAX,
            maxAdvBuyNum: 10,
            maxAdvBuyLimit: AD_MAX,
            totalMaxPendingOrder: 20,
            advMaxPendingOrder: 5
          },
          registerTime: at(record?.createdAt ?? 0)
        }
      })),
    route(P2PMerchant.Currencies, () =>
      Effect.succeed({
        tokenDetailList: TOKENS.map(([token, precision]) => ({ token, precision })),
        fiatDetailList: Object.entries(FIATS).map(([fiat, terms]) => ({
          fiat,
          precision: 2,
          floatRateMin: RATIO_MIN,
          floatRateMax: RATIO_MAX,
          // A fixed price's bounds, for USDT.
          fixedRateMin: round(BD.multiply(rate("USDT", fiat), RATIO_MIN), 2),
          fixedRateMax: round(BD.multiply(rate("USDT", fiat), RATIO_MAX), 2),
          adMinLimit: dec(terms.min),
          adMaxLimit: dec(terms.max),
          payMethods: { payMethodName: METHODS[0]![1], iconUrl: "", payMethodId: METHODS[0]![0] },
          withdrawalLimit: { withdrawLimitKey: "T+1", withdrawLimitValue: "1" },
          payTimeLimit: PAY_TIMES
        }))
      })),
    route(P2PMerchant.PayMethods, (_, context) => Effect.succeed(methods(uidOf(context)))),
    route(P2PMerchant.BalanceOf, (request, context) =>
      Effect.sync(() => {
        book.settle(context.now)
        const uid = uidOf(context)
        const token = request.token.toUpperCase()
        const available = funds.available(uid, "p2p", token)
        const frozen = book.frozenOf(uid, token)
        return { token, availableBalance: available, frozenBalance: frozen, totalBalance: BD.sum(available, frozen) }
      }))
  ]
}
