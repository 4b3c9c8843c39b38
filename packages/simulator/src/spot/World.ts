/**
 * The spot domain's state and rules: balances per account, coin and account type; orders that
 * rest or fill against a deterministic book around a settable price; plan orders that trigger
 * when the price crosses; fills, fees, transfers, deposits and withdrawals, each leaving bills.
 * Values are kept decoded (BigDecimal, epoch ms) and turned into the endpoints' rows on the way out.
 */
import * as Demo from "@effect-bitget/core/Demo"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { createHash } from "node:crypto"
import { codes, reject, type Rejection } from "../Rejection.js"
import * as Pairs from "./Pairs.js"
import type { Balance, Bill, Fill, Order, Plan, TransferMove, TransferRecord, WalletRecord } from "./Records.js"

export type { Balance, Bill, Fill, Order, Plan, TransferMove, TransferRecord, WalletRecord } from "./Records.js"

export type { Dec } from "./Records.js"
type Dec = BD.BigDecimal

const dec = (value: string): Dec => BD.unsafeFromString(value)
const ZERO = dec("0")
/** Fee rate for maker and taker alike. */
export const FEE_RATE = dec("0.001")
const SCALE = 8

/** What each new main account holds in spot (sub-accounts start empty). */
const START_BALANCES: ReadonlyArray<readonly [string, string]> = [
  ["USDT", "100000"],
  ["BTC", "10"],
  ["ETH", "100"],
  ["BGB", "1000"],
  ["SUSDT", "100000"],
  ["SBTC", "10"],
  ["SETH", "100"]
]

