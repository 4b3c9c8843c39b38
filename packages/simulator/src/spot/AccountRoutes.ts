/**
 * The spot domain's wallet, account and market routes: transfers, withdrawals and records,
 * balances and bills.
 */
import * as Account from "@effect-bitget/spot/Account"
import * as Wallet from "@effect-bitget/spot/Wallet"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import { codes, reject } from "../Rejection.js"
import * as Ops from "./Operations.js"
import * as Paging from "./Paging.js"
import * as Rows from "./Rows.js"
import { type World, zero } from "./World.js"

/** Coins each futures account holds: its margin coins (real and demo). */
const FUTURES_COINS: Record<string, ReadonlyArray<string>> = {
  usdt_futures: ["USDT"],
  usdc_futures: ["USDC"],
  coin_futures: ["BTC", "ETH", "USDT", "USDC"]
}

export const walletRoutes = (world: World): ReadonlyArray<Route> => [
  route(Wallet.TransferCoinInfo, (request, context) => {
    if (request.fromType === request.toType) return reject(codes.parameter, "fromType and toType must differ")
    // Into or out of a futures account: its margin coins; otherwise what the source account holds.
    const futures = FUTURES_COINS[request.fromType] ?? FUTURES_COINS[request.toType]
    if (futures !== undefined) return Effect.succeed([...futures])
    const held: Array<string> = []
    for (const [coin, balance] of world.account(Ops.uidOf(context), request.fromType)) {
      if (BD.isPositive(balance.available)) held.push(coin)
    }
    return Effect.succeed(held)
  }),
  route(Wallet.Transfer, (request, context) =>
    Effect.map(
      Ops.transferFunds(world, {
        fromUid: Ops.uidOf(context),
        toUid: Ops.uidOf(context),
        owner: Ops.uidOf(context),
        fromType: request.fromType,
        toType: request.toType,
        coin: request.coin,
        amount: Ops.input(request.amount),
        clientOid: request.clientOid,
        symbol: request.symbol
      }, context.now),
      (transferId) => request.clientOid === undefined ? { transferId } : { transferId, clientOid: request.clientOid }
    )),
  route(Wallet.SubaccountTransfer, (request, context) =>
    Effect.map(
      Ops.transferFunds(world, {
        fromUid: request.fromUserId,
        toUid: request.toUserId,
        owner: Ops.uidOf(context),
        fromType: request.fromType,
        toType: request.toType,
        coin: request.coin,
        amount: Ops.input(request.amount),
        clientOid: request.clientOid,
        symbol: request.symbol
      }, context.now),
      (transferId) => request.clientOid === undefined ? { transferId } : { transferId, clientOid: request.clientOid }
    )),
  route(Wallet.Withdrawal, (request, context) =>
    Effect.map(
      Ops.withdraw(world, Ops.uidOf(context), {
        coin: request.coin,
        size: Ops.input(request.size),
        address: request.address,
        chain: request.chain ?? "",
        dest: request.transferType,
        clientOid: request.clientOid
      }, context.now),
      (orderId) => request.clientOid === undefined ? { orderId } : { orderId, clientOid: request.clientOid }
    )),
  // Both record lists page 20 unless asked, and an `orderId` (withdrawals: or `clientOid`) names
  // one record, the other filters ignored (Bitget's pages: spot/wallet/Get-Deposit-Record,
  // spot/wallet/Get-Withdraw-Record, zh versions).
  route(Wallet.DepositRecords, (request, context) => {
    const uid = Ops.uidOf(context)
    const mine = world.wallet.filter((r) => r.uid === uid && r.kind === "deposit")
    if (request.orderId !== undefined) {
      return Effect.succeed(mine.filter((r) => r.orderId === request.orderId).map(Rows.deposit))
    }
    const rows = mine.filter((r) => request.coin === undefined || r.coin === request.coin)
    return Effect.succeed(
      Paging.byCursor(rows, { id: (r) => r.orderId, time: (r) => r.cTime, limit: 20 }, request).map(Rows.deposit)
    )
  }),
  route(Wallet.WithdrawalRecords, (request, context) => {
    const uid = Ops.uidOf(context)
    const mine = world.wallet.filter((r) => r.uid === uid && r.kind === "withdraw")
    if (request.orderId !== undefined || request.clientOid !== undefined) {
      const named = request.orderId !== undefined
        ? mine.filter((r) => r.orderId === request.orderId)
        : mine.filter((r) => r.clientOid === request.clientOid)
      return Effect.succeed(named.map(Rows.withdrawal(context.now)))
    }
    const rows = mine.filter((r) => request.coin === undefined || r.coin === request.coin)
    return Effect.succeed(
      Paging.byCursor(rows, { id: (r) => r.orderId, time: (r) => r.cTime, limit: 20 }, request).map(
        Rows.withdrawal(context.now)
      )
    )
  })
]

export const accountRoutes = (world: World): ReadonlyArray<Route> => [
  route(Account.AccountAssets, (request, context) => {
    const coins = world.account(Ops.uidOf(context))
    const rows: Array<Account.Asset> = []
    for (const [coin, balance] of coins) {
      if (request.coin !== undefined && request.coin !== coin) continue
      const empty = BD.isZero(BD.sum(BD.sum(balance.available, balance.frozen), balance.locked))
      if (request.coin === undefined && request.assetType !== "all" && empty) continue
      rows.push({
        coin,
        available: balance.available,
        frozen: balance.frozen,
        locked: balance.locked,
        limitAvailable: zero,
        uTime: DateTime.unsafeMake(balance.uTime)
      } as Account.Asset)
    }
    return Effect.succeed(rows)
  }),
  route(Account.Info, (_, context) =>
    Effect.succeed({
      userId: Ops.uidOf(context),
      inviterId: "0",
      ips: "127.0.0.1",
      authorities: ["stor", "stow", "wtdr"],
      parentId: Ops.uidOf(context),
      traderType: "normal",
      regisTime: DateTime.unsafeMake(1_600_000_000_000)
    } as Account.AccountInfo)),
  route(Account.Bills, (request, context) => {
    const uid = Ops.uidOf(context)
    const rows = world.bills.filter((b) =>
      b.uid === uid && (request.coin === undefined || b.coin === request.coin) &&
      (request.groupType === undefined || b.groupType === request.groupType) &&
      (request.businessType === undefined || b.businessType === request.businessType)
    )
    return Effect.succeed(
      Paging.byCursor(rows, { id: (b) => b.billId, time: (b) => b.cTime, limit: 100 }, request).map(Rows.bill)
    )
  }),
  route(Account.TransferRecords, (request, context) => {
    const uid = Ops.uidOf(context)
    const rows = world.transfers.filter((t) =>
      t.uid === uid && t.coin === request.coin && t.fromType === request.fromType &&
      (request.clientOid === undefined || t.clientOid === request.clientOid)
    )
    return Effect.succeed(
      Paging.byPage(rows, { id: (t) => t.transferId, time: (t) => t.ts, limit: 100 }, request).map(Rows.transfer)
    )
  })
]
