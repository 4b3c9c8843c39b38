/**
 * Every local rule of the broker and sub-account endpoints: a bad value fails with
 * `InvalidRequest` naming the field, and nothing reaches the simulator (its traffic count does
 * not move); the value at the edge of the rule is sent.
 */
import { BrokerApiKey, BrokerSubaccount, VirtualSubaccount, VirtualSubaccountApiKey } from "@effect-bitget/broker"
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

/** Fails locally naming `field` and `reason` in the message; the simulator saw nothing. */
const refused = <A, E extends { readonly _tag: string; readonly message: string }, R>(
  call: Effect.Effect<A, E, R>,
  reason: string,
  field?: string
) =>
  Effect.gen(function*() {
    const { traffic } = yield* Simulator.Simulator
    const before = traffic.total()
    const error = yield* Effect.flip(call)
    expect(error._tag).toBe("InvalidRequest")
    expect(error.message).toContain(reason)
    if (field !== undefined) expect(error.message).toContain(field)
    expect(traffic.total()).toBe(before)
  })

/**
 * Passes the local checks: the request reaches the simulator (whatever it answers; a 429 of
 * the simulator's own limiter may make the client send it once more).
 */
const sent = <A, E extends { readonly _tag: string }, R>(call: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const { traffic } = yield* Simulator.Simulator
    const before = traffic.total()
    const result = yield* Effect.either(call)
    if (result._tag === "Left") expect(result.left._tag).not.toBe("InvalidRequest")
    expect(traffic.total()).toBeGreaterThan(before)
  })

const key = { subAccountUid: "1000000002", passphrase: "abcd1234", label: "bot one" }
const brokerKey = {
  subUid: "1000000002",
  passphrase: "abc123",
  permType: "read_and_write",
  ipList: ["10.0.0.1"]
} as const

