/**
 * The Stock+ account of each unified uid in the simulator: USD cash (available and frozen by
 * open buys), share positions, orders that rest and fill against the stock's book, executions,
 * the cash flow and the transfers with the unified balance. The book is the one price path of
 * the stock (`StockPlusMarket.ts` reads the same path): a marketable order fills at once at the
 * best opposite level, anything else rests until `setPrice` moves the stock across it (then it
 * fills at its own price). No fees are charged; a day is a UTC day.
 *
 * Simplified: trailing orders rest and never trigger; touched orders (`LIT`/`MIT`) trigger when
 * `setPrice` reaches their trigger.
 */
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as PricePath from "../PricePath.js"
import { reject, type Rejection } from "../Rejection.js"
import type { Funds } from "./Funds.js"
import { STOCKS } from "./RealityRoutes.js"

type Dec = BD.BigDecimal
const ZERO = BD.fromBigInt(0n)
const dec = (text: string) => BD.unsafeFromString(text)

/** The V3 codes the routes answer with (reference §b.4). */
export const codes = { noSymbol: "25100", insufficient: "25202", noOrder: "25204", invalid: "25200" } as const

export interface Stock {
  /** `AAPL.US` */
  readonly symbol: string
  /** `AAPL`: the key of its one price path, shared with the Reality pair of the same stock. */
  readonly code: string
  readonly name: string
}

export const STOCK_LIST: ReadonlyArray<Stock> = STOCKS.map((s) => ({
  symbol: `${s.code}.US`,
  code: s.code,
  name: s.name
}))

export interface Order {
  readonly orderId: string
  readonly symbol: string
  readonly side: "Buy" | "Sell"
  readonly orderType: string
  readonly timeInForce: string
  readonly outsideRth: string
  quantity: Dec
  executedQuantity: Dec
  /** The limit price (a market order's: the price it filled at). */
  price: Dec | undefined
  executedPrice: Dec | undefined
  triggerPrice: Dec | undefined
  /** Cash a buy holds frozen, or shares a sell does. */
  frozen: Dec
  status: string
  readonly submittedAt: number
  updatedAt: number
  readonly history: Array<{ price: Dec; quantity: Dec; status: string; time: number }>
  readonly remark: string | undefined
  readonly expireDate: string | undefined
}

export interface Execution {
  readonly orderId: string
  readonly tradeId: string
  readonly symbol: string
  readonly quantity: Dec
  readonly price: Dec
  readonly time: number
}

export interface Flow {
  readonly name: string
  /** `1` out, `2` in. */
  readonly direction: "1" | "2"
  readonly businessType: string
  readonly amount: Dec
  readonly time: number
  readonly symbol: string | undefined
}

export interface TransferRecord {
  readonly seq: number
  readonly transferId: string
  readonly coin: string
  readonly amount: Dec
  readonly direction: "in" | "out"
  readonly time: number
}

export interface Position {
  quantity: Dec
  /** Frozen by open sells. */
  frozen: Dec
  cost: Dec
  initQuantity: Dec
}

export interface Holder {
  available: Dec
  frozen: Dec
  readonly positions: Map<string, Position>
  readonly orders: Array<Order>
  readonly executions: Array<Execution>
  readonly flows: Array<Flow>
  readonly transfers: Array<TransferRecord>
}

/** The start (ms) of the UTC day holding `now`: "today" of the today-orders and -executions reads. */
export const startOfDay = (now: number): number => now - (now % PricePath.millis.DAY)

export class StockPlusBook {
  private readonly prices = new Map<string, Dec>(STOCKS.map((s) => [`${s.code}.US`, dec(s.price)]))
  private readonly holders = new Map<string, Holder>()
  private seq = 0

  constructor(private readonly funds: Funds) {}

  stock(symbol: string): Effect.Effect<Stock, Rejection> {
    const found = STOCK_LIST.find((s) => s.symbol === symbol.toUpperCase())
    return found === undefined ? reject(codes.noSymbol, `The symbol ${symbol} does not exist`) : Effect.succeed(found)
  }

