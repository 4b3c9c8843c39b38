/** The futures copy trading routes: trader, follower and broker sides over `FuturesCopy` and `State`. */
import { FuturesBroker, FuturesFollower, FuturesTrader } from "@effect-bitget/copy-trading"
import * as BigDecimal from "effect/BigDecimal"
import type { Context } from "../Domain.js"
import { type Route, route } from "../Domain.js"
import { run } from "../futures/Shared.js"
import type { FuturesCopy } from "./FuturesCopy.js"
import * as Rows from "./FuturesRows.js"
import {
  byNo,
  copyFigures,
  DAY,
  dec,
  endFollow,
  followerRows,
  followsOf,
  opened,
  opt,
  setFollow,
  shareSummary,
  traderFigures,
  uidOf,
  ZERO
} from "./Shared.js"
import { compact, idPage, numberedPage, refuse, type State, time, type Track } from "./State.js"

type BD = BigDecimal.BigDecimal

export const routes = (state: State, copy: FuturesCopy): ReadonlyArray<Route> => {
  const world = copy.world
  const trader = (context: Context) => state.trader(uidOf(context), "futures")
  const mine = (uid: string, open: boolean, filter: (t: Track) => boolean) =>
    state.ownTracks("futures", uid, open, filter)
  const matches = (request: { readonly productType: string; readonly symbol?: string | undefined }) => (t: Track) =>
    t.productType === request.productType.toUpperCase() &&
    (request.symbol === undefined || t.symbol === request.symbol.toUpperCase())
  const sharesOf = (uid: string) => state.profits.filter((p) => p.line === "futures" && p.traderUid === uid)

  return [
    // ---- trader ----
    route(FuturesTrader.currentTrack.endpoint, (request, context) =>
      run(() => {
        const uid = trader(context).uid
        const page = idPage(
          mine(uid, true, (t) => t.parentNo === undefined && matches(request)(t)),
          byNo,
          opened,
          request
        )
        return compact<any>({ trackingList: page.rows.map(Rows.traderTrack), endId: page.endId })
      })),
    route(FuturesTrader.historyTrack.endpoint, (request, context) =>
      run(() => {
        const uid = trader(context).uid
        const page = idPage(
          mine(uid, false, (t) => t.parentNo === undefined && matches(request)(t)),
          byNo,
          opened,
          request
        )
        const rows = request.order === "asc" ? [...page.rows].reverse() : page.rows
        return compact<any>({ trackingList: rows.map(Rows.closedTrack), endId: page.endId })
      })),
    route(FuturesTrader.modifyTpsl.endpoint, (request, context) =>
      run(() => {
        const uid = trader(context).uid
        const track = state.ownTrack(uid, request.trackingNo, "futures")
        state.setTpsl(track, opt(request.stopSurplusPrice), opt(request.stopLossPrice))
        return "success"
      })),
    route(FuturesTrader.closePositions.endpoint, (request, context) =>
      run(() => {
        const uid = trader(context).uid
        // One order by trackingNo (its symbol must match when given), else all of the symbol, else all of the product type.
        let tracks: ReadonlyArray<Track>
        if (request.trackingNo !== undefined) {
          const track = state.ownTrack(uid, request.trackingNo, "futures")
          if (request.symbol !== undefined && track.symbol !== request.symbol.toUpperCase()) {
            refuse("40017", "symbol does not match the tracking order")
          }
          if (track.productType !== request.productType.toUpperCase()) {
            refuse("40017", "productType does not match the tracking order")
          }
          tracks = [track]
        } else {
          tracks = mine(uid, true, (t) => t.parentNo === undefined && matches(request)(t))
          if (tracks.length === 0) refuse("31057", "No tracking order to close")
        }
        for (const track of tracks) copy.close(track, "trader", context.now)
        return tracks.map((track) => ({
          trackingNo: track.trackingNo,
          symbol: track.symbol,
          productType: track.productType
        }))
      })),
    route(FuturesTrader.totalDetail.endpoint, (_, context) =>
      run(() => {
        const record = trader(context)
        return {
          ...traderFigures(state, record.uid, "futures", context.now),
          totalEquity: world.balance(record.uid, "USDT"),
          tradingPairsAvailableList: [...record.futuresSymbols.keys()]
        }
      })),
    route(FuturesTrader.profitHistorySummary.endpoint, (_, context) =>
      run(() => {
        const { perCoin, summary } = shareSummary(sharesOf(trader(context).uid), context.now)
        return {
          profitSummary: summary,
          profitHistoryList: perCoin.map(({ coin, lastProfitTime, profitCount }) => ({
            coin,
            profitCount,
            lastProfitTime
          }))
        }
      })),
    route(FuturesTrader.profitHistoryDetails.endpoint, (request, context) =>
      run(() => {
        const shares = sharesOf(trader(context).uid).filter((p) =>
          request.coin === undefined || p.coin === request.coin.toUpperCase()
        )
        const page = idPage(shares, (p) => p.profitId, (p) => p.time, request)
        return compact<any>({
          profitList: page.rows.map((p) => ({
            profitId: p.profitId,
            coin: p.coin,
            profit: p.profit,
            nickName: state.nameOf(p.followerUid),
            profitTime: time(p.time)
          })),
          endId: page.endId
        })
      })),
    route(FuturesTrader.profitDetails.endpoint, (request, context) =>
      run(() => {
        // Not paid yet: the share of each open copy's unrealized profit, per follower.
        const record = trader(context)
        const pending = new Map<string, { coin: string; profit: BD }>()
        for (const t of state.openTracks((t) => t.line === "futures" && t.traderUid === record.uid && !!t.parentNo)) {
          if (request.coin !== undefined && t.marginCoin !== request.coin.toUpperCase()) continue
          const position = world.position(t.ownerUid, t.symbol, t.marginCoin, t.posSide)
          if (position === undefined) continue
          const unrealized = world.unrealized(
            { ...position, total: t.openSize, openPriceAvg: t.openPrice },
            world.mark(t.symbol)
          )
          if (!BigDecimal.isPositive(unrealized)) continue
          const key = `${t.ownerUid}|${t.marginCoin}`
          const share = BigDecimal.multiply(unrealized, record.profitShareRatio)
          pending.set(key, { coin: t.marginCoin, profit: BigDecimal.sum(pending.get(key)?.profit ?? ZERO, share) })
        }
        const rows = [...pending.entries()].map(([key, p]) => ({
          coin: p.coin,
          profit: BigDecimal.normalize(BigDecimal.round(p.profit, { scale: 8 })),
          nickName: state.nameOf(key.split("|")[0]!)
        }))
        return numberedPage(rows, request)
      })),
    route(FuturesTrader.profitsGroupCoinDate.endpoint, (request, context) =>
      run(() => {
        const groups = new Map<string, { coin: string; day: number; profit: BD }>()
        for (const p of sharesOf(trader(context).uid)) {
          const day = Math.floor(p.time / DAY) * DAY
          const key = `${p.coin}|${day}`
          groups.set(key, { coin: p.coin, day, profit: BigDecimal.sum(groups.get(key)?.profit ?? ZERO, p.profit) })
        }
        const rows = [...groups.values()].sort((a, b) => b.day - a.day)
          .map((g) => ({ coin: g.coin, profit: g.profit, profitTime: time(g.day) }))
        return numberedPage(rows, request)
      })),
    route(FuturesTrader.querySymbols.endpoint, (request, context) =>
      run(() => {
        const record = trader(context)
        const contracts = [...world.contracts.values()].filter((c) => c.productType === request.productType)
        return contracts.map((c) => {
          const offered = record.futuresSymbols.get(c.symbol)
          return compact<any>({
            symbol: c.symbol,
            openTrader: offered !== undefined,
            minOpenCount: BigDecimal.unsafeFromString(c.minTradeNum),
            maxLeverage: BigDecimal.fromBigInt(125n),
            stopSurplusRatio: offered?.stopSurplusRatio,
            stopLossRatio: offered?.stopLossRatio
          })
        })
      })),
    route(FuturesTrader.settingSymbols.endpoint, (request, context) =>
      run(() => {
        const record = trader(context)
        for (const setting of request.settingList) {
          const contract = world.contract(setting.symbol, setting.productType)
          const ratio = (value: BD | string | undefined, old: BD | undefined) => {
            if (value === undefined) return old
            const parsed = dec(value)
            return BigDecimal.isZero(parsed) ? undefined : parsed
          }
          if (setting.settingType === "DELETE") {
            record.futuresSymbols.delete(contract.symbol)
          } else {
            const existing = record.futuresSymbols.get(contract.symbol)
            if (setting.settingType === "UPDATE" && existing === undefined) {
              refuse("31052", `${contract.symbol} is not offered for copying`)
            }
            const next: { productType: string; stopSurplusRatio?: BD; stopLossRatio?: BD } = {
              productType: contract.productType
            }
            const tp = ratio(setting.stopSurplusRatio, existing?.stopSurplusRatio)
            const sl = ratio(setting.stopLossRatio, existing?.stopLossRatio)
            if (tp !== undefined) next.stopSurplusRatio = tp
            if (sl !== undefined) next.stopLossRatio = sl
            record.futuresSymbols.set(contract.symbol, next)
          }
        }
        return "success"
      })),
    route(FuturesTrader.settingsBase.endpoint, (request, context) =>
      run(() => {
        const record = trader(context)
        if (request.enable !== undefined) record.enable = request.enable
        if (request.showTotalEquity !== undefined) record.showTotalEquity = request.showTotalEquity
        if (request.showTpsl !== undefined) record.showTpsl = request.showTpsl
        return "success"
      })),
    route(
      FuturesTrader.queryFollowers.endpoint,
      (request, context) =>
        run(() => followerRows(state, trader(context).uid, "futures", request, (uid) => world.balance(uid, "USDT")))
    ),
    route(
      FuturesTrader.removeFollower.endpoint,
      (request, context) => run(() => endFollow(state, request.followerUid, trader(context).uid, "futures", "43068"))
    ),

    // ---- follower ----
    route(FuturesFollower.currentOrders.endpoint, (request, context) =>
      run(() => {
        const rows = mine(uidOf(context), true, (t) =>
          t.parentNo !== undefined && matches(request)(t) &&
          (request.traderId === undefined || t.traderUid === request.traderId))
        return idPage(rows, byNo, opened, request).rows.map(Rows.followerTrack(state))
      })),
    route(FuturesFollower.historyOrders.endpoint, (request, context) =>
      run(() => {
        const rows = mine(uidOf(context), false, (t) =>
          t.parentNo !== undefined && matches(request)(t) &&
          (request.traderId === undefined || t.traderUid === request.traderId))
        const page = idPage(rows, byNo, opened, request)
        return compact<any>({ trackingList: page.rows.map(Rows.closedTrack), endId: page.endId })
      })),
    route(FuturesFollower.settingTpsl.endpoint, (request, context) =>
      run(() => {
        const track = state.ownTrack(uidOf(context), request.trackingNo, "futures")
        state.setTpsl(track, opt(request.stopSurplusPrice), opt(request.stopLossPrice))
        return "success"
      })),
    route(FuturesFollower.closePositions.endpoint, (request, context) =>
      run(() => {
        const uid = uidOf(context)
        const tracks = request.trackingNo !== undefined
          ? [state.ownTrack(uid, request.trackingNo, "futures")]
          : mine(uid, true, (t) =>
            t.parentNo !== undefined && matches(request)(t) &&
            (request.holdSide === undefined || t.posSide === request.holdSide) &&
            (request.marginCoin === undefined || t.marginCoin === request.marginCoin.toUpperCase()))
        if (tracks.length === 0) refuse("31057", "No copy order to close")
        for (const track of tracks) copy.close(track, "follower", context.now)
        return { orderIdList: tracks.map((t) => t.closing!.orderId).filter((id) => id !== "") }
      })),
    route(FuturesFollower.querySettings.endpoint, (request, context) =>
      run(() => {
        const uid = uidOf(context)
        if (!state.traders.get(request.traderId)?.lines.has("futures")) refuse("40860", "The trader does not exist")
        const follow = state.follow(uid, request.traderId, "futures")
        return {
          followerEnable: follow !== undefined,
          detailList: follow === undefined ? [] : [...follow.settings.values()].map(Rows.settingRow)
        }
      })),
    route(FuturesFollower.quantityLimit.endpoint, (request) =>
      run(() => {
        // One symbol, or every perpetual of the product type when none is named.
        const contracts = request.symbol !== undefined
          ? [world.contract(request.symbol, request.productType)]
          : [...world.contracts.values()].filter((c) =>
            c.productType === request.productType.toUpperCase() && c.symbolType === "perpetual"
          )
        return contracts.map((contract) => {
          const min = BigDecimal.unsafeFromString(contract.minTradeNum)
          return {
            symbol: contract.symbol,
            minFollowSize: min,
            maxFollowSize: BigDecimal.multiply(min, BigDecimal.fromBigInt(100_000n))
          }
        })
      })),
    route(FuturesFollower.settings.endpoint, (request, context) =>
      run(() => {
        setFollow(state, {
          followerUid: uidOf(context),
          traderUid: request.traderId,
          line: "futures",
          offered: (trader, symbol) => trader.futuresSymbols.has(symbol),
          autoCopy: request.autoCopy,
          mode: request.mode,
          now: context.now,
          settings: request.settings.map((s) => {
            const symbol = s.symbol.toUpperCase()
            return {
              symbol,
              productType: s.productType,
              marginType: s.marginType,
              marginCoin: (s.marginCoin ?? world.contract(symbol).marginCoins[0]!).toUpperCase(),
              leverType: s.leverType,
              longLeverage: opt(s.longLeverage),
              shortLeverage: opt(s.shortLeverage),
              traceType: s.traceType,
              traceValue: dec(s.traceValue),
              maxHoldSize: opt(s.maxHoldSize),
              stopSurplusRatio: opt(s.stopSurplusRatio),
              stopLossRatio: opt(s.stopLossRatio)
            }
          })
        })
        return "success"
      })),
    route(FuturesFollower.cancelTrader.endpoint, (request, context) =>
      run(() => {
        const uid = uidOf(context)
        if (state.follow(uid, request.traderId, "futures") === undefined) {
          return refuse("43062", "You do not follow this trader")
        }
        if (
          mine(uid, true, (t) => t.traderUid === request.traderId).length > 0
        ) {
          refuse("40852", "Copies of this trader are open; close them before ending the copy")
        }
        return endFollow(state, uid, request.traderId, "futures", "43062")
      })),
    route(
      FuturesFollower.queryTraders.endpoint,
      (request, context) =>
        run(() =>
          followsOf(state, uidOf(context), "futures", request).map((f) => {
            const { margin, ...figures } = copyFigures(state, f)
            return {
              ...figures,
              traceTotalMarginAmount: margin,
              currentTradingPairs: [...(state.traders.get(f.traderUid)?.futuresSymbols.keys() ?? [])]
            }
          })
        )
    ),

    // ---- broker ----
    route(FuturesBroker.queryTraders.endpoint, (request, context) =>
      run(() => {
        const customers = state.broker(uidOf(context))
        const traders = [...state.traders.values()].filter((t) =>
          t.lines.has("futures") && customers.has(t.uid) &&
          (request.traderId === undefined || t.uid === request.traderId) &&
          (request.traderName === undefined || state.nameOf(t.uid).includes(request.traderName))
        )
        // No simulated trader is ever full (1000 followers).
        const listed = request.fullStatus === "full" ? [] : traders
        if (request.sortFlag === "asc") listed.reverse()
        return numberedPage(listed, request).map((t) => ({
          traderId: t.uid,
          traderName: state.nameOf(t.uid),
          isTrace: t.enable,
          isMyTrader: state.follow(uidOf(context), t.uid, "futures") !== undefined,
          maxLimit: 1000,
          followCount: state.followersOf(t.uid, "futures").length,
          bgbMaxFollowLimit: 0,
          bgbFollowCount: 0,
          profile: "",
          currentTradings: [...t.futuresSymbols.entries()].map(([symbol, s]) => ({
            symbol,
            productType: s.productType
          })),
          columnList: [{ describe: "Followers", value: String(state.followersOf(t.uid, "futures").length) }]
        }))
      })),
    route(FuturesBroker.currentTraces.endpoint, (request, context) =>
      run(() => {
        const customers = state.broker(uidOf(context))
        if (!customers.has(request.traderId) || !state.traders.get(request.traderId)?.lines.has("futures")) {
          refuse("31051", "traderUserId is not a trader of your customers")
        }
        const rows = mine(request.traderId, true, (t) => t.parentNo === undefined && matches(request)(t))
        return idPage(rows, byNo, opened, request).rows.map(Rows.trace)
      })),
    route(FuturesBroker.historyTraces.endpoint, (request, context) =>
      run(() => {
        const customers = state.broker(uidOf(context))
        if (!customers.has(request.traderId) || !state.traders.get(request.traderId)?.lines.has("futures")) {
          refuse("31051", "traderUserId is not a trader of your customers")
        }
        const rows = mine(request.traderId, false, (t) => t.parentNo === undefined && matches(request)(t))
        const page = idPage(rows, byNo, opened, request)
        return compact<any>({ trackingList: page.rows.map(Rows.trace), endId: page.endId })
      }))
  ]
}
