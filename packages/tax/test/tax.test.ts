/**
 * Tax records over loopback against the simulator, generated from what the other domains did:
 * a simulated trading day (spot fills and fees, a deposit, a transfer, a conversion, futures
 * opened and closed, a completed P2P order) comes back from each tax query for that day and
 * nothing from outside it; a year of futures records streams in 30-day windows with every
 * record once (window edges ±1 ms); margin records come through the margin seam; every local
 * rule fails with nothing sent.
 */
import { Convert } from "@effect-bitget/convert"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import type { P2PControl } from "@effect-bitget/simulator/p2p/P2PDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import type { TaxControl } from "@effect-bitget/simulator/tax/TaxDomain"
import * as Spot from "@effect-bitget/spot"
import { Tax } from "@effect-bitget/tax"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"
import { refusedLocally } from "../../core/test/refused.js"

// Built inside each test, so the simulator and the client share the test's TestClock.
const env = () => Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const dec = Decimal.unsafeMake
const at = DateTime.unsafeMake
const hour = 3_600_000
const day = 24 * hour
/** A day long before the P2P domain's seeded history (which follows the wall clock). */
const D = Date.UTC(2025, 5, 2)

/**
 * Runs `effect` to its end while moving TestClock on in steps (the tax queries are limited to
 * 1/s), letting real I/O happen between steps.
 */
const drive = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(effect)
    for (let i = 0; i < 5000; i++) {
      if ((yield* Fiber.poll(fiber))._tag === "Some") break
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 2)))
      yield* TestClock.adjust("200 millis")
    }
    return yield* Fiber.join(fiber)
  })

const rows = <A, E, R>(stream: Stream.Stream<A, E, R>) =>
  Effect.map(drive(Stream.runCollect(stream)), Chunk.toReadonlyArray)

const futuresOrder = {
  symbol: "BTCUSDT",
  productType: "USDT-FUTURES",
  marginMode: "crossed",
  marginCoin: "USDT"
} as const

