/**
 * Virtual sub-accounts as real state: created through the API, their keys sign calls as them;
 * freezing refuses them, modified permissions hold on the next call, deleted keys are unknown,
 * IP allow-lists hold, sub-accounts start empty, and the list streams every sub-account once.
 */
import { BrokerSubaccount, VirtualSubaccount, VirtualSubaccountApiKey } from "@effect-bitget/broker"
import * as Account from "@effect-bitget/futures/Account"
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import {
  as,
  fresh,
  fundedSub,
  futuresOrder,
  keyOf,
  openFuturesOrders,
  PASSPHRASE,
  refusedWith,
  spotOrder,
  spotOrders,
  virtualSub
} from "./support.js"

const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const

layer(fresh(), { excludeTestServices: true })("virtual sub-accounts: flows", (it) => {
  it.effect("sub-account → key → trade → freeze → refused → unfreeze → trade; another sub-account is untouched", () =>
    Effect.gen(function*() {
      const uid = yield* fundedSub("flowaaaa")
      const other = yield* fundedSub("flowaaab")
      const key = as(yield* keyOf(uid, ["spot_trade"]))
      const otherKey = as(yield* keyOf(other, ["spot_trade"]))
      yield* spotOrder.pipe(Effect.provide(key))
      expect(yield* spotOrders(uid)).toBe(1)

      yield* VirtualSubaccount.modifyVirtualSubaccount({
        subAccountUid: uid,
        permList: ["spot_trade"],
        status: "freeze"
      })
      // Frozen: every call refused, reads too (40024, HTTP 400); nothing reaches the book.
      yield* refusedWith(spotOrder.pipe(Effect.provide(key)), "PermissionError", "40024")
      yield* refusedWith(Spot.Account.assets().pipe(Effect.provide(key)), "PermissionError", "40024")
      expect(yield* spotOrders(uid)).toBe(1)
      yield* spotOrder.pipe(Effect.provide(otherKey))
      expect(yield* spotOrders(other)).toBe(1)
      const [listed] = yield* VirtualSubaccount.virtualSubaccountList({ status: "freeze" })
        .pipe(Effect.map((page) => page.subAccountList))
      expect(listed).toMatchObject({ subAccountUid: uid, status: "freeze", permList: ["spot_trade"] })

      yield* VirtualSubaccount.modifyVirtualSubaccount({
        subAccountUid: uid,
        permList: ["spot_trade"],
        status: "normal"
      })
      yield* spotOrder.pipe(Effect.provide(key))
      expect(yield* spotOrders(uid)).toBe(2)
    }))

  it.effect("modified key permissions hold on the very next call; the key list shows them", () =>
    Effect.gen(function*() {
      const uid = yield* fundedSub("flowbbbb")
      const created = yield* VirtualSubaccountApiKey.createVirtualSubaccountApikey({
        subAccountUid: uid,
        passphrase: PASSPHRASE,
        label: "switching",
        permList: ["spot_trade"]
      })
      const key = as({ apiKey: created.subAccountApiKey, secret: created.secretKey, passphrase: PASSPHRASE })
      yield* spotOrder.pipe(Effect.provide(key))
      yield* refusedWith(futuresOrder.pipe(Effect.provide(key)), "PermissionError", "40014")

      const modified = yield* VirtualSubaccountApiKey.modifyVirtualSubaccountApikey({
        subAccountUid: uid,
        subAccountApiKey: created.subAccountApiKey,
        passphrase: PASSPHRASE,
        label: "futures now",
        permList: ["contract_trade"]
      })
      expect(modified.permList).toEqual(["contract_trade"])
      yield* refusedWith(spotOrder.pipe(Effect.provide(key)), "PermissionError", "40014")
      yield* futuresOrder.pipe(Effect.provide(key))
      expect(yield* openFuturesOrders.pipe(Effect.provide(key))).toBe(1)
      expect(yield* spotOrders(uid)).toBe(1)

      const keys = yield* VirtualSubaccountApiKey.virtualSubaccountApikeyList({ subAccountUid: uid })
      expect(keys).toEqual([{
        subAccountUid: uid,
        subAccountApiKey: created.subAccountApiKey,
        label: "futures now",
        permList: ["contract_trade"],
        ipList: []
      }])
      // The wrong passphrase changes nothing.
      const error = yield* VirtualSubaccountApiKey.modifyVirtualSubaccountApikey({
        subAccountUid: uid,
        subAccountApiKey: created.subAccountApiKey,
        passphrase: "wrongpass1",
        label: "hijack",
        permList: ["spot_trade"]
      }).pipe(Effect.flip)
      expect(error).toMatchObject({ code: "40017", status: 400 })
      yield* refusedWith(spotOrder.pipe(Effect.provide(key)), "PermissionError", "40014")
    }))

  it.effect("a deleted key is refused as unknown (40006); the sub-account's other key still works", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const uid = yield* fundedSub("flowcccc")
      const doomed = yield* keyOf(uid, ["spot_trade"])
      const kept = yield* keyOf(uid, ["spot_trade"])
      yield* spotOrder.pipe(Effect.provide(as(doomed)))
      expect(simulator.accounts.deleteKey(doomed.apiKey)).toBe(true)
      yield* refusedWith(spotOrder.pipe(Effect.provide(as(doomed))), "AuthenticationError", "40006")
      expect(yield* spotOrders(uid)).toBe(1)
      yield* spotOrder.pipe(Effect.provide(as(kept)))
      const keys = yield* VirtualSubaccountApiKey.virtualSubaccountApikeyList({ subAccountUid: uid })
      expect(keys.map((k) => k.subAccountApiKey)).toEqual([kept.apiKey])
    }))

  it.effect("an IP allow-list without the caller's address refuses it (40038) until it is changed", () =>
    Effect.gen(function*() {
      const uid = yield* fundedSub("flowdddd")
      const key = yield* keyOf(uid, ["spot_trade"], ["10.1.2.3"])
      yield* refusedWith(Spot.Account.assets().pipe(Effect.provide(as(key))), "AuthenticationError", "40038")
      yield* VirtualSubaccountApiKey.modifyVirtualSubaccountApikey({
        subAccountUid: uid,
        subAccountApiKey: key.apiKey,
        passphrase: PASSPHRASE,
        label: "loopback",
        ipList: ["10.1.2.3", "127.0.0.1"]
      })
      yield* spotOrder.pipe(Effect.provide(as(key)))
      expect(yield* spotOrders(uid)).toBe(1)
    }))

  it.effect("a sub-account's key may not manage sub-accounts (40068); nothing is created", () =>
    Effect.gen(function*() {
      const uid = yield* fundedSub("floweeee")
      const key = as(yield* keyOf(uid, ["spot_trade", "contract_trade"]))
      const before = (yield* VirtualSubaccount.virtualSubaccountList()).subAccountList.length
      yield* refusedWith(
        VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["sneakyaa"] }).pipe(Effect.provide(key)),
        "PermissionError",
        "40068"
      )
      yield* refusedWith(
        VirtualSubaccountApiKey.virtualSubaccountApikeyList({ subAccountUid: uid }).pipe(Effect.provide(key)),
        "PermissionError",
        "40068"
      )
      // Nor the broker's endpoints, nor sub-account transfers.
      yield* refusedWith(BrokerSubaccount.info().pipe(Effect.provide(key)), "PermissionError", "40068")
      const simulator = yield* Simulator.Simulator
      yield* refusedWith(
        Spot.Wallet.subaccountTransfer({
          fromType: "spot",
          toType: "spot",
          amount: "1",
          coin: "USDT",
          fromUserId: simulator.uid,
          toUserId: uid
        }).pipe(Effect.provide(key)),
        "PermissionError",
        "40068"
      )
      expect((yield* VirtualSubaccount.virtualSubaccountList()).subAccountList.length).toBe(before)
    }))

  it.effect("sub-accounts start empty in spot and futures; the main account keeps its starting balances", () =>
    Effect.gen(function*() {
      const uid = yield* virtualSub("emptyaaa")
      const key = as(yield* keyOf(uid, ["read"]))
      expect(yield* Spot.Account.assets().pipe(Effect.provide(key))).toEqual([])
      const futuresAccount = yield* Account.account(usdt).pipe(Effect.provide(key))
      expect(BigDecimal.format(futuresAccount.available)).toBe("0")
      const main = yield* Spot.Account.assets({ coin: "USDT" })
      expect(BigDecimal.isPositive(main[0]!.available)).toBe(true)
      expect(BigDecimal.format((yield* Account.account(usdt)).available)).not.toBe("0")
    }))

  it.effect("names are unique: a taken name comes back in failureList, the others are created", () =>
    Effect.gen(function*() {
      yield* virtualSub("uniqueaa")
      const created = yield* VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["UNIQUEAA", "uniqueab"] })
      expect(created.failureList.map((f) => f.subAccountName)).toEqual(["uniqueaa@virtual-bitget.com"])
      expect(created.successList.map((s) => s.subAccountName)).toEqual(["uniqueab@virtual-bitget.com"])
      expect(created.successList[0]!.permList).toEqual(["spot_trade", "contract_trade"])
    }))

  it.effect("batch creation: every key signs as its own new sub-account at once", () =>
    Effect.gen(function*() {
      const made = yield* VirtualSubaccount.batchCreateSubaccountAndApikey([
        { subAccountName: "batchaaa", passphrase: "batchpass1", label: "one", permList: ["spot_trade"] },
        { subAccountName: "batchaab", passphrase: "batchpass2", label: "two", permList: ["read"] }
      ])
      expect(made.map((m) => m.label)).toEqual(["one", "two"])
      const [one, two] = made
      const simulator = yield* Simulator.Simulator
      yield* Spot.Wallet.subaccountTransfer({
        fromType: "spot",
        toType: "spot",
        amount: "100",
        coin: "USDT",
        fromUserId: simulator.uid,
        toUserId: one!.subAccountUid
      })
      yield* spotOrder.pipe(
        Effect.provide(as({ apiKey: one!.subAccountApiKey, secret: one!.secretKey, passphrase: "batchpass1" }))
      )
      expect(yield* spotOrders(one!.subAccountUid)).toBe(1)
      const twoKey = as({ apiKey: two!.subAccountApiKey, secret: two!.secretKey, passphrase: "batchpass2" })
      expect(yield* Spot.Account.assets().pipe(Effect.provide(twoKey))).toEqual([])
      yield* refusedWith(spotOrder.pipe(Effect.provide(twoKey)), "PermissionError", "40014")
      // A name already taken refuses the whole batch; nothing is created.
      const before = (yield* VirtualSubaccount.virtualSubaccountList()).subAccountList.length
      const error = yield* VirtualSubaccount.batchCreateSubaccountAndApikey([
        { subAccountName: "batchaac", passphrase: "batchpass3", label: "three" },
        { subAccountName: "batchaaa", passphrase: "batchpass4", label: "four" }
      ]).pipe(Effect.flip)
      expect(error).toMatchObject({ code: "40071", status: 400 })
      expect((yield* VirtualSubaccount.virtualSubaccountList()).subAccountList.length).toBe(before)
    }))
})

