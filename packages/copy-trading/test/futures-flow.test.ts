import { FuturesFollower, FuturesTrader, type Schemas } from "@effect-bitget/copy-trading"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl, FollowerAccount } from "@effect-bitget/simulator/copy/CopyDomain"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

// The futures copy flow over loopback: the main account trades as an elite trader, seeded
// follower accounts copy it with their own keys and settings.

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const T = Simulator.UID
const P = "USDT-FUTURES" as const
const fmt = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? undefined : BigDecimal.format(value)
const as = (follower: FollowerAccount) => Effect.provide(Simulator.layerClient({ key: follower.key }))
const setup = Effect.gen(function*() {
  const copy = yield* Simulator.control<CopyControl>("copyTrading")
  const futures = yield* Simulator.control<FuturesControl>("futures")
  return { copy, futures }
})
const open = (size: string, side: "buy" | "sell" = "buy") =>
  Futures.Order.placeOrder({
    symbol: "BTCUSDT",
    productType: P,
    marginCoin: "USDT",
    marginMode: "crossed",
    size,
    side,
    orderType: "market"
  })
const follow = (follower: FollowerAccount, setting: Partial<Schemas.FuturesFollowSetting>) =>
  FuturesFollower.settings({
    traderId: T,
    settings: [{
      symbol: "BTCUSDT",
      productType: P,
      marginType: "trader",
      leverType: "trader",
      traceType: "percent",
      traceValue: "1",
      ...setting
    }]
  }).pipe(as(follower))

