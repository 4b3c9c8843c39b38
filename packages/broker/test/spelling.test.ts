/**
 * Request enums in any letter case: a value spelled as other clients or a config file spell it
 * (`FREEZE`, `Read_And_Write`, `EN_us`) is accepted and the documented spelling is what goes on
 * the wire. A server in front of the simulator records each request as sent; the simulator
 * shows the effect. (Typed code offers only the documented spellings; the casts stand for input
 * from outside it.)
 */
import { BrokerApiKey, BrokerSubaccount, VirtualSubaccount } from "@effect-bitget/broker"
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import { Simulator } from "@effect-bitget/simulator"
import type { BrokerControl } from "@effect-bitget/simulator/broker/BrokerDomain"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const broker = Simulator.control<BrokerControl>("broker")

const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials))
  /** The body of the last request sent to `path`. */
  const body = (path: string) => JSON.parse(hostile.received.filter((r) => r.path === path).at(-1)!.body)
  /** The query of the last request sent to `path`. */
  const query = (path: string) => hostile.received.filter((r) => r.path === path).at(-1)!.query
  return { simulator, via, body, query }
})

const live = <A, E>(
  name: string,
  test: () => Effect.Effect<A, E, Simulator.Simulator | import("effect/Scope").Scope>
) => it.live(name, () => Effect.scoped(test()).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

describe("broker request enums: any letter case in, the documented spelling out", () => {
  live("virtual sub-accounts: status and permissions", () =>
    Effect.gen(function*() {
      const { body, query, via } = yield* setup
      const created = yield* via(VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["spellaaa"] }))
      const subAccountUid = created.successList[0]!.subAccountUid
      yield* via(VirtualSubaccount.modifyVirtualSubaccount({
        subAccountUid,
        permList: ["SPOT_TRADE" as "spot_trade", "Read" as "read"],
        status: "FREEZE" as "freeze"
      }))
      expect(body("/api/v2/user/modify-virtual-subaccount")).toMatchObject({
        permList: ["spot_trade", "read"],
        status: "freeze"
      })
      const frozen = yield* via(VirtualSubaccount.virtualSubaccountList({ status: "Freeze" as "freeze" }))
      expect(query("/api/v2/user/virtual-subaccount-list").get("status")).toBe("freeze")
      expect(frozen.subAccountList.map((s) => [s.subAccountUid, s.status, s.permList])).toEqual([
        [subAccountUid, "freeze", ["spot_trade", "read"]]
      ])
    }))

  live(
    "broker sub-accounts: list status, permissions, language, asset type, automatic transfer",
    () =>
      Effect.gen(function*() {
        const { body, query, via } = yield* setup
        const sub = yield* via(BrokerSubaccount.createSubaccount({ subaccountName: "spelldesk" }))
        const modified = yield* via(BrokerSubaccount.modifySubaccount({
          subUid: sub.subUid,
          permList: ["Withdraw" as "withdraw", "SPOT_TRADE" as "spot_trade"],
          status: "Normal" as "normal",
          language: "EN_us" as "en_US"
        }))
        expect(body("/api/v2/broker/account/modify-subaccount")).toMatchObject({
          permList: ["withdraw", "spot_trade"],
          status: "normal",
          language: "en_US"
        })
        expect([modified.permList, modified.language]).toEqual([["withdraw", "spot_trade"], "en_US"])

        const list = yield* via(BrokerSubaccount.subaccountList({ status: "NORMAL" as "normal" }))
        expect(query("/api/v2/broker/account/subaccount-list").get("status")).toBe("normal")
        expect(list.subList.map((s) => s.subUid)).toEqual([sub.subUid])

        const assets = yield* via(
          BrokerSubaccount.subaccountSpotAssets({ subUid: sub.subUid, assetType: "ALL" as "all" })
        )
        expect(query("/api/v2/broker/account/subaccount-spot-assets").get("assetType")).toBe("all")
        expect(assets.assetsList).toEqual([])

        yield* via(BrokerSubaccount.setSubaccountAutotransfer({
          subUid: sub.subUid,
          coin: "USDT",
          toAccountType: "USDT-Futures" as "usdt-futures"
        }))
        expect(body("/api/v2/broker/account/set-subaccount-autotransfer").toAccountType).toBe("usdt-futures")
        // The deposit lands where the documented spelling says: the USDT futures account, not spot.
        expect((yield* broker).deposit(sub.subUid, "USDT", "10")).toBe("usdt-futures")
      })
  )

  live("broker withdrawals and keys: dest, toType, permType, key permissions", () =>
    Effect.gen(function*() {
      const { body, simulator, via } = yield* setup
      const sub = yield* via(BrokerSubaccount.createSubaccount({ subaccountName: "spellpay" }))
      ;(yield* broker).deposit(sub.subUid, "USDT", "50")
      yield* via(BrokerSubaccount.subaccountWithdrawal({
        subUid: sub.subUid,
        coin: "USDT",
        dest: "Internal_Transfer" as "internal_transfer",
        toType: "UID" as "uid",
        address: simulator.uid,
        amount: "5"
      }))
      expect(body("/api/v2/broker/account/subaccount-withdrawal")).toMatchObject({
        dest: "internal_transfer",
        toType: "uid"
      })

      const key = yield* via(BrokerApiKey.createSubaccountApikey({
        subUid: sub.subUid,
        passphrase: "spell123",
        permType: "READONLY" as "readonly",
        permList: ["Spot_Trade" as "spot_trade"]
      }))
      expect(body("/api/v2/broker/manage/create-subaccount-apikey")).toMatchObject({
        permType: "readonly",
        permList: ["spot_trade"]
      })
      expect([key.permType, key.permList]).toEqual(["readonly", ["spot_trade"]])
    }))
})
