import { SpotFollower, SpotTrader } from "@effect-bitget/copy-trading"
import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl, FollowerAccount } from "@effect-bitget/simulator/copy/CopyDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

// The spot copy flow: the trader's buys are copied by followers with their own keys, the trader's
// sale sells the copies and pays the trader its share; a follower may detach a copy first.

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const T = Simulator.UID
const fmt = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? undefined : BigDecimal.format(value)
const as = (follower: FollowerAccount) => Effect.provide(Simulator.layerClient({ key: follower.key }))
const buy = (usdt: string) =>
  Spot.Trade.placeOrder({ symbol: "BTCUSDT", side: "buy", orderType: "market", force: "gtc", size: usdt })

layer(Env, { excludeTestServices: true })("spot copy trading flow", (it) => {
  it.effect("buy copied per follower, TP/SL reaches copies, the trader's sale sells them and pays shares", () =>
    Effect.gen(function*() {
      const copy = yield* Simulator.control<CopyControl>("copyTrading")
      const spot = yield* Simulator.control<SpotControl>("spot")
      copy.makeTrader({ lines: ["spot"], spotSymbols: ["BTCUSDT"] })
      spot.setPrice("BTCUSDT", "60000")
      const [alice, bob, carol] = copy.followers as [FollowerAccount, FollowerAccount, FollowerAccount]
      const usdt = (uid: string) => spot.world.balance(uid, "USDT").available
      // carol has no USDT at all.
      spot.credit("USDT", BigDecimal.negate(usdt(carol.uid)), { uid: carol.uid })
      const follow = (f: FollowerAccount, traceType: "percent" | "amount" | "count", traceValue: string) =>
        SpotFollower.settings({
          traderId: T,
          settings: [{ symbol: "BTCUSDT", traceType, traceValue, maxHoldSize: "1" }]
        })
          .pipe(as(f))
      yield* follow(alice, "count", "0.002")
      yield* follow(bob, "amount", "120")
      yield* follow(carol, "count", "0.001")

      yield* buy("600")
      const [trackRow] = (yield* SpotTrader.currentTrack()).trackingList
      // 600 USDT at 60000 is 0.01 BTC, less the 0.1% fee taken in BTC.
      expect([fmt(trackRow!.buyFillSize), fmt(trackRow!.buyPrice), trackRow!.followCount]).toEqual([
        "0.00999",
        "60000",
        2
      ])
      const copyOf = (f: FollowerAccount) =>
        SpotFollower.currentOrders().pipe(as(f), Effect.map((data) => data.trackingList))
      const [a] = yield* copyOf(alice)
      const [b] = yield* copyOf(bob)
      // A fixed 0.002 BTC, and 120 USDT worth (0.002), each less the 0.1% fee.
      expect([fmt(a!.buyFillSize), fmt(b!.buyFillSize)]).toEqual(["0.001998", "0.001998"])
      expect(a!.traderId).toBe(T)
      expect(yield* copyOf(carol)).toEqual([])
      expect(copy.skips().map((s) => [s.line, s.followerUid, s.reason])).toEqual([[
        "spot",
        carol.uid,
        "insufficient balance"
      ]])

      yield* SpotTrader.modifyTpsl({
        trackingNo: trackRow!.trackingNo,
        stopSurplusPrice: "70000",
        stopLossPrice: "55000"
      })
      const [moved] = yield* copyOf(alice)
      expect([fmt(moved!.stopSurplusPrice), fmt(moved!.stopLossPrice)]).toEqual(["70000", "55000"])
      // bob detaches his copy: the trader's sale will not sell it.
      yield* SpotFollower.stopOrder({ trackingNoList: [b!.trackingNo] }).pipe(as(bob))

      spot.setPrice("BTCUSDT", "66000")
      const traderBefore = usdt(T)
      const aliceBefore = usdt(alice.uid)
      yield* SpotTrader.closeTracking({ symbol: "BTCUSDT", trackingNoList: [trackRow!.trackingNo] })
      expect((yield* SpotTrader.currentTrack()).trackingList).toEqual([])
      expect(yield* copyOf(alice)).toEqual([])
      const [sold] = (yield* SpotTrader.historyTrack()).trackingList
      expect([fmt(sold!.sellPrice), fmt(sold!.achievedPL)]).toEqual(["66000", "59.94"])
      // alice: 0.001998 × 6000 = 11.988; fees 0.12 (0.000002 BTC at 60000) + 0.131868; 10% of the rest.
      const [share] = (yield* SpotTrader.profitHistoryDetails()).profitList
      expect([fmt(share!.profit), share!.followerName, fmt(share!.distributeRatio)]).toEqual([
        "1.1736132",
        "alice",
        "10"
      ])
      const aliceGain = BigDecimal.subtract(usdt(alice.uid), aliceBefore)
      // She sold 0.001998 BTC for 131.868, paid 0.131868 in fees and 1.1736132 to the trader.
      expect(fmt(aliceGain)).toBe("130.5625188")
      // The trader sold 0.00999 BTC for 659.34 less 0.65934 fee, and received alice's share.
      expect(fmt(BigDecimal.subtract(usdt(T), traderBefore))).toBe("659.8542732")
      // bob's detached copy is in his history, not sold; no share from him.
      const summary = yield* SpotTrader.profitSummary()
      expect(fmt(summary.profitSummarys.sumProfit)).toBe("1.1736132")
      expect(summary.profitHistoryList.map((row) => row.historysByDateList.length)).toEqual([1])
      expect(yield* copyOf(bob)).toEqual([])
      expect(fmt(spot.world.balance(bob.uid, "BTC").available)).not.toBe("0")
    }))

  it.effect("the trader stops offering a symbol; followers read the offer and their traders", () =>
    Effect.gen(function*() {
      const copy = yield* Simulator.control<CopyControl>("copyTrading")
      const [alice] = copy.followers as [FollowerAccount]
      expect((yield* SpotFollower.traderSymbols({ traderId: T }).pipe(as(alice))).currentTradingList).toEqual([
        "BTCUSDT"
      ])
      yield* SpotTrader.settingSymbols({ symbolList: ["ETHUSDT"], settingType: "add" })
      yield* SpotTrader.settingSymbols({ symbolList: ["BTCUSDT"], settingType: "delete" })
      expect((yield* SpotFollower.traderSymbols({ traderId: T }).pipe(as(alice))).currentTradingList).toEqual([
        "ETHUSDT"
      ])
      const settings = yield* SpotTrader.querySettings()
      expect(settings.traceSymbolList.filter((row) => row.enable).map((row) => row.symbol)).toEqual(["ETHUSDT"])
      const mine = yield* SpotFollower.querySettings({ traderId: T }).pipe(as(alice))
      expect([mine.enable, mine.tradeSettingList.map((row) => row.symbol)]).toEqual([true, ["BTCUSDT"]])
      const traders = yield* SpotFollower.queryTraders().pipe(as(alice))
      expect(traders.resultList.map((row) => [row.traderId, fmt(row.traceTotalNetProfit)])).toEqual([[T, "10.5625188"]])
      yield* SpotFollower.cancelTrader({ traderId: T }).pipe(as(alice))
      expect((yield* SpotFollower.querySettings({ traderId: T }).pipe(as(alice))).enable).toBe(false)
    }))

  it.effect("a spot price reaching TP/SL sells: a copy's own stop-loss alone, the trader's take-profit with its copies", () =>
    Effect.gen(function*() {
      const copy = yield* Simulator.control<CopyControl>("copyTrading")
      const spot = yield* Simulator.control<SpotControl>("spot")
      copy.makeTrader({ lines: ["spot"], spotSymbols: ["ETHUSDT"] })
      spot.setPrice("ETHUSDT", "3000")
      const [, bob] = copy.followers as [FollowerAccount, FollowerAccount]
      const dave = copy.addFollower("dave")
      for (const f of [bob, dave]) {
        yield* SpotFollower.settings({
          traderId: T,
          settings: [{ symbol: "ETHUSDT", traceType: "count", traceValue: "0.1", maxHoldSize: "10" }]
        }).pipe(as(f))
      }
      yield* Spot.Trade.placeOrder({ symbol: "ETHUSDT", side: "buy", orderType: "market", force: "gtc", size: "300" })
      const track = (yield* SpotTrader.currentTrack({ symbol: "ETHUSDT" })).trackingList[0]!
      const copyOf = (f: FollowerAccount) =>
        SpotFollower.currentOrders({ symbol: "ETHUSDT" }).pipe(as(f), Effect.map((data) => data.trackingList))
      const [bobCopy] = yield* copyOf(bob)
      yield* SpotFollower.settingTpsl({ trackingNo: bobCopy!.trackingNo, stopLossPrice: "2900" }).pipe(as(bob))
      yield* SpotTrader.modifyTpsl({ trackingNo: track.trackingNo, stopSurplusPrice: "3300" })
      spot.setPrice("ETHUSDT", "2901")
      expect(yield* copyOf(bob)).toHaveLength(1)
      spot.setPrice("ETHUSDT", "2900")
      expect(yield* copyOf(bob)).toEqual([])
      const [bobSold] = (yield* SpotTrader.historyTrack({ symbol: "ETHUSDT" })).trackingList
      expect(bobSold).toBeUndefined()
      spot.setPrice("ETHUSDT", "3299")
      expect((yield* SpotTrader.currentTrack({ symbol: "ETHUSDT" })).trackingList).toHaveLength(1)
      expect(yield* copyOf(dave)).toHaveLength(1)
      spot.setPrice("ETHUSDT", "3300")
      expect((yield* SpotTrader.currentTrack({ symbol: "ETHUSDT" })).trackingList).toEqual([])
      expect(yield* copyOf(dave)).toEqual([])
      const [sold] = (yield* SpotTrader.historyTrack({ symbol: "ETHUSDT" })).trackingList
      expect([sold!.trackingNo, fmt(sold!.sellPrice)]).toEqual([track.trackingNo, "3300"])
      // dave's copy sold with the trader at a profit: a share from him, none from bob's loss.
      const shares = (yield* SpotTrader.profitHistoryDetails({ coin: "USDT" })).profitList
      expect(shares.map((row) => row.followerName)).toContain("dave")
      expect(shares.map((row) => row.followerName)).not.toContain("bob")
    }))
})
