/**
 * The futures domain: contracts per product type (demo ones with S-prefixed symbols and coins),
 * a mark price that moves only when a test says so (`setMarkPrice`, `tick`), accounts with
 * margin coins, leverage and modes, one-way and hedge positions, orders that open, add to and
 * close them, plan orders and trailing stops that trigger into sub orders, and bills.
 *
 * Demo: a request with `paptrading: 1` trades a separate demo account; a demo product type
 * (`SUSDT-FUTURES`) trades demo contracts (`SBTCSUSDT`, margin `SUSDT`). Either way the ids
 * handed out are demo ids: 19 digits starting with `8888`.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Account from "@effect-bitget/futures/Account"
import * as Market from "@effect-bitget/futures/Market"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as PlanOrder from "@effect-bitget/futures/PlanOrder"
import * as Position from "@effect-bitget/futures/Position"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import type { Context, Domain, Environment } from "../Domain.js"
import { MAIN_UID, route } from "../Domain.js"
import { reject } from "../Rejection.js"
import * as Contracts from "./Contracts.js"
import * as Rows from "./Rows.js"
import { type BD, canonical, isOpen, type Order as WorldOrder, type OrderInput, Refusal, World, ZERO } from "./World.js"

/** Test knobs of the futures domain, reached with `Simulator.control<FuturesControl>("futures")`. */
export interface FuturesControl {
  /** Sets a contract's mark price, then fills the resting orders and fires the plan orders it reaches. */
  readonly setMarkPrice: (symbol: string, price: BigDecimal.BigDecimal | string) => void
  readonly markPrice: (symbol: string) => BigDecimal.BigDecimal
  /** Moves every mark price `steps` deterministic steps (+0.2%, +0.1%, −0.15%, −0.1%, repeating). */
  readonly tick: (steps?: number) => void
  /** Sets the main account's balance of a margin coin (`demo`: the `paptrading` account's). */
  readonly setBalance: (
    coin: string,
    amount: BigDecimal.BigDecimal | string,
    options?: { readonly demo?: boolean }
  ) => void
  readonly balance: (coin: string, options?: { readonly demo?: boolean }) => BigDecimal.BigDecimal
  /** The symbols served, by product type (upper case). */
  readonly symbols: (productType: string) => ReadonlyArray<string>
}

/** The simulator's main account (`Simulator.UID`; not imported, as Simulator imports this module). */

const dec = (value: BigDecimal.BigDecimal | string): BD => typeof value === "string" ? Decimal.unsafeMake(value) : value
const opt = (value: BigDecimal.BigDecimal | string | undefined): BD | undefined =>
  value === undefined ? undefined : dec(value)

const accountOf = (context: Context): string => `${context.account?.uid ?? "anonymous"}${context.demo ? ":demo" : ""}`

/** Runs world code, turning its refusals into Bitget errors. */
const run = <A>(f: () => A) =>
  Effect.suspend(() => {
    try {
      return Effect.succeed(f())
    } catch (error) {
      if (error instanceof Refusal) return reject(error.code, error.msg)
      throw error
    }
  })

