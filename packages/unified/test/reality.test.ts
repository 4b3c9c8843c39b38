/**
 * V3 Reality stocks over loopback against the simulator (clock fixed with TestClock): the stock
 * behind each pair, the US sessions in daylight saving or standard time by the simulator's date,
 * the closures, and a pair's book and fills read from its one price path.
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

const { Reality } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
/** Tuesday 10 March 2026, 15:00 UTC. */
const T = Date.UTC(2026, 2, 10, 15, 0, 0)
const num = BigDecimal.unsafeToNumber

const at = <A, E, R>(time: number, body: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(time)
    return yield* body
  }).pipe(Effect.provide(Env))

describe("V3 Reality stocks (simulator clock)", () => {
  it.scoped("stock info: every pair, or the one named in any case; an unknown pair is 25100", () =>
    at(
      T,
      Effect.gen(function*() {
        const all = yield* Reality.stockInfo()
        expect(all.map((s) => s.code)).toEqual(["AAPL", "NVDA", "TSLA"])
        expect(all[0]!.tradingPeriod).toEqual(["overnight", "pre_market", "regular", "after_hours"])
        yield* TestClock.adjust("2 seconds")
        const [tsla] = yield* Reality.stockInfo({ symbol: "rtslausdt" })
        expect(tsla).toMatchObject({ symbol: "RTSLAUSDT", code: "TSLA", weekendTradable: false })
        yield* TestClock.adjust("2 seconds")
        expect(JSON.stringify(yield* Effect.flip(Reality.stockInfo({ symbol: "RNOPEUSDT" })))).toContain("25100")
      })
    ))

  it.scoped("sessions: standard time (EST) until the second Sunday of March, 2:00 local; daylight saving (EDT) after", () =>
    // 06:59 UTC on 8 March 2026 is 01:59 EST: still standard time.
    at(
      Date.UTC(2026, 2, 8, 6, 59),
      Effect.gen(function*() {
        const winter = yield* Reality.states()
        expect(winter.daylightType).toBe("standard")
        expect(winter.stateList.every((s) => s.timeZone === "EST")).toBe(true)
        yield* TestClock.adjust("2 minutes")
        const summer = yield* Reality.states()
        expect(summer.daylightType).toBe("dst")
        expect(summer.stateList.find((s) => s.state === "regular")).toEqual({
          state: "regular",
          timeZone: "EDT",
          startTime: "09:30",
          endTime: "16:00"
        })
        const calendar = yield* Reality.calendar()
        expect(calendar.regularConfig).toContain("SATURDAY")
        expect(calendar.specificConfig.some((c) => c.startTime.startsWith("2026-12-25"))).toBe(true)
      })
    ))

  it.scoped("book and fills of a pair: one price path (the book around the price the last fill traded near)", () =>
    at(
      T,
      Effect.gen(function*() {
        const book = yield* Reality.orderBook({ symbol: "RAAPLUSDT" })
        expect(book.symbol).toBe("RAAPLUSDT")
        expect(book.a.length).toBe(5)
        const bid = num(book.b[0]!.price)
        const ask = num(book.a[0]!.price)
        expect(bid).toBeLessThan(ask)
        const fills = yield* Reality.fills({ symbol: "RAAPLUSDT", limit: 30 })
        expect(fills.length).toBe(30)
        const times = fills.map((f) => DateTime.toEpochMillis(f.ts))
        expect(times).toEqual([...times].sort((x, y) => y - x))
        expect(times[0]!).toBeGreaterThan(T - 120_000)
        // The newest fill is within a minute's move of the book's middle.
        expect(Math.abs(num(fills[0]!.price) / ((bid + ask) / 2) - 1)).toBeLessThan(0.003)
        const total = yield* Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())
        yield* refusedLocally(Reality.fills({ symbol: "RAAPLUSDT", limit: 0 }), "limit", total)
        yield* refusedLocally(Reality.orderBook({ symbol: "" }), "symbol", total)
      })
    ))
})
