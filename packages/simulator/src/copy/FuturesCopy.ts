/**
 * Futures copy trading on top of the futures world: a trader's opening fill on an offered symbol
 * becomes a tracking order, and every follower gets its own copy, sized by its settings (a
 * multiple of the trader's size, a fixed margin or a fixed size; capped by `maxHoldSize`, the
 * symbol's minimum and the follower's available balance, or skipped with a reason). TP/SL
 * changes reach the copies; closing a trader's tracking order closes the copies and settles the
 * trader's share of each profitable copy. Prices, positions and balances are the futures world's.
 */
import * as BigDecimal from "effect/BigDecimal"
import type { FillEvent } from "../futures/Records.js"
import { Refusal } from "../futures/Records.js"
import type { World } from "../futures/World.js"
import {
  type Closing,
  type FollowRecord,
  type FollowSetting,
  refuse,
  type State,
  type Track,
  trigger
} from "./State.js"

type BD = BigDecimal.BigDecimal
const ZERO = BigDecimal.fromBigInt(0n)
const HUNDRED = BigDecimal.fromBigInt(100n)
const round = (value: BD, scale: number) => BigDecimal.normalize(BigDecimal.round(value, { scale, mode: "floor" }))
const div = (a: BD, b: BD, scale = 12) =>
  BigDecimal.normalize(BigDecimal.round(BigDecimal.unsafeDivide(a, b), { scale }))
const max = (a: BD, b: BD) => BigDecimal.greaterThan(a, b) ? a : b

export class FuturesCopy {
  constructor(readonly state: State, readonly world: World, readonly now: () => number) {
    world.fillListeners.push((event) => this.onFill(event))
    world.markListeners.push((symbol, mark, now) =>
      trigger(state, "futures", symbol, mark, (track, stopType) => this.close(track, stopType, now, stopType))
    )
  }

  /** A trader's opening fill on an offered symbol becomes a tracking order, then is copied. */
  private onFill(event: FillEvent): void {
    const account = event.order.account
    if (!event.open) return this.onUnifiedClose(event)
    if (account.endsWith(":demo")) return
    const trader = this.state.traders.get(account)
    if (trader === undefined || !trader.lines.has("futures")) return
    if (!trader.futuresSymbols.has(event.order.symbol)) return
    const position = this.world.position(account, event.order.symbol, event.order.marginCoin, event.side)
    const leverage = position?.leverage ?? event.order.leverage
    const track: Track = {
      line: "futures",
      trackingNo: this.state.nextId(),
      ownerUid: account,
      traderUid: account,
      parentNo: undefined,
      symbol: event.order.symbol,
      productType: event.order.productType,
      marginCoin: event.order.marginCoin,
      posSide: event.side,
      leverage,
      openOrderId: event.order.orderId,
      openPrice: event.price,
      openSize: event.size,
      openFee: event.fee,
      margin: div(BigDecimal.multiply(event.price, event.size), leverage, 8),
      openTime: event.now,
      stopSurplusPrice: event.order.presetStopSurplusPrice,
      stopLossPrice: event.order.presetStopLossPrice,
      followCount: 0,
      closing: undefined,
      detached: false
    }
    this.state.tracks.push(track)
    if (!trader.enable) return
    for (const follow of this.state.followersOf(account, "futures")) this.copy(track, follow, event.now)
  }

  /**
   * A unified (V3) trader has no tracking-order endpoints: it closes with V3 `place-order` or
   * `close-positions`, and its copies close with it (Bitget's V3 lead-trader pages list no close by
   * tracking number). Simulator choice, not sourced: the trader's open tracking orders on the side
   * close oldest first until what they hold fits the position left, each with its copies; a V2
   * trader's hand-made close leaves tracking orders as they are, as before.
   */
  private onUnifiedClose(event: FillEvent): void {
    const account = event.order.account
    if (this.state.accounts.accounts.get(account)?.mode !== "unified") return
    const trader = this.state.traders.get(account)
    if (trader === undefined || !trader.lines.has("futures")) return
    const { marginCoin, symbol } = event.order
    const held = this.world.position(account, symbol, marginCoin, event.side)?.total ?? ZERO
    const open = this.state.openTracks((t) =>
      t.line === "futures" && t.ownerUid === account && t.parentNo === undefined && t.symbol === symbol &&
      t.posSide === event.side
    )
    let tracked = open.reduce((sum, t) => BigDecimal.sum(sum, t.openSize), ZERO)
    for (const track of open) {
      if (!BigDecimal.greaterThan(tracked, held)) break
      tracked = BigDecimal.subtract(tracked, track.openSize)
      // The trader's part of this leg, by size (a leg may close several tracking orders).
      const part = div(BigDecimal.min(track.openSize, event.size), event.size)
      const fee = round(BigDecimal.multiply(event.fee, part), 8)
      const achievedPL = round(BigDecimal.multiply(event.profit, part), 8)
      track.closing = {
        orderId: event.order.orderId,
        price: event.price,
        size: BigDecimal.min(track.openSize, event.size),
        fee,
        time: event.now,
        achievedPL,
        netProfit: BigDecimal.subtract(BigDecimal.subtract(achievedPL, track.openFee), fee),
        stopType: "trader"
      }
      for (const copy of this.state.openTracks((t) => t.parentNo === track.trackingNo)) {
        this.closeOne(copy, "trader", event.now)
      }
    }
  }

