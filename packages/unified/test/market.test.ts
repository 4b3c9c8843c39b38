/**
 * V3 market data over loopback against the simulator: one world seen through both protocols
 * (V2's ticker, book and tape are V3's), the wire as Bitget documents it (upper-case `category`,
 * lower-case candle `type`, never a bare `?`), and every local limit at its boundary.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { refusedLocally } from "../../core/test/refused.js"

const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const { Candles, Funding, Instruments, Market } = Unified

const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

/** What a call put on the wire: passes through a recording server to the simulator. */
const onWire = <A, E, R>(call: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const sim = yield* Simulator.Simulator
    const hostile = yield* Hostile.make({ upstream: sim.url })
    const result = yield* Effect.provide(call, Hostile.client(hostile.url, undefined))
    return { result, request: hostile.received[0]! }
  })

layer(Env, { excludeTestServices: true })("V3 market", (it) => {
  it.effect("tickers: the V2 spot and futures tickers' prices, moved together", () =>
    Effect.gen(function*() {
      const spot = yield* Simulator.control<SpotControl>("spot")
      spot.setPrice("BTCUSDT", "70000")
      const [v3] = yield* Market.tickers({ category: "SPOT", symbol: "BTCUSDT" })
      const [v2] = yield* Spot.Market.tickers({ symbol: "BTCUSDT" })
      expect(Decimal.format(v3!.lastPrice)).toBe("70000")
      expect(BigDecimal.equals(v3!.lastPrice, v2!.lastPr)).toBe(true)
      expect(BigDecimal.equals(v3!.bid1Price!, v2!.bidPr)).toBe(true)
      expect(v3!.category).toBe("SPOT")
      const futures = yield* Market.tickers({ category: "USDT-FUTURES" })
      const btc = futures.find((t) => t.symbol === "BTCUSDT")!
      expect(btc.markPrice).toBeDefined()
      expect(btc.fundingRate).toBeDefined()
      expect(futures.every((t) => t.category === "USDT-FUTURES")).toBe(true)
    }))

  it.scoped("category: any letter case accepted, sent upper case; MARGIN refused where the endpoint does not take it", () =>
    Effect.gen(function*() {
      const { request } = yield* onWire(Market.tickers({ category: "spot" as "SPOT", symbol: "ETHUSDT" }))
      expect(request.query.get("category")).toBe("SPOT")
      const total = yield* sent
      yield* refusedLocally(Market.tickers({ category: "MARGIN" as "SPOT" }), "category", total)
      yield* refusedLocally(Funding.openInterest({ category: "SPOT" as "USDT-FUTURES" }), "category", total)
      // MARGIN is one of instruments' five.
      const margin = yield* Instruments.instruments({ category: "MARGIN", symbol: "BTCUSDT" })
      expect(margin[0]!.category).toBe("MARGIN")
    }))

  it.effect("order book: a ascending, b descending, 5 levels by default, 200 accepted, 201 refused", () =>
    Effect.gen(function*() {
      const book = yield* Market.orderBook({ category: "SPOT", symbol: "BTCUSDT" })
      expect(book.a.length).toBe(5)
      expect(book.b.length).toBe(5)
      expect(BigDecimal.lessThan(book.a[0]!.price, book.a[1]!.price)).toBe(true)
      expect(BigDecimal.greaterThan(book.b[0]!.price, book.b[1]!.price)).toBe(true)
      expect(BigDecimal.lessThan(book.b[0]!.price, book.a[0]!.price)).toBe(true)
      const deep = yield* Market.orderBook({ category: "USDT-FUTURES", symbol: "BTCUSDT", limit: 200 })
      expect(deep.a.length).toBeGreaterThan(5)
      yield* refusedLocally(Market.orderBook({ category: "SPOT", symbol: "BTCUSDT", limit: 201 }), "limit", yield* sent)
    }))

  it.effect("fills: a trade on V2 is on V3's tape; 100 accepted, 101 refused", () =>
    Effect.gen(function*() {
      const spot = yield* Simulator.control<SpotControl>("spot")
      const sim = yield* Simulator.Simulator
      // A Classic account's market buy through the spot world, as V2's place-order does.
      yield* spot.world.place({
        uid: sim.uid,
        symbol: "ETHUSDT",
        side: "buy",
        orderType: "market",
        force: "gtc",
        price: undefined,
        size: Decimal.unsafeMake("1000"),
        clientOid: undefined
      }, Date.now())
      const fill = spot.world.fills.filter((f) => f.symbol === "ETHUSDT").reverse()[0]!
      const v3 = yield* Market.fills({ category: "SPOT", symbol: "ETHUSDT", limit: 100 })
      expect(v3.length).toBe(100)
      expect(v3.some((t) => BigDecimal.equals(t.price, fill.price) && BigDecimal.equals(t.size, fill.size))).toBe(true)
      const v2 = yield* Spot.Market.recentFills({ symbol: "ETHUSDT", limit: 100 })
      expect(v3.map((t) => t.execId)).toEqual(v2.map((t) => t.tradeId))
      yield* refusedLocally(Market.fills({ category: "SPOT", symbol: "ETHUSDT", limit: 101 }), "limit", yield* sent)
    }))

  it.scoped("candles: 7 columns named, lower-case type on the wire, 100 accepted, 101 refused", () =>
    Effect.gen(function*() {
      const { request, result } = yield* onWire(
        Candles.candles({ category: "USDT-FUTURES", symbol: "BTCUSDT", interval: "1H", type: "MARK" as "mark" })
      )
      expect(request.query.get("type")).toBe("mark")
      expect(result.length).toBe(100)
      expect(BigDecimal.isZero(result[0]!.volume)).toBe(true)
      const traded = yield* Candles.candles({ category: "SPOT", symbol: "BTCUSDT", interval: "1m", limit: 3 })
      expect(traded.length).toBe(3)
      expect(DateTime.toEpochMillis(traded[1]!.ts) - DateTime.toEpochMillis(traded[0]!.ts)).toBe(60_000)
      yield* refusedLocally(
        Candles.candles({ category: "SPOT", symbol: "BTCUSDT", interval: "1m", limit: 101 }),
        "limit",
        yield* sent
      )
      yield* refusedLocally(
        Candles.candles({ category: "SPOT", symbol: "BTCUSDT", interval: "1min" as "1m" }),
        "interval",
        yield* sent
      )
    }))

  it.effect("candles stream: walks back by endTime, every hour once", () =>
    Effect.gen(function*() {
      const end = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000
      const start = end - 249 * 3_600_000
      const rows = yield* Stream.runCollect(Candles.historyCandles.items({
        category: "SPOT",
        symbol: "BTCUSDT",
        interval: "1H",
        startTime: DateTime.unsafeMake(start),
        endTime: DateTime.unsafeMake(end)
      }))
      const times = Chunk.toReadonlyArray(rows).map((c) => DateTime.toEpochMillis(c.ts))
      expect(times.length).toBe(250)
      expect(new Set(times).size).toBe(250)
      expect(Math.min(...times)).toBe(start)
      expect(Math.max(...times)).toBe(end)
    }))

  it.effect("instruments, funding and open interest read the same contracts", () =>
    Effect.gen(function*() {
      const spot = yield* Instruments.instruments({ category: "SPOT" })
      expect(spot.some((i) => i.symbol === "BTCUSDT" && i.baseCoin === "BTC")).toBe(true)
      const perps = yield* Instruments.instruments({ category: "usdt-futures" as "USDT-FUTURES", symbol: "BTCUSDT" })
      expect(perps[0]).toMatchObject({ symbol: "BTCUSDT", category: "USDT-FUTURES", type: "perpetual" })
      const [rate] = yield* Funding.currentFundRate({ symbol: "BTCUSDT" })
      const [ticker] = yield* Market.tickers({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
      expect(BigDecimal.equals(rate!.fundingRate, ticker!.fundingRate!)).toBe(true)
      const oi = yield* Funding.openInterest({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
      expect(BigDecimal.equals(oi.list[0]!.openInterest, ticker!.openInterest!)).toBe(true)
      const unknown = yield* Effect.flip(Market.tickers({ category: "SPOT", symbol: "NOPEUSDT" }))
      expect(unknown).toMatchObject({ code: "25100" })
    }))

  it.effect("funding history: page numbers counted, 200 a page accepted, 201 and page 101 refused", () =>
    Effect.gen(function*() {
      const pages = yield* Stream.runCollect(
        Funding.historyFundRate.pages({ category: "USDT-FUTURES", symbol: "BTCUSDT" }).pipe(Stream.take(2))
      )
      expect(Chunk.size(pages)).toBe(2)
      const [first, second] = Chunk.toReadonlyArray(pages)
      expect(first!.resultList.length).toBe(200)
      expect(first!.resultList[0]).not.toEqual(second!.resultList[0])
      const total = yield* sent
      yield* refusedLocally(
        Funding.historyFundRate({ category: "USDT-FUTURES", symbol: "BTCUSDT", limit: 201 }),
        "limit",
        total
      )
      yield* refusedLocally(
        Funding.historyFundRate({ category: "USDT-FUTURES", symbol: "BTCUSDT", cursor: 101 }),
        "cursor",
        total
      )
      // Page 100 is the last one that may be asked for (the simulator's history is shorter: an empty page).
      const last = yield* Funding.historyFundRate({ category: "USDT-FUTURES", symbol: "BTCUSDT", cursor: 100 })
      expect(last.resultList).toEqual([])
    }))

  it.scoped("the rest of V3's market endpoints answer and decode", () =>
    Effect.gen(function*() {
      const { request } = yield* onWire(Unified.Risk.discountRate())
      // No parameters: no `?` at all (a bare `?` breaks Bitget's signature: ccxt PR #30237).
      expect(request.path).toBe("/api/v3/market/discount-rate")
      const rpi = yield* Market.rpiOrderBook({ category: "SPOT", symbol: "BTCUSDT", limit: 200 })
      expect(rpi.a.length).toBeGreaterThan(5)
      yield* refusedLocally(
        Market.rpiOrderBook({ category: "SPOT", symbol: "BTCUSDT", limit: 201 }),
        "limit",
        yield* sent
      )
      yield* Market.rpiSymbols()
      yield* Market.indexComponents({ symbol: "BTCUSDT" })
      yield* Market.proofOfReserves()
      yield* Market.serverTime()
      yield* Funding.oiLimit({ category: "USDT-FUTURES" })
      yield* Funding.positionTier({ category: "MARGIN", coin: "BTC" })
      yield* Funding.liquidations({ category: "USDT-FUTURES" })
      yield* Unified.Risk.riskReserve({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
      yield* Unified.Risk.riskReserveHour({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
      yield* Unified.Risk.riskReserveAll({ category: "USDT-FUTURES" })
      yield* Unified.Risk.marginLoans({ coin: "USDT" })
      yield* Unified.MarketMaker.feeGroup({ category: "SPOT" })
      yield* Unified.MarketMaker.scoreWeights()
      yield* Unified.Rwa.cashDividendRecords({ symbol: "RAAPLUSDT", type: "paid" })
      yield* Unified.Rwa.splitRecords()
    }))
})
