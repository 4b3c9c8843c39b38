/**
 * Case 6's server, in its own process: a Bitget V2 public WebSocket (`/v2/ws/public`) that,
 * once a client has subscribed to the `ticker` and `books` of BTCUSDT, sends a book snapshot and
 * then `count` pushes at a fixed `rate` (one ticker for every three book updates, each update
 * chained by `seq`/`pseq`), the last one a ticker whose `lastPr` is the sentinel. It answers the
 * text `ping`, and serves the two REST reads ccxt makes before it subscribes (symbols, coins).
 * Args: `<count> <rate>`; reports its port over IPC, then `{ sent, millis }` when done.
 */
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import { WebSocketServer } from "ws"
import type { WebSocket } from "ws"

export const SENTINEL = "99999.9"

const [countArg = "10000", rateArg = "50000"] = process.argv.slice(2)
const count = Number(countArg)
const rate = Number(rateArg)

const tickerArg = `{"instType":"SPOT","channel":"ticker","instId":"BTCUSDT"}`
const booksArg = `{"instType":"SPOT","channel":"books","instId":"BTCUSDT"}`
const DEPTH = 50

const ticker = (last: string, ts: number) =>
  `{"action":"snapshot","arg":${tickerArg},"data":[{"instId":"BTCUSDT","lastPr":"${last}","open24h":"64210.5","high24h":"65500.1","low24h":"63900.2","change24h":"0.0123","bidPr":"64999.9","askPr":"65000.1","bidSz":"1.2345","askSz":"0.5432","baseVolume":"12345.6789","quoteVolume":"801234567.12","openUtc":"64300.1","changeUtc24h":"0.0109","ts":"${ts}"}],"ts":${ts}}`

const level = (cents: number, size: string) => `["${(cents / 100).toFixed(2)}","${size}"]`

const snapshot = (seq: bigint, ts: number) => {
  const asks: Array<string> = []
  const bids: Array<string> = []
  for (let k = 0; k < DEPTH; k++) {
    asks.push(level(6_500_010 + k * 10, "1.000"))
    bids.push(level(6_499_990 - k * 10, "1.000"))
  }
  return `{"action":"snapshot","arg":${booksArg},"data":[{"asks":[${asks.join(",")}],"bids":[${
    bids.join(",")
  }],"seq":${seq},"pseq":0,"ts":"${ts}"}],"ts":${ts}}`
}

/** Update `n`: one ask and one bid level resized (never emptied, so the book stays whole and uncrossed). */
const update = (n: number, seq: bigint, ts: number) => {
  const k = n % DEPTH
  const size = (1 + (n % 997) / 1000).toFixed(3)
  return `{"action":"update","arg":${booksArg},"data":[{"asks":[${level(6_500_010 + k * 10, size)}],"bids":[${
    level(6_499_990 - k * 10, size)
  }],"seq":${seq + 1n},"pseq":${seq},"ts":"${ts}"}],"ts":${ts}}`
}

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
  let seq = 1_304_314_508_780_744_705n
  let sent = 0
  const begin = performance.now()
  booksTo.send(snapshot(seq, Date.now()))
  const step = () => {
    const due = Math.min(count, Math.floor(((performance.now() - begin) / 1000) * rate))
    // Hold back while a client falls behind (the socket's buffer is its backlog).
    while (sent < due && tickerTo.bufferedAmount < 8_000_000 && booksTo.bufferedAmount < 8_000_000) {
      const ts = Date.now()
      if (sent === count - 1) tickerTo.send(ticker(SENTINEL, ts))
      else if (sent % 4 === 0) tickerTo.send(ticker(`6500${sent % 10}.5`, ts))
      else {
        booksTo.send(update(sent, seq, ts))
        seq += 1n
      }
      sent++
    }
    if (sent < count) setImmediate(step)
    else process.send!({ sent, millis: performance.now() - begin })
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
