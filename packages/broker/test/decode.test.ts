/**
 * The documented bodies' quirks, decoded by the endpoints' own data schemas: `endId` as a JSON
 * number (and as a string), the `subaAccountUid` spelling of created sub-accounts (and the
 * correct one), `apiKey` where the table says `subAccountApiKey`, numbers for counts and ids.
 */
import { BrokerApiKey, BrokerSubaccount, VirtualSubaccount, VirtualSubaccountApiKey } from "@effect-bitget/broker"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"

const decode = <A, I>(schema: Schema.Schema<A, I>, body: unknown): A => Schema.decodeUnknownSync(schema)(body)
const encode = <A, I>(schema: Schema.Schema<A, I>, value: A): I => Schema.encodeSync(schema)(value)

const row = {
  subAccountUid: "5681345566",
  subAccountName: "abcdefgh@virtual-bitget.com",
  status: "normal",
  permList: ["read", "spot_trade", "contract_trade"],
  label: "mySub01",
  cTime: "1653287983475",
  uTime: "1682660169573"
}

describe("virtual sub-accounts", () => {
  it("the list's endId arrives as a JSON number or a string; both are the cursor as a string", () => {
    const asNumber = decode(VirtualSubaccount.VirtualSubaccountList.data, { endId: 51, subAccountList: [row] })
    const asString = decode(VirtualSubaccount.VirtualSubaccountList.data, { endId: "51", subAccountList: [row] })
    expect(asNumber.endId).toBe("51")
    expect(asString.endId).toBe("51")
    expect(asNumber.subAccountList[0]!.permList).toEqual(["read", "spot_trade", "contract_trade"])
    expect(DateTime.toEpochMillis(asNumber.subAccountList[0]!.cTime)).toBe(1653287983475)
  })

  it("the sample body's accountType and bindingTime decode; an empty page has no endId", () => {
    const page = decode(VirtualSubaccount.VirtualSubaccountList.data, {
      endId: null,
      subAccountList: [{ ...row, accountType: "hosting", bindingTime: "1653287983475", label: "" }]
    })
    expect(page.endId).toBeUndefined()
    expect(page.subAccountList[0]!.accountType).toBe("hosting")
    expect(page.subAccountList[0]!.label).toBeUndefined()
  })

  it("created sub-accounts: the exchange's subaAccountUid spelling and the correct one", () => {
    const data = decode(VirtualSubaccount.CreateVirtualSubaccount.data, {
      failureList: [{ subaAccountName: "taken@virtual-bitget.com" }, { subAccountName: "other@virtual-bitget.com" }],
      successList: [
        {
          subaAccountUid: "9837924274",
          subaAccountName: "bitgeton@virtual-bitget.com",
          status: "normal",
          label: "",
          permList: ["contract_trade", "spot_trade"],
          cTime: "1682660169573",
          uTime: "1682660169573"
        },
        { ...row, subAccountUid: "9837924275" }
      ]
    })
    expect(data.successList.map((s) => s.subAccountUid)).toEqual(["9837924274", "9837924275"])
    expect(data.successList[0]!.subAccountName).toBe("bitgeton@virtual-bitget.com")
    expect(data.failureList.map((f) => f.subAccountName)).toEqual([
      "taken@virtual-bitget.com",
      "other@virtual-bitget.com"
    ])
    // Encoded (as the simulator answers), the exchange's spelling comes back.
    const wire = encode(VirtualSubaccount.CreateVirtualSubaccount.data, data) as {
      successList: ReadonlyArray<Record<string, unknown>>
    }
    expect(wire.successList[0]!.subaAccountUid).toBe("9837924274")
  })

  it("batch creation: the sample's apiKey and the table's subAccountApiKey both decode", () => {
    const base = {
      subAccountUid: "4236327146",
      subAccountName: "abcdefgh@virtual-bitget.com",
      label: "1681808312065",
      secretKey: "af22848395e3d97e08dbd9a876a1",
      permList: ["contract_trade"],
      ipList: ["127.0.0.1"]
    }
    const data = decode(VirtualSubaccount.BatchCreateSubaccountAndApikey.data, [
      { ...base, apiKey: "bg_d32ff9d9c3d2bc5e23" },
      { ...base, subAccountApiKey: "bg_other" }
    ])
    expect(data.map((d) => d.subAccountApiKey)).toEqual(["bg_d32ff9d9c3d2bc5e23", "bg_other"])
  })

  it("keys: the list has no secret; creating answers one", () => {
    const [key] = decode(VirtualSubaccountApiKey.VirtualSubaccountApikeyList.data, [{
      subAccountUid: "1",
      label: "1682396356594",
      subAccountApiKey: "xx_xxx",
      permList: ["spot_trade", "margin_trade", "contract_trade"],
      ipList: ["127.0.0.1"]
    }])
    expect(key!.permList).toContain("margin_trade")
    const created = decode(VirtualSubaccountApiKey.CreateVirtualSubaccountApikey.data, {
      subAccountUid: "1",
      label: "test1_account",
      subAccountApiKey: "xx_xxx",
      secretKey: "xxx",
      permList: ["spot_trade"],
      ipList: ["127.0.0.1"]
    })
    expect(created.secretKey).toBe("xxx")
  })
})

