// ccxt's paginated calls (`{ paginate: true }`), unpatched, against a simulator with 30 days of
// history: every request ccxt sends is accepted as the exchange accepts it (its page size of 1000
// is served as the endpoint's largest page, not refused), and ccxt gets what its pagination makes
// of the exchange's answers.
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import ccxt from "ccxt"
import * as Effect from "effect/Effect"
import { keys, layer as simulatorLayer } from "./setup.js"

const HOUR = 3_600_000
const DAY = 24 * HOUR

interface Sent {
  readonly path: string
  readonly query: URLSearchParams
  readonly code: string
}

/** A ccxt client on the simulator that records each request's path, query and answered code. */
const connect = (simulator: Simulator.Service) => {
  const { apiKey, passphrase, secret } = keys(simulator)
  const exchange = new ccxt.bitget({ apiKey, secret, password: passphrase, enableRateLimit: false })
  const urls = exchange.urls as { api: Record<string, string> }
  urls.api = Object.fromEntries(Object.keys(urls.api).map((key) => [key, simulator.url]))
  const sent: Array<Sent> = []
  const fetch = exchange.fetch.bind(exchange)
  exchange.fetch = async (url: string, method?: string, headers?: any, body?: any) => {
    const parsed = new URL(url)
    try {
      const answer = await fetch(url, method, headers, body)
      sent.push({ path: parsed.pathname, query: parsed.searchParams, code: answer?.code })
      return answer
    } catch (error) {
      sent.push({ path: parsed.pathname, query: parsed.searchParams, code: String(error) })
      throw error
    }
  }
  return { exchange, sent }
}

const flow = <A>(body: (simulator: Simulator.Service) => Promise<A>) =>
  Effect.flatMap(Simulator.Simulator, (simulator) => Effect.promise(() => body(simulator)))

/** Timestamps newest first, as the exchange answered, all from `since`. */
const ordered = (timestamps: ReadonlyArray<number>, since: number) => {
  expect(timestamps.filter((t, i) => i > 0 && t > timestamps[i - 1]!)).toEqual([])
  expect(timestamps.filter((t) => t < since || t > Date.now())).toEqual([])
}

// Seeding 30 days of every account takes seconds on a loaded machine: the hook's budget, as the other seeded layers'.
layer(simulatorLayer({ history: 30, rateLimits: false }), { excludeTestServices: true, timeout: 60_000 })(
  "ccxt's paginated calls against the simulator",
  (it) => {
    for (const symbol of ["BTC/USDT", "BTC/USDT:USDT"]) {
      const path = symbol.includes(":") ? "/api/v2/mix/order/" : "/api/v2/spot/trade/"
      it.effect(`${symbol}: fetchMyTrades and fetchCanceledAndClosedOrders ask for 1000 and get the newest page`, () =>
        flow(async (simulator) => {
          const { exchange, sent } = connect(simulator)
          await exchange.loadMarkets()
          const since = Date.now() - 20 * DAY
          const trades = await exchange.fetchMyTrades(symbol, since, undefined, { paginate: true })
          const orders = await exchange.fetchCanceledAndClosedOrders(symbol, since, undefined, { paginate: true })
          const calls = sent.filter((s) => s.path.startsWith(path))
          expect(calls.map((s) => [s.path.slice(path.length), s.query.get("limit"), s.code])).toEqual([
            [symbol.includes(":") ? "fills" : "fills", "1000", "00000"],
            [symbol.includes(":") ? "orders-history" : "history-orders", "1000", "00000"]
          ])
          // The endpoints' largest page, 100 rows, the newest: ccxt finds no cursor in the rows
          // (spot's is the last row's id, futures' the data's `endId`) and stops after one page.
          expect([trades.length, orders.length]).toEqual([100, 100])
          expect(new Set(trades.map((t) => t.id)).size).toBe(100)
          ordered(trades.map((t) => t.timestamp!), since)
          ordered(orders.map((o) => o.timestamp!), since)
          expect(Date.now() - trades[0]!.timestamp!).toBeLessThan(DAY)
        }))

      it.effect(`${symbol}: fetchOHLCV walks 60 days of hourly candles in 200-candle requests`, () =>
        flow(async (simulator) => {
          const { exchange, sent } = connect(simulator)
          await exchange.loadMarkets()
          const since = Date.now() - 60 * DAY
          const candles = await exchange.fetchOHLCV(symbol, "1h", since, undefined, { paginate: true })
          const calls = sent.filter((s) => s.path.endsWith("/candles") || s.path.endsWith("/history-candles"))
          expect(calls.length).toBe(8)
          expect(calls.every((s) => s.code === "00000" && s.query.get("limit") === "200")).toBe(true)
          expect(candles.length).toBe(60 * 24)
          for (let i = 1; i < candles.length; i++) expect(candles[i]![0]! - candles[i - 1]![0]!).toBe(HOUR)
          expect(candles[0]![0]! - since).toBeLessThan(HOUR)
        }))
    }
  }
)
