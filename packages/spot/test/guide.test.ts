import { Simulator } from "@effect-bitget/simulator"
import { Trade } from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as Beyond from "../examples/beyond.js"
import * as Guide from "../examples/guide.js"

layer(Guide.Local, { excludeTestServices: true })("docs/spot.md examples", (it) => {
  it.effect("market data", () =>
    Effect.gen(function*() {
      const { book, candles, ticker } = yield* Guide.marketData
      expect(BigDecimal.isBigDecimal(ticker.lastPr)).toBe(true)
      expect(book.bids.length).toBe(5)
      expect(candles.length).toBe(24)
    }))
  it.effect("place and cancel", () => Effect.map(Guide.placeAndCancel, (status) => expect(status).toBe("cancelled")))
  it.effect("the fills the exchange keeps", () => Effect.map(Guide.fillsKept, (fills) => expect(fills).toEqual([])))
  it.effect("history candles", () => Effect.map(Guide.lastThousandHours, (rows) => expect(rows.length).toBe(1000)))
  it.effect("InsufficientBalance by tag", () =>
    Effect.map(Guide.tooBig, (text) => expect(text).toMatch(/^refused: 43012/)))
  it.effect("InvalidRequest", () => Effect.map(Guide.noPrice, (tag) => expect(tag).toBe("InvalidRequest")))
  it.effect("the simulator's knobs: a price, a credit, a deposit, 250 rounds of history within what is kept", () =>
    Effect.gen(function*() {
      yield* Guide.knobs
      const now = Date.now()
      const fills = yield* Trade.fills.items({
        symbol: "BTCUSDT",
        startTime: DateTime.unsafeMake(now - 85 * 86_400_000)
      })
        .pipe(Stream.runCollect)
      expect(fills.length).toBeGreaterThanOrEqual(250)
    }))
  it.effect("plan order", () => Effect.map(Guide.stopBuy, (placed) => expect(placed.orderId).toBeDefined()))
})

layer(Guide.DemoLocal, { excludeTestServices: true })("docs/spot.md demo example", (it) => {
  it.effect("demo order", () => Effect.map(Guide.demoOrder, (placed) => expect(placed.orderId).toBeDefined()))
})

// The "Beyond the specification" examples, copied into docs/spot.md by `pnpm docs` (docs:check proves it).
layer(Beyond.Local, { excludeTestServices: true })("docs/spot.md beyond-the-specification examples", (it) => {
  it.effect("cancel-replace: the original cancelled, the new order open at the new price", () =>
    Effect.gen(function*() {
      const { after, before } = yield* Beyond.moveBid
      const [old] = yield* Trade.orderInfo({ orderId: before })
      expect(old!.status).toBe("cancelled")
      expect([after.status, BigDecimal.format(after.price!), BigDecimal.format(after.size)]).toEqual([
        "live",
        "51000",
        "0.002"
      ])
    }))
  it.effect("a pending withdrawal is cancelled", () =>
    Effect.map(Beyond.withdrawThenCancel, (answer) => expect(answer).toBe("success")))
})

layer(Beyond.Local, { excludeTestServices: true })("docs/spot.md market data and institutional loan example", (it) => {
  it.effect("net fund flows, the risk units and the main unit's LTV, each request once on the wire", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const paths = [
        "GET /api/v2/spot/market/fund-net-flow",
        "GET /api/v2/spot/ins-loan/risk-unit",
        "GET /api/v2/spot/ins-loan/ltv-convert"
      ]
      const before = paths.map((path) => sim.traffic.count(path))
      const { flows, ltv, riskUnits, unpaidUsdtAmount, usdtBalance } = yield* Beyond.flowsAndLoan
      expect(paths.map((path, i) => sim.traffic.count(path) - before[i]!)).toEqual([1, 1, 1])
      for (const row of flows) expect(BigDecimal.isBigDecimal(row.netFlow)).toBe(true)
      expect(riskUnits.every((id) => typeof id === "string" && id !== "")).toBe(true)
      expect([ltv, unpaidUsdtAmount, usdtBalance].every(BigDecimal.isBigDecimal)).toBe(true)
    }))
})
