/**
 * The futures domain's state and matching rules: accounts per margin coin, leverage and modes,
 * positions (one-way or hedge), orders that fill against a deterministic mark price, plan
 * orders that trigger into sub orders, trailing stops, fills and bills. Plain synchronous code:
 * the routes (`FuturesDomain.ts`) call it and turn its refusals into Bitget errors.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as BigDecimal from "effect/BigDecimal"
import { type ContractDef, linearCoins, startingBalances } from "./Contracts.js"
import {
  type Bill,
  type ClosedPosition,
  type Fill,
  type FillEvent,
  type HoldSide,
  isOpen,
  type NewPlan,
  type Order,
  type OrderInput,
  type Plan,
  type Position,
  type PosMode,
  Refusal,
  type Settings,
  type TpslPlanType
} from "./Records.js"

export type BD = BigDecimal.BigDecimal
export const ZERO = BigDecimal.fromBigInt(0n)
const num = (value: BD | string): BD => typeof value === "string" ? Decimal.unsafeMake(value) : value
const round = (value: BD, scale = 8): BD => BigDecimal.normalize(BigDecimal.scale(value, scale))
const div = (a: BD, b: BD): BD => round(BigDecimal.unsafeDivide(a, b), 12)
const min = (a: BD, b: BD): BD => BigDecimal.lessThan(a, b) ? a : b

export const TAKER_FEE = Decimal.unsafeMake("0.0006")
export const MAKER_FEE = Decimal.unsafeMake("0.0002")
export const DEFAULT_LEVERAGE = Decimal.unsafeMake("20")

const refuse = (code: string, msg: string): never => {
  throw new Refusal(code, msg)
}

/** Real ids count up from here; demo ids from `DEMO_ID_BASE`, so a demo id starts with `8888`. */
const REAL_ID_BASE = 1_300_000_000_000_000_000n
export const DEMO_ID_BASE = 8_888_000_000_000_000_000n

/** Cash kept outside this world (see `World.sharedBalance`). */
export interface SharedBalance {
  readonly get: () => BD
  readonly set: (value: BD) => void
}

/** `Symbol` case and product type case do not matter to the exchange. */
export const canonical = (productType: string): string => productType.toUpperCase()

export class World {
  readonly contracts = new Map<string, ContractDef>()
  readonly marks = new Map<string, BD>()
  private readonly balances = new Map<string, BD>()
  private readonly modes = new Map<string, PosMode>()
  private readonly settings = new Map<string, Settings>()
  readonly positions = new Map<string, Position>()
  readonly closedPositions: Array<ClosedPosition> = []
  readonly orders: Array<Order> = []
  /**
   * The orders that rested when placed, for the margin they hold: an order never reopens, so the
   * open ones are all here (closed ones are dropped as they are met), and a placement costs the
   * account's resting orders rather than every order the world ever saw.
   */
  private readonly resting = new Set<Order>()
  readonly fills: Array<Fill> = []
  readonly bills: Array<Bill> = []
  readonly plans: Array<Plan> = []
  /** Told of every executed leg once its order is filled (copy trading follows traders' fills). */
  readonly fillListeners: Array<(event: FillEvent) => void> = []
  /** Told of every new mark price, after orders and plans reacted (copy trading's TP/SL). */
  readonly markListeners: Array<(symbol: string, mark: BD, now: number) => void> = []
  private counter = 0n
  private tickCount = 0

  /**
   * `seeded(uid)`: whether a new account (`uid`, or `uid:demo`) starts with the starting
   * balances (the main account) or empty (a sub-account, funded by transfers).
   */
  constructor(contracts: ReadonlyArray<ContractDef>, private readonly seeded: (uid: string) => boolean = () => true) {
    for (const contract of contracts) {
      this.contracts.set(contract.symbol, contract)
      this.marks.set(contract.symbol, num(contract.price))
    }
  }

  // ---- ids, lookups -------------------------------------------------------------------------

  nextId(demo: boolean): string {
    this.counter += 1n
    return String((demo ? DEMO_ID_BASE : REAL_ID_BASE) + this.counter)
  }

  contract(symbol: string, productType?: string): ContractDef {
    const contract = this.contracts.get(symbol.toUpperCase())
    if (contract === undefined) return refuse("40034", `symbol ${symbol} does not exist`)
    if (productType !== undefined && canonical(productType) !== contract.productType) {
      return refuse("40017", `symbol ${symbol} is not a ${productType} contract`)
    }
    return contract
  }

  mark(symbol: string): BD {
    return this.marks.get(symbol.toUpperCase()) ?? refuse("40034", `symbol ${symbol} does not exist`)
  }

  isDemo(account: string, contract: ContractDef): boolean {
    return account.endsWith(":demo") || contract.productType.startsWith("S")
  }

  /**
   * Where an account's cash lives when it is not in this world: a unified account has one
   * balance per coin across spot, margin and futures, kept in the spot world (unified/Ledger.ts
   * sets this). `undefined` for every other account, whose cash is this world's own.
   */
  sharedBalance: ((account: string, coin: string) => SharedBalance | undefined) | undefined

