import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const day = 86_400_000
const now = Date.now()
const range = { startTime: Spot.Schemas.time(now - day), endTime: Spot.Schemas.time(now) }

/** One call of every spot endpoint, by declaration name, each answered and decoded over loopback. */
const calls: Record<string, Effect.Effect<unknown, unknown, any>> = {
  "spot.market.coins": Spot.Market.coins({ coin: "BTC" }),
  "spot.market.symbols": Spot.Market.symbols(),
  "spot.market.vipFeeRates": Spot.Market.vipFeeRates(),
  "spot.market.tickers": Spot.Market.tickers(),
  "spot.market.orderBook": Spot.Market.orderBook({ symbol: "ETHUSDT", type: "step0", limit: 15 }),
  "spot.market.mergeDepth": Spot.Market.mergeDepth({ symbol: "ETHUSDT", precision: "scale1", limit: 15 }),
  "spot.market.candles": Spot.Market.candles({ symbol: "BTCUSDT", granularity: "1h", ...range }),
  "spot.market.historyCandles": Spot.Market.historyCandles({
    symbol: "BTCUSDT",
    granularity: "1day",
    endTime: range.endTime,
    limit: 200
  }),
  "spot.market.recentFills": Spot.Market.recentFills({ symbol: "BTCUSDT" }),
  "spot.market.fillsHistory": Spot.Market.fillsHistory({ symbol: "BTCUSDT", ...range }),
  "spot.account.info": Spot.Account.info(),
  "spot.account.assets": Spot.Account.assets({ assetType: "all" }),
  "spot.account.subaccountAssets": Spot.Account.subaccountAssets({ limit: 10 }),
  "spot.account.bills": Spot.Account.bills({ coin: "USDT", ...range }),
  "spot.account.transferRecords": Spot.Account.transferRecords({ coin: "USDT", fromType: "spot", pageNum: 1 }),
  // A sub-account is upgraded, so the main account stays Classic for the calls after it.
  "spot.account.upgrade": Effect.flatMap(Simulator.Simulator, (sim) => {
    const sub = sim.accounts.open({ parentUid: sim.uid, kind: "virtual", now: Date.now() })
    return Spot.Account.upgrade({ subUid: sub.uid })
  }).pipe(Effect.as("taken")),
  "spot.account.upgradeStatus": Spot.Account.upgradeStatus(),
  "spot.wallet.transferCoinInfo": Spot.Wallet.transferCoinInfo({ fromType: "spot", toType: "usdt_futures" }),
  "spot.wallet.transfer": Spot.Wallet.transfer({ fromType: "spot", toType: "p2p", amount: "1", coin: "USDT" }),
  "spot.wallet.subaccountTransfer": Spot.Wallet.subaccountTransfer({
    fromType: "spot",
    toType: "spot",
    amount: "1",
    coin: "USDT",
    fromUserId: Simulator.UID,
    toUserId: "2000000002"
  }),
  "spot.wallet.withdrawal": Spot.Wallet.withdrawal({
    coin: "USDT",
    transferType: "internal_transfer",
    address: "2000000003",
    innerToType: "uid",
    size: "1"
  }),
  "spot.wallet.depositAddress": Spot.Wallet.depositAddress({ coin: "BTC" }),
  "spot.wallet.subaccountDepositAddress": Spot.Wallet.subaccountDepositAddress({ subUid: "2000000002", coin: "BTC" }),
  "spot.wallet.depositRecords": Spot.Wallet.depositRecords(range),
  "spot.wallet.withdrawalRecords": Spot.Wallet.withdrawalRecords(range),
  "spot.trade.placeOrder": Spot.Trade.placeOrder({
    symbol: "BTCUSDT",
    side: "sell",
    orderType: "limit",
    force: "post_only",
    price: "90000",
    size: "0.001",
    stpMode: "cancel_taker"
  }),
  "spot.trade.batchOrders": Spot.Trade.batchOrders({
    batchMode: "multiple",
    orderList: [{ symbol: "ETHUSDT", side: "buy", orderType: "market", force: "gtc", size: "5" }]
  }),
  "spot.trade.cancelOrder": Spot.Trade.cancelOrder({ symbol: "BTCUSDT", clientOid: "unknown" }).pipe(
    Effect.catchTag("OrderNotFound", Effect.succeed)
  ),
  "spot.trade.cancelSymbolOrder": Spot.Trade.cancelSymbolOrder({ symbol: "ETHUSDT" }),
  "spot.trade.batchCancelOrder": Spot.Trade.batchCancelOrder({
    batchMode: "multiple",
    orderList: [{ symbol: "BTCUSDT", orderId: "1" }]
  }),
  "spot.trade.orderInfo": Spot.Trade.orderInfo({ orderId: "1" }).pipe(Effect.catchTag("OrderNotFound", Effect.succeed)),
  "spot.trade.unfilledOrders": Spot.Trade.unfilledOrders(),
  "spot.trade.historyOrders": Spot.Trade.historyOrders({ tpslType: "normal" }),
  "spot.trade.fills": Spot.Trade.fills(),
  "spot.planOrder.placePlanOrder": Spot.PlanOrder.placePlanOrder({
    symbol: "BTCUSDT",
    side: "sell",
    triggerPrice: "99000",
    orderType: "market",
    size: "0.001",
    planType: "amount",
    triggerType: "fill_price"
  }),
  "spot.planOrder.modifyPlanOrder": Spot.PlanOrder.modifyPlanOrder({
    orderId: "1",
    triggerPrice: "1",
    orderType: "market",
    size: "1"
  }).pipe(Effect.catchTag("OrderNotFound", Effect.succeed)),
  "spot.planOrder.cancelPlanOrder": Spot.PlanOrder.cancelPlanOrder({ clientOid: "none" }).pipe(
    Effect.catchTag("OrderNotFound", Effect.succeed)
  ),
  "spot.planOrder.batchCancelPlanOrder": Spot.PlanOrder.batchCancelPlanOrder({ symbolList: ["BTCUSDT"] }),
  "spot.planOrder.currentPlanOrder": Spot.PlanOrder.currentPlanOrder({ symbol: "BTCUSDT" }),
  "spot.planOrder.historyPlanOrder": Spot.PlanOrder.historyPlanOrder({ symbol: "BTCUSDT", ...range }),
  "spot.insLoan.productInfos": Spot.InsLoan.productInfos({ productId: "1" }),
  "spot.cancelReplace.cancelReplaceOrder": Spot.CancelReplace.cancelReplaceOrder({
    symbol: "BTCUSDT",
    orderId: "1",
    price: "1",
    size: "1"
  }).pipe(Effect.catchTag("OrderNotFound", Effect.succeed)),
  "spot.cancelReplace.batchCancelReplaceOrder": Spot.CancelReplace.batchCancelReplaceOrder({
    orderList: [{ symbol: "BTCUSDT", orderId: "1", price: "1", size: "1" }]
  }),
  // An unknown withdrawal is refused by the exchange (40017): the refusal decodes too.
  "spot.wallet.cancelWithdrawal": Effect.either(Spot.Wallet.cancelWithdrawal({ orderId: "1" })),
  "spot.insight.auction": Spot.Insight.auction({ symbol: "BTCUSDT" }),
  "spot.insight.fundFlow": Spot.Insight.fundFlow({ symbol: "BTCUSDT" }),
  "spot.insight.fundNetFlow": Spot.Insight.fundNetFlow({ symbol: "BTCUSDT" }),
  "spot.insight.whaleNetFlow": Spot.Insight.whaleNetFlow({ symbol: "BTCUSDT" }),
  "spot.insight.supportSymbols": Spot.Insight.supportSymbols(),
  "spot.account.deductInfo": Spot.Account.deductInfo(),
  "spot.account.switchDeduct": Spot.Account.switchDeduct({ deduct: false }),
  "spot.account.subMainTransRecord": Spot.Account.subMainTransRecord({ coin: "USDT" }),
  "spot.wallet.subaccountDepositRecords": Spot.Wallet.subaccountDepositRecords({ subUid: "2000000002" }),
  "spot.wallet.modifyDepositAccount": Spot.Wallet.modifyDepositAccount({ coin: "USDT", accountType: "spot" }),
  "spot.planOrder.planSubOrder": Spot.PlanOrder.planSubOrder({ planOrderId: "1" }),
  "spot.insLoan.ensureCoinsConvert": Spot.InsLoan.ensureCoinsConvert({ productId: "1" }),
  "spot.insLoan.symbols": Spot.InsLoan.symbols({ productId: "1" }),
  "spot.insLoan.riskUnit": Spot.InsLoan.riskUnit(),
  "spot.insLoan.ltvConvert": Spot.InsLoan.ltvConvert({}),
  "spot.insLoan.loanOrder": Spot.InsLoan.loanOrder({}),
  "spot.insLoan.repaidHistory": Spot.InsLoan.repaidHistory({})
}

layer(Env, { excludeTestServices: true })("every spot endpoint", (it) => {
  it.effect("the table names every declaration once", () =>
    Effect.sync(() => {
      const declared = Spot.endpoints.map((e) => e.name).sort()
      expect(Object.keys(calls).sort()).toEqual(declared)
      expect(declared.length).toBe(61)
      expect(new Set(Spot.endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(61)
    }))

  for (const [name, call] of Object.entries(calls)) {
    it.effect(`${name} answers and decodes over loopback`, () =>
      Effect.gen(function*() {
        const answer = yield* call
        expect(answer).toBeDefined()
      }))
  }
})