  private skip(parent: Track, followerUid: string, reason: string, now: number): void {
    this.state.skips.push({ line: "futures", traderTrackingNo: parent.trackingNo, followerUid, reason, time: now })
  }

  /** The copy's size before caps: a multiple, a margin amount at the leverage, or a fixed size. */
  private sizeFor(parent: Track, setting: FollowSetting, leverage: BD): BD {
    switch (setting.traceType) {
      case "percent":
        return BigDecimal.multiply(parent.openSize, setting.traceValue)
      case "amount":
        return div(BigDecimal.multiply(setting.traceValue, leverage), parent.openPrice)
      case "count":
        return setting.traceValue
    }
  }

  private leverageFor(parent: Track, setting: FollowSetting, uid: string): BD {
    if (setting.leverType === "trader") return parent.leverage
    if (setting.leverType === "specify") {
      const chosen = parent.posSide === "long" ? setting.longLeverage : setting.shortLeverage
      if (chosen !== undefined) return chosen
    }
    const settings = this.world.settingsOf(uid, parent.symbol, parent.marginCoin)
    return this.world.leverageFor(settings, parent.posSide)
  }

  /** One follower's copy of a trader's tracking order, or a skip with its reason. */
  private copy(parent: Track, follow: FollowRecord, now: number): void {
    const uid = follow.followerUid
    const setting = follow.settings.get(parent.symbol)
    if (setting === undefined) return this.skip(parent, uid, `${parent.symbol} is not in the follow settings`, now)
    const contract = this.world.contract(parent.symbol)
    const leverage = this.leverageFor(parent, setting, uid)
    let size = round(this.sizeFor(parent, setting, leverage), contract.volumePlace)
    if (setting.maxHoldSize !== undefined) {
      const held = this.state.openTracks((t) =>
        t.ownerUid === uid && t.symbol === parent.symbol && t.line === "futures"
      )
        .reduce((sum, t) => BigDecimal.sum(sum, t.openSize), ZERO)
      const room = BigDecimal.subtract(setting.maxHoldSize, held)
      if (BigDecimal.lessThan(room, size)) size = round(max(room, ZERO), contract.volumePlace)
    }
    if (BigDecimal.lessThan(size, BigDecimal.unsafeFromString(contract.minTradeNum))) {
      return this.skip(parent, uid, `the copy size ${BigDecimal.format(size)} is below the minimum`, now)
    }
    const mark = this.world.mark(parent.symbol)
    const notional = BigDecimal.multiply(mark, size)
    const needed = this.world.toMargin(div(notional, leverage), mark, parent.marginCoin)
    if (BigDecimal.lessThan(this.world.balance(uid, parent.marginCoin), needed)) {
      return this.skip(parent, uid, "insufficient balance", now)
    }
    try {
      this.world.setLeverage(uid, contract, parent.marginCoin, leverage)
      const order = this.world.place(uid, {
        symbol: parent.symbol,
        productType: parent.productType,
        marginCoin: parent.marginCoin,
        marginMode: "crossed",
        size,
        side: parent.posSide === "long" ? "buy" : "sell",
        tradeSide: "open",
        orderType: "market",
        presetStopSurplusPrice: parent.stopSurplusPrice ??
          this.ratioPrice(parent, setting.stopSurplusRatio, 1, leverage),
        presetStopLossPrice: parent.stopLossPrice ?? this.ratioPrice(parent, setting.stopLossRatio, -1, leverage)
      }, now)
      if (order.status !== "filled") return this.skip(parent, uid, order.cancelReason ?? "the copy did not fill", now)
      const price = order.priceAvg!
      this.state.tracks.push({
        line: "futures",
        trackingNo: this.state.nextId(),
        ownerUid: uid,
        traderUid: parent.ownerUid,
        parentNo: parent.trackingNo,
        symbol: parent.symbol,
        productType: parent.productType,
        marginCoin: parent.marginCoin,
        posSide: parent.posSide,
        leverage,
        openOrderId: order.orderId,
        openPrice: price,
        openSize: order.filled,
        openFee: BigDecimal.negate(order.fee),
        margin: div(BigDecimal.multiply(price, order.filled), leverage, 8),
        openTime: now,
        stopSurplusPrice: order.presetStopSurplusPrice,
        stopLossPrice: order.presetStopLossPrice,
        followCount: 0,
        closing: undefined,
        detached: false
      })
      parent.followCount += 1
    } catch (error) {
      if (error instanceof Refusal) return this.skip(parent, uid, error.msg, now)
      throw error
    }
  }

