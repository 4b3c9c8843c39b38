/**
 * Spot copy trading on top of the spot world: a spot trader's filled buy on an offered symbol
 * becomes a tracking order, and each follower buys its own copy (a multiple of the trader's
 * size, a fixed quote amount or a fixed size; capped by `maxHoldSize` and the follower's quote
 * balance, or skipped with a reason). The trader's sell of a tracking order (`closeTracking`)
 * sells the copies and settles the trader's share of each profitable one. Prices and balances
 * are the spot world's.
 */
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import type { Order } from "../spot/Records.js"
import type { World } from "../spot/World.js"
import { type FollowRecord, refuse, type State, type Track, trigger } from "./State.js"

type BD = BigDecimal.BigDecimal
const ZERO = BigDecimal.fromBigInt(0n)
const HUNDRED = BigDecimal.fromBigInt(100n)
const SCALE = 6
const floor = (value: BD, scale = SCALE) => BigDecimal.normalize(BigDecimal.round(value, { scale, mode: "floor" }))
const COPY_SOURCE = "copy"

export class SpotCopy {
  constructor(readonly state: State, readonly world: World) {
    world.fillListeners.push((order, now) => this.onFill(order, now))
    world.priceListeners.push((symbol, price, now) =>
      trigger(state, "spot", symbol, price, (track, stopType) => this.close(track, stopType, now, stopType))
    )
  }

  price(symbol: string): BD {
    return this.world.prices.get(symbol) ?? refuse("40034", `symbol ${symbol} does not exist`)
  }

  private onFill(order: Order, now: number): void {
    if (order.side !== "buy" || order.source === COPY_SOURCE) return
    const trader = this.state.traders.get(order.uid)
    if (trader === undefined || !trader.lines.has("spot") || !trader.spotSymbols.has(order.symbol)) return
    const price = order.priceAvg!
    const track: Track = {
      line: "spot",
      trackingNo: this.state.nextId(),
      ownerUid: order.uid,
      traderUid: order.uid,
      parentNo: undefined,
      symbol: order.symbol,
      productType: "SPOT",
      marginCoin: order.quote,
      posSide: "long",
      leverage: BigDecimal.fromBigInt(1n),
      openOrderId: order.orderId,
      openPrice: price,
      openSize: BigDecimal.subtract(order.baseVolume, order.fee),
      // The buy fee is paid in the base coin; kept here in quote terms.
      openFee: BigDecimal.multiply(order.fee, price),
      margin: order.quoteVolume,
      openTime: now,
      stopSurplusPrice: undefined,
      stopLossPrice: undefined,
      followCount: 0,
      closing: undefined,
      detached: false
    }
    this.state.tracks.push(track)
    if (!trader.enable) return
    for (const follow of this.state.followersOf(order.uid, "spot")) this.copy(track, follow, now)
  }

  private skip(parent: Track, followerUid: string, reason: string, now: number): void {
    this.state.skips.push({ line: "spot", traderTrackingNo: parent.trackingNo, followerUid, reason, time: now })
  }

  private copy(parent: Track, follow: FollowRecord, now: number): void {
    const uid = follow.followerUid
    const setting = follow.settings.get(parent.symbol)
    if (setting === undefined) return this.skip(parent, uid, `${parent.symbol} is not in the follow settings`, now)
    const price = this.price(parent.symbol)
    let size = floor(
      setting.traceType === "percent"
        ? BigDecimal.multiply(parent.openSize, setting.traceValue)
        : setting.traceType === "amount"
        ? BigDecimal.unsafeDivide(setting.traceValue, price)
        : setting.traceValue
    )
    if (setting.maxHoldSize !== undefined) {
      const held = this.state.openTracks((t) => t.line === "spot" && t.ownerUid === uid && t.symbol === parent.symbol)
        .reduce((sum, t) => BigDecimal.sum(sum, t.openSize), ZERO)
      const room = BigDecimal.subtract(setting.maxHoldSize, held)
      if (BigDecimal.lessThan(room, size)) size = floor(BigDecimal.isPositive(room) ? room : ZERO)
    }
    if (!BigDecimal.isPositive(size)) return this.skip(parent, uid, "the copy size is zero", now)
    const cost = BigDecimal.round(BigDecimal.multiply(size, price), { scale: SCALE, mode: "ceil" })
    if (BigDecimal.lessThan(this.world.balance(uid, parent.marginCoin).available, cost)) {
      return this.skip(parent, uid, "insufficient balance", now)
    }
    const placed = Effect.runSync(Effect.either(this.world.place({
      uid,
      symbol: parent.symbol,
      side: "buy",
      orderType: "market",
      force: "gtc",
      price: undefined,
      size: BigDecimal.normalize(cost),
      clientOid: undefined,
      source: COPY_SOURCE
    }, now)))
    if (Either.isLeft(placed)) return this.skip(parent, uid, placed.left.msg, now)
    const order = placed.right
    if (order.status !== "filled") return this.skip(parent, uid, "the copy did not fill", now)
    this.state.tracks.push({
      ...parent,
      trackingNo: this.state.nextId(),
      ownerUid: uid,
      parentNo: parent.trackingNo,
      openOrderId: order.orderId,
      openPrice: order.priceAvg!,
      openSize: BigDecimal.subtract(order.baseVolume, order.fee),
      openFee: BigDecimal.multiply(order.fee, order.priceAvg!),
      margin: order.quoteVolume,
      openTime: now,
      stopSurplusPrice: parent.stopSurplusPrice,
      stopLossPrice: parent.stopLossPrice,
      followCount: 0,
      closing: undefined,
      detached: false
    })
    parent.followCount += 1
  }

