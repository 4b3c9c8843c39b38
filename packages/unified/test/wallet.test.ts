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
import { advance, drive } from "./drive.js"

const { Account, Deposit, Transfer, Withdrawal } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
/** The wallet's knobs: deposits arrive for the simulator's unified main account. */
const wallet = Simulator.control<UnifiedWalletControl>("unifiedWallet")
const day = 86_400_000
const time = (ms: number) => DateTime.unsafeMake(ms)
const text = (value: BigDecimal.BigDecimal) => BigDecimal.format(BigDecimal.normalize(value))

const max = (coin: string) => Withdrawal.maxWithdrawal({ coin })
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

const collect = <A, E, R>(stream: Stream.Stream<A, E, R>) =>
  Effect.map(Stream.runCollect(stream), (chunk) => Chunk.toReadonlyArray(chunk))

layer(Env)("unified wallet: transfers, deposits, withdrawals", (it) => {
  it.effect("a deposit credits the unified balance; transfers move it to and from the Classic spot account", () =>
    drive(Effect.gen(function*() {
      const control = yield* wallet
      const before = yield* max("USDT")
      const usdt = Effect.map(Account.assets(), (a) => a.assets.find((row) => row.coin === "USDT")!.available)
      const held = yield* usdt
      const orderId = control.deposit("USDT", "500")
      const after = yield* max("USDT")
      expect(text(BigDecimal.subtract(after.utaMaxWithdrawal!, before.utaMaxWithdrawal!))).toBe("500")
      // The unified account's one balance: V3 account/assets sees the deposit.
      expect(text(BigDecimal.subtract(yield* usdt, held))).toBe("500")
      const now = yield* Clock.currentTimeMillis
      const [record] = yield* Deposit.depositRecords({ startTime: time(now - day), endTime: time(now + 1000) })
      expect(record!.orderId).toBe(orderId)
      expect(record!.status).toBe("success")
      expect(text(record!.size)).toBe("500")

      const done = yield* Transfer.transfer({
        fromType: "uta",
        toType: "spot",
        amount: "200",
        coin: "USDT",
        clientOid: "t-1"
      })
      expect(done.clientOid).toBe("t-1")
      const moved = yield* max("USDT")
      expect(text(BigDecimal.subtract(yield* usdt, held))).toBe("300")
      expect(text(BigDecimal.subtract(after.utaMaxWithdrawal!, moved.utaMaxWithdrawal!))).toBe("200")
      expect(text(BigDecimal.subtract(moved.spotMaxWithdrawal!, after.spotMaxWithdrawal!))).toBe("200")
      expect(text(moved.totalMaxWithdrawal)).toBe(text(after.totalMaxWithdrawal))
      // Any letter case is accepted and sent as documented.
      yield* Transfer.transfer({ fromType: "SPOT" as "spot", toType: "UTA" as "uta", amount: "200", coin: "USDT" })
      expect(text((yield* max("USDT")).utaMaxWithdrawal!)).toBe(text(after.utaMaxWithdrawal!))

      const coins = yield* Transfer.transferableCoins({ fromType: "uta", toType: "spot" })
      expect(coins).toContain("USDT")
      const short = yield* Transfer.transfer({ fromType: "uta", toType: "spot", amount: "100000000", coin: "USDT" })
        .pipe(
          Effect.flip
        )
      expect(short._tag).toBe("InsufficientBalance")
      // A repeated clientOid is answered with the first transfer and moves nothing.
      const kept = yield* max("USDT")
      const again = yield* Transfer.transfer({
        fromType: "uta",
        toType: "spot",
        amount: "1",
        coin: "USDT",
        clientOid: "t-1"
      })
      expect(again.transferId).toBe(done.transferId)
      expect(text((yield* max("USDT")).utaMaxWithdrawal!)).toBe(text(kept.utaMaxWithdrawal!))
    })))

  it.effect("deposits go where setDepositAccount says; deposit addresses are stable per coin and chain", () =>
    drive(Effect.gen(function*() {
      const control = yield* wallet
      yield* Deposit.setDepositAccount({ coin: "ETH", accountType: "funding" })
      const before = yield* max("ETH")
      control.deposit("ETH", "2")
      const after = yield* max("ETH")
      expect(text(BigDecimal.subtract(after.spotMaxWithdrawal!, before.spotMaxWithdrawal!))).toBe("2")
      expect(text(after.utaMaxWithdrawal!)).toBe(text(before.utaMaxWithdrawal!))

      const a = yield* Deposit.depositAddress({ coin: "USDT" })
      expect(a.chain).toBe("trc20")
      expect(yield* Deposit.depositAddress({ coin: "USDT", chain: "trc20" })).toEqual(a)
      expect((yield* Deposit.depositAddress({ coin: "USDT", chain: "erc20" })).address).not.toBe(a.address)
      // Lightning amounts: the bounds pass, the first values past them are refused with nothing sent.
      yield* Deposit.depositAddress({ coin: "BTC", chain: "lightning", size: "0.000001" })
      yield* Deposit.depositAddress({ coin: "BTC", chain: "lightning", size: "0.01" })
      const count = yield* sent
      yield* refusedLocally(
        Deposit.depositAddress({ coin: "BTC", chain: "lightning", size: "0.0000009" }),
        "size (Lightning) must be from 0.000001 to 0.01",
        count
      )
      yield* refusedLocally(
        Deposit.depositAddress({ coin: "BTC", chain: "lightning", size: "0.0100001" }),
        "size (Lightning) must be from 0.000001 to 0.01",
        count
      )
    })))

  it.effect("a withdrawal waits in its cooling-off period, is cancelled and its amount returns", () =>
    drive(Effect.gen(function*() {
      const control = yield* wallet
      control.deposit("USDT", "100")
      const before = yield* max("USDT")
      const { orderId } = yield* Withdrawal.withdrawal({
        coin: "USDT",
        transferType: "on_chain",
        chain: "trc20",
        address: "TXyz",
        size: "40",
        clientOid: "w-1"
      })
      expect(text(BigDecimal.subtract(before.utaMaxWithdrawal!, (yield* max("USDT")).utaMaxWithdrawal!))).toBe("40")
      const now = yield* Clock.currentTimeMillis
      const range = { startTime: time(now - day), endTime: time(now + 1000) }
      const [pending] = yield* Withdrawal.withdrawalRecords({ ...range, clientOid: "w-1" })
      expect(pending!.orderId).toBe(orderId)
      expect(pending!.status).toBe("pending")
      // The same clientOid again is refused: one withdrawal per clientOid.
      const twice = yield* Effect.flip(Withdrawal.withdrawal({
        coin: "USDT",
        transferType: "on_chain",
        chain: "trc20",
        address: "TXyz",
        size: "40",
        clientOid: "w-1"
      }))
      expect(twice._tag).toBe("DuplicateClientOid")

      expect(yield* Withdrawal.cancelWithdrawal({ clientOid: "w-1" })).toBe("success")
      expect(text((yield* max("USDT")).utaMaxWithdrawal!)).toBe(text(before.utaMaxWithdrawal!))
      const [cancelled] = yield* Withdrawal.withdrawalRecords({ ...range, orderId })
      expect(cancelled!.status).toBe("fail")
      // Only once; an unknown one is not found.
      expect((yield* Effect.flip(Withdrawal.cancelWithdrawal({ orderId })))._tag).toBe("InvalidParameter")
      expect((yield* Effect.flip(Withdrawal.cancelWithdrawal({ orderId: "1" })))._tag).toBe("OrderNotFound")
      // More than the balance: refused by the exchange, nothing moves.
      const short = yield* Effect.flip(
        Withdrawal.withdrawal({
          coin: "USDT",
          transferType: "on_chain",
          chain: "trc20",
          address: "T",
          size: "1000000000000"
        })
      )
      expect(short._tag).toBe("InsufficientBalance")
      // An internal transfer to another user of the exchange.
      const sim = yield* Simulator.Simulator
      const internal = yield* Withdrawal.withdrawal({
        coin: "USDT",
        transferType: "internal_transfer",
        address: sim.uid,
        size: "1"
      })
      expect(internal.orderId).toMatch(/^\d+$/)
      // Past its cooling-off period a withdrawal is sent: no longer pending, no longer cancellable.
      yield* advance("61 seconds")
      const [sentOne] = yield* Withdrawal.withdrawalRecords({
        startTime: time(now - day),
        endTime: time(now + 120_000),
        orderId: internal.orderId
      })
      expect(sentOne!.status).toBe("success")
      expect((yield* Effect.flip(Withdrawal.cancelWithdrawal({ orderId: internal.orderId })))._tag).toBe(
        "InvalidParameter"
      )
    })))

  it.effect("local rules: each refused with nothing sent, the boundary accepted", () =>
    drive(Effect.gen(function*() {
      const count = yield* sent
      const now = yield* Clock.currentTimeMillis
      const range = { startTime: time(now - day), endTime: time(now) }
      yield* refusedLocally(
        Withdrawal.withdrawal({ coin: "USDT", transferType: "on_chain", address: "T", size: "1" }),
        "chain: required for an on_chain withdrawal",
        count
      )
      yield* refusedLocally(
        Withdrawal.withdrawal({
          coin: "USDT",
          transferType: "internal_transfer",
          innerToType: "mobile",
          address: "5550100",
          size: "1"
        }),
        "areaCode: required when innerToType is mobile",
        count
      )
      yield* refusedLocally(
        Withdrawal.withdrawal({ coin: "USDT", transferType: "on_chain", chain: "trc20", address: "T", size: "0" }),
        "Expected a value greater than zero",
        count
      )
      yield* refusedLocally(Withdrawal.cancelWithdrawal({}), "orderId or clientOid: one is required", count)
      yield* refusedLocally(
        Transfer.transfer({ fromType: "isolated_margin", toType: "uta", amount: "1", coin: "USDT" }),
        "symbol: required when fromType or toType is isolated_margin",
        count
      )
      yield* refusedLocally(
        Transfer.transfer({ fromType: "uta", toType: "uta", amount: "1", coin: "USDT" }),
        "toType: must differ from fromType",
        count
      )
      yield* refusedLocally(
        Transfer.transfer({ fromType: "funding" as "spot", toType: "uta", amount: "1", coin: "USDT" }),
        "expected \"spot\"",
        count
      )
      yield* refusedLocally(
        Transfer.subMasterTransfer({ fromType: "p2p" as "spot", toType: "uta", amount: "1", coin: "USDT" }),
        "expected \"spot\" or \"uta\"",
        count
      )
      // Page sizes: the largest accepted, one more refused.
      yield* Deposit.depositRecords({ ...range, limit: 100 })
      yield* Withdrawal.withdrawalRecords({ ...range, limit: 100 })
      yield* Withdrawal.withdrawAddress({ limit: 10 })
      yield* Transfer.subTransferRecords({ limit: 100 })
      const after = yield* sent
      yield* refusedLocally(
        Deposit.depositRecords({ ...range, limit: 101 }),
        "limit must be an integer from 1 to 100",
        after
      )
      yield* refusedLocally(
        Withdrawal.withdrawalRecords({ ...range, limit: 101 }),
        "limit must be an integer from 1 to 100",
        after
      )
      yield* refusedLocally(Withdrawal.withdrawAddress({ limit: 11 }), "limit must be an integer from 1 to 10", after)
      yield* refusedLocally(
        Transfer.subTransferRecords({ limit: 101 }),
        "limit must be an integer from 1 to 100",
        after
      )
      // The sub-transfer record window: 90 days accepted, one ms more refused.
      yield* Transfer.subTransferRecords({ startTime: time(now - 90 * day), endTime: time(now) })
      const last = yield* sent
      yield* refusedLocally(
        Transfer.subTransferRecords({ startTime: time(now - 90 * day - 1), endTime: time(now) }),
        "more than the endpoint's 90d",
        last
      )
      // A transfer's clientOid: 64 characters pass the local check, 65 do not.
      yield* refusedLocally(
        Transfer.subTransfer({
          fromType: "uta",
          toType: "uta",
          amount: "1",
          coin: "USDT",
          fromUserId: "1",
          toUserId: "2",
          clientOid: "x".repeat(65)
        }),
        "clientOid: 1 to 64 characters for a transfer",
        last
      )
    })))

  it.effect("histories stream by their own cursors with no row twice or lost", () =>
    drive(Effect.gen(function*() {
      const control = yield* wallet
      const from = (yield* Clock.currentTimeMillis) - 400 * day
      const count = 250
      control.history({ count, from, step: day })
      const range = { startTime: time(from), endTime: time(from + count * day) }
      const deposits = yield* collect(Deposit.depositRecords.items(range))
      expect(deposits.length).toBe(count)
      expect(new Set(deposits.map((d) => d.orderId)).size).toBe(count)
      const times = deposits.map((d) => DateTime.toEpochMillis(d.createdTime))
      expect([...times].sort((a, b) => b - a)).toEqual(times)
      expect(times[0]! - times[count - 1]!).toBe((count - 1) * day)

      const pages = yield* collect(Withdrawal.withdrawalRecords.pages({ ...range, limit: 40 }))
      expect(pages.length).toBe(7)
      const withdrawals = pages.flat()
      expect(new Set(withdrawals.map((w) => w.orderId)).size).toBe(count)
      expect(withdrawals.every((w) => w.status === "success")).toBe(true)
      // A withdrawal already sent cannot be cancelled.
      expect((yield* Effect.flip(Withdrawal.cancelWithdrawal({ orderId: withdrawals[0]!.orderId })))._tag).toBe(
        "InvalidParameter"
      )

      // The address book: 10 a page, linked by the page's cursor.
      const book = yield* collect(Withdrawal.withdrawAddress.pages())
      expect(book.map((p) => p.addressList.length)).toEqual([10, 10, 4])
      const internal = yield* collect(Withdrawal.withdrawAddress.items({ type: "internal" }))
      expect(internal.length).toBe(4)
      expect(internal.every((row) => row.type === "internal")).toBe(true)
    })))
})