  balance(account: string, coin: string): BD {
    const shared = this.sharedBalance?.(account, coin)
    if (shared !== undefined) return shared.get()
    const key = `${account}|${coin.toUpperCase()}`
    let value = this.balances.get(key)
    if (value === undefined) {
      value = this.seeded(account.split(":")[0]!) ? num(startingBalances[coin.toUpperCase()] ?? "0") : ZERO
      this.balances.set(key, value)
    }
    return value
  }

  setBalance(account: string, coin: string, value: BD): void {
    const shared = this.sharedBalance?.(account, coin)
    if (shared !== undefined) return shared.set(value)
    this.balances.set(`${account}|${coin.toUpperCase()}`, value)
  }

  private credit(account: string, coin: string, amount: BD): BD {
    const next = BigDecimal.sum(this.balance(account, coin), amount)
    this.setBalance(account, coin, next)
    return next
  }

  posMode(account: string, productType: string): PosMode {
    return this.modes.get(`${account}|${canonical(productType)}`) ?? "one_way_mode"
  }

  setPosMode(account: string, productType: string, mode: PosMode): void {
    const busy = this.openPositions(account, productType).length > 0 ||
      this.orders.some((o) => o.account === account && o.productType === canonical(productType) && isOpen(o))
    if (busy) refuse("40920", "positions or orders exist; the position mode cannot be changed")
    this.modes.set(`${account}|${canonical(productType)}`, mode)
  }

  settingsOf(account: string, symbol: string, marginCoin: string): Settings {
    const key = `${account}|${symbol.toUpperCase()}|${marginCoin.toUpperCase()}`
    let value = this.settings.get(key)
    if (value === undefined) {
      value = {
        marginMode: "crossed",
        longLeverage: DEFAULT_LEVERAGE,
        shortLeverage: DEFAULT_LEVERAGE,
        crossLeverage: DEFAULT_LEVERAGE
      }
      this.settings.set(key, value)
    }
    return value
  }

  checkMarginCoin(contract: ContractDef, marginCoin: string): void {
    if (!contract.marginCoins.includes(marginCoin.toUpperCase())) {
      refuse("40017", `margin coin ${marginCoin} cannot margin ${contract.symbol}`)
    }
  }

  /**
   * Sets leverage: `leverage` for both sides (one side with `holdSide`) and the cross leverage;
   * `sides` (`longLeverage` / `shortLeverage`) set one side each and win over `leverage`; in cross
   * mode `longLeverage` wins (https://www.bitget.com/api-doc/contract/account/Change-Leverage).
   */
  setLeverage(
    account: string,
    contract: ContractDef,
    marginCoin: string,
    leverage: BD | undefined,
    holdSide?: HoldSide,
    sides: { readonly long?: BD | undefined; readonly short?: BD | undefined } = {}
  ) {
    this.checkMarginCoin(contract, marginCoin)
    for (const value of [leverage, sides.long, sides.short]) {
      if (value !== undefined && (BigDecimal.lessThan(value, num("1")) || BigDecimal.greaterThan(value, num("125")))) {
        refuse("40017", "leverage must be from 1 to 125")
      }
    }
    const settings = this.settingsOf(account, contract.symbol, marginCoin)
    const long = sides.long ?? (holdSide !== "short" ? leverage : undefined)
    const short = sides.short ?? (holdSide !== "long" ? leverage : undefined)
    const cross = holdSide === undefined ? sides.long ?? sides.short ?? leverage : undefined
    if (long !== undefined) settings.longLeverage = long
    if (short !== undefined) settings.shortLeverage = short
    if (cross !== undefined) settings.crossLeverage = cross
    for (const position of this.positionsOf(account, contract.symbol, marginCoin)) {
      position.leverage = this.leverageFor(settings, position.holdSide)
    }
    return settings
  }

  setMarginMode(account: string, contract: ContractDef, marginCoin: string, mode: "crossed" | "isolated") {
    this.checkMarginCoin(contract, marginCoin)
    const busy = this.positionsOf(account, contract.symbol, marginCoin).length > 0 ||
      this.orders.some((o) => o.account === account && o.symbol === contract.symbol && isOpen(o))
    if (busy) refuse("45117", "positions or orders exist; the margin mode cannot be changed")
    const settings = this.settingsOf(account, contract.symbol, marginCoin)
    settings.marginMode = mode
    return settings
  }

  leverageFor(settings: Settings, side: HoldSide): BD {
    if (settings.marginMode === "crossed") return settings.crossLeverage
    return side === "long" ? settings.longLeverage : settings.shortLeverage
  }

  // ---- positions ----------------------------------------------------------------------------

  private positionKey(account: string, symbol: string, marginCoin: string, side: HoldSide) {
    return `${account}|${symbol}|${marginCoin.toUpperCase()}|${side}`
  }

  position(account: string, symbol: string, marginCoin: string, side: HoldSide): Position | undefined {
    const position = this.positions.get(this.positionKey(account, symbol, marginCoin, side))
    return position !== undefined && BigDecimal.isPositive(position.total) ? position : undefined
  }

