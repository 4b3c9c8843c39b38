/**
 * Stock+ as a simulator domain (`Simulator.control<StockPlusControl>("stockPlus")`): trading and
 * assets over `StockPlusBook`, market data over the same book's price paths
 * (`StockPlusMarketRoutes.ts`). Times in answers are epoch milliseconds as strings (the sources
 * leave the unit open; the client keeps them as strings).
 */
import { toBigDecimal } from "@effect-bitget/core/Decimal"
import * as StockPlusAsset from "@effect-bitget/unified/StockPlusAsset"
import * as StockPlusTrade from "@effect-bitget/unified/StockPlusTrade"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import type { Domain, Environment } from "../Domain.js"
import * as Domains from "../Domain.js"
import { reject } from "../Rejection.js"
import type { World } from "../spot/World.js"
import { fromWorld } from "./Funds.js"
import { codes, type Order, startOfDay, STOCK_LIST, StockPlusBook } from "./StockPlus.js"
import { marketRoutes } from "./StockPlusMarketRoutes.js"
import { compact } from "./Wire.js"

export interface StockPlusControl {
  readonly book: StockPlusBook
  /** Moves a stock (`AAPL.US`) to `price` at the simulator's now; resting orders it crosses fill. */
  readonly setPrice: (symbol: string, price: string) => void
}

const ZERO = BD.fromBigInt(0n)
const text = (ms: number) => String(ms)
const uidOf = (context: Domains.Context) => context.account!.uid
const optional = (value: BD.BigDecimal | string | undefined) => value === undefined ? undefined : toBigDecimal(value)

const orderRow = (order: Order) =>
  compact<StockPlusTrade.Order>({
    orderId: order.orderId,
    status: order.status,
    stockName: STOCK_LIST.find((s) => s.symbol === order.symbol)?.name,
    quantity: order.quantity,
    executedQuantity: order.executedQuantity,
    price: order.price,
    executedPrice: order.executedPrice,
    submittedAt: text(order.submittedAt),
    side: order.side,
    symbol: order.symbol,
    orderType: order.orderType,
    lastDone: order.executedPrice,
    triggerPrice: order.triggerPrice,
    msg: "",
    tag: "Normal",
    timeInForce: order.timeInForce,
    expireDate: order.expireDate,
    updatedAt: text(order.updatedAt),
    currency: "USD",
    outsideRth: order.outsideRth,
    remark: order.remark
  })

const answer = (order: Order) => ({ orderId: order.orderId, symbol: order.symbol })

/** A `[startAt, endAt]` filter in the simulator's time form (ms); absent ends are open. */
const within = (time: number, startAt: string | undefined, endAt: string | undefined) =>
  (startAt === undefined || time >= Number(startAt)) && (endAt === undefined || time <= Number(endAt))

/** How many rows a history read answers before saying `hasMore`. */
const HISTORY_PAGE = 100

