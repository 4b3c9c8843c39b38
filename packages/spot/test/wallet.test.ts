import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const spot = Simulator.control<SpotControl>("spot")
const dec = Decimal.unsafeMake
const day = 86_400_000
const { time } = Spot.Schemas

const usdt = Effect.map(Spot.Account.assets({ coin: "USDT" }), (rows) => rows[0]!.available)

const unique = <A>(rows: ReadonlyArray<A>, id: (a: A) => string) => {
  const ids = rows.map(id)
  expect(new Set(ids).size).toBe(ids.length)
  return ids.length
}

layer(Env, { excludeTestServices: true })("spot wallet and account", (it) => {
  it.effect("transfer → bills and transfer records", () =>
    Effect.gen(function*() {
      const before = yield* usdt
      const done = yield* Spot.Wallet.transfer({
        fromType: "spot",
        toType: "usdt_futures",
        amount: "250",
        coin: "USDT",
        clientOid: "t-1"
      })
      expect(done.clientOid).toBe("t-1")
      expect(BigDecimal.equals(yield* usdt, BigDecimal.subtract(before, dec("250")))).toBe(true)
      const [bill] = yield* Spot.Account.bills({ coin: "USDT", groupType: "transfer" })
      expect(bill!.businessType).toBe("transfer-out")
      expect(BigDecimal.equals(bill!.size, dec("-250"))).toBe(true)
      expect(BigDecimal.equals(bill!.balance, BigDecimal.subtract(before, dec("250")))).toBe(true)
      const records = yield* Spot.Account.transferRecords({ coin: "USDT", fromType: "spot" })
      expect(records[0]!.transferId).toBe(done.transferId)
      expect(records[0]!.toType).toBe("usdt_futures")
      // And back: a transfer-in bill.
      yield* Spot.Wallet.transfer({ fromType: "usdt_futures", toType: "spot", amount: "50", coin: "USDT" })
      const [back] = yield* Spot.Account.bills({ coin: "USDT", groupType: "transfer" })
      expect(back!.businessType).toBe("transfer-in")
    }))

  it.effect("a transfer beyond the balance fails with InsufficientBalance", () =>
    Effect.gen(function*() {
      const error = yield* Spot.Wallet.transfer({
        fromType: "spot",
        toType: "p2p",
        amount: "100000000",
        coin: "USDT"
      }).pipe(Effect.flip)
      expect(error._tag).toBe("InsufficientBalance")
    }))

  it.effect("sub-account transfer, withdrawal and deposit leave records and bills", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const before = yield* usdt
      yield* Spot.Wallet.subaccountTransfer({
        fromType: "spot",
        toType: "spot",
        amount: "10",
        coin: "USDT",
        fromUserId: sim.uid,
        toUserId: "2000000002"
      })
      const withdrawn = yield* Spot.Wallet.withdrawal({
        coin: "USDT",
        transferType: "on_chain",
        address: "0xabc",
        chain: "trc20",
        size: "20",
        clientOid: "w-1"
      })
      const control = yield* spot
      const depositId = control.deposit("USDT", "5")
      const after = yield* usdt
      expect(BigDecimal.equals(after, BigDecimal.subtract(before, dec("25")))).toBe(true)
      const now = Date.now()
      const range = { startTime: time(now - day), endTime: time(now + 1000) }
      const withdrawals = yield* Spot.Wallet.withdrawalRecords({ ...range, clientOid: "w-1" })
      expect(withdrawals.map((w) => w.orderId)).toEqual([withdrawn.orderId])
      const deposits = yield* Spot.Wallet.depositRecords({ ...range, coin: "USDT" })
      expect(deposits[0]!.orderId).toBe(depositId)
      expect(deposits[0]!.status).toBe("success")
      const kinds = (yield* Spot.Account.bills({ coin: "USDT", limit: 3 })).map((b) => b.groupType)
      expect(kinds).toEqual(["deposit", "withdraw", "transfer"])
    }))

  it.effect("histories stream across pages and 90-day windows with no duplicates or gaps", () =>
    Effect.gen(function*() {
      const control = yield* spot
      const from = Date.now() - 400 * day
      const count = 250
      const step = day
      control.history({ count, from, step, symbol: "ETHUSDT" })
      const range = { startTime: time(from), endTime: time(from + count * step) }

      const bills = Chunk.toReadonlyArray(yield* Stream.runCollect(Spot.Account.bills.items(range)))
      // Per round: deposit, order (pay, receive, fee), withdrawal, transfer-out.
      expect(unique(bills, (b) => b.billId)).toBe(count * 6)

      const deposits = Chunk.toReadonlyArray(yield* Stream.runCollect(Spot.Wallet.depositRecords.items(range)))
      expect(unique(deposits, (d) => d.orderId)).toBe(count)
      const withdrawals = Chunk.toReadonlyArray(
        yield* Stream.runCollect(Spot.Wallet.withdrawalRecords.items({ ...range, coin: "USDT" }))
      )
      expect(unique(withdrawals, (w) => w.orderId)).toBe(count)

      const transferPages = Chunk.toReadonlyArray(
        yield* Stream.runCollect(
          Spot.Account.transferRecords.pages({ ...range, coin: "USDT", fromType: "spot", limit: 40 })
        )
      )
      // Three 90-day windows, each walked by pageNum in pages of 40.
      expect(transferPages.length).toBe(8)
      expect(unique(transferPages.flat(), (t) => t.transferId)).toBe(count)

      const plans = Chunk.toReadonlyArray(
        yield* Stream.runCollect(Spot.PlanOrder.historyPlanOrder.items({ ...range, symbol: "ETHUSDT" }))
      )
      expect(unique(plans, (p) => p.orderId)).toBe(count)
      expect(plans.every((p) => p.status === "cancelled")).toBe(true)

      // Newest first, and every day of the range is there.
      const days = deposits.map((d) => DateTime.toEpochMillis(d.cTime))
      expect([...days].sort((a, b) => b - a)).toEqual(days)
      expect(days[0]! - days[days.length - 1]!).toBe((count - 1) * step)
    }))

  it.effect("account info decodes a numeric parentId; sub-account assets decode a numeric userId", () =>
    Effect.gen(function*() {
      const info = yield* Spot.Account.info()
      expect(typeof info.userId).toBe("string")
      const subs = yield* Spot.Account.subaccountAssets.items().pipe(Stream.runCollect)
      expect(Chunk.size(subs)).toBeGreaterThan(50)
      expect(Chunk.toReadonlyArray(subs).every((s) => typeof s.userId === "string")).toBe(true)
    }))

  it.effect("deposit addresses and institutional loan product terms", () =>
    Effect.gen(function*() {
      const address = yield* Spot.Wallet.depositAddress({ coin: "USDT", chain: "trc20" })
      expect(typeof address.address).toBe("string")
      const sub = yield* Spot.Wallet.subaccountDepositAddress({ subUid: "2000000002", coin: "BTC", size: "0.001" })
      expect(typeof sub.chain).toBe("string")
      const product = yield* Spot.InsLoan.productInfos({ productId: "ins-1" })
      expect(BigDecimal.isBigDecimal(product.liquidationLine)).toBe(true)
    }))
})
