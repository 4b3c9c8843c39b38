/**
 * The examples of `docs/earn.md`, kept here so the type check proves they compile and
 * `test/guide.test.ts` runs each against the simulator; `pnpm docs` copies each `#region` into the
 * page (`pnpm docs:check` fails when the page differs). Run the walk yourself with
 * `npx tsx packages/earn/examples/guide.ts` (simulator only: it subscribes and borrows).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region imports
import { Decimal } from "@effect-bitget/core"
import { Loan, Savings } from "@effect-bitget/earn"
import { Simulator } from "@effect-bitget/simulator"
import { Console, Effect, Layer } from "effect"

// — The client against the local simulator (its savings accrue on its clock).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion

// #region savings
// — Put `amount` USDT into the flexible USDT savings product and read the holding back.
export const saveUsdt = (amount: string) =>
  Effect.gen(function*() {
    const [product] = yield* Savings.product({ coin: "USDT", filter: "available" })
    const order = yield* Savings.subscribe({ productId: product!.productId, periodType: "flexible", amount })
    const { resultList } = yield* Savings.assets({ periodType: "flexible" })
    for (const h of resultList) {
      yield* Console.log(
        `${h.productCoin} held ${Decimal.format(h.holdAmount)}, earned ${Decimal.format(h.totalProfit)}`
      )
    }
    return { order, holdings: resultList }
  })
// #endregion

// #region loan
// — Borrow USDT against 0.1 BTC for 7 days, then repay all of it (interest first).
export const borrowAndRepay = Effect.gen(function*() {
  const { orderId } = yield* Loan.borrow({ loanCoin: "USDT", pledgeCoin: "BTC", daily: "SEVEN", pledgeAmount: "0.1" })
  const [loan] = yield* Loan.ongoingOrders({ orderId })
  yield* Console.log(
    `borrowed ${Decimal.format(loan!.loanAmount)} USDT against ${Decimal.format(loan!.pledgeAmount)} BTC`
  )
  const repaid = yield* Loan.repay({ orderId, repayAll: true })
  return { loan: loan!, repaid }
})
// #endregion

// — A borrow naming both the pledge and the loan fails before sending.
export const both = Loan.borrow({
  loanCoin: "USDT",
  pledgeCoin: "BTC",
  daily: "SEVEN",
  pledgeAmount: "0.1",
  loanAmount: "100"
}).pipe(Effect.flip, Effect.map((error) => error._tag))

if (import.meta.url === `file://${process.argv[1]}`) {
  Effect.gen(function*() {
    yield* saveUsdt("1000")
    yield* borrowAndRepay
  }).pipe(Effect.provide(Local), NodeRuntime.runMain)
}
