/**
 * The spot routes of endpoints beyond the specification's list that need the world's state:
 * cancel-and-replace (atomic but for a duplicate `newClientOid`, as Bitget warns) and cancelling a
 * withdrawal in its regret period.
 */
import * as CancelReplace from "@effect-bitget/spot/CancelReplace"
import * as Wallet from "@effect-bitget/spot/Wallet"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { type Context, type Route, route } from "../Domain.js"
import { codes, reject, type Rejection } from "../Rejection.js"
import * as Ops from "./Operations.js"
import * as Rows from "./Rows.js"
import type { World } from "./World.js"

type ReplaceRequest = CancelReplace.CancelReplaceOrderRequest

/**
 * One cancel-and-replace. The named order must be open (else 43001). It is cancelled and the new
 * limit order placed; when the new order is refused the original is put back as it was (status,
 * frozen funds), unless the refusal is a duplicate `newClientOid`: then the original stays
 * cancelled (Bitget's Cancel-Replace-Order page).
 */
const replace = (world: World, request: ReplaceRequest, context: Context) =>
  Effect.gen(function*() {
    const uid = Ops.uidOf(context)
    const original = world.find(uid, request.orderId, request.clientOid)
    if (original === undefined || !Ops.isOpen(original) || original.symbol !== request.symbol) {
      return yield* reject(codes.orderNotFound, "Order does not exist")
    }
    const before = { status: original.status, frozen: original.frozen, uTime: original.uTime }
    yield* world.cancel(uid, original.orderId, undefined, context.now)
    const placed = yield* Effect.either(world.place({
      uid,
      symbol: original.symbol,
      side: original.side,
      orderType: "limit",
      force: "gtc",
      price: Ops.input(request.price),
      size: Ops.input(request.size),
      clientOid: request.newClientOid
    }, context.now))
    if (placed._tag === "Right") {
      return { ...Ops.success(placed.right), success: "success" as const }
    }
    const refusal: Rejection = placed.left
    if (refusal.code !== codes.duplicateClientOid) {
      // Put the original back: its status and the funds it had frozen.
      const coin = original.side === "buy" ? original.quote : original.base
      const balance = world.balance(uid, coin, original.account)
      balance.available = BD.subtract(balance.available, before.frozen)
      balance.frozen = BD.sum(balance.frozen, before.frozen)
      original.frozen = before.frozen
      original.status = before.status
      original.uTime = before.uTime
    }
    return { ...Ops.success(original), success: "failure" as const, msg: refusal.msg }
  })

export const routes = (world: World): ReadonlyArray<Route> => [
  route(CancelReplace.CancelReplaceOrder, (request, context) => replace(world, request, context)),
  route(
    CancelReplace.BatchCancelReplaceOrder,
    (request, context) =>
      Effect.forEach(request.orderList, (item) =>
        replace(world, item, context).pipe(
          Effect.catchAll((refusal) =>
            Effect.succeed({ ...Ops.success(item), success: "failure" as const, msg: refusal.msg })
          )
        ))
  ),
  route(Wallet.CancelWithdrawal, (request, context) =>
    Effect.gen(function*() {
      const uid = Ops.uidOf(context)
      const record = world.wallet.find((r) => r.uid === uid && r.kind === "withdraw" && r.orderId === request.orderId)
      if (record === undefined) return yield* reject(codes.parameter, "Withdrawal order does not exist")
      if (Rows.withdrawalStatus(record, context.now) !== "pending") {
        // 13010 "Withdrawal under review; cannot cancel" (../shared/reference/error-codes.tsv).
        return yield* reject("13010", "The withdrawal can no longer be cancelled")
      }
      record.cancelled = context.now
      yield* world.move(uid, record.coin, record.size, context.now)
      world.bill(uid, record.coin, "withdraw", "withdraw-cancel", record.size, BD.fromBigInt(0n), context.now)
      return "success" as const
    }))
]
