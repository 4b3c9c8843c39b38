import * as Decimal from "@effect-bitget/core/Decimal"
import type { Simulator } from "@effect-bitget/simulator"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Crypto from "node:crypto"
import { type Client, connect, type Keys, keysOf, restAs } from "./client.js"
import { sleep, withSimulator } from "./support.js"

// The unified account's V3 private topics and V3 order entry, pushed from the one world: a V3
// REST call, a WebSocket order or the market moving shows on the account's socket, and only there.

const unifiedKeys = (simulator: Simulator.Service): Keys => keysOf(simulator.unified.credentials)

const control = (simulator: Simulator.Service) => simulator.domains.get("unified")!.control as UnifiedControl
const dec = Decimal.unsafeMake

const login = (keys: Keys) => {
  const timestamp = String(Math.floor(Date.now() / 1000))
  const sign = Crypto.createHmac("sha256", keys.secret).update(`${timestamp}GET/user/verify`).digest("base64")
  return { op: "login", args: [{ apiKey: keys.apiKey, passphrase: keys.passphrase, timestamp, sign }] }
}

const socket = async (simulator: Simulator.Service, keys: Keys, path = "/v3/ws/private") => {
  const client = await connect(`${simulator.wsUrl}${path}`)
  client.send(login(keys))
  const answer = await client.next((f) => f.startsWith(`{"event":"login"`) || f.startsWith(`{"event":"error"`))
  expect(answer).toMatch(/^\{"event":"login","code":0/)
  return client
}

const subscribe = async (client: Client, topic: string) => {
  const from = client.frames.length
  const arg = { instType: "UTA", topic }
  client.send({ op: "subscribe", args: [arg] })
  return client.next((f) => f.startsWith(`{"event":"subscribe","arg":${JSON.stringify(arg)}`), 3000, from)
}

const isPush = (topic: string) => (f: string) =>
  f.startsWith(`{"data":`) && f.includes(`"arg":{"instType":"UTA","topic":"${topic}"}`)

interface Push {
  readonly data: any
  readonly action: string
  readonly ts: number
}

/** Subscribes to each topic in turn, each acknowledged before the next. */
const subscribeAll = async (client: Client, ...topics: ReadonlyArray<string>) => {
  for (const topic of topics) await subscribe(client, topic)
}

/** The next push of `topic` (from frame `from`) whose text holds every one of `parts`, parsed. */
const nextPush = async (
  client: Client,
  topic: string,
  parts: ReadonlyArray<string> = [],
  timeout?: number,
  from?: number
): Promise<Push> =>
  JSON.parse(await client.next((f) => isPush(topic)(f) && parts.every((part) => f.includes(part)), timeout, from))

const pushes = (client: Client, topic: string) => client.frames.filter(isPush(topic)).map((f) => JSON.parse(f) as Push)

/** A signed V3 REST call of the account `keys`. */
const rest = restAs

/** A second unified main account with its own key and 1,000 USDT. */
const secondAccount = (simulator: Simulator.Service): Keys => {
  const record = simulator.accounts.open({ kind: "main", label: "b", now: 0, mode: "unified" })
  const passphrase = "b-passphrase"
  const issued = simulator.accounts.issueKey(record.uid, { passphrase, now: Date.now() })
  control(simulator).ledger.credit(record.uid, "USDT", dec("1000"), Date.now())
  return { apiKey: issued.apiKey, secret: issued.secret, passphrase }
}

describe("the simulator's V3 (unified) private WebSocket", () => {
  it.live("account, order and fill: a snapshot of the account, then every change a REST order and the market make", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const keys = unifiedKeys(simulator)
      const c = control(simulator)
      c.spot.setPrice("BTCUSDT", dec("60000"), Date.now())
      const client = await socket(simulator, keys)
      const ack = await subscribe(client, "account")
      expect(JSON.parse(ack)).toEqual({
        event: "subscribe",
        arg: { instType: "UTA", topic: "account" },
        connId: expect.stringMatching(/^[0-9a-f]{16}$/)
      })
      const first = await client.next(isPush("account"))
      // Bitget's V3 key order and JSON types: `ts` a number, every value a string.
      expect(first).toMatch(
        /^\{"data":\[\{"unrealisedPnL":"0","totalEquity":"[\d.]+",.*\],"arg":\{"instType":"UTA","topic":"account"\},"action":"snapshot","ts":\d+\}$/
      )
      const account = JSON.parse(first).data[0]
      const usdt = account.coin.find((row: { coin: string }) => row.coin === "USDT")
      expect(usdt).toEqual({
        debts: "0",
        balance: "100000",
        available: "100000",
        borrow: "0",
        locked: "0",
        equity: "100000",
        coin: "USDT",
        usdValue: "100000"
      })
      await subscribeAll(client, "order", "fill")
      // A price move changes the USD values but no balance: the account is not pushed again.
      c.spot.setPrice("BTCUSDT", dec("60100"), Date.now())
      await sleep(60)
      expect(pushes(client, "account")).toHaveLength(1)
      // Neither order nor fill pushes anything on subscribe (Bitget's Order and Fill pages).
      expect(pushes(client, "order")).toEqual([])
      expect(pushes(client, "fill")).toEqual([])

      const placed = await rest(simulator, keys, "POST", "/api/v3/trade/place-order", {
        category: "SPOT",
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        qty: "0.01",
        price: "50000",
        clientOid: "uta-ws-1"
      })
      expect(placed.code).toBe("00000")
      const live = await nextPush(client, "order", [], 1000)
      expect(live.action).toBe("snapshot")
      expect(live.data).toEqual([{
        category: "spot",
        symbol: "BTCUSDT",
        orderId: placed.data.orderId,
        clientOid: "uta-ws-1",
        price: "50000",
        qty: "0.01",
        amount: "",
        holdMode: "",
        holdSide: "",
        delegateType: "normal",
        tradeSide: "",
        orderType: "limit",
        timeInForce: "gtc",
        side: "buy",
        marginMode: "",
        marginCoin: "",
        reduceOnly: "no",
        cumExecQty: "0",
        cumExecValue: "0",
        avgPrice: "0",
        totalProfit: "0",
        orderStatus: "new",
        cancelReason: "",
        leverage: "",
        feeDetail: [{ feeCoin: "BTC", fee: "0" }],
        createdTime: expect.stringMatching(/^\d{13}$/),
        updatedTime: expect.stringMatching(/^\d{13}$/),
        stpMode: "none"
      }])
      // 500 USDT held by the order: the account pushes it as locked.
      const held = await client.next((f) => isPush("account")(f) && f.includes(`"locked":"500"`))
      expect(JSON.parse(held).data[0].coin.find((row: { coin: string }) => row.coin === "USDT")).toMatchObject({
        balance: "100000",
        available: "99500",
        locked: "500"
      })

      // The one price path crosses the order: filled, its fill, and the balances.
      c.spot.setPrice("BTCUSDT", dec("49999"), Date.now())
      const filled = await nextPush(client, "order", [`"orderStatus":"filled"`])
      expect(filled.data[0]).toMatchObject({
        orderId: placed.data.orderId,
        cumExecQty: "0.01",
        cumExecValue: "500",
        avgPrice: "50000"
      })
      const fill = await nextPush(client, "fill")
      expect(fill.action).toBe("snapshot")
      expect(fill.data).toHaveLength(1)
      expect(fill.data[0]).toMatchObject({
        category: "spot",
        symbol: "BTCUSDT",
        orderId: placed.data.orderId,
        clientOid: "uta-ws-1",
        orderType: "limit",
        side: "buy",
        execPrice: "50000",
        execQty: "0.01",
        execValue: "500",
        tradeScope: "maker",
        isRPI: "no",
        execTime: expect.stringMatching(/^\d{13}$/)
      })
      const rest3 = await rest(simulator, keys, "GET", `/api/v3/trade/fills?orderId=${placed.data.orderId}`)
      // The pushed fill is the one V3 REST lists.
      expect(rest3.data.list.map((f: { execId: string }) => f.execId)).toEqual([fill.data[0].execId])
      await nextPush(client, "account", [`"coin":"BTC"`, `"locked":"0"`])
      client.close()
    }))

  it.live("position: the open positions on subscribe, then each change; a transfer moves the account", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const keys = unifiedKeys(simulator)
      const c = control(simulator)
      c.futures.setMark("BTCUSDT", dec("60000"), Date.now())
      const client = await socket(simulator, keys)
      await subscribe(client, "position")
      const empty = await client.next(isPush("position"))
      expect(empty).toMatch(
        /^\{"data":\[\],"arg":\{"instType":"UTA","topic":"position"\},"action":"snapshot","ts":\d+\}$/
      )
      await subscribe(client, "fill")
      const placed = await rest(simulator, keys, "POST", "/api/v3/trade/place-order", {
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        qty: "0.1"
      })
      expect(placed.code).toBe("00000")
      const opened = await nextPush(client, "position", [`"opening"`], 1000)
      expect(opened.action).toBe("update")
      expect(opened.data).toEqual([expect.objectContaining({
        symbol: "BTCUSDT",
        marginCoin: "USDT",
        marginSize: "300",
        marginMode: "crossed",
        posSide: "long",
        holdMode: "one_way_mode",
        positionStatus: "opening",
        size: "0.1",
        available: "0.1",
        frozen: "0",
        avgPrice: "60000",
        leverage: "20",
        markPrice: "60000",
        unrealisedPnl: "0",
        // Where closing it all at market returns the 3.6 USDT it paid to open and the close's taker fee: (60000 + 3.6 / 0.1) / (1 − 0.0006).
        breakEvenPrice: "60072.043225935561"
      })])
      const fill = await nextPush(client, "fill")
      expect(fill.data[0]).toMatchObject({
        category: "usdt-futures",
        orderId: placed.data.orderId,
        side: "buy",
        tradeSide: "open",
        execQty: "0.1",
        execPrice: "60000",
        tradeScope: "taker",
        feeDetail: [{ feeCoin: "USDT", fee: "3.6" }]
      })
      // A reduce-only order resting above the market holds part of the position: pushed, and so is REST.
      const reducing = await rest(simulator, keys, "POST", "/api/v3/trade/place-order", {
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        side: "sell",
        orderType: "limit",
        qty: "0.04",
        price: "70000",
        reduceOnly: "yes"
      })
      expect(reducing.code).toBe("00000")
      const held = await nextPush(client, "position", [`"frozen":"0.04"`], 1000)
      expect(held.data[0]).toMatchObject({
        size: "0.1",
        available: "0.06",
        frozen: "0.04",
        breakEvenPrice: "60072.043225935561"
      })
      const current = await rest(simulator, keys, "GET", "/api/v3/position/current-position?category=USDT-FUTURES")
      expect(current.data.list[0]).toMatchObject({
        total: "0.1",
        available: "0.06",
        frozen: "0.04",
        breakEvenPrice: "60072.043225935561",
        totalFunding: "0"
      })
      await rest(simulator, keys, "POST", "/api/v3/trade/cancel-order", { orderId: reducing.data.orderId })
      await nextPush(client, "position", [`"frozen":"0"`], 1000)
      const from = client.frames.length
      const closed = await rest(simulator, keys, "POST", "/api/v3/trade/close-positions", {
        category: "USDT-FUTURES",
        symbol: "BTCUSDT"
      })
      expect(closed.code).toBe("00000")
      const ended = await nextPush(client, "position", [`"ended"`], 1000, from)
      expect(ended.data[0]).toMatchObject({ symbol: "BTCUSDT", posSide: "long", size: "0", positionStatus: "ended" })

      await subscribe(client, "account")
      const before = (await nextPush(client, "account")).data[0].coin.find((r: any) => r.coin === "USDT")
      const moved = await rest(simulator, keys, "POST", "/api/v3/account/transfer", {
        fromType: "uta",
        toType: "spot",
        coin: "USDT",
        amount: "10"
      })
      expect(moved.code).toBe("00000")
      const after = await client.next((f) => isPush("account")(f) && !f.includes(`"available":"${before.available}"`))
      const row = JSON.parse(after).data[0].coin.find((r: any) => r.coin === "USDT")
      expect(BigDecimal.equals(dec(before.available), BigDecimal.sum(dec(row.available), dec("10")))).toBe(true)
      client.close()
    }))

  it.live("two accounts: A's orders and fills never reach B's socket", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const a = unifiedKeys(simulator)
      const b = secondAccount(simulator)
      const c = control(simulator)
      c.spot.setPrice("BTCUSDT", dec("60000"), Date.now())
      const alice = await socket(simulator, a)
      const bob = await socket(simulator, b)
      for (const client of [alice, bob]) {
        await subscribeAll(client, "order", "fill")
      }
      const placed = await rest(simulator, a, "POST", "/api/v3/trade/place-order", {
        category: "SPOT",
        symbol: "BTCUSDT",
        side: "sell",
        orderType: "market",
        qty: "0.001"
      })
      expect(placed.code).toBe("00000")
      await nextPush(alice, "fill", [], 1000)
      // B's own order is B's alone.
      const own = await rest(simulator, b, "POST", "/api/v3/trade/place-order", {
        category: "SPOT",
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        qty: "0.001",
        price: "10000"
      })
      expect(own.code).toBe("00000")
      await nextPush(bob, "order", [], 1000)
      await sleep(100)
      expect(pushes(bob, "fill")).toEqual([])
      expect(pushes(bob, "order").flatMap((p) => p.data.map((o: any) => o.orderId))).toEqual([own.data.orderId])
      expect(pushes(alice, "order").flatMap((p) => p.data.map((o: any) => o.orderId))).not.toContain(own.data.orderId)
      alice.close()
      bob.close()
    }))

  it.live("order entry: place answered by id, pushed, cancelled; a refused order's code on the wire", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const keys = unifiedKeys(simulator)
      const c = control(simulator)
      c.spot.setPrice("BTCUSDT", dec("60000"), Date.now())
      const client = await socket(simulator, keys)
      await subscribe(client, "order")
      client.send({
        op: "trade",
        id: "req-1",
        category: "spot",
        topic: "place-order",
        args: [{
          orderType: "limit",
          price: "50000",
          qty: "0.01",
          side: "buy",
          symbol: "BTCUSDT",
          timeInForce: "gtc",
          clientOid: "ws-uta-1"
        }]
      })
      const reply = JSON.parse(await client.next((f) => f.startsWith(`{"event":"trade"`)))
      expect(reply).toEqual({
        event: "trade",
        id: "req-1",
        category: "spot",
        topic: "place-order",
        args: [{
          symbol: "BTCUSDT",
          orderId: expect.stringMatching(/^\d+$/),
          clientOid: "ws-uta-1",
          cTime: expect.stringMatching(/^\d{13}$/)
        }],
        code: "0",
        msg: "success",
        connId: expect.any(String),
        ts: expect.stringMatching(/^\d{13}$/)
      })
      const orderId = reply.args[0].orderId
      const pushed = await nextPush(client, "order")
      expect(pushed.data[0]).toMatchObject({ orderId, clientOid: "ws-uta-1", orderStatus: "new" })
      // The order REST lists: one world.
      const info = await rest(simulator, keys, "GET", "/api/v3/trade/order-info?clientOid=ws-uta-1")
      expect(info.data.orderId).toBe(orderId)

      // A second order with the same clientOid: refused as REST refuses it, nothing placed.
      const open = c.spot.orders.size
      client.send({
        op: "trade",
        id: "req-2",
        category: "spot",
        topic: "place-order",
        args: [{
          orderType: "limit",
          price: "50000",
          qty: "0.01",
          side: "buy",
          symbol: "BTCUSDT",
          clientOid: "ws-uta-1"
        }]
      })
      const refused = await client.next((f) => f.includes(`"id":"req-2"`))
      expect(JSON.parse(refused)).toEqual({
        event: "error",
        id: "req-2",
        category: "spot",
        topic: "place-order",
        code: "25212",
        msg: "Duplicate clientOid",
        connId: expect.any(String),
        ts: expect.any(String)
      })
      // Too much for the balance: 25202, the code V3 REST answers.
      client.send({
        op: "trade",
        id: "req-3",
        category: "spot",
        topic: "place-order",
        args: [{ orderType: "limit", price: "50000", qty: "1000", side: "buy", symbol: "BTCUSDT" }]
      })
      expect(JSON.parse(await client.next((f) => f.includes(`"id":"req-3"`)))).toMatchObject({
        event: "error",
        code: "25202"
      })
      // A limit order without a price: refused by the REST request's own rule, before the world sees it.
      client.send({
        op: "trade",
        id: "req-4",
        category: "spot",
        topic: "place-order",
        args: [{ orderType: "limit", qty: "0.01", side: "buy", symbol: "BTCUSDT" }]
      })
      const bad = JSON.parse(await client.next((f) => f.includes(`"id":"req-4"`)))
      expect(bad).toMatchObject({ event: "error", code: "40017" })
      expect(bad.msg).toContain("price: required for a limit order")
      expect(c.spot.orders.size).toBe(open)

      client.send({ op: "trade", id: "req-5", topic: "cancel-order", args: [{ orderId }] })
      expect(JSON.parse(await client.next((f) => f.includes(`"id":"req-5"`)))).toEqual({
        event: "trade",
        id: "req-5",
        topic: "cancel-order",
        args: [{ orderId, clientOid: "ws-uta-1" }],
        code: "0",
        msg: "Success",
        connId: expect.any(String),
        ts: expect.any(String)
      })
      const cancelled = await nextPush(client, "order", [`"cancelled"`])
      expect(cancelled.data[0]).toMatchObject({ orderId, orderStatus: "cancelled" })
      // A numeric id comes back a number, as Bitget's error samples show it.
      client.send({ op: "trade", id: 1666268894074, topic: "cancel-order", args: [{ orderId }] })
      expect(await client.next((f) => f.includes(`"id":1666268894074`))).toMatch(
        /^\{"event":"error","id":1666268894074,"topic":"cancel-order","code":"25204","msg":"Order does not exist","connId":"[0-9a-f]+","ts":"\d{13}"\}$/
      )
      client.close()
    }))

  it.live("batches: per-item codes, at most 20 orders, partial cancel", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const keys = unifiedKeys(simulator)
      const c = control(simulator)
      c.spot.setPrice("BTCUSDT", dec("60000"), Date.now())
      const client = await socket(simulator, keys)
      await subscribe(client, "order")
      const order = (clientOid: string, qty = "0.01") => ({
        orderType: "limit",
        price: "40000",
        qty,
        side: "buy",
        symbol: "BTCUSDT",
        clientOid
      })
      client.send({
        op: "trade",
        id: "batch-1",
        category: "spot",
        topic: "batch-place",
        args: [order("b-1"), order("b-2", "1000")]
      })
      const placed = JSON.parse(await client.next((f) => f.includes(`"id":"batch-1"`)))
      expect(placed).toMatchObject({ event: "trade", topic: "batch-place", code: "0" })
      expect(placed.args).toEqual([
        { code: "0", msg: "Success", symbol: "BTCUSDT", orderId: expect.stringMatching(/^\d+$/), clientOid: "b-1" },
        { code: "25202", msg: expect.any(String), symbol: "BTCUSDT" }
      ])
      await nextPush(client, "order", [`"b-1"`])

      // 21 orders: refused whole, none placed (Bitget's batch pages: at most 20).
      const size = c.spot.orders.size
      client.send({
        op: "trade",
        id: "batch-2",
        category: "spot",
        topic: "batch-place",
        args: Array.from({ length: 21 }, (_, i) => order(`x-${i}`))
      })
      expect(JSON.parse(await client.next((f) => f.includes(`"id":"batch-2"`)))).toMatchObject({
        event: "error",
        code: "40017"
      })
      // 20 is accepted.
      client.send({
        op: "trade",
        id: "batch-3",
        category: "spot",
        topic: "batch-place",
        args: Array.from({ length: 20 }, (_, i) => order(`y-${i}`, "0.001"))
      })
      const twenty = JSON.parse(await client.next((f) => f.includes(`"id":"batch-3"`)))
      expect(twenty.args.filter((item: { code: string }) => item.code === "0")).toHaveLength(20)
      expect(c.spot.orders.size).toBe(size + 20)

      client.send({
        op: "trade",
        id: "batch-4",
        topic: "batch-cancel",
        args: [{ orderId: placed.args[0].orderId }, { orderId: "123" }]
      })
      const cancelled = JSON.parse(await client.next((f) => f.includes(`"id":"batch-4"`)))
      expect(cancelled.args).toEqual([
        { code: "0", msg: "Success", orderId: placed.args[0].orderId, clientOid: "b-1" },
        { code: "25204", msg: "Order does not exist", orderId: "123" }
      ])
      await nextPush(client, "order", [`"b-1"`, `"cancelled"`])
      client.close()
    }))

  it.live("modify over the socket: one order and a batch, through V3 REST's amend; fast-fill pushes one object per fill", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const keys = unifiedKeys(simulator)
      const c = control(simulator)
      c.spot.setPrice("BTCUSDT", dec("60000"), Date.now())
      const client = await socket(simulator, keys)
      await subscribeAll(client, "order", "fast-fill")
      const placed = await rest(simulator, keys, "POST", "/api/v3/trade/place-order", {
        category: "SPOT",
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        qty: "0.01",
        price: "50000",
        clientOid: "mod-1"
      })
      const orderId = placed.data.orderId
      client.send({
        op: "trade",
        id: "m-1",
        category: "spot",
        topic: "modify-order",
        args: [{ orderId, price: "55000", qty: "0.02", symbol: "BTCUSDT" }]
      })
      expect(JSON.parse(await client.next((f) => f.includes(`"id":"m-1"`)))).toMatchObject({
        event: "trade",
        topic: "modify-order",
        args: [{ orderId, clientOid: "mod-1" }],
        code: "0"
      })
      const amended = await nextPush(client, "order", [`"price":"55000"`])
      expect(amended.data[0]).toMatchObject({ orderId, qty: "0.02", orderStatus: "new" })
      // Neither qty nor price: refused by REST's own rule.
      client.send({ op: "trade", id: "m-2", topic: "modify-order", args: [{ orderId }] })
      const refused = JSON.parse(await client.next((f) => f.includes(`"id":"m-2"`)))
      expect(refused).toMatchObject({ event: "error", code: "40017" })
      expect(refused.msg).toContain("qty or price: at least one is required")
      client.send({
        op: "trade",
        id: "m-3",
        topic: "batch-modify",
        args: [{ orderId, price: "56000" }, { orderId: "1", price: "1" }]
      })
      expect(JSON.parse(await client.next((f) => f.includes(`"id":"m-3"`))).args).toEqual([
        { code: "0", msg: "Success", orderId, clientOid: "mod-1" },
        { code: "25204", msg: "Order does not exist", orderId: "1" }
      ])
      // The market fills it: fast-fill's `data` is the fill itself, not a list.
      c.spot.setPrice("BTCUSDT", dec("55999"), Date.now())
      const fast = await client.next(isPush("fast-fill"))
      expect(fast).toMatch(
        /^\{"data":\{"category":"spot",.*"arg":\{"instType":"UTA","topic":"fast-fill"\},"action":"update","ts":\d+\}$/
      )
      expect(JSON.parse(fast).data).toMatchObject({
        orderId,
        clientOid: "mod-1",
        side: "buy",
        execPrice: "56000",
        execQty: "0.02",
        tradeScope: "maker"
      })
      client.close()
    }))

  it.live("strategy-order: a V3 trigger order pushed when placed and when the mark fires it", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const keys = unifiedKeys(simulator)
      const c = control(simulator)
      c.futures.setMark("ETHUSDT", dec("3000"), Date.now())
      const client = await socket(simulator, keys)
      await subscribe(client, "strategy-order")
      const placed = await rest(simulator, keys, "POST", "/api/v3/trade/place-strategy-order", {
        category: "USDT-FUTURES",
        symbol: "ETHUSDT",
        type: "trigger",
        side: "buy",
        qty: "0.1",
        triggerPrice: "2800",
        triggerOrderType: "market",
        clientOid: "trig-1"
      })
      expect(placed.code).toBe("00000")
      const pending = await nextPush(client, "strategy-order", [], 1000)
      expect(pending.data).toEqual([expect.objectContaining({
        category: "usdt-futures",
        symbol: "ETHUSDT",
        orderId: placed.data.orderId,
        clientOid: "trig-1",
        qty: "0.1",
        side: "buy",
        type: "trigger",
        status: "pending",
        triggerType: "",
        triggerPrice: "2800",
        triggerOrderType: "market",
        takeProfit: "",
        createdTime: expect.stringMatching(/^\d{13}$/)
      })])
      c.futures.setMark("ETHUSDT", dec("2790"), Date.now())
      const fired = await nextPush(client, "strategy-order", [`"success"`])
      expect(fired.data[0]).toMatchObject({ orderId: placed.data.orderId, status: "success" })
      client.close()
    }))

  it.live("account modes: a Classic key gets 40084 on V3 private topics and orders; a unified key 40085 on V2 orders", () =>
    withSimulator({}, async (simulator) => {
      const classic = keysOf(simulator.credentials)
      const client = await socket(simulator, classic)
      client.send({ op: "subscribe", args: [{ instType: "UTA", topic: "account" }] })
      const refused = JSON.parse(await client.next((f) => f.startsWith(`{"event":"error"`)))
      expect(refused).toEqual({
        event: "error",
        code: 40084,
        msg: "The current account is in Classic Account mode and cannot use the Unified Account API",
        connId: expect.any(String)
      })
      client.send({
        op: "trade",
        id: "c-1",
        category: "spot",
        topic: "place-order",
        args: [{ orderType: "market", qty: "10", side: "buy", symbol: "BTCUSDT" }]
      })
      expect(JSON.parse(await client.next((f) => f.includes(`"id":"c-1"`)))).toMatchObject({
        event: "error",
        code: "40084"
      })
      await sleep(50)
      expect(client.frames.filter(isPush("account"))).toEqual([])
      client.close()

      // A unified key logs in on V2 private (CACHY, live); its V2 orders are refused as REST refuses them.
      const uta = await socket(simulator, unifiedKeys(simulator), "/v2/ws/private")
      // Its V2 subscriptions are acked and stay quiet: a unified account has no Classic account to report.
      uta.send({ op: "subscribe", args: [{ instType: "SPOT", channel: "orders", instId: "default" }] })
      await uta.next((f) => f.startsWith(`{"event":"subscribe"`))
      const v3 = await rest(simulator, unifiedKeys(simulator), "POST", "/api/v3/trade/place-order", {
        category: "SPOT",
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        qty: "0.01",
        price: "10000"
      })
      expect(v3.code).toBe("00000")
      await sleep(60)
      expect(uta.frames.filter((f) => f.startsWith(`{"action"`))).toEqual([])
      uta.send({
        op: "trade",
        args: [{
          id: "u-1",
          instType: "SPOT",
          instId: "BTCUSDT",
          channel: "place-order",
          params: { orderType: "market", side: "buy", size: "10" }
        }]
      })
      expect(JSON.parse(await uta.next((f) => f.startsWith(`{"event":"error"`)))).toEqual({
        event: "error",
        arg: [{
          id: "u-1",
          instType: "SPOT",
          channel: "place-order",
          instId: "BTCUSDT",
          params: { orderType: "market", side: "buy", size: "10" }
        }],
        code: 40085,
        msg: "You are in Unified Account mode, and the Classic Account API is not supported at this time"
      })
      uta.close()
    }))
})
