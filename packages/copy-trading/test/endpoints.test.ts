import * as CopyTrading from "@effect-bitget/copy-trading"
import { FuturesBroker, FuturesFollower, FuturesTrader, SpotFollower, SpotTrader } from "@effect-bitget/copy-trading"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const day = 86_400_000
const now = Date.now()
const range = { startTime: Timestamp.fromMillis(now - day), endTime: Timestamp.fromMillis(now) }
const T = Simulator.UID
const P = "USDT-FUTURES" as const

/** One call of every copy trading endpoint, by declaration name, each answered and decoded. */
const calls: Record<string, Effect.Effect<unknown, unknown, any>> = {
  "copyTrading.futuresTrader.closePositions": FuturesTrader.closePositions({
    trackingNo: "1",
    symbol: "BTCUSDT",
    productType: P
  }),
  "copyTrading.futuresTrader.currentTrack": FuturesTrader.currentTrack({ productType: P, ...range }),
  "copyTrading.futuresTrader.historyTrack": FuturesTrader.historyTrack({ productType: P, order: "desc" }),
  "copyTrading.futuresTrader.modifyTpsl": FuturesTrader.modifyTpsl({
    trackingNo: "1",
    productType: P,
    stopSurplusPrice: "99000"
  }),
  "copyTrading.futuresTrader.totalDetail": FuturesTrader.totalDetail(),
  "copyTrading.futuresTrader.profitHistorySummary": FuturesTrader.profitHistorySummary(),
  "copyTrading.futuresTrader.profitHistoryDetails": FuturesTrader.profitHistoryDetails({ coin: "USDT" }),
  "copyTrading.futuresTrader.profitDetails": FuturesTrader.profitDetails({ pageNo: 1, pageSize: 20 }),
  "copyTrading.futuresTrader.profitsGroupCoinDate": FuturesTrader.profitsGroupCoinDate(),
  "copyTrading.futuresTrader.querySymbols": FuturesTrader.querySymbols({ productType: P }),
  "copyTrading.futuresTrader.settingSymbols": FuturesTrader.settingSymbols({
    settingList: [{ symbol: "BTCUSDT", productType: P, settingType: "ADD", stopSurplusRatio: "100" }]
  }),
  "copyTrading.futuresTrader.settingsBase": FuturesTrader.settingsBase({ enable: true }),
  "copyTrading.futuresTrader.queryFollowers": FuturesTrader.queryFollowers({ pageSize: 10 }),
  "copyTrading.futuresTrader.removeFollower": FuturesTrader.removeFollower({ followerUid: "3000000001" }),
  "copyTrading.futuresFollower.closePositions": FuturesFollower.closePositions({ productType: P, symbol: "BTCUSDT" }),
  "copyTrading.futuresFollower.currentOrders": FuturesFollower.currentOrders({ productType: P }),
  "copyTrading.futuresFollower.historyOrders": FuturesFollower.historyOrders({ productType: P, traderId: T }),
  "copyTrading.futuresFollower.settingTpsl": FuturesFollower.settingTpsl({
    trackingNo: "1",
    productType: P,
    stopLossPrice: "50000"
  }),
  "copyTrading.futuresFollower.querySettings": FuturesFollower.querySettings({ traderId: T }),
  "copyTrading.futuresFollower.quantityLimit": FuturesFollower.quantityLimit({ symbol: "BTCUSDT", productType: P }),
  "copyTrading.futuresFollower.settings": FuturesFollower.settings({
    traderId: T,
    settings: [{
      symbol: "BTCUSDT",
      productType: P,
      marginType: "trader",
      leverType: "trader",
      traceType: "percent",
      traceValue: "1"
    }]
  }),
  "copyTrading.futuresFollower.cancelTrader": FuturesFollower.cancelTrader({ traderId: T }),
  "copyTrading.futuresFollower.queryTraders": FuturesFollower.queryTraders({ pageNo: 1 }),
  "copyTrading.futuresBroker.queryTraders": FuturesBroker.queryTraders({ sortFlag: "desc" }),
  "copyTrading.futuresBroker.historyTraces": FuturesBroker.historyTraces({ traderId: T, productType: P }),
  "copyTrading.futuresBroker.currentTraces": FuturesBroker.currentTraces({ traderId: T, productType: P }),
  "copyTrading.spotTrader.profitSummary": SpotTrader.profitSummary(),
  "copyTrading.spotTrader.profitHistoryDetails": SpotTrader.profitHistoryDetails(range),
  "copyTrading.spotTrader.profitDetails": SpotTrader.profitDetails(),
  "copyTrading.spotTrader.currentTrack": SpotTrader.currentTrack({ symbol: "BTCUSDT" }),
  "copyTrading.spotTrader.historyTrack": SpotTrader.historyTrack(),
  "copyTrading.spotTrader.modifyTpsl": SpotTrader.modifyTpsl({ trackingNo: "1", stopLossPrice: "1" }),
  "copyTrading.spotTrader.closeTracking": SpotTrader.closeTracking({ symbol: "BTCUSDT", trackingNoList: ["1"] }),
  "copyTrading.spotTrader.totalDetail": SpotTrader.totalDetail(),
  "copyTrading.spotTrader.querySettings": SpotTrader.querySettings(),
  "copyTrading.spotTrader.queryFollowers": SpotTrader.queryFollowers(),
  "copyTrading.spotTrader.settingSymbols": SpotTrader.settingSymbols({ symbolList: ["BTCUSDT"], settingType: "add" }),
  "copyTrading.spotTrader.removeFollower": SpotTrader.removeFollower({ followerUid: "3000000001" }),
  "copyTrading.spotFollower.currentOrders": SpotFollower.currentOrders(),
  "copyTrading.spotFollower.settingTpsl": SpotFollower.settingTpsl({ trackingNo: "1", stopSurplusPrice: "2" }),
  "copyTrading.spotFollower.closeTracking": SpotFollower.closeTracking({ symbol: "BTCUSDT", trackingNoList: ["1"] }),
  "copyTrading.spotFollower.querySettings": SpotFollower.querySettings({ traderId: T }),
  "copyTrading.spotFollower.queryTraders": SpotFollower.queryTraders(),
  "copyTrading.spotFollower.settings": SpotFollower.settings({
    traderId: T,
    settings: [{ symbol: "BTCUSDT", traceType: "amount", maxHoldSize: "1000", traceValue: "100" }]
  }),
  "copyTrading.spotFollower.cancelTrader": SpotFollower.cancelTrader({ traderId: T }),
  "copyTrading.spotFollower.stopOrder": SpotFollower.stopOrder({ trackingNoList: ["1"] }),
  "copyTrading.spotFollower.traderSymbols": SpotFollower.traderSymbols({ traderId: T })
}

layer(Env, { excludeTestServices: true })("every copy trading endpoint", (it) => {
  it.effect("the table names every declaration once; 47 lines, each path once", () =>
    Effect.sync(() => {
      const declared = CopyTrading.endpoints.map((e) => e.name).sort()
      expect(Object.keys(calls).sort()).toEqual(declared)
      expect(declared.length).toBe(47)
      expect(new Set(CopyTrading.endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(47)
      for (const endpoint of CopyTrading.endpoints) expect(endpoint.path.startsWith("/api/v2/copy/")).toBe(true)
    }))

  for (const [name, call] of Object.entries(calls)) {
    it.effect(`${name} answers and decodes over loopback`, () =>
      Effect.gen(function*() {
        const answer = yield* call
        expect(answer).toBeDefined()
      }))
  }
})
