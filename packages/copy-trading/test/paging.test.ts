import { FuturesBroker, FuturesFollower, FuturesTrader, SpotFollower, SpotTrader } from "@effect-bitget/copy-trading"
import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl, FollowerAccount } from "@effect-bitget/simulator/copy/CopyDomain"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

// Every copy trading list streamed with small pages: each row exactly once, newest first, the
// same rows the simulated world holds (no duplicates, no gaps).

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const T = Simulator.UID
const P = "USDT-FUTURES" as const
const as = (account: FollowerAccount) => Effect.provide(Simulator.layerClient({ key: account.key }))
const collect = <A, E, R>(stream: Stream.Stream<A, E, R>) =>
  Stream.runCollect(stream).pipe(Effect.map(Chunk.toReadonlyArray))
const descending = (ids: ReadonlyArray<string>) => [...ids].sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1))

/** The streamed ids: none twice, newest first, exactly `expected`. */
const sameIds = (streamed: ReadonlyArray<string>, expected: ReadonlyArray<string>) => {
  expect(new Set(streamed).size).toBe(streamed.length)
  expect(streamed).toEqual(descending(streamed))
  expect(streamed).toEqual(descending(expected))
}

const futuresFollow = {
  symbol: "BTCUSDT",
  productType: P,
  marginType: "trader",
  leverType: "trader",
  traceType: "count",
  traceValue: "0.001"
} as const
const spotFollow = { symbol: "BTCUSDT", traceType: "count", maxHoldSize: "100", traceValue: "0.001" } as const

/** Five followers on both lines of two traders; five openings each, three closed at a profit. */
const world = Effect.gen(function*() {
  const copy = yield* Simulator.control<CopyControl>("copyTrading")
  const futures = yield* Simulator.control<FuturesControl>("futures")
  const spot = yield* Simulator.control<SpotControl>("spot")
  const second = copy.addFollower("second-trader")
  copy.makeTrader()
  copy.makeTrader({ uid: second.uid })
  copy.makeBroker(T, [T, second.uid])
  const followers = [...copy.followers, copy.addFollower("dave"), copy.addFollower("erin")]
  for (const f of followers) {
    yield* FuturesFollower.settings({ traderId: T, settings: [futuresFollow] }).pipe(as(f))
    yield* SpotFollower.settings({ traderId: T, settings: [spotFollow] }).pipe(as(f))
  }
  const alice = followers[0]!
  yield* FuturesFollower.settings({ traderId: second.uid, settings: [futuresFollow] }).pipe(as(alice))
  yield* SpotFollower.settings({ traderId: second.uid, settings: [spotFollow] }).pipe(as(alice))

  futures.setMarkPrice("BTCUSDT", "60000")
  spot.setPrice("BTCUSDT", "60000")
  for (let i = 0; i < 5; i++) {
    yield* Futures.Order.placeOrder({
      symbol: "BTCUSDT",
      productType: P,
      marginCoin: "USDT",
      marginMode: "crossed",
      size: "0.01",
      side: "buy",
      orderType: "market"
    })
    yield* Spot.Trade.placeOrder({ symbol: "BTCUSDT", side: "buy", orderType: "market", force: "gtc", size: "600" })
  }
  futures.setMarkPrice("BTCUSDT", "66000")
  spot.setPrice("BTCUSDT", "66000")
  const open = (yield* FuturesTrader.currentTrack({ productType: P })).trackingList
  for (const track of open.slice(0, 3)) {
    yield* FuturesTrader.closePositions({ trackingNo: track.trackingNo, symbol: "BTCUSDT", productType: P })
  }
  const spotOpen = (yield* SpotTrader.currentTrack()).trackingList
  yield* SpotTrader.closeTracking({ symbol: "BTCUSDT", trackingNoList: spotOpen.slice(0, 3).map((t) => t.trackingNo) })
  return { copy, followers, alice, second }
})

/** The world is built once and shared by both tests. */
const once = Effect.runSync(Effect.cached(world))