  positionsOf(account: string, symbol: string, marginCoin: string): Array<Position> {
    return [this.position(account, symbol, marginCoin, "long"), this.position(account, symbol, marginCoin, "short")]
      .filter((p): p is Position => p !== undefined)
  }

  openPositions(account: string, productType: string, marginCoin?: string): Array<Position> {
    return [...this.positions.values()].filter((p) =>
      p.account === account && p.productType === canonical(productType) && BigDecimal.isPositive(p.total) &&
      (marginCoin === undefined || p.marginCoin === marginCoin.toUpperCase())
    )
  }

  /** A quote amount in the margin coin: itself for USDT/USDC margin, divided by the price for coin margin. */
  toMargin(amount: BD, price: BD, marginCoin: string): BD {
    return linearCoins.has(marginCoin.toUpperCase()) ? round(amount) : round(div(amount, price))
  }

  unrealized(position: Position, mark: BD): BD {
    const diff = BigDecimal.subtract(mark, position.openPriceAvg)
    const pnl = BigDecimal.multiply(position.holdSide === "long" ? diff : BigDecimal.negate(diff), position.total)
    return this.toMargin(pnl, mark, position.marginCoin)
  }

  /** The price at which the isolated margin is gone (maintenance margin left out). */
  liquidationPrice(position: Position): BD {
    const perUnit = linearCoins.has(position.marginCoin)
      ? div(position.margin, position.total)
      : div(BigDecimal.multiply(position.margin, position.openPriceAvg), position.total)
    const price = position.holdSide === "long"
      ? BigDecimal.subtract(position.openPriceAvg, perUnit)
      : BigDecimal.sum(position.openPriceAvg, perUnit)
    return BigDecimal.isNegative(price) ? ZERO : round(price, 4)
  }

  /** Adds (positive) or removes (negative) isolated margin. */
  adjustMargin(
    account: string,
    contract: ContractDef,
    marginCoin: string,
    side: HoldSide | undefined,
    amount: BD,
    now: number
  ) {
    // Without holdSide the symbol's one position is meant; with a long and a short it is ambiguous.
    const held = this.positionsOf(account, contract.symbol, marginCoin)
    if (side === undefined && held.length > 1) return refuse("40019", "holdSide: required with a long and a short open")
    const position = side === undefined ? held[0] : this.position(account, contract.symbol, marginCoin, side)
    if (position === undefined) return refuse("22002", "No position to adjust")
    if (position.marginMode !== "isolated") return refuse("40875", "Cross mode: no margin adjustment")
    if (BigDecimal.isPositive(amount) && BigDecimal.lessThan(this.balance(account, marginCoin), amount)) {
      return refuse("43012", "Insufficient balance")
    }
    const next = BigDecimal.sum(position.margin, amount)
    if (!BigDecimal.isPositive(next)) return refuse("40017", "the margin cannot go below zero")
    position.margin = next
    position.uTime = now
    const balance = this.credit(account, marginCoin, BigDecimal.negate(amount))
    this.bill(account, contract, marginCoin, {
      amount: BigDecimal.negate(amount),
      fee: ZERO,
      businessType: BigDecimal.isPositive(amount) ? "append_margin" : "reduce_margin",
      balance,
      now
    })
  }

  private bill(
    account: string,
    contract: ContractDef,
    coin: string,
    entry: { amount: BD; fee: BD; businessType: string; balance: BD; now: number }
  ) {
    this.bills.push({
      account,
      billId: this.nextId(this.isDemo(account, contract)),
      productType: contract.productType,
      symbol: contract.symbol,
      amount: entry.amount,
      fee: entry.fee,
      businessType: entry.businessType,
      coin: coin.toUpperCase(),
      balance: entry.balance,
      cTime: entry.now
    })
  }

  // ---- orders -------------------------------------------------------------------------------