  /** Sells a tracking order at market; a trader's sale sells its copies (not the detached ones). */
  close(track: Track, stopType: string, now: number, copies = "trader"): void {
    if (track.closing !== undefined) refuse("31009", "The tracking order is already closed")
    this.sell(track, stopType, now)
    if (track.parentNo === undefined) {
      for (const copy of this.state.openTracks((t) => t.parentNo === track.trackingNo && !t.detached)) {
        this.sell(copy, copies, now)
      }
    }
  }

  /** Ends a copy's tracking without selling: the coins stay, the trader's sales no longer reach it. */
  detach(track: Track, now: number): void {
    if (track.closing !== undefined) refuse("31009", "The tracking order is already closed")
    track.detached = true
    track.closing = {
      orderId: "",
      price: this.price(track.symbol),
      size: ZERO,
      fee: ZERO,
      time: now,
      achievedPL: ZERO,
      netProfit: BigDecimal.negate(track.openFee),
      stopType: "follower_stop"
    }
  }

  private sell(track: Track, stopType: string, now: number): void {
    const base = this.world.balance(track.ownerUid, track.symbol.slice(0, -track.marginCoin.length)).available
    const size = floor(BigDecimal.lessThan(base, track.openSize) ? base : track.openSize)
    if (!BigDecimal.isPositive(size)) refuse("43012", "Insufficient balance to sell the tracking order")
    const order = Effect.runSync(this.world.place({
      uid: track.ownerUid,
      symbol: track.symbol,
      side: "sell",
      orderType: "market",
      force: "gtc",
      price: undefined,
      size,
      clientOid: undefined,
      source: COPY_SOURCE
    }, now))
    const price = order.priceAvg!
    const achievedPL = BigDecimal.multiply(BigDecimal.subtract(price, track.openPrice), size)
    const net = BigDecimal.subtract(BigDecimal.subtract(achievedPL, track.openFee), order.fee)
    track.closing = {
      orderId: order.orderId,
      price,
      size,
      fee: order.fee,
      time: now,
      achievedPL,
      netProfit: net,
      stopType
    }
    if (track.parentNo !== undefined) this.settleShare(track, now)
  }

  private settleShare(copy: Track, now: number): void {
    const closing = copy.closing!
    const trader = this.state.traders.get(copy.traderUid)
    if (trader === undefined || !BigDecimal.isPositive(closing.netProfit)) return
    const share = floor(BigDecimal.multiply(closing.netProfit, trader.profitShareRatio), 8)
    if (!BigDecimal.isPositive(share)) return
    const from = this.world.balance(copy.ownerUid, copy.marginCoin)
    const to = this.world.balance(copy.traderUid, copy.marginCoin)
    from.available = BigDecimal.subtract(from.available, share)
    to.available = BigDecimal.sum(to.available, share)
    copy.closing = { ...closing, netProfit: BigDecimal.subtract(closing.netProfit, share) }
    this.state.profits.push({
      profitId: this.state.nextId(),
      line: "spot",
      traderUid: copy.traderUid,
      followerUid: copy.ownerUid,
      coin: copy.marginCoin,
      profit: share,
      ratio: BigDecimal.multiply(trader.profitShareRatio, HUNDRED),
      time: now
    })
  }
}