export const make = (environment: Environment = { uid: MAIN_UID, now: Date.now }): Domain => {
  const world = new World(Contracts.make(environment.now()))

  /** A page of the account's open (pending) or finished (history) orders, with the shared filters. */
  const orderPage = (
    context: Context,
    request: Rows.PageRequest & {
      readonly productType: string
      readonly symbol?: string | undefined
      readonly orderId?: string | undefined
      readonly clientOid?: string | undefined
    },
    open: boolean,
    keep: (order: WorldOrder) => boolean
  ) => {
    const account = accountOf(context)
    const rows = Rows.newest(world.orders).filter((o) =>
      o.account === account && isOpen(o) === open && o.productType === canonical(request.productType) &&
      (request.symbol === undefined || o.symbol === request.symbol.toUpperCase()) &&
      (request.orderId === undefined || o.orderId === request.orderId) &&
      (request.clientOid === undefined || o.clientOid === request.clientOid) && keep(o)
    )
    const result = Rows.page(rows, (o) => o.orderId, (o) => o.cTime, request)
    return Rows.compact<any>({ entrustedList: result.rows.map(Rows.orderRow), endId: result.endId })
  }

  const byProductType = (productType: string) =>
    [...world.contracts.values()].filter((c) => c.productType === canonical(productType))

  const marginCoins = (productType: string) => [...new Set(byProductType(productType).flatMap((c) => c.marginCoins))]

  const summary = (account: string, marginCoin: string) => {
    const coin = marginCoin.toUpperCase()
    const available = world.balance(account, coin)
    const positions = [...world.positions.values()].filter((p) =>
      p.account === account && p.marginCoin === coin && BigDecimal.isPositive(p.total)
    )
    const margin = positions.reduce((sum, p) => BigDecimal.sum(sum, p.margin), ZERO)
    const unrealized = positions.reduce(
      (sum, p) => BigDecimal.sum(sum, world.unrealized(p, world.mark(p.symbol))),
      ZERO
    )
    const equity = BigDecimal.sum(BigDecimal.sum(available, margin), unrealized)
    const btc = world.mark("BTCUSDT")
    const usd = Contracts.linearCoins.has(coin)
      ? equity
      : BigDecimal.multiply(equity, world.mark(coin.replace(/^S/, "").startsWith("ETH") ? "ETHUSDT" : "BTCUSDT"))
    return {
      marginCoin: coin,
      locked: ZERO,
      available,
      crossedMaxAvailable: available,
      isolatedMaxAvailable: available,
      maxTransferOut: available,
      accountEquity: equity,
      usdtEquity: usd,
      btcEquity: BigDecimal.normalize(BigDecimal.scale(BigDecimal.unsafeDivide(usd, btc), 8)),
      crossedRiskRate: ZERO,
      unrealizedPL: unrealized,
      coupon: ZERO,
      crossedUnrealizedPL: unrealized,
      isolatedUnrealizedPL: ZERO,
      assetMode: "single" as const
    }
  }

  const orderInput = (request: {
    readonly symbol: string
    readonly productType: string
    readonly marginCoin: string
    readonly marginMode: "crossed" | "isolated"
  }, item: Order.BatchOrder): OrderInput => ({
    symbol: request.symbol,
    productType: request.productType,
    marginCoin: request.marginCoin,
    marginMode: request.marginMode,
    size: dec(item.size),
    price: opt(item.price),
    side: item.side,
    tradeSide: item.tradeSide,
    orderType: item.orderType,
    force: item.force,
    clientOid: item.clientOid,
    reduceOnly: item.reduceOnly,
    presetStopSurplusPrice: opt(item.presetStopSurplusPrice),
    presetStopLossPrice: opt(item.presetStopLossPrice)
  })

  const findOrder = (
    account: string,
    ref: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined },
    symbol?: string
  ) =>
    world.orders.find((o) =>
      o.account === account && (symbol === undefined || o.symbol === symbol.toUpperCase()) &&
      (ref.orderId !== undefined ? o.orderId === ref.orderId : o.clientOid === ref.clientOid)
    )

  const findPlan = (
    account: string,
    ref: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }
  ) =>
    world.plans.find((p) =>
      p.account === account && (ref.orderId !== undefined ? p.orderId === ref.orderId : p.clientOid === ref.clientOid)
    )

  const notFound = () => {
    throw new Refusal("40768", "Order does not exist")
  }

  /** Closes a whole position at market: the order one-way or hedge mode needs for it. */
  const closePosition = (account: string, p: ReturnType<World["openPositions"]>[number], now: number, source: string) =>
    world.place(account, {
      symbol: p.symbol,
      productType: p.productType,
      marginCoin: p.marginCoin,
      marginMode: p.marginMode,
      size: p.total,
      side: p.posMode === "hedge_mode"
        ? (p.holdSide === "long" ? "buy" : "sell")
        : p.holdSide === "long"
        ? "sell"
        : "buy",
      tradeSide: p.posMode === "hedge_mode" ? "close" : undefined,
      orderType: "market",
      reduceOnly: p.posMode === "one_way_mode",
      orderSource: source
    }, now)

  const routes = [
    // ---- market ----
    route(Market.Contracts, (request) =>
      Effect.succeed(
        byProductType(request.productType).filter((c) =>
          request.symbol === undefined || c.symbol === request.symbol.toUpperCase()
        ).map(Rows.contractRow)
      )),
    route(
      Market.TickerOf,
      (request, context) =>
        run(() => [Rows.tickerRow(world, world.contract(request.symbol, request.productType), context.now)])
    ),
    route(
      Market.Tickers,
      (request, context) =>
        Effect.succeed(byProductType(request.productType).map((c) => Rows.tickerRow(world, c, context.now)))
    ),
    route(Market.SymbolPrices, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const mark = world.mark(c.symbol)
        return [{ symbol: c.symbol, price: mark, indexPrice: mark, markPrice: mark, ts: Rows.time(context.now) }]
      })),
    // ---- account ----
    route(Account.SingleAccount, (request, context) =>
      run(() => {
        const account = accountOf(context)
        const c = world.contract(request.symbol, request.productType)
        world.checkMarginCoin(c, request.marginCoin)
        const settings = world.settingsOf(account, c.symbol, request.marginCoin)
        return {
          ...summary(account, request.marginCoin),
          crossedMarginLeverage: settings.crossLeverage,
          isolatedLongLever: settings.longLeverage,
          isolatedShortLever: settings.shortLeverage,
          marginMode: settings.marginMode,
          posMode: world.posMode(account, c.productType)
        }
      })),
    route(
      Account.Accounts,
      (request, context) =>
        Effect.succeed(marginCoins(request.productType).map((coin) => summary(accountOf(context), coin)))
    ),
    route(Account.SubAccountAssets, () => Effect.succeed([])),
    route(Account.OpenCount, (request) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const amount = dec(request.openAmount)
        const leverage = opt(request.leverage) ?? Decimal.unsafeMake("20")
        const margin = BigDecimal.multiply(amount, leverage)
        const size = Contracts.linearCoins.has(request.marginCoin.toUpperCase())
          ? BigDecimal.unsafeDivide(margin, dec(request.openPrice))
          : margin
        return { size: BigDecimal.normalize(BigDecimal.scale(size, c.volumePlace)) }
      })),
    route(Account.SetLeverage, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const s = world.setLeverage(accountOf(context), c, request.marginCoin, dec(request.leverage), request.holdSide)
        return {
          symbol: c.symbol,
          marginCoin: request.marginCoin.toUpperCase(),
          longLeverage: s.longLeverage,
          shortLeverage: s.shortLeverage,
          crossMarginLeverage: s.crossLeverage,
          marginMode: s.marginMode
        }
      })),
    route(Account.SetMargin, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        world.adjustMargin(
          accountOf(context),
          c,
          request.marginCoin,
          request.holdSide,
          dec(request.amount),
          context.now
        )
        return ""
      })),
    route(Account.SetMarginMode, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const s = world.setMarginMode(accountOf(context), c, request.marginCoin, request.marginMode)
        return {
          symbol: c.symbol,
          marginCoin: request.marginCoin.toUpperCase(),
          longLeverage: s.longLeverage,
          shortLeverage: s.shortLeverage,
          marginMode: s.marginMode
        }
      })),
    route(Account.SetPositionMode, (request, context) =>
      run(() => {
        world.setPosMode(accountOf(context), request.productType, request.posMode)
        return { posMode: request.posMode }
      })),
    route(Account.Bills, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const rows = Rows.newest(world.bills).filter((b) =>
          b.account === account && b.productType === canonical(request.productType) &&
          (request.symbol === undefined || b.symbol === request.symbol.toUpperCase()) &&
          (request.coin === undefined || b.coin === request.coin.toUpperCase()) &&
          (request.businessType === undefined || b.businessType === request.businessType)
        )
        const result = Rows.page(rows, (b) => b.billId, (b) => b.cTime, request)
        return Rows.compact<any>({
          bills: result.rows.map((b) =>
            Rows.compact<any>({
              billId: b.billId,
              symbol: b.symbol,
              amount: b.amount,
              fee: b.fee,
              businessType: b.businessType,
              coin: b.coin,
              balance: b.balance,
              cTime: Rows.time(b.cTime)
            })
          ),
          endId: result.endId
        })
      })),
    // ---- positions ----
    route(Position.SinglePosition, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        return world.positionsOf(accountOf(context), c.symbol, request.marginCoin).map((p) =>
          Rows.positionRow(world, p)
        )
      })),
    route(
      Position.AllPosition,
      (request, context) =>
        Effect.sync(() =>
          world.openPositions(accountOf(context), request.productType, request.marginCoin).map((p) =>
            Rows.positionRow(world, p)
          )
        )
    ),
    // ---- orders ----
    route(Order.PlaceOrder, (request, context) =>
      run(() => {
        const order = world.place(accountOf(context), orderInput(request, request), context.now)
        return { orderId: order.orderId, clientOid: order.clientOid }
      })),
    route(Order.BatchPlaceOrder, (request, context) =>
      Effect.sync(() => {
        const successList: Array<{ orderId: string; clientOid: string }> = []
        const failureList: Array<any> = []
        for (const item of request.orderList) {
          try {
            const order = world.place(accountOf(context), orderInput(request, item), context.now)
            successList.push({ orderId: order.orderId, clientOid: order.clientOid })
          } catch (error) {
            if (!(error instanceof Refusal)) throw error
            failureList.push(
              Rows.compact({ clientOid: item.clientOid, errorMsg: error.msg, errorCode: error.code })
            )
          }
        }
        return { successList, failureList }
      })),
    route(Order.ModifyOrder, (request, context) =>
      run(() => {
        const account = accountOf(context)
        const order = findOrder(account, request, request.symbol)
        if (order === undefined || !isOpen(order)) return notFound()
        if (world.orders.some((o) => o.account === account && o.clientOid === request.newClientOid)) {
          throw new Refusal("43118", "clientOid duplicate")
        }
        const mutable = order as { -readonly [K in keyof typeof order]: (typeof order)[K] }
        if (request.newSize !== undefined) mutable.size = dec(request.newSize)
        if (request.newPrice !== undefined) mutable.price = dec(request.newPrice)
        if (request.newPresetStopSurplusPrice !== undefined) {
          mutable.presetStopSurplusPrice = dec(request.newPresetStopSurplusPrice)
        }
        if (request.newPresetStopLossPrice !== undefined) {
          mutable.presetStopLossPrice = dec(request.newPresetStopLossPrice)
        }
        mutable.clientOid = request.newClientOid
        mutable.uTime = context.now
        // A new price may cross the mark: let the market look at it again.
        world.setMark(order.symbol, world.mark(order.symbol), context.now)
        return { orderId: order.orderId, clientOid: order.clientOid }
      })),
    route(Order.CancelOrder, (request, context) =>
      run(() => {
        const order = findOrder(accountOf(context), request, request.symbol)
        if (order === undefined || !isOpen(order)) return notFound()
        world.cancel(order, context.now, "cancelled by user")
        return { orderId: order.orderId, clientOid: order.clientOid }
      })),
    route(Order.BatchCancelOrders, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const successList: Array<{ orderId: string; clientOid: string }> = []
        const failureList: Array<any> = []
        if (request.orderIdList !== undefined) {
          for (const ref of request.orderIdList) {
            const order = findOrder(account, ref, request.symbol)
            if (order === undefined || !isOpen(order)) {
              failureList.push(Rows.compact({ ...ref, errorMsg: "Order does not exist", errorCode: "40768" }))
            } else {
              world.cancel(order, context.now, "cancelled by user")
              successList.push({ orderId: order.orderId, clientOid: order.clientOid })
            }
          }
        } else {
          for (const order of world.orders) {
            if (
              order.account === account && isOpen(order) && order.productType === canonical(request.productType) &&
              (request.symbol === undefined || order.symbol === request.symbol.toUpperCase())
            ) {
              world.cancel(order, context.now, "cancelled by user")
              successList.push({ orderId: order.orderId, clientOid: order.clientOid })
            }
          }
        }
        return { successList, failureList }
      })),
    route(Order.ClosePositions, (request, context) =>
      run(() => {
        const account = accountOf(context)
        const positions = world.openPositions(account, request.productType).filter((p) =>
          (request.symbol === undefined || p.symbol === request.symbol.toUpperCase()) &&
          (request.holdSide === undefined || p.holdSide === request.holdSide)
        )
        if (positions.length === 0) throw new Refusal("22002", "No position to close")
        const successList: Array<{ orderId: string; clientOid: string; symbol: string }> = []
        const failureList: Array<any> = []
        for (const p of positions) {
          try {
            const order = closePosition(account, p, context.now, "market")
            successList.push({ orderId: order.orderId, clientOid: order.clientOid, symbol: p.symbol })
          } catch (error) {
            if (!(error instanceof Refusal)) throw error
            failureList.push({ symbol: p.symbol, errorMsg: error.msg, errorCode: error.code })
          }
        }
        return { successList, failureList }
      })),
    route(Order.ClickBackhand, (request, context) =>
      run(() => {
        const account = accountOf(context)
        const c = world.contract(request.symbol, request.productType)
        const held = world.positionsOf(account, c.symbol, request.marginCoin)
        const wanted = request.side === undefined ? undefined : request.side === "buy" ? "long" : "short"
        const p = held.find((x) => wanted === undefined || x.holdSide === wanted)
        if (p === undefined) throw new Refusal("22002", "No position to close")
        const size = p.total
        const hedge = p.posMode === "hedge_mode"
        closePosition(account, p, context.now, "reverse")
        const reversed = world.place(account, {
          symbol: c.symbol,
          productType: c.productType,
          marginCoin: request.marginCoin,
          marginMode: p.marginMode,
          size,
          side: p.holdSide === "long" ? "sell" : "buy",
          tradeSide: hedge ? "open" : undefined,
          orderType: "market",
          clientOid: request.clientOid,
          orderSource: "reverse"
        }, context.now)
        return { orderId: reversed.orderId, clientOid: reversed.clientOid }
      })),
    // ---- reading orders ----
    route(OrderQuery.Detail, (request, context) =>
      run(() => {
        const order = findOrder(accountOf(context), request, request.symbol)
        return order === undefined ? notFound() : Rows.orderDetail(order)
      })),
    route(
      OrderQuery.OrdersPending,
      (request, context) =>
        Effect.sync(() =>
          orderPage(context, request, true, (o) => request.status === undefined || o.status === request.status)
        )
    ),
    route(OrderQuery.OrdersHistory, (request, context) =>
      Effect.sync(() =>
        orderPage(
          context,
          request,
          false,
          (o) => request.orderSource === undefined || o.orderSource === request.orderSource
        )
      )),
    route(OrderQuery.Fills, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const rows = Rows.newest(world.fills).filter((f) =>
          f.account === account && f.productType === canonical(request.productType) &&
          (request.symbol === undefined || f.symbol === request.symbol.toUpperCase()) &&
          (request.orderId === undefined || f.orderId === request.orderId)
        )
        const result = Rows.page(rows, (f) => f.tradeId, (f) => f.cTime, request)
        return Rows.compact<any>({ fillList: result.rows.map(Rows.fillRow), endId: result.endId })
      })),
    // ---- plan orders ----
    route(PlanOrder.PlacePlanOrder, (request, context) =>
      run(() => {
        const plan = world.placePlan(accountOf(context), {
          ...orderInput(request, { ...request, presetStopSurplusPrice: undefined, presetStopLossPrice: undefined }),
          planType: request.planType,
          triggerPrice: dec(request.triggerPrice),
          triggerType: request.triggerType,
          callbackRatio: opt(request.callbackRatio),
          tpsl: {
            stopSurplusTriggerPrice: opt(request.stopSurplusTriggerPrice),
            stopSurplusExecutePrice: opt(request.stopSurplusExecutePrice),
            stopSurplusTriggerType: request.stopSurplusTriggerType,
            stopLossTriggerPrice: opt(request.stopLossTriggerPrice),
            stopLossExecutePrice: opt(request.stopLossExecutePrice),
            stopLossTriggerType: request.stopLossTriggerType
          }
        }, context.now)
        return { orderId: plan.orderId, clientOid: plan.clientOid }
      })),
    route(PlanOrder.ModifyPlanOrder, (request, context) =>
      run(() => {
        const plan = findPlan(accountOf(context), request)
        if (plan === undefined || plan.status !== "live" || plan.planType !== request.planType) return notFound()
        if (request.newSize !== undefined) plan.size = dec(request.newSize)
        if (request.newPrice !== undefined) plan.price = dec(request.newPrice)
        if (request.newCallbackRatio !== undefined) plan.callbackRatio = dec(request.newCallbackRatio)
        if (request.newTriggerType !== undefined) plan.triggerType = request.newTriggerType
        if (request.newTriggerPrice !== undefined) {
          plan.triggerPrice = dec(request.newTriggerPrice)
          plan.direction = BigDecimal.greaterThan(plan.triggerPrice, world.mark(plan.symbol)) ? "up" : "down"
        }
        plan.uTime = context.now
        return { orderId: plan.orderId, clientOid: plan.clientOid }
      })),
    route(PlanOrder.CancelPlanOrder, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const successList: Array<{ orderId: string; clientOid: string }> = []
        const failureList: Array<any> = []
        if (request.orderIdList !== undefined) {
          for (const ref of request.orderIdList) {
            const plan = findPlan(account, ref)
            if (plan === undefined || plan.status !== "live") {
              failureList.push(Rows.compact({ ...ref, errorMsg: "Order does not exist", errorCode: "40768" }))
            } else {
              world.cancelPlan(plan, context.now)
              successList.push({ orderId: plan.orderId, clientOid: plan.clientOid })
            }
          }
        } else {
          for (const plan of world.plans) {
            if (
              plan.account === account && plan.status === "live" &&
              plan.productType === canonical(request.productType) &&
              (request.symbol === undefined || plan.symbol === request.symbol.toUpperCase()) &&
              (request.planType === undefined || plan.planType === request.planType)
            ) {
              world.cancelPlan(plan, context.now)
              successList.push({ orderId: plan.orderId, clientOid: plan.clientOid })
            }
          }
        }
        return { successList, failureList }
      })),
    route(PlanOrder.OrdersPlanPending, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const rows = Rows.newest(world.plans).filter((p) =>
          p.account === account && p.status === "live" && p.planType === request.planType &&
          p.productType === canonical(request.productType) &&
          (request.symbol === undefined || p.symbol === request.symbol.toUpperCase()) &&
          (request.orderId === undefined || p.orderId === request.orderId) &&
          (request.clientOid === undefined || p.clientOid === request.clientOid)
        )
        const result = Rows.page(rows, (p) => p.orderId, (p) => p.cTime, request)
        return Rows.compact<any>({ entrustedList: result.rows.map(Rows.planRow), endId: result.endId })
      })),
    route(PlanOrder.OrdersPlanHistory, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const rows = Rows.newest(world.plans).filter((p) =>
          p.account === account && p.status !== "live" && p.planType === request.planType &&
          p.productType === canonical(request.productType) &&
          (request.planStatus === undefined || p.status === request.planStatus) &&
          (request.symbol === undefined || p.symbol === request.symbol.toUpperCase()) &&
          (request.orderId === undefined || p.orderId === request.orderId) &&
          (request.clientOid === undefined || p.clientOid === request.clientOid)
        )
        const result = Rows.page(rows, (p) => p.orderId, (p) => p.cTime, request)
        return Rows.compact<any>({
          entrustedList: result.rows.map((p) => Rows.historyPlanRow(world, p)),
          endId: result.endId
        })
      })),
    route(PlanOrder.PlanSubOrder, (request, context) =>
      run(() => {
        const plan = findPlan(accountOf(context), { orderId: request.planOrderId })
        if (plan === undefined || plan.planType !== request.planType || plan.productType !== request.productType) {
          return notFound()
        }
        return plan.subOrders.map((s) => Rows.compact<any>({ ...s }))
      }))
  ]

  const control: FuturesControl = {
    setMarkPrice: (symbol, price) => world.setMark(symbol, dec(price), environment.now()),
    markPrice: (symbol) => world.mark(symbol),
    tick: (steps = 1) => {
      for (let i = 0; i < steps; i++) world.tick(environment.now())
    },
    setBalance: (coin, amount, options) =>
      world.setBalance(`${MAIN_UID}${options?.demo ? ":demo" : ""}`, coin, dec(amount)),
    balance: (coin, options) => world.balance(`${MAIN_UID}${options?.demo ? ":demo" : ""}`, coin),
    symbols: (productType) => byProductType(productType).map((c) => c.symbol)
  }

  return { name: "futures", routes, control }
}
