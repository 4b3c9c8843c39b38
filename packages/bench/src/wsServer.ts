/**
 * Case 6's server, in its own process: a Bitget V2 public WebSocket (`/v2/ws/public`) that,
 * once a client has subscribed to the `ticker` and `books` of BTCUSDT, sends a book snapshot and
 * then `count` pushes at a fixed `rate` (one ticker for every three book updates, each update
 * chained by `seq`/`pseq`), the last one a ticker whose `lastPr` is the sentinel. It answers the
 * text `ping`, and serves the two REST reads ccxt makes before it subscribes (symbols, coins).
 *
 * The pushes go out in ticks of `tick` ms (1 by default): each tick writes the pushes then due to
 * each socket as one write (the socket corked), so every client reads the same batches, about
 * `rate × tick / 1000` pushes, whatever its speed. With `tick` 0 the server sends each push as
 * soon as it is due (a `setImmediate` loop, one write a push, the method until session 21): a
 * client that reads faster then reads fewer pushes a read and pays the socket's cost a read over
 * more reads, so on this machine every client, the raw floor included, spent about 1 / rate of
 * CPU a push (FINDINGS §28).
 * Args: `<count> <rate> [tick]`; reports its port over IPC, then `{ sent, millis }` when done.
 */
import * as Http from "node:http"
import type * as Net from "node:net"
import type { AddressInfo } from "node:net"
import { WebSocketServer } from "ws"
import type { WebSocket } from "ws"
import * as Frames from "./internal/wsFrames.js"

const [countArg = "10000", rateArg = "50000", tickArg = "1"] = process.argv.slice(2)
const count = Number(countArg)
const rate = Number(rateArg)
const tick = Number(tickArg)

const symbols = JSON.stringify({
  code: "00000",
  msg: "success",
  requestTime: 0,
  data: [{
    symbol: "BTCUSDT",
    baseCoin: "BTC",
    quoteCoin: "USDT",
    minTradeAmount: "0",
    maxTradeAmount: "900000000",
    takerFeeRate: "0.001",
    makerFeeRate: "0.001",
    pricePrecision: "2",
    quantityPrecision: "6",
    quotePrecision: "8",
    status: "online",
    minTradeUSDT: "1",
    buyLimitPriceRatio: "0.05",
    sellLimitPriceRatio: "0.05",
    areaSymbol: "no",
    orderQuantity: "200",
    openTime: "1532454360000"
  }]
})

const http = Http.createServer((request, response) => {
  response.writeHead(200, { "content-type": "application/json" })
  response.end(
    request.url?.startsWith("/api/v2/spot/public/symbols")
      ? symbols
      : `{"code":"00000","msg":"success","requestTime":0,"data":[]}`
  )
})
const wss = new WebSocketServer({ server: http, path: "/v2/ws/public" })

let tickerSocket: WebSocket | undefined
let booksSocket: WebSocket | undefined
let started = false

const pump = () => {
  started = true
  const tickerTo = tickerSocket!
  const booksTo = booksSocket!
  let seq = Frames.FIRST_SEQ
  let sent = 0
  const begin = performance.now()
  booksTo.send(Frames.snapshot(seq, Date.now()))
  // The TCP sockets under the two WebSockets (one, when a client subscribes to both on one), corked for a tick.
  const sockets = [...new Set([tickerTo, booksTo])].map((ws) => (ws as unknown as { _socket: Net.Socket })._socket)
  const step = () => {
    if (tick > 0) { for (const socket of sockets) socket.cork() }
    const due = Math.min(count, Math.floor(((performance.now() - begin) / 1000) * rate))
    // Hold back while a client falls behind (the socket's buffer is its backlog).
    while (sent < due && tickerTo.bufferedAmount < 8_000_000 && booksTo.bufferedAmount < 8_000_000) {
      const next = Frames.push(sent, count, seq, Date.now())
      if (next.book) {
        booksTo.send(next.text)
        seq += 1n
      } else tickerTo.send(next.text)
      sent++
    }
    if (tick > 0) { for (const socket of sockets) socket.uncork() }
    if (sent === count) process.send!({ sent, millis: performance.now() - begin })
    else if (tick > 0) setTimeout(step, tick)
    else setImmediate(step)
  }
  step()
}

wss.on("connection", (ws) => {
  ws.on("message", (data) => {
    const text = data.toString()
    if (text === "ping") return ws.send("pong")
    const frame = JSON.parse(text) as { op: string; args: Array<Record<string, string>> }
    if (frame.op !== "subscribe") return
    for (const arg of frame.args) {
      ws.send(JSON.stringify({ event: "subscribe", arg }))
      if (arg.channel === "ticker") tickerSocket = ws
      if (arg.channel === "books") booksSocket = ws
    }
    if (!started && tickerSocket !== undefined && booksSocket !== undefined) setTimeout(pump, 50)
  })
})

http.listen(0, "127.0.0.1", () => process.send!({ port: (http.address() as AddressInfo).port }))
