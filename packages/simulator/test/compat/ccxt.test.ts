// ccxt's bitget, unpatched, through a user's spot and futures flows against the simulator:
// only its hosts point at the loopback simulator. Checks what ccxt parses, not only that it ran.
import { Simulator } from "@effect-bitget/simulator"
import * as Pairs from "@effect-bitget/simulator/spot/Pairs"
import { expect, layer } from "@effect/vitest"
import ccxt from "ccxt"
import * as Effect from "effect/Effect"
import { keys, layer as simulatorLayer, near, places } from "./setup.js"

const HOUR = 3_600_000

// One client per mode for the whole suite, as an application keeps one: markets load once (the
// coins list allows 3 requests a second per IP, and the simulator enforces it).
const clients = new Map<string, InstanceType<typeof ccxt.bitget>>()

const connect = (simulator: Simulator.Service, demo: boolean) => {
  const key = `${simulator.url}|${demo}`
  const known = clients.get(key)
  if (known !== undefined) return known
  const { apiKey, passphrase, secret } = keys(simulator)
  const exchange = new ccxt.bitget({ apiKey, secret, password: passphrase, enableRateLimit: false })
  const urls = exchange.urls as { api: Record<string, string> }
  urls.api = Object.fromEntries(Object.keys(urls.api).map((key) => [key, simulator.url]))
  if (demo) exchange.setSandboxMode(true)
  clients.set(key, exchange)
  return exchange
}

const flow = <A>(body: (simulator: Simulator.Service) => Promise<A>) =>
  Effect.flatMap(Simulator.Simulator, (simulator) => Effect.promise(() => body(simulator)))

