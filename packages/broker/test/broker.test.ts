/**
 * An ND broker's sub-accounts as real state: created and listed across pages, modified
 * (status, permissions, language, email), their spot and futures assets read from the spot and
 * futures domains, deposit addresses kept, withdrawals debiting the sub-account, deposits
 * auto-transferred, and API keys held to their type and permissions on every call.
 */
import { BrokerApiKey, BrokerSubaccount, VirtualSubaccount } from "@effect-bitget/broker"
import { Simulator } from "@effect-bitget/simulator"
import type { BrokerControl } from "@effect-bitget/simulator/broker/BrokerDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import { as, fresh, futures, futuresOrder, openFuturesOrders, refusedWith, spotOrder, spotOrders } from "./support.js"

const broker = Simulator.control<BrokerControl>("broker")
const fmt = (value: BigDecimal.BigDecimal) => BigDecimal.format(value)

/** Moves `amount` USDT of the main account's spot balance to the sub-account. */
const fund = (uid: string, amount: string) =>
  Effect.flatMap(Simulator.Simulator, (simulator) =>
    Spot.Wallet.subaccountTransfer({
      fromType: "spot",
      toType: "spot",
      amount,
      coin: "USDT",
      fromUserId: simulator.uid,
      toUserId: uid
    }))

layer(fresh(), { excludeTestServices: true })("broker sub-accounts", (it) => {
  it.effect("create, count, list across pages (newest first, each once), filter by status", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const made: Array<string> = []
      for (const name of ["deskone", "desktwo", "deskthree", "deskfour", "deskfive"]) {
        const sub = yield* BrokerSubaccount.createSubaccount({ subaccountName: name, label: `${name} label` })
        expect(sub).toMatchObject({ status: "normal", label: `${name} label` })
        expect(sub.permList).toEqual(["read", "spot_trade", "contract_trade", "transfer", "withdraw", "deposit"])
        made.push(sub.subUid)
      }
      const taken = yield* BrokerSubaccount.createSubaccount({ subaccountName: "deskone" }).pipe(Effect.flip)
      expect(taken).toMatchObject({ code: "40060", status: 400 })
      expect(yield* BrokerSubaccount.info()).toMatchObject({ subAccountSize: "5", maxSubAccountSize: "100" })

      const before = simulator.traffic.count("GET /api/v2/broker/account/subaccount-list")
      const pages = Chunk.toReadonlyArray(yield* Stream.runCollect(BrokerSubaccount.subaccountList.pages({ limit: 2 })))
      expect(pages.map((p) => p.subList.length)).toEqual([2, 2, 1])
      expect(pages.map((p) => p.hasNextPage)).toEqual([true, true, false])
      // One request a page, and at most one more to learn the last one was last.
      const requests = simulator.traffic.count("GET /api/v2/broker/account/subaccount-list") - before
      expect(requests === 3 || requests === 4).toBe(true)
      const listed = pages.flatMap((p) => p.subList.map((s) => s.subUid))
      expect(listed).toEqual([...made].reverse())

      yield* BrokerSubaccount.modifySubaccount({
        subUid: made[2]!,
        permList: ["read"],
        status: "freeze",
        language: "ja_JP"
      }).pipe(
        Effect.tap((sub) => expect(sub).toMatchObject({ status: "freeze", language: "ja_JP", permList: ["read"] }))
      )
      // Created between two times: the three newest were created at or after the third one.
      const third = yield* BrokerSubaccount.subaccountList({ limit: 100 }).pipe(
        Effect.map((page) => page.subList.find((s) => s.subUid === made[2])!)
      )
      const since = yield* Stream.runCollect(BrokerSubaccount.subaccountList.items({ startTime: third.cTime }))
      expect(Chunk.toReadonlyArray(since).map((s) => s.subUid)).toEqual([made[4], made[3], made[2]])
      const until = yield* Stream.runCollect(BrokerSubaccount.subaccountList.items({ endTime: third.cTime }))
      expect(Chunk.toReadonlyArray(until).map((s) => s.subUid)).toEqual([made[2], made[1], made[0]])
      const frozen = yield* Stream.runCollect(BrokerSubaccount.subaccountList.items({ status: "freeze" }))
      expect(Chunk.toReadonlyArray(frozen).map((s) => s.subUid)).toEqual([made[2]!])
    }))

  it.effect("email: absent until bound, then read back", () =>
    Effect.gen(function*() {
      const sub = yield* BrokerSubaccount.createSubaccount({ subaccountName: "mailbox" })
      const before = yield* BrokerSubaccount.subaccountEmail({ subUid: sub.subUid })
      expect(before.subaccountEmail).toBeUndefined()
      expect(before.subaccountName).toBe(sub.subaccountName)
      expect(yield* BrokerSubaccount.modifySubaccountEmail({ subUid: sub.subUid, subaccountEmail: "ops@desk.example" }))
        .toBe("success")
      expect((yield* BrokerSubaccount.subaccountEmail({ subUid: sub.subUid })).subaccountEmail).toBe("ops@desk.example")
    }))

  it.effect("spot assets: empty at first; held coins, one coin, or all", () =>
    Effect.gen(function*() {
      const sub = yield* BrokerSubaccount.createSubaccount({ subaccountName: "assets" })
      expect((yield* BrokerSubaccount.subaccountSpotAssets({ subUid: sub.subUid })).assetsList).toEqual([])
      yield* fund(sub.subUid, "250")
      const held = (yield* BrokerSubaccount.subaccountSpotAssets({ subUid: sub.subUid })).assetsList
      expect(held.map((a) => [a.coin, fmt(a.available)])).toEqual([["USDT", "250"]])
      const btc = (yield* BrokerSubaccount.subaccountSpotAssets({ subUid: sub.subUid, coin: "btc" })).assetsList
      expect(btc.map((a) => [a.coin, fmt(a.available)])).toEqual([["BTC", "0"]])
      const all = (yield* BrokerSubaccount.subaccountSpotAssets({ subUid: sub.subUid, assetType: "all" })).assetsList
      expect(all.map((a) => a.coin).sort()).toEqual(["BTC", "USDT"])
    }))

  it.effect("deposits follow the automatic transfer: spot by default, the futures account once set", () =>
    Effect.gen(function*() {
      const control = yield* broker
      const sub = yield* BrokerSubaccount.createSubaccount({ subaccountName: "autoxfer" })
      const futuresAssets = BrokerSubaccount.subaccountFutureAssets({ subUid: sub.subUid, productType: "USDT-FUTURES" })
        .pipe(Effect.map((d) => d.assetsList.map((a) => [a.marginCoin, fmt(a.available)])))
      expect(yield* futuresAssets).toEqual([["USDT", "0"]])

      control.deposit(sub.subUid, "USDT", "40")
      expect(
        (yield* BrokerSubaccount.subaccountSpotAssets({ subUid: sub.subUid })).assetsList.map((a) => fmt(a.available))
      ).toEqual(["40"])

      expect(
        yield* BrokerSubaccount.setSubaccountAutotransfer({
          subUid: sub.subUid,
          coin: "USDT",
          toAccountType: "usdt-futures"
        })
      ).toBe("success")
      control.deposit(sub.subUid, "USDT", "60")
      expect(yield* futuresAssets).toEqual([["USDT", "60"]])
      expect(
        (yield* BrokerSubaccount.subaccountSpotAssets({ subUid: sub.subUid })).assetsList.map((a) => fmt(a.available))
      ).toEqual(["40"])
    }))

  it.effect("deposit addresses: kept per coin and chain, the main chain by default, one per sub-account", () =>
    Effect.gen(function*() {
      const a = yield* BrokerSubaccount.createSubaccount({ subaccountName: "addressa" })
      const b = yield* BrokerSubaccount.createSubaccount({ subaccountName: "addressb" })
      const first = yield* BrokerSubaccount.subaccountAddress({ subUid: a.subUid, coin: "USDT" })
      expect(first).toMatchObject({ subUid: a.subUid, coin: "USDT", chain: "TRC20" })
      expect(first.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/)
      expect(yield* BrokerSubaccount.subaccountAddress({ subUid: a.subUid, coin: "USDT" })).toEqual(first)
      const erc20 = yield* BrokerSubaccount.subaccountAddress({ subUid: a.subUid, coin: "USDT", chain: "ERC20" })
      expect(erc20.address).toMatch(/^0x[0-9a-f]{40}$/)
      expect(erc20.url).toBe("https://etherscan.io/tx/")
      const other = yield* BrokerSubaccount.subaccountAddress({ subUid: b.subUid, coin: "USDT" })
      expect(other.address).not.toBe(first.address)
    }))

  it.effect("withdrawals debit the sub-account; too much, a repeated clientOid, or no withdraw permission are refused", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const sub = yield* BrokerSubaccount.createSubaccount({ subaccountName: "payouts" })
      yield* fund(sub.subUid, "100")
      const spotOf = (uid: string) =>
        BrokerSubaccount.subaccountSpotAssets({ subUid: uid, coin: "USDT" }).pipe(
          Effect.map((d) => fmt(d.assetsList[0]!.available))
        )
      const done = yield* BrokerSubaccount.subaccountWithdrawal({
        subUid: sub.subUid,
        coin: "USDT",
        dest: "on_chain",
        address: "TXYZabcdefghijkmnopqrstuvwxyz12345",
        amount: "30",
        clientOid: "payout-1"
      })
      expect(done.clientOid).toBe("payout-1")
      expect(yield* spotOf(sub.subUid)).toBe("70")

      const repeated = yield* BrokerSubaccount.subaccountWithdrawal({
        subUid: sub.subUid,
        coin: "USDT",
        dest: "on_chain",
        address: "TXYZabcdefghijkmnopqrstuvwxyz12345",
        amount: "1",
        clientOid: "payout-1"
      }).pipe(Effect.flip)
      expect(repeated).toMatchObject({ code: "43118", status: 400 })
      const tooMuch = yield* BrokerSubaccount.subaccountWithdrawal({
        subUid: sub.subUid,
        coin: "USDT",
        dest: "on_chain",
        address: "TXYZabcdefghijkmnopqrstuvwxyz12345",
        amount: "70.01"
      }).pipe(Effect.flip)
      expect(tooMuch).toMatchObject({ code: "43012", status: 400 })
      expect(yield* spotOf(sub.subUid)).toBe("70")

      // Internal: to the main account's uid.
      const mainBefore = (yield* Spot.Account.assets({ coin: "USDT" }))[0]!.available
      yield* BrokerSubaccount.subaccountWithdrawal({
        subUid: sub.subUid,
        coin: "USDT",
        dest: "internal_transfer",
        address: simulator.uid,
        amount: "20"
      })
      expect(yield* spotOf(sub.subUid)).toBe("50")
      const mainAfter = (yield* Spot.Account.assets({ coin: "USDT" }))[0]!.available
      expect(fmt(BigDecimal.subtract(mainAfter, mainBefore))).toBe("20")

      const payout = {
        subUid: sub.subUid,
        coin: "USDT",
        dest: "on_chain",
        address: "TXYZabcdefghijkmnopqrstuvwxyz12345",
        amount: "1"
      } as const
      const all = ["read", "spot_trade", "contract_trade", "transfer", "withdraw", "deposit"] as const
      yield* BrokerSubaccount.modifySubaccount({ subUid: sub.subUid, permList: [...all], status: "freeze" })
      yield* refusedWith(BrokerSubaccount.subaccountWithdrawal(payout), "PermissionError", "40024")
      yield* BrokerSubaccount.modifySubaccount({
        subUid: sub.subUid,
        permList: ["read", "spot_trade"],
        status: "normal"
      })
      yield* refusedWith(BrokerSubaccount.subaccountWithdrawal(payout), "PermissionError", "40014")
      expect(yield* spotOf(sub.subUid)).toBe("50")
    }))

  it.effect("a label is not repeated among the broker's sub-accounts (40108); without one, any number", () =>
    Effect.gen(function*() {
      const count = Effect.map(BrokerSubaccount.info(), (info) => Number(info.subAccountSize))
      const before = yield* count
      yield* BrokerSubaccount.createSubaccount({ subaccountName: "labelone", label: "vip desk" })
      const again = yield* BrokerSubaccount.createSubaccount({ subaccountName: "labeltwo", label: "vip desk" }).pipe(
        Effect.flip
      )
      expect(again).toMatchObject({ code: "40108", status: 400 })
      yield* BrokerSubaccount.createSubaccount({ subaccountName: "labelthree", label: "vip desk 2" })
      yield* BrokerSubaccount.createSubaccount({ subaccountName: "labelfour" })
      yield* BrokerSubaccount.createSubaccount({ subaccountName: "labelfive" })
      expect(yield* count).toBe(before + 4)
    }))

  it.effect("a virtual sub-account is not the broker's to manage (40066)", () =>
    Effect.gen(function*() {
      const created = yield* VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["notmines"] })
      const uid = created.successList[0]!.subAccountUid
      const error = yield* BrokerSubaccount.subaccountSpotAssets({ subUid: uid }).pipe(Effect.flip)
      expect(error).toMatchObject({ code: "40066", status: 400 })
    }))
})

