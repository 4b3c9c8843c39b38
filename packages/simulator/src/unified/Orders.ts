/**
 * A unified account's V3 orders, fills and positions, as a view over the one world: spot and
 * margin orders live in the spot world (matched and priced as V2's), futures orders and
 * positions in the futures world under `account === uid`. Nothing is copied; this module only
 * places through the worlds, finds, and translates rows and refusals into V3's vocabulary.
 *
 * Simplifications, as simulated: a `MARGIN` order trades the one balance like a spot order,
 * borrowing what it lacks (no interest, no automatic repayment: V3 `account/repay` repays). A
 * request with `paptrading: 1` reaches these routes as the account's demo side (its own uid and
 * ledger, `Accounts.demoOf`, chosen in `Exchange.ts`).
 *
 * Ids: both worlds count ids from the same base, so a futures order, fill or position shows on
 * V3 with its world id plus `FUTURES_OFFSET` (and is found by it); the demo side's futures ids
 * (from `DEMO_ID_BASE`, starting `8888` as V2's demo ids do) are far above every spot id and show as they are. Lists are ordered by id, so a
 * list over both spot and futures shows the futures rows first (each world's rows newest first).
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { isOpen as futuresOpen, type Order as FuturesOrder, Refusal } from "../futures/Records.js"
import { DEMO_ID_BASE } from "../futures/World.js"
import type { Rejection } from "../Rejection.js"
import type { Order as SpotOrder } from "../spot/World.js"
import type { UnifiedControl } from "./UnifiedDomain.js"
import { compact, inFutures, refuse, time, toV3 } from "./Wire.js"

export { compact, inFutures, page, refuse, time, toV3 } from "./Wire.js"

type BD = BigDecimal.BigDecimal
const ZERO = BigDecimal.fromBigInt(0n)
const dec = Decimal.unsafeMake

/** Added to futures world ids on V3 (see the module comment). */
export const FUTURES_OFFSET = 50_000_000_000_000_000n

export const futuresId = (worldId: string): string => {
  const id = BigInt(worldId)
  return id >= DEMO_ID_BASE ? worldId : String(id + FUTURES_OFFSET)
}
const worldIdOf = (v3Id: string): string | undefined => {
  if (!/^\d{1,30}$/.test(v3Id)) return undefined
  const id = BigInt(v3Id)
  if (id >= DEMO_ID_BASE) return v3Id
  return id >= 1_300_000_000_000_000_000n + FUTURES_OFFSET ? String(id - FUTURES_OFFSET) : undefined
}

/** One V3 order: a spot-world or a futures-world order. */
export type Ref =
  | { readonly _tag: "spot"; readonly id: string; readonly order: SpotOrder; readonly category: string }
  | { readonly _tag: "futures"; readonly id: string; readonly order: FuturesOrder; readonly category: string }

export const isOpen = (ref: Ref): boolean =>
  ref._tag === "spot" ? ref.order.status === "live" || ref.order.status === "partially_filled" : futuresOpen(ref.order)

const spotStatus = (status: string) => status

/** A strategy order as the strategy routes keep it: its V3 REST row and a signature of its state. */
export interface StrategyView {
  readonly row: any
  readonly reduceOnly: boolean | undefined
  readonly signature: string
}

/** What a V3 order request carries, decoded. */
export interface OrderRequest {
  readonly category: string
  readonly symbol: string
  readonly qty: BD | string
  readonly price?: BD | string | undefined
  readonly side: "buy" | "sell"
  readonly orderType: "limit" | "market"
  readonly timeInForce?: string | undefined
  readonly posSide?: "long" | "short" | undefined
  readonly clientOid?: string | undefined
  readonly reduceOnly?: boolean | undefined
  readonly marginMode?: "crossed" | "isolated" | undefined
  readonly takeProfit?: BD | string | undefined
  readonly stopLoss?: BD | string | undefined
}

/** A hedge-mode close's trade side on V3: the opposite of the position's direction the world keeps. */
const v3Side = (side: "buy" | "sell", hedgeClose: boolean) => hedgeClose ? side === "buy" ? "sell" : "buy" : side

const value = (input: BD | string): BD => Decimal.toBigDecimal(input)
const optional = (input: BD | string | undefined): BD | undefined => input === undefined ? undefined : value(input)

