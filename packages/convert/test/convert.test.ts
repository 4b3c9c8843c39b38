/**
 * Convert over loopback against the simulator: a quote traded moves the spot balances and
 * appears in the history; an expired quote (TestClock), an unknown one, an altered one and one
 * traded twice are refused with Bitget's codes and move nothing; every local rule fails before
 * anything is sent.
 */
import { Convert } from "@effect-bitget/convert"
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { ConvertControl } from "@effect-bitget/simulator/convert/ConvertDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"
import { refusedLocally } from "../../core/test/refused.js"

// Built inside each test, so the simulator and the client share the test's TestClock.
const env = () => Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const dec = Decimal.unsafeMake
const day = 86_400_000
const T0 = Date.UTC(2026, 2, 2)

const balances = Effect.gen(function*() {
  const spot = yield* Simulator.control<SpotControl>("spot")
  const simulator = yield* Simulator.Simulator
  const of = (coin: string) => spot.world.balance(simulator.uid, coin).available
  return { usdt: of("USDT"), eth: of("ETH"), btc: of("BTC") }
})

const same = (a: BigDecimal.BigDecimal, b: BigDecimal.BigDecimal) =>
  expect(Decimal.format(BigDecimal.normalize(a))).toBe(Decimal.format(BigDecimal.normalize(b)))