describe("broker sub-accounts", () => {
  it("account info: counts as strings or numbers", () => {
    const info = decode(BrokerSubaccount.Info.data, {
      subAccountSize: "9",
      maxSubAccountSize: 10,
      uTime: "1691635508000"
    })
    expect(info).toMatchObject({ subAccountSize: "9", maxSubAccountSize: "10" })
  })

  it("the list: hasNextPage a boolean, idLessThan a number", () => {
    const page = decode(BrokerSubaccount.SubaccountList.data, {
      hasNextPage: false,
      idLessThan: 404,
      subList: [{
        subUid: "111111",
        subaccountName: "name@broker",
        status: "normal",
        permList: ["read", "spot_trade", "contract_trade", "transfer", "withdraw", "deposit"],
        label: "old remark",
        language: "en_US",
        cTime: "1695784057280",
        uTime: "1695784057280"
      }]
    })
    expect(page.hasNextPage).toBe(false)
    expect(page.idLessThan).toBe("404")
    expect(page.subList[0]!.permList).toHaveLength(6)
  })

  it("spot and futures assets are decimals; an email not yet bound is absent", () => {
    const spot = decode(BrokerSubaccount.SubaccountSpotAssets.data, {
      assetsList: [{
        coin: "BTC",
        available: "100.00000000",
        frozen: "0.00000000",
        locked: "0",
        uTime: "1692105973000"
      }]
    })
    expect(BigDecimal.format(spot.assetsList[0]!.available)).toBe("100")
    const futures = decode(BrokerSubaccount.SubaccountFutureAssets.data, {
      assetsList: [{
        marginCoin: "USDT",
        available: "23.123",
        frozen: "0",
        locked: "0",
        crossedMaxAvailable: "23.123",
        isolatedMaxAvailable: "23.123",
        maxTransferOut: "23.123",
        accountEquity: "23.123",
        usdtEquity: "23.123",
        btcEquity: "0.001403612744",
        uTime: "1692105973000"
      }]
    })
    expect(BigDecimal.format(futures.assetsList[0]!.btcEquity!)).toBe("0.001403612744")
    const email = decode(BrokerSubaccount.SubaccountEmail.data, {
      subUid: "1",
      subaccountName: "a@broker",
      subaccountEmail: null,
      cTime: "1692008679000",
      uTime: "1695784930000"
    })
    expect(email.subaccountEmail).toBeUndefined()
    expect(decode(BrokerSubaccount.SetSubaccountAutotransfer.data, "success")).toBe("success")
  })

  it("broker keys: created with a secret, listed with a masked one", () => {
    const key = decode(BrokerApiKey.CreateSubaccountApikey.data, {
      subUid: "1",
      apiKey: "xx_xxx",
      secretKey: "xxxxxx",
      label: " old remark ",
      ipList: ["127.0.0.1"],
      permType: "readonly",
      permList: ["spot_trade"]
    })
    expect(key).toMatchObject({ permType: "readonly", permList: ["spot_trade"], secretKey: "xxxxxx" })
    const modified = decode(BrokerApiKey.ModifySubaccountApikey.data, {
      subUid: "1",
      apiKey: "xx_xxx",
      label: "x",
      ipList: ["127.0.0.1"],
      permType: "read_and_write",
      permList: ["spot_trade", "wallet_transfer"]
    })
    expect(modified.secretKey).toBeUndefined()
  })
})
