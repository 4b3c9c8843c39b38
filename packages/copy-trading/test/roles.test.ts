import { FuturesBroker, FuturesFollower, FuturesTrader, SpotFollower, SpotTrader } from "@effect-bitget/copy-trading"
import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl, FollowerAccount } from "@effect-bitget/simulator/copy/CopyDomain"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

// Who may call what: Bitget's codes (and HTTP 400) for callers without the role, followers acting
// on traders they do not follow, and the settings, stops and removals that change who copies whom.

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const T = Simulator.UID
const P = "USDT-FUTURES" as const
const as = (follower: FollowerAccount) => Effect.provide(Simulator.layerClient({ key: follower.key }))
const copyControl = Simulator.control<CopyControl>("copyTrading")
const setting = {
  symbol: "BTCUSDT",
  productType: P,
  marginType: "trader",
  leverType: "trader",
  traceType: "count",
  traceValue: "0.001"
} as const
const open = Futures.Order.placeOrder({
  symbol: "BTCUSDT",
  productType: P,
  marginCoin: "USDT",
  marginMode: "crossed",
  size: "0.01",
  side: "buy",
  orderType: "market"
})

/** The call fails with Bitget's `code` on HTTP 400 (a broker refusal is a `PermissionError`). */
const refused = <A, R>(call: Effect.Effect<A, { readonly _tag: string }, R>, code: string) =>
  Effect.gen(function*() {
    const error = (yield* Effect.flip(call)) as {
      readonly _tag: string
      readonly code?: string
      readonly status?: number
    }
    expect({ code: error.code, status: error.status }).toEqual({ code, status: 400 })
    if (code === "40029") expect(error._tag).toBe("PermissionError")
  })

