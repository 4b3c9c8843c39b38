/**
 * An ND broker's sub-accounts and their keys (`/api/v2/broker/...`): sub-accounts in the
 * accounts registry, their spot balances read from the spot domain and their futures accounts
 * from the futures domain, deposit addresses kept per coin and chain, withdrawals that debit the
 * sub-account's spot balance, and automatic transfers of deposits.
 */
import * as BrokerApiKey from "@effect-bitget/broker/BrokerApiKey"
import * as BrokerSubaccount from "@effect-bitget/broker/BrokerSubaccount"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import type { AccountRecord } from "../Accounts.js"
import type * as Auth from "../Auth.js"
import { type Context, type Route, route } from "../Domain.js"
import type { FuturesControl } from "../futures/FuturesDomain.js"
import { reject } from "../Rejection.js"
import * as Ops from "../spot/Operations.js"
import type { World as SpotWorld } from "../spot/World.js"
import { codes, mainChain, MASKED, MAX_BROKER, type State, time } from "./State.js"

const caller = (context: Context) => context.account!.uid

const subRow = (state: State, record: AccountRecord) => {
  const info = state.subs.get(record.uid)!
  return {
    subUid: record.uid,
    subaccountName: info.name,
    status: record.status,
    permList: [...(record.permissions ?? [])],
    label: record.label,
    language: info.language,
    cTime: time(record.createdAt),
    uTime: time(record.uTime)
  }
}

const keyRow = (key: Auth.Key) => ({
  subUid: key.account.uid,
  label: key.label ?? "",
  apiKey: key.account.apiKey,
  permType: key.permType ?? "read_and_write",
  permList: [...(key.permissions ?? [])],
  ipList: [...(key.ips ?? [])]
})

const isZero = (value: BD.BigDecimal) => BD.isZero(value)

