/**
 * Sub-accounts of a unified main account (`/api/v3/user/...`, `account/sub-unified-assets`):
 * created in the simulator's `Accounts` (so their keys sign and their status and permissions are
 * enforced for every call, see `Permissions.ts`), frozen and unfrozen, listed, their unified
 * balances read through `Funds`, their keys issued, changed and deleted, and the main account's
 * rate-limit quota shared among them.
 */
import * as SubAccount from "@effect-bitget/unified/SubAccount"
import * as SubAccountApiKey from "@effect-bitget/unified/SubAccountApiKey"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import type { AccountRecord } from "../Accounts.js"
import type * as Auth from "../Auth.js"
import { type Context, type Route, route } from "../Domain.js"
import { codes, reject } from "../Rejection.js"
import type { WalletState } from "./Wallet.js"

/** The simulator's caps for rate-limit quotas (requests per second): one account, all sub-accounts. */
export const SINGLE_CAP = 100
export const MASTER_SUB_CAP = 300

interface SubInfo {
  readonly username: string
  readonly note: string
  readonly type: "virtual" | "agent"
}

const at = (time: number) => DateTime.unsafeMake(time)
const given = (value: string | undefined): value is string => value !== undefined && value !== ""

export const subAccountRoutes = (state: WalletState, usd: (coin: string) => BD.BigDecimal): ReadonlyArray<Route> => {
  const accounts = state.accounts
  const subs = new Map<string, SubInfo>()
  /** Key order, newest last: a list's cursor is the sequence number of its last key. */
  const keySeq = new Map<string, number>()
  let seq = 0
  const quotas = new Map<string, number>()

  const uidOf = (context: Context) => context.account!.uid
  const mainOnly = (context: Context) =>
    accounts.isSubAccount(uidOf(context))
      ? reject(codes.subAccountForbidden, "Sub-account access is disabled for this endpoint")
      : Effect.void
  /** A sub-account of the caller (frozen ones too), or 40017. */
  const subOf = (context: Context, uid: string) => {
    const record = accounts.accounts.get(uid)
    return record === undefined || record.parentUid !== uidOf(context)
      ? reject(codes.parameter, `${uid} is not a sub-account of this account`)
      : Effect.succeed(record)
  }
  /** A key of one of the caller's sub-accounts, or 40017. */
  const keyOf = (context: Context, apiKey: string) => {
    const key = accounts.keys.get(apiKey)
    const owner = key === undefined ? undefined : accounts.accounts.get(key.account.uid)
    return key === undefined || owner?.parentUid !== uidOf(context)
      ? reject(codes.parameter, "apiKey: not a key of this account's sub-accounts")
      : Effect.succeed(key)
  }
  const typeOf = (key: Auth.Key) => key.permType === "readonly" ? "read_only" as const : "read_write" as const
  const keyOut = (key: Auth.Key) => ({
    apiKey: key.account.apiKey,
    type: typeOf(key),
    permissions: (key.permissions ?? []) as ReadonlyArray<string>,
    ...(given(key.label) ? { note: key.label } : {}),
    ...(key.ips === undefined ? {} : { ips: key.ips }),
    ...(key.createdAt === undefined ? {} : { ts: at(key.createdAt) })
  })
  const issue = (uid: string, options: {
    readonly passphrase: string
    readonly note: string
    readonly type: "read_write" | "read_only"
    readonly permissions: ReadonlyArray<string>
    readonly ips: ReadonlyArray<string>
    readonly now: number
  }) => {
    const issued = accounts.issueKey(uid, {
      passphrase: options.passphrase,
      permissions: options.permissions,
      ips: options.ips,
      label: options.note,
      now: options.now
    })
    const key = accounts.keys.get(issued.apiKey)!
    accounts.keys.set(issued.apiKey, { ...key, permType: options.type === "read_only" ? "readonly" : "read_and_write" })
    keySeq.set(issued.apiKey, ++seq)
    return issued
  }
  const open = (
    context: Context,
    username: string,
    note: string,
    type: SubInfo["type"],
    mode: "classic" | "unified"
  ) => {
    for (const info of subs.values()) {
      if (info.username === username) return reject(codes.parameter, `username ${username} is already taken`)
    }
    const record = accounts.open({ parentUid: uidOf(context), kind: type, label: username, now: context.now, mode })
    subs.set(record.uid, { username, note, type })
    return Effect.succeed(record)
  }
  const infoOut = (record: AccountRecord) => {
    const info = subs.get(record.uid)
    return {
      subUid: record.uid,
      status: record.status,
      accountMode: record.mode === "unified" ? "UNIFIED" : "CLASSIC",
      type: info?.type ?? "virtual",
      createdTime: at(record.createdAt),
      updatedTime: at(record.uTime),
      // One opened outside these routes (the simulator's `unifiedSubAccounts`) goes by its label.
      ...(info === undefined ? record.label === "" ? {} : { username: record.label } : { username: info.username }),
      ...(info === undefined || info.note === "" ? {} : { note: info.note })
    }
  }

  return [
    route(SubAccount.CreateSub, (request, context) =>
      Effect.zipRight(
        mainOnly(context),
        Effect.map(
          open(context, request.username, request.note ?? "", "virtual", request.accountMode ?? "unified"),
          (record) => ({
            username: request.username,
            subUid: record.uid,
            status: "normal",
            createdTime: at(record.createdAt),
            updatedTime: at(record.uTime),
            ...(given(request.note) ? { note: request.note } : {})
          })
        )
      )),
    route(SubAccount.CreateAgentSub, (request, context) =>
      Effect.zipRight(
        mainOnly(context),
        Effect.map(open(context, request.username, request.note ?? "", "agent", "unified"), (record) => {
          const issued = issue(record.uid, {
            passphrase: request.passphrase,
            note: request.username,
            type: "read_write",
            permissions: ["uta_mgt", "uta_trade"],
            ips: [],
            now: context.now
          })
          return {
            username: request.username,
            subUid: record.uid,
            apiKey: issued.apiKey,
            secret: issued.secret,
            createdTime: at(record.createdAt),
            ...(given(request.note) ? { note: request.note } : {})
          }
        })
      )),
    route(SubAccount.FreezeSub, (request, context) =>
      Effect.map(subOf(context, request.subUid), (record) => {
        record.status = request.operation === "freeze" ? "freeze" : "normal"
        record.uTime = context.now
        return {}
      })),
    route(SubAccount.SubList, (request, context) =>
      Effect.zipRight(
        mainOnly(context),
        Effect.sync(() => {
          const below = given(request.cursor) ? BigInt(request.cursor) : undefined
          const all = accounts.subAccounts(uidOf(context))
            .filter((record) => below === undefined || BigInt(record.uid) < below)
            .sort((a, b) => (BigInt(a.uid) < BigInt(b.uid) ? 1 : -1))
          const rows = all.slice(0, request.limit ?? 100)
          const last = rows[rows.length - 1]
          return {
            list: rows.map(infoOut),
            hasNext: all.length > rows.length,
            ...(last === undefined ? {} : { cursor: last.uid })
          }
        })
      )),
    route(SubAccount.SubUnifiedAssetsOf, (request, context) =>
      Effect.zipRight(
        mainOnly(context),
        Effect.sync(() => {
          const below = given(request.cursor) ? BigInt(request.cursor) : undefined
          return accounts.subAccounts(uidOf(context))
            .filter((record) =>
              record.mode === "unified" && (!given(request.subUid) || record.uid === request.subUid) &&
              (below === undefined || BigInt(record.uid) < below)
            )
            .sort((a, b) => (BigInt(a.uid) < BigInt(b.uid) ? 1 : -1))
            .slice(0, request.limit ?? 10)
            .map((record) => ({
              subUid: record.uid,
              cursor: record.uid,
              assets: state.funds.coins(record.uid, "uta").map((coin) => {
                const available = state.funds.available(record.uid, "uta", coin)
                return {
                  coin,
                  equity: available,
                  usdValue: BD.multiply(available, usd(coin)),
                  balance: available,
                  available,
                  debt: BD.fromBigInt(0n),
                  locked: BD.fromBigInt(0n)
                }
              })
            }))
        })
      )),
    route(SubAccount.RateLimitQuotaOf, (request, context) =>
      Effect.zipRight(
        mainOnly(context),
        Effect.flatMap(
          given(request.uid) ? Effect.asVoid(subOf(context, request.uid)) : Effect.void,
          () =>
            Effect.sync(() => {
              const quota = (uid: string) => quotas.get(`${request.category}:${uid}`) ?? 0
              const below = given(request.cursor) ? BigInt(request.cursor) : undefined
              const subsOf = accounts.subAccounts(uidOf(context))
              const rows = subsOf
                .filter((record) =>
                  (!given(request.uid) || record.uid === request.uid) &&
                  (below === undefined || BigInt(record.uid) < below)
                )
                .sort((a, b) => (BigInt(a.uid) < BigInt(b.uid) ? 1 : -1))
                .slice(0, request.limit ?? 100)
              const last = rows[rows.length - 1]
              return {
                category: request.category,
                quotaList: rows.map((record) => ({ uid: record.uid, quota: String(quota(record.uid)) })),
                masterSubQuota: String(subsOf.reduce((total, record) => total + quota(record.uid), 0)),
                masterSubCap: String(MASTER_SUB_CAP),
                ...(last === undefined ? {} : { cursor: last.uid })
              }
            })
        )
      )),
    route(SubAccount.SetRateLimitQuota, (request, context) =>
      Effect.gen(function*() {
        yield* mainOnly(context)
        for (const uid of request.uids) yield* subOf(context, uid)
        if (request.quota > SINGLE_CAP) {
          return yield* reject(codes.parameter, `quota: at most ${SINGLE_CAP} for one account`)
        }
        const key = (uid: string) => `${request.category}:${uid}`
        const named = new Set(request.uids)
        let total = request.quota * named.size
        for (const record of accounts.subAccounts(uidOf(context))) {
          if (!named.has(record.uid)) total += quotas.get(key(record.uid)) ?? 0
        }
        if (total > MASTER_SUB_CAP) {
          return yield* reject(
            codes.parameter,
            `quota: sub-accounts would hold ${total}, over the cap ${MASTER_SUB_CAP}`
          )
        }
        for (const uid of named) quotas.set(key(uid), request.quota)
        return {}
      })),
    route(
      SubAccountApiKey.CreateSubApi,
      (request, context) =>
        Effect.flatMap(subOf(context, request.subUid), (record) => {
          if (record.mode !== "unified") {
            return reject(codes.parameter, "Only a unified sub-account's keys are managed here")
          }
          const issued = issue(record.uid, {
            passphrase: request.passphrase,
            note: request.note,
            type: request.type,
            permissions: request.permissions,
            ips: request.ips,
            now: context.now
          })
          return Effect.succeed({
            ...keyOut(accounts.keys.get(issued.apiKey)!),
            secret: issued.secret
          })
        })
    ),
    route(SubAccountApiKey.UpdateSubApi, (request, context) =>
      Effect.flatMap(keyOf(context, request.apiKey), (key) => {
        if (key.passphrase !== request.passphrase) return reject(codes.passphraseWrong, "Passphrase error")
        const updated: Auth.Key = {
          ...key,
          ...(request.permissions === undefined ? {} : { permissions: request.permissions }),
          ...(request.type === undefined
            ? {}
            : { permType: request.type === "read_only" ? "readonly" : "read_and_write" }),
          ...(request.ips === undefined ? {} : { ips: request.ips })
        }
        accounts.keys.set(request.apiKey, updated)
        return Effect.succeed(keyOut(updated))
      })),
    route(SubAccountApiKey.DeleteSubApi, (request, context) =>
      Effect.map(keyOf(context, request.apiKey), () => {
        accounts.deleteKey(request.apiKey)
        keySeq.delete(request.apiKey)
        return {}
      })),
    route(SubAccountApiKey.SubApiList, (request, context) =>
      Effect.map(subOf(context, request.subUid), (record) => {
        const below = given(request.cursor) ? Number(request.cursor) : Infinity
        const all = accounts.keysOf(record.uid)
          .filter((key) => (keySeq.get(key.account.apiKey) ?? 0) < below)
          .sort((a, b) => (keySeq.get(b.account.apiKey) ?? 0) - (keySeq.get(a.account.apiKey) ?? 0))
        const rows = all.slice(0, request.limit ?? 100)
        const last = rows[rows.length - 1]
        return {
          list: rows.map(keyOut),
          hasNext: all.length > rows.length,
          ...(last === undefined ? {} : { cursor: String(keySeq.get(last.account.apiKey) ?? 0) })
        }
      }))
  ]
}