layer(simulatorLayer(), { excludeTestServices: true })("ccxt against the simulator", (it) => {
  it.effect("loads exactly the simulator's markets and currencies, with its precision and limits", () =>
    flow(async (simulator) => {
      const exchange = connect(simulator, false)
      const markets = await exchange.loadMarkets()
      const spot = Object.values(markets).filter((m) => m?.spot).map((m) => m!.id).sort()
      expect(spot).toEqual(Pairs.pairs.map((p) => p.symbol).sort())
      const btc = markets["BTC/USDT"]!
      expect([btc.precision.price, btc.precision.amount, btc.limits.cost?.min]).toEqual([0.01, 0.000001, 1])
      const swap = markets["BTC/USDT:USDT"]!
      expect([swap.swap, swap.settle, swap.linear]).toEqual([true, "USDT", true])
      expect(markets["SBTC/SUSDT:SUSDT"]?.swap).toBe(true)
      const usdt = exchange.currencies["USDT"]!
      expect(Object.keys(usdt.networks ?? {}).sort()).toEqual(["ERC20", "TRC20"])
      expect([usdt.deposit, usdt.withdraw, usdt.networks!["TRC20"]!.fee]).toEqual([true, true, 1])
    }))

  it.effect("spot market data is plausible and agrees with itself", () =>
    flow(async (simulator) => {
      const exchange = connect(simulator, false)
      const price = 60000
      const ticker = await exchange.fetchTicker("BTC/USDT")
      expect(ticker.last).toBe(price)
      expect(ticker.bid! < price && price < ticker.ask!).toBe(true)
      expect(ticker.low! <= ticker.open! && ticker.open! <= ticker.high!).toBe(true)
      expect(ticker.low! <= price && price <= ticker.high! && near(ticker.open!, price)).toBe(true)
      expect(ticker.baseVolume! > 0 && Math.abs(ticker.timestamp! - Date.now()) < 60_000).toBe(true)

      const book = await exchange.fetchOrderBook("BTC/USDT", 5)
      expect([book.bids.length, book.asks.length]).toEqual([5, 5])
      expect(book.bids[0]![0]).toBe(ticker.bid)
      expect(book.asks[0]![0]).toBe(ticker.ask)
      for (let i = 1; i < 5; i++) {
        expect(book.bids[i]![0]! < book.bids[i - 1]![0]!).toBe(true)
        expect(book.asks[i]![0]! > book.asks[i - 1]![0]!).toBe(true)
      }
      for (const [p, size] of [...book.bids, ...book.asks]) {
        expect(near(p!, price, 0.01) && size! > 0 && places(size!) <= 6).toBe(true)
      }

      // A week of hourly candles is 168 candles, an hour apart, each a consistent bar near the price.
      const since = Date.now() - 7 * 24 * HOUR
      const candles = await exchange.fetchOHLCV("BTC/USDT", "1h", since, 1000)
      expect(candles.length).toBe(168)
      for (const [i, [ts, open, high, low, close, volume]] of candles.entries()) {
        if (i > 0) expect(ts! - candles[i - 1]![0]!).toBe(HOUR)
        expect(low! <= Math.min(open!, close!) && Math.max(open!, close!) <= high!).toBe(true)
        expect(near(low!, price, 0.2) && near(high!, price, 0.2) && volume! > 0).toBe(true)
        if (i > 0) expect(open).toBe(candles[i - 1]![4])
      }
      expect(candles[167]![4]).toBe(price)

      const trades = await exchange.fetchTrades("BTC/USDT", undefined, 5)
      expect(trades.length).toBe(5)
      for (const trade of trades) {
        expect(near(trade.price!, price, 0.02) && trade.amount! > 0).toBe(true)
        expect(trade.timestamp! <= Date.now() && trade.timestamp! > Date.now() - 24 * HOUR).toBe(true)
      }
    }))

  it.effect("spot trading: balances, a resting limit order, cancel, a market order and its trade", () =>
    flow(async (simulator) => {
      const exchange = connect(simulator, false)
      const before = await exchange.fetchBalance()
      expect(before["USDT"]).toMatchObject({ free: 100000, used: 0, total: 100000 })
      const limit = await exchange.createOrder("BTC/USDT", "limit", "buy", 0.01, 50000)
      const open = await exchange.fetchOpenOrders("BTC/USDT")
      expect(open.map((o) => [o.id, o.price, o.amount, o.side, o.status])).toEqual([[
        limit.id,
        50000,
        0.01,
        "buy",
        "open"
      ]])
      expect(open[0]!.clientOrderId).toBeTruthy()
      expect((await exchange.fetchBalance())["USDT"]).toMatchObject({ free: 99500, used: 500 })
      await exchange.cancelOrder(limit.id!, "BTC/USDT")
      expect(await exchange.fetchOpenOrders("BTC/USDT")).toEqual([])
      // Below the pair's minimum order value (1 USDT): the simulator refuses as the exchange does.
      await expect(exchange.createOrder("BTC/USDT", "limit", "buy", 0.00001, 50000)).rejects.toThrow(/45110/)

      const market = await exchange.createOrder("BTC/USDT", "market", "buy", 0.01, 60000)
      const mine = await exchange.fetchMyTrades("BTC/USDT")
      expect(mine.map((t) => [t.order, t.price, t.amount, t.side])).toEqual([[market.id as string, 60000, 0.01, "buy"]])
      const after = await exchange.fetchBalance()
      expect(after["BTC"]!.free).toBeCloseTo(10 + 0.01 - 0.00001, 8)
      expect(after["USDT"]!.free).toBe(100000 - 600)
      // The fill is on the public tape too.
      const tape = await exchange.fetchTrades("BTC/USDT", undefined, 100)
      expect(tape.some((t) => t.price === 60000 && t.amount === 0.01)).toBe(true)
    }))

  for (const demo of [false, true]) {
    const symbol = demo ? "SBTC/SUSDT:SUSDT" : "BTC/USDT:USDT"
    it.effect(`futures (${demo ? "demo" : "normal"} mode): data, leverage, a position, funding, open interest`, () =>
      flow(async (simulator) => {
        const exchange = connect(simulator, demo)
        await exchange.loadMarkets()
        const ticker = await exchange.fetchTicker(symbol)
        expect(ticker.last).toBe(60000)
        expect(ticker.bid! < 60000 && 60000 < ticker.ask! && ticker.low! <= ticker.high!).toBe(true)
        const book = await exchange.fetchOrderBook(symbol, 5)
        expect(book.bids[0]![0]! < book.asks[0]![0]! && book.bids[0]![0]! > 59000).toBe(true)
        const candles = await exchange.fetchOHLCV(symbol, "1h", Date.now() - 7 * 24 * HOUR, 1000)
        expect(candles.length).toBe(168)
        expect(
          candles.every(([, o, h, l, c]) => l! <= Math.min(o!, c!) && h! >= Math.max(o!, c!) && near(l!, 60000, 0.2))
        )
          .toBe(true)

        await exchange.setLeverage(5, symbol)
        const order = await exchange.createOrder(symbol, "market", "buy", 0.01)
        const positions = await exchange.fetchPositions([symbol])
        expect(positions.map((p) => [p.symbol, p.side, p.contracts, p.entryPrice, p.leverage])).toEqual([
          [symbol, "long", 0.01, 60000, 5]
        ])
        expect(positions[0]!.marginRatio).toBeGreaterThanOrEqual(0)
        const trades = await exchange.fetchMyTrades(symbol)
        expect(trades.map((t) => [t.order, t.price, t.amount])).toEqual([[order.id, 60000, 0.01]])

        const funding = await exchange.fetchFundingRate(symbol)
        expect(Math.abs(funding.fundingRate!)).toBeLessThanOrEqual(0.003)
        expect(funding.fundingTimestamp! > Date.now() && funding.fundingTimestamp! <= Date.now() + 8 * HOUR).toBe(true)
        const history = await exchange.fetchFundingRateHistory(symbol)
        expect(history.length).toBeGreaterThan(0)
        for (let i = 1; i < history.length; i++) {
          expect(history[i]!.timestamp! - history[i - 1]!.timestamp!).toBe(8 * HOUR)
        }
        const interest = await exchange.fetchOpenInterest(symbol)
        expect(near(interest.openInterestAmount! * 60000, 40_000_000, 0.5)).toBe(true)
      }))
  }

  it.effect("demo and normal futures accounts are separate", () =>
    flow(async (simulator) => {
      const real = connect(simulator, false)
      const demo = connect(simulator, true)
      const r = await real.fetchPositions(["BTC/USDT:USDT"])
      const d = await demo.fetchPositions(["SBTC/SUSDT:SUSDT"])
      expect([r.length, d.length]).toEqual([1, 1])
      expect([r[0]!.symbol, d[0]!.symbol]).toEqual(["BTC/USDT:USDT", "SBTC/SUSDT:SUSDT"])
    }))
})