layer(Env, { excludeTestServices: true })("copy trading roles", (it) => {
  it.effect("keys without the role: a follower on trader and broker endpoints, a trader following", () =>
    Effect.gen(function*() {
      const copy = yield* copyControl
      const [alice, bob] = copy.followers as [FollowerAccount, FollowerAccount]
      // Before the main account is made a trader, it is refused too; after, it is served.
      yield* refused(FuturesTrader.currentTrack({ productType: P }), "40732")
      yield* refused(SpotTrader.currentTrack(), "31001")
      copy.makeTrader()
      expect((yield* FuturesTrader.currentTrack({ productType: P })).trackingList).toEqual([])
      yield* refused(FuturesTrader.currentTrack({ productType: P }).pipe(as(alice)), "40732")
      yield* refused(
        FuturesTrader.closePositions({ trackingNo: "1", symbol: "BTCUSDT", productType: P }).pipe(as(alice)),
        "40732"
      )
      yield* refused(SpotTrader.removeFollower({ followerUid: bob.uid }).pipe(as(alice)), "31001")
      yield* refused(FuturesBroker.queryTraders().pipe(as(alice)), "40029")
      // A trader cannot follow itself; a trader cannot follow another trader; nobody follows a non-trader.
      yield* refused(FuturesFollower.settings({ traderId: T, settings: [setting] }), "31032")
      copy.makeTrader({ uid: bob.uid, lines: ["futures"] })
      yield* refused(FuturesFollower.settings({ traderId: T, settings: [setting] }).pipe(as(bob)), "31031")
      yield* refused(FuturesFollower.settings({ traderId: "1999999999", settings: [setting] }).pipe(as(alice)), "40860")
      yield* refused(
        FuturesFollower.settings({
          traderId: T,
          settings: [{ ...setting, symbol: "BTCPERP", productType: "USDC-FUTURES" }]
        })
          .pipe(as(alice)),
        "31052"
      )
    }))

  it.effect("a follower acting on a trader it does not follow, or on tracking orders not its own", () =>
    Effect.gen(function*() {
      const copy = yield* copyControl
      const [alice, bob, carol] = copy.followers as [FollowerAccount, FollowerAccount, FollowerAccount]
      copy.makeTrader()
      copy.makeTrader({ uid: bob.uid, lines: ["futures"] })
      yield* FuturesFollower.settings({ traderId: T, settings: [setting] }).pipe(as(alice))
      yield* open
      const [traderTrack] = (yield* FuturesTrader.currentTrack({ productType: P })).trackingList
      const [aliceCopy] = yield* FuturesFollower.currentOrders({ productType: P }).pipe(as(alice))
      // carol follows nobody: she cannot stop following, and the tracking numbers are not hers.
      yield* refused(FuturesFollower.cancelTrader({ traderId: T }).pipe(as(carol)), "43062")
      yield* refused(FuturesFollower.cancelTrader({ traderId: bob.uid }).pipe(as(alice)), "43062")
      yield* refused(
        FuturesFollower.settingTpsl({ trackingNo: aliceCopy!.trackingNo, productType: P, stopLossPrice: "1" }).pipe(
          as(carol)
        ),
        "43065"
      )
      yield* refused(
        FuturesFollower.settingTpsl({ trackingNo: traderTrack!.trackingNo, productType: P, stopLossPrice: "1" })
          .pipe(as(alice)),
        "43065"
      )
      yield* refused(
        FuturesFollower.closePositions({ productType: P, trackingNo: aliceCopy!.trackingNo }).pipe(as(carol)),
        "43065"
      )
      // The trader cannot touch a follower's copy through its own endpoints, nor remove a non-follower.
      yield* refused(
        FuturesTrader.modifyTpsl({ trackingNo: aliceCopy!.trackingNo, productType: P, stopLossPrice: "1" }),
        "43065"
      )
      yield* refused(FuturesTrader.removeFollower({ followerUid: carol.uid }), "43068")
      // alice may not stop following while her copy is open; her own settings read back as hers.
      yield* refused(FuturesFollower.cancelTrader({ traderId: T }).pipe(as(alice)), "40852")
      const mine = yield* FuturesFollower.querySettings({ traderId: T }).pipe(as(alice))
      const theirs = yield* FuturesFollower.querySettings({ traderId: T }).pipe(as(carol))
      expect([mine.followerEnable, mine.detailList.map((row) => BigDecimal.format(row.traceValue!))]).toEqual([true, [
        "0.001"
      ]])
      expect([theirs.followerEnable, theirs.detailList]).toEqual([false, []])
      // A closed tracking order cannot be closed again.
      yield* FuturesTrader.closePositions({ trackingNo: traderTrack!.trackingNo, symbol: "BTCUSDT", productType: P })
      yield* refused(
        FuturesTrader.closePositions({ trackingNo: traderTrack!.trackingNo, symbol: "BTCUSDT", productType: P }),
        "31009"
      )
      yield* FuturesFollower.cancelTrader({ traderId: T }).pipe(as(alice))
    }))

  it.effect("followers change settings and stop; the trader removes one and stops offering a symbol", () =>
    Effect.gen(function*() {
      const copy = yield* copyControl
      const [alice, bob, carol] = copy.followers as [FollowerAccount, FollowerAccount, FollowerAccount]
      const dave = copy.addFollower("dave")
      copy.makeTrader({ uid: T })
      yield* FuturesFollower.settings({ traderId: T, settings: [setting] }).pipe(as(carol))
      yield* FuturesFollower.settings({ traderId: T, settings: [setting] }).pipe(as(dave))
      // carol doubles her fixed size; dave is removed by the trader; bob (a trader now) never copies.
      yield* FuturesFollower.settings({ traderId: T, settings: [{ ...setting, traceValue: "0.002" }] }).pipe(as(carol))
      yield* FuturesTrader.removeFollower({ followerUid: dave.uid })
      const followers = yield* FuturesTrader.queryFollowers()
      expect(followers.map((row) => row.followerUid)).toEqual([carol.uid])
      yield* open
      const sizes = (f: FollowerAccount) =>
        FuturesFollower.currentOrders({ productType: P }).pipe(
          as(f),
          Effect.map((rows) => rows.map((row) => BigDecimal.format(row.openSize)))
        )
      expect(yield* sizes(carol)).toEqual(["0.002"])
      expect(yield* sizes(dave)).toEqual([])
      expect(yield* sizes(alice)).toEqual([])
      expect(yield* sizes(bob)).toEqual([])
      // carol closes her copy herself, then stops following: the trader's next opening skips her.
      const [own] = yield* FuturesFollower.currentOrders({ productType: P }).pipe(as(carol))
      const closed = yield* FuturesFollower.closePositions({ productType: P, trackingNo: own!.trackingNo }).pipe(
        as(carol)
      )
      expect(closed.orderIdList).toHaveLength(1)
      const [history] = (yield* FuturesFollower.historyOrders({ productType: P }).pipe(as(carol))).trackingList
      expect(history!.stopType).toBe("follower")
      yield* FuturesFollower.cancelTrader({ traderId: T }).pipe(as(carol))
      expect(yield* FuturesFollower.queryTraders().pipe(as(carol))).toEqual([])
      yield* open
      expect(yield* sizes(carol)).toEqual([])
      // Taking BTCUSDT off the offer: a follower can no longer pick it.
      yield* FuturesTrader.settingSymbols({
        settingList: [{ symbol: "BTCUSDT", productType: P, settingType: "DELETE" }]
      })
      const symbols = yield* FuturesTrader.querySymbols({ productType: P })
      expect(symbols.map((row) => [row.symbol, row.openTrader])).toEqual([["BTCUSDT", false], ["ETHUSDT", true]])
      yield* refused(FuturesFollower.settings({ traderId: T, settings: [setting] }).pipe(as(alice)), "31052")
    }))

  it.effect("a broker sees its customers' traders and their traces, and nobody else's", () =>
    Effect.gen(function*() {
      const copy = yield* copyControl
      const [alice, bob] = copy.followers as [FollowerAccount, FollowerAccount]
      const broker = copy.addFollower("broker")
      copy.makeBroker(broker.uid, [T])
      const traders = yield* FuturesBroker.queryTraders().pipe(as(broker))
      // bob is a futures trader too (made one above) but not this broker's customer.
      expect(traders.map((row) => row.traderId)).toEqual([T])
      const current = yield* FuturesBroker.currentTraces({ traderId: T, productType: P }).pipe(as(broker))
      const mine = (yield* FuturesTrader.currentTrack({ productType: P })).trackingList
      expect(current.map((row) => row.trackingNo)).toEqual(mine.map((row) => row.trackingNo))
      const history =
        (yield* FuturesBroker.historyTraces({ traderId: T, productType: P }).pipe(as(broker))).trackingList
      const closed = (yield* FuturesTrader.historyTrack({ productType: P })).trackingList
      expect(history.map((row) => row.trackingNo)).toEqual(closed.map((row) => row.trackingNo))
      expect(history.every((row) => row.closeTime !== undefined)).toBe(true)
      yield* refused(FuturesBroker.currentTraces({ traderId: bob.uid, productType: P }).pipe(as(broker)), "31051")
      yield* refused(FuturesBroker.historyTraces({ traderId: T, productType: P }).pipe(as(alice)), "40029")
      // Spot: a follower on the spot trader endpoints, and a spot follow of a futures-only trader.
      yield* refused(
        SpotFollower.settings({
          traderId: bob.uid,
          settings: [{ symbol: "BTCUSDT", traceType: "count", maxHoldSize: "1", traceValue: "0.001" }]
        }).pipe(as(alice)),
        "40860"
      )
    }))
})
