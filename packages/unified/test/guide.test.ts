import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Guide from "../examples/guide.js"

const text = (value: BigDecimal.BigDecimal) => BigDecimal.format(BigDecimal.normalize(value))

layer(Guide.Local, { excludeTestServices: true })("docs/unified.md introduction, market and account examples", (it) => {
  it.effect("the probe takes the unified line", () =>
    Effect.gen(function*() {
      expect(text(yield* Guide.usdtAvailable)).toBe("100000")
    }))
  it.effect("spreads of a perpetual and a spot pair", () =>
    Effect.gen(function*() {
      const { futures, spot } = yield* Guide.spread
      expect(BigDecimal.isPositive(futures)).toBe(true)
      expect(BigDecimal.isPositive(spot)).toBe(true)
    }))
  it.effect("a week of hourly mark candles, each hour once", () =>
    Effect.gen(function*() {
      const candles = yield* Guide.weekOfMarkCandles
      const hours = new Set(candles.map((c) => DateTime.toEpochMillis(c.ts)))
      expect(candles.length).toBeGreaterThanOrEqual(168)
      expect(hours.size).toBe(candles.length)
    }))
  it.effect("hedge mode at leverage 5", () =>
    Effect.gen(function*() {
      const settings = yield* Guide.hedgeAtFive
      expect(settings.holdMode).toBe("hedge_mode")
      expect(settings.symbolConfigList.map((c) => [c.symbol, text(c.leverage)])).toEqual([["ETHUSDT", "5"]])
    }))
  it.effect("ninety days of futures bills", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const { futures } = yield* Simulator.control<UnifiedControl>("unified")
      const contract = futures.contract("BTCUSDT", "USDT-FUTURES")
      // Three futures bills (added margin), 0, 40 and 80 days ago.
      for (const days of [0, 40, 80]) {
        futures.bills.push({
          account: sim.unified.uid,
          billId: String(1_400_000_000_000_000_000n + BigInt(days)),
          productType: contract.productType,
          symbol: contract.symbol,
          amount: BigDecimal.fromBigInt(-1n),
          fee: BigDecimal.fromBigInt(0n),
          businessType: "append_margin",
          coin: "USDT",
          balance: BigDecimal.fromBigInt(100n),
          cTime: Date.now() - days * 86_400_000
        })
      }
      const bills = yield* Guide.quarterOfBills
      expect(bills.length).toBe(3)
    }))
})

layer(Guide.Local.pipe(Layer.fresh), { excludeTestServices: true })("docs/unified.md account switch", (it) => {
  it.effect("to Classic and back", () =>
    Effect.gen(function*() {
      expect(yield* Guide.toClassicAndBack).toEqual(["success", "success"])
    }))
})

// On a simulator of its own: its orders and fills would change the balances the examples above read.
layer(Guide.Local.pipe(Layer.fresh), { excludeTestServices: true })("docs/unified.md trading example", (it) => {
  it.effect("trading: a post-only order, a batch answered per item, a symbol's orders cancelled, 60 days of fills", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const before = sim.traffic.count("GET /api/v3/trade/fills")
      const tour = yield* Guide.tradeTour
      expect(tour.status).toBe("live")
      expect(tour.placed + tour.failed).toBe(2)
      expect(tour.fills).toBeGreaterThanOrEqual(0)
      // Two 30-day windows (and the millisecond between the two clocks' reads): at least two requests.
      expect(sim.traffic.count("GET /api/v3/trade/fills") - before).toBeGreaterThanOrEqual(2)
    }))
})
