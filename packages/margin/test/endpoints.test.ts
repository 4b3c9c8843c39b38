import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const day = 86_400_000
const now = Date.now()
const { time } = Margin.Schemas
const range = { startTime: time(now - day), endTime: time(now) }
const { Account, Market, Records, Trade } = Margin

/** Funds both margin accounts from spot, so the stateful calls below are answered, not refused. */
const fund = Effect.all([
  Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "5000" }),
  Spot.Wallet.transfer({ fromType: "spot", toType: "isolated_margin", coin: "USDT", amount: "5000", symbol: "BTCUSDT" })
])

/** One call of every margin endpoint, by declaration name, in an order a real account could follow. */
const calls: ReadonlyArray<readonly [string, Effect.Effect<unknown, unknown, any>]> = [
  ["margin.market.currencies", Market.currencies()],
  ["margin.market.crossInterestRateAndLimit", Market.crossInterestRateAndLimit({ coin: "USDT" })],
  ["margin.market.isolatedInterestRateAndLimit", Market.isolatedInterestRateAndLimit({ symbol: "BTCUSDT" })],
  ["margin.market.crossTierData", Market.crossTierData({ coin: "BTC" })],
  ["margin.market.isolatedTierData", Market.isolatedTierData({ symbol: "BTCUSDT" })],
  ["margin.market.interestRateRecord", Market.interestRateRecord({ coin: "USDT" })],
  ["margin.account.crossAssets", Account.crossAssets()],
  ["margin.account.isolatedAssets", Account.isolatedAssets({ symbol: "BTCUSDT" })],
  ["margin.account.crossMaxBorrowableAmount", Account.crossMaxBorrowableAmount({ coin: "USDT" })],
  ["margin.account.isolatedMaxBorrowableAmount", Account.isolatedMaxBorrowableAmount({ symbol: "BTCUSDT" })],
  ["margin.account.crossMaxTransferOutAmount", Account.crossMaxTransferOutAmount({ coin: "USDT" })],
  ["margin.account.isolatedMaxTransferOutAmount", Account.isolatedMaxTransferOutAmount({ symbol: "BTCUSDT" })],
  ["margin.account.crossBorrow", Account.crossBorrow({ coin: "USDT", borrowAmount: "100", clientOid: "b-1" })],
  ["margin.account.isolatedBorrow", Account.isolatedBorrow({ symbol: "BTCUSDT", coin: "USDT", borrowAmount: "100" })],
  ["margin.account.crossRiskRate", Account.crossRiskRate()],
  ["margin.account.isolatedRiskRate", Account.isolatedRiskRate({ symbol: "BTCUSDT" })],
  ["margin.account.crossRepay", Account.crossRepay({ coin: "USDT", repayAmount: "10" })],
  ["margin.account.isolatedRepay", Account.isolatedRepay({ symbol: "BTCUSDT", coin: "USDT", repayAmount: "10" })],
  [
    "margin.trade.crossPlaceOrder",
    Trade.crossPlaceOrder({
      symbol: "BTCUSDT",
      side: "buy",
      orderType: "limit",
      force: "gtc",
      price: "1000",
      baseSize: "0.001",
      loanType: "normal",
      clientOid: "c-1"
    })
  ],
  [
    "margin.trade.isolatedPlaceOrder",
    Trade.isolatedPlaceOrder({
      symbol: "BTCUSDT",
      side: "buy",
      orderType: "market",
      force: "gtc",
      quoteSize: "50",
      loanType: "normal"
    })
  ],
  [
    "margin.trade.crossBatchPlaceOrder",
    Trade.crossBatchPlaceOrder({
      symbol: "BTCUSDT",
      orderList: [{
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "1000",
        baseSize: "0.001",
        loanType: "normal"
      }]
    })
  ],
  [
    "margin.trade.isolatedBatchPlaceOrder",
    Trade.isolatedBatchPlaceOrder({
      symbol: "BTCUSDT",
      orderList: [{
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "1000",
        baseSize: "0.001",
        loanType: "normal"
      }]
    })
  ],
  ["margin.trade.crossOpenOrders", Trade.crossOpenOrders({ symbol: "BTCUSDT", ...range })],
  ["margin.trade.isolatedOpenOrders", Trade.isolatedOpenOrders({ symbol: "BTCUSDT", ...range })],
  ["margin.trade.crossCancelOrder", Trade.crossCancelOrder({ symbol: "BTCUSDT", clientOid: "c-1" })],
  [
    "margin.trade.isolatedCancelOrder",
    Trade.isolatedCancelOrder({ symbol: "BTCUSDT", orderId: "1" }).pipe(
      Effect.catchTag("OrderNotFound", Effect.succeed)
    )
  ],
  [
    "margin.trade.crossBatchCancelOrder",
    Trade.crossBatchCancelOrder({
      symbol: "BTCUSDT",
      orderIdList: [{ orderId: "1" }]
    })
  ],
  [
    "margin.trade.isolatedBatchCancelOrder",
    Trade.isolatedBatchCancelOrder({
      symbol: "BTCUSDT",
      orderIdList: [{ clientOid: "none" }]
    })
  ],
  ["margin.trade.crossHistoryOrders", Trade.crossHistoryOrders({ symbol: "BTCUSDT", ...range })],
  ["margin.trade.isolatedHistoryOrders", Trade.isolatedHistoryOrders({ symbol: "BTCUSDT", ...range })],
  ["margin.trade.crossFills", Trade.crossFills({ symbol: "BTCUSDT", ...range })],
  ["margin.trade.isolatedFills", Trade.isolatedFills({ symbol: "BTCUSDT", ...range })],
  ["margin.account.crossFlashRepay", Account.crossFlashRepay({ coin: "USDT" })],
  ["margin.account.isolatedFlashRepay", Account.isolatedFlashRepay({ symbolList: ["BTCUSDT"] })],
  ["margin.account.crossFlashRepayStatus", Account.crossFlashRepayStatus({ idList: ["1"] })],
  ["margin.account.isolatedFlashRepayStatus", Account.isolatedFlashRepayStatus({ idList: ["1"] })],
  ["margin.records.crossBorrowHistory", Records.crossBorrowHistory({ coin: "USDT", ...range })],
  ["margin.records.isolatedBorrowHistory", Records.isolatedBorrowHistory({ symbol: "BTCUSDT", ...range })],
  ["margin.records.crossRepayHistory", Records.crossRepayHistory(range)],
  ["margin.records.isolatedRepayHistory", Records.isolatedRepayHistory({ symbol: "BTCUSDT", ...range })],
  ["margin.records.crossInterestHistory", Records.crossInterestHistory(range)],
  ["margin.records.isolatedInterestHistory", Records.isolatedInterestHistory({ symbol: "BTCUSDT", ...range })],
  ["margin.records.crossLiquidationHistory", Records.crossLiquidationHistory(range)],
  ["margin.records.crossLiquidationOrder", Records.crossLiquidationOrder({})],
  ["margin.records.isolatedLiquidationOrder", Records.isolatedLiquidationOrder({})],
  ["margin.records.isolatedLiquidationHistory", Records.isolatedLiquidationHistory({ symbol: "BTCUSDT", ...range })],
  ["margin.records.crossFinancialRecords", Records.crossFinancialRecords({ marginType: "borrow", ...range })],
  ["margin.records.isolatedFinancialRecords", Records.isolatedFinancialRecords({ symbol: "BTCUSDT", ...range })]
]

layer(Env, { excludeTestServices: true })("every margin endpoint", (it) => {
  it.effect("the table names every declaration once", () =>
    Effect.sync(() => {
      const declared = Margin.endpoints.map((e) => e.name).sort()
      expect(calls.map(([name]) => name).sort()).toEqual(declared)
      expect(declared.length).toBe(48)
      expect(new Set(Margin.endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(48)
      for (const e of Margin.endpoints) expect(e.path.startsWith("/api/v2/margin/cross/")).toBe(false)
    }))

  it.effect("funding the margin accounts", () => Effect.asVoid(fund))

  for (const [name, call] of calls) {
    it.effect(`${name} answers and decodes over loopback`, () =>
      Effect.gen(function*() {
        const answer = yield* call
        expect(answer).toBeDefined()
      }))
  }
})
