/**
 * A unified (V3) lead trader copied over loopback: the unified account is made a futures elite
 * trader, seeded Classic followers follow it with V2 settings, and its V3 `place-order` on
 * USDT-FUTURES is copied into each follower's futures account; closing with V3 closes the copies,
 * and the V3 lead-trader reads show that state.
 */
import { FuturesFollower } from "@effect-bitget/copy-trading"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl, FollowerAccount } from "@effect-bitget/simulator/copy/CopyDomain"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import { UNIFIED_UID } from "@effect-bitget/simulator/unified/UnifiedDomain"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { drive } from "./drive.js"

const { CopyTrading, Position, Trade } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const P = "USDT-FUTURES" as const
const fmt = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? undefined : BigDecimal.format(value)
const as = (follower: FollowerAccount) => Effect.provide(Simulator.layerClient({ key: follower.key }))
const follow = (follower: FollowerAccount, traceType: "percent" | "count", traceValue: string) =>
  FuturesFollower.settings({
    traderId: UNIFIED_UID,
    settings: [{
      symbol: "BTCUSDT",
      productType: P,
      marginType: "trader",
      leverType: "trader",
      traceType,
      traceValue
    }]
  }).pipe(as(follower))
const mark = (unified: UnifiedControl, price: string) =>
  Effect.map(Clock.currentTimeMillis, (now) => unified.futures.setMark("BTCUSDT", Decimal.unsafeMake(price), now))
const positionOf = (follower: FollowerAccount) =>
  Futures.Position.singlePosition({ symbol: "BTCUSDT", productType: P, marginCoin: "USDT" }).pipe(
    as(follower),
    Effect.map((rows) => rows.map((row) => [row.holdSide, fmt(row.total)]))
  )

