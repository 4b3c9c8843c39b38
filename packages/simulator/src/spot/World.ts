/**
 * The spot domain's state and rules: balances per account, coin and account type; orders that
 * rest or fill against a deterministic book around a settable price; plan orders that trigger
 * when the price crosses; fills, fees, transfers, deposits and withdrawals, each leaving bills.
 * Values are kept decoded (BigDecimal, epoch ms) and turned into the endpoints' rows on the way out.
 */
import * as Demo from "@effect-bitget/core/Demo"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { codes, reject, type Rejection } from "../Rejection.js"
import type { Balance, Bill, Fill, Order, Plan, TransferRecord, WalletRecord } from "./Records.js"

export type { Balance, Bill, Fill, Order, Plan, TransferRecord, WalletRecord } from "./Records.js"

export type { Dec } from "./Records.js"
type Dec = BD.BigDecimal

const dec = (value: string): Dec => BD.unsafeFromString(value)
const ZERO = dec("0")
/** Fee rate for maker and taker alike. */
export const FEE_RATE = dec("0.001")
const SCALE = 8

/** Prices the simulated market starts at (real and demo symbols). */
const START_PRICES: ReadonlyArray<readonly [string, string]> = [
  ["BTCUSDT", "60000"],
  ["ETHUSDT", "3000"],
  ["BGBUSDT", "1.2"],
  ["SOLUSDT", "150"],
  ["ETHBTC", "0.05"]
]

/** What each new account holds in spot. */
const START_BALANCES: ReadonlyArray<readonly [string, string]> = [
  ["USDT", "100000"],
  ["BTC", "10"],
  ["ETH", "100"],
  ["BGB", "1000"],
  ["SUSDT", "100000"],
  ["SBTC", "10"],
  ["SETH", "100"]
]

export class World {
  private nextId = 1_300_000_000_000_000_000n
  readonly balances = new Map<string, Map<string, Map<string, Balance>>>()
  readonly prices = new Map<string, Dec>()
  readonly orders = new Map<string, Order>()
  readonly clientOids = new Map<string, string>()
  readonly fills: Array<Fill> = []
  readonly bills: Array<Bill> = []
  readonly plans = new Map<string, Plan>()
  readonly planClientOids = new Map<string, string>()
  readonly transfers: Array<TransferRecord> = []
  readonly wallet: Array<WalletRecord> = []
  /** Told of every filled order (copy trading follows spot traders' buys). */
  readonly fillListeners: Array<(order: Order, now: number) => void> = []
  /** Told of every new price, after orders and plans reacted (copy trading's TP/SL). */
  readonly priceListeners: Array<(symbol: string, price: Dec, now: number) => void> = []

  constructor() {
    for (const [symbol, price] of START_PRICES) {
      this.prices.set(symbol, dec(price))
      this.prices.set(Demo.symbol(symbol), dec(price))
    }
  }

  id(): string {
    this.nextId += 1n
    return String(this.nextId)
  }

  /** Base and quote of a known symbol, or a rejection. */
  pair(symbol: string): Effect.Effect<{ base: string; quote: string; price: Dec }, Rejection> {
    const price = this.prices.get(symbol)
    const real = Demo.isDemoSymbol(symbol) ? Demo.realSymbol(symbol) : symbol
    const parts = Demo.split(real)
    if (price === undefined || parts === undefined) return reject("40034", `symbol ${symbol} does not exist`)
    const demo = Demo.isDemoSymbol(symbol)
    return Effect.succeed({
      base: demo ? Demo.coin(parts.base) : parts.base,
      quote: demo ? Demo.coin(parts.quote) : parts.quote,
      price
    })
  }

  account(uid: string, type = "spot"): Map<string, Balance> {
    let byType = this.balances.get(uid)
    if (byType === undefined) {
      byType = new Map()
      this.balances.set(uid, byType)
      const spot = new Map<string, Balance>()
      for (const [coin, amount] of START_BALANCES) {
        spot.set(coin, { available: dec(amount), frozen: ZERO, locked: ZERO, uTime: 0 })
      }
      byType.set("spot", spot)
    }
    let coins = byType.get(type)
    if (coins === undefined) {
      coins = new Map()
      byType.set(type, coins)
    }
    return coins
  }

