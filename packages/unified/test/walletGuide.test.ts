import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedWalletControl } from "@effect-bitget/simulator/unified/WalletDomain"
import { Withdrawal } from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Clock from "effect/Clock"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Guide from "../examples/wallet.js"
import { drive } from "./drive.js"

const text = (value: BigDecimal.BigDecimal) => BigDecimal.format(BigDecimal.normalize(value))

layer(Guide.Local)("docs/unified.md wallet, sub-account and loan examples", (it) => {
  it.effect("a year of deposits", () =>
    drive(Effect.gen(function*() {
      const control = yield* Simulator.control<UnifiedWalletControl>("unifiedWallet")
      const now = yield* Clock.currentTimeMillis
      control.deposit("USDT", "10", { time: now - 200 * 86_400_000 })
      control.deposit("USDT", "20", { time: now - 1000 })
      const deposits = yield* Guide.depositsOfTheYear
      expect(deposits.map((d) => text(d.size))).toEqual(["20", "10"])
    })))
  it.effect("a withdrawal taken back", () =>
    drive(Effect.gen(function*() {
      const orderId = yield* Guide.withdrawAndCancel
      const now = yield* Clock.currentTimeMillis
      const [record] = yield* Withdrawal.withdrawalRecords({
        startTime: DateTime.unsafeMake(now - 60_000),
        endTime: DateTime.unsafeMake(now + 1000),
        orderId
      })
      expect(record!.status).toBe("fail")
    })))
  it.effect("a read-only sub-account key", () =>
    drive(Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const sub = yield* Guide.readOnlySubAccount(sim.unified.uid)
      expect(sim.accounts.keys.get(sub.apiKey)?.permType).toBe("readonly")
    })))
  it.effect("a loan borrowed and repaid", () =>
    drive(Effect.gen(function*() {
      const repaid = yield* Guide.borrowAndRepay
      expect(text(repaid.repayLoanAmount)).toBe("500")
    })))
})
