/**
 * Stock+ market data in the simulator, all read from each stock's one price path (its price at
 * now is the book's live price, which `setPrice` moves): the depth around it, the quote (the day
 * summarised from the path's hourly candles, as V3 tickers are), the tape, the minute line and
 * the candles. Options are derived from the stock: four weekly expiries (Fridays), strikes 5 USD
 * apart around the price, and a quote of intrinsic value plus a time value.
 */
import * as StockPlusMarket from "@effect-bitget/unified/StockPlusMarket"
import * as BD from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Domains from "../Domain.js"
import * as PricePath from "../PricePath.js"
import { reject } from "../Rejection.js"
import { codes, type Stock, type StockPlusBook } from "./StockPlus.js"

const { DAY, HOUR, MINUTE } = PricePath.millis
const text = (ms: number) => String(ms)
const dec = (value: number, places = 2) => PricePath.round(value, places)

/** The periods served, as the broker's API names them. */
const PERIODS: Record<string, number> = {
  "1m": MINUTE,
  "5m": 5 * MINUTE,
  "15m": 15 * MINUTE,
  "30m": 30 * MINUTE,
  "60m": HOUR,
  day: DAY,
  week: 7 * DAY
}

const DEFAULT_COUNT = 100

/** The `count` candles of `span` ms ending with the one open at `end` (oldest first). */
const candles = (path: PricePath.Path, span: number, end: number, count: number, now: number) => {
  const last = end - (end % span)
  const out = []
  for (let k = count - 1; k >= 0; k--) {
    const open = last - k * span
    const c = PricePath.candle(path, open, span, now)
    out.push({
      open: c.open,
      high: c.high,
      low: c.low,
      close: c.close,
      volume: c.baseVolume,
      turnover: c.quoteVolume,
      timestamp: text(open),
      tradeSession: "Intraday"
    })
  }
  return out
}

/** Fridays after `now`, as `yyyyMMdd`. */
const expiries = (now: number): Array<string> => {
  const day = new Date(now - (now % DAY))
  const ahead = (5 - day.getUTCDay() + 7) % 7 || 7
  return [0, 1, 2, 3].map((week) => {
    const d = new Date(day.getTime() + (ahead + 7 * week) * DAY)
    return d.toISOString().slice(0, 10).replace(/-/g, "")
  })
}

const OPTION = /^([A-Z]+)(\d{6})([CP])(\d+)\.US$/

