/**
 * The plan-order example of `docs/futures.md` (`pnpm docs` copies the region into the page;
 * `pnpm docs:check` fails when they differ), kept here so the type check proves it compiles and
 * `test/guide.test.ts` runs it against the simulator (it had never been run: it put a stop loss on
 * a long it never opened). Run it with `npx tsx packages/futures/examples/plan.ts` (simulator).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region plan
import { BitgetClient, Transport } from "@effect-bitget/core"
import { Order, PlanOrder } from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import { Console, Effect, Layer } from "effect"

/** The same program against Bitget: `Effect.provide(program, Live)` with `BITGET_*` set (demo first). */
export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

const eth = { symbol: "ETHUSDT", productType: "USDT-FUTURES", marginCoin: "USDT", marginMode: "crossed" } as const

export const program = Effect.gen(function*() {
  const breakout = yield* PlanOrder.placePlanOrder({
    ...eth,
    planType: "normal_plan",
    size: "0.1",
    triggerPrice: "4000",
    triggerType: "mark_price",
    side: "buy",
    orderType: "market",
    stopLossTriggerPrice: "3800",
    stopLossTriggerType: "mark_price"
  })
  const trailing = yield* PlanOrder.placePlanOrder({
    ...eth,
    planType: "track_plan",
    size: "0.1",
    callbackRatio: "1.5",
    triggerPrice: "4200",
    triggerType: "mark_price",
    side: "sell",
    orderType: "market",
    reduceOnly: true
  })
  const pending = yield* PlanOrder.ordersPlanPending({ productType: "USDT-FUTURES", planType: "normal_plan" })
  yield* Console.log("pending", pending.entrustedList.map((p) => p.orderId))

  // After a trigger: the orders it placed and their status (success, fail, in_progress_tracking …).
  // All three parameters are required; product types are upper case here, demo ones included.
  const subs = yield* PlanOrder.planSubOrder({
    planType: "normal_plan",
    planOrderId: breakout.orderId,
    productType: "USDT-FUTURES"
  })
  yield* Console.log("sub orders", subs)
  // A list of ids needs its symbol; without a list, `planType` (default normal_plan) picks what is cancelled.
  yield* PlanOrder.cancelPlanOrder({
    productType: "USDT-FUTURES",
    symbol: "ETHUSDT",
    orderIdList: [{ orderId: trailing.orderId }]
  })

  // A stop loss protects an open long: open it first (a market buy), then `loss_plan` closes `size`,
  // `pos_loss` the whole position. One-way mode names the long `buy`; hedge mode says `long`. Listed
  // under planType profit_loss.
  yield* Order.placeOrder({ ...eth, size: "0.1", side: "buy", orderType: "market" })
  return yield* PlanOrder.placeTpslOrder({
    symbol: "ETHUSDT",
    productType: "USDT-FUTURES",
    marginCoin: "USDT",
    planType: "pos_loss",
    triggerPrice: "3500",
    triggerType: "mark_price",
    holdSide: "buy"
  })
})
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  NodeRuntime.runMain(Effect.provide(program, Local))
}
