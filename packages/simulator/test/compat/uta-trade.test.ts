// Peer clients, unpatched, through a unified account's everyday trading against the simulator:
// bitget-api's RestClientV3 and ccxt's `uta` methods, only their host pointed at the loopback
// simulator and signed with its unified account's key. Checks what each client received.
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import { RestClientV3 } from "bitget-api"
import ccxt from "ccxt"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { layer as simulatorLayer } from "./setup.js"

const uta = (simulator: Simulator.Service) => ({
  apiKey: Redacted.value(simulator.unified.credentials.apiKey),
  secret: Redacted.value(simulator.unified.credentials.secret),
  passphrase: Redacted.value(simulator.unified.credentials.passphrase)
})

const flow = <A>(body: (simulator: Simulator.Service) => Promise<A>) =>
  Effect.flatMap(Simulator.Simulator, (simulator) => Effect.promise(() => body(simulator)))

layer(simulatorLayer(), { excludeTestServices: true })("peer clients trading on a unified account", (it) => {
  it.effect("bitget-api RestClientV3: place, query, list, batch, cancel; a futures position opened and closed", () =>
    flow(async (simulator) => {
      const { apiKey, passphrase, secret } = uta(simulator)
      const client = new RestClientV3({ apiKey, apiSecret: secret, apiPass: passphrase, baseUrl: simulator.url })
      const placed = (await client.submitNewOrder(
        {
          category: "SPOT",
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "limit",
          qty: "0.001",
          price: "30000",
          clientOid: "tsb-1"
        } as Parameters<typeof client.submitNewOrder>[0]
      )).data
      expect(placed.clientOid).toBe("tsb-1")
      const info = (await client.getOrderInfo({ clientOid: "tsb-1" })).data
      expect([info.orderId, info.orderStatus, info.category]).toEqual([placed.orderId, "live", "SPOT"])
      const open = (await client.getUnfilledOrders({ category: "SPOT" })).data
      expect(open.list.map((o: { orderId: string }) => o.orderId)).toContain(placed.orderId)

      const batch = (await client.placeBatchOrders(
        [
          { category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: "limit", qty: "0.001", price: "29000" },
          { category: "SPOT", symbol: "NOPEUSDT", side: "buy", orderType: "limit", qty: "1", price: "1" }
        ] as Parameters<typeof client.placeBatchOrders>[0]
      )).data
      expect(batch.map((row: { code?: string }) => row.code ?? "")).toEqual(["", "25100"])

      await client.cancelOrder({ orderId: placed.orderId } as Parameters<typeof client.cancelOrder>[0])
      const all = (await client.cancelAllOrders({ category: "SPOT" } as Parameters<typeof client.cancelAllOrders>[0]))
        .data
      expect(all.list.length).toBe(1)
      expect((await client.getUnfilledOrders({ category: "SPOT" })).data.list).toEqual([])

      await client.submitNewOrder(
        {
          category: "USDT-FUTURES",
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "market",
          qty: "0.01"
        } as Parameters<typeof client.submitNewOrder>[0]
      )
      const positions = (await client.getCurrentPosition({ category: "USDT-FUTURES" } as never)).data
      expect(positions.list.map((p: { posSide: string; total: string }) => [p.posSide, p.total])).toEqual([[
        "long",
        "0.01"
      ]])
      await client.closeAllPositions({ category: "USDT-FUTURES" } as Parameters<typeof client.closeAllPositions>[0])
      expect((await client.getCurrentPosition({ category: "USDT-FUTURES" } as never)).data.list).toEqual([])
      const fills = (await client.getTradeFills({ category: "USDT-FUTURES" } as never)).data
      expect(fills.list.length).toBe(2)
    }))

  it.effect("ccxt's uta methods: place, query and cancel an order, find it in the history", () =>
    flow(async (simulator) => {
      const { apiKey, passphrase, secret } = uta(simulator)
      const exchange = new ccxt.bitget({ apiKey, secret, password: passphrase, enableRateLimit: false })
      const urls = exchange.urls as { api: Record<string, string> }
      urls.api = Object.fromEntries(Object.keys(urls.api).map((key) => [key, simulator.url]))
      const placed = await exchange.privateUtaPostV3TradePlaceOrder({
        category: "SPOT",
        symbol: "ETHUSDT",
        side: "buy",
        orderType: "limit",
        qty: "0.01",
        price: "1500",
        clientOid: "ccxt-1"
      })
      expect(placed.code).toBe("00000")
      const info = await exchange.privateUtaGetV3TradeOrderInfo({ clientOid: "ccxt-1" })
      expect(info.data.orderStatus).toBe("live")
      const cancelled = await exchange.privateUtaPostV3TradeCancelOrder({ orderId: placed.data.orderId })
      expect(cancelled.data.orderId).toBe(placed.data.orderId)
      const history = await exchange.privateUtaGetV3TradeHistoryOrders({ category: "SPOT" })
      expect(history.data.list.find((o: { orderId: string }) => o.orderId === placed.data.orderId).orderStatus)
        .toBe("cancelled")
      await exchange.close()
    }))
})
