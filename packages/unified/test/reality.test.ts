/**
 * V3 Reality stocks over loopback against the simulator (clock fixed with TestClock): the stock
 * behind each pair, the US sessions in daylight saving or standard time by the simulator's date,
 * the closures, and a pair's book and fills read from its one price path.
 */
import { Simulator, Wiretap } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { describe, expect, it, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as TestClock from "effect/TestClock"
import { refusedLocally } from "../../core/test/refused.js"
import { check, type WireCase } from "../../core/test/wiretap.js"
import { drive } from "./drive.js"

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

const { RealityCompany } = Unified
const SimEnv = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const text = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : BigDecimal.format(BigDecimal.normalize(value))
const held = (coin: string) =>
  Effect.map(
    Unified.Account.assets(),
    (a) => a.assets.find((row) => row.coin === coin)?.available ?? BigDecimal.fromBigInt(0n)
  )
const sentCount = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

/** Every row of a cursor list, page after page, the answer's `cursor` passed back (each one smaller). */
const walk = <A, E, R>(
  page: (
    cursor: { cursor?: string }
  ) => Effect.Effect<{ readonly list: ReadonlyArray<A>; readonly cursor?: string }, E, R>
) =>
  Effect.gen(function*() {
    const rows: Array<A> = []
    let cursor: string | undefined
    for (let n = 0; n < 50; n++) {
      const answer = yield* page(cursor === undefined ? {} : { cursor })
      rows.push(...answer.list)
      if (answer.cursor === undefined) return rows
      if (cursor !== undefined) expect(Number(answer.cursor)).toBeLessThan(Number(cursor))
      cursor = answer.cursor
    }
    throw new Error("the cursor never ended")
  })

layer(SimEnv)("V3 Reality orders and company data", (it) => {
  it.effect("a limit order rests in the pair's book and is cancelled; market and crossing orders fill in the unified balance", () =>
    drive(Effect.gen(function*() {
      const usdt = yield* held("USDT")
      const book = yield* Reality.orderBook({ symbol: "RAAPLUSDT" })
      const bid = book.b[0]!.price
      const ask = book.a[0]!.price
      // A buy two levels under the best bid (0.01 apart) rests there: its cost leaves the balance.
      const below = BigDecimal.subtract(bid, BigDecimal.unsafeFromString("0.02"))
      const resting = yield* Reality.placeOrder({
        symbol: "RAAPLUSDT",
        side: "buy",
        orderType: "limit",
        qty: "3",
        price: below,
        clientOid: "rest-1"
      })
      expect(resting.clientOid).toBe("rest-1")
      expect(text(BigDecimal.subtract(usdt, yield* held("USDT")))).toBe(
        text(BigDecimal.multiply(below, BigDecimal.fromBigInt(3n)))
      )
      const withOrder = yield* Reality.orderBook({ symbol: "RAAPLUSDT" })
      const level = withOrder.b.find((l) => BigDecimal.equals(l.price, below))
      expect(level).toBeDefined()
      const path = book.b.find((l) => BigDecimal.equals(l.price, below))!
      // The path's own size at that level plus the order's 3 (the same second's book).
      if (DateTime.toEpochMillis(withOrder.ts) === DateTime.toEpochMillis(book.ts)) {
        expect(text(BigDecimal.subtract(level!.size, path.size))).toBe("3")
      } else expect(BigDecimal.greaterThanOrEqualTo(level!.size, BigDecimal.fromBigInt(3n))).toBe(true)
      const dup = yield* Effect.flip(
        Reality.placeOrder({
          symbol: "RAAPLUSDT",
          side: "buy",
          orderType: "limit",
          qty: "1",
          price: below,
          clientOid: "rest-1"
        })
      )
      expect(dup._tag).toBe("DuplicateClientOid")

      // Cancelled by clientOid: the cost is back and the order gone from the book.
      const cancelled = yield* Reality.cancelOrder({ symbol: "RAAPLUSDT", clientOid: "rest-1" })
      expect(cancelled.orderId).toBe(resting.orderId)
      expect(text(yield* held("USDT"))).toBe(text(usdt))
      const again = yield* Effect.flip(Reality.cancelOrder({ symbol: "RAAPLUSDT", orderId: resting.orderId! }))
      expect(again._tag).toBe("OrderNotFound")

      // A market buy takes the best ask: the token arrives, USDT leaves; the fill is on the tape.
      yield* Reality.placeOrder({ symbol: "RAAPLUSDT", side: "buy", orderType: "market", qty: "2" })
      expect(text(yield* held("RAAPL"))).toBe("2")
      expect(text(BigDecimal.subtract(usdt, yield* held("USDT")))).toBe(
        text(BigDecimal.multiply(ask, BigDecimal.fromBigInt(2n)))
      )
      const [newest] = yield* Reality.fills({ symbol: "RAAPLUSDT", limit: 5 })
      expect([text(newest!.price), text(newest!.size), newest!.side]).toEqual([text(ask), "2", "buy"])

      // A limit sell at or under the bid fills at the bid; more than is held is refused.
      const short = yield* Effect.flip(
        Reality.placeOrder({ symbol: "RAAPLUSDT", side: "sell", orderType: "limit", qty: "3", price: bid })
      )
      expect(short._tag).toBe("InsufficientBalance")
      yield* Reality.placeOrder({ symbol: "RAAPLUSDT", side: "sell", orderType: "limit", qty: "2", price: "1" })
      expect(text(yield* held("RAAPL"))).toBe("0")
      const spread = BigDecimal.multiply(BigDecimal.subtract(ask, bid), BigDecimal.fromBigInt(2n))
      expect(text(BigDecimal.subtract(usdt, yield* held("USDT")))).toBe(text(spread))
      const unknown = yield* Effect.flip(
        Reality.placeOrder({ symbol: "RNOPEUSDT", side: "buy", orderType: "market", qty: "1" })
      )
      expect(JSON.stringify(unknown)).toContain("25100")

      const total = yield* sentCount
      const base = { symbol: "RAAPLUSDT", side: "buy", orderType: "limit", qty: "1", price: "1" } as const
      yield* refusedLocally(
        Reality.placeOrder({ ...base, price: undefined }),
        "price: required for a limit order",
        total
      )
      yield* refusedLocally(
        Reality.placeOrder({ ...base, orderType: "market" }),
        "price: a market order takes no price",
        total
      )
      yield* refusedLocally(Reality.placeOrder({ ...base, qty: "0" }), "qty", total)
      // 32 characters are accepted (the order rests), 33 refused.
      yield* Reality.placeOrder({ ...base, clientOid: "c".repeat(32) })
      yield* refusedLocally(Reality.placeOrder({ ...base, clientOid: "c".repeat(33) }), "clientOid", total)
      yield* refusedLocally(Reality.cancelOrder({ symbol: "RAAPLUSDT" }), "orderId or clientOid", total)
    })))

  it.effect("company reads agree with each other per code; the cursor lists walk every page", () =>
    drive(Effect.gen(function*() {
      const overview = yield* RealityCompany.overview({ code: "nvda" })
      expect(overview.code).toBe("NVDA")
      const valuation = yield* RealityCompany.valuation({ code: "NVDA" })
      const capital = yield* RealityCompany.shareCapitalChange({ code: "NVDA" })
      // One share count and one market cap: the price (181.20) times the shares.
      expect(text(capital.totalShares)).toBe(text(overview.totalShares))
      expect(text(valuation.tmvUsd)).toBe(text(overview.marketCap))
      expect(BigDecimal.unsafeToNumber(overview.marketCap!)).toBeCloseTo(
        181.2 * BigDecimal.unsafeToNumber(overview.totalShares!),
        -3
      )
      expect(BigDecimal.unsafeToNumber(overview.high52Week!)).toBeGreaterThan(181.2)
      expect(BigDecimal.unsafeToNumber(overview.low52Week!)).toBeLessThan(181.2)
      expect(text(valuation.pe)).toBe(text(overview.peRatio))
      // The same code, the same answer.
      expect(
        JSON.stringify(
          Schema.encodeSync(RealityCompany.CompanyOverview)(yield* RealityCompany.overview({ code: "NVDA" }))
        )
      ).toBe(
        JSON.stringify(Schema.encodeSync(RealityCompany.CompanyOverview)(overview))
      )
      const forecast = yield* RealityCompany.earningsForecast({ code: "NVDA" })
      expect(forecast.isActual).toBe(false)
      const halt = yield* RealityCompany.suspension({ code: "NVDA" })
      expect(halt.code).toBe("NVDA")

      // 12 quarterly dividends and a split: 13 rows, walked 5 a page by the answer's cursor.
      const first = yield* RealityCompany.dividends({ code: "NVDA", limit: 5 })
      expect([first.list.length, first.cursor]).toEqual([5, "8"])
      const all = yield* walk((cursor) => RealityCompany.dividends({ code: "NVDA", limit: 5, ...cursor }))
      expect(all.length).toBe(13)
      expect(all.filter((d) => d.type === "stock_split").length).toBe(1)
      const trades = yield* walk((cursor) => RealityCompany.innerTrades({ code: "NVDA", limit: 20, ...cursor }))
      expect(trades.length).toBe(45)
      const executives = yield* RealityCompany.executiveShareholdings({ code: "NVDA", limit: 100 })
      expect([executives.list.length, executives.cursor]).toEqual([25, undefined])
      const holders = yield* walk((cursor) => RealityCompany.shareholders({ code: "NVDA", ...cursor }))
      expect(holders.length).toBe(30)
      const unknown = yield* Effect.flip(RealityCompany.overview({ code: "NOPE" }))
      expect(JSON.stringify(unknown)).toContain("25100")

      const total = yield* sentCount
      // 100 a page is the most (go-bitget), 101 refused; an empty code refused.
      yield* refusedLocally(RealityCompany.dividends({ code: "NVDA", limit: 101 }), "limit: at most 100", total)
      yield* refusedLocally(RealityCompany.innerTrades({ code: "NVDA", limit: 0 }), "limit", total)
      yield* refusedLocally(RealityCompany.overview({ code: "" }), "code", total)
    })))
})

const realityCases: ReadonlyArray<WireCase> = [
  {
    endpoint: Reality.PlaceOrder,
    call: Reality.placeOrder({
      symbol: "RAAPLUSDT",
      side: "BUY" as "buy",
      orderType: "Limit" as "limit",
      qty: "2",
      price: "228.1",
      clientOid: "a-1"
    }),
    wire: { symbol: "RAAPLUSDT", side: "buy", orderType: "limit", qty: "2", price: "228.1", clientOid: "a-1" }
  },
  {
    endpoint: Reality.CancelOrder,
    call: Reality.cancelOrder({ symbol: "RAAPLUSDT", orderId: "9" }),
    wire: { symbol: "RAAPLUSDT", orderId: "9" }
  },
  { endpoint: RealityCompany.Overview, call: RealityCompany.overview({ code: "AAPL" }), wire: { code: "AAPL" } },
  { endpoint: RealityCompany.Valuation, call: RealityCompany.valuation({ code: "AAPL" }), wire: { code: "AAPL" } },
  {
    endpoint: RealityCompany.Earnings,
    call: RealityCompany.earningsForecast({ code: "AAPL" }),
    wire: { code: "AAPL" }
  },
  {
    endpoint: RealityCompany.SuspensionResumption,
    call: RealityCompany.suspension({ code: "AAPL" }),
    wire: { code: "AAPL" }
  },
  {
    endpoint: RealityCompany.Dividends,
    call: RealityCompany.dividends({ code: "AAPL", limit: 100, cursor: "40" }),
    wire: { code: "AAPL", limit: "100", cursor: "40" }
  },
  {
    endpoint: RealityCompany.ShareCapitalChange,
    call: RealityCompany.shareCapitalChange({ code: "AAPL" }),
    wire: { code: "AAPL" }
  },
  {
    endpoint: RealityCompany.InnerTrades,
    call: RealityCompany.innerTrades({ code: "AAPL", limit: 3 }),
    wire: { code: "AAPL", limit: "3" }
  },
  {
    endpoint: RealityCompany.ExecutiveShareholdings,
    call: RealityCompany.executiveShareholdings({ code: "AAPL", cursor: "7" }),
    wire: { code: "AAPL", cursor: "7" }
  },
  {
    endpoint: RealityCompany.ShareholdDetail,
    call: RealityCompany.shareholders({ code: "AAPL" }),
    wire: { code: "AAPL" }
  }
]

const realityTap = Wiretap.make(realityCases.map((c) => c.endpoint))
const TapEnv = Simulator.layerClient({ unified: true }).pipe(
  Layer.provideMerge(Simulator.layer({ domains: [realityTap.domain] }))
)

layer(TapEnv)("every Reality endpoint on the wire", (it) => {
  it.effect("16 declarations (5 reads, 2 orders, 9 company reads); requests as received, answers as sent", () =>
    drive(Effect.gen(function*() {
      const all = [...Reality.endpoints, ...RealityCompany.endpoints]
      expect(all.length).toBe(16)
      expect(new Set(all.map((e) => e.path)).size).toBe(16)
      expect(RealityCompany.endpoints.every((e) => !e.signed && e.rateLimit.key === "ip" && e.rateLimit.limit === 1))
        .toBe(true)
      expect([Reality.PlaceOrder.rateLimit.limit, Reality.CancelOrder.rateLimit.key]).toEqual([10, "uid"])
      for (const c of realityCases) yield* check(realityTap, c)
    })))
})
