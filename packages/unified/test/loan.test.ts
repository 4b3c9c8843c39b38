import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
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

const { Account, CryptoLoan } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const day = 86_400_000
const time = (ms: number) => DateTime.unsafeMake(ms)
const text = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : BigDecimal.format(BigDecimal.normalize(value))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

const held = (coin: string) =>
  Effect.map(Account.assets(), (a) => a.assets.find((row) => row.coin === coin)?.available ?? BigDecimal.fromBigInt(0n))

const range = Effect.map(Clock.currentTimeMillis, (now) => ({ startTime: time(now - 30 * day), endTime: time(now) }))

layer(Env)("unified crypto loans", (it) => {
  it.effect("a loan borrowed, accruing interest hour by hour, partly and then fully repaid", () =>
    drive(Effect.gen(function*() {
      const usdt = yield* held("USDT")
      const btc = yield* held("BTC")
      const quote = yield* CryptoLoan.interest({
        loanCoin: "USDT",
        pledgeCoin: "BTC",
        daily: "FLEXIBLE",
        pledgeAmount: "1"
      })
      expect(BigDecimal.isPositive(quote.loanAmount)).toBe(true)
      const { orderId } = yield* CryptoLoan.borrow({
        loanCoin: "USDT",
        pledgeCoin: "BTC",
        daily: "FLEXIBLE",
        loanAmount: "1000"
      })
      const [loan] = yield* CryptoLoan.borrowOngoing({ orderId })
      expect(text(loan!.loanAmount)).toBe("1000")
      expect(text(loan!.interestAmount)).toBe("0")
      // The collateral left the unified balance and the loan arrived in it.
      expect(text(BigDecimal.subtract(yield* held("USDT"), usdt))).toBe("1000")
      expect(text(BigDecimal.subtract(btc, yield* held("BTC")))).toBe(text(loan!.pledgeAmount))
      expect(text(loan!.pledgeRate)).toBe("65")

      // Interest accrues per whole hour of the simulator's clock: 1000 × 0.00001 an hour.
      yield* advance("5 hours")
      yield* advance("30 minutes")
      const [later] = yield* CryptoLoan.borrowOngoing({ orderId })
      const hours = Math.floor(
        ((yield* Clock.currentTimeMillis) - DateTime.toEpochMillis(later!.borrowTime)) / 3_600_000
      )
      expect(hours).toBe(5)
      expect(text(later!.interestAmount)).toBe("0.05")
      const owed = yield* CryptoLoan.debts()
      expect(owed.loanInfos.map((row) => [row.coin, text(row.amount)])).toEqual([["USDT", "1000.05"]])

      // Part: interest first, then principal.
      const part = yield* CryptoLoan.repay({ orderId, method: "borrowed_coin", repayAll: false, amount: "100.05" })
      expect(text(part.payInterest)).toBe("0.05")
      expect(text(part.repayLoanAmount)).toBe("100")
      expect(text(part.repayUnlockAmount)).toBe("0")
      // All: the rest, and the collateral back.
      const rest = yield* CryptoLoan.repay({ orderId, method: "borrowed_coin", repayAll: true })
      expect(text(rest.repayLoanAmount)).toBe("900")
      expect(text(rest.repayUnlockAmount)).toBe(text(loan!.pledgeAmount))
      expect(text(yield* held("BTC"))).toBe(text(btc))
      expect(text(BigDecimal.subtract(usdt, yield* held("USDT")))).toBe("0.05")
      expect(yield* CryptoLoan.borrowOngoing({ orderId })).toEqual([])

      const window = yield* range
      const [ended] = yield* CryptoLoan.borrowHistory({ ...window, orderId })
      expect(ended!.status).toBe("REPAY")
      const repays = yield* CryptoLoan.repayHistory({ ...window, orderId })
      expect(repays.map((r) => text(r.repayAmount))).toEqual(["900", "100.05"])
      const again = yield* Effect.flip(CryptoLoan.repay({ orderId, method: "borrowed_coin", repayAll: true }))
      expect(again._tag).toBe("OrderNotFound")
    })))

  it.effect("collateral added and taken back; a price fall on the one price path liquidates the loan", () =>
    drive(Effect.gen(function*() {
      const { orderId } = yield* CryptoLoan.borrow({
        loanCoin: "USDT",
        pledgeCoin: "ETH",
        daily: "SEVEN",
        pledgeAmount: "10"
      })
      const [loan] = yield* CryptoLoan.borrowOngoing({ orderId })
      expect(loan!.expireTime).toBeDefined()
      const added = yield* CryptoLoan.revisePledge({ orderId, pledgeCoin: "ETH", amount: "10", reviseType: "IN" })
      expect(text(added.afterPledgeRate)).toBe("32.5")
      yield* CryptoLoan.revisePledge({ orderId, pledgeCoin: "ETH", amount: "5", reviseType: "OUT" })
      // Taking back past the starting loan-to-value is refused.
      const tooMuch = yield* Effect.flip(
        CryptoLoan.revisePledge({ orderId, pledgeCoin: "ETH", amount: "6", reviseType: "OUT" })
      )
      expect(tooMuch._tag).toBe("InvalidParameter")
      const window = yield* range
      const revisions = yield* CryptoLoan.pledgeRateHistory({ ...window, orderId })
      expect(revisions.map((r) => r.reviseSide)).toEqual(["up", "down"])

      const spot = yield* Simulator.control<SpotControl>("spot")
      const eth = spot.price("ETHUSDT")!
      // 6.5 ETH-worth owed on 15 ETH: at a third of the price the loan-to-value passes 90%.
      spot.setPrice("ETHUSDT", BigDecimal.unsafeDivide(eth, BigDecimal.fromBigInt(3n)))
      const [reduced] = yield* CryptoLoan.reduces({ ...window, endTime: time((yield* Clock.currentTimeMillis) + 1) })
      expect(reduced!.orderId).toBe(orderId)
      expect(reduced!.status).toBe("COMPLETE")
      expect(BigDecimal.greaterThanOrEqualTo(reduced!.pledgeRate, BigDecimal.unsafeFromString("90"))).toBe(true)
      const [ended] = yield* CryptoLoan.borrowHistory({
        ...window,
        endTime: time((yield* Clock.currentTimeMillis) + 1),
        orderId
      })
      expect(ended!.status).toBe("FORCE")
      spot.setPrice("ETHUSDT", eth)
    })))

  it.effect("histories page by number; local rules refused with nothing sent", () =>
    drive(Effect.gen(function*() {
      for (let i = 0; i < 12; i++) {
        const { orderId } = yield* CryptoLoan.borrow({
          loanCoin: "BTC",
          pledgeCoin: "USDC",
          daily: "FLEXIBLE",
          loanAmount: "0.001"
        })
        // Repaid out of the collateral: the balance's BTC is not touched.
        yield* CryptoLoan.repay({ orderId, method: "collateral", repayAll: true })
        yield* advance("1 minute")
      }
      const window = yield* range
      const pages = Chunk.toReadonlyArray(
        yield* Stream.runCollect(CryptoLoan.repayHistory.pages({ ...window, pledgeCoin: "USDC", pageSize: 5 }))
      )
      expect(pages.map((p) => p.length)).toEqual([5, 5, 2])
      expect(new Set(pages.flat().map((r) => r.orderId)).size).toBe(12)

      const count = yield* sent
      yield* refusedLocally(
        CryptoLoan.borrow({ loanCoin: "USDT", pledgeCoin: "BTC", daily: "SEVEN", loanAmount: "1", pledgeAmount: "1" }),
        "pledgeAmount or loanAmount: give exactly one",
        count
      )
      yield* refusedLocally(
        CryptoLoan.borrow({ loanCoin: "USDT", pledgeCoin: "BTC", daily: "SEVEN" }),
        "pledgeAmount or loanAmount: give exactly one",
        count
      )
      yield* refusedLocally(
        CryptoLoan.repay({ orderId: "1", method: "borrowed_coin", repayAll: false }),
        "amount: required unless repayAll is true",
        count
      )
      yield* refusedLocally(
        CryptoLoan.borrow({ loanCoin: "USDT", pledgeCoin: "BTC", daily: "WEEK" as "SEVEN", loanAmount: "1" }),
        "expected \"SEVEN\" or \"THIRTY\" or \"FLEXIBLE\"",
        count
      )
      yield* CryptoLoan.borrowHistory({ ...window, pageSize: 100 })
      const after = yield* sent
      yield* refusedLocally(
        CryptoLoan.borrowHistory({ ...window, pageSize: 101 }),
        "pageSize must be an integer from 1 to 100",
        after
      )
    })))
})