export class UnifiedOrders {
  /** Spot-world order ids placed as `MARGIN`. */
  private readonly margin = new Set<string>()
  /** Cancel-all deadlines (ms) by uid (`countdown-cancel-all`). */
  readonly deadlines = new Map<string, number>()
  /**
   * The account's strategy (TP/SL, trigger) orders as V3 REST rows, each with what changes it;
   * set by the strategy routes, read by the WebSocket `strategy-order` topic.
   */
  strategyOrders: (uid: string) => ReadonlyArray<StrategyView> = () => []

  constructor(readonly control: UnifiedControl) {}

  private static readonly views = new WeakMap<UnifiedControl, UnifiedOrders>()

  /**
   * The one view of a unified domain's orders: REST routes and WebSocket order entry share it
   * (the `MARGIN` ids and the cancel-all deadlines live here).
   */
  static of(control: UnifiedControl): UnifiedOrders {
    let view = UnifiedOrders.views.get(control)
    if (view === undefined) UnifiedOrders.views.set(control, view = new UnifiedOrders(control))
    return view
  }

  get spot() {
    return this.control.spot
  }
  get futures() {
    return this.control.futures
  }

  private spotRef(order: SpotOrder): Ref {
    return { _tag: "spot", id: order.orderId, order, category: this.margin.has(order.orderId) ? "MARGIN" : "SPOT" }
  }
  private futuresRef(order: FuturesOrder): Ref {
    return { _tag: "futures", id: futuresId(order.orderId), order, category: order.productType }
  }

  /** Every order of the account, both worlds. */
  all(uid: string): Array<Ref> {
    const out: Array<Ref> = []
    for (const order of this.spot.orders.values()) {
      if (order.uid === uid && order.account === "spot") out.push(this.spotRef(order))
    }
    for (const order of this.futures.orders) if (order.account === uid) out.push(this.futuresRef(order))
    return out
  }

  /** The order named by V3 `orderId` or `clientOid`. */
  find(uid: string, orderId: string | undefined, clientOid: string | undefined): Ref | undefined {
    if (orderId !== undefined && orderId !== "") {
      const worldId = worldIdOf(orderId)
      if (worldId !== undefined) {
        const order = this.futures.orders.find((o) => o.account === uid && o.orderId === worldId)
        return order === undefined ? undefined : this.futuresRef(order)
      }
      const order = this.spot.find(uid, orderId, undefined)
      return order === undefined ? undefined : this.spotRef(order)
    }
    if (clientOid === undefined || clientOid === "") return undefined
    const spot = this.spot.find(uid, undefined, clientOid)
    if (spot !== undefined) return this.spotRef(spot)
    const futures = this.futures.orders.find((o) => o.account === uid && o.clientOid === clientOid)
    return futures === undefined ? undefined : this.futuresRef(futures)
  }

  /** Cancels every open order when the account's cancel-all countdown ran out. */
  expire(uid: string, now: number): void {
    const deadline = this.deadlines.get(uid)
    if (deadline === undefined || now < deadline) return
    this.deadlines.delete(uid)
    for (const ref of this.all(uid)) if (isOpen(ref)) Effect.runSync(Effect.either(this.cancel(uid, ref, now)))
  }

  /** Places a V3 order through the world its category trades in. */
  place(uid: string, request: OrderRequest, now: number): Effect.Effect<Ref, Rejection> {
    return Effect.suspend(() => {
      if (request.clientOid !== undefined && this.find(uid, undefined, request.clientOid) !== undefined) {
        return refuse("25212", "Duplicate clientOid")
      }
      return request.category.endsWith("FUTURES")
        ? this.placeFutures(uid, request, now)
        : this.placeSpot(uid, request, now)
    })
  }