  /** The live price of a stock. */
  price(symbol: string): Dec {
    return this.prices.get(symbol)!
  }

  /** The stock's one price path, its price at `now` the live price. */
  path(stock: Stock, now: number): PricePath.Path {
    return PricePath.make(stock.code, this.price(stock.symbol), now, { price: 2, size: 0 })
  }

  /** The best bid and ask: one book step either side of the live price (`PricePath.book`). */
  touch(stock: Stock, now: number): { readonly bid: Dec; readonly ask: Dec } {
    const book = PricePath.book(this.path(stock, now), this.price(stock.symbol), 1, now)
    return { bid: book.bids[0]!.price, ask: book.asks[0]!.price }
  }

  holder(uid: string): Holder {
    let found = this.holders.get(uid)
    if (found === undefined) {
      found = {
        available: ZERO,
        frozen: ZERO,
        positions: new Map(),
        orders: [],
        executions: [],
        flows: [],
        transfers: []
      }
      this.holders.set(uid, found)
    }
    return found
  }

  private nextId(): string {
    this.seq += 1
    return String(700_000_000_000 + this.seq)
  }

  /** Moves `amount` of `coin` between the unified balance and Stock+ cash (USD, 1 for 1). */
  transfer(uid: string, coin: string, amount: Dec, direction: "in" | "out", now: number) {
    const holder = this.holder(uid)
    return Effect.gen(this, function*() {
      if (!/^USD[TC]?$/.test(coin.toUpperCase())) {
        return yield* reject(codes.invalid, `Only USDT or USDC move to Stock+, not ${coin}`)
      }
      if (direction === "in") {
        yield* this.funds.move(uid, "uta", coin, BD.negate(amount), now, ["transfer", "transfer-out"])
        holder.available = BD.sum(holder.available, amount)
      } else {
        if (BD.lessThan(holder.available, amount)) return yield* reject(codes.insufficient, "Insufficient Stock+ cash")
        yield* this.funds.move(uid, "uta", coin, amount, now, ["transfer", "transfer-in"])
        holder.available = BD.subtract(holder.available, amount)
      }
      const transferId = this.nextId()
      holder.transfers.unshift({ seq: this.seq, transferId, coin: coin.toUpperCase(), amount, direction, time: now })
      holder.flows.unshift({
        name: direction === "in" ? "Transfer in" : "Transfer out",
        direction: direction === "in" ? "2" : "1",
        businessType: "transfer",
        amount,
        time: now,
        symbol: undefined
      })
      return transferId
    })
  }

  place(uid: string, stock: Stock, input: {
    readonly side: "Buy" | "Sell"
    readonly orderType: string
    readonly quantity: Dec
    readonly price: Dec | undefined
    readonly triggerPrice: Dec | undefined
    readonly timeInForce: string
    readonly outsideRth: string | undefined
    readonly remark: string | undefined
    readonly expireDate: string | undefined
  }, now: number): Effect.Effect<Order, Rejection> {
    const holder = this.holder(uid)
    return Effect.suspend(() => {
      const { ask } = this.touch(stock, now)
      // A buy freezes its cost at its limit (a market or touched buy's at the ask).
      const unit = input.price ??
        (input.orderType === "MO" || input.orderType === "MIT" ? ask : input.triggerPrice ?? ask)
      const order: Order = {
        orderId: this.nextId(),
        symbol: stock.symbol,
        side: input.side,
        orderType: input.orderType,
        timeInForce: input.timeInForce,
        outsideRth: input.outsideRth ?? "RTHOnly",
        quantity: input.quantity,
        executedQuantity: ZERO,
        price: input.price,
        executedPrice: undefined,
        triggerPrice: input.triggerPrice,
        frozen: input.side === "Buy" ? BD.multiply(input.quantity, unit) : input.quantity,
        status: "NewStatus",
        submittedAt: now,
        updatedAt: now,
        history: [],
        remark: input.remark,
        expireDate: input.expireDate
      }
      const freeze = this.freeze(holder, order)
      if (freeze !== undefined) return freeze
      order.history.push({ price: unit, quantity: order.quantity, status: "NewStatus", time: now })
      holder.orders.unshift(order)
      this.match(holder, order, now, true)
      return Effect.succeed(order)
    })
  }

