/**
 * V3 grid bots over loopback against the simulator's unified account, on the simulator's clock
 * (TestClock): a grid validated, created with an investment that leaves the unified balance,
 * resting buys below and sells above the live price, earning as the price path crosses its
 * levels while the clock runs, modified, moved, topped up and closed (the investment and profit
 * back in the balance); a neutral futures grid alike; every local rule at its boundary. The
 * clock moves 2 s between two calls of one endpoint: its 1/s limit waits on that clock.
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

const { Account, GridBot, Market } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const T = Date.UTC(2026, 2, 10, 13, 27, 41, 500)
const num = BigDecimal.unsafeToNumber
const d = (value: string) => BigDecimal.unsafeFromString(value)
const tick = TestClock.adjust("2 seconds")

const atT = <A, E, R>(body: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(T)
    return yield* body
  }).pipe(Effect.provide(Env))

const usdt = Effect.map(Account.assets(), (a) => a.assets.find((row) => row.coin === "USDT")!.available)
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

describe("V3 grid bots (simulator clock)", () => {
  it.scoped("a spot grid: validated, funded from the balance, resting around the price, earning on the path, closed", () =>
    atT(Effect.gen(function*() {
      const [ticker] = yield* Market.tickers({ category: "SPOT", symbol: "BTCUSDT" })
      const live = num(ticker!.lastPrice)
      const grid = {
        category: "SPOT",
        symbol: "BTCUSDT",
        minPrice: (live * 0.99).toFixed(2),
        maxPrice: (live * 1.01).toFixed(2),
        gridNum: 10,
        gridOrderMode: "arithmetic"
      } as const
      const tooLittle = yield* GridBot.validate({ ...grid, investmentAmount: [{ coin: "USDT", amount: "49.99" }] })
      expect(tooLittle.valid).toBe(false)
      expect(BigDecimal.equals(tooLittle.minInvestment, d("50"))).toBe(true)
      yield* tick
      const enough = yield* GridBot.validate({ ...grid, investmentAmount: [{ coin: "USDT", amount: "50" }] })
      expect(enough.valid).toBe(true)

      const before = yield* usdt
      const { botId } = yield* GridBot.createBot({
        ...grid,
        investmentAmount: [{ coin: "USDT", amount: "1000" }],
        fundsSource: ["uta"],
        takeProfit: (live * 1.05).toFixed(2)
      })
      expect(BigDecimal.equals(BigDecimal.subtract(before, yield* usdt), d("1000"))).toBe(true)

      const book = yield* GridBot.listDetails({ botId })
      expect(book.buyOrderList.length + book.sellOrderList.length).toBeGreaterThanOrEqual(10)
      for (const o of book.buyOrderList) expect(num(o.delegatePrice)).toBeLessThan(live)
      for (const o of book.sellOrderList) expect(num(o.delegatePrice)).toBeGreaterThan(live)
      expect(num(book.buyOrderList[0]!.delegatePrice)).toBeCloseTo(live * 0.99, 1)
      // Each level holds a tenth of the investment: count × price ≈ 100 USDT.
      expect(num(book.sellOrderList[0]!.delegateCount) * num(book.sellOrderList[0]!.delegatePrice)).toBeCloseTo(100, 0)

      const fresh = yield* GridBot.botDetail({ botId })
      expect(fresh).toMatchObject({ status: "running", arbitrageCount: 0, gridNum: 10, gridOrderMode: "arithmetic" })
      expect(BigDecimal.equals(fresh.gridStartPrice, ticker!.lastPrice)).toBe(true)
      expect(fresh.takeProfit).toBeDefined()

      // Two days on the path: it crosses levels, each pair of crossings one arbitrage.
      yield* TestClock.adjust("2 days")
      const later = yield* GridBot.botDetail({ botId })
      expect(later.arbitrageCount).toBeGreaterThan(0)
      expect(num(later.gridProfit)).toBeGreaterThan(0)
      expect(num(later.runningTime)).toBe(2 * 86_400_000)
      expect(DateTime.toEpochMillis(later.createdTime)).toBe(T + 2_000)

      // An omitted take-profit is cleared; the range moves.
      yield* GridBot.modifyBot({ botId, hodlMode: true })
      yield* GridBot.modifyGridInterval({
        category: "SPOT",
        botId,
        minPrice: (live * 0.95).toFixed(2),
        maxPrice: (live * 1.05).toFixed(2),
        gridNum: 20
      })
      yield* GridBot.addInvestment({ category: "SPOT", botId, coin: "USDT", size: "500", fundsSource: ["uta"] })
      yield* tick
      const moved = yield* GridBot.botDetail({ botId })
      expect(moved).toMatchObject({ gridNum: 20, hodlMode: true })
      expect(moved.takeProfit).toBeUndefined()
      expect(BigDecimal.equals(moved.quoteInvestmentAmount!, d("1500"))).toBe(true)

      const beforeClose = yield* usdt
      yield* GridBot.closeBot({ botId })
      yield* tick
      const ended = yield* GridBot.botDetail({ botId })
      expect(ended).toMatchObject({ status: "terminated", terminationReason: "MANUAL_END" })
      const back = num(BigDecimal.subtract(yield* usdt, beforeClose))
      expect(back).toBeCloseTo(1500 + num(ended.totalProfit), 3)
      yield* tick
      expect((yield* GridBot.listDetails({ botId })).buyOrderList).toEqual([])
      // Closed once: a second close finds no running bot.
      yield* tick
      const again = yield* Effect.flip(GridBot.closeBot({ botId }))
      expect(JSON.stringify(again)).toContain("25204")
    })))

  it.scoped("an investment the balance cannot cover is 25202, and nothing is created", () =>
    atT(Effect.gen(function*() {
      const balance = num(yield* usdt)
      const error = yield* Effect.flip(GridBot.createBot({
        category: "SPOT",
        symbol: "ETHUSDT",
        minPrice: "1000",
        maxPrice: "5000",
        gridNum: 5,
        gridOrderMode: "geometric",
        investmentAmount: [{ coin: "USDT", amount: String(Math.ceil(balance) + 1) }],
        fundsSource: ["uta"]
      }))
      expect(JSON.stringify(error)).toContain("25202")
      expect(num(yield* usdt)).toBe(balance)
    })))

  it.scoped("a neutral futures grid: created, read, modified, moved and closed; a normal grid's reads do not see it", () =>
    atT(Effect.gen(function*() {
      const [ticker] = yield* Market.tickers({ category: "USDT-FUTURES", symbol: "ETHUSDT" })
      const live = num(ticker!.lastPrice)
      const before = num(yield* usdt)
      const { botId } = yield* GridBot.createNeutralBot({
        category: "USDT-FUTURES",
        symbol: "ETHUSDT",
        minPrice: (live * 0.98).toFixed(2),
        maxPrice: (live * 1.02).toFixed(2),
        gridNum: 8,
        gridOrderMode: "geometric",
        leverage: 3,
        investmentAmount: [{ coin: "USDT", amount: "400" }],
        fundsSource: ["uta"]
      })
      expect(before - num(yield* usdt)).toBeCloseTo(400, 6)
      const detail = yield* GridBot.neutralBotDetail({ botId })
      expect(detail).toMatchObject({ status: "running", leverage: 3, gridNum: 8 })
      expect(num(detail.oneGridMinProfit)).toBeGreaterThan(0)
      const book = yield* GridBot.neutralListDetails({ botId })
      expect(book.buyOrderList.length).toBeGreaterThan(0)
      expect(book.sellOrderList.length).toBeGreaterThan(0)
      expect(JSON.stringify(yield* Effect.flip(GridBot.botDetail({ botId })))).toContain("25204")
      yield* GridBot.modifyNeutralBot({ category: "USDT-FUTURES", botId, stopLoss: (live * 0.9).toFixed(2) })
      yield* GridBot.modifyNeutralGridInterval({
        category: "USDT-FUTURES",
        botId,
        minPrice: (live * 0.97).toFixed(2),
        maxPrice: (live * 1.03).toFixed(2),
        gridNum: 12
      })
      yield* tick
      const moved = yield* GridBot.neutralBotDetail({ botId })
      expect(moved.gridNum).toBe(12)
      expect(moved.stopLoss).toBeDefined()
      yield* GridBot.closeBot({ botId })
      expect(num(yield* usdt)).toBeCloseTo(before + num(moved.totalProfit), 3)
    })))

  it.scoped("local rules: gridNum from 2, maxPrice above minPrice, a futures grid's direction, a neutral grid's category", () =>
    atT(Effect.gen(function*() {
      const total = yield* sent
      const base = {
        category: "SPOT",
        symbol: "BTCUSDT",
        minPrice: "60000",
        maxPrice: "80000",
        gridOrderMode: "arithmetic",
        investmentAmount: [{ coin: "USDT", amount: "100" }]
      } as const
      yield* refusedLocally(GridBot.validate({ ...base, gridNum: 1 }), "gridNum", total)
      const two = yield* GridBot.validate({ ...base, gridNum: 2 })
      expect(BigDecimal.equals(two.minInvestment, d("10"))).toBe(true)
      yield* refusedLocally(GridBot.validate({ ...base, gridNum: 5, maxPrice: "60000" }), "maxPrice", total)
      yield* refusedLocally(
        GridBot.validate({ ...base, category: "USDT-FUTURES", gridNum: 5 }),
        "gridType",
        total
      )
      yield* refusedLocally(
        GridBot.validate({ ...base, category: "COIN-FUTURES" as "USDT-FUTURES", gridNum: 5, gridType: "long" }),
        "category",
        total
      )
      yield* refusedLocally(
        GridBot.createNeutralBot({ ...base, gridNum: 5, fundsSource: ["uta"], category: "SPOT" as "USDT-FUTURES" }),
        "category",
        total
      )
      yield* refusedLocally(
        GridBot.addInvestment({ category: "USDT-FUTURES", botId: "1", coin: "USDT", size: "10", fundsSource: ["uta"] }),
        "adjustType",
        total
      )
      yield* refusedLocally(GridBot.validate({ ...base, gridNum: 5, investmentAmount: [] }), "investmentAmount", total)
      // `netural` is Bitget's spelling; any letter case in, sent as documented.
      yield* tick
      const neutral = yield* GridBot.validate({
        ...base,
        category: "USDT-FUTURES",
        gridNum: 5,
        gridType: "NETURAL" as "netural"
      })
      expect(neutral.valid).toBe(true)
    })))
})