  /** A TP (`sign` 1) or SL (`sign` -1) price from a margin ratio in percent, for a copy. */
  private ratioPrice(parent: Track, ratio: BD | undefined, sign: 1 | -1, leverage: BD): BD | undefined {
    if (ratio === undefined) return undefined
    const move = div(div(ratio, HUNDRED), leverage)
    const up = (parent.posSide === "long") === (sign === 1)
    const factor = up
      ? BigDecimal.sum(BigDecimal.fromBigInt(1n), move)
      : BigDecimal.subtract(BigDecimal.fromBigInt(1n), move)
    return round(BigDecimal.multiply(parent.openPrice, factor), this.world.contract(parent.symbol).pricePlace)
  }

  /** Closes one tracking order at market; a trader's close takes its copies along (marked `copies`). */
  close(track: Track, stopType: string, now: number, copies = "trader"): void {
    if (track.closing !== undefined) refuse("31009", "The tracking order is already closed")
    this.closeOne(track, stopType, now)
    if (track.parentNo === undefined) {
      for (const copy of this.state.openTracks((t) => t.parentNo === track.trackingNo)) {
        this.closeOne(copy, copies, now)
      }
    }
  }

  private closeOne(track: Track, stopType: string, now: number): void {
    const uid = track.ownerUid
    const hedge = this.world.posMode(uid, track.productType) === "hedge_mode"
    const held = this.world.position(uid, track.symbol, track.marginCoin, track.posSide)?.total ?? ZERO
    const size = BigDecimal.lessThan(held, track.openSize) ? held : track.openSize
    let closing: Closing
    if (!BigDecimal.isPositive(size)) {
      // The position went another way (closed by hand, liquidated): the copy ends flat.
      closing = {
        orderId: "",
        price: this.world.mark(track.symbol),
        size: ZERO,
        fee: ZERO,
        time: now,
        achievedPL: ZERO,
        netProfit: BigDecimal.negate(track.openFee),
        stopType: "system"
      }
    } else {
      const order = this.world.place(uid, {
        symbol: track.symbol,
        productType: track.productType,
        marginCoin: track.marginCoin,
        marginMode: "crossed",
        size,
        side: hedge ? (track.posSide === "long" ? "buy" : "sell") : (track.posSide === "long" ? "sell" : "buy"),
        tradeSide: "close",
        reduceOnly: !hedge,
        orderType: "market"
      }, now)
      const fee = BigDecimal.negate(order.fee)
      closing = {
        orderId: order.orderId,
        price: order.priceAvg ?? this.world.mark(track.symbol),
        size: order.filled,
        fee,
        time: now,
        achievedPL: order.profit,
        netProfit: BigDecimal.subtract(BigDecimal.subtract(order.profit, track.openFee), fee),
        stopType
      }
    }
    track.closing = closing
    if (track.parentNo !== undefined) this.settleShare(track, now)
  }

  /** The trader's share of a profitable copy moves from the follower's balance to the trader's. */
  private settleShare(copy: Track, now: number): void {
    const closing = copy.closing!
    if (!BigDecimal.isPositive(closing.netProfit)) return
    const trader = this.state.traders.get(copy.traderUid)
    if (trader === undefined) return
    const share = round(BigDecimal.multiply(closing.netProfit, trader.profitShareRatio), 8)
    if (!BigDecimal.isPositive(share)) return
    const coin = copy.marginCoin
    this.world.setBalance(copy.ownerUid, coin, BigDecimal.subtract(this.world.balance(copy.ownerUid, coin), share))
    this.world.setBalance(copy.traderUid, coin, BigDecimal.sum(this.world.balance(copy.traderUid, coin), share))
    copy.closing = { ...closing, netProfit: BigDecimal.subtract(closing.netProfit, share) }
    this.state.profits.push({
      profitId: this.state.nextId(),
      line: "futures",
      traderUid: copy.traderUid,
      followerUid: copy.ownerUid,
      coin,
      profit: share,
      ratio: BigDecimal.multiply(trader.profitShareRatio, HUNDRED),
      time: now
    })
  }
}
