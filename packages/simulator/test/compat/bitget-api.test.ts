// bitget-api's RestClientV2, unpatched, through a user's spot and futures flows against the
// simulator: only `baseUrl` points at the loopback simulator (and `demoTrading` for demo mode).
import { Simulator } from "@effect-bitget/simulator"
import * as Pairs from "@effect-bitget/simulator/spot/Pairs"
import { expect, layer } from "@effect/vitest"
import { RestClientV2 } from "bitget-api"
import * as Effect from "effect/Effect"
import { keys, layer as simulatorLayer, near, places } from "./setup.js"

const HOUR = 3_600_000

const connect = (simulator: Simulator.Service, demo: boolean) => {
  const { apiKey, passphrase, secret } = keys(simulator)
  return new RestClientV2({ apiKey, apiSecret: secret, apiPass: passphrase, baseUrl: simulator.url, demoTrading: demo })
}

const flow = <A>(body: (simulator: Simulator.Service) => Promise<A>) =>
  Effect.flatMap(Simulator.Simulator, (simulator) => Effect.promise(() => body(simulator)))

const num = (value: string | undefined) => Number(value)

layer(simulatorLayer(), { excludeTestServices: true })("bitget-api against the simulator", (it) => {
  it.effect("spot: symbols, coins and market data agree with the simulator's own rules and price", () =>
    flow(async (simulator) => {
      const client = connect(simulator, false)
      const symbols = (await client.getSpotSymbolInfo()).data
      expect(symbols.map((s) => s.symbol).sort()).toEqual(Pairs.pairs.map((p) => p.symbol).sort())
      const one = (await client.getSpotSymbolInfo({ symbol: "ETHUSDT" })).data
      expect(one.map((s) => [s.symbol, s.pricePrecision, s.quantityPrecision])).toEqual([["ETHUSDT", "2", "4"]])
      const coins = (await client.getSpotCoinInfo({ coin: "USDT" })).data
      expect(coins.map((c) => [c.coin, c.chains.map((chain) => chain.chain)])).toEqual([["USDT", ["ERC20", "TRC20"]]])

      const [ticker] = (await client.getSpotTicker({ symbol: "BTCUSDT" })).data
      expect(num(ticker!.lastPr)).toBe(60000)
      expect(num(ticker!.bidPr) < 60000 && 60000 < num(ticker!.askPr)).toBe(true)
      const depth = (await client.getSpotOrderBookDepth({ symbol: "BTCUSDT", limit: "5" })).data
      expect([depth.bids.length, depth.asks.length]).toEqual([5, 5])
      expect(num(depth.bids[0]![0]) === num(ticker!.bidPr) && num(depth.asks[0]![0]) === num(ticker!.askPr)).toBe(true)

      const now = Date.now()
      const candles = (await client.getSpotCandles({
        symbol: "BTCUSDT",
        granularity: "1h",
        startTime: String(now - 7 * 24 * HOUR),
        endTime: String(now),
        limit: "1000"
      })).data
      expect(candles.length).toBe(168)
      for (const [ts, open, high, low, close] of candles) {
        expect(num(low) <= Math.min(num(open), num(close)) && Math.max(num(open), num(close)) <= num(high)).toBe(true)
        expect(near(num(low), 60000, 0.2) && num(ts) <= now).toBe(true)
      }
      const trades = (await client.getSpotRecentTrades({ symbol: "BTCUSDT", limit: "5" })).data
      // The tape runs on the simulator's clock: a trade may be newer than `now` above, never than its answer.
      const answered = Date.now()
      expect(trades.length).toBe(5)
      for (const trade of trades) {
        expect(trade.symbol === "BTCUSDT" && near(num(trade.price), 60000, 0.02) && num(trade.size) > 0).toBe(true)
        expect(places(trade.size) <= 6 && num(trade.ts) <= answered && num(trade.ts) > now - 24 * HOUR).toBe(true)
      }
    }))

  it.effect("spot: balances, limit and market orders, open orders, cancel and own trades", () =>
    flow(async (simulator) => {
      const client = connect(simulator, false)
      const assets = (await client.getSpotAccountAssets({ coin: "USDT" })).data
      expect(assets.map((a) => [a.coin, a.available])).toEqual([["USDT", "100000"]])
      const placed = (await client.spotSubmitOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "50000",
        size: "0.01",
        clientOid: "compat-limit-1"
      })).data
      const open = (await client.getSpotOpenOrders({ symbol: "BTCUSDT" })).data
      expect(open.map((o) => [o.orderId, o.clientOid, o.size, o.status])).toEqual([
        [placed.orderId, "compat-limit-1", "0.01", "live"]
      ])
      await client.spotCancelOrder({ symbol: "BTCUSDT", orderId: placed.orderId })
      expect((await client.getSpotOpenOrders({ symbol: "BTCUSDT" })).data).toEqual([])

      const market = (await client.spotSubmitOrder({
        symbol: "BTCUSDT",
        side: "sell",
        orderType: "market",
        force: "gtc",
        size: "0.02"
      }))
        .data
      expect(market.clientOid).toBeTruthy()
      const fills = (await client.getSpotFills({ symbol: "BTCUSDT" })).data
      expect(fills.map((f) => [f.orderId, f.side, f.priceAvg, f.size])).toEqual([[
        market.orderId,
        "sell",
        "60000",
        "0.02"
      ]])
      const btc = (await client.getSpotAccountAssets({ coin: "BTC" })).data
      expect(btc[0]!.available).toBe("9.98")
    }))

  for (const demo of [false, true]) {
    const productType = demo ? "SUSDT-FUTURES" : "USDT-FUTURES"
    const symbol = demo ? "SBTCSUSDT" : "BTCUSDT"
    const marginCoin = demo ? "SUSDT" : "USDT"
    it.effect(`futures (${demo ? "demo" : "normal"} mode): contracts, leverage, a position, funding, open interest`, () =>
      flow(async (simulator) => {
        const client = connect(simulator, demo)
        const contracts = (await client.getFuturesContractConfig({ productType })).data
        expect(contracts.map((c) => c.symbol)).toContain(symbol)
        const [ticker] = (await client.getFuturesTicker({ symbol, productType })).data
        expect(num(ticker!.lastPr)).toBe(60000)
        expect(num(ticker!.indexPrice) < 60000 && near(num(ticker!.indexPrice), 60000, 0.001)).toBe(true)
        const candles = (await client.getFuturesCandles({ symbol, productType, granularity: "1H", limit: "24" })).data
        expect(candles.length).toBe(24)
        expect(candles.every((c) => num(c[3]) <= num(c[1]) && num(c[2]) >= num(c[4]) && near(num(c[3]), 60000, 0.2)))
          .toBe(true)

        await client.setFuturesLeverage({ symbol, productType, marginCoin, leverage: "10" })
        const order = (await client.futuresSubmitOrder({
          symbol,
          productType,
          marginMode: "crossed",
          marginCoin,
          size: "0.02",
          side: "buy",
          orderType: "market"
        })).data
        const positions = (await client.getFuturesPositions({ productType, marginCoin })).data
        expect(positions.map((p) => [p.symbol, p.holdSide, p.total, p.leverage, p.openPriceAvg])).toEqual([
          [symbol, "long", "0.02", "10", "60000"]
        ])
        expect(num(positions[0]!.marginRatio) > 0 && num(positions[0]!.marginRatio) < 1).toBe(true)
        const fills = (await client.getFuturesFills({ symbol, productType })).data
        expect(fills.fillList.map((f) => [f.orderId, f.price, f.baseVolume])).toEqual([[
          order.orderId,
          "60000",
          "0.02"
        ]])

        const [rate] = (await client.getFuturesCurrentFundingRate({ symbol, productType })).data
        expect(Math.abs(num(rate!.fundingRate)) <= 0.003 && rate!.fundingRateInterval === "8").toBe(true)
        expect(num(rate!.nextUpdate) > Date.now() && num(rate!.nextUpdate) <= Date.now() + 8 * HOUR).toBe(true)
        const history = (await client.getFuturesHistoricFundingRates({ symbol, productType, pageSize: "10" })).data
        expect(history.length).toBe(10)
        const interest = (await client.getFuturesOpenInterest({ symbol, productType })).data
        expect(interest.openInterestList.map((o) => o.symbol)).toEqual([symbol])
        expect(num(interest.openInterestList[0]!.size) > 0).toBe(true)
      }))
  }
})