  /** Places an order: market orders fill at the mark price, limit orders that cross fill, others rest. */
  place(account: string, input: OrderInput, now: number): Order {
    const contract = this.contract(input.symbol, input.productType)
    this.checkMarginCoin(contract, input.marginCoin)
    if (BigDecimal.lessThan(input.size, num(contract.minTradeNum))) {
      refuse("45110", `size is below the minimum ${contract.minTradeNum}`)
    }
    if (input.orderType === "limit" && input.price === undefined) refuse("40019", "price cannot be empty")
    // The contract's announced rules (`mix/market/contracts`): size and price places, 5 USDT notional.
    if (BigDecimal.normalize(input.size).scale > contract.volumePlace) {
      refuse("40808", `Parameter verification exception size checkBDScale error checkScale=${contract.volumePlace}`)
    }
    if (input.price !== undefined && BigDecimal.normalize(input.price).scale > contract.pricePlace) {
      refuse("40808", `Parameter verification exception price checkBDScale error checkScale=${contract.pricePlace}`)
    }
    if (linearCoins.has(contract.quoteCoin)) {
      const notional = BigDecimal.multiply(input.size, input.price ?? this.mark(contract.symbol))
      if (BigDecimal.lessThan(notional, num("5"))) refuse("45110", "less than the minimum order quantity: 5 USDT")
    }
    const mode = this.posMode(account, contract.productType)
    if (mode === "hedge_mode" && input.tradeSide === undefined) {
      refuse("40774", "The order type for unilateral position must also be the unilateral position type.")
    }
    const clientOid = input.clientOid ?? ""
    if (clientOid !== "" && this.orders.some((o) => o.account === account && o.clientOid === clientOid)) {
      refuse("43118", "clientOid duplicate")
    }
    const settings = this.settingsOf(account, contract.symbol, input.marginCoin)
    // The order's margin mode becomes the symbol's while nothing is open on it.
    const idle = this.positionsOf(account, contract.symbol, input.marginCoin).length === 0 &&
      !this.open().some((o) => o.account === account && o.symbol === contract.symbol)
    if (idle) settings.marginMode = input.marginMode
    const tradeSide = mode === "hedge_mode" ? input.tradeSide : undefined
    const sides = this.sides(mode, input.side)
    const closing = mode === "hedge_mode" ? tradeSide === "close" : input.reduceOnly === true
    if (closing && this.position(account, contract.symbol, input.marginCoin, sides.close) === undefined) {
      refuse("22002", "No position to close")
    }
    const order: Order = {
      account,
      orderId: this.nextId(this.isDemo(account, contract)),
      clientOid: clientOid === "" ? this.nextId(false) : clientOid,
      symbol: contract.symbol,
      productType: contract.productType,
      marginCoin: input.marginCoin.toUpperCase(),
      marginMode: settings.marginMode,
      size: input.size,
      price: input.orderType === "limit" ? input.price : undefined,
      side: input.side,
      tradeSide,
      orderType: input.orderType,
      force: input.orderType === "market" ? "gtc" : input.force ?? "gtc",
      reduceOnly: mode === "one_way_mode" && input.reduceOnly === true,
      presetStopSurplusPrice: input.presetStopSurplusPrice,
      presetStopLossPrice: input.presetStopLossPrice,
      posMode: mode,
      leverage: this.leverageFor(settings, closing ? sides.close : sides.open),
      orderSource: input.orderSource ?? (input.orderType === "market" ? "market" : "normal"),
      status: "live",
      filled: ZERO,
      priceAvg: undefined,
      fee: ZERO,
      profit: ZERO,
      cancelReason: undefined,
      cTime: now,
      uTime: now
    }
    const mark = this.mark(contract.symbol)
    const rests = order.orderType === "limit" && !this.crosses(order, mark) && order.force !== "ioc" &&
      order.force !== "fok"
    // A resting order holds its opening margin and fee from the available balance, so one that
    // needs more than is free is refused at placement, as the exchange does: 40762 "The order
    // amount exceeds the balance" (error-codes.tsv; ccxt maps it to InsufficientFunds).
    if (rests && BigDecimal.lessThan(this.free(account, order.marginCoin), this.held(order))) {
      refuse("40762", "The order amount exceeds the balance")
    }
    if (order.orderType === "market") {
      this.execute(order, mark, "taker", now)
    } else if (this.crosses(order, mark)) {
      if (order.force === "post_only") {
        this.cancel(order, now, "post_only order would take liquidity")
      } else {
        this.execute(order, mark, "taker", now)
      }
    } else if (order.force === "ioc" || order.force === "fok") {
      this.cancel(order, now, "not filled immediately")
    }
    this.orders.push(order)
    if (isOpen(order)) this.resting.add(order)
    return order
  }

  /** The open orders, oldest first (from the resting set: not a walk over every order ever placed). */
  openOrders(): ReadonlyArray<Order> {
    return this.open()
  }

  /** The open orders, oldest first. */
  private open(): Array<Order> {
    const out: Array<Order> = []
    for (const order of this.resting) {
      if (isOpen(order)) out.push(order)
      else this.resting.delete(order)
    }
    return out
  }

  /**
   * What a resting order holds until it fills or is cancelled: the margin of the part that opens
   * (at the order's price and leverage, isolated or crossed alike) and the taker fee on it. The
   * part that closes a held position needs none.
   */
  held(order: Order): BD {
    if (order.price === undefined || order.reduceOnly) return ZERO
    let opening = order.size
    if (order.posMode === "hedge_mode") {
      if (order.tradeSide === "close") return ZERO
    } else {
      const opposite: HoldSide = order.side === "buy" ? "short" : "long"
      const held = this.position(order.account, order.symbol, order.marginCoin, opposite)?.total ?? ZERO
      opening = BigDecimal.subtract(opening, min(held, opening))
    }
    const notional = BigDecimal.multiply(order.price, opening)
    const margin = BigDecimal.sum(div(notional, order.leverage), BigDecimal.multiply(notional, TAKER_FEE))
    return this.toMargin(margin, order.price, order.marginCoin)
  }

