/** The futures copy trading answers: tracking orders, follow settings and traders as decoded rows. */
import * as BigDecimal from "effect/BigDecimal"
import { pct } from "./Shared.js"
import { compact, type FollowSetting, type State, time, type Track } from "./State.js"

const base = (t: Track) => ({
  trackingNo: t.trackingNo,
  symbol: t.symbol,
  posSide: t.posSide,
  openOrderId: t.openOrderId,
  openLeverage: t.leverage,
  openTime: time(t.openTime),
  openSize: t.openSize
})

/** A trader's open tracking order. */
export const traderTrack = (t: Track) =>
  compact<any>({
    ...base(t),
    openPriceAvg: t.openPrice,
    presetStopSurplusPrice: t.stopSurplusPrice,
    presetStopLossPrice: t.stopLossPrice,
    openFee: BigDecimal.negate(t.openFee),
    followCount: t.followCount
  })

/** A closed tracking order, trader's or follower's. */
export const closedTrack = (t: Track) => {
  const c = t.closing!
  return compact<any>({
    ...base(t),
    productType: t.productType,
    closeOrderId: c.orderId === "" ? undefined : c.orderId,
    openPriceAvg: t.openPrice,
    closeSize: c.size,
    closeTime: time(c.time),
    closePriceAvg: c.price,
    stopType: c.stopType,
    achievedPL: c.achievedPL,
    openFee: BigDecimal.negate(t.openFee),
    closeFee: BigDecimal.negate(c.fee),
    netProfit: t.parentNo === undefined ? undefined : c.netProfit,
    profitRate: t.parentNo === undefined ? undefined : pct(c.netProfit, t.margin),
    traderId: t.parentNo === undefined ? undefined : t.traderUid,
    cTime: time(t.openTime)
  })
}

/** A follower's open copy. */
export const followerTrack = (state: State) => (t: Track) =>
  compact<any>({
    ...base(t),
    traderId: t.traderUid,
    traderName: state.nameOf(t.traderUid),
    openAvgPrice: t.openPrice,
    openMarginSz: t.margin,
    presetStopSurplusPrice: t.stopSurplusPrice,
    presetStopLossPrice: t.stopLossPrice
  })

/** A trader's tracking order as a broker sees it. */
export const trace = (t: Track) => {
  const c = t.closing
  return compact<any>({
    ...base(t),
    marginMode: "cross",
    openPriceAvg: t.openPrice,
    openFee: BigDecimal.negate(t.openFee),
    marginAmount: t.margin,
    followCount: t.followCount,
    stopSurplusPrice: t.stopSurplusPrice,
    stopLossPrice: t.stopLossPrice,
    closeOrderId: c === undefined || c.orderId === "" ? undefined : c.orderId,
    closePriceAvg: c?.price,
    closeSize: c?.size,
    closeTime: c === undefined ? undefined : time(c.time),
    closeFee: c === undefined ? undefined : BigDecimal.negate(c.fee),
    achievedPL: c?.achievedPL,
    stopType: c?.stopType,
    cTime: time(t.openTime)
  })
}

/** A follow setting as `query-settings` shows it. */
export const settingRow = (s: FollowSetting) =>
  compact<any>({
    symbol: s.symbol,
    productType: s.productType,
    marginType: s.marginType,
    marginCoin: s.marginCoin,
    leverType: s.leverType,
    longLeverage: s.longLeverage,
    shortLeverage: s.shortLeverage,
    traceType: s.traceType,
    traceValue: s.traceValue,
    maxHoldSize: s.maxHoldSize,
    stopSurplusRatio: s.stopSurplusRatio,
    stopLossRatio: s.stopLossRatio
  })