layer(fresh(), { excludeTestServices: true })("virtual sub-account list", (it) => {
  it.effect("streamed across pages of 3: every sub-account once, newest first, endId as the cursor", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const names = ["listaaaa", "listaaab", "listaaac", "listaaad", "listaaae", "listaaaf", "listaaag"]
      const created = yield* VirtualSubaccount.createVirtualSubaccount({ subAccountList: names })
      const uids = created.successList.map((s) => s.subAccountUid)
      expect(uids).toHaveLength(7)

      const before = simulator.traffic.count("GET /api/v2/user/virtual-subaccount-list")
      const pages = Chunk.toReadonlyArray(
        yield* Stream.runCollect(VirtualSubaccount.virtualSubaccountList.pages({ limit: 3 }))
      )
      expect(pages.map((p) => p.subAccountList.length)).toEqual([3, 3, 1])
      // One request a page, and at most one more to learn the last one was last.
      const requests = simulator.traffic.count("GET /api/v2/user/virtual-subaccount-list") - before
      expect(requests === 3 || requests === 4).toBe(true)
      // endId is the last row's uid: the next page's idLessThan.
      expect(pages[0]!.endId).toBe(pages[0]!.subAccountList[2]!.subAccountUid)

      const streamed = Chunk.toReadonlyArray(
        yield* Stream.runCollect(VirtualSubaccount.virtualSubaccountList.items({ limit: 3 }))
      ).map((row) => row.subAccountUid)
      expect(streamed).toEqual([...uids].reverse())
      expect(new Set(streamed).size).toBe(7)

      // The filter: only frozen ones, across pages of 1.
      for (const uid of [uids[1]!, uids[4]!]) {
        yield* VirtualSubaccount.modifyVirtualSubaccount({ subAccountUid: uid, permList: ["read"], status: "freeze" })
      }
      const frozen = Chunk.toReadonlyArray(
        yield* Stream.runCollect(VirtualSubaccount.virtualSubaccountList.items({ limit: 1, status: "freeze" }))
      ).map((row) => row.subAccountUid)
      expect(frozen).toEqual([uids[4]!, uids[1]!])
      const normal = yield* Stream.runCollect(VirtualSubaccount.virtualSubaccountList.items({ status: "normal" }))
      expect(Chunk.size(normal)).toBe(5)
    }))

  it.effect("without a limit, pages are as large as the specification allows: one page holds all seven", () =>
    Effect.gen(function*() {
      const pages = Chunk.toReadonlyArray(yield* Stream.runCollect(VirtualSubaccount.virtualSubaccountList.pages()))
      expect(pages[0]!.subAccountList).toHaveLength(7)
      expect(pages.flatMap((p) => p.subAccountList)).toHaveLength(7)
    }))
})