  /** The margin held by an account's resting orders in `coin` (all but `except`). */
  frozen(account: string, coin: string, except?: Order): BD {
    const upper = coin.toUpperCase()
    let sum = ZERO
    for (const order of this.open()) {
      if (order !== except && order.account === account && order.marginCoin === upper) {
        sum = BigDecimal.sum(sum, this.held(order))
      }
    }
    return sum
  }

  /** The balance not held by resting orders (all but `except`): what a new order can use. */
  free(account: string, coin: string, except?: Order): BD {
    return BigDecimal.subtract(this.balance(account, coin), this.frozen(account, coin, except))
  }

  /** The position side an order adds to (`open`) and the one it reduces (`close`). */
  sides(mode: PosMode, side: "buy" | "sell"): { readonly open: HoldSide; readonly close: HoldSide } {
    const same: HoldSide = side === "buy" ? "long" : "short"
    // Hedge mode names the position by side (buy+close closes the long); one-way reduces the other side.
    return mode === "hedge_mode"
      ? { open: same, close: same }
      : { open: same, close: same === "long" ? "short" : "long" }
  }

  /** Whether the order buys in market terms (a hedge close of a long sells). */
  buys(
    order: {
      readonly side: "buy" | "sell"
      readonly tradeSide: "open" | "close" | undefined
      readonly posMode: PosMode
    }
  ) {
    if (order.posMode === "hedge_mode" && order.tradeSide === "close") return order.side === "sell"
    return order.side === "buy"
  }

  private crosses(order: Order, mark: BD): boolean {
    if (order.price === undefined) return true
    return this.buys(order)
      ? BigDecimal.greaterThanOrEqualTo(order.price, mark)
      : BigDecimal.lessThanOrEqualTo(order.price, mark)
  }

  cancel(order: Order, now: number, reason?: string): void {
    order.status = "cancelled"
    order.cancelReason = reason
    order.uTime = now
  }

