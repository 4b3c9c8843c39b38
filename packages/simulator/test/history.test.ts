// `Simulator.layer({ history: DAYS })` seeds the main account's past: the library's history
// Streams walk it window by window (90 days at most a request) and get every row once, newest
// first, spread over the whole range; fills lie inside the candles of the one price path.
import * as Timestamp from "@effect-bitget/core/Timestamp"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import { Simulator } from "@effect-bitget/simulator"
import * as Account from "@effect-bitget/spot/Account"
import * as Market from "@effect-bitget/spot/Market"
import * as Trade from "@effect-bitget/spot/Trade"
import * as Wallet from "@effect-bitget/spot/Wallet"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const DAY = 86_400_000
const DAYS = 120
/** Spot fills and history orders reach back 90 days on Bitget (declared; a Stream refuses older). */
const KEPT = 89
const FILLS = "GET /api/v2/spot/trade/fills"

const all = <A, E, R>(stream: Stream.Stream<A, E, R>) => Effect.map(Stream.runCollect(stream), Chunk.toReadonlyArray)
const ms = (time: DateTime.Utc) => Timestamp.toMillis(time)

/** Rows newest first by id, no id twice, every time in `[start, end]`, some in every tenth of the range. */
const walked = <Row>(rows: ReadonlyArray<Row>, id: (row: Row) => string, time: (row: Row) => number, range: {
  readonly start: number
  readonly end: number
}) => {
  const ids = rows.map((row) => BigInt(id(row)))
  for (let i = 1; i < ids.length; i++) {
    expect(ids[i]! < ids[i - 1]!, `row ${i} is not older than row ${i - 1}`).toBe(true)
  }
  const times = rows.map(time)
  expect(times.every((t) => t >= range.start && t <= range.end)).toBe(true)
  const tenth = (range.end - range.start) / 10
  const buckets = new Set(times.map((t) => Math.min(9, Math.floor((t - range.start) / tenth))))
  expect([...buckets].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
}

layer(
  Simulator.layerClient({ limiter: "none" }).pipe(
    Layer.provideMerge(Simulator.layer({ history: DAYS, rateLimits: false }))
  ),
  // Seeding 120 days of every line's rounds takes seconds on a loaded machine.
  { excludeTestServices: true, timeout: 60_000 }
)("seeded histories", (it) => {
  const range = Effect.sync(() => {
    const end = Date.now()
    return { start: end - DAYS * DAY, end }
  })
  const kept = Effect.sync(() => {
    const end = Date.now()
    return { start: end - KEPT * DAY, end }
  })
  const times = (r: { start: number; end: number }) => ({
    startTime: Timestamp.fromMillis(r.start),
    endTime: Timestamp.fromMillis(r.end)
  })

  it.effect("89 days of spot fills stream in one window: four buys and four sells a day, each once; 120 refused", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const r = yield* kept
      const before = simulator.traffic.count(FILLS)
      const fills = yield* all(Trade.fills.items({ symbol: "BTCUSDT", ...times(r) }))
      expect(fills.length).toBe(KEPT * 4 * 2)
      walked(fills, (f) => f.tradeId, (f) => ms(f.cTime), r)
      expect(fills.filter((f) => f.side === "buy").length).toBe(KEPT * 4)
      // 712 rows at 100 a page (8 pages) and the empty page that ends the window.
      expect(simulator.traffic.count(FILLS) - before).toBe(9)
      // The seeded 120 days reach past what Bitget keeps: refused before anything is sent.
      const older = yield* all(Trade.fills.items({ symbol: "BTCUSDT", ...times(yield* range) })).pipe(Effect.flip)
      expect(older._tag).toBe("InvalidRequest")
      expect(older.message).toContain("invalid request: startTime")
      expect(simulator.traffic.count(FILLS) - before).toBe(9)
      // The oldest fill is within the first day of the range, the newest within the last.
      expect(ms(fills[fills.length - 1]!.cTime) - r.start).toBeLessThan(DAY)
      expect(r.end - ms(fills[0]!.cTime)).toBeLessThan(DAY)
    }))

  it.effect("fills lie inside the daily candles and near the hourly ones of the same price path, which moves", () =>
    Effect.gen(function*() {
      const r = yield* kept
      const fills = yield* all(Trade.fills.items({ symbol: "BTCUSDT", ...times(r) }))
      // From the day before the range: the first fills come before the range's first midnight.
      const candles = yield* Market.candles({
        symbol: "BTCUSDT",
        granularity: "1day",
        ...times({ start: r.start - DAY, end: r.end }),
        limit: 200
      })
      expect(candles.length).toBeGreaterThanOrEqual(KEPT)
      for (const fill of fills) {
        const t = ms(fill.cTime)
        const candle = candles.find((c) => ms(c.ts) <= t && t < ms(c.ts) + DAY)
        expect(candle, `the candle of ${new Date(t).toISOString()}`).toBeDefined()
        expect(BigDecimal.between(fill.priceAvg, { minimum: candle!.low, maximum: candle!.high })).toBe(true)
      }
      // Near the open of their hour on the path (hourly candles reach back 83 days): a fill
      // off the path (at today's price, say) would be several percent away months ago.
      const hours = yield* all(Market.candles.items({
        symbol: "BTCUSDT",
        granularity: "1h",
        ...times({ start: r.end - 80 * DAY, end: r.end })
      }))
      const recent = fills.filter((f) => ms(f.cTime) >= r.end - 79 * DAY)
      expect(recent.length).toBeGreaterThan(600)
      // The path is drawn anew each run (it follows the wall clock), and an hour of it moved 1.03% in
      // one run: every fill within 3% of its hour's open, and 95% of them within 1%.
      const away = recent.map((fill) => {
        const t = ms(fill.cTime)
        const hour = hours.find((c) => ms(c.ts) <= t && t < ms(c.ts) + DAY / 24)!
        const open = BigDecimal.unsafeToNumber(hour.open)
        return Math.abs(BigDecimal.unsafeToNumber(fill.priceAvg) - open) / open
      })
      expect(Math.max(...away)).toBeLessThan(0.03)
      expect(away.filter((x) => x < 0.01).length).toBeGreaterThanOrEqual(Math.ceil(0.95 * away.length))
      const prices = fills.map((f) => BigDecimal.unsafeToNumber(f.priceAvg))
      // Not one price replayed: the path wanders by more than a percent over the range.
      expect((Math.max(...prices) - Math.min(...prices)) / Math.min(...prices)).toBeGreaterThan(0.01)
    }))

  it.effect("orders, bills, deposits and withdrawals span the range as well", () =>
    Effect.gen(function*() {
      const k = yield* kept
      const orders = yield* all(Trade.historyOrders.items({ symbol: "BTCUSDT", ...times(k) }))
      expect(orders.length).toBe(KEPT * 4 * 2)
      walked(orders, (o) => o.orderId, (o) => ms(o.cTime), k)
      // Bills, deposits and withdrawals declare no history depth: all 120 days, in two windows.
      const r = yield* range
      const bills = yield* all(Account.bills.items({ coin: "USDT", ...times(r) }))
      // Per round: the deposit, the buy's payment, the sell's proceeds and fee, the withdrawal; and
      // once a day the transfer out and back, and the margin rounds' (cross, isolated) transfers in and out.
      expect(bills.length).toBe(DAYS * (4 * 5 + 2 + 4))
      walked(bills, (b) => b.billId, (b) => ms(b.cTime), r)
      const deposits = yield* all(Wallet.depositRecords.items({ coin: "USDT", ...times(r) }))
      expect(deposits.length).toBe(DAYS * 4)
      walked(deposits, (d) => d.orderId, (d) => ms(d.cTime), r)
      const withdrawals = yield* all(Wallet.withdrawalRecords.items({ coin: "USDT", ...times(r) }))
      expect(withdrawals.length).toBe(DAYS * 4)
      walked(withdrawals, (w) => w.orderId, (w) => ms(w.cTime), r)
    }))

  it.effect("futures fills: an open and a close every round, across the range", () =>
    Effect.gen(function*() {
      const r = yield* range
      const fills = yield* all(OrderQuery.fills.items({ productType: "USDT-FUTURES", symbol: "BTCUSDT", ...times(r) }))
      expect(fills.length).toBe(DAYS * 4 * 2)
      walked(fills, (f) => f.tradeId, (f) => ms(f.cTime), r)
    }))
})