  /**
   * A `MARGIN` order borrows what the one balance lacks (Bitget's place-order page: "margin orders
   * auto-borrow"), up to twice the account's equity in all (3× leverage, the simulator's limit);
   * beyond that it is refused with 25202. What was borrowed for an order that is then refused is
   * given back. Answers the amount borrowed.
   */
  private autoBorrow(uid: string, request: OrderRequest, now: number): Effect.Effect<BD, Rejection> {
    return Effect.flatMap(Effect.mapError(this.spot.pair(request.symbol), (r) => toV3(r)), ({ base, price, quote }) => {
      const ledger = this.control.ledger
      const qty = value(request.qty)
      const coin = request.side === "buy" ? quote : base
      const needed = request.side === "sell"
        ? qty
        : request.orderType === "market"
        ? qty
        : BigDecimal.multiply(optional(request.price) ?? price, qty)
      const shortfall = BigDecimal.subtract(needed, ledger.balance(uid, coin).available)
      if (!BigDecimal.isPositive(shortfall)) return Effect.succeed(ZERO)
      const summary = ledger.assets(uid)
      let debtUsd = BigDecimal.multiply(shortfall, ledger.usd(coin))
      for (const asset of summary.assets) {
        debtUsd = BigDecimal.sum(debtUsd, BigDecimal.multiply(asset.debt, ledger.usd(asset.coin)))
      }
      if (BigDecimal.greaterThan(debtUsd, BigDecimal.multiply(summary.accountEquity, dec("2")))) {
        return refuse("25202", `Insufficient balance of ${coin}: the margin order would borrow past 3x leverage`)
      }
      ledger.borrow(uid, coin, shortfall, now)
      return Effect.succeed(shortfall)
    })
  }

  /** Gives back `amount` of `coin` borrowed for an order that was then refused (see `autoBorrow`). */
  private giveBack(uid: string, coin: string, amount: BD, now: number): void {
    const ledger = this.control.ledger
    const paid = ledger.repay(uid, coin, now)
    // `repay` pays all it can; borrow again whatever older debt it paid beyond this order's loan.
    const extra = BigDecimal.subtract(paid, amount)
    if (BigDecimal.isPositive(extra)) ledger.borrow(uid, coin, extra, now)
  }

  private placeSpot(uid: string, request: OrderRequest, now: number): Effect.Effect<Ref, Rejection> {
    if (request.category === "MARGIN") {
      return Effect.flatMap(this.autoBorrow(uid, request, now), (borrowed) =>
        this.placeInSpot(uid, request, now).pipe(
          Effect.tapError(() =>
            Effect.sync(() => {
              if (!BigDecimal.isPositive(borrowed)) return
              const coin = request.side === "buy"
                ? Effect.runSync(this.spot.pair(request.symbol)).quote
                : Effect.runSync(this.spot.pair(request.symbol)).base
              this.giveBack(uid, coin, borrowed, now)
            })
          )
        ))
    }
    return this.placeInSpot(uid, request, now)
  }

  private placeInSpot(uid: string, request: OrderRequest, now: number): Effect.Effect<Ref, Rejection> {
    return this.spot.place({
      uid,
      symbol: request.symbol,
      side: request.side,
      orderType: request.orderType,
      force: request.timeInForce ?? "gtc",
      price: optional(request.price),
      size: value(request.qty),
      clientOid: request.clientOid
    }, now).pipe(
      Effect.mapError((rejection) => toV3(rejection)),
      Effect.map((order) => {
        if (request.category === "MARGIN") this.margin.add(order.orderId)
        return this.spotRef(order)
      })
    )
  }

  private placeFutures(uid: string, request: OrderRequest, now: number): Effect.Effect<Ref, Rejection> {
    return inFutures(() => {
      const world = this.futures
      const contract = world.contract(request.symbol, request.category)
      const marginCoin = contract.marginCoins[0]!
      const mode = world.posMode(uid, contract.productType)
      // Hedge mode: buy+long and sell+short open, sell+long and buy+short close (reference §b.7).
      const tradeSide = mode !== "hedge_mode" || request.posSide === undefined
        ? undefined
        : (request.side === "buy") === (request.posSide === "long")
        ? "open" as const
        : "close" as const
      const input = {
        symbol: contract.symbol,
        productType: contract.productType,
        marginCoin,
        marginMode: request.marginMode ?? world.settingsOf(uid, contract.symbol, marginCoin).marginMode,
        size: value(request.qty),
        price: optional(request.price),
        // The futures world speaks V2's hedge vocabulary: `side` is the position's direction
        // (`buy` + `close` closes the long), where V3 says the trade's (`sell` + `long`).
        side: tradeSide === undefined ? request.side : request.posSide === "long" ? "buy" as const : "sell" as const,
        tradeSide,
        orderType: request.orderType,
        force: request.timeInForce,
        clientOid: request.clientOid,
        reduceOnly: request.reduceOnly,
        presetStopSurplusPrice: optional(request.takeProfit),
        presetStopLossPrice: optional(request.stopLoss)
      }
      if (request.orderType === "limit" && tradeSide !== "close" && request.reduceOnly !== true) {
        this.checkRestingMargin(uid, input, now)
      }
      return this.futuresRef(world.place(uid, input, now))
    })
  }