  /** Fills the whole order at `price`, or cancels it when the account cannot take it. */
  private execute(order: Order, price: BD, scope: "taker" | "maker", now: number): void {
    const contract = this.contract(order.symbol)
    const account = order.account
    const legs: Array<{ side: HoldSide; size: BD; open: boolean }> = []
    if (order.posMode === "hedge_mode") {
      const side: HoldSide = order.side === "buy" ? "long" : "short"
      if (order.tradeSide === "close") {
        const held = this.position(account, order.symbol, order.marginCoin, side)?.total ?? ZERO
        const size = min(held, order.size)
        if (!BigDecimal.isPositive(size)) return this.cancel(order, now, "No position to close")
        legs.push({ side, size, open: false })
      } else {
        legs.push({ side, size: order.size, open: true })
      }
    } else {
      const opposite: HoldSide = order.side === "buy" ? "short" : "long"
      const same: HoldSide = order.side === "buy" ? "long" : "short"
      const held = this.position(account, order.symbol, order.marginCoin, opposite)?.total ?? ZERO
      const closeSize = min(held, order.size)
      if (BigDecimal.isPositive(closeSize)) legs.push({ side: opposite, size: closeSize, open: false })
      const rest = BigDecimal.subtract(order.size, closeSize)
      if (BigDecimal.isPositive(rest) && !order.reduceOnly) legs.push({ side: same, size: rest, open: true })
      if (legs.length === 0) return this.cancel(order, now, "No position to close")
    }
    const rate = scope === "taker" ? TAKER_FEE : MAKER_FEE
    const settings = this.settingsOf(account, order.symbol, order.marginCoin)
    let required = ZERO
    for (const leg of legs) {
      const notional = BigDecimal.multiply(price, leg.size)
      const fee = this.toMargin(BigDecimal.multiply(notional, rate), price, order.marginCoin)
      required = BigDecimal.sum(required, fee)
      if (leg.open) {
        const lev = this.leverageFor(settings, leg.side)
        required = BigDecimal.sum(required, this.toMargin(div(notional, lev), price, order.marginCoin))
      }
    }
    // At placement this refuses the order; later (a resting order, a trigger) the caller cancels it.
    // What other resting orders hold is not there to spend.
    if (BigDecimal.lessThan(this.free(account, order.marginCoin, order), required)) {
      refuse("43012", "Insufficient balance")
    }
    let filled = ZERO
    const events: Array<FillEvent> = []
    for (const leg of legs) {
      const notional = BigDecimal.multiply(price, leg.size)
      const fee = this.toMargin(BigDecimal.multiply(notional, rate), price, order.marginCoin)
      let profit = ZERO
      let amount = ZERO
      const key = this.positionKey(account, order.symbol, order.marginCoin, leg.side)
      if (leg.open) {
        const lev = this.leverageFor(settings, leg.side)
        const margin = this.toMargin(div(notional, lev), price, order.marginCoin)
        const existing = this.position(account, order.symbol, order.marginCoin, leg.side)
        if (existing === undefined) {
          this.positions.set(key, {
            account,
            symbol: order.symbol,
            productType: order.productType,
            marginCoin: order.marginCoin,
            holdSide: leg.side,
            total: leg.size,
            openPriceAvg: price,
            margin,
            achievedProfits: ZERO,
            totalFee: fee,
            marginMode: settings.marginMode,
            leverage: lev,
            posMode: order.posMode,
            cTime: now,
            uTime: now,
            opened: leg.size
          })
        } else {
          const total = BigDecimal.sum(existing.total, leg.size)
          existing.openPriceAvg = round(
            div(BigDecimal.sum(BigDecimal.multiply(existing.openPriceAvg, existing.total), notional), total),
            contract.pricePlace + 4
          )
          existing.total = total
          existing.opened = BigDecimal.sum(existing.opened ?? ZERO, leg.size)
          existing.margin = BigDecimal.sum(existing.margin, margin)
          existing.totalFee = BigDecimal.sum(existing.totalFee, fee)
          existing.uTime = now
        }
        amount = BigDecimal.negate(margin)
      } else {
        const position = this.position(account, order.symbol, order.marginCoin, leg.side)!
        const share = div(leg.size, position.total)
        const released = round(BigDecimal.multiply(position.margin, share))
        const diff = BigDecimal.subtract(price, position.openPriceAvg)
        profit = this.toMargin(
          BigDecimal.multiply(leg.side === "long" ? diff : BigDecimal.negate(diff), leg.size),
          price,
          order.marginCoin
        )
        position.total = BigDecimal.subtract(position.total, leg.size)
        position.margin = BigDecimal.subtract(position.margin, released)
        position.achievedProfits = BigDecimal.sum(position.achievedProfits, profit)
        position.uTime = now
        amount = BigDecimal.sum(released, profit)
        position.closed = BigDecimal.sum(position.closed ?? ZERO, leg.size)
        position.closeValue = BigDecimal.sum(position.closeValue ?? ZERO, notional)
        position.closeFee = BigDecimal.sum(position.closeFee ?? ZERO, fee)
        if (!BigDecimal.isPositive(position.total)) {
          this.positions.delete(key)
          this.closedPositions.push({
            positionId: this.nextId(this.isDemo(account, contract)),
            account,
            symbol: position.symbol,
            productType: position.productType,
            marginCoin: position.marginCoin,
            holdSide: position.holdSide,
            marginMode: position.marginMode,
            openAvgPrice: position.openPriceAvg,
            closeAvgPrice: round(div(position.closeValue, position.closed), contract.pricePlace + 4),
            openTotalPos: position.opened ?? position.closed,
            closeTotalPos: position.closed,
            pnl: position.achievedProfits,
            openFee: position.totalFee,
            closeFee: position.closeFee,
            cTime: position.cTime,
            uTime: now
          })
        }
      }
      const balance = this.credit(account, order.marginCoin, BigDecimal.subtract(amount, fee))
      this.bill(account, contract, order.marginCoin, {
        amount: leg.open ? ZERO : profit,
        fee: BigDecimal.negate(fee),
        businessType: `${leg.open ? "open" : "close"}_${leg.side}`,
        balance,
        now
      })
      this.fills.push({
        account,
        tradeId: this.nextId(this.isDemo(account, contract)),
        orderId: order.orderId,
        symbol: order.symbol,
        productType: order.productType,
        marginCoin: order.marginCoin,
        price,
        size: leg.size,
        side: order.side,
        tradeSide: order.posMode === "hedge_mode" ? order.tradeSide ?? "open" : `${order.side}_single`,
        posMode: order.posMode,
        tradeScope: scope,
        fee: BigDecimal.negate(fee),
        profit,
        cTime: now
      })
      order.fee = BigDecimal.subtract(order.fee, fee)
      order.profit = BigDecimal.sum(order.profit, profit)
      filled = BigDecimal.sum(filled, leg.size)
      events.push({ order, side: leg.side, size: leg.size, price, open: leg.open, profit, fee, now })
    }
    order.filled = filled
    order.priceAvg = price
    order.status = "filled"
    order.uTime = now
    for (const event of events) for (const listener of this.fillListeners) listener(event)
  }

  // ---- plan orders --------------------------------------------------------------------------

