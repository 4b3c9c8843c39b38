/**
 * The V3 wallet's routes: transfers (own account types, main ↔ sub, sub → main) and their
 * records, deposit addresses and records, withdrawals (cancelled while pending), the most that
 * can be withdrawn and the address book. Lists page as Bitget documents each one.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Deposit from "@effect-bitget/unified/Deposit"
import * as Transfer from "@effect-bitget/unified/Transfer"
import * as Withdrawal from "@effect-bitget/unified/Withdrawal"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Context, type Route, route } from "../Domain.js"
import { codes, reject } from "../Rejection.js"
import type { DepositRow, TransferRow, WalletState, WithdrawalRow } from "./Wallet.js"

const uidOf = (context: Context) => context.account!.uid
const ms = (value: DateTime.Utc | undefined) => value === undefined ? undefined : DateTime.toEpochMillis(value)
const at = (time: number) => DateTime.unsafeMake(time)
const given = (value: string | undefined): value is string => value !== undefined && value !== ""

/** Rows between `startTime` and `endTime`, below the id `cursor`, newest first, `limit` of them. */
const page = <Row>(
  rows: ReadonlyArray<Row>,
  id: (row: Row) => string,
  time: (row: Row) => number,
  request: {
    readonly startTime?: DateTime.Utc | undefined
    readonly endTime?: DateTime.Utc | undefined
    readonly cursor?: string | undefined
    readonly limit?: number | undefined
  },
  size: number
): Array<Row> => {
  const start = ms(request.startTime)
  const end = ms(request.endTime)
  const below = given(request.cursor) ? BigInt(request.cursor) : undefined
  return rows
    .filter((row) =>
      (start === undefined || time(row) >= start) && (end === undefined || time(row) <= end) &&
      (below === undefined || BigInt(id(row)) < below)
    )
    .sort((a, b) => (BigInt(id(a)) < BigInt(id(b)) ? 1 : -1))
    .slice(0, request.limit ?? size)
}

const depositOut = (row: DepositRow) => ({
  orderId: row.orderId,
  recordId: row.orderId,
  coin: row.coin,
  type: "deposit",
  dest: row.dest,
  size: row.size,
  status: "success",
  fromAddress: row.fromAddress,
  toAddress: row.toAddress,
  chain: row.chain,
  createdTime: at(row.createdTime),
  updatedTime: at(row.createdTime)
})

const withdrawalOut = (row: WithdrawalRow) => ({
  orderId: row.orderId,
  recordId: row.orderId,
  coin: row.coin,
  type: "withdraw",
  dest: row.dest,
  size: row.size,
  status: row.status,
  fee: row.fee,
  confirm: row.status === "success" ? "1" : "0",
  toAddress: row.toAddress,
  chain: row.chain,
  createdTime: at(row.createdTime),
  updatedTime: at(row.updatedTime),
  ...(row.clientOid === undefined ? {} : { clientOid: row.clientOid }),
  ...(row.tag === undefined ? {} : { tag: row.tag })
})

const transferOut = (row: TransferRow) => ({
  transferId: row.transferId,
  fromType: row.fromType,
  toType: row.toType,
  amount: row.amount,
  coin: row.coin,
  fromUserId: row.fromUserId,
  toUserId: row.toUserId,
  status: "successful",
  createdTime: at(row.createdTime),
  updatedTime: at(row.createdTime),
  ...(row.clientOid === undefined ? {} : { clientOid: row.clientOid })
})

const result = (row: TransferRow) =>
  row.clientOid === undefined
    ? { transferId: row.transferId }
    : { transferId: row.transferId, clientOid: row.clientOid }

