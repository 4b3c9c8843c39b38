/**
 * What modifying a key leaves out, as each page says: a virtual key's `permList` left out is
 * kept and an empty one removes every permission, while its `ipList` left out empties the
 * allow-list (https://www.bitget.com/api-doc/common/vsubaccount/Modify-Virtual-Subaccount-ApiKey);
 * a broker key's empty `ipList` and `permList` and a left-out `permType` change nothing
 * (https://www.bitget.com/api-doc/broker/apikey/Modify-Subaccount-ApiKey). Seen in the key lists
 * and in what the key may then do.
 */
import { BrokerApiKey, BrokerSubaccount, VirtualSubaccountApiKey } from "@effect-bitget/broker"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { as, fresh, fundedSub, keyOf, PASSPHRASE, refusedWith, spotOrder, spotOrders } from "./support.js"

layer(fresh(), { excludeTestServices: true })("modifying keys: what is left out", (it) => {
  it.effect("virtual key: permList left out is kept, empty removes all; ipList left out is emptied", () =>
    Effect.gen(function*() {
      const uid = yield* fundedSub("modaaaaa")
      const key = yield* keyOf(uid, ["spot_trade"], ["127.0.0.1"])
      const listed = () =>
        Effect.map(
          VirtualSubaccountApiKey.virtualSubaccountApikeyList({ subAccountUid: uid }),
          (keys) => keys.map((k) => [k.label, k.permList, k.ipList])
        )
      expect(yield* listed()).toEqual([["strategy key", ["spot_trade"], ["127.0.0.1"]]])

      const modify = { subAccountUid: uid, subAccountApiKey: key.apiKey, passphrase: PASSPHRASE }
      yield* VirtualSubaccountApiKey.modifyVirtualSubaccountApikey({ ...modify, label: "renamed" })
      expect(yield* listed()).toEqual([["renamed", ["spot_trade"], []]])
      yield* spotOrder.pipe(Effect.provide(as(key)))
      expect(yield* spotOrders(uid)).toBe(1)

      yield* VirtualSubaccountApiKey.modifyVirtualSubaccountApikey({ ...modify, label: "stripped", permList: [] })
      expect(yield* listed()).toEqual([["stripped", [], []]])
      yield* refusedWith(spotOrder.pipe(Effect.provide(as(key))), "PermissionError", "40014")
      expect(yield* spotOrders(uid)).toBe(1)
    }))

  it.effect("broker key: empty ipList and permList and a left-out permType change nothing; given, they replace", () =>
    Effect.gen(function*() {
      const sub = yield* BrokerSubaccount.createSubaccount({ subaccountName: "moddesk" })
      const created = yield* BrokerApiKey.createSubaccountApikey({
        subUid: sub.subUid,
        passphrase: "mod123",
        label: "desk key",
        permType: "read_and_write",
        permList: ["spot_trade"],
        ipList: ["127.0.0.1"]
      })
      const listed = () =>
        Effect.map(
          BrokerApiKey.subaccountApikeyList({ subUid: sub.subUid }),
          (keys) => keys.map((k) => [k.label, k.permType, k.permList, k.ipList])
        )
      const modify = { subUid: sub.subUid, apiKey: created.apiKey, passphrase: "mod123" }
      yield* BrokerApiKey.modifySubaccountApikey({ ...modify, ipList: [], permList: [] })
      expect(yield* listed()).toEqual([["desk key", "read_and_write", ["spot_trade"], ["127.0.0.1"]]])

      const key = as({ apiKey: created.apiKey, secret: created.secretKey!, passphrase: "mod123" })
      yield* Spot.Account.assets().pipe(Effect.provide(key))
      yield* BrokerApiKey.modifySubaccountApikey({ ...modify, ipList: ["10.9.9.9"], permList: ["contract_order"] })
      expect(yield* listed()).toEqual([["desk key", "read_and_write", ["contract_order"], ["10.9.9.9"]]])
      // The loopback caller is no longer on the allow-list.
      yield* refusedWith(Spot.Account.assets().pipe(Effect.provide(key)), "AuthenticationError", "40038")
    }))
})