describe("convert", () => {
  it.scoped("quote → trade → record: the spot balances move by the quoted sizes", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const before = yield* balances
      const quote = yield* Convert.quote({ fromCoin: "USDT", fromCoinSize: "300", toCoin: "ETH" })
      expect(DateTime.toEpochMillis(quote.expiresAt)).toBe(T0 + 8000)
      same(quote.fromCoinSize, dec("300"))
      // 3000 USDT per ETH in the simulated market, less the 0.1% spread.
      expect(BigDecimal.greaterThan(quote.toCoinSize, dec("0.0998"))).toBe(true)
      expect(BigDecimal.lessThan(quote.toCoinSize, dec("0.1"))).toBe(true)
      // The currencies answer shows the balance before the trade.
      const listed = (yield* Convert.currencies()).find((c) => c.coin === "USDT")!
      same(listed.available, before.usdt)

      yield* TestClock.adjust("7999 millis")
      const done = yield* Convert.tradeQuote(quote)
      same(done.toCoinSize, quote.toCoinSize)
      expect(DateTime.toEpochMillis(done.ts)).toBe(T0 + 7999)

      const after = yield* balances
      same(after.usdt, BigDecimal.subtract(before.usdt, dec("300")))
      same(after.eth, BigDecimal.sum(before.eth, quote.toCoinSize))
      same((yield* Convert.currencies()).find((c) => c.coin === "ETH")!.available, after.eth)

      const page = yield* Convert.convertRecord({
        startTime: DateTime.unsafeMake(T0),
        endTime: DateTime.unsafeMake(T0 + day)
      })
      expect(page.dataList).toHaveLength(1)
      const record = page.dataList[0]!
      expect([record.fromCoin, record.toCoin]).toEqual(["USDT", "ETH"])
      same(record.fromCoinSize, dec("300"))
      same(record.toCoinSize, quote.toCoinSize)
      same(record.cnvtPrice, quote.cnvtPrice)
      expect(DateTime.toEpochMillis(record.ts)).toBe(T0 + 7999)
      expect(page.endId).toBe(record.id)
    }).pipe(Effect.provide(env())))

  it.scoped("a quote sized by toCoinSize converts the other way", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const before = yield* balances
      const quote = yield* Convert.quotedPrice({ fromCoin: "ETH", toCoin: "USDT", toCoinSize: "1500" })
      same(quote.toCoinSize, dec("1500"))
      yield* Convert.tradeQuote(quote)
      const after = yield* balances
      same(after.usdt, BigDecimal.sum(before.usdt, dec("1500")))
      same(after.eth, BigDecimal.subtract(before.eth, quote.fromCoinSize))
    }).pipe(Effect.provide(env())))

  it.scoped("a quote expires after 8 s of the exchange's clock: 12021, HTTP 400, nothing moved", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const quote = yield* Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "100", toCoin: "ETH" })
      const before = yield* balances
      yield* TestClock.adjust("8000 millis")
      const error = yield* Effect.flip(Convert.tradeQuote(quote))
      expect(error).toMatchObject({ _tag: "ExchangeError", code: "12021", status: 400 })
      expect(yield* balances).toEqual(before)
      const control = yield* Simulator.control<ConvertControl>("convert")
      expect(control.records).toHaveLength(0)
    }).pipe(Effect.provide(env())))

  it.scoped("unknown, altered and already traded quotes: 12022, 12022, 12021; balances move once", () =>
    Effect.gen(function*() {
      yield* TestClock.setTime(T0)
      const quote = yield* Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "100", toCoin: "ETH" })
      const before = yield* balances
      const unknown = yield* Effect.flip(Convert.tradeQuote({ ...quote, traceId: "1" }))
      expect(unknown).toMatchObject({ _tag: "InvalidParameter", code: "12022", status: 400 })
      // More ETH than quoted for the same USDT.
      const altered = yield* Effect.flip(
        Convert.tradeQuote({ ...quote, toCoinSize: BigDecimal.sum(quote.toCoinSize, dec("0.00000001")) })
      )
      expect(altered).toMatchObject({ code: "12022" })
      expect(yield* balances).toEqual(before)
      yield* Convert.tradeQuote(quote)
      const moved = yield* balances
      const twice = yield* Effect.flip(Convert.tradeQuote(quote))
      expect(twice).toMatchObject({ code: "12021" })
      expect(yield* balances).toEqual(moved)
      expect((yield* Simulator.control<ConvertControl>("convert")).records).toHaveLength(1)
    }).pipe(Effect.provide(env())))

  it.scoped("a quote the spot balance cannot pay: InsufficientBalance (43012), nothing moved, no record", () =>
    Effect.gen(function*() {
      const before = yield* balances
      // Within USDT's convert limit (1 000 000), beyond the account's 100 000.
      const quote = yield* Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "500000", toCoin: "BTC" })
      const error = yield* Effect.flip(Convert.tradeQuote(quote))
      expect(error).toMatchObject({ _tag: "InsufficientBalance", code: "43012", status: 400 })
      expect(yield* balances).toEqual(before)
      expect((yield* Simulator.control<ConvertControl>("convert")).records).toHaveLength(0)
    }).pipe(Effect.provide(env())))

  it.scoped("a quote outside the coin's limits: 12006 below the minimum, 12007 above the maximum", () =>
    Effect.gen(function*() {
      const [eth] = (yield* Convert.currencies()).filter((c) => c.coin === "ETH")
      const small = yield* Effect.flip(
        Convert.quotedPrice({
          fromCoin: "ETH",
          fromCoinSize: BigDecimal.subtract(eth!.minAmount, dec("0.0001")),
          toCoin: "USDT"
        })
      )
      expect(small).toMatchObject({ code: "12006" })
      const big = yield* Effect.flip(
        Convert.quotedPrice({ fromCoin: "ETH", fromCoinSize: BigDecimal.sum(eth!.maxAmount, dec("1")), toCoin: "USDT" })
      )
      expect(big).toMatchObject({ code: "12007" })
      yield* Convert.quotedPrice({ fromCoin: "ETH", fromCoinSize: eth!.minAmount, toCoin: "USDT" })
    }).pipe(Effect.provide(env())))

  it.scoped("the history streams across 90-day windows: every trade once, newest first", () =>
    Effect.gen(function*() {
      const start = T0
      const end = T0 + 200 * day
      // Trades at the windows' edges (end − 90 d is the first window's start; one ms before it the
      // second window's end), plus the range's own ends.
      const times = [start, end - 180 * day - 2, end - 180 * day - 1, end - 90 * day - 1, end - 90 * day, end]
      const control = yield* Simulator.control<ConvertControl>("convert")
      // And one just outside the range on either side (the clock only moves forward: the
      // client's rate limiter counts by it).
      const ids: Array<string> = []
      for (const at of [start - 1, ...times, end + 1]) {
        yield* TestClock.setTime(at)
        yield* Convert.tradeQuote(yield* Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "10", toCoin: "ETH" }))
        if (times.includes(at)) ids.push(control.records[control.records.length - 1]!.id)
      }
      const simulator = yield* Simulator.Simulator
      simulator.traffic.reset()
      const rows = yield* Stream.runCollect(
        Convert.convertRecord.items({
          startTime: DateTime.unsafeMake(start),
          endTime: DateTime.unsafeMake(end),
          limit: 2
        })
      )
      expect(Chunk.toReadonlyArray(rows).map((r) => r.id)).toEqual([...ids].reverse())
      // Three windows, one of them two pages (limit 2) plus the closing empty page.
      expect(simulator.traffic.count("GET /api/v2/convert/convert-record")).toBeGreaterThanOrEqual(3)
    }).pipe(Effect.provide(env())))
})

