/**
 * The spot domain's market routes, from its own state: the coins and pairs it trades (with the
 * rules its matching enforces), and tickers, books, candles and public trades read from each
 * pair's price path behind the live price, with the simulated fills on the public tape.
 */
import * as Market from "@effect-bitget/spot/Market"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import * as PricePath from "../PricePath.js"
import { reject } from "../Rejection.js"
import * as Pairs from "./Pairs.js"
import type { World } from "./World.js"

const time = (ms: number) => DateTime.unsafeMake(ms)
const dec = (value: string) => BD.unsafeFromString(value)

const millis = (value: unknown): number | undefined =>
  value === undefined ? undefined : DateTime.isDateTime(value) ? DateTime.toEpochMillis(value) : Number(value)

/** The path of a traded pair at `now`, or Bitget's "does not exist". */
export const pathOf = (world: World, symbol: string, now: number) => {
  const pair = Pairs.bySymbol.get(symbol)
  const live = world.prices.get(symbol)
  if (pair === undefined || live === undefined) return reject("40034", `Parameter ${symbol} does not exist`)
  return Effect.succeed({
    pair,
    live,
    path: PricePath.make(symbol, live, now, { price: pair.pricePrecision, size: pair.quantityPrecision })
  })
}

const coinRow = (coin: Pairs.CoinDef): Market.Coin =>
  ({
    coinId: coin.coinId,
    coin: coin.coin,
    transfer: true,
    areaCoin: "no",
    chains: coin.chains.map((c) => ({
      chain: c.chain,
      needTag: c.needTag ?? false,
      withdrawable: true,
      rechargeable: true,
      withdrawFee: dec(c.withdrawFee),
      extraWithdrawFee: dec("0"),
      depositConfirm: c.depositConfirm,
      withdrawConfirm: c.withdrawConfirm,
      minDepositAmount: dec(c.minDepositAmount),
      minWithdrawAmount: dec(c.minWithdrawAmount),
      browserUrl: c.browserUrl,
      ...(c.contractAddress === undefined ? {} : { contractAddress: c.contractAddress }),
      withdrawStep: dec("0"),
      withdrawMinScale: c.withdrawMinScale,
      congestion: "normal"
    }))
  }) as unknown as Market.Coin

const symbolRow = (pair: Pairs.PairDef): Market.SymbolInfo =>
  ({
    symbol: pair.symbol,
    baseCoin: pair.baseCoin,
    quoteCoin: pair.quoteCoin,
    minTradeAmount: dec(pair.minTradeAmount),
    maxTradeAmount: dec(pair.maxTradeAmount),
    takerFeeRate: dec("0.001"),
    makerFeeRate: dec("0.001"),
    pricePrecision: pair.pricePrecision,
    quantityPrecision: pair.quantityPrecision,
    quotePrecision: pair.quotePrecision,
    minTradeUSDT: dec(pair.minTradeUSDT),
    status: "online",
    buyLimitPriceRatio: dec("0.05"),
    sellLimitPriceRatio: dec("0.05"),
    orderQuantity: 200,
    areaSymbol: "no",
    maxLimitOrderValue: dec("5000000"),
    maxMarketOrderValue: dec("1000000")
  }) as unknown as Market.SymbolInfo

const DEPTH: Record<string, number> = { "1": 1, "5": 5, "15": 15, "50": 50, max: 150 }

type Level = { readonly price: BD.BigDecimal; readonly size: BD.BigDecimal }

/** Levels merged onto a coarser price step: bids round down, asks up; sizes at one price add up. */
const merge = (levels: ReadonlyArray<Level>, step: BD.BigDecimal, side: "bid" | "ask", depth: number) => {
  const out: Array<Level> = []
  for (const level of levels) {
    const units = BD.round(BD.unsafeDivide(level.price, step), { scale: 0, mode: side === "bid" ? "floor" : "ceil" })
    const price = BD.normalize(BD.multiply(units, step))
    const last = out[out.length - 1]
    if (last !== undefined && BD.equals(last.price, price)) {
      out[out.length - 1] = { price, size: BD.sum(last.size, level.size) }
    } else if (BD.isPositive(price)) out.push({ price, size: level.size })
  }
  return out.slice(0, depth)
}