layer(Env, { excludeTestServices: true })("copy trading lists across pages", (it) => {
  it.effect("futures trader, follower and broker lists", () =>
    Effect.gen(function*() {
      const { alice, copy, followers, second } = yield* once
      const state = copy.state
      const tracks = (filter: (t: (typeof state.tracks)[number]) => boolean) =>
        state.tracks.filter((t) => t.line === "futures" && filter(t)).map((t) => t.trackingNo)

      const current = yield* collect(FuturesTrader.currentTrack.items({ productType: P, limit: 1 }))
      sameIds(current.map((r) => r.trackingNo), tracks((t) => t.ownerUid === T && !t.closing))
      expect(current).toHaveLength(2)
      const history = yield* collect(FuturesTrader.historyTrack.items({ productType: P, limit: 2 }))
      sameIds(history.map((r) => r.trackingNo), tracks((t) => t.ownerUid === T && !!t.closing))
      expect(history).toHaveLength(3)
      const shares = yield* collect(FuturesTrader.profitHistoryDetails.items({ limit: 4 }))
      sameIds(
        shares.map((r) => r.profitId),
        state.profits.filter((p) => p.line === "futures" && p.traderUid === T).map((p) => p.profitId)
      )
      expect(shares).toHaveLength(15)
      const pending = yield* collect(FuturesTrader.profitDetails.items({ pageSize: 2 }))
      expect(pending.map((r) => r.nickName).sort()).toEqual(["alice", "bob", "carol", "dave", "erin"])
      const grouped = yield* collect(FuturesTrader.profitsGroupCoinDate.items({ pageSize: 1 }))
      expect(grouped.map((r) => r.coin)).toEqual(["USDT"])
      const myFollowers = yield* collect(FuturesTrader.queryFollowers.items({ pageSize: 2 }))
      expect(myFollowers.map((r) => r.followerUid)).toEqual(followers.map((f) => f.uid))

      const copies = yield* collect(FuturesFollower.currentOrders.items({ productType: P, limit: 1 })).pipe(as(alice))
      sameIds(copies.map((r) => r.trackingNo), tracks((t) => t.ownerUid === alice.uid && !t.closing))
      expect(copies).toHaveLength(2)
      const closedCopies = yield* collect(FuturesFollower.historyOrders.items({ productType: P, limit: 2 })).pipe(
        as(alice)
      )
      sameIds(closedCopies.map((r) => r.trackingNo), tracks((t) => t.ownerUid === alice.uid && !!t.closing))
      expect(closedCopies).toHaveLength(3)
      const myTraders = yield* collect(FuturesFollower.queryTraders.items({ pageSize: 1 })).pipe(as(alice))
      expect(myTraders.map((r) => r.traderId)).toEqual([T, second.uid])

      const brokerTraders = yield* collect(FuturesBroker.queryTraders.items({ pageSize: 1 }))
      expect(brokerTraders.map((r) => r.traderId)).toEqual([T, second.uid])
      const traces = yield* collect(FuturesBroker.currentTraces.items({ traderId: T, productType: P, limit: 1 }))
      sameIds(traces.map((r) => r.trackingNo), current.map((r) => r.trackingNo))
      const closedTraces = yield* collect(FuturesBroker.historyTraces.items({ traderId: T, productType: P, limit: 2 }))
      sameIds(closedTraces.map((r) => r.trackingNo), history.map((r) => r.trackingNo))
    }))

  it.effect("spot trader and follower lists", () =>
    Effect.gen(function*() {
      const { alice, copy, followers, second } = yield* once
      const state = copy.state
      const tracks = (filter: (t: (typeof state.tracks)[number]) => boolean) =>
        state.tracks.filter((t) => t.line === "spot" && filter(t)).map((t) => t.trackingNo)

      const current = yield* collect(SpotTrader.currentTrack.items({ limit: 1 }))
      sameIds(current.map((r) => r.trackingNo), tracks((t) => t.ownerUid === T && !t.closing))
      const history = yield* collect(SpotTrader.historyTrack.items({ limit: 2 }))
      sameIds(history.map((r) => r.trackingNo), tracks((t) => t.ownerUid === T && !!t.closing))
      expect([current.length, history.length]).toEqual([2, 3])
      const shares = yield* collect(SpotTrader.profitHistoryDetails.items({ limit: 4 }))
      sameIds(
        shares.map((r) => r.profitId),
        state.profits.filter((p) => p.line === "spot" && p.traderUid === T).map((p) => p.profitId)
      )
      expect(shares).toHaveLength(15)
      expect(shares.every((r) => r.distributeRatio !== undefined)).toBe(true)
      const pending = yield* collect(SpotTrader.profitDetails.items({ pageSize: 3 }))
      // One pending share per open copy: five followers, two open copies each.
      expect(pending).toHaveLength(10)
      const myFollowers = yield* collect(SpotTrader.queryFollowers.items({ pageSize: 2 }))
      expect(myFollowers.map((r) => r.followerUid)).toEqual(followers.map((f) => f.uid))

      const copies = yield* collect(SpotFollower.currentOrders.items({ limit: 1 })).pipe(as(alice))
      sameIds(copies.map((r) => r.trackingNo), tracks((t) => t.ownerUid === alice.uid && !t.closing))
      const myTraders = yield* collect(SpotFollower.queryTraders.items({ pageSize: 1 })).pipe(as(alice))
      expect(myTraders.map((r) => r.traderId)).toEqual([T, second.uid])
    }))
})
