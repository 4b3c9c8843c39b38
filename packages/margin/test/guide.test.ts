import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Beyond from "../examples/beyond.js"
import * as Guide from "../examples/guide.js"

layer(Guide.Local, { excludeTestServices: true })("docs/margin.md examples", (it) => {
  it.effect("borrow", () =>
    Effect.map(Guide.borrow, (usdt) => {
      expect(Decimal.format(usdt.borrow)).toBe("250")
      expect(BigDecimal.isPositive(usdt.interest)).toBe(true)
    }))
  it.effect("trade with auto-borrow, repaid on the sale", () =>
    Effect.map(Guide.tradeWithAutoBorrow, (risk) => expect(BigDecimal.isZero(risk)).toBe(true)))
  it.effect("the interest history as a stream", () =>
    Effect.map(Guide.interestThisQuarter, (rows) => {
      expect(rows.map((r) => r.interstType)).toEqual(["first", "first"])
    }))
  it.effect("a wrong size field is refused locally", () =>
    Effect.map(Guide.wrongSize, (reason) => expect(reason).toContain("baseSize: a market buy is sized by quoteSize")))
  it.effect("borrowing beyond the limit is 50035", () =>
    Effect.map(Guide.tooMuch, (text) => expect(text).toBe("refused: 50035")))
})

// The "Beyond the specification" examples, copied into docs/margin.md by `pnpm docs` (docs:check proves it).
layer(Beyond.Local, { excludeTestServices: true })("docs/margin.md beyond-the-specification examples", (it) => {
  it.effect("180 days of cross liquidation orders, walked in 90-day windows", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const before = sim.traffic.total()
      const rows = yield* Beyond.crossLiquidations
      expect(rows.every((row) => typeof row.orderId === "string")).toBe(true)
      // 180 days are at least two of the endpoint's 90-day windows: at least two requests.
      expect(sim.traffic.total() - before).toBeGreaterThanOrEqual(2)
    }))
  it.effect("a symbol with a swap is refused locally", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const before = sim.traffic.total()
      expect(yield* Beyond.swapWithSymbol).toContain("invalid request: symbol: only with type place_order")
      expect(sim.traffic.total()).toBe(before)
    }))
})
