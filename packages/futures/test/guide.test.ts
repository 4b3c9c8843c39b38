import * as Decimal from "@effect-bitget/core/Decimal"
import { Account, Order, OrderQuery, PlanOrder, Position } from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Beyond from "../examples/beyond.js"
import * as Guide from "../examples/guide.js"
import * as Plan from "../examples/plan.js"

const fmt = (value: BigDecimal.BigDecimal) => Decimal.format(BigDecimal.normalize(value))
const futures = Simulator.control<FuturesControl>("futures")
const btc = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const

// docs/futures.md's plan-order example, run as written against the simulator (issue 23, point 6).
layer(Plan.Local, { excludeTestServices: true })("docs/futures.md examples", (it) => {
  it.effect("plan orders, a trailing stop, and a stop loss on the long it opens", () =>
    Effect.map(Plan.program, (stop) => {
      expect(stop.orderId.length).toBeGreaterThan(0)
      expect(stop.clientOid.length).toBeGreaterThan(0)
    }))
})

// The page's other examples (regions of examples/guide.ts), each on a simulator of its own.
layer(Guide.Local, { excludeTestServices: true })("docs/futures.md contracts and market data example", (it) => {
  it.effect("BTCUSDT's contract, a 15-level book, a week of hourly candles", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const before = sim.traffic.count("GET /api/v2/mix/market/history-candles")
      const { book, btc: contract, candles } = yield* Guide.marketData
      expect(contract.symbol).toBe("BTCUSDT")
      expect(book.bids.length).toBeGreaterThan(0)
      expect(book.bids.length).toBeLessThanOrEqual(15)
      expect(candles).toBeGreaterThan(0)
      expect(sim.traffic.count("GET /api/v2/mix/market/history-candles")).toBeGreaterThan(before)
    }))
})

layer(Guide.Local, { excludeTestServices: true })("docs/futures.md leverage and long example", (it) => {
  it.effect("10x, a 0.01 long with a preset stop loss, 0.004 of it closed reduce-only", () =>
    Effect.gen(function*() {
      ;(yield* futures).setMarkPrice("BTCUSDT", "60000")
      const { opened, orders } = yield* Guide.openAndReduce
      expect(opened).toBe("filled")
      expect(orders).toBe(2)
      const [long] = yield* Position.singlePosition(btc)
      expect([fmt(long!.total), long!.leverage && fmt(long!.leverage)]).toEqual(["0.006", "10"])
    }))
})

layer(Guide.Local, { excludeTestServices: true })("docs/futures.md hedge mode example", (it) => {
  it.effect("a long and a short opened, the short closed, the rest closed at market", () =>
    Effect.gen(function*() {
      ;(yield* futures).setMarkPrice("BTCPERP", "60000")
      expect(yield* Guide.hedgeMode).toEqual(["long"])
      const perp = { symbol: "BTCPERP", productType: "USDC-FUTURES", marginCoin: "USDC" } as const
      expect(yield* Position.singlePosition(perp)).toEqual([])
    }))
})

layer(Guide.Local, { excludeTestServices: true })("docs/futures.md fees example", (it) => {
  it.effect("the fees of the account's fills over 180 days, walked in 90-day windows", () =>
    Effect.gen(function*() {
      const control = yield* futures
      control.setMarkPrice("BTCUSDT", "60000")
      yield* Order.placeOrder({ ...btc, marginMode: "crossed", size: "0.01", side: "buy", orderType: "market" })
      const sim = yield* Simulator.Simulator
      const before = sim.traffic.count("GET /api/v2/mix/order/fills")
      const fees = yield* Guide.feesPaid
      // The taker fee of 600 USDT at 0.06%, as Bitget signs it (a cost is negative).
      expect(fmt(BigDecimal.abs(fees))).toBe("0.36")
      expect(sim.traffic.count("GET /api/v2/mix/order/fills") - before).toBeGreaterThanOrEqual(2)
    }))
})

layer(Guide.Local, { excludeTestServices: true })("docs/futures.md demo example", (it) => {
  it.effect("a demo-coin limit order rests, with a demo order id", () =>
    Effect.gen(function*() {
      ;(yield* futures).setMarkPrice("SBTCSUSDT", "80000")
      const placed = yield* Guide.demoOrder
      expect(placed.orderId?.startsWith("8888")).toBe(true)
    }))
})

layer(Guide.Local, { excludeTestServices: true })("docs/futures.md simulator knobs example", (it) => {
  it.effect("the mark set, ticked three times", () =>
    Effect.map(Guide.knobs, (mark) => expect(fmt(mark)).not.toBe("61000")))
})

