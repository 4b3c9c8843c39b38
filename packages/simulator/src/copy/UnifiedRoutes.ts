/**
 * V3 lead-trader reads (`/api/v3/copy/futures/*`) over the one copy trading state: a unified
 * account made a futures elite trader is copied by `FuturesCopy` (its V3 futures fills are fills in
 * the futures world), and these routes show that state in V3's fields. Followers, their copies and
 * profit shares are the V2 domain's records; nothing here keeps state of its own.
 *
 * Not modelled: the separate copy-trading (Elite) account. The V2 domain trades copies in the
 * accounts' own futures balances (for a unified account, the one ledger), so `transfer`,
 * `transfer-record` and `max-transferable` keep the generated answers.
 */
import { CopyTrading } from "@effect-bitget/unified"
import * as BigDecimal from "effect/BigDecimal"
import type { Context } from "../Domain.js"
import { type Route, route } from "../Domain.js"
import { run } from "../futures/Shared.js"
import type { FuturesCopy } from "./FuturesCopy.js"
import { DAY, pct, sum, uidOf, ZERO } from "./Shared.js"
import { compact, idPage, type State, time, type Track } from "./State.js"

type BD = BigDecimal.BigDecimal
const scale8 = (value: BD) => BigDecimal.normalize(BigDecimal.round(value, { scale: 8 }))