  /**
   * A limit order that opens is refused (25203) unless the account's available margin coin covers
   * its initial margin and fee on top of what its other open futures orders would take: Bitget
   * refuses it at placement, not only when it fills.
   */
  private checkRestingMargin(
    uid: string,
    input: { readonly symbol: string; readonly marginCoin: string; readonly size: BD; readonly price?: BD | undefined },
    _now: number
  ) {
    const world = this.futures
    const need = (symbol: string, size: BD, price: BD, marginCoin: string) => {
      const settings = world.settingsOf(uid, symbol, marginCoin)
      const notional = BigDecimal.multiply(size, price)
      const lev = settings.crossLeverage
      const margin = world.toMargin(BigDecimal.unsafeDivide(notional, lev), price, marginCoin)
      const fee = world.toMargin(BigDecimal.multiply(notional, dec("0.0006")), price, marginCoin)
      return BigDecimal.sum(margin, fee)
    }
    if (input.price === undefined) return
    let required = need(input.symbol, input.size, input.price, input.marginCoin)
    for (const order of world.orders) {
      if (order.account !== uid || !futuresOpen(order) || order.marginCoin !== input.marginCoin) continue
      if (order.price === undefined || order.tradeSide === "close" || order.reduceOnly) continue
      required = BigDecimal.sum(required, need(order.symbol, order.size, order.price, order.marginCoin))
    }
    if (BigDecimal.lessThan(world.balance(uid, input.marginCoin), required)) {
      throw new Refusal("25203", "Insufficient margin")
    }
  }

  cancel(uid: string, ref: Ref, now: number): Effect.Effect<Ref, Rejection> {
    if (!isOpen(ref)) return refuse("25204", "Order does not exist")
    if (ref._tag === "spot") {
      return Effect.map(
        Effect.mapError(this.spot.cancel(uid, ref.order.orderId, undefined, now), (r) => toV3(r)),
        () => ref
      )
    }
    this.futures.cancel(ref.order, now, "normal_cancel")
    return Effect.succeed(ref)
  }

  /** Amends an open order's qty and/or price; a spot order's frozen funds follow. */
  amend(uid: string, ref: Ref, qty: BD | undefined, price: BD | undefined, now: number): Effect.Effect<Ref, Rejection> {
    if (!isOpen(ref)) return refuse("25204", "Order does not exist")
    if (ref._tag === "futures") {
      const order = ref.order
      if (qty !== undefined) order.size = qty
      if (price !== undefined && order.orderType === "limit") order.price = price
      order.uTime = now
      // A new price may cross the mark: let the market look at it again.
      this.futures.setMark(order.symbol, this.futures.mark(order.symbol), now)
      return Effect.succeed(ref)
    }
    const order = ref.order as { -readonly [K in keyof SpotOrder]: SpotOrder[K] }
    const size = qty ?? order.size
    const limit = price ?? order.price
    const frozen = order.side === "buy"
      ? order.orderType === "market" ? size : BigDecimal.multiply(limit!, size)
      : size
    const balance = this.spot.balance(uid, order.side === "buy" ? order.quote : order.base)
    const available = BigDecimal.sum(balance.available, BigDecimal.subtract(order.frozen, frozen))
    if (BigDecimal.isNegative(available)) return refuse("25202", "Insufficient balance")
    balance.available = available
    balance.frozen = BigDecimal.sum(BigDecimal.subtract(balance.frozen, order.frozen), frozen)
    order.frozen = frozen
    order.size = size
    order.price = limit
    order.uTime = now
    this.spot.setPrice(order.symbol, this.spot.prices.get(order.symbol)!, now)
    return Effect.succeed(ref)
  }

