/**
 * V3 On-Chain Elite earn: one product (`ELITE-USDT`, subscribed in USDT one for one), paid from
 * the funding (`spot`) or the unified account; a subscription is settled at once, a holding earns
 * nothing until redeemed (fast: a 0.1% fee; standard: none) into either account. Records of
 * subscriptions and redemptions, newest first.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Earn from "@effect-bitget/unified/Earn"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import { codes, reject } from "../Rejection.js"
import type { Dec, Funds } from "./Funds.js"

export const PRODUCT = "ELITE-USDT"
const SUB_ID = "ELITE-USDT-1"
const COIN = "USDT"
const FAST_FEE = Decimal.unsafeMake("0.001")
const ONE = Decimal.unsafeMake("1")
const ZERO = BD.fromBigInt(0n)

interface Row {
  readonly uid: string
  readonly recordId: string
  readonly type: "subscribe" | "redeem"
  readonly amount: Dec
  readonly fee: Dec
  readonly account: string
  readonly ts: number
}

const typeOf = (account: string) => account === "unified" ? "uta" : "spot"

export const earnRoutes = (funds: Funds, id: () => string): ReadonlyArray<Route> => {
  const holdings = new Map<string, Dec>()
  const rows: Array<Row> = []
  const held = (uid: string) => holdings.get(uid) ?? ZERO
  const product = (productId: string) =>
    productId === PRODUCT ? Effect.void : reject(codes.parameter, `productId: no product ${productId}`)
  return [
    route(Earn.EliteProduct, () =>
      Effect.succeed([{
        productId: PRODUCT,
        coin: COIN,
        minApr: Decimal.unsafeMake("0.03"),
        maxApr: Decimal.unsafeMake("0.05"),
        subscriptionCoinList: [{ subscriptionCoin: COIN, precision: "2", feeRate: ZERO, exchangeRate: ONE }],
        sellOut: false
      }])),
    route(Earn.EliteSubscribeInfo, (request) =>
      Effect.as(product(request.productId), {
        productSubId: SUB_ID,
        minAmount: ONE,
        exchangeRate: ONE,
        productCoin: COIN,
        feeRate: ZERO
      })),
    route(Earn.EliteSubscribe, (request, context) =>
      Effect.gen(function*() {
        if (request.productSubId !== SUB_ID) return yield* reject(codes.parameter, "productSubId: unknown")
        const uid = context.account!.uid
        const amount = Decimal.toBigDecimal(request.amount)
        if (BD.lessThan(amount, ONE)) return yield* reject(codes.parameter, "amount: below the minimum of 1")
        const account = request.paymentAccount ?? "spot"
        yield* funds.move(uid, typeOf(account), COIN, BD.negate(amount), context.now, ["earn", "elite-subscribe"])
        holdings.set(uid, BD.sum(held(uid), amount))
        const row: Row = { uid, recordId: id(), type: "subscribe", amount, fee: ZERO, account, ts: context.now }
        rows.push(row)
        return { orderId: row.recordId }
      })),
    route(Earn.EliteSubscribeResult, (request, context) => {
      const row = rows.find((r) => r.recordId === request.orderId && r.uid === context.account!.uid)
      return row === undefined ? reject("25204", "The order does not exist") : Effect.succeed({ result: "settled" })
    }),
    route(Earn.EliteAssets, (_, context) => {
      const amount = held(context.account!.uid)
      return Effect.succeed({
        resultList: BD.isPositive(amount)
          ? [{
            productId: PRODUCT,
            productCoin: COIN,
            holdingAmount: amount,
            usdtHoldingAmount: amount,
            exchangeRate: ONE,
            subscriptionCoin: COIN,
            interestCoin: COIN,
            totalProfit: ZERO
          }]
          : []
      })
    }),
    route(Earn.EliteRedeemInfo, (request) =>
      Effect.as(product(request.productId), {
        productId: PRODUCT,
        productSubId: SUB_ID,
        productCoin: COIN,
        subscriptionCoin: COIN,
        exchangeRate: ONE,
        redeemModeList: [
          { redeemType: "fast", redeemFeeRate: FAST_FEE, minRedeemAmount: ONE },
          { redeemType: "standard", redeemFeeRate: ZERO, minRedeemAmount: ONE }
        ]
      })),
    route(Earn.EliteRedeem, (request, context) =>
      Effect.gen(function*() {
        yield* product(request.productId)
        const uid = context.account!.uid
        const amount = Decimal.toBigDecimal(request.amount)
        if (BD.greaterThan(amount, held(uid))) return yield* reject("25202", "Insufficient holding to redeem")
        const fee = request.redeemType === "fast" ? BD.normalize(BD.scale(BD.multiply(amount, FAST_FEE), 8)) : ZERO
        holdings.set(uid, BD.subtract(held(uid), amount))
        yield* funds.move(
          uid,
          typeOf(request.receiveAccount),
          COIN,
          BD.subtract(amount, fee),
          context.now,
          ["earn", "elite-redeem"]
        )
        const row: Row = {
          uid,
          recordId: id(),
          type: "redeem",
          amount,
          fee,
          account: request.receiveAccount,
          ts: context.now
        }
        rows.push(row)
        return { orderId: row.recordId }
      })),
    route(Earn.EliteRecords, (request, context) =>
      Effect.sync(() => {
        const uid = context.account!.uid
        const start = request.startTime === undefined ? -Infinity : DateTime.toEpochMillis(request.startTime)
        const end = request.endTime === undefined ? Infinity : DateTime.toEpochMillis(request.endTime)
        const below = request.cursor === undefined ? undefined : BigInt(request.cursor)
        const page = [...rows].reverse().filter((r) =>
          r.uid === uid && r.type === request.type && r.ts >= start && r.ts <= end &&
          (below === undefined || BigInt(r.recordId) < below)
        ).slice(0, request.limit ?? 20)
        const last = page[page.length - 1]
        return {
          recordList: page.map((r) => ({
            recordId: r.recordId,
            productId: PRODUCT,
            coin: COIN,
            status: "success",
            exchangeRate: ONE,
            receivedCoin: COIN,
            receivedAmount: BD.subtract(r.amount, r.fee),
            investAmount: r.amount,
            fee: r.fee,
            receivingAccount: r.account,
            actualReceivingAccount: r.account,
            ts: DateTime.unsafeMake(r.ts)
          })),
          ...(last === undefined ? {} : { endId: last.recordId })
        }
      }))
  ]
}