export const marketRoutes = (world: World): ReadonlyArray<Route> => {
  const ticker = (pair: Pairs.PairDef, now: number): Market.Ticker => {
    const live = world.prices.get(pair.symbol)!
    const path = PricePath.make(pair.symbol, live, now, { price: pair.pricePrecision, size: pair.quantityPrecision })
    const day = PricePath.day(path, now)
    const top = PricePath.book(path, live, 1, now)
    const midnight = Math.floor(now / PricePath.millis.DAY) * PricePath.millis.DAY
    const openUtc = path.at(midnight)
    const change = (from: BD.BigDecimal) =>
      BD.round(BD.unsafeDivide(BD.subtract(live, from), from), { scale: 4, mode: "half-even" })
    return {
      symbol: pair.symbol,
      high24h: day.high,
      open: day.open,
      low24h: day.low,
      lastPr: live,
      quoteVolume: day.quoteVolume,
      baseVolume: day.baseVolume,
      usdtVolume: world.usdtValue(pair.quoteCoin, day.quoteVolume) ?? day.quoteVolume,
      bidPr: top.bids[0]!.price,
      askPr: top.asks[0]!.price,
      bidSz: top.bids[0]!.size,
      askSz: top.asks[0]!.size,
      openUtc,
      ts: time(now),
      changeUtc24h: change(openUtc),
      change24h: change(day.open)
    } as Market.Ticker
  }

  /** Public trades of `symbol`: the background tape and every simulated fill, newest first. */
  const trades = (pair: Pairs.PairDef, path: PricePath.Path, range: PricePath.Range, now: number) =>
    PricePath.publicTrades(path, world.fills.filter((f) => f.symbol === pair.symbol), range, now).map((t) =>
      ({
        symbol: pair.symbol,
        tradeId: t.tradeId,
        side: t.side,
        price: t.price,
        size: t.size,
        ts: time(t.ts)
      }) as Market.MarketTrade
    )

  const candles = (
    request: {
      symbol: string
      granularity: string
      startTime?: unknown
      endTime?: unknown
      limit?: number | undefined
    },
    max: number,
    now: number
  ) =>
    Effect.map(pathOf(world, request.symbol, now), ({ pair, path }) => {
      const end = Math.min(millis(request.endTime) ?? now, now)
      const start = Math.max(millis(request.startTime) ?? 0, now - PricePath.reach(request.granularity))
      const span = PricePath.granularityMillis(request.granularity)
      const opens = PricePath.candleOpens(request.granularity, start, end, Math.min(request.limit ?? 100, max))
      const first = Math.min(...opens)
      const fills = world.fills.filter((f) => f.symbol === pair.symbol && f.cTime >= first && f.cTime <= end)
        .map((f) => ({ time: f.cTime, price: f.price }))
      return opens.map((open, i) => {
        const next = span === 0 ? (opens[i + 1] ?? now) - open : span
        const c = PricePath.including(PricePath.candle(path, open, next, now), next, fills)
        return {
          ts: time(c.ts),
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
          baseVolume: c.baseVolume,
          quoteVolume: c.quoteVolume,
          usdtVolume: world.usdtValue(pair.quoteCoin, c.quoteVolume) ?? c.quoteVolume
        }
      })
    })

  return [
    route(Market.Coins, (request) => {
      const rows = Pairs.coins.filter((c) => request.coin === undefined || c.coin === request.coin.toUpperCase())
      return Effect.succeed(rows.map(coinRow))
    }),
    route(Market.Symbols, (request) => {
      if (request.symbol === undefined) return Effect.succeed(Pairs.pairs.map(symbolRow))
      const pair = Pairs.bySymbol.get(request.symbol.toUpperCase())
      return pair === undefined
        ? reject("40034", `Parameter ${request.symbol} does not exist`)
        : Effect.succeed([symbolRow(pair)])
    }),
    route(Market.Tickers, (request, context) => {
      if (request.symbol === undefined) return Effect.succeed(Pairs.pairs.map((p) => ticker(p, context.now)))
      const pair = Pairs.bySymbol.get(request.symbol)
      return pair === undefined
        ? reject("40034", `Parameter ${request.symbol} does not exist`)
        : Effect.succeed([ticker(pair, context.now)])
    }),
    route(
      Market.OrderBook,
      (request, context) =>
        Effect.map(pathOf(world, request.symbol, context.now), ({ live, path }) => {
          // `limit` 1 to 150, default 150 (Bitget's orderbook page).
          const book = PricePath.book(path, live, request.limit ?? 150, context.now)
          return { asks: book.asks, bids: book.bids, ts: time(context.now) }
        })
    ),
    route(
      Market.MergeDepth,
      (request, context) =>
        Effect.map(pathOf(world, request.symbol, context.now), ({ live, pair, path }) => {
          const depth = request.limit === undefined ? 100 : DEPTH[String(request.limit)]!
          const precision = request.precision ?? "scale0"
          const step = BD.make(1n, pair.pricePrecision - Number(precision.slice(-1)))
          // Enough finer levels to fill `depth` merged ones.
          const book = PricePath.book(
            path,
            live,
            Math.min(depth * 10 ** Number(precision.slice(-1)), 2000),
            context.now
          )
          return {
            asks: merge(book.asks, step, "ask", depth),
            bids: merge(book.bids, step, "bid", depth),
            ts: time(context.now),
            scale: BD.normalize(step),
            precision,
            isMaxPrecision: precision === "scale3"
          }
        })
    ),
    route(Market.Candles, (request, context) => candles(request, 1000, context.now)),
    route(Market.HistoryCandles, (request, context) => candles(request, 200, context.now)),
    route(
      Market.RecentFills,
      (request, context) =>
        Effect.map(pathOf(world, request.symbol, context.now), ({ pair, path }) =>
          trades(pair, path, {
            start: context.now - PricePath.millis.DAY,
            end: context.now,
            below: undefined,
            limit: request.limit ?? 100
          }, context.now))
    ),
    route(
      Market.FillsHistory,
      (request, context) =>
        Effect.map(pathOf(world, request.symbol, context.now), ({ pair, path }) => {
          const end = Math.min(millis(request.endTime) ?? context.now, context.now)
          // Without a start, one window back from the end (the endpoint's 7-day range), within 90 days.
          const start = Math.max(
            millis(request.startTime) ?? end - 7 * PricePath.millis.DAY,
            context.now - 90 * PricePath.millis.DAY
          )
          return trades(pair, path, {
            start,
            end,
            below: request.idLessThan === undefined || request.idLessThan === ""
              ? undefined
              : BigInt(request.idLessThan),
            limit: request.limit ?? 500
          }, context.now)
        })
    )
  ]
}