layer(Guide.Local, { excludeTestServices: true })("docs/futures.md delivery symbols example", (it) => {
  it.effect("parse, make, next quarters, a perpetual", () =>
    Effect.sync(() =>
      expect(Guide.delivery).toEqual({
        december: { pair: "BTCUSD", month: 12, year: 2025 },
        march: "ETHUSDH26",
        next: ["BTCUSDZ25", "BTCUSDH26"],
        perpetual: false
      })
    ))
})

// The "Beyond the specification" examples, copied into docs/futures.md by `pnpm docs` (docs:check
// proves it); each block on a simulator of its own.
layer(Beyond.Local, { excludeTestServices: true })("docs/futures.md cancel-all example", (it) => {
  it.effect("both resting orders cancelled, none left open; then nothing to cancel is 22001", () =>
    Effect.gen(function*() {
      ;(yield* futures).setMarkPrice("BTCUSDT", "60000")
      expect(yield* Beyond.cancelEverything).toEqual({ cancelled: 2, open: 0 })
      const none = yield* Effect.flip(Order.cancelAllOrders({ productType: "USDT-FUTURES" }))
      expect("code" in none ? none.code : none._tag).toBe("22001")
    }))
})

layer(Beyond.Local, { excludeTestServices: true })("docs/futures.md modify-tpsl example", (it) => {
  it.effect("the take profit keeps its id; the new trigger closes the new size", () =>
    Effect.gen(function*() {
      const control = yield* futures
      control.setMarkPrice("BTCUSDT", "60000")
      const id = yield* Beyond.moveTakeProfit("62000")
      const { entrustedList } = yield* PlanOrder.ordersPlanPending({
        productType: "USDT-FUTURES",
        planType: "profit_loss"
      })
      const plan = entrustedList.find((p) => p.orderId === id)!
      expect([fmt(plan.triggerPrice), fmt(plan.size)]).toEqual(["62000", "0.03"])
      control.setMarkPrice("BTCUSDT", "62000")
      const [position] = yield* Position.singlePosition(btc)
      expect(fmt(position!.total)).toBe("0.07")
      const pending = yield* OrderQuery.ordersPending({ productType: "USDT-FUTURES" })
      expect(pending.entrustedList).toEqual([])
    }))
})

layer(Beyond.Local, { excludeTestServices: true })("docs/futures.md liquidation-price example", (it) => {
  it.effect("the liquidation price with what the long holds, and its place in the ADL queue", () =>
    Effect.gen(function*() {
      const control = yield* futures
      control.setMarkPrice("BTCUSDT", "60000")
      yield* Account.setLeverage({ ...btc, leverage: "20" })
      yield* Order.placeOrder({ ...btc, marginMode: "crossed", size: "0.1", side: "buy", orderType: "market" })
      control.setMarkPrice("BTCUSDT", "66000")
      const { liqPrice, queue } = yield* Beyond.risk
      // As packages/futures/test/beyond.test.ts derives it: 61395.35… − 400 / 0.130303….
      expect(fmt(liqPrice)).toBe("58325.6")
      expect(queue.map((p) => [p.symbol, p.holdSide])).toEqual([["BTCUSDT", "long"]])
      expect(BigDecimal.isPositive(queue[0]!.rank!)).toBe(true)
    }))
})

layer(Beyond.Local, { excludeTestServices: true })("docs/futures.md market data and union margin example", (it) => {
  it.effect("hourly long/short and taker points, union margin rates, each request once on the wire", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const paths = [
        "GET /api/v2/mix/market/account-long-short",
        "GET /api/v2/mix/market/taker-buy-sell",
        "GET /api/v2/mix/account/union-config",
        "GET /api/v2/mix/account/switch-union-usdt"
      ]
      const before = paths.map((path) => sim.traffic.count(path))
      const { accounts, imr, mmr, takers, usdtAmount } = yield* Beyond.sentimentAndUnion
      expect(paths.map((path, i) => sim.traffic.count(path) - before[i]!)).toEqual([1, 1, 1, 1])
      for (const row of accounts) expect(BigDecimal.isBigDecimal(row.longShortAccountRatio)).toBe(true)
      for (const row of takers) expect(BigDecimal.isBigDecimal(row.buyVolume)).toBe(true)
      expect([imr, mmr, usdtAmount].every(BigDecimal.isBigDecimal)).toBe(true)
    }))
})