layer(Env, { excludeTestServices: true })("futures copy trading flow", (it) => {
  it.effect("trader opens, copies sized per follower, TP/SL reaches them, close settles profit shares", () =>
    Effect.gen(function*() {
      const { copy, futures } = yield* setup
      copy.makeTrader({ lines: ["futures"] })
      futures.setMarkPrice("BTCUSDT", "60000")
      const [alice, bob, carol] = copy.followers as [FollowerAccount, FollowerAccount, FollowerAccount]
      const dave = copy.addFollower("dave")
      futures.world.setBalance(dave.uid, "USDT", Decimal.unsafeMake("0"))
      yield* follow(alice, { traceType: "percent", traceValue: "2" })
      yield* follow(bob, { traceType: "amount", traceValue: "300", leverType: "specify", longLeverage: "10" })
      yield* follow(carol, { traceType: "count", traceValue: "0.003", maxHoldSize: "0.005" })
      yield* follow(dave, { traceType: "count", traceValue: "0.01" })

      yield* open("0.01")
      const [trackRow] = (yield* FuturesTrader.currentTrack({ productType: P })).trackingList
      expect(fmt(trackRow!.openSize)).toBe("0.01")
      expect(trackRow!.followCount).toBe(3)

      const copyOf = (f: FollowerAccount) => FuturesFollower.currentOrders({ productType: P }).pipe(as(f))
      const [a] = yield* copyOf(alice)
      const [b] = yield* copyOf(bob)
      const [c] = yield* copyOf(carol)
      // percent 2 → twice the trader's 0.01; 300 USDT margin at 10x and 60000 → 0.05; a fixed 0.003.
      expect([fmt(a!.openSize), fmt(b!.openSize), fmt(c!.openSize)]).toEqual(["0.02", "0.05", "0.003"])
      expect(fmt(b!.openLeverage)).toBe("10")
      expect(a!.traderId).toBe(T)
      expect(yield* copyOf(dave)).toEqual([])
      expect(copy.skips().map((s) => [s.followerUid, s.reason])).toEqual([[dave.uid, "insufficient balance"]])
      // The copy is a real position in the follower's own futures account.
      const [position] = yield* Futures.Position.singlePosition({
        symbol: "BTCUSDT",
        productType: P,
        marginCoin: "USDT"
      })
        .pipe(as(alice))
      expect(fmt(position!.total)).toBe("0.02")

      // A second opening: carol's cap (0.005) leaves room for 0.002 only.
      yield* open("0.01")
      const carolCopies = yield* copyOf(carol)
      expect(carolCopies.map((row) => fmt(row.openSize))).toEqual(["0.002", "0.003"])

      // The trader moves TP/SL on the first tracking order: its copies follow, the second's do not.
      yield* FuturesTrader.modifyTpsl({
        trackingNo: trackRow!.trackingNo,
        productType: P,
        stopSurplusPrice: "66000",
        stopLossPrice: "57000"
      })
      const afterTpsl = yield* copyOf(alice)
      const first = afterTpsl.find((row) => row.openOrderId === a!.openOrderId)!
      const second = afterTpsl.find((row) => row.openOrderId !== a!.openOrderId)!
      expect([fmt(first.presetStopSurplusPrice), fmt(first.presetStopLossPrice)]).toEqual(["66000", "57000"])
      expect(second.presetStopSurplusPrice).toBeUndefined()
      // "0" cancels the stop-loss (the copies' too) and leaves the take-profit.
      yield* FuturesTrader.modifyTpsl({ trackingNo: trackRow!.trackingNo, productType: P, stopLossPrice: "0" })
      const cancelled = (yield* copyOf(alice)).find((row) => row.openOrderId === a!.openOrderId)!
      expect([fmt(cancelled.presetStopSurplusPrice), cancelled.presetStopLossPrice]).toEqual(["66000", undefined])

      // The price rises 3000 and the trader closes the first tracking order.
      futures.setMarkPrice("BTCUSDT", "63000")
      const aliceBefore = futures.world.balance(alice.uid, "USDT")
      const traderBefore = futures.balance("USDT")
      yield* FuturesTrader.closePositions({ trackingNo: trackRow!.trackingNo, symbol: "BTCUSDT", productType: P })
      const stillOpen = (yield* FuturesTrader.currentTrack({ productType: P })).trackingList
      expect(stillOpen.map((row) => row.trackingNo)).not.toContain(trackRow!.trackingNo)
      expect(stillOpen).toHaveLength(1)
      expect((yield* copyOf(alice)).map((row) => row.openOrderId)).toEqual([second.openOrderId])
      expect(yield* copyOf(bob)).toHaveLength(1)

      const [closed] = (yield* FuturesTrader.historyTrack({ productType: P })).trackingList
      expect([fmt(closed!.achievedPL), closed!.stopType]).toEqual(["30", "trader"])
      const [aliceClosed] = (yield* FuturesFollower.historyOrders({ productType: P }).pipe(as(alice))).trackingList
      // 3000 × 0.02 = 60; fees 0.72 + 0.756; the trader keeps 10% of the 58.524 left: 5.8524.
      expect(fmt(aliceClosed!.achievedPL)).toBe("60")
      expect(fmt(aliceClosed!.netProfit)).toBe("52.6716")
      expect(aliceClosed!.traderId).toBe(T)
      expect(aliceClosed!.stopType).toBe("trader")

      // The shares: alice 5.8524, bob (0.05: 150 − 1.8 − 1.89) 14.631, carol (0.003) 0.87786.
      const shares = yield* FuturesTrader.profitHistoryDetails.items({ limit: 2 }).pipe(
        Stream.runCollect,
        Effect.map(Chunk.toReadonlyArray)
      )
      expect(shares.map((row) => fmt(row.profit)).sort()).toEqual(["0.87786", "14.631", "5.8524"])
      expect(new Set(shares.map((row) => row.profitId)).size).toBe(3)
      expect(shares.map((row) => row.nickName).sort()).toEqual(["alice", "bob", "carol"])
      const summary = yield* FuturesTrader.profitHistorySummary()
      expect(fmt(summary.profitSummary.sumProfit)).toBe("21.36126")
      expect(summary.profitHistoryList.map((row) => [row.coin, fmt(row.profitCount)])).toEqual([["USDT", "21.36126"]])
      // The share moved between the two accounts' balances (alice also got her margin and profit back).
      // alice got her 60 margin and 60 profit back, less the 0.756 close fee and the 5.8524 share.
      expect(fmt(BigDecimal.subtract(futures.world.balance(alice.uid, "USDT"), aliceBefore))).toBe("113.3916")
      const traderGain = BigDecimal.subtract(futures.balance("USDT"), traderBefore)
      // The trader's own close: 30 margin (20x) + 30 profit − 0.378 fee, plus 21.36126 in shares.
      expect(fmt(traderGain)).toBe("80.98326")
    }))

  it.effect("the price reaching TP/SL closes tracking orders: the trader's with its copies, a copy on its own", () =>
    Effect.gen(function*() {
      const { copy, futures } = yield* setup
      futures.setMarkPrice("BTCUSDT", "60000")
      const [alice, bob] = copy.followers as [FollowerAccount, FollowerAccount]
      yield* open("0.01")
      const track = (yield* FuturesTrader.currentTrack({ productType: P })).trackingList[0]!
      const aliceCopy = (yield* FuturesFollower.currentOrders({ productType: P }).pipe(as(alice)))
        .find((row) => row.openTime.epochMillis >= track.openTime.epochMillis)!
      yield* FuturesTrader.modifyTpsl({ trackingNo: track.trackingNo, productType: P, stopSurplusPrice: "64000" })
      // alice's own stop-loss on her copy: 59000.
      yield* FuturesFollower.settingTpsl({ trackingNo: aliceCopy.trackingNo, productType: P, stopLossPrice: "59000" })
        .pipe(as(alice))
      const isOpen = (f: FollowerAccount, trackingNo: string) =>
        FuturesFollower.currentOrders({ productType: P }).pipe(
          as(f),
          Effect.map((rows) => rows.some((row) => row.trackingNo === trackingNo))
        )
      futures.setMarkPrice("BTCUSDT", "59001")
      expect(yield* isOpen(alice, aliceCopy.trackingNo)).toBe(true)
      futures.setMarkPrice("BTCUSDT", "59000")
      expect(yield* isOpen(alice, aliceCopy.trackingNo)).toBe(false)
      const [aliceClosed] = (yield* FuturesFollower.historyOrders({ productType: P }).pipe(as(alice))).trackingList
      expect([aliceClosed!.trackingNo, aliceClosed!.stopType]).toEqual([aliceCopy.trackingNo, "loss"])
      // The trader's tracking order is still open; at 64000 its take-profit closes it and bob's copy.
      const bobCopies = (yield* FuturesFollower.currentOrders({ productType: P }).pipe(as(bob)))
        .filter((row) => row.openTime.epochMillis >= track.openTime.epochMillis)
      expect(bobCopies).toHaveLength(1)
      futures.setMarkPrice("BTCUSDT", "63999")
      expect((yield* FuturesTrader.currentTrack({ productType: P })).trackingList.map((r) => r.trackingNo))
        .toContain(track.trackingNo)
      futures.setMarkPrice("BTCUSDT", "64000")
      expect((yield* FuturesTrader.currentTrack({ productType: P })).trackingList.map((r) => r.trackingNo))
        .not.toContain(track.trackingNo)
      const [traderClosed] = (yield* FuturesTrader.historyTrack({ productType: P })).trackingList
      expect([traderClosed!.trackingNo, traderClosed!.stopType]).toEqual([track.trackingNo, "profit"])
      expect(yield* isOpen(bob, bobCopies[0]!.trackingNo)).toBe(false)
      const [bobClosed] = (yield* FuturesFollower.historyOrders({ productType: P }).pipe(as(bob))).trackingList
      expect([bobClosed!.trackingNo, bobClosed!.stopType]).toEqual([bobCopies[0]!.trackingNo, "profit"])
    }))
})