export const routes = (state: State, spot: SpotWorld, futures: FuturesControl): ReadonlyArray<Route> => {
  const owned = (context: Context, uid: string) => state.owned(caller(context), uid, "broker")
  return [
    route(BrokerSubaccount.Info, (_, context) =>
      Effect.succeed({
        subAccountSize: String(state.list(caller(context), "broker").length),
        maxSubAccountSize: String(MAX_BROKER),
        uTime: time(state.uTime)
      })),

    route(BrokerSubaccount.CreateSubaccount, (request, context) =>
      Effect.gen(function*() {
        const parent = caller(context)
        if (state.isTaken(request.subaccountName)) {
          return yield* reject(codes.nameTaken, `Sub-account name ${request.subaccountName} already exists`)
        }
        // "label: … 单个用户不能重复", a label is not repeated among one broker's sub-accounts
        // (https://www.bitget.com/zh-CN/api-doc/broker/subaccount/Create-Subaccount; 40108 in error-codes.tsv).
        const label = request.label
        if (label !== undefined && state.list(parent, "broker").some((r) => r.label === label)) {
          return yield* reject(codes.labelTaken, `Sub-account label ${label} is already used`)
        }
        if (state.list(parent, "broker").length >= MAX_BROKER) {
          return yield* reject(codes.tooManySubs, `at most ${MAX_BROKER} sub-accounts`)
        }
        const { record } = state.open(parent, "broker", request.subaccountName, request.label, context.now)
        const { language: _, uTime: __, ...row } = subRow(state, record)
        return row
      })),

    route(BrokerSubaccount.SubaccountList, (request, context) =>
      Effect.sync(() => {
        const limit = request.limit ?? 10
        const below = request.idLessThan === undefined ? Infinity : Number(request.idLessThan)
        const from = request.startTime === undefined ? -Infinity : DateTime.toEpochMillis(request.startTime)
        const to = request.endTime === undefined ? Infinity : DateTime.toEpochMillis(request.endTime)
        const matching = state.list(caller(context), "broker").filter((r) =>
          Number(r.uid) < below && (request.status === undefined || r.status === request.status) &&
          r.createdAt >= from && r.createdAt <= to
        )
        const rows = matching.slice(0, limit)
        const last = rows[rows.length - 1]
        return {
          hasNextPage: matching.length > limit,
          ...(last === undefined ? {} : { idLessThan: last.uid }),
          subList: rows.map((r) => subRow(state, r))
        }
      })),

    route(
      BrokerSubaccount.ModifySubaccount,
      (request, context) =>
        Effect.map(owned(context, request.subUid), ({ info, record }) => {
          record.permissions = [...request.permList]
          record.status = request.status
          if (request.language !== undefined) info.language = request.language
          record.uTime = context.now
          state.uTime = context.now
          return subRow(state, record)
        })
    ),

    route(
      BrokerSubaccount.ModifySubaccountEmail,
      (request, context) =>
        Effect.map(owned(context, request.subUid), ({ info, record }) => {
          info.email = request.subaccountEmail
          record.uTime = context.now
          return "success"
        })
    ),

    route(
      BrokerSubaccount.SubaccountEmail,
      (request, context) =>
        Effect.map(owned(context, request.subUid), ({ info, record }) => ({
          subUid: record.uid,
          subaccountName: info.name,
          ...(info.email === undefined ? {} : { subaccountEmail: info.email }),
          cTime: time(record.createdAt),
          uTime: time(record.uTime)
        }))
    ),

    route(
      BrokerSubaccount.SubaccountSpotAssets,
      (request, context) =>
        Effect.map(owned(context, request.subUid), ({ record }) => {
          const coins = spot.account(record.uid)
          const rows = [...coins.entries()].map(([coin, b]) => ({
            coin,
            available: b.available,
            frozen: b.frozen,
            locked: b.locked,
            uTime: time(b.uTime || record.createdAt)
          }))
          if (request.coin !== undefined) {
            const coin = request.coin.toUpperCase()
            const balance = spot.balance(record.uid, coin)
            return {
              assetsList: [{
                coin,
                available: balance.available,
                frozen: balance.frozen,
                locked: balance.locked,
                uTime: time(balance.uTime || record.createdAt)
              }]
            }
          }
          const held = request.assetType === "all"
            ? rows
            : rows.filter((r) => !(isZero(r.available) && isZero(r.frozen) && isZero(r.locked)))
          return { assetsList: held }
        })
    ),

    route(
      BrokerSubaccount.SubaccountFutureAssets,
      (request, context) =>
        Effect.map(owned(context, request.subUid), ({ record }) => ({
          assetsList: futures.summaries(record.uid, request.productType).map((s) => ({
            marginCoin: s.marginCoin,
            available: s.available,
            frozen: s.locked,
            locked: s.locked,
            crossedMaxAvailable: s.crossedMaxAvailable,
            isolatedMaxAvailable: s.isolatedMaxAvailable,
            maxTransferOut: s.maxTransferOut,
            accountEquity: s.accountEquity,
            usdtEquity: s.usdtEquity,
            btcEquity: s.btcEquity,
            uTime: time(context.now)
          }))
        }))
    ),

    route(
      BrokerSubaccount.SubaccountAddress,
      (request, context) =>
        Effect.map(owned(context, request.subUid), ({ record }) => {
          const coin = request.coin.toUpperCase()
          const chain = request.chain ?? mainChain(coin)
          const row = state.address(record.uid, coin, chain, context.now)
          return {
            subUid: record.uid,
            coin,
            address: row.address,
            chain,
            ...(row.tag === "" ? {} : { tag: row.tag }),
            url: row.url,
            cTime: time(row.cTime)
          }
        })
    ),

    route(BrokerSubaccount.SubaccountWithdrawal, (request, context) =>
      Effect.gen(function*() {
        const { record } = yield* owned(context, request.subUid)
        if (record.status === "freeze") return yield* reject("40024", "The sub-account has been frozen")
        if (record.permissions !== undefined && !record.permissions.includes("withdraw")) {
          return yield* reject(codes.permission, "Incorrect permissions, need withdraw permissions")
        }
        const clientOid = request.clientOid === undefined ? undefined : `${caller(context)}:${request.clientOid}`
        if (clientOid !== undefined && state.withdrawalClientOids.has(clientOid)) {
          return yield* reject(codes.duplicateClientOid, "Duplicate clientOid")
        }
        const amount = Ops.input(request.amount)
        const coin = request.coin.toUpperCase()
        const target = request.dest === "internal_transfer" && (request.toType ?? "uid") === "uid"
          ? state.accounts.accounts.get(request.address)
          : undefined
        if (request.dest === "internal_transfer" && (request.toType ?? "uid") === "uid" && target === undefined) {
          return yield* reject("40017", `no account with uid ${request.address}`)
        }
        const orderId = yield* Ops.withdraw(spot, record.uid, {
          coin,
          size: amount,
          address: request.address,
          chain: request.chain ?? mainChain(coin),
          dest: request.dest,
          clientOid: request.clientOid
        }, context.now)
        if (target !== undefined) Ops.deposit(spot, target.uid, coin, amount, context.now)
        if (clientOid !== undefined) state.withdrawalClientOids.add(clientOid)
        return request.clientOid === undefined ? { orderId } : { orderId, clientOid: request.clientOid }
      })),

    route(
      BrokerSubaccount.SetSubaccountAutotransfer,
      (request, context) =>
        Effect.map(owned(context, request.subUid), ({ info }) => {
          info.autoTransfer.set(request.coin.toUpperCase(), request.toAccountType)
          return "success"
        })
    ),

    route(BrokerApiKey.CreateSubaccountApikey, (request, context) =>
      Effect.gen(function*() {
        const { record } = yield* owned(context, request.subUid)
        const issued = yield* state.issue(record.uid, {
          passphrase: request.passphrase,
          permissions: [...request.permList],
          ips: request.ipList,
          label: request.label,
          permType: request.permType,
          now: context.now
        })
        return { ...keyRow(state.accounts.keys.get(issued.apiKey)!), secretKey: issued.secret }
      })),

    route(BrokerApiKey.SubaccountApikeyList, (request, context) =>
      Effect.map(
        owned(context, request.subUid),
        ({ record }) => state.accounts.keysOf(record.uid).map((key) => ({ ...keyRow(key), secretKey: MASKED }))
      )),

    route(BrokerApiKey.ModifySubaccountApikey, (request, context) =>
      Effect.gen(function*() {
        yield* owned(context, request.subUid)
        const key = yield* state.key(request.subUid, request.apiKey, request.passphrase)
        // Empty or left out: unchanged (the modify page).
        const updated = state.accounts.updateKey(key.account.apiKey, {
          label: request.label ?? key.label,
          ips: request.ipList !== undefined && request.ipList.length > 0 ? [...request.ipList] : key.ips,
          permissions: request.permList.length > 0 ? [...request.permList] : key.permissions
        })!
        const permType = request.permType ?? key.permType
        state.accounts.keys.set(key.account.apiKey, { ...updated, permType })
        return keyRow(state.accounts.keys.get(key.account.apiKey)!)
      })),

    route(BrokerApiKey.DeleteSubaccountApikey, (request, context) =>
      Effect.gen(function*() {
        yield* owned(context, request.subUid)
        const key = state.accounts.keys.get(request.apiKey)
        if (key === undefined || key.account.uid !== request.subUid) {
          return yield* reject(
            codes.keyNotFound,
            `API key ${request.apiKey} of sub-account ${request.subUid} does not exist`
          )
        }
        state.accounts.deleteKey(request.apiKey)
        return "success"
      }))
  ]
}

/**
 * A deposit to a broker or virtual sub-account: credited to spot, or, when an automatic
 * transfer is set for the coin, to that futures account.
 */
export const deposit = (
  state: State,
  spot: SpotWorld,
  futures: FuturesControl,
  uid: string,
  coin: string,
  amount: BD.BigDecimal,
  now: number
): string => {
  const target = state.subs.get(uid)?.autoTransfer.get(coin.toUpperCase()) ?? "spot"
  if (target === "spot") return Ops.deposit(spot, uid, coin.toUpperCase(), amount, now)
  const before = futures.balance(coin, { uid })
  futures.setBalance(coin, BD.sum(before, amount), { uid })
  return target
}
