/**
 * Broker request rules at the sides `rules.test.ts` leaves open (issue 25: the mutants of the
 * uid, passphrase and email checks, the wallet-permission and areaCode rules, the batch size and
 * the commission range killed): a value wrong only at its start or only at its end, the rule's
 * other branch accepted (no `permType`, no `toType`, one batch item, neither end of a range).
 * Refused: `InvalidRequest` whose reason starts with the field, nothing sent; sent: the request
 * reached the simulator, whatever it answered.
 */
import {
  Agent,
  BrokerApiKey,
  BrokerSubaccount,
  Commission,
  VirtualSubaccount,
  VirtualSubaccountApiKey
} from "@effect-bitget/broker"
import { Simulator } from "@effect-bitget/simulator"
import { layer } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refused, sent } from "../../core/test/ruleCases.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const T0 = 1_767_225_600_000
const DAY = 86_400_000
const at = (ms: number) => DateTime.unsafeMake(ms)

layer(Env, { excludeTestServices: true })("broker: request rules at both sides", (it) => {
  it.effect("a uid is digits from its first character to its last", () =>
    Effect.gen(function*() {
      for (const uid of ["a12", "12a", " 12", "1 2"]) {
        yield* refused(BrokerSubaccount.subaccountEmail({ subUid: uid }), `subUid: must be a numeric uid, got "${uid}"`)
      }
      yield* sent(BrokerSubaccount.subaccountEmail({ subUid: "7" }))
    }))

  it.effect("a virtual key's passphrase: letters and digits from its first character to its last; a one-letter label", () =>
    Effect.gen(function*() {
      const key = { subAccountUid: "1000000002", passphrase: "abcd1234", label: "bot one" }
      const create = VirtualSubaccountApiKey.createVirtualSubaccountApikey
      for (const passphrase of ["abcd1234!", "!abcd1234", "abcd 1234"]) {
        yield* refused(
          create({ ...key, passphrase }),
          `passphrase: must be 8 to 32 letters and digits, got ${passphrase.length} characters`
        )
      }
      yield* sent(create({ ...key, passphrase: "Abcd1234", label: "x" }))
    }))

  it.effect("an email: one @, no blank, a dot in the domain, text around each", () =>
    Effect.gen(function*() {
      const email = (subaccountEmail: string) =>
        BrokerSubaccount.modifySubaccountEmail({ subUid: "1", subaccountEmail })
      for (
        const bad of [
          " a@b.co",
          "a@b.co ",
          "a b@c.de",
          "a@b@c.de",
          "a@bco",
          "@b.co",
          "a@.co",
          "a@b.",
          "a@b c.de",
          "a@b.c o"
        ]
      ) {
        yield* refused(email(bad), `subaccountEmail: must be an email address, got "${bad}"`)
      }
      yield* sent(email("a.b@c.d.co"))
    }))

  it.effect("wallet permissions: a read_and_write key, or a key whose type stays (no permType), may have them", () =>
    Effect.gen(function*() {
      const key = { subUid: "1", apiKey: "bg_x", passphrase: "abc123" } as const
      const need = "permList: wallet_transfer and wallet_withdraw need permType read_and_write"
      yield* refused(
        BrokerApiKey.modifySubaccountApikey({ ...key, permType: "readonly", permList: ["wallet_withdraw"] }),
        need
      )
      yield* refused(
        BrokerApiKey.modifySubaccountApikey({
          ...key,
          permType: "readonly",
          permList: ["spot_trade", "wallet_transfer"]
        }),
        need
      )
      yield* sent(BrokerApiKey.modifySubaccountApikey({ ...key, permList: ["wallet_transfer"] }))
      yield* sent(BrokerApiKey.modifySubaccountApikey({ ...key, permType: "readonly", permList: ["spot_trade"] }))
      yield* sent(
        BrokerApiKey.modifySubaccountApikey({ ...key, permType: "read_and_write", permList: ["wallet_transfer"] })
      )
    }))

  it.effect("a withdrawal without toType needs no areaCode", () =>
    Effect.gen(function*() {
      const withdrawal = { subUid: "1", coin: "USDT", dest: "internal_transfer", address: "123", amount: "1" } as const
      yield* sent(BrokerSubaccount.subaccountWithdrawal(withdrawal))
      yield* refused(
        BrokerSubaccount.subaccountWithdrawal({ ...withdrawal, toType: "Mobile" as "mobile" }),
        "areaCode: is required when toType is mobile"
      )
    }))

  it.effect("a batch of one sub-account is sent; a create names at least one", () =>
    Effect.gen(function*() {
      yield* sent(
        VirtualSubaccount.batchCreateSubaccountAndApikey([
          { subAccountName: "onlyoneq", passphrase: "abcd1234", label: "one" }
        ])
      )
      yield* sent(VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["singleab"] }))
      yield* refused(
        VirtualSubaccount.createVirtualSubaccount({ subAccountList: [] }),
        "subAccountList: must name at least one sub-account"
      )
    }))

  it.effect("a uid of many digits is sent; a virtual name is 8 letters from its first to its last, A to z", () =>
    Effect.gen(function*() {
      yield* sent(BrokerSubaccount.subaccountEmail({ subUid: "1000000002" }))
      for (const name of ["1abcdefgh", "abcdefgh1", "abcdefg"]) {
        yield* refused(
          VirtualSubaccount.createVirtualSubaccount({ subAccountList: [name] }),
          `subAccountList[0]: must be exactly 8 English letters, got "${name}"`
        )
      }
      yield* sent(VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["AZazAZaz"] }))
    }))

  it.effect("an email with several characters in each part is sent", () =>
    Effect.gen(function*() {
      yield* sent(BrokerSubaccount.modifySubaccountEmail({ subUid: "1", subaccountEmail: "ab@cd.ef" }))
    }))

  it.effect("an agent sub-account: a username of 1 to 20 lower-case letters, a passphrase of 8 to 32 letters and digits", () =>
    Effect.gen(function*() {
      // Bitget's Create-Agent-Subaccount page (bitget-api's type and an independent client agree):
      // lower-case letters only, at most 20; passphrase 8-32 letters and digits.
      const create = (username: string, passphrase = "Passw0rd1") =>
        Agent.createAgentSubaccount({ username, passphrase })
      for (const username of ["Desk", "desk1", " desk", "a".repeat(21), ""]) {
        yield* refused(create(username), "username: 1 to 20 lower-case letters")
      }
      yield* sent(create("desk"))
      yield* sent(create("a".repeat(20)))
      yield* sent(create("z"))
      for (const passphrase of ["!Passw0rd1", "Passw0rd1!", "Passw0r", "a".repeat(33)]) {
        yield* refused(create("desk", passphrase), "passphrase: 8 to 32 letters and digits")
      }
      yield* sent(create("desk", "Az09Az09"))
      yield* sent(create("desk", "Z9".repeat(16)))
    }))

  it.effect("deposit and withdrawal records: both ends or neither", () =>
    Effect.gen(function*() {
      const both = "startTime and endTime: both or neither"
      yield* refused(Commission.allSubDepositWithdrawal({ startTime: at(T0) }), both)
      yield* refused(Commission.allSubDepositWithdrawal({ endTime: at(T0) }), both)
      yield* sent(Commission.allSubDepositWithdrawal({}))
      yield* sent(Commission.allSubDepositWithdrawal({ startTime: at(T0), endTime: at(T0 + DAY) }))
    }))
})