describe("tax records of a simulated trading day", () => {
  it.scoped("each tax query for the day returns that day's spot, futures and P2P movements, and nothing else", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const spot = yield* Simulator.control<SpotControl>("spot")
      const futures = yield* Simulator.control<FuturesControl>("futures")
      const p2p = yield* Simulator.control<P2PControl>("p2p")
      // Outside the day, on both sides.
      spot.deposit("USDT", "7", D - 1)
      spot.deposit("USDT", "8", D + day)

      yield* TestClock.setTime(D + hour)
      spot.deposit("USDT", "1000", D + hour)
      yield* TestClock.setTime(D + 2 * hour)
      yield* Spot.Trade.placeOrder({ symbol: "BTCUSDT", side: "buy", orderType: "market", force: "gtc", size: "100" })
      yield* TestClock.setTime(D + 3 * hour)
      yield* Spot.Wallet.transfer({ fromType: "spot", toType: "usdt_futures", amount: "50", coin: "USDT" })
      yield* TestClock.setTime(D + 4 * hour)
      yield* Futures.Order.placeOrder({ ...futuresOrder, size: "0.01", side: "buy", orderType: "market" })
      yield* TestClock.setTime(D + 5 * hour)
      futures.setMarkPrice("BTCUSDT", BigDecimal.multiply(futures.markPrice("BTCUSDT"), dec("1.01")))
      yield* Futures.Order.placeOrder({
        ...futuresOrder,
        size: "0.01",
        side: "sell",
        orderType: "market",
        reduceOnly: true
      })
      yield* TestClock.setTime(D + 6 * hour)
      yield* Convert.tradeQuote(yield* Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "30", toCoin: "ETH" }))
      const advert = p2p.addAdvert({ cTime: D - day, fiat: "GBP", side: "sell", coin: "USDT" })
      const sold = p2p.addOrder({ advNo: advert.advNo, cTime: D + 7 * hour, status: "Completed", count: "250" })
      // Created that day but still open: no P2P record.
      p2p.addOrder({ advNo: advert.advNo, cTime: D + 8 * hour, status: "Paid" })
      yield* TestClock.setTime(D + day + 2 * hour)

      const range = { startTime: at(D), endTime: at(D + day - 1) }
      const spotRows = yield* drive(Tax.spotRecord(range))
      expect(spotRows.map((r) => [r.coin, r.spotTaxType])).toEqual([
        ["ETH", "Exchange income"],
        ["USDT", "Exchange spending"],
        ["USDT", "Transfer out"],
        ["BTC", "Transaction fee deduct"],
        ["BTC", "Buy"],
        ["USDT", "Buy"],
        ["USDT", "Deposit"]
      ])
      expect(Decimal.format(spotRows[6]!.amount)).toBe("1000")
      // A market buy of 100 USDT pays for a whole number of BTC steps: a little under 100.
      const fill = spot.world.fills[spot.world.fills.length - 1]!
      expect(BigDecimal.equals(spotRows[5]!.amount, BigDecimal.negate(fill.amount))).toBe(true)
      expect(BigDecimal.equals(spotRows[4]!.amount, fill.size)).toBe(true)
      expect(Decimal.format(spotRows[2]!.amount)).toBe("-50")
      expect(Decimal.format(spotRows[1]!.amount)).toBe("-30")
      expect(BigDecimal.isNegative(spotRows[3]!.fee)).toBe(true)
      // The ids are the spot bills' ids, and every row is timed within the day.
      const bills = spot.world.bills.filter((b) => b.cTime >= D && b.cTime < D + day).map((b) => b.billId).reverse()
      expect(spotRows.map((r) => r.id)).toEqual(bills)
      expect(spotRows.map((r) => DateTime.toEpochMillis(r.ts) - D)).toEqual([
        6 * hour,
        6 * hour,
        3 * hour,
        2 * hour,
        2 * hour,
        2 * hour,
        hour
      ])
      // The coin filter.
      const eth = yield* drive(Tax.spotRecord({ ...range, coin: "ETH" }))
      expect(eth.map((r) => r.spotTaxType)).toEqual(["Exchange income"])

      const futureRows = yield* drive(Tax.futureRecord(range))
      expect(futureRows.map((r) => [r.symbol, r.marginCoin, r.futureTaxType])).toEqual([
        ["BTCUSDT", "USDT", "deal_out"],
        ["BTCUSDT", "USDT", "deal_in"]
      ])
      expect(futureRows.every((r) => BigDecimal.isNegative(r.fee))).toBe(true)
      // Closed 1% higher: a profit on the close.
      expect(BigDecimal.isPositive(futureRows[0]!.amount)).toBe(true)
      expect(yield* drive(Tax.futureRecord({ ...range, productType: "COIN-FUTURES" }))).toEqual([])
      expect(
        yield* drive(Tax.futureRecord({ ...range, productType: "usdt-futures" as "USDT-FUTURES", marginCoin: "usdt" }))
      )
        .toHaveLength(2)

      const p2pRows = yield* drive(Tax.p2pRecord(range))
      expect(p2pRows.map((r) => [r.id, r.coin, r.p2pTaxType, Decimal.format(r.total)])).toEqual([
        [sold.orderId, "USDT", "sell", "250"]
      ])
      expect(DateTime.toEpochMillis(p2pRows[0]!.ts)).toBe(sold.releaseTime)

      // No margin movements that day: no margin records (margin.test.ts drives a margin day).
      expect(yield* drive(Tax.marginRecord(range))).toEqual([])

      // The day before and the day after hold only the deposits put there.
      const before = yield* drive(Tax.spotRecord({ startTime: at(D - day), endTime: at(D - 1) }))
      expect(before.map((r) => Decimal.format(r.amount))).toEqual(["7"])
      const after = yield* drive(Tax.spotRecord({ startTime: at(D + day), endTime: at(D + 2 * day) }))
      expect(after.map((r) => Decimal.format(r.amount))).toEqual(["8"])
      expect(simulator.limits.refused).toBe(0)
    }).pipe(Effect.provide(env())))

  it.scoped("margin records come through the margin seam, by margin type and coin", () =>
    Effect.gen(function*() {
      const tax = yield* Simulator.control<TaxControl>("tax")
      const simulator = yield* Simulator.Simulator
      const movement = (id: string, marginType: "crossed" | "isolated", coin: string, ts: number) => ({
        id,
        uid: simulator.uid,
        marginType,
        coin,
        symbol: "BTCUSDT",
        taxType: "borrow",
        amount: dec("100"),
        fee: dec("0"),
        total: dec("100"),
        ts
      })
      tax.setMarginSource(() => [
        movement("11", "crossed", "USDT", D + hour),
        movement("12", "isolated", "USDT", D + 2 * hour),
        movement("13", "crossed", "BTC", D + 3 * hour),
        movement("14", "crossed", "USDT", D + day)
      ])
      yield* TestClock.setTime(D + 2 * day)
      const range = { startTime: at(D), endTime: at(D + day - 1) }
      expect((yield* drive(Tax.marginRecord(range))).map((r) => r.id)).toEqual(["13", "11"])
      expect((yield* drive(Tax.marginRecord({ ...range, marginType: "isolated" }))).map((r) => r.id)).toEqual(["12"])
      expect((yield* drive(Tax.marginRecord({ ...range, coin: "USDT" }))).map((r) => r.id)).toEqual(["11"])
    }).pipe(Effect.provide(env())))
})