  balance(uid: string, coin: string, type = "spot"): Balance {
    const coins = this.account(uid, type)
    let balance = coins.get(coin)
    if (balance === undefined) {
      balance = { available: ZERO, frozen: ZERO, locked: ZERO, uTime: 0 }
      coins.set(coin, balance)
    }
    return balance
  }

  /** Adds a bill for a change of `size` to the spot balance of `coin` (already applied). */
  bill(uid: string, coin: string, groupType: string, businessType: string, size: Dec, fees: Dec, now: number) {
    const balance = this.balance(uid, coin)
    this.bills.push({
      billId: this.id(),
      uid,
      coin,
      groupType,
      businessType,
      size,
      balance: BD.sum(balance.available, balance.frozen),
      fees,
      cTime: now
    })
  }

  /** Changes an available balance, failing when it would go negative. */
  move(uid: string, coin: string, delta: Dec, now: number, type = "spot"): Effect.Effect<void, Rejection> {
    const balance = this.balance(uid, coin, type)
    const next = BD.sum(balance.available, delta)
    if (BD.isNegative(next)) return reject(codes.insufficientBalance, `Insufficient balance of ${coin}`)
    balance.available = next
    balance.uTime = now
    return Effect.void
  }

  private freeze(uid: string, coin: string, amount: Dec, now: number): Effect.Effect<void, Rejection> {
    const balance = this.balance(uid, coin)
    if (BD.lessThan(balance.available, amount)) {
      return reject(codes.insufficientBalance, `Insufficient balance of ${coin}`)
    }
    balance.available = BD.subtract(balance.available, amount)
    balance.frozen = BD.sum(balance.frozen, amount)
    balance.uTime = now
    return Effect.void
  }

  private unfreeze(order: Order, now: number) {
    const coin = order.side === "buy" ? order.quote : order.base
    const balance = this.balance(order.uid, coin)
    balance.frozen = BD.subtract(balance.frozen, order.frozen)
    balance.available = BD.sum(balance.available, order.frozen)
    balance.uTime = now
    order.frozen = ZERO
  }

  /** Places an order: checks, freezes, and fills at once when it crosses the price. */
  place(input: {
    readonly uid: string
    readonly symbol: string
    readonly side: "buy" | "sell"
    readonly orderType: "limit" | "market"
    readonly force: string
    readonly price: Dec | undefined
    readonly size: Dec
    readonly clientOid: string | undefined
    readonly source?: string
  }, now: number): Effect.Effect<Order, Rejection> {
    return Effect.gen(this, function*() {
      const { base, price: market, quote } = yield* this.pair(input.symbol)
      if (input.clientOid !== undefined && this.clientOids.has(`${input.uid}:${input.clientOid}`)) {
        return yield* reject(codes.duplicateClientOid, "Duplicate clientOrderId")
      }
      if (input.orderType === "limit" && input.price === undefined) {
        return yield* reject(codes.parameterEmpty, "price cannot be empty for a limit order")
      }
      const frozen = input.side === "buy"
        ? input.orderType === "market" ? input.size : BD.multiply(input.price!, input.size)
        : input.size
      yield* this.freeze(input.uid, input.side === "buy" ? quote : base, frozen, now)
      const order: Order = {
        orderId: this.id(),
        clientOid: input.clientOid,
        uid: input.uid,
        symbol: input.symbol,
        base,
        quote,
        side: input.side,
        orderType: input.orderType,
        force: input.force,
        price: input.price,
        size: input.size,
        status: "live",
        priceAvg: undefined,
        baseVolume: ZERO,
        quoteVolume: ZERO,
        fee: ZERO,
        feeCoin: input.side === "buy" ? base : quote,
        frozen,
        source: input.source ?? "API",
        cTime: now,
        uTime: now
      }
      this.orders.set(order.orderId, order)
      if (input.clientOid !== undefined) this.clientOids.set(`${input.uid}:${input.clientOid}`, order.orderId)
      const crosses = input.orderType === "market" ||
        (input.side === "buy"
          ? BD.greaterThanOrEqualTo(input.price!, market)
          : BD.lessThanOrEqualTo(input.price!, market))
      if (crosses && input.force === "post_only") {
        order.status = "cancelled"
        this.unfreeze(order, now)
      } else if (crosses) {
        this.fill(order, market, "taker", now)
      } else if (input.force === "ioc" || input.force === "fok") {
        order.status = "cancelled"
        this.unfreeze(order, now)
      }
      return order
    })
  }

