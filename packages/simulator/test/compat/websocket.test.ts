// ccxt's watch* and bitget-api's WebsocketClientV2, unpatched, against the simulator's WebSocket
// server: only their hosts point at loopback (and ccxt loads its agent for a plain ws:// URL).
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import { expect, layer } from "@effect/vitest"
import { WebsocketClientV2 } from "bitget-api"
import ccxt from "ccxt"
import * as Effect from "effect/Effect"
import { keys, layer as simulatorLayer } from "./setup.js"

const flow = <A>(body: (simulator: Simulator.Service) => Promise<A>) =>
  Effect.flatMap(Simulator.Simulator, (simulator) => Effect.promise(() => body(simulator)))

const quiet = { trace: () => {}, info: () => {}, error: () => {}, warning: () => {}, debug: () => {} }

const ccxtPro = async (simulator: Simulator.Service) => {
  const { apiKey, passphrase, secret } = keys(simulator)
  const exchange = new ccxt.pro.bitget({ apiKey, secret, password: passphrase, enableRateLimit: false })
  const urls = exchange.urls as { api: Record<string, unknown> }
  for (const key of Object.keys(urls.api)) if (typeof urls.api[key] === "string") urls.api[key] = simulator.url
  urls.api.ws = { public: `${simulator.wsUrl}/v2/ws/public`, private: `${simulator.wsUrl}/v2/ws/private` }
  // ccxt refuses a plain ws:// URL until its agent for it is loaded.
  await exchange.loadHttpProxyAgent()
  return exchange
}

layer(simulatorLayer({ ws: { tickMillis: 20 } }), { excludeTestServices: true })(
  "peer WebSocket clients against the simulator",
  (it) => {
    it.effect(
      "ccxt: watchTicker follows the simulator's price; watchOrderBook keeps its book; watchBalance and watchOrders see a REST order",
      () =>
        flow(async (simulator) => {
          const exchange = await ccxtPro(simulator)
          try {
            const spot = simulator.domains.get("spot")!.control as SpotControl
            const ticker = await exchange.watchTicker("BTC/USDT")
            expect(ticker.last).toBe(Number(spot.price("BTCUSDT")!.value) / 10 ** spot.price("BTCUSDT")!.scale)
            const book = await exchange.watchOrderBook("BTC/USDT")
            expect(book.bids.length).toBeGreaterThan(10)
            expect(book.bids[0]![0]! < book.asks[0]![0]!).toBe(true)
            spot.setPrice("BTCUSDT", "71000")
            let moved = await exchange.watchTicker("BTC/USDT")
            while (moved.last !== 71000) moved = await exchange.watchTicker("BTC/USDT")
            const balance = await exchange.watchBalance()
            expect(balance.USDT?.free).toBeGreaterThan(0)
            const orders = exchange.watchOrders("BTC/USDT")
            const placed = await exchange.createOrder("BTC/USDT", "limit", "buy", 0.001, 50000)
            const seen = await orders
            expect(seen.map((o) => o.id)).toContain(placed.id)
            expect(seen.find((o) => o.id === placed.id)!.status).toBe("open")
          } finally {
            await exchange.close()
          }
        }),
      30_000
    )

    it.effect(
      "bitget-api: WebsocketClientV2 gets ticker updates, logs in (seconds) and hears its account and orders",
      () =>
        flow(async (simulator) => {
          const { apiKey, passphrase, secret } = keys(simulator)
          const events: Array<{ arg: { channel: string }; data: Array<Record<string, string>> }> = []
          const publicClient = new WebsocketClientV2({ wsUrl: `${simulator.wsUrl}/v2/ws/public` } as any, quiet as any)
          const privateClient = new WebsocketClientV2(
            { apiKey, apiSecret: secret, apiPass: passphrase, wsUrl: `${simulator.wsUrl}/v2/ws/private` } as any,
            quiet as any
          )
          const wait = (match: (event: (typeof events)[number]) => boolean) =>
            new Promise<(typeof events)[number]>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error("no such event")), 5000)
              const check = (event: any) => {
                events.push(event)
                if (match(event)) {
                  clearTimeout(timer)
                  resolve(event)
                }
              }
              publicClient.on("update", check)
              privateClient.on("update", check)
            })
          try {
            const tick = wait((e) => e.arg.channel === "ticker")
            publicClient.subscribeTopic("SPOT", "ticker", "BTCUSDT")
            expect((await tick).data[0]!.instId).toBe("BTCUSDT")
            const account = wait((e) => e.arg.channel === "account")
            privateClient.subscribeTopic("SPOT", "account")
            expect((await account).data.some((row) => row.coin === "USDT")).toBe(true)
            privateClient.subscribeTopic("SPOT", "orders", "BTCUSDT")
            await new Promise((resolve) => setTimeout(resolve, 200))
            const order = wait((e) => e.arg.channel === "orders")
            const exchange = await ccxtPro(simulator)
            const placed = await exchange.createOrder("BTC/USDT", "limit", "buy", 0.001, 50000)
            await exchange.close()
            expect((await order).data[0]!.orderId).toBe(placed.id)
            expect(simulator.ws.stats.logins).toBeGreaterThanOrEqual(1)
          } finally {
            publicClient.closeAll(true)
            privateClient.closeAll(true)
          }
        }),
      30_000
    )
  }
)