export const make = (environment: Environment, world: World): Domain => {
  const book = new StockPlusBook(fromWorld(world, environment.accounts))
  const control: StockPlusControl = {
    book,
    setPrice: (symbol, price) => book.setPrice(symbol, price, environment.now())
  }
  const routes = [
    ...marketRoutes(book),
    Domains.route(
      StockPlusTrade.PlaceOrder,
      (request, context) =>
        Effect.flatMap(book.stock(request.symbol), (stock) =>
          Effect.map(
            book.place(uidOf(context), stock, {
              side: request.side,
              orderType: request.orderType,
              quantity: toBigDecimal(request.submittedQuantity),
              price: optional(request.submittedPrice),
              triggerPrice: optional(request.triggerPrice),
              timeInForce: request.timeInForce,
              outsideRth: request.outsideRth,
              remark: request.remark,
              expireDate: request.expireDate
            }, context.now),
            answer
          ))
    ),
    Domains.route(StockPlusTrade.ModifyOrder, (request, context) =>
      Effect.map(
        book.modify(uidOf(context), request.orderId, {
          quantity: toBigDecimal(request.quantity),
          price: optional(request.price),
          triggerPrice: optional(request.triggerPrice)
        }, context.now),
        answer
      )),
    Domains.route(StockPlusTrade.CancelOrder, (request, context) =>
      request.orderId === undefined
        ? reject(codes.noOrder, "Stock+ orders carry no clientOid: cancel by orderId")
        : Effect.map(book.cancel(uidOf(context), request.orderId, context.now), answer)),
    Domains.route(StockPlusTrade.TodayOrders, (request, context) => {
      const today = startOfDay(context.now)
      const orders = book.holder(uidOf(context)).orders.filter((o) =>
        o.submittedAt >= today &&
        (request.symbol === undefined || o.symbol === request.symbol.toUpperCase()) &&
        (request.status === undefined || request.status.split(",").includes(o.status)) &&
        (request.side === undefined || o.side === request.side) &&
        (request.orderId === undefined || o.orderId === request.orderId)
      )
      return Effect.succeed({ orders: orders.map(orderRow) })
    }),
    Domains.route(StockPlusTrade.HistoryOrders, (request, context) => {
      const today = startOfDay(context.now)
      const orders = book.holder(uidOf(context)).orders.filter((o) =>
        o.submittedAt < today && within(o.submittedAt, request.startAt, request.endAt) &&
        (request.symbol === undefined || o.symbol === request.symbol.toUpperCase()) &&
        (request.status === undefined || request.status.split(",").includes(o.status)) &&
        (request.side === undefined || o.side === request.side)
      )
      return Effect.succeed({
        hasMore: orders.length > HISTORY_PAGE,
        orders: orders.slice(0, HISTORY_PAGE).map(orderRow)
      })
    }),
    Domains.route(
      StockPlusTrade.OrderInfo,
      (request, context) =>
        Effect.map(book.find(uidOf(context), request.orderId), (order): StockPlusTrade.OrderDetail => ({
          ...orderRow(order),
          history: order.history.map((h) => ({
            price: h.price,
            quantity: h.quantity,
            status: h.status,
            msg: "",
            time: text(h.time)
          })),
          // No fees in the simulator: the charges are all zero.
          chargeDetail: { totalAmount: ZERO, currency: "USD", items: [] }
        }))
    ),
    Domains.route(StockPlusTrade.TodayExecutions, (request, context) => {
      const today = startOfDay(context.now)
      const trades = book.holder(uidOf(context)).executions.filter((e) =>
        e.time >= today &&
        (request.symbol === undefined || e.symbol === request.symbol.toUpperCase()) &&
        (request.orderId === undefined || e.orderId === request.orderId)
      )
      return Effect.succeed({ trades: trades.map(executionRow) })
    }),
    Domains.route(StockPlusTrade.HistoryExecutions, (request, context) => {
      const today = startOfDay(context.now)
      const trades = book.holder(uidOf(context)).executions.filter((e) =>
        e.time < today && within(e.time, request.startAt, request.endAt) &&
        (request.symbol === undefined || e.symbol === request.symbol.toUpperCase())
      )
      return Effect.succeed({
        hasMore: trades.length > HISTORY_PAGE,
        trades: trades.slice(0, HISTORY_PAGE).map(executionRow)
      })
    }),
    ...assetRoutes(book)
  ]
  return { name: "stockPlus", routes, control }
}

const executionRow = (
  e: { orderId: string; tradeId: string; symbol: string; quantity: BD.BigDecimal; price: BD.BigDecimal; time: number }
) => ({
  orderId: e.orderId,
  tradeId: e.tradeId,
  symbol: e.symbol,
  tradeDoneAt: text(e.time),
  quantity: e.quantity,
  price: e.price
})

