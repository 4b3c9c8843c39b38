/**
 * Cancelling a withdrawal over loopback: while it is pending (its one-minute regret period, on the
 * simulator's clock, driven by the test's TestClock) and not after; the amount returns when it is.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/TestClock"

// Each test runs its own simulator and client under the test's TestClock.
const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const fmt = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : Decimal.format(BigDecimal.normalize(value))
const { Wallet } = Spot
const usdt = Effect.map(
  Spot.Account.assets({ coin: "USDT" }),
  (rows) => [fmt(rows[0]!.available), fmt(rows[0]!.frozen)]
)

const START = 1_767_225_600_000 // 2026-01-01T00:00:00Z

describe("spot cancel-withdrawal (TestClock)", () => {
  it.scoped("a pending on-chain withdrawal is cancelled and refunded; after its regret minute it cannot be", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const before = yield* usdt
      const withdraw = (clientOid: string) =>
        Wallet.withdrawal({
          coin: "USDT",
          transferType: "on_chain",
          address: "0xabc",
          chain: "erc20",
          size: "100",
          clientOid
        })
      const first = yield* withdraw("wd-1")
      const range = { startTime: Spot.Schemas.time(START - 1000), endTime: Spot.Schemas.time(START + 600_000) }
      const status = (clientOid: string) =>
        Effect.map(Wallet.withdrawalRecords({ ...range, clientOid }), (rows) => rows[0]!.status)
      expect(yield* status("wd-1")).toBe("pending")
      yield* TestClock.adjust("59 seconds")
      expect(yield* Wallet.cancelWithdrawal({ orderId: first.orderId })).toBe("success")
      expect(yield* status("wd-1")).toBe("fail")
      expect(yield* usdt).toEqual(before)
      // Cancelled once: it is no longer pending.
      const again = yield* Effect.flip(Wallet.cancelWithdrawal({ orderId: first.orderId }))
      expect("code" in again ? again.code : again._tag).toBe("13010")

      const second = yield* withdraw("wd-2")
      yield* TestClock.adjust("60 seconds")
      expect(yield* status("wd-2")).toBe("success")
      const late = yield* Effect.flip(Wallet.cancelWithdrawal({ orderId: second.orderId }))
      expect("code" in late ? late.code : late._tag).toBe("13010")
      // The 100 USDT stayed withdrawn.
      const [available] = yield* usdt
      expect(available).toBe(fmt(BigDecimal.subtract(Decimal.unsafeMake(before[0]!), Decimal.unsafeMake("100"))))
    }).pipe(Effect.provide(Env)))

  it.scoped("an internal transfer completes at once and cannot be cancelled", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(START)
      const done = yield* Wallet.withdrawal({
        coin: "USDT",
        transferType: "internal_transfer",
        address: "2000000003",
        innerToType: "uid",
        size: "1"
      })
      const refused = yield* Effect.flip(Wallet.cancelWithdrawal({ orderId: done.orderId }))
      expect("code" in refused ? refused.code : refused._tag).toBe("13010")
    }).pipe(Effect.provide(Env)))
})