  placePlan(
    account: string,
    input: OrderInput & {
      readonly planType: "normal_plan" | "track_plan"
      readonly triggerPrice: BD
      readonly triggerType: string
      readonly callbackRatio?: BD | undefined
      readonly tpsl: Readonly<Record<string, BD | string | undefined>>
    },
    now: number
  ): Plan {
    const contract = this.contract(input.symbol, input.productType)
    this.checkMarginCoin(contract, input.marginCoin)
    const mode = this.posMode(account, contract.productType)
    if (mode === "hedge_mode" && input.tradeSide === undefined) {
      refuse("40774", "The order type for unilateral position must also be the unilateral position type.")
    }
    if (mode === "one_way_mode" && input.reduceOnly === true && input.planType === "normal_plan") {
      refuse("22042", "In one-way mode a trigger order cannot be reduce-only")
    }
    const clientOid = this.planClientOid(account, input.clientOid)
    const mark = this.mark(contract.symbol)
    const plan: NewPlan = {
      account,
      orderId: this.nextId(this.isDemo(account, contract)),
      clientOid,
      planType: input.planType,
      symbol: contract.symbol,
      productType: contract.productType,
      marginCoin: input.marginCoin.toUpperCase(),
      marginMode: this.settingsOf(account, contract.symbol, input.marginCoin).marginMode,
      size: input.size,
      price: input.orderType === "limit" ? input.price : undefined,
      callbackRatio: input.callbackRatio,
      triggerPrice: input.triggerPrice,
      triggerType: input.triggerType,
      side: input.side,
      tradeSide: mode === "hedge_mode" ? input.tradeSide : undefined,
      orderType: input.planType === "track_plan" ? "market" : input.orderType,
      reduceOnly: input.reduceOnly === true,
      posMode: mode,
      tpsl: input.tpsl,
      direction: BigDecimal.greaterThan(input.triggerPrice, mark) ? "up" : "down"
    }
    return this.openPlan(plan, mark, now)
  }

  /** A new plan: live, not yet triggered, watched from now on (it may trigger at once). */
  private openPlan(fields: NewPlan, mark: BigDecimal.BigDecimal, now: number): Plan {
    const plan: Plan = {
      ...fields,
      best: undefined,
      status: "live",
      executeOrderId: undefined,
      subOrders: [],
      cTime: now,
      uTime: now
    }
    this.plans.push(plan)
    this.evaluatePlan(plan, mark, now)
    return plan
  }

  /** The plan's clientOid: a second plan order under one the account already has is refused (43118). */
  private planClientOid(account: string, clientOid: string | undefined): string {
    if (clientOid === undefined || clientOid === "") return this.nextId(false)
    if (this.plans.some((p) => p.account === account && p.clientOid === clientOid)) {
      refuse("43118", "clientOid duplicate")
    }
    return clientOid
  }

  /**
   * A take-profit / stop-loss plan on a position (`place-tpsl-order`): when the trigger is reached
   * it closes `size` of the position (`pos_profit` / `pos_loss`: all of it then) at market, or at
   * `executePrice` when that is above zero; `moving_plan` trails like a trailing stop by `rangeRate`
   * percent. `holdSide` is `long`/`short` in hedge mode, `buy`/`sell` in one-way mode
   * (https://www.bitget.com/api-doc/contract/plan/Place-Tpsl-Order).
   */
  placeTpsl(
    account: string,
    input: {
      readonly symbol: string
      readonly productType: string
      readonly marginCoin: string
      readonly planType: TpslPlanType
      readonly triggerPrice: BD
      readonly triggerType: string | undefined
      readonly executePrice: BD | undefined
      readonly holdSide: "long" | "short" | "buy" | "sell"
      readonly size: BD | undefined
      readonly rangeRate: BD | undefined
      readonly clientOid: string | undefined
    },
    now: number
  ): Plan {
    const contract = this.contract(input.symbol, input.productType)
    this.checkMarginCoin(contract, input.marginCoin)
    const mode = this.posMode(account, contract.productType)
    const holdSide: HoldSide = input.holdSide === "long" || input.holdSide === "buy" ? "long" : "short"
    const position = this.position(account, contract.symbol, input.marginCoin, holdSide)
    if (position === undefined) return refuse("22002", "No position to close")
    const clientOid = this.planClientOid(account, input.clientOid)
    const whole = input.planType === "pos_profit" || input.planType === "pos_loss"
    const limit = input.planType !== "moving_plan" && input.executePrice !== undefined &&
      BigDecimal.isPositive(input.executePrice)
    const mark = this.mark(contract.symbol)
    const plan: NewPlan = {
      account,
      orderId: this.nextId(this.isDemo(account, contract)),
      clientOid,
      planType: input.planType,
      holdSide,
      whole,
      symbol: contract.symbol,
      productType: contract.productType,
      marginCoin: input.marginCoin.toUpperCase(),
      marginMode: position.marginMode,
      size: whole || input.size === undefined ? position.total : input.size,
      price: limit ? input.executePrice : undefined,
      callbackRatio: input.planType === "moving_plan" ? input.rangeRate : undefined,
      triggerPrice: input.triggerPrice,
      triggerType: input.triggerType ?? "fill_price",
      side: holdSide === "long" ? "sell" : "buy",
      tradeSide: mode === "hedge_mode" ? "close" : undefined,
      orderType: limit ? "limit" : "market",
      reduceOnly: mode === "one_way_mode",
      posMode: mode,
      tpsl: {},
      direction: BigDecimal.greaterThan(input.triggerPrice, mark) ? "up" : "down"
    }
    return this.openPlan(plan, mark, now)
  }

  cancelPlan(plan: Plan, now: number): void {
    plan.status = "cancelled"
    plan.uTime = now
    for (const sub of plan.subOrders) if (sub.status === "in_progress_tracking") sub.status = "cancelled"
  }