describe("convert local rules: InvalidRequest and nothing sent", () => {
  const refused = <A, E extends { readonly _tag: string }, R>(call: Effect.Effect<A, E, R>, reason: string) =>
    Effect.flatMap(Simulator.Simulator, (simulator) => refusedLocally(call, reason, () => simulator.traffic.total()))

  it.scoped("the quote's sizes, coins and the history's range", () =>
    Effect.gen(function*() {
      yield* refused(
        Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "1", toCoin: "ETH", toCoinSize: "1" }),
        "fromCoinSize, toCoinSize: give one of them, not both"
      )
      // The reason is the rule's one line, field first.
      const both = yield* Effect.flip(
        Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "1", toCoin: "ETH", toCoinSize: "1" })
      )
      expect(both).toMatchObject({
        _tag: "InvalidRequest",
        reason: "fromCoinSize, toCoinSize: give one of them, not both"
      })
      yield* refused(Convert.quotedPrice({ fromCoin: "USDT", toCoin: "ETH" }), "fromCoinSize: required (or toCoinSize)")
      yield* refused(
        Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "1", toCoin: "usdt" }),
        "toCoin: must differ from fromCoin"
      )
      yield* refused(
        Convert.quotedPrice({ fromCoin: "", fromCoinSize: "1", toCoin: "ETH" }),
        "fromCoin: must not be empty"
      )
      yield* refused(Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "0", toCoin: "ETH" }), "greater than zero")
      yield* refused(Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "-1", toCoin: "ETH" }), "greater than zero")
      yield* refused(
        Convert.trade({
          fromCoin: "USDT",
          fromCoinSize: "1",
          toCoin: "ETH",
          toCoinSize: "0.0003",
          cnvtPrice: "0.0003",
          traceId: ""
        }),
        "traceId: must not be empty"
      )
      const from = DateTime.unsafeMake(T0)
      yield* refused(
        Convert.convertRecord({ startTime: from, endTime: DateTime.unsafeMake(T0 + 90 * day + 1) }),
        "more than the endpoint's"
      )
      yield* refused(
        Convert.convertRecord({ startTime: from, endTime: DateTime.unsafeMake(T0 + day), limit: 101 }),
        "limit"
      )
      yield* refused(Convert.convertRecord({ startTime: from, endTime: DateTime.unsafeMake(T0 - 1) }), "before")
      // The edges themselves are allowed, and sent.
      const simulator = yield* Simulator.Simulator
      const sent = simulator.traffic.total()
      yield* Convert.convertRecord({ startTime: from, endTime: DateTime.unsafeMake(T0 + 90 * day), limit: 100 })
      expect(simulator.traffic.total()).toBe(sent + 1)
    }).pipe(Effect.provide(env())))
})