// On TestClock, driven: the lead-trader reads allow 1 request a second.
layer(Env)("unified lead trader copied (V3 orders, V2 followers)", (it) => {
  it.effect("a V3 order is copied to each follower, the V3 reads show it, closing closes the copies", () =>
    drive(Effect.gen(function*() {
      const copy = yield* Simulator.control<CopyControl>("copyTrading")
      const unified = yield* Simulator.control<UnifiedControl>("unified")
      copy.makeTrader({ uid: UNIFIED_UID, lines: ["futures"] })
      yield* mark(unified, "60000")
      const [alice, bob, carol] = copy.followers as [FollowerAccount, FollowerAccount, FollowerAccount]
      yield* follow(alice, "percent", "2")
      yield* follow(bob, "count", "0.003")

      expect((yield* CopyTrading.tradingPairs()).map((pair) => pair.symbol)).toEqual(["BTCUSDT", "ETHUSDT"])
      const followers = yield* CopyTrading.currentFollower({})
      expect(followers.list.map((row) => row.followerName)).toEqual(["alice", "bob"])
      expect(followers.list.map((row) => fmt(row.totalInvestment))).toEqual(["0", "0"])
      // One row a page: the cursor is the previous page's endId.
      const first = yield* CopyTrading.currentFollower({ limit: 1 })
      const second = yield* CopyTrading.currentFollower({ limit: 1, cursor: first.endId! })
      expect([...first.list, ...second.list].map((row) => row.followerName)).toEqual(["alice", "bob"])
      expect(yield* CopyTrading.positionSummary()).toEqual([])

      // The trader opens 0.01 BTC long with V3 place-order (20x, the unified default).
      yield* Trade.placeOrder({ category: P, symbol: "BTCUSDT", side: "buy", orderType: "market", qty: "0.01" })
      // percent 2 → 0.02; a fixed 0.003; carol follows no one and gets nothing.
      expect(yield* positionOf(alice)).toEqual([["long", "0.02"]])
      expect(yield* positionOf(bob)).toEqual([["long", "0.003"]])
      expect(yield* positionOf(carol)).toEqual([])
      const [aliceCopy] = yield* FuturesFollower.currentOrders({ productType: P }).pipe(as(alice))
      expect([aliceCopy!.traderId, fmt(aliceCopy!.openSize), fmt(aliceCopy!.openLeverage)])
        .toEqual([UNIFIED_UID, "0.02", "20"])

      const [summary, ...more] = yield* CopyTrading.positionSummary()
      expect(more).toEqual([])
      expect([summary!.symbol, summary!.holdSide, fmt(summary!.holdSize), summary!.leverage])
        .toEqual(["BTCUSDT", "long", "0.01", "20"])
      expect(fmt(summary!.margin)).toBe("30")
      const invested = (yield* CopyTrading.currentFollower({})).list.map((row) => fmt(row.totalInvestment))
      // alice: 0.02 × 60000 / 20 = 60; bob: 0.003 × 60000 / 20 = 9.
      expect(invested).toEqual(["60", "9"])

      // Up 3000: the pending share is 10% of the copies' unrealized profit (60 + 9).
      yield* mark(unified, "63000")
      const pending = yield* CopyTrading.profitSummary()
      expect([fmt(pending.totalAllocatedProfit), fmt(pending.totalPendingProfit)]).toEqual(["0", "6.9"])

      // The trader closes with V3: the copies close with it.
      yield* Trade.closePositions({ category: P, symbol: "BTCUSDT" })
      expect((yield* Position.currentPosition({ category: P })).list).toEqual([])
      expect(yield* positionOf(alice)).toEqual([])
      expect(yield* positionOf(bob)).toEqual([])
      expect(yield* FuturesFollower.currentOrders({ productType: P }).pipe(as(alice))).toEqual([])
      const [aliceClosed] = (yield* FuturesFollower.historyOrders({ productType: P }).pipe(as(alice))).trackingList
      // 3000 × 0.02 = 60; fees 0.72 + 0.756; the trader keeps 10% of the 58.524 left: 5.8524.
      expect([fmt(aliceClosed!.achievedPL), fmt(aliceClosed!.netProfit), aliceClosed!.stopType])
        .toEqual(["60", "52.6716", "trader"])
      expect(yield* CopyTrading.positionSummary()).toEqual([])

      // bob: 0.003 × 3000 = 9, fees 0.108 + 0.1134 → 8.7786, share 0.87786.
      const settled = yield* CopyTrading.profitSummary()
      expect([fmt(settled.totalAllocatedProfit), fmt(settled.totalPendingProfit), fmt(settled.totalProfit)])
        .toEqual(["6.73026", "0", "6.73026"])
      const details = yield* CopyTrading.profitDetails({})
      expect(details.list.map((row) => [row.followerName, fmt(row.shareProfit), fmt(row.profit), fmt(row.shareRatio)]))
        .toEqual(expect.arrayContaining([["alice", "5.8524", "58.524", "0.1"], ["bob", "0.87786", "8.7786", "0.1"]]))
      expect(details.list).toHaveLength(2)
      // One share a page: the next page follows nextCursor, and the last page has none.
      const page1 = yield* CopyTrading.profitDetails({ limit: 1 })
      const page2 = yield* CopyTrading.profitDetails({ limit: 1, cursor: page1.nextCursor! })
      expect([...page1.list, ...page2.list].map((row) => row.followerName).sort()).toEqual(["alice", "bob"])
      expect((yield* CopyTrading.profitDetails({ limit: 2 })).nextCursor).toBeDefined()
      expect((yield* CopyTrading.profitDetails({ limit: 3 })).nextCursor).toBeUndefined()
      const after = (yield* CopyTrading.currentFollower({})).list
      expect(after.map((row) => [row.followerName, fmt(row.totalProfit), fmt(row.totalShareProfit)]))
        .toEqual([["alice", "52.6716", "5.8524"], ["bob", "7.90074", "0.87786"]])
      expect(after.map((row) => fmt(row.totalInvestment))).toEqual(["0", "0"])

      // bob stops following: he is a past follower now, with what he earned and paid.
      yield* FuturesFollower.cancelTrader({ traderId: UNIFIED_UID }).pipe(as(bob))
      expect((yield* CopyTrading.currentFollower({})).list.map((row) => row.followerName)).toEqual(["alice"])
      const history = (yield* CopyTrading.historyFollower({})).list
      expect(history.map((row) => [row.followerName, fmt(row.totalProfit), fmt(row.totalShareProfit)]))
        .toEqual([["bob", "7.90074", "0.87786"]])
      expect(history[0]!.endTime!.epochMillis).toBeGreaterThanOrEqual(history[0]!.startTime!.epochMillis)
    })))

  it.effect("a partial V3 close closes the oldest tracking order and its copies; the rest stay copied", () =>
    drive(Effect.gen(function*() {
      const copy = yield* Simulator.control<CopyControl>("copyTrading")
      const unified = yield* Simulator.control<UnifiedControl>("unified")
      yield* mark(unified, "60000")
      const [alice] = copy.followers as [FollowerAccount]
      const order = (side: "buy" | "sell", qty: string, reduceOnly?: true) =>
        Trade.placeOrder({
          category: P,
          symbol: "BTCUSDT",
          side,
          orderType: "market",
          qty,
          ...reduceOnly && { reduceOnly }
        })
      yield* order("buy", "0.01")
      yield* order("buy", "0.02")
      // alice copies at twice the size (the previous test's settings): 0.02 then 0.04.
      const copies = yield* FuturesFollower.currentOrders({ productType: P }).pipe(as(alice))
      expect(copies.map((row) => fmt(row.openSize)).sort()).toEqual(["0.02", "0.04"])
      expect(yield* positionOf(alice)).toEqual([["long", "0.06"]])

      // Selling 0.01 reduce-only (one-way mode) leaves 0.02: the first tracking order (0.01) closes.
      yield* order("sell", "0.01", true)
      const [left] = yield* FuturesFollower.currentOrders({ productType: P }).pipe(as(alice))
      expect(fmt(left!.openSize)).toBe("0.04")
      expect(yield* positionOf(alice)).toEqual([["long", "0.04"]])
      const [summary] = yield* CopyTrading.positionSummary()
      expect(fmt(summary!.holdSize)).toBe("0.02")

      // Selling 0.005 more leaves 0.015 under the 0.02 tracked: that order closes too.
      yield* order("sell", "0.005", true)
      expect(yield* FuturesFollower.currentOrders({ productType: P }).pipe(as(alice))).toEqual([])
      expect(yield* positionOf(alice)).toEqual([])
      // The trader keeps 0.015 of its own, which no tracking order holds and no follower copies.
      expect(yield* CopyTrading.positionSummary()).toEqual([])
      expect((yield* Position.currentPosition({ category: P })).list.map((row) => fmt(row.total))).toEqual(["0.015"])
    })))
})
