import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Guide from "../examples/stockPlus.js"
import { drive } from "./drive.js"

const text = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : BigDecimal.format(BigDecimal.normalize(value))

layer(Guide.Local)("docs/unified.md Stock+ and Reality examples", (it) => {
  it.effect("two shares bought at the best ask, held", () =>
    drive(Effect.gen(function*() {
      const { order, positions } = yield* Guide.buyShares
      expect([order.status, text(order.executedQuantity), text(order.executedPrice)]).toEqual([
        "FilledStatus",
        "2",
        "228.51"
      ])
      expect(positions.map((p) => [p.symbol, text(p.quantity)])).toEqual([["AAPL.US", "2"]])
    })))
  it.effect("a company's dividends and splits across pages", () =>
    drive(Effect.gen(function*() {
      const rows = yield* Guide.dividendsOf("AAPL")
      expect(rows.length).toBe(13)
      expect(rows.filter((row) => row.type === "cash_dividend").length).toBe(12)
    })))
})
