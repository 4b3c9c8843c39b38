/**
 * Virtual sub-accounts and their keys (`/api/v2/user/...`): created in the accounts registry,
 * so a key issued here signs calls as its sub-account on every endpoint, held to its
 * permissions and its account's status by the exchange.
 */
import * as VirtualSubaccount from "@effect-bitget/broker/VirtualSubaccount"
import * as VirtualSubaccountApiKey from "@effect-bitget/broker/VirtualSubaccountApiKey"
import * as Effect from "effect/Effect"
import type { AccountRecord } from "../Accounts.js"
import type * as Auth from "../Auth.js"
import { type Context, type Route, route } from "../Domain.js"
import { reject } from "../Rejection.js"
import { codes, MAX_VIRTUAL, type State, time } from "./State.js"

const caller = (context: Context) => context.account!.uid

const subRow = (state: State, record: AccountRecord) => ({
  subAccountUid: record.uid,
  subAccountName: state.subs.get(record.uid)!.name,
  label: record.label,
  status: record.status,
  permList: [...(record.permissions ?? [])],
  cTime: time(record.createdAt),
  uTime: time(record.uTime)
})

const keyRow = (key: Auth.Key) => ({
  subAccountUid: key.account.uid,
  label: key.label ?? "",
  subAccountApiKey: key.account.apiKey,
  permList: [...(key.permissions ?? [])],
  ipList: [...(key.ips ?? [])]
})

export const routes = (state: State): ReadonlyArray<Route> => [
  route(VirtualSubaccount.CreateVirtualSubaccount, (request, context) =>
    Effect.sync(() => {
      const parent = caller(context)
      const successList: Array<ReturnType<typeof subRow>> = []
      const failureList: Array<{ subAccountName: string }> = []
      for (const name of request.subAccountList) {
        if (state.isTaken(name) || state.list(parent, "virtual").length >= MAX_VIRTUAL) {
          failureList.push({ subAccountName: `${name.toLowerCase()}@virtual-bitget.com` })
          continue
        }
        successList.push(subRow(state, state.open(parent, "virtual", name, undefined, context.now).record))
      }
      return { successList, failureList }
    })),

  route(
    VirtualSubaccount.ModifyVirtualSubaccount,
    (request, context) =>
      Effect.map(state.owned(caller(context), request.subAccountUid, "virtual"), ({ record }) => {
        record.permissions = [...request.permList]
        record.status = request.status
        record.uTime = context.now
        return { result: "success" }
      })
  ),

  route(VirtualSubaccount.BatchCreateSubaccountAndApikey, (request, context) =>
    Effect.gen(function*() {
      const parent = caller(context)
      const names = request.map((item) => item.subAccountName.toLowerCase())
      const repeated = names.find((name, i) => names.indexOf(name) !== i || state.isTaken(name))
      if (repeated !== undefined) return yield* reject(codes.duplicateName, `Duplicate subName ${repeated}`)
      if (state.list(parent, "virtual").length + request.length > MAX_VIRTUAL) {
        return yield* reject(codes.tooManySubs, `at most ${MAX_VIRTUAL} virtual sub-accounts`)
      }
      const rows = []
      for (const item of request) {
        const { info, record } = state.open(parent, "virtual", item.subAccountName, item.label, context.now)
        const permissions = [...(item.permList ?? record.permissions ?? [])]
        const issued = yield* state.issue(record.uid, {
          passphrase: item.passphrase,
          permissions,
          ips: item.ipList,
          label: item.label,
          now: context.now
        })
        rows.push({
          subAccountUid: record.uid,
          subAccountName: info.name,
          label: item.label,
          subAccountApiKey: issued.apiKey,
          secretKey: issued.secret,
          permList: permissions,
          ipList: [...(item.ipList ?? [])]
        })
      }
      return rows
    })),

  route(VirtualSubaccount.VirtualSubaccountList, (request, context) =>
    Effect.sync(() => {
      const limit = request.limit ?? 100
      const below = request.idLessThan === undefined ? Infinity : Number(request.idLessThan)
      const rows = state.list(caller(context), "virtual").filter((r) =>
        Number(r.uid) < below && (request.status === undefined || r.status === request.status)
      ).slice(0, limit)
      const last = rows[rows.length - 1]
      return {
        subAccountList: rows.map((r) => subRow(state, r)),
        ...(last === undefined ? {} : { endId: last.uid })
      }
    })),

  route(VirtualSubaccountApiKey.CreateVirtualSubaccountApikey, (request, context) =>
    Effect.gen(function*() {
      const { record } = yield* state.owned(caller(context), request.subAccountUid, "virtual")
      const permissions = [...(request.permList ?? record.permissions ?? [])]
      const issued = yield* state.issue(record.uid, {
        passphrase: request.passphrase,
        permissions,
        ips: request.ipList,
        label: request.label,
        now: context.now
      })
      return {
        ...keyRow(state.accounts.keys.get(issued.apiKey)!),
        secretKey: issued.secret
      }
    })),

  route(VirtualSubaccountApiKey.ModifyVirtualSubaccountApikey, (request, context) =>
    Effect.gen(function*() {
      yield* state.owned(caller(context), request.subAccountUid, "virtual")
      const key = yield* state.key(request.subAccountUid, request.subAccountApiKey, request.passphrase)
      // Left out, the allow-list is emptied and the permissions stay (the modify page).
      const updated = state.accounts.updateKey(key.account.apiKey, {
        label: request.label,
        ips: [...(request.ipList ?? [])],
        permissions: request.permList === undefined ? key.permissions : [...request.permList]
      })!
      return { ...keyRow(updated), secretKey: "********" }
    })),

  route(VirtualSubaccountApiKey.VirtualSubaccountApikeyList, (request, context) =>
    Effect.map(
      state.owned(caller(context), request.subAccountUid, "virtual"),
      ({ record }) => state.accounts.keysOf(record.uid).map(keyRow)
    ))
]