  private reached(plan: Plan, mark: BD): boolean {
    return plan.direction === "up"
      ? BigDecimal.greaterThanOrEqualTo(mark, plan.triggerPrice)
      : BigDecimal.lessThanOrEqualTo(mark, plan.triggerPrice)
  }

  private evaluatePlan(plan: Plan, mark: BD, now: number): void {
    if (plan.status !== "live") return
    if (plan.planType !== "track_plan" && plan.planType !== "moving_plan") {
      if (this.reached(plan, mark)) this.trigger(plan, now)
      return
    }
    // Trailing stop: activate at the trigger price, then fire on a retracement of callbackRatio %.
    if (plan.best === undefined) {
      if (!this.reached(plan, mark)) return
      plan.best = mark
      plan.uTime = now
      plan.subOrders.push({ orderId: undefined, price: undefined, type: "market", status: "in_progress_tracking" })
      return
    }
    const ratio = div(plan.callbackRatio ?? ZERO, num("100"))
    const sells = !this.buys(plan)
    if (sells) {
      if (BigDecimal.greaterThan(mark, plan.best)) plan.best = mark
      const stop = BigDecimal.multiply(plan.best, BigDecimal.subtract(num("1"), ratio))
      if (BigDecimal.lessThanOrEqualTo(mark, stop)) this.trigger(plan, now)
    } else {
      if (BigDecimal.lessThan(mark, plan.best)) plan.best = mark
      const stop = BigDecimal.multiply(plan.best, BigDecimal.sum(num("1"), ratio))
      if (BigDecimal.greaterThanOrEqualTo(mark, stop)) this.trigger(plan, now)
    }
  }

  private trigger(plan: Plan, now: number): void {
    const tracking = plan.subOrders.findIndex((s) => s.status === "in_progress_tracking")
    if (tracking >= 0) plan.subOrders.splice(tracking, 1)
    plan.uTime = now
    try {
      // A position TP/SL closes what the position holds when it fires.
      const size = plan.whole === true && plan.holdSide !== undefined
        ? this.position(plan.account, plan.symbol, plan.marginCoin, plan.holdSide)?.total
        : plan.size
      if (size === undefined) return refuse("22002", "No position to close")
      const order = this.place(plan.account, {
        symbol: plan.symbol,
        productType: plan.productType,
        marginCoin: plan.marginCoin,
        marginMode: plan.marginMode,
        size,
        price: plan.price,
        side: plan.side,
        tradeSide: plan.tradeSide,
        orderType: plan.orderType,
        reduceOnly: plan.reduceOnly,
        orderSource: orderSourceOf(plan)
      }, now)
      const ok = order.status !== "cancelled"
      plan.subOrders.push({
        orderId: order.orderId,
        price: order.priceAvg ?? order.price,
        type: order.orderType,
        status: ok ? "success" : "fail"
      })
      plan.status = ok ? "executed" : "fail_trigger"
      plan.executeOrderId = order.orderId
    } catch (error) {
      if (!(error instanceof Refusal)) throw error
      plan.subOrders.push({ orderId: undefined, price: plan.price, type: plan.orderType, status: "fail" })
      plan.status = "fail_trigger"
    }
  }

  // ---- the market moves ---------------------------------------------------------------------

  /** Sets a mark price, then fills resting orders it crosses and fires plan orders it reaches. */
  setMark(symbol: string, price: BD, now: number): void {
    const contract = this.contract(symbol)
    this.marks.set(contract.symbol, price)
    for (const order of this.orders) {
      if (
        order.symbol === contract.symbol && isOpen(order) && order.price !== undefined && this.crosses(order, price)
      ) {
        try {
          this.execute(order, order.price, "maker", now)
        } catch (error) {
          if (!(error instanceof Refusal)) throw error
          this.cancel(order, now, error.msg)
        }
      }
    }
    for (const plan of [...this.plans]) {
      if (plan.symbol === contract.symbol) this.evaluatePlan(plan, price, now)
    }
    for (const listener of this.markListeners) listener(contract.symbol, price, now)
  }

  /**
   * Moves every mark price one deterministic step: +0.2%, +0.1%, −0.15%, −0.1%, repeating (a
   * slow drift up), rounded to the contract's price places.
   */
  tick(now: number): void {
    const steps = ["1.002", "1.001", "0.9985", "0.999"]
    const factor = num(steps[this.tickCount % steps.length]!)
    this.tickCount++
    for (const contract of this.contracts.values()) {
      const next = round(BigDecimal.multiply(this.mark(contract.symbol), factor), contract.pricePlace)
      this.setMark(contract.symbol, next, now)
    }
  }
}

/** The `orderSource` of the order a plan places (`profit_market`, `pos_loss_limit` …; Bitget's order-history values). */
const orderSourceOf = (plan: Plan): string => {
  switch (plan.planType) {
    case "normal_plan":
      return "plan"
    case "track_plan":
    case "moving_plan":
      return "track_plan"
    case "profit_plan":
      return `profit_${plan.orderType}`
    case "loss_plan":
      return `loss_${plan.orderType}`
    default:
      return `${plan.planType}_${plan.orderType}`
  }
}