export const walletRoutes = (state: WalletState): ReadonlyArray<Route> => {
  /** A sub-account of `main`, refused when it is not one (40017) or frozen (40024). */
  const subOf = (main: string, uid: string, options: { readonly frozenToo?: boolean } = {}) => {
    const record = state.accounts.accounts.get(uid)
    if (record === undefined || record.parentUid !== main) {
      return reject(codes.parameter, `${uid} is not a sub-account of this account`)
    }
    if (record.status === "freeze" && options.frozenToo !== true) {
      return reject(codes.accountFrozen, `The sub-account ${uid} is frozen`)
    }
    return Effect.succeed(record)
  }
  /** The main account itself, or one of its (unfrozen) sub-accounts. */
  const party = (main: string, uid: string) => uid === main ? Effect.void : Effect.asVoid(subOf(main, uid))
  const mainOnly = (context: Context) =>
    state.accounts.isSubAccount(uidOf(context))
      ? reject(codes.subAccountForbidden, "Sub-account access is disabled for this endpoint")
      : Effect.void

  return [
    route(
      Transfer.TransferableCoins,
      (request, context) => Effect.succeed(state.funds.coins(uidOf(context), request.fromType))
    ),
    route(Transfer.Transfer, (request, context) => {
      const uid = uidOf(context)
      const side = (type: string) => type === "isolated_margin" ? `isolated_margin:${request.symbol}` : type
      return Effect.map(
        state.transfer({
          clientOid: request.clientOid,
          fromType: side(request.fromType),
          toType: side(request.toType),
          amount: Decimal.toBigDecimal(request.amount),
          coin: request.coin,
          fromUserId: uid,
          toUserId: uid,
          initiator: uid
        }, context.now),
        result
      )
    }),
    route(Transfer.SubTransfer, (request, context) => {
      const main = uidOf(context)
      return mainOnly(context).pipe(
        Effect.zipRight(party(main, request.fromUserId)),
        Effect.zipRight(party(main, request.toUserId)),
        Effect.zipRight(state.transfer({
          clientOid: request.clientOid,
          fromType: request.fromType,
          toType: request.toType,
          amount: Decimal.toBigDecimal(request.amount),
          coin: request.coin,
          fromUserId: request.fromUserId,
          toUserId: request.toUserId,
          initiator: main
        }, context.now)),
        Effect.map(result)
      )
    }),
    route(Transfer.SubMasterTransfer, (request, context) => {
      const sub = state.accounts.accounts.get(uidOf(context))
      if (sub?.parentUid === undefined) {
        return reject(codes.parameter, "Only a sub-account's key can transfer to its main account")
      }
      return Effect.map(
        state.transfer({
          clientOid: request.clientOid,
          fromType: request.fromType,
          toType: request.toType,
          amount: Decimal.toBigDecimal(request.amount),
          coin: request.coin,
          fromUserId: sub.uid,
          toUserId: sub.parentUid,
          initiator: sub.uid
        }, context.now),
        result
      )
    }),
    route(Transfer.SubTransferRecords, (request, context) => {
      const main = uidOf(context)
      const who = given(request.subUid) ? subOf(main, request.subUid, { frozenToo: true }) : Effect.void
      const account = given(request.subUid) ? request.subUid : main
      const receiver = request.role === "receiver"
      return Effect.as(who, undefined).pipe(Effect.map(() => {
        const rows = page(
          state.transfers.filter((t) =>
            t.fromUserId !== t.toUserId && (receiver ? t.toUserId : t.fromUserId) === account &&
            (!given(request.coin) || t.coin === request.coin) &&
            (!given(request.clientOid) || t.clientOid === request.clientOid)
          ),
          (t) => t.transferId,
          (t) => t.createdTime,
          request,
          100
        )
        const last = rows[rows.length - 1]
        return { list: rows.map(transferOut), ...(last === undefined ? {} : { cursor: last.transferId }) }
      }))
    }),
    route(
      Deposit.DepositAddressOf,
      (request, context) => Effect.succeed(state.address(uidOf(context), request.coin, request.chain))
    ),
    route(
      Deposit.SubDepositAddress,
      (request, context) =>
        Effect.as(subOf(uidOf(context), request.subUid, { frozenToo: true }), undefined).pipe(
          Effect.map(() => state.address(request.subUid, request.coin, request.chain))
        )
    ),
    route(Deposit.DepositRecords, (request, context) => {
      const uid = uidOf(context)
      return Effect.succeed(
        page(
          state.deposits.filter((d) =>
            d.uid === uid && (!given(request.coin) || d.coin === request.coin) &&
            (!given(request.orderId) || d.orderId === request.orderId)
          ),
          (d) => d.orderId,
          (d) => d.createdTime,
          request,
          20
        ).map(depositOut)
      )
    }),
    route(
      Deposit.SubDepositRecords,
      (request, context) =>
        Effect.as(subOf(uidOf(context), request.subUid, { frozenToo: true }), undefined).pipe(
          Effect.map(() =>
            page(
              state.deposits.filter((d) =>
                d.uid === request.subUid && (!given(request.coin) || d.coin === request.coin)
              ),
              (d) => d.orderId,
              (d) => d.createdTime,
              request,
              20
            ).map(depositOut)
          )
        )
    ),
    route(Deposit.SetDepositAccount, (request, context) =>
      Effect.sync(() => {
        state.depositAccount.set(`${uidOf(context)}:${request.coin}`, request.accountType)
        return "success"
      })),
    route(Withdrawal.Withdrawal, (request, context) => {
      const uid = uidOf(context)
      if (request.transferType === "internal_transfer" && (request.innerToType ?? "uid") === "uid") {
        if (!state.accounts.accounts.has(request.address)) {
          return reject(codes.parameter, `address: no Bitget user ${request.address}`)
        }
      }
      return Effect.flatMap(
        state.withdraw(uid, {
          coin: request.coin,
          size: Decimal.toBigDecimal(request.size),
          // The simulator draws on the unified account unless told otherwise.
          accounts: request.accountType ?? ["uta"],
          chain: request.chain ?? "",
          dest: request.transferType,
          address: request.address,
          tag: request.tag,
          clientOid: request.clientOid
        }, context.now),
        (row) =>
          Effect.succeed(
            row.clientOid === undefined ? { orderId: row.orderId } : { orderId: row.orderId, clientOid: row.clientOid }
          )
      )
    }),
    route(Withdrawal.WithdrawalRecords, (request, context) => {
      const uid = uidOf(context)
      state.settle(context.now)
      return Effect.succeed(
        page(
          state.withdrawals.filter((w) =>
            w.uid === uid && (!given(request.coin) || w.coin === request.coin) &&
            (!given(request.orderId) || w.orderId === request.orderId) &&
            (!given(request.clientOid) || w.clientOid === request.clientOid)
          ),
          (w) => w.orderId,
          (w) => w.createdTime,
          request,
          20
        ).map(withdrawalOut)
      )
    }),
    route(
      Withdrawal.CancelWithdrawal,
      (request, context) =>
        Effect.as(state.cancel(uidOf(context), request.orderId, request.clientOid, context.now), "success")
    ),
    route(Withdrawal.MaxWithdrawalOf, (request, context) => {
      const uid = uidOf(context)
      const spot = state.funds.available(uid, "spot", request.coin)
      const otc = state.funds.available(uid, "otc", request.coin)
      const uta = state.funds.available(uid, "uta", request.coin)
      return Effect.succeed({
        coin: request.coin,
        spotMaxWithdrawal: spot,
        otcMaxWithdrawal: otc,
        utaMaxWithdrawal: uta,
        totalMaxWithdrawal: BD.sum(BD.sum(spot, otc), uta)
      })
    }),
    route(Withdrawal.WithdrawAddresses, (request, context) => {
      // The cursor is the creation time of the last row sent (Bitget's example answers a time).
      const below = given(request.cursor) ? Number(request.cursor) : Infinity
      const rows = state.book(uidOf(context), context.now)
        .filter((row) =>
          row.createdTime < below && (!given(request.type) || row.type === request.type) &&
          (!given(request.coin) || row.coin === request.coin)
        )
        .sort((a, b) => b.createdTime - a.createdTime)
        .slice(0, request.limit ?? 10)
      const last = rows[rows.length - 1]
      return Effect.succeed({
        addressList: rows.map((row) => ({
          coin: row.coin,
          chain: row.chain,
          address: row.address,
          label: row.label,
          memo: "",
          type: row.type,
          internalType: row.type === "internal" ? "uid" : "",
          createdTime: at(row.createdTime)
        })),
        ...(last === undefined ? {} : { cursor: String(last.createdTime) })
      })
    })
  ]
}