layer(fresh(), { excludeTestServices: true })("broker sub-account API keys", (it) => {
  it.effect("readonly keys read and never write; read_and_write keys are held to their permission list", () =>
    Effect.gen(function*() {
      const sub = yield* BrokerSubaccount.createSubaccount({ subaccountName: "keyring" })
      yield* fund(sub.subUid, "500")
      ;(yield* futures).setBalance("USDT", "500", { uid: sub.subUid })

      const readonly = yield* BrokerApiKey.createSubaccountApikey({
        subUid: sub.subUid,
        passphrase: "ro1234",
        label: "watcher",
        permType: "readonly",
        permList: ["spot_trade", "contract_order"]
      })
      const watcher = as({ apiKey: readonly.apiKey, secret: readonly.secretKey!, passphrase: "ro1234" })
      const assets = yield* Spot.Account.assets({ coin: "USDT" }).pipe(Effect.provide(watcher))
      expect(assets.map((a) => fmt(a.available))).toEqual(["500"])
      yield* refusedWith(spotOrder.pipe(Effect.provide(watcher)), "PermissionError", "40014")
      yield* refusedWith(futuresOrder.pipe(Effect.provide(watcher)), "PermissionError", "40014")
      expect(yield* spotOrders(sub.subUid)).toBe(0)

      const trader = yield* BrokerApiKey.createSubaccountApikey({
        subUid: sub.subUid,
        passphrase: "rw1234",
        label: "trader",
        permType: "read_and_write",
        ipList: ["127.0.0.1"],
        permList: ["spot_trade"]
      })
      const traderKey = as({ apiKey: trader.apiKey, secret: trader.secretKey!, passphrase: "rw1234" })
      yield* spotOrder.pipe(Effect.provide(traderKey))
      expect(yield* spotOrders(sub.subUid)).toBe(1)
      yield* refusedWith(futuresOrder.pipe(Effect.provide(traderKey)), "PermissionError", "40014")
      expect(yield* openFuturesOrders.pipe(Effect.provide(traderKey))).toBe(0)

      // Adding contract_order holds on the next call.
      const modified = yield* BrokerApiKey.modifySubaccountApikey({
        subUid: sub.subUid,
        apiKey: trader.apiKey,
        passphrase: "rw1234",
        permList: ["spot_trade", "contract_order"]
      })
      expect(modified).toMatchObject({ permType: "read_and_write", permList: ["spot_trade", "contract_order"] })
      yield* futuresOrder.pipe(Effect.provide(traderKey))
      expect(yield* openFuturesOrders.pipe(Effect.provide(traderKey))).toBe(1)

      // Turning the key readonly stops its writes at once.
      yield* BrokerApiKey.modifySubaccountApikey({
        subUid: sub.subUid,
        apiKey: trader.apiKey,
        passphrase: "rw1234",
        permType: "readonly",
        permList: []
      })
      yield* refusedWith(spotOrder.pipe(Effect.provide(traderKey)), "PermissionError", "40014")
      expect(yield* spotOrders(sub.subUid)).toBe(1)

      const listed = yield* BrokerApiKey.subaccountApikeyList({ subUid: sub.subUid })
      expect(listed.map((k) => [k.apiKey, k.permType, k.permList])).toEqual([
        [readonly.apiKey, "readonly", ["spot_trade", "contract_order"]],
        [trader.apiKey, "readonly", ["spot_trade", "contract_order"]]
      ])
      expect(listed.every((k) => k.secretKey !== readonly.secretKey && k.secretKey !== trader.secretKey)).toBe(true)

      const wrong = yield* BrokerApiKey.modifySubaccountApikey({
        subUid: sub.subUid,
        apiKey: trader.apiKey,
        passphrase: "nope12",
        permType: "read_and_write",
        permList: ["spot_trade"]
      }).pipe(Effect.flip)
      expect(wrong).toMatchObject({ code: "40017", status: 400 })
    }))

  it.effect("a key deleted through the API is refused as unknown (40006) on its next call", () =>
    Effect.gen(function*() {
      const sub = yield* BrokerSubaccount.createSubaccount({ subaccountName: "shredder" })
      const make = (passphrase: string) =>
        BrokerApiKey.createSubaccountApikey({ subUid: sub.subUid, passphrase, permType: "readonly", permList: [] })
      const doomed = yield* make("del123")
      const kept = yield* make("keep12")
      const client = as({ apiKey: doomed.apiKey, secret: doomed.secretKey!, passphrase: "del123" })
      yield* Spot.Account.assets().pipe(Effect.provide(client))
      expect(yield* BrokerApiKey.deleteSubaccountApikey({ subUid: sub.subUid, apiKey: doomed.apiKey })).toBe("success")
      yield* refusedWith(Spot.Account.assets().pipe(Effect.provide(client)), "AuthenticationError", "40006")
      const listed = yield* BrokerApiKey.subaccountApikeyList({ subUid: sub.subUid })
      expect(listed.map((k) => k.apiKey)).toEqual([kept.apiKey])
      const again = yield* BrokerApiKey.deleteSubaccountApikey({ subUid: sub.subUid, apiKey: doomed.apiKey })
        .pipe(Effect.flip)
      expect(again).toMatchObject({ code: "40065", status: 400 })
    }))

  it.effect("a frozen broker sub-account's keys are refused; unfrozen, they work again", () =>
    Effect.gen(function*() {
      const sub = yield* BrokerSubaccount.createSubaccount({ subaccountName: "freezer" })
      yield* fund(sub.subUid, "100")
      const key = yield* BrokerApiKey.createSubaccountApikey({
        subUid: sub.subUid,
        passphrase: "fr1234",
        permType: "read_and_write",
        ipList: ["127.0.0.1"],
        permList: ["spot_trade"]
      })
      const client = as({ apiKey: key.apiKey, secret: key.secretKey!, passphrase: "fr1234" })
      const all = ["read", "spot_trade", "contract_trade", "transfer", "withdraw", "deposit"] as const
      yield* BrokerSubaccount.modifySubaccount({ subUid: sub.subUid, permList: [...all], status: "freeze" })
      yield* refusedWith(spotOrder.pipe(Effect.provide(client)), "PermissionError", "40024")
      expect(yield* spotOrders(sub.subUid)).toBe(0)
      yield* BrokerSubaccount.modifySubaccount({ subUid: sub.subUid, permList: [...all], status: "normal" })
      yield* spotOrder.pipe(Effect.provide(client))
      expect(yield* spotOrders(sub.subUid)).toBe(1)
      // The sub-account's own permissions bound its keys: without spot_trade, no spot order.
      yield* BrokerSubaccount.modifySubaccount({ subUid: sub.subUid, permList: ["read"], status: "normal" })
      yield* refusedWith(spotOrder.pipe(Effect.provide(client)), "PermissionError", "40014")
    }))
})
