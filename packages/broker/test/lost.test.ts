/**
 * The broker writes are not order placements: a sub-account, a key or a withdrawal made twice
 * is a second one, and Bitget offers no look-up that settles them by an id the client chose
 * (the withdrawal's `clientOid` is refused a second time, but nothing is looked up). So when the
 * answer is lost the call fails with `TransportError` and is never sent again; the caller lists
 * what exists. A hostile server in front of the simulator cuts the connection after the
 * simulator has answered (or delivers the request after the client gave up), and the simulator
 * is asked what it holds.
 */
import { BrokerApiKey, BrokerSubaccount, VirtualSubaccount, VirtualSubaccountApiKey } from "@effect-bitget/broker"
import { Simulator } from "@effect-bitget/simulator"
import type { BrokerControl } from "@effect-bitget/simulator/broker/BrokerDomain"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/TestClock"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const broker = Simulator.control<BrokerControl>("broker")

const CREATE_VIRTUAL = "POST /api/v2/user/create-virtual-subaccount"
const BATCH = "POST /api/v2/user/batch-create-subaccount-and-apikey"
const CREATE_VIRTUAL_KEY = "POST /api/v2/user/create-virtual-subaccount-apikey"
const CREATE_BROKER_SUB = "POST /api/v2/broker/account/create-subaccount"
const CREATE_BROKER_KEY = "POST /api/v2/broker/manage/create-subaccount-apikey"
const WITHDRAW = "POST /api/v2/broker/account/subaccount-withdrawal"

/** A simulator, a hostile server in front of it, and a way to call through the hostile server. */
const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, import("@effect-bitget/core/BitgetClient").BitgetClient>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials))
  /** The simulator's answers to `route` that were successes. */
  const accepted = (route: string) => hostile.arrivals(route).filter((a) => JSON.parse(a.body).code === "00000").length
  return { hostile, via, accepted }
})

/** The call's answer is cut after the simulator has answered: a TransportError that says it was sent. */
const cut = <A, E extends { readonly _tag: string }>(call: Effect.Effect<A, E>) =>
  Effect.gen(function*() {
    const error = yield* Effect.flip(call)
    expect(error._tag).toBe("TransportError")
    expect(error).not.toMatchObject({ sent: false })
  })