const assetRoutes = (book: StockPlusBook) => [
  Domains.route(StockPlusAsset.Account, (request, context) => {
    const holder = book.holder(uidOf(context))
    if (request.currency !== undefined && request.currency.toUpperCase() !== "USD") return Effect.succeed({ list: [] })
    let value = ZERO
    for (const [symbol, position] of holder.positions) {
      value = BD.sum(value, BD.multiply(position.quantity, book.price(symbol)))
    }
    const cash = BD.sum(holder.available, holder.frozen)
    return Effect.succeed({
      list: [{
        totalCash: cash,
        maxFinanceAmount: ZERO,
        remainingFinanceAmount: ZERO,
        riskLevel: ZERO,
        marginCall: ZERO,
        netAssets: BD.sum(cash, value),
        initMargin: ZERO,
        maintenanceMargin: ZERO,
        currency: "USD",
        buyPower: holder.available,
        cashInfos: [{
          withdrawCash: holder.available,
          availableCash: holder.available,
          frozenCash: holder.frozen,
          settlingCash: ZERO,
          currency: "USD"
        }],
        frozenTransactionFees: []
      }]
    })
  }),
  Domains.route(StockPlusAsset.CashFlows, (request, context) => {
    const start = DateTime.toEpochMillis(request.startTime)
    const end = DateTime.toEpochMillis(request.endTime)
    const rows = book.holder(uidOf(context)).flows.filter((f) =>
      f.time >= start && f.time <= end &&
      (request.businessType === undefined || f.businessType === request.businessType) &&
      (request.symbol === undefined || f.symbol === request.symbol.toUpperCase())
    )
    const size = request.size ?? 20
    const page = request.page ?? 1
    return Effect.succeed({
      list: rows.slice((page - 1) * size, page * size).map((f) =>
        compact<StockPlusAsset.CashFlow>({
          transactionFlowName: f.name,
          direction: f.direction,
          businessType: f.businessType,
          balance: f.amount,
          currency: "USD",
          businessTime: text(f.time),
          symbol: f.symbol,
          description: f.name
        })
      )
    })
  }),
  Domains.route(StockPlusAsset.StockPosition, (request, context) => {
    const positions = [...book.holder(uidOf(context)).positions.entries()]
      .filter(([symbol, p]) =>
        BD.isPositive(p.quantity) && (request.symbol === undefined || symbol === request.symbol.toUpperCase())
      )
      .map(([symbol, p]) =>
        compact<StockPlusAsset.Position>({
          symbol,
          symbolName: STOCK_LIST.find((s) => s.symbol === symbol)?.name,
          quantity: p.quantity,
          availableQuantity: BD.subtract(p.quantity, p.frozen),
          currency: "USD",
          costPrice: BD.round(p.cost, { scale: 4, mode: "half-even" }),
          market: "US",
          initQuantity: p.initQuantity
        })
      )
    return Effect.succeed({ channels: [{ accountChannel: "lb", positions }] })
  }),
  Domains.route(StockPlusAsset.Transfer, (request, context) =>
    Effect.map(
      book.transfer(uidOf(context), request.coin, toBigDecimal(request.amount), request.direction, context.now),
      (transferId) => ({ transferId })
    )),
  Domains.route(StockPlusAsset.TransferRecords, (request, context) => {
    const below = request.cursor === undefined || request.cursor === "" ? Infinity : Number(request.cursor)
    const rows = book.holder(uidOf(context)).transfers.filter((t) =>
      t.seq < below &&
      (request.transferId === undefined || t.transferId === request.transferId) &&
      (request.startTime === undefined || t.time >= DateTime.toEpochMillis(request.startTime)) &&
      (request.endTime === undefined || t.time <= DateTime.toEpochMillis(request.endTime))
    )
    return Effect.succeed(
      rows.slice(0, request.limit ?? 20).map((t) => ({
        transferId: t.transferId,
        coin: t.coin,
        amount: t.amount,
        direction: t.direction,
        cursor: String(t.seq)
      }))
    )
  })
]
