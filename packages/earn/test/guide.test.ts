import * as Decimal from "@effect-bitget/core/Decimal"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Guide from "../examples/guide.js"

const fmt = (value: BigDecimal.BigDecimal) => Decimal.format(BigDecimal.normalize(value))

layer(Guide.Local, { excludeTestServices: true })("docs/earn.md examples", (it) => {
  it.effect("save USDT: the holding is the amount subscribed", () =>
    Effect.gen(function*() {
      const { holdings } = yield* Guide.saveUsdt("1000")
      expect(holdings.map((h) => [h.productCoin, fmt(h.holdAmount)])).toEqual([["USDT", "1000"]])
    }))
  it.effect("borrow and repay: the pledge comes back whole", () =>
    Effect.gen(function*() {
      const { loan, repaid } = yield* Guide.borrowAndRepay
      expect(fmt(repaid.repayUnlockAmount)).toBe(fmt(loan.pledgeAmount))
      expect(fmt(repaid.repayLoanAmount)).toBe(fmt(loan.loanAmount))
    }))
  it.effect("both pledge and loan named", () => Effect.map(Guide.both, (tag) => expect(tag).toBe("InvalidRequest")))
})
