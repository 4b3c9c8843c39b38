/**
 * The spot domain's operations shared by its routes and its control: moving funds (transfers,
 * withdrawals, deposits) with their bills and records, plan orders, and small request helpers.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import type * as PlanOrder from "@effect-bitget/spot/PlanOrder"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import type { Context } from "../Domain.js"
import { codes, reject, type Rejection } from "../Rejection.js"
import { type Dec, type Order, type Plan, type World, zero } from "./World.js"

/** The simulator's main account (`Simulator.UID`), which control calls act on by default. */
export const MAIN_UID = "1000000001"

export const toDec = (value: string | BD.BigDecimal): Dec =>
  typeof value === "string" ? Decimal.unsafeMake(value) : value
export const input = (value: BD.BigDecimal | string): Dec => Decimal.toBigDecimal(value)
export const opt = (value: BD.BigDecimal | string | undefined): Dec | undefined =>
  value === undefined ? undefined : input(value)
export const uidOf = (context: Context) => context.account?.uid ?? MAIN_UID

export const isOpen = (o: Order) => o.status === "live" || o.status === "partially_filled"

export const failure = (
  rejection: Rejection,
  ids: { orderId?: string | undefined; clientOid?: string | undefined }
) => {
  const row: { orderId?: string; clientOid?: string; errorMsg: string; errorCode: string } = {
    errorMsg: rejection.msg,
    errorCode: rejection.code
  }
  if (ids.orderId !== undefined) row.orderId = ids.orderId
  if (ids.clientOid !== undefined) row.clientOid = ids.clientOid
  return row
}

export const success = (ids: { orderId?: string | undefined; clientOid?: string | undefined }) => {
  const row: { orderId?: string; clientOid?: string } = {}
  if (ids.orderId !== undefined) row.orderId = ids.orderId
  if (ids.clientOid !== undefined) row.clientOid = ids.clientOid
  return row
}

/**
 * The answer to placing one order: its id and the clientOid it was placed under (Bitget makes one
 * up when the request has none; the client always sends one).
 */
export const placed = (ids: { readonly orderId: string; readonly clientOid?: string | undefined }) => ({
  orderId: ids.orderId,
  clientOid: ids.clientOid ?? `sim-${ids.orderId}`
})

export const transferFunds = (
  world: World,
  args: {
    readonly fromUid: string
    readonly toUid: string
    readonly owner: string
    readonly fromType: string
    readonly toType: string
    readonly coin: string
    readonly amount: Dec
    readonly clientOid: string | undefined
    /** The isolated margin account's symbol, when either side is `isolated_margin`. */
    readonly symbol?: string | undefined
  },
  now: number
) =>
  Effect.gen(function*() {
    // A clientOid is idempotent: a repeat answers the first transfer's id and moves nothing
    // (https://www.bitget.com/zh-CN/api-doc/spot/account/Wallet-Transfer, and the English mirror
    // https://bitget.fit/api-doc/spot/account/Wallet-Transfer).
    if (args.clientOid !== undefined) {
      const first = world.transfers.find((t) => t.uid === args.owner && t.clientOid === args.clientOid)
      if (first !== undefined) return first.transferId
    }
    if (args.fromUid === args.toUid && args.fromType === args.toType) {
      return yield* reject(codes.parameter, "fromType and toType must differ")
    }
    const isolated = args.fromType === "isolated_margin" || args.toType === "isolated_margin"
    if (isolated && (args.symbol === undefined || args.symbol === "")) {
      return yield* reject(codes.parameterEmpty, "symbol cannot be empty for an isolated margin transfer")
    }
    if (isolated) yield* world.pair(args.symbol!)
    // An isolated margin account is one balance set per symbol.
    const key = (type: string) => type === "isolated_margin" ? `isolated_margin:${args.symbol}` : type
    const move = {
      fromUid: args.fromUid,
      toUid: args.toUid,
      fromType: key(args.fromType),
      toType: key(args.toType),
      coin: args.coin,
      amount: args.amount
    }
    for (const guard of world.hooks.transferGuards) yield* guard(move, now)
    yield* world.move(args.fromUid, args.coin, BD.negate(args.amount), now, move.fromType)
    yield* world.move(args.toUid, args.coin, args.amount, now, move.toType)
    for (const listener of world.hooks.transfers) listener(move, now)
    if (args.fromType === "spot") {
      world.bill(args.fromUid, args.coin, "transfer", "transfer-out", BD.negate(args.amount), zero, now)
    }
    if (args.toType === "spot") world.bill(args.toUid, args.coin, "transfer", "transfer-in", args.amount, zero, now)
    const transferId = world.id()
    world.transfers.push({
      transferId,
      clientOid: args.clientOid,
      uid: args.owner,
      coin: args.coin,
      fromType: args.fromType,
      toType: args.toType,
      fromUserId: args.fromUid,
      toUserId: args.toUid,
      size: args.amount,
      ts: now
    })
    return transferId
  })