  private freeze(holder: Holder, order: Order): Effect.Effect<never, Rejection> | undefined {
    if (order.side === "Buy") {
      if (BD.lessThan(holder.available, order.frozen)) return reject(codes.insufficient, "Insufficient Stock+ cash")
      holder.available = BD.subtract(holder.available, order.frozen)
      holder.frozen = BD.sum(holder.frozen, order.frozen)
      return undefined
    }
    const position = holder.positions.get(order.symbol)
    const free = position === undefined ? ZERO : BD.subtract(position.quantity, position.frozen)
    if (position === undefined || BD.lessThan(free, order.frozen)) {
      return reject(codes.insufficient, `Insufficient ${order.symbol} shares`)
    }
    position.frozen = BD.sum(position.frozen, order.frozen)
    return undefined
  }

  private release(holder: Holder, order: Order) {
    if (order.side === "Buy") {
      holder.available = BD.sum(holder.available, order.frozen)
      holder.frozen = BD.subtract(holder.frozen, order.frozen)
    } else {
      const position = holder.positions.get(order.symbol)!
      position.frozen = BD.subtract(position.frozen, order.frozen)
    }
    order.frozen = ZERO
  }

  /** Whether an open order is done. */
  static open(order: Order): boolean {
    return order.status === "NewStatus" || order.status === "PartialFilledStatus" || order.status === "ReplacedStatus"
  }

  /**
   * Fills `order` if the book crosses it: on arrival (`taking`) a marketable order takes the
   * best opposite level; a resting one fills at its own limit once the price has moved across.
   */
  private match(holder: Holder, order: Order, now: number, taking: boolean) {
    if (!StockPlusBook.open(order)) return
    const stock = STOCK_LIST.find((s) => s.symbol === order.symbol)!
    const { ask, bid } = this.touch(stock, now)
    const live = this.price(order.symbol)
    const buy = order.side === "Buy"
    let limit = order.price
    if (order.orderType === "LIT" || order.orderType === "MIT") {
      const trigger = order.triggerPrice!
      // A touched buy waits for the price to fall to its trigger, a sell for it to rise.
      const touched = buy ? BD.lessThanOrEqualTo(live, trigger) : BD.greaterThanOrEqualTo(live, trigger)
      if (!touched) return
      if (order.orderType === "MIT") limit = undefined
    } else if (order.orderType !== "LO" && order.orderType !== "MO") {
      return
    }
    const best = buy ? ask : bid
    let at: Dec | undefined
    if (limit === undefined) at = best
    else if (buy ? BD.lessThanOrEqualTo(best, limit) : BD.greaterThanOrEqualTo(best, limit)) {
      at = taking ? best : limit
    }
    if (at === undefined) return
    this.fill(holder, order, at, now)
  }