  /** The V3 order row of `ref`. */
  row(ref: Ref): any {
    if (ref._tag === "spot") {
      const o = ref.order
      const marketBuy = o.side === "buy" && o.orderType === "market"
      return compact({
        orderId: o.orderId,
        clientOid: o.clientOid,
        category: ref.category,
        symbol: o.symbol,
        orderType: o.orderType,
        side: o.side,
        price: o.price ?? ZERO,
        // A market buy's size is the quote amount: V3 shows it as `amount`, `qty` 0.
        qty: marketBuy ? ZERO : o.size,
        amount: marketBuy ? o.size : undefined,
        cumExecQty: o.baseVolume,
        cumExecValue: o.quoteVolume,
        avgPrice: o.priceAvg,
        timeInForce: o.force,
        orderStatus: spotStatus(o.status),
        reduceOnly: false,
        marginMode: ref.category === "MARGIN" ? "crossed" : undefined,
        stpMode: "none",
        feeDetail: [compact({ feeCoin: o.feeCoin, fee: BigDecimal.isZero(o.fee) ? undefined : o.fee })],
        cancelReason: o.status === "cancelled" ? "normal_cancel" : undefined,
        createdTime: time(o.cTime),
        updatedTime: time(o.uTime)
      })
    }
    const o = ref.order
    const hedge = o.posMode === "hedge_mode"
    const posSide = hedge ? o.side === "buy" ? "long" : "short" : undefined
    return compact({
      orderId: ref.id,
      clientOid: o.clientOid,
      category: o.productType,
      symbol: o.symbol,
      orderType: o.orderType,
      side: v3Side(o.side, hedge && o.tradeSide === "close"),
      price: o.price ?? ZERO,
      qty: o.size,
      cumExecQty: o.filled,
      cumExecValue: o.priceAvg === undefined ? ZERO : BigDecimal.multiply(o.filled, o.priceAvg),
      avgPrice: o.priceAvg,
      timeInForce: o.force,
      orderStatus: o.status,
      posSide,
      holdMode: o.posMode,
      tradeSide: hedge ? o.tradeSide ?? "open" : o.reduceOnly ? "close" : "open",
      reduceOnly: o.reduceOnly,
      marginMode: o.marginMode,
      stpMode: "none",
      takeProfit: o.presetStopSurplusPrice,
      stopLoss: o.presetStopLossPrice,
      feeDetail: [
        compact({ feeCoin: o.marginCoin, fee: BigDecimal.isZero(o.fee) ? undefined : BigDecimal.negate(o.fee) })
      ],
      cancelReason: o.cancelReason,
      createdTime: time(o.cTime),
      updatedTime: time(o.uTime)
    })
  }

  /** The account's fills, both worlds, as V3 rows with their time. */
  fills(
    uid: string
  ): Array<{ readonly id: string; readonly at: number; readonly category: string; readonly row: any }> {
    const out: Array<{ id: string; at: number; category: string; row: any }> = []
    for (const fill of this.spot.fills) {
      if (fill.uid !== uid || fill.account !== "spot") continue
      const order = this.spot.orders.get(fill.orderId)
      const category = this.margin.has(fill.orderId) ? "MARGIN" : "SPOT"
      out.push({
        id: fill.tradeId,
        at: fill.cTime,
        category,
        row: compact({
          execId: fill.tradeId,
          orderId: fill.orderId,
          clientOid: order?.clientOid,
          category,
          symbol: fill.symbol,
          orderType: fill.orderType,
          side: fill.side,
          execPrice: fill.price,
          execQty: fill.size,
          execValue: fill.amount,
          tradeScope: fill.scope,
          feeDetail: [{ feeCoin: fill.feeCoin, fee: fill.fee }],
          createdTime: time(fill.cTime),
          updatedTime: time(fill.cTime)
        })
      })
    }
    for (const fill of this.futures.fills) {
      if (fill.account !== uid) continue
      const order = this.futures.orders.find((o) => o.orderId === fill.orderId)
      const closing = fill.tradeSide === "close" || (order !== undefined && order.reduceOnly)
      out.push({
        id: futuresId(fill.tradeId),
        at: fill.cTime,
        category: fill.productType,
        row: compact({
          execId: futuresId(fill.tradeId),
          orderId: futuresId(fill.orderId),
          clientOid: order?.clientOid,
          category: fill.productType,
          symbol: fill.symbol,
          orderType: order?.orderType ?? "market",
          side: v3Side(fill.side, fill.posMode === "hedge_mode" && fill.tradeSide === "close"),
          posSide: fill.posMode === "hedge_mode" ? fill.side === "buy" ? "long" : "short" : undefined,
          execPrice: fill.price,
          execQty: fill.size,
          execValue: BigDecimal.multiply(fill.price, fill.size),
          tradeScope: fill.tradeScope,
          tradeSide: closing ? "close" : "open",
          feeDetail: [{ feeCoin: fill.marginCoin, fee: BigDecimal.negate(fill.fee) }],
          execPnl: fill.profit,
          createdTime: time(fill.cTime),
          updatedTime: time(fill.cTime)
        })
      })
    }
    return out
  }
}
