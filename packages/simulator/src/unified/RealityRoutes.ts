/**
 * V3 Reality stocks in the simulator: three tokenised US shares, each with its own price path
 * (the one its book and fills are read from), the US market's sessions in standard or daylight
 * saving time by the simulator's date, and its closures. The pairs trade in a Reality book of
 * their own (not the spot world's matching: V3 tickers and instruments do not list them): an order
 * that reaches the path's best opposite level fills there at once, in the unified balance (a buy
 * spends USDT and receives the pair's token, `RAAPL`); any other limit order rests in the book,
 * shown in `reality-orderbook` at its price until it is cancelled (nothing moves the Reality
 * price, so a resting order never fills). Every fill is on the pair's tape (`reality-fills`).
 * The company reads are `RealityCompanyRoutes.ts`.
 */
import { toBigDecimal } from "@effect-bitget/core/Decimal"
import * as Reality from "@effect-bitget/unified/Reality"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Domain from "../Domain.js"
import * as PricePath from "../PricePath.js"
import { reject } from "../Rejection.js"
import { fromWorld } from "./Funds.js"
import { companyRoutes } from "./RealityCompanyRoutes.js"
import type { Routes } from "./UnifiedDomain.js"

export interface Stock {
  readonly symbol: string
  readonly code: string
  readonly name: string
  /** The live price the path ends at. */
  readonly price: string
  readonly weekendTradable: boolean
}

export const STOCKS: ReadonlyArray<Stock> = [
  { symbol: "RAAPLUSDT", code: "AAPL", name: "Apple Inc.", price: "228.50", weekendTradable: true },
  { symbol: "RNVDAUSDT", code: "NVDA", name: "NVIDIA Corporation", price: "181.20", weekendTradable: true },
  { symbol: "RTSLAUSDT", code: "TSLA", name: "Tesla, Inc.", price: "342.10", weekendTradable: false }
]

const SESSIONS = [
  ["overnight", "20:00", "04:00"],
  ["pre_market", "04:00", "09:30"],
  ["regular", "09:30", "16:00"],
  ["after_hours", "16:00", "20:00"]
] as const

/** US daylight saving time: from the second Sunday of March, 2:00 local, to the first Sunday of November. */
export const isDst = (now: number): boolean => {
  const year = new Date(now).getUTCFullYear()
  const sunday = (month: number, nth: number) => {
    const first = new Date(Date.UTC(year, month, 1)).getUTCDay()
    return 1 + ((7 - first) % 7) + 7 * (nth - 1)
  }
  const start = Date.UTC(year, 2, sunday(2, 2), 7) // 2:00 EST
  const end = Date.UTC(year, 10, sunday(10, 1), 6) // 2:00 EDT
  return now >= start && now < end
}

/** NYSE holidays of 2026, closed all day. */
const HOLIDAYS = [
  ["2026-01-01", "New Year's Day"],
  ["2026-01-19", "Martin Luther King Jr. Day"],
  ["2026-02-16", "Washington's Birthday"],
  ["2026-04-03", "Good Friday"],
  ["2026-05-25", "Memorial Day"],
  ["2026-06-19", "Juneteenth"],
  ["2026-07-03", "Independence Day (observed)"],
  ["2026-09-07", "Labor Day"],
  ["2026-11-26", "Thanksgiving Day"],
  ["2026-12-25", "Christmas Day"]
] as const

interface RealityOrder {
  readonly uid: string
  readonly orderId: string
  readonly clientOid: string
  readonly symbol: string
  readonly side: "buy" | "sell"
  readonly price: BigDecimal.BigDecimal
  readonly qty: BigDecimal.BigDecimal
  open: boolean
}

interface OwnFill {
  readonly symbol: string
  readonly execId: string
  readonly price: BigDecimal.BigDecimal
  readonly size: BigDecimal.BigDecimal
  readonly side: "buy" | "sell"
  readonly ts: number
}

/** The token a Reality pair trades (`RAAPL` of `RAAPLUSDT`) against USDT. */
const baseOf = (symbol: string) => symbol.replace(/USDT$/, "")