describe("a year of futures tax records", () => {
  it.scoped("streams in 30-day windows: every record once, newest first, window edges ±1 ms", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const futures = yield* Simulator.control<FuturesControl>("futures")
      const end = D + 400 * day
      const start = end - 365 * day
      // The walk's windows, newest first: [to − 30 d, to], next `to` one ms before `from`.
      const windows: Array<readonly [number, number]> = []
      for (let to = end; to >= start; to = windows[windows.length - 1]![0] - 1) {
        windows.push([Math.max(start, to - 30 * day), to])
      }
      expect(windows).toHaveLength(13)
      // A record at both edges of every window, three more inside the first, and one just
      // outside the range on either side; placed oldest first, so ids count up with time.
      const inside = windows.flatMap(([from, to]) => [from, to])
      const extra = [end - hour, end - 2 * hour, end - 3 * hour]
      const times = [start - 1, ...inside, ...extra, end + 1].sort((a, b) => a - b)
      const wanted = new Set<string>()
      for (const [i, time] of times.entries()) {
        const order = futures.world.place(simulator.uid, {
          ...futuresOrder,
          size: dec("0.01"),
          side: i % 2 === 0 ? "buy" : "sell",
          orderType: "market"
        }, time)
        const bill = futures.world.bills[futures.world.bills.length - 1]!
        expect(bill.cTime).toBe(time)
        expect(order.status).toBe("filled")
        if (time >= start && time <= end) wanted.add(bill.billId)
      }
      expect(wanted.size).toBe(29)
      yield* TestClock.setTime(end + day)
      simulator.traffic.reset()
      const request = { startTime: at(start), endTime: at(end), limit: 2 }
      const pages = yield* rows(Tax.futureRecord.pages(request))
      const got = pages.flat()
      const expected = futures.world.bills.filter((b) => wanted.has(b.billId)).map((b) => b.billId).reverse()
      expect(got.map((r) => r.id)).toEqual(expected)
      // 13 windows, newest first: the first holds 5 records (pages of 2, 2, 1), the others 2 each.
      // A short page does not end a window's walk (the exchange may cap pages below the request):
      // each window ends on one empty closing page, which the stream does not emit.
      expect(pages.map((p) => p.length)).toEqual([2, 2, 1, ...Array(12).fill(2)])
      expect(simulator.traffic.count("GET /api/v2/tax/future-record")).toBe(pages.length + 13)
      // items walks the same rows.
      expect((yield* rows(Tax.futureRecord.items(request))).map((r) => r.id)).toEqual(expected)
      // The client kept to 1/s: the exchange never refused one.
      expect(simulator.limits.refused).toBe(0)
    }).pipe(Effect.provide(env())))
})

describe("tax local rules: InvalidRequest and nothing sent", () => {
  it.scoped("both times, at most 30 days, limit 1 to 500, closed product and margin types", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const refused = <A, E extends { readonly _tag: string }, R>(call: Effect.Effect<A, E, R>, reason: string) =>
        refusedLocally(call, reason, () => simulator.traffic.total())
      const range = { startTime: at(D), endTime: at(D + 30 * day) }
      const long = { startTime: at(D), endTime: at(D + 30 * day + 1) }
      for (
        const query of [
          Tax.spotRecord,
          Tax.futureRecord,
          Tax.marginRecord,
          Tax.p2pRecord
        ] as ReadonlyArray<(request: typeof range & { limit?: number }) => Effect.Effect<unknown, any, any>>
      ) {
        yield* refused(query(long), "more than the endpoint's")
        yield* refused(query({ ...range, limit: 501 }), "limit must be an integer from 1 to 500")
        yield* refused(query({ startTime: at(D), endTime: at(D - 1) }), "endTime is before startTime")
        yield* refused(query({ startTime: at(D) } as any), "endTime")
        yield* refused(query({ endTime: at(D) } as any), "startTime")
      }
      yield* refused(Tax.futureRecord({ ...range, productType: "SUSDT-FUTURES" as any }), "productType")
      yield* refused(Tax.marginRecord({ ...range, marginType: "cross" as any }), "marginType")
      // Exactly 30 days and 500 a page are sent (the four endpoints' own 1/s buckets).
      const sent = simulator.traffic.total()
      yield* TestClock.setTime(D + 31 * day)
      yield* drive(Tax.futureRecord({ ...range, limit: 500 }))
      yield* drive(Tax.spotRecord({ ...range, limit: 500 }))
      expect(simulator.traffic.total()).toBe(sent + 2)
    }).pipe(Effect.provide(env())))
})
