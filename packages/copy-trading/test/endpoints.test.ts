import * as CopyTrading from "@effect-bitget/copy-trading"
import { FuturesBroker, FuturesFollower, FuturesTrader, SpotFollower, SpotTrader } from "@effect-bitget/copy-trading"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl, FollowerAccount } from "@effect-bitget/simulator/copy/CopyDomain"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const day = 86_400_000
const now = Date.now()
const range = { startTime: Timestamp.fromMillis(now - day), endTime: Timestamp.fromMillis(now) }
const T = Simulator.UID
const P = "USDT-FUTURES" as const

const copy = Simulator.control<CopyControl>("copyTrading")
const as = (follower: FollowerAccount) => Effect.provide(Simulator.layerClient({ key: follower.key }))

/** The main account trades; alice copies it on both lines (the calls below need a world with copies). */
const build = Effect.gen(function*() {
  const control = yield* copy
  control.makeTrader()
  control.makeBroker(T, [T])
  const [alice] = control.followers
  yield* FuturesFollower.settings({
    traderId: T,
    settings: [{ ...futuresFollow, symbol: "BTCUSDT" }, { ...futuresFollow, symbol: "ETHUSDT" }]
  }).pipe(as(alice!))
  yield* SpotFollower.settings({
    traderId: T,
    settings: [{ symbol: "BTCUSDT", traceType: "amount", maxHoldSize: "10", traceValue: "100" }]
  }).pipe(as(alice!))
  return { control, alice: alice!, bob: control.followers[1]!, carol: control.followers[2]! }
})

/**
 * The world, built once per simulator (each test has its own): built again, its follow settings
 * would be sent again within the second, and the exchange's limit on them answers 429.
 */
const worlds = new WeakMap<object, Effect.Effect.Success<typeof build>>()
const world = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const known = worlds.get(simulator)
  if (known !== undefined) return known
  const made = yield* build
  worlds.set(simulator, made)
  return made
})

const futuresFollow = {
  symbol: "BTCUSDT",
  productType: P,
  marginType: "trader",
  leverType: "trader",
  traceType: "percent",
  traceValue: "1"
} as const

/** The trader opens a futures position; its tracking number. */
const openFutures = Effect.gen(function*() {
  yield* Futures.Order.placeOrder({
    symbol: "BTCUSDT",
    productType: P,
    marginCoin: "USDT",
    marginMode: "crossed",
    size: "0.01",
    side: "buy",
    orderType: "market"
  })
  const { trackingList } = yield* FuturesTrader.currentTrack({ productType: P })
  return trackingList[0]!.trackingNo
})

/** The trader buys BTC in spot; its tracking number. */
const buySpot = Effect.gen(function*() {
  yield* Spot.Trade.placeOrder({ symbol: "BTCUSDT", side: "buy", orderType: "market", force: "gtc", size: "600" })
  const { trackingList } = yield* SpotTrader.currentTrack({ symbol: "BTCUSDT" })
  return trackingList[0]!.trackingNo
})