layer(Env, { excludeTestServices: true })("broker local rules", (it) => {
  it.effect("virtual sub-account list: limit 1 to 500 (the specification)", () =>
    Effect.gen(function*() {
      yield* refused(VirtualSubaccount.virtualSubaccountList({ limit: 501 }), "limit must be an integer from 1 to 500")
      yield* refused(VirtualSubaccount.virtualSubaccountList({ limit: 0 }), "limit")
      yield* sent(VirtualSubaccount.virtualSubaccountList({ limit: 500 }))
      yield* refused(VirtualSubaccount.virtualSubaccountList({ status: "del" as "normal" }), "status")
    }))

  it.effect("virtual sub-account names: exactly 8 English letters", () =>
    Effect.gen(function*() {
      yield* refused(
        VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["abcdefg"] }),
        "must be exactly 8 English letters",
        "subAccountList"
      )
      yield* refused(
        VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["abcdefgh", "abcdefg1"] }),
        "must be exactly 8 English letters, got \"abcdefg1\"",
        "subAccountList"
      )
      yield* refused(
        VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["abcdefghi"] }),
        "must be exactly 8 English letters",
        "subAccountList"
      )
      yield* refused(
        VirtualSubaccount.createVirtualSubaccount({ subAccountList: [] }),
        "must name at least one sub-account",
        "subAccountList"
      )
      yield* sent(VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["RulesAbc"] }))
    }))

  it.effect("label: 1 to 20 characters", () =>
    Effect.gen(function*() {
      const create = VirtualSubaccountApiKey.createVirtualSubaccountApikey
      yield* refused(create({ ...key, label: "x".repeat(21) }), "must be 1 to 20 characters, got 21", "label")
      yield* refused(create({ ...key, label: "" }), "must be 1 to 20 characters, got 0", "label")
      yield* sent(create({ ...key, label: "x".repeat(20) }))
      yield* refused(
        BrokerSubaccount.createSubaccount({ subaccountName: "desk", label: "y".repeat(21) }),
        "must be 1 to 20 characters",
        "label"
      )
      yield* refused(
        BrokerApiKey.createSubaccountApikey({ ...brokerKey, label: "z".repeat(21), permList: ["spot_trade"] }),
        "must be 1 to 20 characters",
        "label"
      )
    }))

  it.effect("passphrase: 8 to 32 letters and digits (virtual), 6 to 32 characters (broker)", () =>
    Effect.gen(function*() {
      const create = VirtualSubaccountApiKey.createVirtualSubaccountApikey
      yield* refused(create({ ...key, passphrase: "abc1234" }), "must be 8 to 32 letters and digits", "passphrase")
      yield* refused(create({ ...key, passphrase: "abcd123!" }), "must be 8 to 32", "passphrase")
      yield* refused(create({ ...key, passphrase: "a".repeat(33) }), "must be 8 to 32", "passphrase")
      yield* sent(create({ ...key, passphrase: "a".repeat(32) }))
      const brokerCreate = (passphrase: string) =>
        BrokerApiKey.createSubaccountApikey({ ...brokerKey, passphrase, permList: ["spot_trade"] })
      yield* refused(brokerCreate("abc12"), "passphrase: must be 6 to 32 characters, got 5")
      yield* refused(brokerCreate("b".repeat(33)), "passphrase: must be 6 to 32 characters, got 33")
      yield* sent(brokerCreate("abc123"))
      yield* sent(brokerCreate("b".repeat(32)))
      // The broker pages give only the length: other characters are the exchange's to judge.
      yield* sent(brokerCreate("ab-12!"))
    }))

  it.effect("IP lists: addresses, at most 30", () =>
    Effect.gen(function*() {
      const create = VirtualSubaccountApiKey.createVirtualSubaccountApikey
      const ips = (n: number) => Array.from({ length: n }, (_, i) => `10.0.0.${i + 1}`)
      yield* refused(create({ ...key, ipList: ips(31) }), "must hold at most 30 addresses, got 31", "ipList")
      yield* refused(create({ ...key, ipList: ["256.1.1.1"] }), "must be an IP address", "ipList")
      yield* refused(create({ ...key, ipList: ["localhost"] }), "must be an IP address", "ipList")
      yield* sent(create({ ...key, ipList: ips(30) }))
      yield* refused(
        BrokerApiKey.createSubaccountApikey({ ...brokerKey, ipList: [], permList: ["spot_trade"] }),
        "ipList: is required (at least one address) unless permType is readonly"
      )
      const { ipList: _, ...withoutIps } = brokerKey
      yield* refused(
        BrokerApiKey.createSubaccountApikey({ ...withoutIps, permList: ["spot_trade"] }),
        "ipList: is required"
      )
      yield* sent(BrokerApiKey.createSubaccountApikey({ ...brokerKey, permType: "readonly", ipList: [], permList: [] }))
      // readonly in another letter case is readonly too.
      yield* sent(
        BrokerApiKey.createSubaccountApikey({ ...withoutIps, permType: "READONLY" as "readonly", permList: [] })
      )
    }))

  it.effect("permissions: only the documented values; wallet permissions need read_and_write", () =>
    Effect.gen(function*() {
      yield* refused(
        VirtualSubaccountApiKey.createVirtualSubaccountApikey({ ...key, permList: ["withdraw" as "read"] }),
        "permList"
      )
      yield* refused(
        VirtualSubaccount.modifyVirtualSubaccount({
          subAccountUid: "1000000002",
          permList: ["spot_trade"],
          status: "del" as "normal"
        }),
        "status"
      )
      yield* refused(
        BrokerApiKey.createSubaccountApikey({ ...brokerKey, permType: "readonly", permList: ["wallet_transfer"] }),
        "wallet_transfer and wallet_withdraw need permType read_and_write"
      )
      yield* refused(
        BrokerApiKey.modifySubaccountApikey({
          subUid: "1",
          apiKey: "bg_x",
          passphrase: "abc123",
          permType: "readonly",
          permList: ["wallet_withdraw"]
        }),
        "need permType read_and_write"
      )
      // The rule holds whatever letter case the values come in.
      yield* refused(
        BrokerApiKey.createSubaccountApikey({
          ...brokerKey,
          permType: "ReadOnly" as "readonly",
          permList: ["WALLET_TRANSFER" as "wallet_transfer"]
        }),
        "permList: wallet_transfer and wallet_withdraw need permType read_and_write"
      )
      yield* sent(
        BrokerApiKey.createSubaccountApikey({ ...brokerKey, permType: "read_and_write", permList: ["wallet_withdraw"] })
      )
    }))

  it.effect("batch creation: 1 to 5 items (the batch page), every item checked", () =>
    Effect.gen(function*() {
      const item = { subAccountName: "batchabc", passphrase: "abcd1234", label: "one" }
      const names = ["batchaaa", "batchbbb", "batchccc", "batchddd", "batcheee", "batchfff"]
      const items = (n: number) => names.slice(0, n).map((subAccountName) => ({ ...item, subAccountName }))
      yield* refused(
        VirtualSubaccount.batchCreateSubaccountAndApikey([]),
        "the batch must hold 1 to 5 sub-accounts, got 0"
      )
      yield* refused(
        VirtualSubaccount.batchCreateSubaccountAndApikey(items(6)),
        "the batch must hold 1 to 5 sub-accounts, got 6"
      )
      yield* sent(VirtualSubaccount.batchCreateSubaccountAndApikey(items(5)))
      yield* refused(
        VirtualSubaccount.batchCreateSubaccountAndApikey([item, { ...item, label: "x".repeat(21) }]),
        "must be 1 to 20 characters",
        "label"
      )
      yield* refused(
        VirtualSubaccount.batchCreateSubaccountAndApikey([{ ...item, subAccountName: "short" }]),
        "must be exactly 8 English letters",
        "subAccountName"
      )
    }))

  it.effect("uids are digits on every endpoint that takes one; keys and coins are not empty", () =>
    Effect.gen(function*() {
      const vKey = { passphrase: "abcd1234", label: "bot one" }
      const withdrawal = { coin: "USDT", dest: "on_chain", address: "TXYZ", amount: "1" } as const
      const calls: ReadonlyArray<
        [string, (uid: string) => Effect.Effect<unknown, { _tag: string; message: string }, any>]
      > = [
        [
          "subAccountUid",
          (uid) => VirtualSubaccount.modifyVirtualSubaccount({ subAccountUid: uid, permList: [], status: "normal" })
        ],
        [
          "subAccountUid",
          (uid) => VirtualSubaccountApiKey.createVirtualSubaccountApikey({ ...vKey, subAccountUid: uid })
        ],
        [
          "subAccountUid",
          (uid) =>
            VirtualSubaccountApiKey.modifyVirtualSubaccountApikey({
              ...vKey,
              subAccountUid: uid,
              subAccountApiKey: "bg_x"
            })
        ],
        ["subAccountUid", (uid) => VirtualSubaccountApiKey.virtualSubaccountApikeyList({ subAccountUid: uid })],
        ["subUid", (uid) => BrokerSubaccount.modifySubaccount({ subUid: uid, permList: [], status: "normal" })],
        ["subUid", (uid) => BrokerSubaccount.modifySubaccountEmail({ subUid: uid, subaccountEmail: "a@b.co" })],
        ["subUid", (uid) => BrokerSubaccount.subaccountEmail({ subUid: uid })],
        ["subUid", (uid) => BrokerSubaccount.subaccountSpotAssets({ subUid: uid })],
        ["subUid", (uid) => BrokerSubaccount.subaccountFutureAssets({ subUid: uid, productType: "USDT-FUTURES" })],
        ["subUid", (uid) => BrokerSubaccount.subaccountAddress({ subUid: uid, coin: "USDT" })],
        ["subUid", (uid) => BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, subUid: uid })],
        [
          "subUid",
          (uid) => BrokerSubaccount.setSubaccountAutotransfer({ subUid: uid, coin: "USDT", toAccountType: "spot" })
        ],
        ["subUid", (uid) => BrokerApiKey.createSubaccountApikey({ ...brokerKey, subUid: uid, permList: [] })],
        ["subUid", (uid) => BrokerApiKey.subaccountApikeyList({ subUid: uid })],
        [
          "subUid",
          (uid) =>
            BrokerApiKey.modifySubaccountApikey({ subUid: uid, apiKey: "bg_x", passphrase: "abc123", permList: [] })
        ],
        ["subUid", (uid) => BrokerApiKey.deleteSubaccountApikey({ subUid: uid, apiKey: "bg_x" })]
      ]
      for (const [field, call] of calls) {
        yield* refused(call(""), `${field}: must be a numeric uid, got ""`)
        yield* refused(call("12a"), `${field}: must be a numeric uid, got "12a"`)
        yield* sent(call("1000000002"))
      }
      yield* refused(
        VirtualSubaccountApiKey.modifyVirtualSubaccountApikey({ ...key, subAccountApiKey: "" }),
        "subAccountApiKey: must not be empty"
      )
      yield* refused(BrokerApiKey.deleteSubaccountApikey({ subUid: "1", apiKey: " " }), "apiKey: must not be empty")
      yield* refused(
        BrokerApiKey.modifySubaccountApikey({ subUid: "1", apiKey: "", passphrase: "abc123", permList: [] }),
        "apiKey: must not be empty"
      )
      yield* refused(BrokerSubaccount.createSubaccount({ subaccountName: "" }), "subaccountName: must not be empty")
      yield* refused(BrokerSubaccount.subaccountAddress({ subUid: "1", coin: "" }), "coin: must not be empty")
      yield* refused(
        BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, subUid: "1", coin: "" }),
        "coin: must not be empty"
      )
      yield* refused(
        BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, subUid: "1", address: "" }),
        "address: must not be empty"
      )
      yield* refused(
        BrokerSubaccount.setSubaccountAutotransfer({ subUid: "1", coin: "", toAccountType: "spot" }),
        "coin: must not be empty"
      )
    }))

  it.effect("every request enum refuses a value it does not take, naming the field and the values", () =>
    Effect.gen(function*() {
      const withdrawal = { subUid: "1", coin: "USDT", dest: "on_chain", address: "TXYZ", amount: "1" } as const
      const cases: ReadonlyArray<readonly [Effect.Effect<unknown, { _tag: string; message: string }, any>, string]> = [
        [
          BrokerSubaccount.modifySubaccount({ subUid: "1", permList: [], status: "del" as "normal" }),
          "status: expected \"normal\" or \"freeze\" (any letter case), got \"del\""
        ],
        [
          BrokerSubaccount.modifySubaccount({ subUid: "1", permList: ["trade" as "read"], status: "normal" }),
          "permList[0]: expected \"read\" or"
        ],
        [
          BrokerSubaccount.modifySubaccount({ subUid: "1", permList: [], status: "normal", language: "en" as "en_US" }),
          "language: expected \"en_US\" or"
        ],
        [
          BrokerSubaccount.subaccountList({ status: "deleted" as "del" }),
          "status: expected \"normal\" or \"freeze\" or \"del\""
        ],
        [BrokerSubaccount.subaccountSpotAssets({ subUid: "1", assetType: "held" as "all" }), "assetType: expected"],
        [BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, dest: "chain" as "on_chain" }), "dest: expected"],
        [BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, toType: "phone" as "mobile" }), "toType: expected"],
        [
          BrokerSubaccount.setSubaccountAutotransfer({ subUid: "1", coin: "USDT", toAccountType: "futures" as "spot" }),
          "toAccountType: expected"
        ],
        [
          BrokerApiKey.createSubaccountApikey({ ...brokerKey, permType: "write" as "readonly", permList: [] }),
          "permType: expected \"read_and_write\" or \"readonly\""
        ],
        [
          BrokerApiKey.createSubaccountApikey({ ...brokerKey, permList: ["withdraw" as "wallet_withdraw"] }),
          "permList[0]: expected \"contract_order\" or"
        ],
        [
          VirtualSubaccount.modifyVirtualSubaccount({
            subAccountUid: "1",
            permList: ["withdraw" as "read"],
            status: "normal"
          }),
          "permList[0]: expected \"read\" or"
        ],
        [
          VirtualSubaccount.virtualSubaccountList({ status: "del" as "normal" }),
          "status: expected \"normal\" or \"freeze\" (any"
        ]
      ]
      for (const [call, reason] of cases) yield* refused(call, reason)
      // The broker list takes `del`; the virtual one does not.
      yield* sent(BrokerSubaccount.subaccountList({ status: "DEL" as "del" }))
    }))

  it.effect("broker: list limit 1 to 100, withdrawal amount and areaCode, email", () =>
    Effect.gen(function*() {
      yield* refused(BrokerSubaccount.subaccountList({ limit: 101 }), "limit must be an integer from 1 to 100")
      yield* refused(BrokerSubaccount.subaccountList({ limit: 0 }), "limit")
      yield* sent(BrokerSubaccount.subaccountList({ limit: 100 }))
      const withdrawal = {
        subUid: "1000000002",
        coin: "USDT",
        dest: "internal_transfer",
        address: "123",
        amount: "1"
      } as const
      yield* refused(BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, amount: "0" }), "greater than zero")
      yield* refused(
        BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, toType: "mobile" }),
        "areaCode: is required when toType is mobile"
      )
      yield* refused(
        BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, toType: "MOBILE" as "mobile" }),
        "areaCode: is required when toType is mobile"
      )
      yield* refused(
        BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, toType: "mobile", areaCode: "" }),
        "areaCode: is required when toType is mobile"
      )
      yield* sent(BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, toType: "mobile", areaCode: "86" }))
      yield* sent(BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, toType: "email" }))
      yield* refused(
        BrokerSubaccount.modifySubaccountEmail({ subUid: "1", subaccountEmail: "not-an-email" }),
        "must be an email address",
        "subaccountEmail"
      )
    }))
})
