/**
 * The examples of `docs/futures.md`'s "Beyond the specification" section. Each `#region` is copied
 * into the page by `pnpm docs` (`pnpm docs:check` fails when the page differs), the type check
 * compiles this file and `test/guide.test.ts` runs each example against the simulator. Run it with
 * `npx tsx packages/futures/examples/beyond.ts` (simulator).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region imports
import { Account, Insight, Order, OrderQuery, PlanOrder, Position, TpslOrder, Union } from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import { Console, Effect, Layer } from "effect"

// The simulator's client. For Bitget: `layerConfig` of "effect-bitget" (credentials from BITGET_* variables).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

const btc = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
// #endregion

// #region cancelAll
// Two resting orders, then every open order of the product type cancelled in one request (add
// `symbol` or `marginCoin` to narrow it). With nothing open, Bitget answers 22001.
export const cancelEverything = Effect.gen(function*() {
  for (const price of ["50000", "51000"]) {
    yield* Order.placeOrder({ ...btc, marginMode: "crossed", side: "buy", orderType: "limit", price, size: "0.01" })
  }
  const { failureList, successList } = yield* Order.cancelAllOrders({ productType: "USDT-FUTURES" })
  const { entrustedList } = yield* OrderQuery.ordersPending({ productType: "USDT-FUTURES" })
  yield* Console.log(`${successList.length} cancelled, ${failureList.length} failed, ${entrustedList.length} open`)
  return { cancelled: successList.length, open: entrustedList.length }
})
// #endregion

// #region modifyTpsl
// A take profit on a long, then moved: the plan keeps its id and the next trigger uses the new
// price and size.
export const moveTakeProfit = (triggerPrice: string) =>
  Effect.gen(function*() {
    yield* Order.placeOrder({ ...btc, marginMode: "crossed", side: "buy", orderType: "market", size: "0.1" })
    const tp = yield* PlanOrder.placeTpslOrder({
      ...btc,
      planType: "profit_plan",
      holdSide: "buy",
      triggerPrice: "80000",
      triggerType: "mark_price",
      size: "0.04"
    })
    const moved = yield* TpslOrder.modifyTpslOrder({
      ...btc,
      orderId: tp.orderId,
      triggerPrice,
      triggerType: "mark_price",
      executePrice: "0", // 0: at market when triggered
      size: "0.03"
    })
    return moved.orderId // tp.orderId
  })
// #endregion

// #region liqPrice
// What the liquidation price of the long would be after adding 100 USDT of margin at market, and each
// open position's place in the auto-deleveraging queue (`rank` 0–1: nearer 1, reduced sooner).
export const risk = Effect.gen(function*() {
  const { liqPrice } = yield* Account.liqPrice({ ...btc, posSide: "long", orderType: "market", openAmount: "100" })
  const queue = yield* Position.adlRank({ productType: "USDT-FUTURES" })
  yield* Console.log(`liquidation at ${liqPrice}; ADL`, queue.map((p) => `${p.symbol} ${p.holdSide} ${p.rank}`))
  return { liqPrice, queue }
})
// #endregion

// #region insightUnion
// Public market data (1/s per IP): the share of accounts long and short on a contract, and takers' buy and
// sell volumes, per hour. Then union margin: its margin rates, and the USDT a switch back to single-asset
// margin would convert the collateral to.
export const sentimentAndUnion = Effect.gen(function*() {
  const accounts = yield* Insight.accountLongShort({ symbol: "BTCUSDT", period: "1h" })
  const takers = yield* Insight.takerBuySell({ symbol: "BTCUSDT", period: "1h" })
  const { imr, mmr } = yield* Union.unionConfig()
  const { usdtAmount } = yield* Union.switchUnionUsdt()
  yield* Console.log(`${accounts.length} long/short points, ${takers.length} taker points; union imr ${imr} mmr ${mmr}`)
  return { accounts, takers, imr, mmr, usdtAmount }
})
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  const walk = Effect.gen(function*() {
    yield* cancelEverything
    yield* moveTakeProfit("70000")
    yield* risk
    yield* sentimentAndUnion
  })
  NodeRuntime.runMain(walk.pipe(Effect.provide(Local)))
}