  private fill(holder: Holder, order: Order, price: Dec, now: number) {
    const quantity = BD.subtract(order.quantity, order.executedQuantity)
    const value = BD.multiply(quantity, price)
    let position = holder.positions.get(order.symbol)
    if (order.side === "Buy") {
      holder.frozen = BD.subtract(holder.frozen, order.frozen)
      holder.available = BD.sum(holder.available, BD.subtract(order.frozen, value))
      if (position === undefined) {
        position = { quantity: ZERO, frozen: ZERO, cost: ZERO, initQuantity: ZERO }
        holder.positions.set(order.symbol, position)
      }
      const total = BD.sum(position.quantity, quantity)
      position.cost = BD.unsafeDivide(BD.sum(BD.multiply(position.cost, position.quantity), value), total)
      position.quantity = total
    } else {
      position!.frozen = BD.subtract(position!.frozen, quantity)
      position!.quantity = BD.subtract(position!.quantity, quantity)
      holder.available = BD.sum(holder.available, value)
    }
    order.frozen = ZERO
    order.executedQuantity = order.quantity
    order.executedPrice = price
    if (order.price === undefined) order.price = price
    order.status = "FilledStatus"
    order.updatedAt = now
    order.history.push({ price, quantity, status: "FilledStatus", time: now })
    const tradeId = this.nextId()
    holder.executions.unshift({ orderId: order.orderId, tradeId, symbol: order.symbol, quantity, price, time: now })
    holder.flows.unshift({
      name: order.side === "Buy" ? "Buy shares" : "Sell shares",
      direction: order.side === "Buy" ? "1" : "2",
      businessType: "trade",
      amount: value,
      time: now,
      symbol: order.symbol
    })
  }

  find(uid: string, orderId: string): Effect.Effect<Order, Rejection> {
    const order = this.holder(uid).orders.find((o) => o.orderId === orderId)
    return order === undefined ? reject(codes.noOrder, "The order does not exist") : Effect.succeed(order)
  }

  cancel(uid: string, orderId: string, now: number): Effect.Effect<Order, Rejection> {
    return Effect.flatMap(this.find(uid, orderId), (order) => {
      if (!StockPlusBook.open(order)) return reject(codes.noOrder, "The order is not open")
      this.release(this.holder(uid), order)
      order.status = "CanceledStatus"
      order.updatedAt = now
      order.history.push({ price: order.price ?? ZERO, quantity: order.quantity, status: "CanceledStatus", time: now })
      return Effect.succeed(order)
    })
  }

  /** A new quantity and price for an open order: its frozen amount follows, then it may fill. */
  modify(uid: string, orderId: string, change: {
    readonly quantity: Dec
    readonly price: Dec | undefined
    readonly triggerPrice: Dec | undefined
  }, now: number): Effect.Effect<Order, Rejection> {
    const holder = this.holder(uid)
    return Effect.flatMap(this.find(uid, orderId), (order) => {
      if (!StockPlusBook.open(order)) return reject(codes.noOrder, "The order is not open")
      if (order.orderType === "MO" && change.price !== undefined) {
        return reject(codes.invalid, "A market order has no price to modify")
      }
      const before = { quantity: order.quantity, price: order.price, trigger: order.triggerPrice, frozen: order.frozen }
      this.release(holder, order)
      order.quantity = change.quantity
      if (change.price !== undefined) order.price = change.price
      if (change.triggerPrice !== undefined) order.triggerPrice = change.triggerPrice
      const unit = order.price ?? order.triggerPrice ??
        this.touch(STOCK_LIST.find((s) => s.symbol === order.symbol)!, now).ask
      order.frozen = order.side === "Buy" ? BD.multiply(order.quantity, unit) : order.quantity
      const refused = this.freeze(holder, order)
      if (refused !== undefined) {
        // All or nothing: the order stands as it was.
        order.quantity = before.quantity
        order.price = before.price
        order.triggerPrice = before.trigger
        order.frozen = before.frozen
        this.freeze(holder, order)
        return refused
      }
      order.status = "ReplacedStatus"
      order.updatedAt = now
      order.history.push({ price: unit, quantity: order.quantity, status: "ReplacedStatus", time: now })
      this.match(holder, order, now, true)
      return Effect.succeed(order)
    })
  }

  /** A test knob: the stock's price moves to `price`; resting orders it crosses fill at their limit. */
  setPrice(symbol: string, price: Dec | string, now: number) {
    this.prices.set(symbol, typeof price === "string" ? dec(price) : price)
    for (const holder of this.holders.values()) {
      for (const order of [...holder.orders].reverse()) {
        if (order.symbol === symbol) this.match(holder, order, now, false)
      }
    }
  }
}