export const withdraw = (
  world: World,
  uid: string,
  args: { coin: string; size: Dec; address: string; chain: string; dest: string; clientOid: string | undefined },
  now: number
) =>
  Effect.gen(function*() {
    yield* world.move(uid, args.coin, BD.negate(args.size), now)
    world.bill(uid, args.coin, "withdraw", "withdraw", BD.negate(args.size), zero, now)
    const orderId = world.id()
    world.wallet.push({ orderId, uid, kind: "withdraw", fee: zero, ...args, cTime: now })
    return orderId
  })

export const deposit = (world: World, uid: string, coin: string, amount: Dec, now: number) => {
  Effect.runSync(world.move(uid, coin, amount, now))
  world.bill(uid, coin, "deposit", "deposit", amount, zero, now)
  const orderId = world.id()
  world.wallet.push({
    orderId,
    clientOid: undefined,
    uid,
    coin,
    kind: "deposit",
    size: amount,
    fee: zero,
    address: "sim-deposit-address",
    chain: "erc20",
    dest: "on_chain",
    cTime: now
  })
  return orderId
}

export const placePlan = (
  world: World,
  uid: string,
  request: typeof PlanOrder.PlacePlanOrder.request.Type,
  now: number
): Effect.Effect<Plan, Rejection> =>
  Effect.gen(function*() {
    const { price } = yield* world.pair(request.symbol)
    if (request.clientOid !== undefined && world.planClientOids.has(`${uid}:${request.clientOid}`)) {
      return yield* reject(codes.duplicateClientOid, "Duplicate clientOrderId")
    }
    const triggerPrice = input(request.triggerPrice)
    const plan: Plan = {
      orderId: world.id(),
      clientOid: request.clientOid,
      uid,
      symbol: request.symbol,
      side: request.side,
      orderType: request.orderType,
      triggerPrice,
      executePrice: opt(request.executePrice),
      size: input(request.size),
      planType: request.planType ?? "amount",
      triggerType: request.triggerType,
      force: request.force ?? "gtc",
      direction: BD.greaterThanOrEqualTo(triggerPrice, price) ? "up" : "down",
      status: "not_trigger",
      placedOrderId: undefined,
      cTime: now,
      uTime: now
    }
    world.plans.set(plan.orderId, plan)
    if (request.clientOid !== undefined) world.planClientOids.set(`${uid}:${request.clientOid}`, plan.orderId)
    return plan
  })

export const findPlan = (world: World, uid: string, orderId: string | undefined, clientOid: string | undefined) => {
  const id = orderId ?? (clientOid === undefined ? undefined : world.planClientOids.get(`${uid}:${clientOid}`))
  const plan = id === undefined ? undefined : world.plans.get(id)
  return plan?.uid === uid && plan.status === "not_trigger"
    ? Effect.succeed(plan)
    : reject("43025", "Plan order does not exist")
}
