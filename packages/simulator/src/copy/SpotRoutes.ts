/** The spot copy trading routes: trader and follower sides over `SpotCopy` and `State`. */
import { SpotFollower, SpotTrader } from "@effect-bitget/copy-trading"
import * as BigDecimal from "effect/BigDecimal"
import type { Context } from "../Domain.js"
import { type Route, route } from "../Domain.js"
import { run } from "../futures/Shared.js"
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
  pct,
  setFollow,
  shareSummary,
  traderFigures,
  uidOf,
  ZERO
} from "./Shared.js"
import type { SpotCopy } from "./SpotCopy.js"
import { compact, idPage, numberedPage, refuse, type State, time, type Track } from "./State.js"

type BD = BigDecimal.BigDecimal

export const routes = (state: State, copy: SpotCopy): ReadonlyArray<Route> => {
  const world = copy.world
  const trader = (context: Context) => state.trader(uidOf(context), "spot")
  const mine = (uid: string, open: boolean, filter: (t: Track) => boolean) => state.ownTracks("spot", uid, open, filter)
  const bySymbol = (symbol: string | undefined) => (t: Track) =>
    symbol === undefined || t.symbol === symbol.toUpperCase()
  const sharesOf = (uid: string) => state.profits.filter((p) => p.line === "spot" && p.traderUid === uid)

  const openRow = (t: Track) => {
    const unrealized = BigDecimal.multiply(BigDecimal.subtract(copy.price(t.symbol), t.openPrice), t.openSize)
    return compact<any>({
      trackingNo: t.trackingNo,
      symbol: t.symbol,
      orderId: t.parentNo === undefined ? t.openOrderId : undefined,
      traderId: t.parentNo === undefined ? undefined : t.traderUid,
      buyFillSize: t.openSize,
      buyDelegateSize: t.openSize,
      buyPrice: t.openPrice,
      unrealizedPL: unrealized,
      unrealizedPLR: pct(unrealized, t.margin),
      buyTime: time(t.openTime),
      buyFee: BigDecimal.negate(t.openFee),
      stopSurplusPrice: t.stopSurplusPrice,
      stopLossPrice: t.stopLossPrice,
      followCount: t.parentNo === undefined ? t.followCount : undefined
    })
  }
  const closedRow = (t: Track) => {
    const c = t.closing!
    return compact<any>({
      trackingNo: t.trackingNo,
      symbol: t.symbol,
      traderId: t.parentNo === undefined ? undefined : t.traderUid,
      fillSize: t.openSize,
      buyPrice: t.openPrice,
      sellPrice: c.size === ZERO ? undefined : c.price,
      buyFee: BigDecimal.negate(t.openFee),
      sellFee: BigDecimal.negate(c.fee),
      achievedPL: c.achievedPL,
      achievedPLR: pct(c.achievedPL, t.margin),
      netProfit: c.netProfit,
      buyTime: time(t.openTime),
      sellTime: time(c.time),
      followCount: t.parentNo === undefined ? t.followCount : undefined
    })
  }
  const closeMany = (uid: string, symbol: string, numbers: ReadonlyArray<string>, stopType: string, now: number) => {
    const tracks = numbers.map((no) => state.ownTrack(uid, no, "spot"))
    for (const t of tracks) {
      if (t.symbol !== symbol.toUpperCase()) refuse("40017", `${t.trackingNo} is not a ${symbol} order`)
    }
    for (const t of tracks) copy.close(t, stopType, now)
    return "success"
  }

  return [
    // ---- trader ----
    route(SpotTrader.profitSummary.endpoint, (_, context) =>
      run(() => {
        const { perCoin, summary } = shareSummary(sharesOf(trader(context).uid), context.now)
        return {
          profitSummarys: summary,
          profitHistoryList: perCoin.map(({ coin, lastProfitTime, profitCount, shares }) => {
            const days = new Map<number, BD>()
            for (const p of shares) {
              const day = Math.floor(p.time / DAY) * DAY
              days.set(day, BigDecimal.sum(days.get(day) ?? ZERO, p.profit))
            }
            const historysByDateList = [...days.entries()].map(([day, profit]) => ({ profit, profitTime: time(day) }))
            return { coin, profitCount, lastProfitTime, historysByDateList }
          })
        }
      })),
    route(SpotTrader.profitHistoryDetails.endpoint, (request, context) =>
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
            followerName: state.nameOf(p.followerUid),
            distributeRatio: p.ratio,
            profitTime: time(p.time)
          })),
          endId: page.endId
        })
      })),
    route(SpotTrader.profitDetails.endpoint, (request, context) =>
      run(() => {
        const record = trader(context)
        const rows = state.openTracks((t) => t.line === "spot" && t.traderUid === record.uid && !!t.parentNo)
          .filter((t) => request.coin === undefined || t.marginCoin === request.coin.toUpperCase())
          .map((t) => ({
            t,
            gain: BigDecimal.multiply(BigDecimal.subtract(copy.price(t.symbol), t.openPrice), t.openSize)
          }))
          .filter(({ gain }) => BigDecimal.isPositive(gain))
          .map(({ gain, t }) => ({
            coin: t.marginCoin,
            profit: BigDecimal.normalize(
              BigDecimal.round(BigDecimal.multiply(gain, record.profitShareRatio), { scale: 8 })
            ),
            followerName: state.nameOf(t.ownerUid),
            distributeRatio: BigDecimal.multiply(record.profitShareRatio, BigDecimal.fromBigInt(100n))
          }))
        return numberedPage(rows, request)
      })),
    route(SpotTrader.currentTrack.endpoint, (request, context) =>
      run(() => {
        const uid = trader(context).uid
        const page = idPage(mine(uid, true, (t) => !t.parentNo && bySymbol(request.symbol)(t)), byNo, opened, request)
        return compact<any>({ trackingList: page.rows.map(openRow), endId: page.endId })
      })),
    route(SpotTrader.historyTrack.endpoint, (request, context) =>
      run(() => {
        const uid = trader(context).uid
        const page = idPage(mine(uid, false, (t) => !t.parentNo && bySymbol(request.symbol)(t)), byNo, opened, request)
        return compact<any>({ trackingList: page.rows.map(closedRow), endId: page.endId })
      })),
    route(SpotTrader.modifyTpsl.endpoint, (request, context) =>
      run(() => {
        const track = state.ownTrack(trader(context).uid, request.trackingNo, "spot")
        state.setTpsl(track, opt(request.stopSurplusPrice), opt(request.stopLossPrice))
        return "success"
      })),
    route(
      SpotTrader.closeTracking.endpoint,
      (request, context) =>
        run(() => closeMany(trader(context).uid, request.symbol, request.trackingNoList, "trader", context.now))
    ),
    route(SpotTrader.totalDetail.endpoint, (_, context) =>
      run(() => {
        const { roi: _roi, ...figures } = traderFigures(state, trader(context).uid, "spot", context.now)
        return { ...figures, maxFollowerNum: 1000, totalEquity: world.balance(uidOf(context), "USDT").available }
      })),
    route(SpotTrader.querySettings.endpoint, (_, context) =>
      run(() => {
        const record = trader(context)
        const symbols = [...world.prices.keys()].filter((s) => !s.startsWith("S") || !s.includes("SUSDT"))
        return {
          removeLimitUsdt: BigDecimal.fromBigInt(100n),
          spotInfoList: [...record.spotSymbols].map((symbol) => ({
            symbol,
            maxQuoteSize: BigDecimal.fromBigInt(5_000_000n),
            surplusQuoteSize: BigDecimal.fromBigInt(5_000_000n)
          })),
          labelList: [],
          enable: record.enable,
          showAssetsMap: false,
          showEquity: record.showTotalEquity,
          traceSymbolList: symbols.map((symbol) => ({
            symbol,
            enable: record.spotSymbols.has(symbol),
            minOpenCount: BigDecimal.unsafeFromString("0.0001")
          }))
        }
      })),
    route(
      SpotTrader.queryFollowers.endpoint,
      (request, context) =>
        run(() =>
          followerRows(state, trader(context).uid, "spot", request, (uid) => world.balance(uid, "USDT").available)
        )
    ),
    route(SpotTrader.settingSymbols.endpoint, (request, context) =>
      run(() => {
        const record = trader(context)
        for (const symbol of request.symbolList) {
          const upper = symbol.toUpperCase()
          copy.price(upper)
          if (request.settingType === "add") record.spotSymbols.add(upper)
          else record.spotSymbols.delete(upper)
        }
        return "success"
      })),
    route(
      SpotTrader.removeFollower.endpoint,
      (request, context) => run(() => endFollow(state, request.followerUid, trader(context).uid, "spot", "43068"))
    ),

    // ---- follower ----
    route(SpotFollower.currentOrders.endpoint, (request, context) =>
      run(() => {
        const rows = mine(uidOf(context), true, (t) =>
          !!t.parentNo && bySymbol(request.symbol)(t) &&
          (request.traderId === undefined || t.traderUid === request.traderId))
        const page = idPage(rows, byNo, opened, request)
        return compact<any>({ trackingList: page.rows.map(openRow), endId: page.endId })
      })),
    route(SpotFollower.settingTpsl.endpoint, (request, context) =>
      run(() => {
        const track = state.ownTrack(uidOf(context), request.trackingNo, "spot")
        state.setTpsl(track, opt(request.stopSurplusPrice), opt(request.stopLossPrice))
        return "success"
      })),
    route(
      SpotFollower.closeTracking.endpoint,
      (request, context) =>
        run(() => closeMany(uidOf(context), request.symbol, request.trackingNoList, "follower", context.now))
    ),
    route(SpotFollower.stopOrder.endpoint, (request, context) =>
      run(() => {
        const tracks = request.trackingNoList.map((no) => state.ownTrack(uidOf(context), no, "spot"))
        for (const t of tracks) copy.detach(t, context.now)
        return "success"
      })),
    route(SpotFollower.querySettings.endpoint, (request, context) =>
      run(() => {
        const record = state.traders.get(request.traderId)
        if (!record?.lines.has("spot")) return refuse("40860", "The trader does not exist")
        const follow = state.follow(uidOf(context), request.traderId, "spot")
        return {
          enable: follow !== undefined,
          profitRate: BigDecimal.multiply(record.profitShareRatio, BigDecimal.fromBigInt(100n)),
          settledInDays: Math.max(1, Math.floor((context.now - record.since) / DAY)),
          traderName: state.nameOf(record.uid),
          traderHeadPic: "",
          tradeSettingList: follow === undefined ? [] : [...follow.settings.values()].map((s) =>
            compact<any>({
              symbol: s.symbol,
              traceType: s.traceType,
              maxTraceAmount: s.maxHoldSize,
              stopLossRation: s.stopLossRatio,
              stopSurplusRation: s.stopSurplusRatio
            })
          ),
          tradeSymbolSettingList: [...record.spotSymbols].map((symbol) => ({
            symbol,
            minTraceAmount: BigDecimal.fromBigInt(10n),
            maxTraceAmount: BigDecimal.fromBigInt(50_000n),
            minTraceSize: BigDecimal.unsafeFromString("0.0001"),
            maxTraceSize: BigDecimal.fromBigInt(500n),
            minTraceRation: BigDecimal.unsafeFromString("0.1"),
            maxTraceRation: BigDecimal.fromBigInt(20n),
            minStopLossRation: ZERO,
            maxStopLossRation: BigDecimal.fromBigInt(90n),
            minStopSurplusRation: ZERO,
            maxStopSurplusRation: BigDecimal.fromBigInt(400n)
          }))
        }
      })),
    route(SpotFollower.queryTraders.endpoint, (request, context) =>
      run(() => ({
        resultList: followsOf(state, uidOf(context), "spot", request).map((f) => {
          const { margin, ...figures } = copyFigures(state, f)
          return { ...figures, traceTotalAmount: margin }
        })
      }))),
    route(SpotFollower.settings.endpoint, (request, context) =>
      run(() => {
        setFollow(state, {
          followerUid: uidOf(context),
          traderUid: request.traderId,
          line: "spot",
          offered: (trader, symbol) => trader.spotSymbols.has(symbol),
          autoCopy: request.autoCopy,
          mode: request.mode,
          now: context.now,
          settings: request.settings.map((s) => ({
            symbol: s.symbol.toUpperCase(),
            productType: "SPOT",
            marginType: "trader",
            marginCoin: "USDT",
            leverType: "trader",
            longLeverage: undefined,
            shortLeverage: undefined,
            traceType: s.traceType,
            traceValue: dec(s.traceValue),
            maxHoldSize: dec(s.maxHoldSize),
            stopSurplusRatio: opt(s.stopSurplusRatio),
            stopLossRatio: opt(s.stopLossRatio)
          }))
        })
        return "success"
      })),
    route(
      SpotFollower.cancelTrader.endpoint,
      (request, context) => run(() => endFollow(state, uidOf(context), request.traderId, "spot", "43062"))
    ),
    route(SpotFollower.traderSymbols.endpoint, (request) =>
      run(() => {
        const record = state.traders.get(request.traderId)
        if (!record?.lines.has("spot")) return refuse("40860", "The trader does not exist")
        return { currentTradingList: [...record.spotSymbols] }
      }))
  ]
}
