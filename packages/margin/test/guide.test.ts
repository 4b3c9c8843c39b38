import * as Decimal from "@effect-bitget/core/Decimal"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
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