export const marketRoutes = (book: StockPlusBook) => {
  /** The stocks named (one, or several comma-separated). */
  const stocks = (symbols: string) => Effect.forEach(symbols.split(","), (s) => book.stock(s.trim()))
  const period = (name: string) => {
    const span = PERIODS[name]
    return span === undefined ? reject("25200", `Unsupported period ${name}`) : Effect.succeed(span)
  }
  const quoteOf = (stock: Stock, now: number) => {
    const path = book.path(stock, now)
    const today = PricePath.day(path, now)
    return {
      symbol: stock.symbol,
      lastDone: book.price(stock.symbol),
      prevClose: today.open,
      open: today.open,
      high: today.high,
      low: today.low,
      timestamp: text(now),
      volume: today.baseVolume,
      turnover: today.quoteVolume,
      tradeStatus: "Normal",
      preMarketQuote: null,
      postMarketQuote: null,
      overnightQuote: null
    }
  }
  const underlying = (option: string) => {
    const match = OPTION.exec(option.toUpperCase())
    return match === null
      ? reject(codes.noSymbol, `The option ${option} does not exist`)
      : Effect.map(book.stock(`${match[1]}.US`), (stock) => ({ stock, match }))
  }

  return [
    Domains.route(
      StockPlusMarket.Quotes,
      (request, context) =>
        Effect.map(stocks(request.symbol), (list) => ({ list: list.map((s) => quoteOf(s, context.now)) }))
    ),
    Domains.route(StockPlusMarket.Depth, (request, context) =>
      Effect.flatMap(book.stock(request.symbol), (stock) => {
        const depth = PricePath.book(book.path(stock, context.now), book.price(stock.symbol), 10, context.now)
        const level = (l: { price: BD.BigDecimal; size: BD.BigDecimal }, i: number) => ({
          position: i + 1,
          price: l.price,
          volume: l.size,
          orderNum: 1 + Math.floor(BD.unsafeToNumber(l.size) / 10)
        })
        return Effect.succeed({ asks: depth.asks.map(level), bids: depth.bids.map(level) })
      })),
    Domains.route(
      StockPlusMarket.Trades,
      (request, context) =>
        Effect.map(book.stock(request.symbol), (stock) =>
          PricePath.tape(
            book.path(stock, context.now),
            context.now - DAY,
            context.now,
            context.now,
            request.count ?? 20
          )
            .map((t) => ({
              price: t.price,
              volume: t.size,
              timestamp: text(t.ts),
              tradeType: "",
              direction: t.side === "buy" ? "Up" : "Down",
              tradeSession: "Intraday"
            })))
    ),
    Domains.route(StockPlusMarket.Intraday, (request, context) =>
      Effect.map(book.stock(request.symbol), (stock) => {
        const path = book.path(stock, context.now)
        // Today's minutes so far, at most a regular session's 390.
        const minutes = Math.min(390, Math.max(1, Math.floor((context.now % DAY) / MINUTE)))
        let volume = 0
        let turnover = 0
        return {
          list: candles(path, MINUTE, context.now, minutes, context.now).map((c) => {
            // The running average of the minute closes, weighted by volume.
            volume += BD.unsafeToNumber(c.volume)
            turnover += BD.unsafeToNumber(c.volume) * BD.unsafeToNumber(c.close)
            return {
              price: c.close,
              timestamp: c.timestamp,
              volume: c.volume,
              turnover: c.turnover,
              avgPrice: dec(turnover / volume, 4)
            }
          })
        }
      })),
    Domains.route(
      StockPlusMarket.Candlestick,
      (request, context) =>
        Effect.flatMap(book.stock(request.symbol), (stock) =>
          Effect.map(period(request.period), (span) => ({
            list: candles(book.path(stock, context.now), span, context.now, request.count ?? DEFAULT_COUNT, context.now)
          })))
    ),
    Domains.route(
      StockPlusMarket.HistoryCandlestick,
      (request, context) =>
        Effect.flatMap(book.stock(request.symbol), (stock) =>
          Effect.map(period(request.period), (span) => {
            const count = request.count ?? DEFAULT_COUNT
            const at = request.time === undefined ? context.now : Number(request.time)
            // Before `time` (the candle holding it excluded), or from it on with `forward`.
            const end = request.forward === true
              ? Math.min(context.now, at + (count - 1) * span)
              : at - (at % span) - span
            const list = candles(book.path(stock, context.now), span, end, count, context.now)
            return {
              list: list.filter((c) =>
                Number(c.timestamp) <= context.now &&
                (request.forward !== true || Number(c.timestamp) >= at - (at % span))
              )
            }
          }))
    ),
    Domains.route(StockPlusMarket.Static, (request) =>
      Effect.map(stocks(request.symbol), (list) => ({
        list: list.map((s) => ({
          symbol: s.symbol,
          nameCn: s.name,
          nameEn: s.name,
          exchange: "NASD",
          currency: "USD",
          lotSize: BD.fromBigInt(1n),
          stockDerivatives: ["Option"],
          board: "USMain"
        }))
      }))),
    Domains.route(
      StockPlusMarket.OptionExpiryDate,
      (request, context) => Effect.map(book.stock(request.symbol), () => ({ expiryDate: expiries(context.now) }))
    ),
    Domains.route(
      StockPlusMarket.OptionChainInfo,
      (request, context) =>
        Effect.flatMap(book.stock(request.symbol), (stock) => {
          if (!expiries(context.now).includes(request.expiryDate)) {
            return reject("25200", `No options expire on ${request.expiryDate}`)
          }
          const centre = Math.round(BD.unsafeToNumber(book.price(stock.symbol)) / 5) * 5
          const yymmdd = request.expiryDate.slice(2)
          return Effect.succeed({
            strikePriceInfo: [-10, -5, 0, 5, 10].map((offset) => {
              const strike = centre + offset
              return {
                price: BD.fromBigInt(BigInt(strike)),
                callSymbol: `${stock.code}${yymmdd}C${strike * 1000}.US`,
                putSymbol: `${stock.code}${yymmdd}P${strike * 1000}.US`,
                standard: true
              }
            })
          })
        })
    ),
    Domains.route(
      StockPlusMarket.OptionVolume,
      (request, context) =>
        Effect.map(book.stock(request.symbol), (stock) => {
          const today = PricePath.day(book.path(stock, context.now), context.now)
          const contracts = Math.round(BD.unsafeToNumber(today.baseVolume) / 100)
          return { c: BD.fromBigInt(BigInt(contracts)), p: BD.fromBigInt(BigInt(Math.round(contracts * 0.8))) }
        })
    ),
    Domains.route(StockPlusMarket.OptionQuotes, (request, context) =>
      Effect.map(
        Effect.forEach(request.symbol.split(","), (symbol) => underlying(symbol.trim())),
        (options) => ({
          secuQuote: options.map(({ match, stock }) => {
            const spot = BD.unsafeToNumber(book.price(stock.symbol))
            const strike = Number(match[4]) / 1000
            const expiry = Date.UTC(
              2000 + Number(match[2]!.slice(0, 2)),
              Number(match[2]!.slice(2, 4)) - 1,
              Number(match[2]!.slice(4, 6))
            )
            const years = Math.max(expiry - context.now, DAY) / (365 * DAY)
            const intrinsic = match[3] === "C" ? Math.max(0, spot - strike) : Math.max(0, strike - spot)
            const value = intrinsic + spot * 0.3 * Math.sqrt(years) * 0.4
            return {
              symbol: match[0],
              lastDone: dec(value),
              prevClose: dec(value),
              open: dec(value),
              high: dec(value * 1.02),
              low: dec(value * 0.98),
              timestamp: text(context.now),
              volume: BD.fromBigInt(100n),
              turnover: dec(value * 100 * 100),
              tradeStatus: "Normal",
              impliedVolatility: dec(0.3, 4),
              openInterest: BD.fromBigInt(1000n),
              expiryDate: match[2]!,
              strikePrice: dec(strike),
              contractMultipier: BD.fromBigInt(100n),
              contractType: "America",
              contractSize: BD.fromBigInt(100n),
              direction: match[3]!,
              historicalVolatility: dec(0.28, 4),
              underlyingSymbol: stock.symbol
            }
          })
        })
      ))
  ]
}