const scoped = <A, E>(
  name: string,
  test: () => Effect.Effect<A, E, Simulator.Simulator | import("effect/Scope").Scope>
) => it.scoped(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

const vKey = { passphrase: "lostpass1", label: "lost key" }

describe("broker writes whose answer is lost: failed once, never sent again", () => {
  scoped("virtual sub-accounts: created once", () =>
    Effect.gen(function*() {
      const { accepted, hostile, via } = yield* setup
      hostile.next({ _tag: "ForwardThenDrop" }, CREATE_VIRTUAL)
      yield* cut(via(VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["lostaaaa"] })))
      expect([hostile.count(CREATE_VIRTUAL), accepted(CREATE_VIRTUAL)]).toEqual([1, 1])
      const list = yield* via(VirtualSubaccount.virtualSubaccountList({}))
      expect(list.subAccountList.map((s) => s.subAccountName)).toEqual(["lostaaaa@virtual-bitget.com"])
    }))

  scoped("a batch of sub-accounts with keys: created once, one key each", () =>
    Effect.gen(function*() {
      const { accepted, hostile, via } = yield* setup
      hostile.next({ _tag: "ForwardThenDrop" }, BATCH)
      yield* cut(via(VirtualSubaccount.batchCreateSubaccountAndApikey([
        { ...vKey, subAccountName: "lostbbbb" },
        { ...vKey, subAccountName: "lostcccc" }
      ])))
      expect([hostile.count(BATCH), accepted(BATCH)]).toEqual([1, 1])
      const list = yield* via(VirtualSubaccount.virtualSubaccountList({}))
      expect(list.subAccountList.map((s) => s.subAccountName).sort()).toEqual([
        "lostbbbb@virtual-bitget.com",
        "lostcccc@virtual-bitget.com"
      ])
      for (const sub of list.subAccountList) {
        const keys = yield* via(
          VirtualSubaccountApiKey.virtualSubaccountApikeyList({ subAccountUid: sub.subAccountUid })
        )
        expect(keys).toHaveLength(1)
      }
    }))

  scoped("a virtual sub-account's key: issued once", () =>
    Effect.gen(function*() {
      const { accepted, hostile, via } = yield* setup
      const created = yield* via(VirtualSubaccount.createVirtualSubaccount({ subAccountList: ["lostdddd"] }))
      const subAccountUid = created.successList[0]!.subAccountUid
      hostile.next({ _tag: "ForwardThenDrop" }, CREATE_VIRTUAL_KEY)
      yield* cut(via(VirtualSubaccountApiKey.createVirtualSubaccountApikey({ ...vKey, subAccountUid })))
      expect([hostile.count(CREATE_VIRTUAL_KEY), accepted(CREATE_VIRTUAL_KEY)]).toEqual([1, 1])
      expect(yield* via(VirtualSubaccountApiKey.virtualSubaccountApikeyList({ subAccountUid }))).toHaveLength(1)
    }))

  scoped("a broker sub-account and its key: each made once", () =>
    Effect.gen(function*() {
      const { accepted, hostile, via } = yield* setup
      hostile.next({ _tag: "ForwardThenDrop" }, CREATE_BROKER_SUB)
      yield* cut(via(BrokerSubaccount.createSubaccount({ subaccountName: "lostdesk" })))
      expect([hostile.count(CREATE_BROKER_SUB), accepted(CREATE_BROKER_SUB)]).toEqual([1, 1])
      expect((yield* via(BrokerSubaccount.info())).subAccountSize).toBe("1")
      const [sub] = (yield* via(BrokerSubaccount.subaccountList({}))).subList

      hostile.next({ _tag: "ForwardThenDrop" }, CREATE_BROKER_KEY)
      yield* cut(via(BrokerApiKey.createSubaccountApikey({
        subUid: sub!.subUid,
        passphrase: "lostpass",
        permType: "read_and_write",
        permList: ["spot_trade"],
        ipList: ["10.0.0.1"]
      })))
      expect([hostile.count(CREATE_BROKER_KEY), accepted(CREATE_BROKER_KEY)]).toEqual([1, 1])
      expect(yield* via(BrokerApiKey.subaccountApikeyList({ subUid: sub!.subUid }))).toHaveLength(1)
    }))

  for (const clientOid of [undefined, "lost-payout-1"]) {
    scoped(`a withdrawal (clientOid ${clientOid ?? "none"}): debited once`, () =>
      Effect.gen(function*() {
        const { accepted, hostile, via } = yield* setup
        const sub = yield* via(BrokerSubaccount.createSubaccount({ subaccountName: "lostpay" }))
        ;(yield* broker).deposit(sub.subUid, "USDT", "100")
        hostile.next({ _tag: "ForwardThenDrop" }, WITHDRAW)
        yield* cut(via(BrokerSubaccount.subaccountWithdrawal({
          subUid: sub.subUid,
          coin: "USDT",
          dest: "on_chain",
          address: "TXYZabcdefghijkmnopqrstuvwxyz12345",
          amount: "30",
          ...(clientOid === undefined ? {} : { clientOid })
        })))
        expect([hostile.count(WITHDRAW), accepted(WITHDRAW)]).toEqual([1, 1])
        const assets = yield* via(BrokerSubaccount.subaccountSpotAssets({ subUid: sub.subUid, coin: "USDT" }))
        expect(BigDecimal.format(assets.assetsList[0]!.available)).toBe("70")
      }))
  }

  scoped(
    "a withdrawal delivered after the client's timeout: TransportError (timed out), debited once",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, via } = yield* setup
        const sub = yield* via(BrokerSubaccount.createSubaccount({ subaccountName: "latepay" }))
        ;(yield* broker).deposit(sub.subUid, "USDT", "100")
        const late = Hostile.gate()
        hostile.next({ _tag: "Hold", until: late.promise }, WITHDRAW)
        const fiber = yield* Effect.fork(via(BrokerSubaccount.subaccountWithdrawal({
          subUid: sub.subUid,
          coin: "USDT",
          dest: "on_chain",
          address: "TXYZabcdefghijkmnopqrstuvwxyz12345",
          amount: "25"
        })))
        yield* Hostile.settle(() => hostile.count(WITHDRAW) === 1)
        yield* TestClock.adjust("5001 millis")
        const error = yield* Effect.flip(Fiber.join(fiber))
        expect(error).toMatchObject({ _tag: "TransportError", timedOut: true })
        late.release()
        yield* Hostile.settle(() => hostile.arrivals(WITHDRAW).length === 1)
        // Give a wrongly resent request time to arrive before counting.
        yield* TestClock.adjust("10 seconds")
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 50)))
        expect([hostile.count(WITHDRAW), accepted(WITHDRAW)]).toEqual([1, 1])
        const assets = yield* via(BrokerSubaccount.subaccountSpotAssets({ subUid: sub.subUid, coin: "USDT" }))
        expect(BigDecimal.format(assets.assetsList[0]!.available)).toBe("75")
      })
  )
})
