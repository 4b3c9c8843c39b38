/**
 * What the simulator sends, seen from a plain HTTP client: the bodies Bitget documents, quirks
 * included, so the library's decoders are exercised over loopback by the forms the exchange uses
 * (`endId` and `idLessThan` as JSON numbers, `subaAccountUid`, a JSON array body).
 */
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"

const send = (simulator: Simulator.Service, method: "GET" | "POST", path: string, query: string, body: string) =>
  Effect.promise(async () => {
    const timestamp = String(Date.now())
    const sign = HttpSigner.hmac(Redacted.value(simulator.credentials.secret), { timestamp, method, path, query, body })
    const response = await fetch(`${simulator.url}${path}${query === "" ? "" : `?${query}`}`, {
      method,
      headers: {
        "ACCESS-KEY": Redacted.value(simulator.credentials.apiKey),
        "ACCESS-SIGN": sign,
        "ACCESS-TIMESTAMP": timestamp,
        "ACCESS-PASSPHRASE": Redacted.value(simulator.credentials.passphrase),
        "Content-Type": "application/json"
      },
      ...(method === "POST" ? { body } : {})
    })
    return { status: response.status, body: await response.json() as { code: string; data: any } }
  })

describe("broker bodies on the wire", () => {
  it.live("created sub-accounts as subaAccountUid; the lists' cursors as JSON numbers", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const created = yield* send(
        simulator,
        "POST",
        "/api/v2/user/create-virtual-subaccount",
        "",
        JSON.stringify({ subAccountList: ["wireaaaa", "wireaaab"] })
      )
      expect(created.status).toBe(200)
      const uids = created.body.data.successList.map((s: { subaAccountUid: string }) => s.subaAccountUid)
      expect(uids).toHaveLength(2)
      expect(typeof uids[0]).toBe("string")

      const list = yield* send(simulator, "GET", "/api/v2/user/virtual-subaccount-list", "limit=1", "")
      expect(list.body.data.endId).toBe(Number(uids[1]))
      expect(list.body.data.subAccountList.map((s: { subAccountUid: string }) => s.subAccountUid)).toEqual([uids[1]])

      const batch = yield* send(
        simulator,
        "POST",
        "/api/v2/user/batch-create-subaccount-and-apikey",
        "",
        JSON.stringify([{ subAccountName: "wireaaac", passphrase: "wirepass1", label: "wire" }])
      )
      expect(batch.body.code).toBe("00000")
      expect(Object.keys(batch.body.data[0]).sort()).toEqual(
        ["ipList", "label", "permList", "secretKey", "subAccountApiKey", "subAccountName", "subAccountUid"]
      )

      yield* send(
        simulator,
        "POST",
        "/api/v2/broker/account/create-subaccount",
        "",
        JSON.stringify({ subaccountName: "wiredesk" })
      )
      const brokers = yield* send(simulator, "GET", "/api/v2/broker/account/subaccount-list", "", "")
      expect(typeof brokers.body.data.idLessThan).toBe("number")
      expect(brokers.body.data.hasNextPage).toBe(false)
    }).pipe(Effect.provide(Simulator.layer())))

  it.live("enum values in another letter case are taken as the documented ones, as Bitget takes them", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const created = yield* send(
        simulator,
        "POST",
        "/api/v2/user/create-virtual-subaccount",
        "",
        JSON.stringify({ subAccountList: ["wirecase"] })
      )
      const uid = created.body.data.successList[0].subaAccountUid
      const modified = yield* send(
        simulator,
        "POST",
        "/api/v2/user/modify-virtual-subaccount",
        "",
        JSON.stringify({ subAccountUid: uid, permList: ["SPOT_TRADE", "Read"], status: "FREEZE" })
      )
      expect([modified.status, modified.body.code]).toEqual([200, "00000"])
      const frozen = yield* send(simulator, "GET", "/api/v2/user/virtual-subaccount-list", "status=Freeze", "")
      expect(
        frozen.body.data.subAccountList.map((s: { status: string; permList: Array<string> }) => [s.status, s.permList])
      )
        .toEqual([["freeze", ["spot_trade", "read"]]])

      // A batch body is a JSON array: its items are spelled too.
      const batch = yield* send(
        simulator,
        "POST",
        "/api/v2/user/batch-create-subaccount-and-apikey",
        "",
        JSON.stringify([{
          subAccountName: "wirecasf",
          passphrase: "wirepass1",
          label: "wire",
          permList: ["Spot_Trade"]
        }])
      )
      expect([batch.status, batch.body.code, batch.body.data?.[0]?.permList]).toEqual([200, "00000", ["spot_trade"]])
    }).pipe(Effect.provide(Simulator.layer())))

  it.live("the simulator holds other clients to the same rules: a batch of 6 is refused, nothing made", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const item = (name: string) => ({ subAccountName: name, passphrase: "wirepass1", label: "wire" })
      const names = ["wiresixa", "wiresixb", "wiresixc", "wiresixd", "wiresixe", "wiresixf"]
      const six = yield* send(
        simulator,
        "POST",
        "/api/v2/user/batch-create-subaccount-and-apikey",
        "",
        JSON.stringify(names.map(item))
      )
      expect([six.status, six.body.code]).toEqual([400, "40017"])
      const none = yield* send(simulator, "GET", "/api/v2/user/virtual-subaccount-list", "", "")
      expect(none.body.data.subAccountList).toEqual([])
      // The batch endpoint takes one request a second.
      yield* Effect.sleep("1100 millis")
      const five = yield* send(
        simulator,
        "POST",
        "/api/v2/user/batch-create-subaccount-and-apikey",
        "",
        JSON.stringify(names.slice(0, 5).map(item))
      )
      expect([five.status, five.body.code, five.body.data.length]).toEqual([200, "00000", 5])
    }).pipe(Effect.provide(Simulator.layer())))

  it.live("a refused call is Bitget's envelope with HTTP 400 and no data", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const answer = yield* send(
        simulator,
        "POST",
        "/api/v2/user/modify-virtual-subaccount",
        "",
        JSON.stringify({ subAccountUid: "42", permList: ["read"], status: "freeze" })
      )
      expect([answer.status, answer.body.code, answer.body.data]).toEqual([400, "40066", null])
    }).pipe(Effect.provide(Simulator.layer())))
})