export const routes = (state: State, copy: FuturesCopy): ReadonlyArray<Route> => {
  const world = copy.world
  const trader = (context: Context) => state.trader(uidOf(context), "futures")
  const copiesOf = (traderUid: string, followerUid: string) =>
    state.tracks.filter((t) =>
      t.line === "futures" && t.traderUid === traderUid && t.ownerUid === followerUid && t.parentNo !== undefined
    )
  const sharesOf = (traderUid: string, followerUid?: string) =>
    state.profits.filter((p) =>
      p.line === "futures" && p.traderUid === traderUid && (followerUid === undefined || p.followerUid === followerUid)
    )
  /** The trader's share of the unrealized profit of one open copy (0 while it loses). */
  const pendingShare = (t: Track, ratio: BD): BD => {
    const position = world.position(t.ownerUid, t.symbol, t.marginCoin, t.posSide)
    if (position === undefined) return ZERO
    const unrealized = world.unrealized(
      { ...position, total: t.openSize, openPriceAvg: t.openPrice },
      world.mark(t.symbol)
    )
    return BigDecimal.isPositive(unrealized) ? BigDecimal.multiply(unrealized, ratio) : ZERO
  }
  /** A follower's figures with the trader: net profit of closed copies, shares paid, margin in open ones. */
  const figures = (traderUid: string, followerUid: string) => {
    const copies = copiesOf(traderUid, followerUid)
    const closed = copies.filter((t) => t.closing !== undefined)
    return {
      followerName: state.nameOf(followerUid),
      totalProfit: sum(closed.map((t) => t.closing!.netProfit)),
      totalShareProfit: sum(sharesOf(traderUid, followerUid).map((p) => p.profit)),
      // Simulator choice: the investment is the margin in the follower's open copies.
      totalInvestment: sum(copies.filter((t) => t.closing === undefined).map((t) => t.margin))
    }
  }
  /**
   * A page of rows by a string key, after `cursor` (the previous page's `endId`), `limit` rows
   * (default 20). Simulator choice: the key (the follower's uid) is the cursor.
   */
  const keyPage = <R>(rows: ReadonlyArray<R>, key: (row: R) => string, request: {
    readonly limit?: number | undefined
    readonly cursor?: string | undefined
  }) => {
    const from = request.cursor === undefined ? 0 : rows.findIndex((row) => key(row) === request.cursor) + 1
    const page = rows.slice(from, from + (request.limit ?? 20))
    const last = page[page.length - 1]
    return { rows: page, endId: last === undefined ? undefined : key(last) }
  }

  return [
    route(
      CopyTrading.TradingPairs,
      (_, context) =>
        run(() =>
          [...trader(context).futuresSymbols.keys()].map((symbol) => {
            const settings = world.settingsOf(uidOf(context), symbol, "USDT")
            return { symbol, leverage: BigDecimal.format(world.leverageFor(settings, "long")) }
          })
        )
    ),
    route(CopyTrading.PositionSummary, (_, context) =>
      run(() => {
        const uid = trader(context).uid
        // The trader's positions that hold open tracking orders (what followers copy), one per side.
        const keys = new Set(
          state.openTracks((t) => t.line === "futures" && t.ownerUid === uid && t.parentNo === undefined)
            .map((t) => `${t.symbol}|${t.marginCoin}|${t.posSide}`)
        )
        return [...keys].flatMap((key) => {
          const [symbol, marginCoin, side] = key.split("|") as [string, string, "long" | "short"]
          const position = world.position(uid, symbol, marginCoin, side)
          if (position === undefined) return []
          const mark = world.mark(symbol)
          const unrealized = world.unrealized(position, mark)
          return [{
            symbol,
            holdSide: side,
            marginMode: position.marginMode,
            holdSize: position.total,
            avgPrice: position.openPriceAvg,
            leverage: BigDecimal.format(position.leverage),
            liqPrice: world.liquidationPrice(position),
            margin: position.margin,
            markPrice: mark,
            positionValue: BigDecimal.multiply(mark, position.total),
            unrealizedPnl: unrealized,
            realizedPnl: position.achievedProfits,
            // Simulator choice (the unit is not documented): percent of the margin, two places.
            roi: pct(unrealized, position.margin)
          }]
        })
      })),
    route(CopyTrading.CurrentFollower, (request, context) =>
      run(() => {
        const uid = trader(context).uid
        const page = keyPage(state.followersOf(uid, "futures"), (f) => f.followerUid, request)
        return compact<any>({
          list: page.rows.map((f) => {
            const assets = world.balance(f.followerUid, "USDT")
            return {
              ...figures(uid, f.followerUid),
              estimateAssets: assets,
              totalAssets: assets,
              canRemove: true,
              followDays: String(Math.floor((context.now - f.since) / DAY)),
              startTime: time(f.since)
            }
          }),
          endId: page.endId
        })
      })),
    route(CopyTrading.HistoryFollower, (request, context) =>
      run(() => {
        const uid = trader(context).uid
        // Simulator choice: the domain keeps no ended follows, so past followers are those with
        // copies of this trader who follow it no longer; they span their first copy to their last close.
        const current = new Set(state.followersOf(uid, "futures").map((f) => f.followerUid))
        const past = [
          ...new Set(
            state.tracks.filter((t) => t.line === "futures" && t.traderUid === uid && t.parentNo !== undefined)
              .map((t) => t.ownerUid)
          )
        ].filter((follower) => !current.has(follower))
        const page = keyPage(past, (follower) => follower, request)
        return compact<any>({
          list: page.rows.map((follower) => {
            const copies = copiesOf(uid, follower)
            const closes = copies.flatMap((t) => t.closing === undefined ? [] : [t.closing.time])
            const { followerName, totalInvestment: _, totalProfit, totalShareProfit } = figures(uid, follower)
            return compact({
              followerName,
              totalProfit,
              totalShareProfit,
              startTime: time(Math.min(...copies.map((t) => t.openTime))),
              endTime: closes.length === 0 ? undefined : time(Math.max(...closes))
            })
          }),
          endId: page.endId
        })
      })),
    route(CopyTrading.ProfitSummary, (_, context) =>
      run(() => {
        const record = trader(context)
        // Shares are paid when a copy closes (the V2 domain's rule): what is paid is allocated, the
        // share of open copies' unrealized profit is pending.
        const paid = sum(sharesOf(record.uid).map((p) => p.profit))
        const pending = sum(
          state.openTracks((t) => t.line === "futures" && t.traderUid === record.uid && t.parentNo !== undefined)
            .map((t) => pendingShare(t, record.profitShareRatio))
        )
        return {
          totalProfit: scale8(BigDecimal.sum(paid, pending)),
          totalAllocatedProfit: paid,
          totalPendingProfit: scale8(pending)
        }
      })),
    route(CopyTrading.ProfitDetails, (request, context) =>
      run(() => {
        const record = trader(context)
        const page = idPage(sharesOf(record.uid), (p) => p.profitId, (p) => p.time, {
          ...request,
          idLessThan: request.cursor
        })
        return compact<any>({
          list: page.rows.map((p) => ({
            followerName: state.nameOf(p.followerUid),
            // The follower's net profit before the share, from which the share was taken.
            profit: scale8(
              BigDecimal.unsafeDivide(BigDecimal.multiply(p.profit, BigDecimal.fromBigInt(100n)), p.ratio)
            ),
            allocatedPnl: p.profit,
            pendingPnl: ZERO,
            shareRatio: BigDecimal.unsafeDivide(p.ratio, BigDecimal.fromBigInt(100n)),
            shareProfit: p.profit,
            settleTime: time(p.time)
          })),
          nextCursor: page.rows.length === (request.limit ?? 20) ? page.endId : undefined
        })
      }))
  ]
}
