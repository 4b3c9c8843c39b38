import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedWalletControl } from "@effect-bitget/simulator/unified/WalletDomain"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Clock from "effect/Clock"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { refusedLocally } from "../../core/test/refused.js"
import { drive } from "./drive.js"

const { Deposit, SubAccount, SubAccountApiKey, Transfer } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const wallet = Simulator.control<UnifiedWalletControl>("unifiedWallet")
const day = 86_400_000
const time = (ms: number) => DateTime.unsafeMake(ms)
const text = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : BigDecimal.format(BigDecimal.normalize(value))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

/** Runs `effect` signed with a sub-account's key. */
const as =
  (key: { readonly apiKey: string; readonly secret: string }, passphrase: string) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.provide(
      effect,
      Simulator.layerClient({ key: { apiKey: key.apiKey, secret: key.secret, passphrase } })
    )

/** The sub-account's unified USDT, as the main account reads it. */
const subUsdt = (subUid: string) =>
  Effect.map(
    SubAccount.subUnifiedAssets({ subUid }),
    (rows) => rows[0]?.assets.find((asset) => asset.coin === "USDT")?.available
  )

layer(Env)("unified sub-accounts", (it) => {
  it.effect("created, keyed, funded, and refused what its key may not do", () =>
    drive(Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const main = sim.unified.uid
      const sub = yield* SubAccount.createSub({ username: "alpha", accountMode: "unified", note: "desk" })
      expect(sub.status).toBe("normal")
      const passphrase = "pass1234"
      const key = (note: string, type: "read_write" | "read_only", permissions: Array<"uta_mgt" | "uta_trade">) =>
        SubAccountApiKey.createSubApi({ subUid: sub.subUid, note, type, passphrase, permissions, ips: [] })
      const reader = yield* key("reader", "read_only", ["uta_mgt"])
      const trader = yield* key("trader", "read_write", ["uta_trade"])
      const manager = yield* key("manager", "read_write", ["uta_mgt"])

      // Funded by the main account: the sub-account's unified balance moves.
      expect(yield* subUsdt(sub.subUid)).toBeUndefined()
      const funded = yield* Transfer.subTransfer({
        fromType: "uta",
        toType: "uta",
        amount: "100",
        coin: "USDT",
        fromUserId: main,
        toUserId: sub.subUid,
        clientOid: "fund-1"
      })
      expect(text(yield* subUsdt(sub.subUid))).toBe("100")

      const back = { fromType: "uta", toType: "uta", amount: "30", coin: "USDT" } as const
      // A read-only key reads, and is refused every write.
      const address = yield* Deposit.depositAddress({ coin: "USDT" }).pipe(as(reader, passphrase))
      expect(address.coin).toBe("USDT")
      const readOnly = yield* Effect.flip(Transfer.subMasterTransfer(back).pipe(as(reader, passphrase)))
      expect(readOnly._tag).toBe("PermissionError")
      // A trading key may not move funds; a managing one may.
      const tradeOnly = yield* Effect.flip(Transfer.subMasterTransfer(back).pipe(as(trader, passphrase)))
      expect(tradeOnly._tag).toBe("PermissionError")
      expect(tradeOnly.message).toContain("uta_mgt")
      yield* Transfer.subMasterTransfer({ ...back, clientOid: "back-1" }).pipe(as(manager, passphrase))
      expect(text(yield* subUsdt(sub.subUid))).toBe("70")
      // A sub-account may not manage sub-accounts or move the main account's funds.
      const notMain = yield* Effect.flip(SubAccount.createSub({ username: "beta" }).pipe(as(manager, passphrase)))
      expect(notMain._tag).toBe("PermissionError")
      const notMain2 = yield* Effect.flip(
        Transfer.subTransfer({
          ...back,
          fromUserId: main,
          toUserId: sub.subUid,
          clientOid: "x-1"
        }).pipe(as(manager, passphrase))
      )
      expect(notMain2._tag).toBe("PermissionError")

      // Both ends of the transfers are in the records, newest first.
      const sentByMain = yield* Transfer.subTransferRecords({})
      expect(sentByMain.list.map((r) => r.transferId)).toEqual([funded.transferId])
      const received = yield* Transfer.subTransferRecords({ subUid: sub.subUid, role: "receiver" })
      expect(received.list.map((r) => r.clientOid)).toEqual(["fund-1"])
      const sentBySub = yield* Transfer.subTransferRecords({ subUid: sub.subUid })
      expect(sentBySub.list.map((r) => [r.clientOid, r.fromUserId, r.toUserId])).toEqual([["back-1", sub.subUid, main]])

      // Frozen: its keys are refused everything and it takes no transfer; unfrozen: it works again.
      yield* SubAccount.freezeSub({ subUid: sub.subUid, operation: "freeze" })
      const frozen = yield* Effect.flip(Deposit.depositAddress({ coin: "USDT" }).pipe(as(manager, passphrase)))
      expect(frozen._tag).toBe("PermissionError")
      expect((frozen as { readonly code?: string }).code).toBe("40024")
      const toFrozen = yield* Effect.flip(Transfer.subTransfer({
        fromType: "uta",
        toType: "uta",
        amount: "1",
        coin: "USDT",
        fromUserId: main,
        toUserId: sub.subUid,
        clientOid: "fund-2"
      }))
      expect(toFrozen._tag).toBe("PermissionError")
      const listed = yield* SubAccount.subList()
      expect(listed.list.find((row) => row.subUid === sub.subUid)!.status).toBe("freeze")
      yield* SubAccount.freezeSub({ subUid: sub.subUid, operation: "unfreeze" })
      yield* Deposit.depositAddress({ coin: "USDT" }).pipe(as(manager, passphrase))

      // A key's permissions changed: the next call is held to the new ones.
      const updated = yield* SubAccountApiKey.updateSubApi({
        apiKey: reader.apiKey,
        passphrase,
        type: "read_write",
        permissions: ["uta_mgt"]
      })
      expect(updated.type).toBe("read_write")
      yield* Transfer.subMasterTransfer({ ...back, amount: "5" }).pipe(as(reader, passphrase))
      expect(text(yield* subUsdt(sub.subUid))).toBe("65")
      const wrongPass = yield* Effect.flip(
        SubAccountApiKey.updateSubApi({ apiKey: reader.apiKey, passphrase: "other123" })
      )
      expect(wrongPass._tag).toBe("AuthenticationError")

      // Deleted: the key is unknown from then on.
      expect((yield* SubAccountApiKey.subApiList({ subUid: sub.subUid })).list.length).toBe(3)
      yield* SubAccountApiKey.deleteSubApi({ apiKey: trader.apiKey })
      const keys = yield* SubAccountApiKey.subApiList({ subUid: sub.subUid })
      expect(keys.list.map((k) => k.note).sort()).toEqual(["manager", "reader"])
      const gone = yield* Effect.flip(Deposit.depositAddress({ coin: "USDT" }).pipe(as(trader, passphrase)))
      expect(gone._tag).toBe("AuthenticationError")
    })))

  it.effect("an Agent sub-account comes with a working key; deposits of a sub-account are the main account's to read", () =>
    drive(Effect.gen(function*() {
      const control = yield* wallet
      const agent = yield* SubAccount.createAgentSub({ username: "agent", passphrase: "agentpass1" })
      const address = yield* Deposit.depositAddress({ coin: "BTC" }).pipe(as(agent, "agentpass1"))
      expect(address).toEqual(yield* Deposit.subDepositAddress({ subUid: agent.subUid, coin: "BTC" }))
      const now = yield* Clock.currentTimeMillis
      const orderId = control.deposit("USDT", "12", { uid: agent.subUid })
      const records = yield* Deposit.subDepositRecords({
        subUid: agent.subUid,
        startTime: time(now - day),
        endTime: time(now + 1000)
      })
      expect(records.map((r) => r.orderId)).toEqual([orderId])
      expect(text(yield* subUsdt(agent.subUid))).toBe("12")
      // Not the main account's own deposits, and not another main account's sub-account.
      const own = yield* Deposit.depositRecords({ startTime: time(now - day), endTime: time(now + 1000) })
      expect(own.map((r) => r.orderId)).not.toContain(orderId)
      const stranger = yield* Effect.flip(Deposit.subDepositAddress({ subUid: "1", coin: "BTC" }))
      expect(stranger._tag).toBe("InvalidParameter")
      // The agent's key is refused the main account's endpoints.
      const notMain = yield* Effect.flip(SubAccount.subList().pipe(as(agent, "agentpass1")))
      expect(notMain._tag).toBe("PermissionError")
    })))

  it.effect("sub-accounts and their keys page by cursor; the rate-limit quota is shared within its cap", () =>
    drive(Effect.gen(function*() {
      const created: Array<string> = []
      for (const name of ["ca", "cb", "cc", "cd", "ce"]) {
        created.push((yield* SubAccount.createSub({ username: name })).subUid)
      }
      const pages = Chunk.toReadonlyArray(yield* Stream.runCollect(SubAccount.subList.pages({ limit: 2 })))
      const all = pages.flatMap((p) => p.list.map((row) => row.subUid))
      expect(new Set(all).size).toBe(all.length)
      for (const uid of created) expect(all).toContain(uid)
      expect(pages.every((p) => p.list.length <= 2)).toBe(true)
      for (const note of ["k1", "k2", "k3"]) {
        yield* SubAccountApiKey.createSubApi({
          subUid: created[0]!,
          note,
          type: "read_only",
          passphrase: "pass1234",
          permissions: ["uta_trade"],
          ips: ["127.0.0.1"]
        })
      }
      const keys = Chunk.toReadonlyArray(
        yield* Stream.runCollect(SubAccountApiKey.subApiList.items({ subUid: created[0]!, limit: 2 }))
      )
      expect(keys.map((k) => k.note)).toEqual(["k3", "k2", "k1"])
      expect(keys[0]!.ips).toEqual(["127.0.0.1"])
      const assets = Chunk.toReadonlyArray(yield* Stream.runCollect(SubAccount.subUnifiedAssets.items({ limit: 2 })))
      expect(new Set(assets.map((a) => a.subUid)).size).toBe(assets.length)
      for (const uid of created) expect(assets.map((a) => a.subUid)).toContain(uid)

      yield* SubAccount.setRateLimitQuota({ category: "futures", uids: created.slice(0, 2), quota: 100 })
      const quota = yield* SubAccount.rateLimitQuota({ category: "futures", uid: created[0]! })
      expect(quota.quotaList).toEqual([{ uid: created[0]!, quota: "100" }])
      expect(quota.masterSubQuota).toBe("200")
      // One account past its cap, or the sub-accounts together past theirs: refused by the exchange.
      const single = yield* Effect.flip(
        SubAccount.setRateLimitQuota({ category: "futures", uids: [created[2]!], quota: 101 })
      )
      expect(single._tag).toBe("InvalidParameter")
      const total = yield* Effect.flip(
        SubAccount.setRateLimitQuota({ category: "futures", uids: created.slice(2, 4), quota: 60 })
      )
      expect(total._tag).toBe("InvalidParameter")
      // Each product line has its own quota.
      expect((yield* SubAccount.rateLimitQuota({ category: "spot", uid: created[0]! })).quotaList[0]!.quota).toBe("0")
    })))

  it.effect("local rules: refused with nothing sent, the boundary accepted", () =>
    drive(Effect.gen(function*() {
      yield* SubAccount.createSub({ username: "abcdefghijklmnopqrst", note: "n".repeat(50) })
      const count = yield* sent
      yield* refusedLocally(SubAccount.createSub({ username: "abcdefghijklmnopqrstu" }), "username: 1 to 20", count)
      yield* refusedLocally(SubAccount.createSub({ username: "Alpha" }), "username: 1 to 20 lower-case letters", count)
      yield* refusedLocally(
        SubAccount.createSub({ username: "alphb", note: "n".repeat(51) }),
        "note: at most 50 characters",
        count
      )
      const api = { subUid: "1", note: "k", type: "read_only", permissions: ["uta_mgt"], ips: [] } as const
      yield* refusedLocally(
        SubAccountApiKey.createSubApi({ ...api, passphrase: "abc1234" }),
        "passphrase: 8 to 32 letters and digits",
        count
      )
      yield* refusedLocally(
        SubAccountApiKey.createSubApi({ ...api, passphrase: "a".repeat(33) }),
        "passphrase: 8 to 32 letters and digits",
        count
      )
      yield* refusedLocally(
        SubAccountApiKey.createSubApi({ ...api, passphrase: "abcd1234", ips: ["300.1.1.1"] }),
        "is not an IPv4 address",
        count
      )
      yield* refusedLocally(
        SubAccountApiKey.createSubApi({
          ...api,
          passphrase: "abcd1234",
          ips: Array.from({ length: 31 }, (_, i) => `10.0.0.${i}`)
        }),
        "ips: at most 30 addresses",
        count
      )
      yield* refusedLocally(
        SubAccountApiKey.createSubApi({ ...api, passphrase: "abcd1234", note: "1key" }),
        "note: a letter, then letters, digits, - and _",
        count
      )
      yield* refusedLocally(
        SubAccountApiKey.updateSubApi({ apiKey: "k", passphrase: "abcd1234", type: "read_only" }),
        "type and permissions: give both or neither",
        count
      )
      yield* refusedLocally(
        SubAccount.setRateLimitQuota({
          category: "spot",
          uids: Array.from({ length: 51 }, (_, i) => String(i + 1)),
          quota: 1
        }),
        "uids: 1 to 50 sub-accounts, got 51",
        count
      )
      yield* refusedLocally(
        SubAccount.setRateLimitQuota({ category: "spot", uids: [], quota: 1 }),
        "uids: 1 to 50 sub-accounts, got 0",
        count
      )
      yield* refusedLocally(SubAccount.subUnifiedAssets({ limit: 51 }), "limit must be an integer from 1 to 50", count)
      yield* refusedLocally(SubAccount.subList({ limit: 101 }), "limit must be an integer from 1 to 100", count)
      // 50 sub-accounts' quotas in one call pass the local check (the exchange then refuses unknown uids).
      const before = count()
      const fifty = yield* Effect.flip(
        SubAccount.setRateLimitQuota({
          category: "spot",
          uids: Array.from({ length: 50 }, (_, i) => String(i + 1)),
          quota: 1
        })
      )
      expect(fifty._tag).toBe("InvalidParameter")
      expect(count()).toBe(before + 1)
      yield* SubAccount.subUnifiedAssets({ limit: 50 })
    })))
})