  /** Fills the whole order at `price`, moving balances and writing the fill, fee and bills. */
  fill(order: Order, price: Dec, scope: "maker" | "taker", now: number) {
    const size = order.side === "buy" && order.orderType === "market"
      ? BD.round(BD.unsafeDivide(order.size, price), { scale: SCALE, mode: "floor" })
      : order.size
    const amount = BD.multiply(size, price)
    const paid = order.side === "buy" ? amount : size
    const received = order.side === "buy" ? size : amount
    const payCoin = order.side === "buy" ? order.quote : order.base
    const getCoin = order.side === "buy" ? order.base : order.quote
    const fee = BD.round(BD.multiply(received, FEE_RATE), { scale: SCALE, mode: "ceil" })
    const pay = this.balance(order.uid, payCoin)
    pay.frozen = BD.subtract(pay.frozen, order.frozen)
    pay.available = BD.sum(pay.available, BD.subtract(order.frozen, paid))
    pay.uTime = now
    order.frozen = ZERO
    const get = this.balance(order.uid, getCoin)
    get.available = BD.sum(get.available, BD.subtract(received, fee))
    get.uTime = now
    order.status = "filled"
    order.priceAvg = price
    order.baseVolume = size
    order.quoteVolume = amount
    order.fee = fee
    order.uTime = now
    this.fills.push({
      tradeId: this.id(),
      orderId: order.orderId,
      uid: order.uid,
      symbol: order.symbol,
      side: order.side,
      orderType: order.orderType,
      price,
      size,
      amount,
      fee,
      feeCoin: getCoin,
      scope,
      cTime: now
    })
    this.bill(order.uid, payCoin, "transaction", order.side, BD.negate(paid), ZERO, now)
    this.bill(order.uid, getCoin, "transaction", order.side, received, ZERO, now)
    this.bill(order.uid, getCoin, "transaction", "deduction of handling fee", BD.negate(fee), BD.negate(fee), now)
    for (const listener of this.fillListeners) listener(order, now)
  }

  /** The order a request names, open or not. */
  find(uid: string, orderId: string | undefined, clientOid: string | undefined): Order | undefined {
    const id = orderId ?? (clientOid === undefined ? undefined : this.clientOids.get(`${uid}:${clientOid}`))
    const order = id === undefined ? undefined : this.orders.get(id)
    return order?.uid === uid ? order : undefined
  }

  cancel(uid: string, orderId: string | undefined, clientOid: string | undefined, now: number) {
    const order = this.find(uid, orderId, clientOid)
    if (order === undefined || (order.status !== "live" && order.status !== "partially_filled")) {
      return reject(codes.orderNotFound, "Order does not exist")
    }
    order.status = "cancelled"
    order.uTime = now
    this.unfreeze(order, now)
    return Effect.succeed(order)
  }

  /** Moves the price: resting orders that it crosses fill, plan orders it reaches trigger. */
  setPrice(symbol: string, price: Dec, now: number) {
    this.prices.set(symbol, price)
    for (const order of this.orders.values()) {
      if (order.symbol !== symbol || order.status !== "live" || order.orderType !== "limit") continue
      const crossed = order.side === "buy"
        ? BD.greaterThanOrEqualTo(order.price!, price)
        : BD.lessThanOrEqualTo(order.price!, price)
      if (crossed) this.fill(order, order.price!, "maker", now)
    }
    for (const plan of this.plans.values()) {
      if (plan.symbol !== symbol || plan.status !== "not_trigger") continue
      const reached = plan.direction === "up"
        ? BD.greaterThanOrEqualTo(price, plan.triggerPrice)
        : BD.lessThanOrEqualTo(price, plan.triggerPrice)
      if (!reached) continue
      plan.uTime = now
      const placed = Effect.runSyncExit(this.place({
        uid: plan.uid,
        symbol: plan.symbol,
        side: plan.side,
        orderType: plan.orderType,
        force: plan.force,
        price: plan.executePrice,
        size: plan.size,
        clientOid: undefined,
        source: "API"
      }, now))
      if (placed._tag === "Success") {
        plan.status = "triggered"
        plan.placedOrderId = placed.value.orderId
      } else {
        plan.status = "fail_trigger"
      }
    }
    for (const listener of this.priceListeners) listener(symbol, price, now)
  }
}

export const decimal = dec
export const zero = ZERO