/** One call of every copy trading endpoint, by declaration name, each answered and decoded. */
const calls: Record<string, Effect.Effect<unknown, unknown, any>> = {
  "copyTrading.futuresTrader.closePositions": Effect.flatMap(
    openFutures,
    (trackingNo) => FuturesTrader.closePositions({ trackingNo, symbol: "BTCUSDT", productType: P })
  ),
  "copyTrading.futuresTrader.currentTrack": FuturesTrader.currentTrack({ productType: P, ...range }),
  "copyTrading.futuresTrader.historyTrack": FuturesTrader.historyTrack({ productType: P, order: "desc" }),
  "copyTrading.futuresTrader.modifyTpsl": Effect.flatMap(
    openFutures,
    (trackingNo) => FuturesTrader.modifyTpsl({ trackingNo, productType: P, stopSurplusPrice: "99000" })
  ),
  "copyTrading.futuresTrader.totalDetail": FuturesTrader.totalDetail(),
  "copyTrading.futuresTrader.profitHistorySummary": FuturesTrader.profitHistorySummary(),
  "copyTrading.futuresTrader.profitHistoryDetails": FuturesTrader.profitHistoryDetails({ coin: "USDT" }),
  "copyTrading.futuresTrader.profitDetails": FuturesTrader.profitDetails({ pageNo: 1, pageSize: 20 }),
  "copyTrading.futuresTrader.profitsGroupCoinDate": FuturesTrader.profitsGroupCoinDate(),
  "copyTrading.futuresTrader.querySymbols": FuturesTrader.querySymbols({ productType: P }),
  "copyTrading.futuresTrader.settingSymbols": FuturesTrader.settingSymbols({
    settingList: [{ symbol: "BTCUSDT", productType: P, settingType: "UPDATE", stopSurplusRatio: "100" }]
  }),
  "copyTrading.futuresTrader.settingsBase": FuturesTrader.settingsBase({ showTpsl: true }),
  "copyTrading.futuresTrader.queryFollowers": FuturesTrader.queryFollowers({ pageSize: 10 }),
  "copyTrading.futuresTrader.removeFollower": Effect.gen(function*() {
    const { bob } = yield* world
    yield* FuturesFollower.settings({ traderId: T, settings: [futuresFollow] }).pipe(as(bob))
    return yield* FuturesTrader.removeFollower({ followerUid: bob.uid })
  }),
  "copyTrading.futuresFollower.closePositions": Effect.gen(function*() {
    const { alice } = yield* world
    yield* openFutures
    return yield* FuturesFollower.closePositions({ productType: P, symbol: "BTCUSDT" }).pipe(as(alice))
  }),
  "copyTrading.futuresFollower.currentOrders": Effect.flatMap(
    world,
    ({ alice }) => FuturesFollower.currentOrders({ productType: P }).pipe(as(alice))
  ),
  "copyTrading.futuresFollower.historyOrders": Effect.flatMap(
    world,
    ({ alice }) => FuturesFollower.historyOrders({ productType: P, traderId: T }).pipe(as(alice))
  ),
  "copyTrading.futuresFollower.settingTpsl": Effect.gen(function*() {
    const { alice } = yield* world
    yield* openFutures
    const [mine] = yield* FuturesFollower.currentOrders({ productType: P }).pipe(as(alice))
    return yield* FuturesFollower.settingTpsl({ trackingNo: mine!.trackingNo, productType: P, stopLossPrice: "50000" })
      .pipe(as(alice))
  }),
  "copyTrading.futuresFollower.querySettings": Effect.flatMap(
    world,
    ({ alice }) => FuturesFollower.querySettings({ traderId: T }).pipe(as(alice))
  ),
  "copyTrading.futuresFollower.quantityLimit": FuturesFollower.quantityLimit({ symbol: "BTCUSDT", productType: P }),
  "copyTrading.futuresFollower.settings": Effect.flatMap(
    world,
    ({ carol }) => FuturesFollower.settings({ traderId: T, settings: [futuresFollow] }).pipe(as(carol))
  ),
  "copyTrading.futuresFollower.cancelTrader": Effect.gen(function*() {
    const { carol } = yield* world
    yield* FuturesFollower.settings({ traderId: T, settings: [futuresFollow] }).pipe(as(carol))
    return yield* FuturesFollower.cancelTrader({ traderId: T }).pipe(as(carol))
  }),
  "copyTrading.futuresFollower.queryTraders": Effect.flatMap(
    world,
    ({ alice }) => FuturesFollower.queryTraders({ pageNo: 1 }).pipe(as(alice))
  ),
  "copyTrading.futuresBroker.queryTraders": Effect.zipRight(world, FuturesBroker.queryTraders({ sortFlag: "desc" })),
  "copyTrading.futuresBroker.historyTraces": Effect.zipRight(
    world,
    FuturesBroker.historyTraces({ traderId: T, productType: P })
  ),
  "copyTrading.futuresBroker.currentTraces": Effect.zipRight(
    world,
    FuturesBroker.currentTraces({ traderId: T, productType: P })
  ),
  "copyTrading.spotTrader.profitSummary": SpotTrader.profitSummary(),
  "copyTrading.spotTrader.profitHistoryDetails": SpotTrader.profitHistoryDetails(range),
  "copyTrading.spotTrader.profitDetails": SpotTrader.profitDetails(),
  "copyTrading.spotTrader.currentTrack": SpotTrader.currentTrack({ symbol: "BTCUSDT" }),
  "copyTrading.spotTrader.historyTrack": SpotTrader.historyTrack(),
  "copyTrading.spotTrader.modifyTpsl": Effect.flatMap(
    buySpot,
    (trackingNo) => SpotTrader.modifyTpsl({ trackingNo, stopLossPrice: "50000" })
  ),
  "copyTrading.spotTrader.closeTracking": Effect.flatMap(
    buySpot,
    (trackingNo) => SpotTrader.closeTracking({ symbol: "BTCUSDT", trackingNoList: [trackingNo] })
  ),
  "copyTrading.spotTrader.totalDetail": SpotTrader.totalDetail(),
  "copyTrading.spotTrader.querySettings": SpotTrader.querySettings(),
  "copyTrading.spotTrader.queryFollowers": SpotTrader.queryFollowers(),
  "copyTrading.spotTrader.settingSymbols": SpotTrader.settingSymbols({ symbolList: ["SOLUSDT"], settingType: "add" }),
  "copyTrading.spotTrader.removeFollower": Effect.gen(function*() {
    const { bob } = yield* world
    yield* SpotFollower.settings({
      traderId: T,
      settings: [{ symbol: "BTCUSDT", traceType: "count", maxHoldSize: "1", traceValue: "0.001" }]
    }).pipe(as(bob))
    return yield* SpotTrader.removeFollower({ followerUid: bob.uid })
  }),
  "copyTrading.spotFollower.currentOrders": Effect.flatMap(
    world,
    ({ alice }) => SpotFollower.currentOrders().pipe(as(alice))
  ),
  // Answered with generated data (no state of its own in the simulator).
  "copyTrading.spotFollower.historyOrders": Effect.flatMap(
    world,
    ({ alice }) => SpotFollower.historyOrders().pipe(as(alice))
  ),
  "copyTrading.spotFollower.settingTpsl": Effect.gen(function*() {
    const { alice } = yield* world
    yield* buySpot
    const { trackingList } = yield* SpotFollower.currentOrders().pipe(as(alice))
    return yield* SpotFollower.settingTpsl({ trackingNo: trackingList[0]!.trackingNo, stopSurplusPrice: "70000" })
      .pipe(as(alice))
  }),
  "copyTrading.spotFollower.closeTracking": Effect.gen(function*() {
    const { alice } = yield* world
    yield* buySpot
    const { trackingList } = yield* SpotFollower.currentOrders().pipe(as(alice))
    return yield* SpotFollower.closeTracking({ symbol: "BTCUSDT", trackingNoList: [trackingList[0]!.trackingNo] })
      .pipe(as(alice))
  }),
  "copyTrading.spotFollower.querySettings": Effect.flatMap(
    world,
    ({ alice }) => SpotFollower.querySettings({ traderId: T }).pipe(as(alice))
  ),
  "copyTrading.spotFollower.queryTraders": Effect.flatMap(
    world,
    ({ alice }) => SpotFollower.queryTraders().pipe(as(alice))
  ),
  "copyTrading.spotFollower.settings": Effect.flatMap(world, ({ carol }) =>
    SpotFollower.settings({
      traderId: T,
      settings: [{ symbol: "BTCUSDT", traceType: "amount", maxHoldSize: "1000", traceValue: "100" }]
    }).pipe(as(carol))),
  "copyTrading.spotFollower.cancelTrader": Effect.gen(function*() {
    const { carol } = yield* world
    yield* SpotFollower.settings({
      traderId: T,
      settings: [{ symbol: "ETHUSDT", traceType: "percent", maxHoldSize: "10", traceValue: "1" }]
    }).pipe(as(carol))
    return yield* SpotFollower.cancelTrader({ traderId: T }).pipe(as(carol))
  }),
  "copyTrading.spotFollower.stopOrder": Effect.gen(function*() {
    const { alice } = yield* world
    yield* buySpot
    const { trackingList } = yield* SpotFollower.currentOrders().pipe(as(alice))
    return yield* SpotFollower.stopOrder({ trackingNoList: [trackingList[0]!.trackingNo] }).pipe(as(alice))
  }),
  "copyTrading.spotFollower.traderSymbols": Effect.zipRight(world, SpotFollower.traderSymbols({ traderId: T }))
}

// One simulator per test: a fresh world and a fresh client (its limiter's buckets empty), so no
// test waits out the rate-limit windows an earlier one filled.
describe("every copy trading endpoint", () => {
  it.live("the table names every declaration once; 48 lines, each path once", () =>
    Effect.sync(() => {
      const declared = CopyTrading.endpoints.map((e) => e.name).sort()
      expect(Object.keys(calls).sort()).toEqual(declared)
      expect(declared.length).toBe(48)
      expect(new Set(CopyTrading.endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(48)
      for (const endpoint of CopyTrading.endpoints) expect(endpoint.path.startsWith("/api/v2/copy/")).toBe(true)
    }))

  for (const [name, call] of Object.entries(calls)) {
    it.live(`${name} answers and decodes over loopback`, () =>
      Effect.gen(function*() {
        yield* world
        const answer = yield* (call as Effect.Effect<unknown, unknown, Effect.Effect.Context<typeof world>>)
        expect(answer).toBeDefined()
      }).pipe(Effect.provide(Env), Effect.scoped))
  }
})