export const routes: Routes = (control, environment) => {
  const funds = fromWorld(control.spot, environment.accounts)
  const orders: Array<RealityOrder> = []
  const fills: Array<OwnFill> = []
  let seq = 0
  const bySymbol = new Map(STOCKS.map((s) => [s.symbol, s]))
  const stock = (symbol: string) => {
    const found = bySymbol.get(symbol.toUpperCase())
    return found === undefined ? reject("25100", `The trading pair ${symbol} does not exist`) : Effect.succeed(found)
  }
  const pathOf = (s: Stock, now: number) =>
    PricePath.make(s.symbol, BigDecimal.unsafeFromString(s.price), now, { price: 2, size: 4 })
  const info = (s: Stock) => ({
    symbol: s.symbol,
    code: s.code,
    name: s.name,
    tradingPeriod: SESSIONS.map(([state]) => state),
    weekendTradable: s.weekendTradable
  })

  return [
    Domain.route(
      Reality.StockInfos,
      (request) =>
        request.symbol === undefined
          ? Effect.succeed(STOCKS.map(info))
          : Effect.map(stock(request.symbol), (s) => [info(s)])
    ),
    Domain.route(Reality.States, (_, context) => {
      const dst = isDst(context.now)
      return Effect.succeed({
        market: "US",
        daylightType: dst ? "dst" : "standard",
        stateList: SESSIONS.map(([state, startTime, endTime]) => ({
          state,
          timeZone: dst ? "EDT" : "EST",
          startTime,
          endTime
        }))
      })
    }),
    Domain.route(Reality.Calendar, () =>
      Effect.succeed({
        timeZone: "EST",
        specificConfig: HOLIDAYS.map(([day, remark]) => ({
          remark,
          startTime: `${day} 00:00`,
          endTime: `${day} 23:59`
        })),
        regularConfig: ["SATURDAY"]
      })),
    Domain.route(Reality.OrderBook, (request, context) =>
      Effect.map(stock(request.symbol), (s) => {
        const live = BigDecimal.unsafeFromString(s.price)
        const book = PricePath.book(pathOf(s, context.now), live, 5, context.now)
        const resting = orders.filter((o) => o.open && o.symbol === s.symbol)
        return {
          symbol: s.symbol,
          a: withResting(book.asks, resting.filter((o) => o.side === "sell"), true),
          b: withResting(book.bids, resting.filter((o) => o.side === "buy"), false),
          ts: DateTime.unsafeMake(context.now)
        }
      })),
    Domain.route(
      Reality.Fills,
      (request, context) =>
        Effect.map(stock(request.symbol), (s) =>
          PricePath.tape(
            pathOf(s, context.now),
            context.now - PricePath.millis.DAY,
            context.now,
            context.now,
            request.limit ?? 100
          )
            .map((t) => ({ execId: t.tradeId, price: t.price, size: t.size, side: t.side, ts: t.ts }))
            .concat(fills.filter((f) => f.symbol === s.symbol))
            .sort((x, y) => y.ts - x.ts)
            .slice(0, request.limit ?? 100)
            .map((t) => ({ ...t, ts: DateTime.unsafeMake(t.ts) })))
    ),
    Domain.route(Reality.PlaceOrder, (request, context) =>
      Effect.gen(function*() {
        const s = yield* stock(request.symbol)
        const uid = context.account!.uid
        const clientOid = request.clientOid ?? `reality-${seq + 1}`
        if (orders.some((o) => o.uid === uid && o.clientOid === clientOid)) {
          return yield* reject("25212", "Duplicate clientOid")
        }
        const qty = toBigDecimal(request.qty)
        const limit = request.price === undefined ? undefined : toBigDecimal(request.price)
        const live = BigDecimal.unsafeFromString(s.price)
        const book = PricePath.book(pathOf(s, context.now), live, 1, context.now)
        const best = request.side === "buy" ? book.asks[0]!.price : book.bids[0]!.price
        const crosses = limit === undefined ||
          (request.side === "buy"
            ? BigDecimal.lessThanOrEqualTo(best, limit)
            : BigDecimal.greaterThanOrEqualTo(best, limit))
        const at = crosses ? best : limit!
        const base = baseOf(s.symbol)
        const cost = BigDecimal.multiply(qty, at)
        // What the order gives up, taken at once (a resting order holds it frozen until cancelled).
        if (request.side === "buy") yield* funds.move(uid, "uta", "USDT", BigDecimal.negate(cost), context.now)
        else yield* funds.move(uid, "uta", base, BigDecimal.negate(qty), context.now)
        seq += 1
        const orderId = String(900_000_000_000 + seq)
        if (crosses) {
          if (request.side === "buy") yield* funds.move(uid, "uta", base, qty, context.now)
          else yield* funds.move(uid, "uta", "USDT", cost, context.now)
          fills.push({
            symbol: s.symbol,
            execId: PricePath.tapeId(context.now, 2 + seq),
            price: at,
            size: qty,
            side: request.side,
            ts: context.now
          })
        }
        orders.push({ uid, orderId, clientOid, symbol: s.symbol, side: request.side, price: at, qty, open: !crosses })
        return { orderId, clientOid }
      })),
    Domain.route(Reality.CancelOrder, (request, context) =>
      Effect.gen(function*() {
        const uid = context.account!.uid
        const order = orders.find((o) =>
          o.uid === uid && o.open && o.symbol === request.symbol.toUpperCase() &&
          (request.orderId !== undefined ? o.orderId === request.orderId : o.clientOid === request.clientOid)
        )
        if (order === undefined) return yield* reject("25204", "The order does not exist or is no longer open")
        order.open = false
        if (order.side === "buy") {
          yield* funds.move(uid, "uta", "USDT", BigDecimal.multiply(order.qty, order.price), context.now)
        } else yield* funds.move(uid, "uta", baseOf(order.symbol), order.qty, context.now)
        return { orderId: order.orderId, clientOid: order.clientOid }
      })),
    ...companyRoutes()
  ]
}

type Levels = ReadonlyArray<{ readonly price: BigDecimal.BigDecimal; readonly size: BigDecimal.BigDecimal }>

/** The path's levels with the resting orders added at their prices, best first, as many levels as before. */
const withResting = (levels: Levels, resting: ReadonlyArray<RealityOrder>, asks: boolean): Levels => {
  const merged = new Map(levels.map((l) => [BigDecimal.format(BigDecimal.normalize(l.price)), l]))
  for (const order of resting) {
    const key = BigDecimal.format(BigDecimal.normalize(order.price))
    const level = merged.get(key)
    merged.set(key, {
      price: order.price,
      size: level === undefined ? order.qty : BigDecimal.sum(level.size, order.qty)
    })
  }
  return [...merged.values()]
    .sort((x, y) => (asks ? 1 : -1) * BigDecimal.unsafeToNumber(BigDecimal.subtract(x.price, y.price)))
    .slice(0, levels.length)
}
