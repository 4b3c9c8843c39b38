import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import { describe, expect, it } from "@effect/vitest"
import { type Client, privateSocket, rest } from "./client.js"
import { withSimulator } from "./support.js"

// Every change of an account, made over REST, over the socket or by the market, pushed on its
// private channels.

const spot = (simulator: Simulator.Service) => simulator.domains.get("spot")!.control as SpotControl
const futures = (simulator: Simulator.Service) => simulator.domains.get("futures")!.control as FuturesControl

const subscribe = async (client: Client, arg: Record<string, string>) => {
  const from = client.frames.length
  client.send({ op: "subscribe", args: [arg] })
  return client.next((f) => f === `{"event":"subscribe","arg":${JSON.stringify(arg)}}`, 3000, from)
}

const pushes = (client: Client, channel: string) =>
  client.frames.filter((f) => f.startsWith(`{"action"`) && f.includes(`"channel":"${channel}"`)).map((f) =>
    JSON.parse(f) as { action: string; data: Array<Record<string, unknown>>; ts: number }
  )

describe("the simulator's private WebSocket channels", () => {
  it.live("spot orders: nothing on subscribe, then a REST order live, filled by the market, with its fill and balances", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await privateSocket(simulator)
      await subscribe(client, { instType: "SPOT", channel: "orders", instId: "default" })
      await subscribe(client, { instType: "SPOT", channel: "fill", instId: "default" })
      await subscribe(client, { instType: "SPOT", channel: "account", coin: "default" })
      const account = await client.next((f) => f.includes(`"channel":"account"`) && f.startsWith(`{"action"`))
      const usdt = JSON.parse(account).data.find((r: { coin: string }) => r.coin === "USDT")
      expect(usdt).toEqual({
        coin: "USDT",
        available: "100000",
        frozen: "0",
        locked: "0",
        limitAvailable: "0",
        uTime: "0"
      })
      await new Promise((resolve) => setTimeout(resolve, 60))
      expect(pushes(client, "orders")).toEqual([])
      const placed = await rest(simulator, "POST", "/api/v2/spot/trade/place-order", {
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "50000",
        size: "0.01",
        clientOid: "ws-test-1"
      })
      expect(placed.code).toBe("00000")
      // Pushed before REST answered: the sweep runs inside the call.
      const live = await client.next((f) => f.includes(`"status":"live"`), 1000)
      const row = JSON.parse(live).data[0]
      expect(row).toMatchObject({
        instId: "BTCUSDT",
        orderId: placed.data.orderId,
        clientOid: "ws-test-1",
        size: "0.01",
        orderType: "limit",
        side: "buy",
        price: "50000",
        status: "live",
        accBaseVolume: "0"
      })
      const frozen = await client.next((f) => f.includes(`"frozen":"500"`))
      expect(JSON.parse(frozen).data[0]).toMatchObject({ coin: "USDT", available: "99500", frozen: "500" })
      spot(simulator).setPrice("BTCUSDT", "49999")
      const filled = JSON.parse(await client.next((f) => f.includes(`"status":"filled"`)))
      expect(filled.data[0]).toMatchObject({
        orderId: placed.data.orderId,
        status: "filled",
        fillPrice: "50000",
        baseVolume: "0.01",
        accBaseVolume: "0.01",
        priceAvg: "50000",
        tradeScope: "M",
        fillFeeCoin: "BTC"
      })
      const fill = JSON.parse(await client.next((f) => f.includes(`"channel":"fill"`) && f.startsWith(`{"action"`)))
      expect(fill.data[0]).toMatchObject({
        orderId: placed.data.orderId,
        priceAvg: "50000",
        size: "0.01",
        tradeScope: "maker"
      })
      await client.next((f) => f.includes(`"coin":"BTC"`) && f.includes(`"available":"10.00999`))
      client.close()
    }))

  it.live("order entry over the socket: placed in the same world as REST, answered by id, pushed; cancel too", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await privateSocket(simulator)
      await subscribe(client, { instType: "SPOT", channel: "orders", instId: "BTCUSDT" })
      client.send({
        op: "trade",
        args: [{
          id: "req-1",
          instType: "SPOT",
          instId: "BTCUSDT",
          channel: "place-order",
          params: {
            orderType: "limit",
            side: "sell",
            size: "0.01",
            price: "90000",
            force: "gtc",
            clientOid: "ws-oid-1"
          }
        }]
      })
      const reply = JSON.parse(await client.next((f) => f.startsWith(`{"event":"trade"`)))
      expect(reply).toEqual({
        event: "trade",
        arg: [{
          id: "req-1",
          instType: "SPOT",
          channel: "place-order",
          instId: "BTCUSDT",
          params: { orderId: reply.arg[0].params.orderId, clientOid: "ws-oid-1" }
        }],
        code: 0,
        msg: "Success"
      })
      await client.next((f) => f.includes(`"status":"live"`) && f.includes("ws-oid-1"))
      const info = await rest(simulator, "GET", "/api/v2/spot/trade/orderInfo?clientOid=ws-oid-1")
      expect(info.data[0].orderId).toBe(reply.arg[0].params.orderId)
      // The same clientOid again is refused as over REST.
      client.send({
        op: "trade",
        args: [{
          id: "req-2",
          instType: "SPOT",
          instId: "BTCUSDT",
          channel: "place-order",
          params: { orderType: "limit", side: "sell", size: "0.01", price: "90000", clientOid: "ws-oid-1" }
        }]
      })
      const duplicate = JSON.parse(await client.next((f) => f.startsWith(`{"event":"error"`)))
      expect([duplicate.code, duplicate.arg[0].id]).toEqual([43118, "req-2"])
      client.send({
        op: "trade",
        args: [{
          id: "req-3",
          instType: "SPOT",
          instId: "BTCUSDT",
          channel: "cancel-order",
          params: { clientOid: "ws-oid-1" }
        }]
      })
      await client.next((f) => f.startsWith(`{"event":"trade"`) && f.includes("req-3"))
      await client.next((f) => f.includes(`"status":"cancelled"`) && f.includes("ws-oid-1"))
      expect(simulator.ws.stats.trades).toBe(3)
      client.close()
    }))

  it.live("futures: account and positions pushed on subscribe and on change; orders and fills of a market order", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await privateSocket(simulator)
      await subscribe(client, { instType: "USDT-FUTURES", channel: "positions", instId: "default" })
      const empty = await client.next((f) => f.includes(`"channel":"positions"`) && f.startsWith(`{"action"`))
      expect(JSON.parse(empty).data).toEqual([])
      await subscribe(client, { instType: "USDT-FUTURES", channel: "account", coin: "default" })
      await client.next((f) => f.includes(`"channel":"account"`) && f.includes(`"marginCoin":"USDT"`))
      await subscribe(client, { instType: "USDT-FUTURES", channel: "orders", instId: "default" })
      await subscribe(client, { instType: "USDT-FUTURES", channel: "fill", instId: "default" })
      const placed = await rest(simulator, "POST", "/api/v2/mix/order/place-order", {
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        marginMode: "crossed",
        marginCoin: "USDT",
        size: "0.01",
        side: "buy",
        orderType: "market",
        clientOid: "fut-1"
      })
      expect(placed.code).toBe("00000")
      const order = JSON.parse(await client.next((f) => f.includes(`"channel":"orders"`) && f.startsWith(`{"action"`)))
      expect(order.data[0]).toMatchObject({
        orderId: placed.data.orderId,
        clientOid: "fut-1",
        status: "filled",
        posSide: "net",
        tradeSide: "buy_single",
        reduceOnly: "no"
      })
      const position = JSON.parse(
        await client.next((f) => f.includes(`"channel":"positions"`) && f.includes(`"holdSide":"long"`))
      )
      expect(position.data[0]).toMatchObject({ instId: "BTCUSDT", holdSide: "long", total: "0.01", marginCoin: "USDT" })
      expect(typeof position.data[0].leverage).toBe("number")
      await client.next((f) => f.includes(`"channel":"fill"`) && f.startsWith(`{"action"`))
      const markBefore = futures(simulator).markPrice("BTCUSDT")
      futures(simulator).tick()
      expect(futures(simulator).markPrice("BTCUSDT")).not.toEqual(markBefore)
      client.close()
    }))

  it.live("futures order entry over the socket: the position it opens is pushed; an unknown cancel is refused", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await privateSocket(simulator)
      await subscribe(client, { instType: "USDT-FUTURES", channel: "positions", instId: "default" })
      client.send({
        op: "trade",
        args: [{
          id: "f-1",
          instType: "USDT-FUTURES",
          instId: "ETHUSDT",
          channel: "place-order",
          params: {
            orderType: "market",
            side: "sell",
            size: "0.1",
            marginCoin: "USDT",
            marginMode: "isolated",
            clientOid: "ws-fut-1"
          }
        }]
      })
      const reply = JSON.parse(await client.next((f) => f.startsWith(`{"event":"trade"`)))
      expect([reply.code, reply.arg[0].params.clientOid]).toEqual([0, "ws-fut-1"])
      const position = JSON.parse(await client.next((f) => f.includes(`"holdSide":"short"`)))
      expect(position.data[0]).toMatchObject({ instId: "ETHUSDT", total: "0.1", marginMode: "isolated" })
      client.send({
        op: "trade",
        args: [{
          id: "f-2",
          instType: "USDT-FUTURES",
          instId: "ETHUSDT",
          channel: "cancel-order",
          params: { orderId: "123" }
        }]
      })
      const refused = JSON.parse(await client.next((f) => f.startsWith(`{"event":"error"`)))
      expect([refused.code, refused.arg[0].id]).toEqual([40768, "f-2"])
      expect(futures(simulator).world.orders.find((o) => o.clientOid === "ws-fut-1")?.status).toBe("filled")
      client.close()
    }))

  it.live("margin: a cross margin order over REST is pushed on orders-crossed, its frozen funds on account-crossed", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      spot(simulator).credit("USDT", "1000", { accountType: "crossed_margin" })
      const client = await privateSocket(simulator)
      await subscribe(client, { instType: "MARGIN", channel: "orders-crossed", instId: "BTCUSDT" })
      await subscribe(client, { instType: "MARGIN", channel: "account-crossed", coin: "default" })
      const account = JSON.parse(
        await client.next((f) => f.includes(`"channel":"account-crossed"`) && f.startsWith(`{"action"`))
      )
      expect(account.data).toContainEqual(expect.objectContaining({ coin: "USDT", available: "1000" }))
      const placed = await rest(simulator, "POST", "/api/v2/margin/crossed/place-order", {
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        price: "50000",
        loanType: "normal",
        force: "gtc",
        baseSize: "0.001",
        clientOid: "margin-ws-1"
      })
      expect(placed.code).toBe("00000")
      const order = JSON.parse(
        await client.next((f) => f.includes(`"channel":"orders-crossed"`) && f.startsWith(`{"action"`))
      )
      expect(order.data[0]).toMatchObject({ instId: "BTCUSDT", clientOid: "margin-ws-1", status: "live" })
      await client.next((f) => f.includes(`"channel":"account-crossed"`) && f.includes(`"frozen":"50"`))
      // Nothing of it on the spot channels' balances.
      expect(client.frames.some((f) => f.includes(`"channel":"orders"`))).toBe(false)
      client.close()
    }))

  it.live("losePrivate loses pushes for good: the order is in REST, never on the socket", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await privateSocket(simulator)
      await subscribe(client, { instType: "SPOT", channel: "orders", instId: "default" })
      simulator.ws.losePrivate(1)
      const placed = await rest(simulator, "POST", "/api/v2/spot/trade/place-order", {
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "50000",
        size: "0.01"
      })
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(pushes(client, "orders")).toEqual([])
      const open = await rest(simulator, "GET", "/api/v2/spot/trade/unfilled-orders?symbol=BTCUSDT")
      expect(open.data.map((o: { orderId: string }) => o.orderId)).toEqual([placed.data.orderId])
      await rest(simulator, "POST", "/api/v2/spot/trade/cancel-order", {
        symbol: "BTCUSDT",
        orderId: placed.data.orderId
      })
      const cancelled = JSON.parse(await client.next((f) => f.includes(`"status":"cancelled"`)))
      expect(cancelled.data[0].orderId).toBe(placed.data.orderId)
      client.close()
    }))

  it.live("another account's changes are not pushed to this one", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await privateSocket(simulator)
      await subscribe(client, { instType: "SPOT", channel: "orders", instId: "default" })
      const other = simulator.accounts.open({ kind: "test", now: Date.now() })
      spot(simulator).credit("USDT", "1000", { uid: other.uid })
      const { Effect } = await import("effect")
      Effect.runSync(
        spot(simulator).world.place({
          uid: other.uid,
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "limit",
          force: "gtc",
          price: spot(simulator).world.prices.get("BTCUSDT")!,
          size: (await import("effect/BigDecimal")).unsafeFromString("0.001"),
          clientOid: undefined
        }, Date.now())
      )
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(pushes(client, "orders")).toEqual([])
      client.close()
    }))
})