layer(fresh(), { excludeTestServices: true })("virtual sub-account limits", (it) => {
  it.effect("20 virtual sub-accounts at most: past it a name goes to failureList, a batch is refused (40069)", () =>
    Effect.gen(function*() {
      const name = (i: number) =>
        `limit${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}x`
      const first = yield* VirtualSubaccount.createVirtualSubaccount({
        subAccountList: Array.from({ length: 19 }, (_, i) => name(i))
      })
      expect(first.successList).toHaveLength(19)
      const edge = yield* VirtualSubaccount.createVirtualSubaccount({ subAccountList: [name(19), name(20)] })
      expect(edge.successList.map((s) => s.subAccountName)).toEqual([`${name(19)}@virtual-bitget.com`])
      expect(edge.failureList.map((f) => f.subAccountName)).toEqual([`${name(20)}@virtual-bitget.com`])
      const batch = yield* VirtualSubaccount.batchCreateSubaccountAndApikey([
        { subAccountName: name(21), passphrase: "limitpass1", label: "over" }
      ]).pipe(Effect.flip)
      expect(batch).toMatchObject({ code: "40069", status: 400 })
      expect(Chunk.size(yield* Stream.runCollect(VirtualSubaccount.virtualSubaccountList.items()))).toBe(20)
    }))

  it.effect("10 keys a sub-account at most (40063)", () =>
    Effect.gen(function*() {
      const [sub] = (yield* VirtualSubaccount.virtualSubaccountList({ limit: 1 })).subAccountList
      for (let i = 0; i < 10; i++) yield* keyOf(sub!.subAccountUid, ["read"])
      const error = yield* keyOf(sub!.subAccountUid, ["read"]).pipe(Effect.flip)
      expect(error).toMatchObject({ code: "40063", status: 400 })
      expect(yield* VirtualSubaccountApiKey.virtualSubaccountApikeyList({ subAccountUid: sub!.subAccountUid }))
        .toHaveLength(10)
    }))
})