/** A UUID-shaped clientOid derived from an order id (stable for the same id). */
const generatedClientOid = (orderId: string): string => {
  const hex = createHash("sha1").update(orderId).digest("hex")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

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
  /**
   * Hooks of other domains that keep accounts in this world's balances (margin): a guard may
   * refuse a transfer before anything moves; listeners hear of each fill and transfer done.
   */
  readonly hooks = {
    transferGuards: [] as Array<(move: TransferMove, now: number) => Effect.Effect<void, Rejection>>,
    transfers: [] as Array<(move: TransferMove, now: number) => void>,
    fills: [] as Array<(order: Order, fill: Fill, now: number) => void>
  }
  /** Told of every filled order (copy trading follows spot traders' buys). */
  readonly fillListeners: Array<(order: Order, now: number) => void> = []
  /** Told of every new price, after orders and plans reacted (copy trading's TP/SL). */
  readonly priceListeners: Array<(symbol: string, price: Dec, now: number) => void> = []

  /**
   * `seeded(uid)`: whether a new account starts with `START_BALANCES` (the main account) or
   * empty (a sub-account, funded by transfers).
   */
  constructor(private readonly seeded: (uid: string) => boolean = () => true) {
    for (const pair of Pairs.pairs) this.prices.set(pair.symbol, dec(pair.price))
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
      if (this.seeded(uid)) {
        for (const [coin, amount] of START_BALANCES) {
          spot.set(coin, { available: dec(amount), frozen: ZERO, locked: ZERO, uTime: 0 })
        }
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

  private freeze(uid: string, coin: string, amount: Dec, now: number, account: string): Effect.Effect<void, Rejection> {
    const balance = this.balance(uid, coin, account)
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
    const balance = this.balance(order.uid, coin, order.account)
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
    /** Whose balances: `spot` (the default) or a margin account's key. */
    readonly account?: string
  }, now: number): Effect.Effect<Order, Rejection> {
    return Effect.gen(this, function*() {
      const { base, price: market, quote } = yield* this.pair(input.symbol)
      const account = input.account ?? "spot"
      const oidKey = input.clientOid === undefined ? undefined : clientOidKey(input.uid, account, input.clientOid)
      if (oidKey !== undefined && this.clientOids.has(oidKey)) {
        return yield* reject(codes.duplicateClientOid, "Duplicate clientOrderId")
      }
      if (input.orderType === "limit" && input.price === undefined) {
        return yield* reject(codes.parameterEmpty, "price cannot be empty for a limit order")
      }
      yield* this.checkRules(input, market)
      const frozen = input.side === "buy"
        ? input.orderType === "market" ? input.size : BD.multiply(input.price!, input.size)
        : input.size
      yield* this.freeze(input.uid, input.side === "buy" ? quote : base, frozen, now, account)
      const orderId = this.id()
      const order: Order = {
        orderId,
        // The exchange names every order: one placed without a clientOid gets a generated one.
        clientOid: input.clientOid ?? generatedClientOid(orderId),
        uid: input.uid,
        account,
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
      this.clientOids.set(clientOidKey(input.uid, account, order.clientOid!), order.orderId)
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

  /** The value of `amount` of `coin` in USDT, when the simulator knows a price for it. */
  usdtValue(coin: string, amount: Dec): Dec | undefined {
    const real = Demo.realCoin(coin)
    if (real === "USDT" || real === "USDC") return amount
    const price = this.prices.get(`${real}USDT`)
    return price === undefined ? undefined : BD.multiply(amount, price)
  }

  /**
   * The pair's rules, as `spot/public/symbols` announces them: price and size precision
   * (40808), minimum and maximum size (43006, 43007) and the minimum order value in USDT (45110).
   */
  private checkRules(
    input: {
      readonly symbol: string
      readonly side: "buy" | "sell"
      readonly orderType: "limit" | "market"
      readonly price: Dec | undefined
      readonly size: Dec
    },
    market: Dec
  ): Effect.Effect<void, Rejection> {
    const rules = Pairs.bySymbol.get(input.symbol)
    if (rules === undefined) return Effect.void
    const quoteSized = input.side === "buy" && input.orderType === "market"
    const sizeScale = quoteSized ? rules.quotePrecision : rules.quantityPrecision
    if (BD.normalize(input.size).scale > sizeScale) {
      return reject(
        "40808",
        `Parameter verification exception size checkBDScale error value=${
          BD.format(input.size)
        } checkScale=${sizeScale}`
      )
    }
    if (
      input.orderType === "limit" && input.price !== undefined && BD.normalize(input.price).scale > rules.pricePrecision
    ) {
      return reject(
        "40808",
        `Parameter verification exception price checkBDScale error value=${
          BD.format(input.price)
        } checkScale=${rules.pricePrecision}`
      )
    }
    if (input.orderType === "limit" && input.price !== undefined && !BD.isPositive(input.price)) {
      return reject("43008", "The order price cannot be lower than the minimum price")
    }
    if (!quoteSized) {
      if (BD.lessThan(input.size, dec(rules.minTradeAmount)) || !BD.isPositive(input.size)) {
        return reject("43006", `The order amount must not be less than ${rules.minTradeAmount}`)
      }
      if (BD.greaterThan(input.size, dec(rules.maxTradeAmount))) {
        return reject("43007", `The order amount must not exceed ${rules.maxTradeAmount}`)
      }
    }
    const quoteAmount = quoteSized ? input.size : BD.multiply(input.size, input.price ?? market)
    const usdt = this.usdtValue(rules.quoteCoin, quoteAmount)
    if (usdt !== undefined && BD.lessThan(usdt, dec(rules.minTradeUSDT))) {
      return reject("45110", `less than the minimum order quantity: ${rules.minTradeUSDT} USDT`)
    }
    return Effect.void
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
    const pay = this.balance(order.uid, payCoin, order.account)
    pay.frozen = BD.subtract(pay.frozen, order.frozen)
    pay.available = BD.sum(pay.available, BD.subtract(order.frozen, paid))
    pay.uTime = now
    order.frozen = ZERO
    const get = this.balance(order.uid, getCoin, order.account)
    get.available = BD.sum(get.available, BD.subtract(received, fee))
    get.uTime = now
    order.status = "filled"
    order.priceAvg = price
    order.baseVolume = size
    order.quoteVolume = amount
    order.fee = fee
    order.uTime = now
    const fill: Fill = {
      tradeId: this.id(),
      orderId: order.orderId,
      uid: order.uid,
      account: order.account,
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
    }
    this.fills.push(fill)
    if (order.account === "spot") {
      this.bill(order.uid, payCoin, "transaction", order.side, BD.negate(paid), ZERO, now)
      this.bill(order.uid, getCoin, "transaction", order.side, received, ZERO, now)
      this.bill(order.uid, getCoin, "transaction", "deduction of handling fee", BD.negate(fee), BD.negate(fee), now)
    }
    for (const listener of this.hooks.fills) listener(order, fill, now)
    for (const listener of this.fillListeners) listener(order, now)
  }

  /** The order a request names, open or not. */
  find(uid: string, orderId: string | undefined, clientOid: string | undefined, account = "spot"): Order | undefined {
    const id = orderId ??
      (clientOid === undefined ? undefined : this.clientOids.get(clientOidKey(uid, account, clientOid)))
    const order = id === undefined ? undefined : this.orders.get(id)
    return order?.uid === uid && order.account === account ? order : undefined
  }

  cancel(uid: string, orderId: string | undefined, clientOid: string | undefined, now: number, account = "spot") {
    const order = this.find(uid, orderId, clientOid, account)
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

/** clientOids are unique per account and per balance set (spot, each margin account). */
const clientOidKey = (uid: string, account: string, clientOid: string) =>
  account === "spot" ? `${uid}:${clientOid}` : `${uid}:${account}:${clientOid}`

export const decimal = dec
export const zero = ZERO
