/**
 * V3 market insights over loopback against the simulator, on a fixed simulator clock (TestClock)
 * so that an insight and the candles or ticker it is compared with are read at the same moment:
 * every figure comes from the market's one price path (taker volume is the candle's volume,
 * split toward the side the candle moved; the crowd leans with the day's move the ticker shows).
 */
import { Simulator } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as TestClock from "effect/TestClock"
import { refusedLocally } from "../../core/test/refused.js"

const { Candles, Insights, Market } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))

/** A fixed moment (Tue 2026-03-10 13:27:41.5 UTC), not on a bucket edge. */
const T = Date.UTC(2026, 2, 10, 13, 27, 41, 500)
const HOUR = 3_600_000
const DAY = 24 * HOUR
const ms = (t: DateTime.Utc) => DateTime.toEpochMillis(t)
const num = BigDecimal.unsafeToNumber
const sign = (value: BigDecimal.BigDecimal) => BigDecimal.sign(value)

/** Runs `body` against a fresh simulator whose clock stands at `T`. */
const atT = <A, E, R>(body: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(T)
    return yield* body
  }).pipe(Effect.provide(Env))

const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

describe("V3 market insights (simulator clock fixed)", () => {
  it.scoped("futures taker buy/sell: each 1h bucket's volume is the candle's, the larger side the way it moved", () =>
    atT(Effect.gen(function*() {
      const rows = yield* Insights.futuresActiveBuySell({ symbol: "BTCUSDT", period: "1h" })
      const candles = yield* Candles.candles({ category: "USDT-FUTURES", symbol: "BTCUSDT", interval: "1H", limit: 30 })
      expect(rows.length).toBe(30)
      expect(rows.map((r) => ms(r.ts))).toEqual(candles.map((c) => ms(c.ts)))
      expect(ms(rows[29]!.ts)).toBe(Math.floor(T / HOUR) * HOUR)
      rows.forEach((row, i) => {
        const candle = candles[i]!
        expect(BigDecimal.equals(BigDecimal.sum(row.buyVolume, row.sellVolume), candle.volume)).toBe(true)
        const moved = sign(BigDecimal.subtract(candle.close, candle.open))
        if (moved !== 0) expect(sign(BigDecimal.subtract(row.buyVolume, row.sellVolume))).toBe(moved)
      })
      // Not all one way: the path rises and falls.
      expect(new Set(rows.map((r) => sign(BigDecimal.subtract(r.buyVolume, r.sellVolume)))).size).toBeGreaterThan(1)
    })))

  // One call per endpoint and test: the limiter's 1/s waits on the fixed clock.
  it.scoped("defaults: 5-minute futures buckets, a 15-minute fund-flow window (less traded than a day)", () =>
    atT(Effect.gen(function*() {
      const fine = yield* Insights.futuresActiveBuySell({ symbol: "BTCUSDT" })
      expect(ms(fine[1]!.ts) - ms(fine[0]!.ts)).toBe(300_000)
      const quarter = yield* Insights.spotFundFlow({ symbol: "BTCUSDT" })
      const [ticker] = yield* Market.tickers({ category: "SPOT", symbol: "BTCUSDT" })
      const traded = num(quarter.whaleBuyVolume) + num(quarter.whaleSellVolume) + num(quarter.dolphinBuyVolume) +
        num(quarter.dolphinSellVolume) + num(quarter.fishBuyVolume) + num(quarter.fishSellVolume)
      expect(traded).toBeGreaterThan(0)
      // A quarter of an hour is a small part of the day the ticker counts.
      expect(traded).toBeLessThan(num(ticker!.turnover24h) / 20)
    })))

  it.scoped("futures long/short by account, position and overall: shares add to 1, lean with the day's move", () =>
    atT(Effect.gen(function*() {
      const [ticker] = yield* Market.tickers({ category: "USDT-FUTURES", symbol: "ETHUSDT" })
      const up = sign(ticker!.price24hPcnt!)
      expect(up).not.toBe(0)
      const overall = yield* Insights.futuresLongShort({ symbol: "ETHUSDT", period: "15m" })
      const positions = yield* Insights.futuresPositionLongShort({ symbol: "ETHUSDT", period: "1d" })
      const accounts = yield* Insights.futuresAccountLongShort({ symbol: "ETHUSDT", period: "4H" as "4h" })
      for (
        const [long, short, ratio, ts] of [
          ...overall.map((r) => [r.longRatio, r.shortRatio, r.longShortRatio, r.ts] as const),
          ...positions.map((r) => [r.longPositionRatio, r.shortPositionRatio, r.longShortPositionRatio, r.ts] as const),
          ...accounts.map((r) => [r.longAccountRatio, r.shortAccountRatio, r.longShortAccountRatio, r.ts] as const)
        ]
      ) {
        expect(num(long) + num(short)).toBeCloseTo(1, 10)
        expect(num(ratio)).toBeCloseTo(num(long) / num(short), 3)
        expect(ms(ts)).toBeLessThanOrEqual(T)
      }
      // The newest point of each is now: the crowd leans the way the 24 h ticker moved.
      for (const last of [overall[29]!.longRatio, positions[29]!.longPositionRatio, accounts[29]!.longAccountRatio]) {
        expect(sign(BigDecimal.subtract(last, BigDecimal.unsafeFromString("0.5")))).toBe(up)
      }
      expect(ms(overall[29]!.ts)).toBe(T)
      expect(ms(positions[28]!.ts)).toBe(Math.floor(T / DAY) * DAY)
    })))

  it.scoped("margin long/short, loan growth and isolated borrowing: 24 hourly or 30 daily points, leaning with the day", () =>
    atT(Effect.gen(function*() {
      const [ticker] = yield* Market.tickers({ category: "SPOT", symbol: "BTCUSDT" })
      const up = sign(ticker!.price24hPcnt!)
      expect(up).not.toBe(0)
      const ratio = yield* Insights.marginLongShort({ symbol: "BTCUSDT" })
      expect(ratio.length).toBe(24)
      expect(ms(ratio[1]!.ts) - ms(ratio[0]!.ts)).toBe(HOUR)
      expect(sign(BigDecimal.subtract(ratio[23]!.longShortRatio, BigDecimal.unsafeFromString("1")))).toBe(up)
      const growth = yield* Insights.marginLoanGrowth({ symbol: "BTCUSDT", period: "30d", coin: "USDT" })
      expect(growth.length).toBe(30)
      expect(ms(growth[1]!.ts) - ms(growth[0]!.ts)).toBe(DAY)
      expect(sign(growth[29]!.growthRate)).toBe(up)
      const borrow = yield* Insights.marginIsolatedBorrow({ symbol: "BTCUSDT", period: "24h" })
      expect(sign(BigDecimal.subtract(borrow[23]!.borrowRate, BigDecimal.unsafeFromString("0.3")))).toBe(up)
    })))

  it.scoped("spot whale and net flow: net buying on rising days and hours (the 1D and 1H candles)", () =>
    atT(Effect.gen(function*() {
      const whales = yield* Insights.spotWhaleFlow({ symbol: "ETHUSDT" })
      const days = yield* Candles.candles({ category: "SPOT", symbol: "ETHUSDT", interval: "1D", limit: 30 })
      expect(whales.map((w) => ms(w.date))).toEqual(days.map((d) => ms(d.ts)))
      whales.forEach((w, i) => expect(sign(w.volume)).toBe(sign(BigDecimal.subtract(days[i]!.close, days[i]!.open))))
      const net = yield* Insights.spotNetFlow({ symbol: "ETHUSDT" })
      const hours = yield* Candles.candles({ category: "SPOT", symbol: "ETHUSDT", interval: "1H", limit: 24 })
      expect(net.length).toBe(24)
      net.forEach((n, i) => {
        expect(ms(n.ts)).toBe(Math.min(ms(hours[i]!.ts) + HOUR, T))
        expect(sign(n.netFlow)).toBe(sign(BigDecimal.subtract(hours[i]!.close, hours[i]!.open)))
      })
    })))

  it.scoped("spot fund flow over a day: the 15-minute candles' volume, the six shares add to 1, each class buys more on a rising day", () =>
    atT(Effect.gen(function*() {
      const [ticker] = yield* Market.tickers({ category: "SPOT", symbol: "BTCUSDT" })
      const up = sign(ticker!.price24hPcnt!)
      const flow = yield* Insights.spotFundFlow({ symbol: "BTCUSDT", period: "1d" })
      const shares = [
        flow.whaleBuyRatio,
        flow.dolphinBuyRatio,
        flow.fishBuyRatio,
        flow.whaleSellRatio,
        flow.dolphinSellRatio,
        flow.fishSellRatio
      ]
      expect(shares.reduce((sum, s) => sum + num(s), 0)).toBeCloseTo(1, 3)
      const total = num(flow.whaleBuyVolume) + num(flow.whaleSellVolume) + num(flow.dolphinBuyVolume) +
        num(flow.dolphinSellVolume) + num(flow.fishBuyVolume) + num(flow.fishSellVolume)
      expect(num(flow.whaleBuyVolume) / total).toBeCloseTo(num(flow.whaleBuyRatio), 3)
      for (
        const [buy, sell] of [[flow.whaleBuyVolume, flow.whaleSellVolume], [flow.fishBuyVolume, flow.fishSellVolume]]
      ) {
        expect(sign(BigDecimal.subtract(buy!, sell!))).toBe(up)
      }
      // The quote volume of the day's 15-minute candles.
      const quarters = yield* Candles.candles({ category: "SPOT", symbol: "BTCUSDT", interval: "15m", limit: 96 })
      expect(ms(quarters[0]!.ts)).toBeGreaterThanOrEqual(T - DAY)
      expect(total).toBeCloseTo(quarters.reduce((sum, c) => sum + num(c.turnover), 0), 1)
    })))

  it.scoped("periods: each endpoint's own set, any letter case, the first value outside refused with nothing sent", () =>
    atT(Effect.gen(function*() {
      const total = yield* sent
      yield* refusedLocally(Insights.futuresLongShort({ symbol: "BTCUSDT", period: "3m" as "5m" }), "period", total)
      yield* refusedLocally(Insights.futuresLongShort({ symbol: "BTCUSDT", period: "1w" as "1d" }), "period", total)
      // 5m is a futures period, not a fund-flow one (15m … 1d).
      yield* refusedLocally(Insights.spotFundFlow({ symbol: "BTCUSDT", period: "5m" as "15m" }), "period", total)
      yield* refusedLocally(Insights.marginLongShort({ symbol: "BTCUSDT", period: "7d" as "30d" }), "period", total)
      yield* refusedLocally(
        Insights.marginIsolatedBorrow({ symbol: "BTCUSDT", period: "1d" as "24h" }),
        "period",
        total
      )
      const rows = yield* Insights.marginIsolatedBorrow({ symbol: "BTCUSDT", period: "30D" as "30d" })
      expect(rows.length).toBe(30)
    })))

  it.scoped("an unknown pair is Bitget's 25100", () =>
    atT(Effect.gen(function*() {
      const error = yield* Effect.flip(Insights.spotWhaleFlow({ symbol: "NOPEUSDT" }))
      expect(JSON.stringify(error)).toContain("25100")
      const futures = yield* Effect.flip(Insights.futuresLongShort({ symbol: "NOPEUSDT" }))
      expect(JSON.stringify(futures)).toContain("25100")
    })))
})
