/**
 * The crypto loan's request rules at both sides of each boundary (issue 25: every mutant of the
 * rule functions killed): exactly one of `pledgeAmount` and `loanAmount` to borrow, an `amount`
 * to repay unless `repayAll`. Each call is refused locally (the whole reason, nothing sent) or
 * sent to the simulator, whatever it then answers.
 */
import { Loan } from "@effect-bitget/earn"
import { Simulator } from "@effect-bitget/simulator"
import { layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refused, sent } from "../../core/test/ruleCases.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const loan = { loanCoin: "USDT", pledgeCoin: "BTC", daily: "SEVEN" } as const

layer(Env, { excludeTestServices: true })("earn loan: request rules", (it) => {
  it.effect("borrow: exactly one of pledgeAmount and loanAmount; either alone is sent", () =>
    Effect.gen(function*() {
      const reason = "pledgeAmount or loanAmount: exactly one is required"
      yield* refused(Loan.borrow(loan), reason)
      yield* refused(Loan.borrow({ ...loan, pledgeAmount: "1", loanAmount: "100" }), reason)
      yield* sent(Loan.borrow({ ...loan, pledgeAmount: "1" }))
      yield* sent(Loan.borrow({ ...loan, loanAmount: "100" }))
    }))

  it.effect("repay: an amount unless repayAll; repayAll alone and an amount alone are sent", () =>
    Effect.gen(function*() {
      yield* refused(Loan.repay({ orderId: "1", repayAll: false }), "amount: required unless repayAll is yes")
      yield* sent(Loan.repay({ orderId: "1", repayAll: true }))
      yield* sent(Loan.repay({ orderId: "1", repayAll: false, amount: "10" }))
    }))
})
