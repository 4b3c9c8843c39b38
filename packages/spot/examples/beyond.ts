/**
 * The examples of `docs/spot.md`'s "Beyond the specification" section. Each `#region` is copied
 * into the page by `pnpm docs` (`pnpm docs:check` fails when the page differs), the type check
 * compiles this file and `test/guide.test.ts` runs each example against the simulator. Run it with
 * `npx tsx packages/spot/examples/beyond.ts` (simulator).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region imports
import { Simulator } from "@effect-bitget/simulator"
import { CancelReplace, Insight, InsLoan, Trade, Wallet } from "@effect-bitget/spot"
import { Console, Effect, Layer } from "effect"

// The simulator's client. For Bitget: `layerConfig` of "effect-bitget" (credentials from BITGET_* variables).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion

// #region cancelReplace
// Move a resting bid to a new price and size in one request. The answer's `success` says whether the
// new order was placed; on "failure" the original order is still open (not a tagged error).
export const moveBid = Effect.gen(function*() {
  const bid = yield* Trade.placeOrder({
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: "50000",
    size: "0.001"
  })
  const moved = yield* CancelReplace.cancelReplaceOrder({
    symbol: "BTCUSDT",
    orderId: bid.orderId,
    price: "51000",
    size: "0.002"
  })
  if (moved.success === "failure") return yield* Effect.fail(`not replaced: ${moved.msg}`)
  const [order] = yield* Trade.orderInfo({ orderId: moved.orderId! })
  yield* Console.log(`order ${moved.orderId} replaces ${bid.orderId}: ${order!.status} at ${order!.price}`)
  return { before: bid.orderId, after: order! }
})
// #endregion

// #region cancelWithdrawal
// An on-chain withdrawal stays `pending` for a one-minute regret period: cancelled then, the amount
// returns to the spot balance; after it, Bitget answers 13010 (an `ExchangeError`).
export const withdrawThenCancel = Effect.gen(function*() {
  const { orderId } = yield* Wallet.withdrawal({
    coin: "USDT",
    transferType: "on_chain",
    chain: "erc20",
    address: "0x1111111111111111111111111111111111111111",
    size: "100"
  })
  return yield* Wallet.cancelWithdrawal({ orderId }) // "success"
})
// #endregion

// #region insightInsLoan
// Public market data (1/s per IP): a symbol's net fund inflow over time. Then an institutional loan's
// risk units and the main unit's loan-to-value (`riskUnitId` left out): what is owed and what backs it.
export const flowsAndLoan = Effect.gen(function*() {
  const flows = yield* Insight.fundNetFlow({ symbol: "BTCUSDT" })
  const { riskUnitId } = yield* InsLoan.riskUnit()
  const { ltv, unpaidUsdtAmount, usdtBalance } = yield* InsLoan.ltvConvert({})
  yield* Console.log(`${flows.length} net flow points; LTV ${ltv}: ${unpaidUsdtAmount} owed, ${usdtBalance} held`)
  return { flows, riskUnits: riskUnitId, ltv, unpaidUsdtAmount, usdtBalance }
})
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  const walk = Effect.gen(function*() {
    yield* moveBid
    yield* Console.log(`cancel withdrawal: ${yield* withdrawThenCancel}`)
    yield* flowsAndLoan
  })
  NodeRuntime.runMain(walk.pipe(Effect.provide(Local)))
}
