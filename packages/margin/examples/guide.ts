/**
 * The examples of `docs/margin.md`, kept here so the type check proves they compile and
 * `test/guide.test.ts` runs each against the simulator. Run the whole walk yourself with
 * `npx tsx packages/margin/examples/guide.ts` (simulator; it borrows and trades, so point it at
 * Bitget only with a demo or throwaway account).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region setup
import { BitgetClient, Decimal } from "@effect-bitget/core"
import * as Transport from "@effect-bitget/core/Transport"
import { Account, Records, Trade } from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import { Wallet } from "@effect-bitget/spot"
import { BigDecimal, Chunk, Console, DateTime, Effect, Layer, Stream } from "effect"

// — Layer + Config: credentials and options from BITGET_* environment variables.
export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

// — The same client against the local simulator (tests, demos, this walk).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion

// #region borrow
// — Fund the cross account from spot, see what it may borrow, borrow, and read the debt back.
export const borrow = Effect.gen(function*() {
  yield* Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "1000" })
  const { maxBorrowableAmount } = yield* Account.crossMaxBorrowableAmount({ coin: "USDT" })
  const loan = yield* Account.crossBorrow({ coin: "USDT", borrowAmount: "250" })
  const [usdt] = yield* Account.crossAssets({ coin: "USDT" })
  yield* Console.log(
    `could borrow ${Decimal.format(maxBorrowableAmount)}; loan ${loan.loanId}: ` +
      `owe ${Decimal.format(usdt!.borrow)} + interest ${Decimal.format(usdt!.interest)}`
  )
  return usdt!
})
// #endregion

// #region tradeWithAutoBorrow
// — Trade with auto-borrow: a market buy sized by the quote coin to spend; `autoLoan` borrows
//   what the account lacks. Selling with `autoRepay` pays the debt back from the proceeds.
export const tradeWithAutoBorrow = Effect.gen(function*() {
  const buy = yield* Trade.crossPlaceOrder({
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "market",
    force: "gtc",
    quoteSize: "1500",
    loanType: "autoLoan",
    clientOid: `guide-buy-${Date.now()}`
  })
  const [btc] = yield* Account.crossAssets({ coin: "BTC" })
  yield* Trade.crossPlaceOrder({
    symbol: "BTCUSDT",
    side: "sell",
    orderType: "market",
    force: "gtc",
    baseSize: btc!.available,
    loanType: "autoRepay"
  })
  const { riskRateRatio } = yield* Account.crossRiskRate()
  yield* Console.log(`bought with order ${buy.orderId}, sold; risk rate now ${Decimal.format(riskRateRatio)}`)
  return riskRateRatio
})
// #endregion

// #region interestThisQuarter
// — Stream the interest history: margin lists need a `startTime`, span at most 90 days and page
//   by `minId`; `items` walks every window and page, newest first.
export const interestThisQuarter = Effect.gen(function*() {
  const now = yield* DateTime.now
  const charges = yield* Records.crossInterestHistory.items({
    coin: "USDT",
    startTime: DateTime.subtract(now, { days: 120 }),
    endTime: now
  }).pipe(Stream.runCollect)
  const total = Chunk.reduce(charges, BigDecimal.fromBigInt(0n), (sum, row) => BigDecimal.sum(sum, row.interestAmount))
  yield* Console.log(`${Chunk.size(charges)} interest charges, ${Decimal.format(total)} USDT in all`)
  return Chunk.toReadonlyArray(charges)
})
// #endregion

// #region wrongSize
// — Local rules fail before anything is sent: a market buy is sized by quoteSize, not baseSize.
export const wrongSize = Trade.crossPlaceOrder({
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "market",
  force: "gtc",
  baseSize: "0.01",
  loanType: "autoLoan"
}).pipe(
  Effect.as("sent"),
  Effect.catchTag("InvalidRequest", (error) => Effect.succeed(error.reason))
)
// "baseSize: a market buy is sized by quoteSize (the quote coin to spend)"
// #endregion

// #region tooMuch
// — The exchange's refusals are tagged: borrowing beyond the limit is code 50035.
export const tooMuch = Account.crossBorrow({ coin: "USDT", borrowAmount: "100000000" }).pipe(
  Effect.as("borrowed"),
  Effect.catchTag("ExchangeError", (error) => Effect.succeed(`refused: ${error.code}`))
)
// #endregion

const walk = Effect.gen(function*() {
  yield* borrow
  yield* tradeWithAutoBorrow
  yield* interestThisQuarter
  yield* Console.log(`wrong size: ${yield* wrongSize}`)
  yield* Console.log(yield* tooMuch)
})

if (import.meta.url === `file://${process.argv[1]}`) {
  const program: Effect.Effect<void, unknown> = process.env.BITGET_BASE_URL === undefined
    ? walk.pipe(Effect.provide(Local))
    : walk.pipe(Effect.provide(Live))
  NodeRuntime.runMain(program)
}
