/**
 * V3 Reality stocks in the simulator: three tokenised US shares, each with its own price path
 * (the one its book and fills are read from), the US market's sessions in standard or daylight
 * saving time by the simulator's date, and its closures. Simplified: the Reality pairs are not
 * spot-world pairs (V3 tickers and instruments do not list them) and nothing trades them here.
 */
import * as Reality from "@effect-bitget/unified/Reality"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Domain from "../Domain.js"
import * as PricePath from "../PricePath.js"
import { reject } from "../Rejection.js"
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

export const routes: Routes = () => {
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
        return { symbol: s.symbol, a: book.asks, b: book.bids, ts: DateTime.unsafeMake(context.now) }
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
            .map((t) => ({
              execId: t.tradeId,
              price: t.price,
              size: t.size,
              side: t.side,
              ts: DateTime.unsafeMake(t.ts)
            })))
    )
  ]
}
