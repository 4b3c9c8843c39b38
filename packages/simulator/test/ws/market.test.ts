import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Wire from "@effect-bitget/simulator/ws/Wire"
import { describe, expect, it } from "@effect/vitest"
import { type Client, connect, rest } from "./client.js"
import { withSimulator } from "./support.js"

// The public channels, pushed from the simulator's state: frames as Bitget writes them.

const books = { instType: "SPOT", channel: "books", instId: "BTCUSDT" }

type Side = Map<string, string>
interface Book {
  seq: bigint
  asks: Side
  bids: Side
}

/** `seq`/`pseq` read from the frame's text: they are JSON numbers above 2^53. */
const seqs = (frame: string) => ({
  seq: BigInt(/"seq":(\d+)/.exec(frame)![1]!),
  pseq: BigInt(/"pseq":(\d+)/.exec(frame)![1]!)
})

const apply = (book: Book, frame: string) => {
  const row = JSON.parse(frame).data[0] as { asks: Array<[string, string]>; bids: Array<[string, string]> }
  for (const [price, size] of row.asks) {
    if (size === "0") book.asks.delete(price)
    else book.asks.set(price, size)
  }
  for (const [price, size] of row.bids) {
    if (size === "0") book.bids.delete(price)
    else book.bids.set(price, size)
  }
  book.seq = seqs(frame).seq
}

const subscribe = async (client: Client, arg: object) => {
  const from = client.frames.length
  const text = JSON.stringify(arg)
  client.send({ op: "subscribe", args: [arg] })
  await client.next((f) => f === `{"event":"subscribe","arg":${text}}`, 3000, from)
  return client.next((f) => f.startsWith(`{"action":"snapshot","arg":${text}`), 3000, from)
}

const spot = (simulator: Simulator.Service) => simulator.domains.get("spot")!.control as SpotControl

describe("the simulator's public WebSocket channels", () => {
  it.live("a V2 spot ticker: Bitget's fields, every value a string, the outer ts a number, REST's prices", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await connect(`${simulator.wsUrl}/v2/ws/public`)
      const frame = await subscribe(client, { instType: "SPOT", channel: "ticker", instId: "BTCUSDT" })
      expect(frame).toMatch(
        /^\{"action":"snapshot","arg":\{"instType":"SPOT","channel":"ticker","instId":"BTCUSDT"\},"data":\[\{.*\}\],"ts":\d{13}\}$/
      )
      const row = JSON.parse(frame).data[0] as Record<string, unknown>
      expect(Object.keys(row)).toEqual([
        "instId",
        "lastPr",
        "open24h",
        "high24h",
        "low24h",
        "change24h",
        "bidPr",
        "askPr",
        "bidSz",
        "askSz",
        "baseVolume",
        "quoteVolume",
        "openUtc",
        "changeUtc24h",
        "ts"
      ])
      expect(Object.values(row).every((v) => typeof v === "string")).toBe(true)
      expect(row.lastPr).toBe(Wire.dec(spot(simulator).price("BTCUSDT")!))
      spot(simulator).setPrice("BTCUSDT", "70123.45")
      const moved = await client.next((f) => f.includes(`"lastPr":"70123.45"`), 3000, 1)
      expect(JSON.parse(moved).data[0].lastPr).toBe("70123.45")
      client.close()
    }))

  it.live("a book: snapshot then updates chained by seq/pseq (numbers above 2^53); the result is REST's book", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await connect(`${simulator.wsUrl}/v2/ws/public`)
      const snapshot = await subscribe(client, books)
      const first = seqs(snapshot)
      expect(first.pseq).toBe(0n)
      expect(first.seq > 2n ** 53n).toBe(true)
      expect(snapshot).not.toContain("checksum")
      const data = JSON.parse(snapshot).data[0]
      expect(Object.keys(data)).toEqual(["asks", "bids", "seq", "pseq", "ts"])
      const book: Book = { seq: first.seq, asks: new Map(data.asks), bids: new Map(data.bids) }
      spot(simulator).setPrice("BTCUSDT", "65000.5")
      const update = await client.next((f) => f.startsWith(`{"action":"update"`))
      expect(seqs(update)).toEqual({ seq: first.seq + 1n, pseq: first.seq })
      apply(book, update)
      // Settle: the REST book is read the same second as the last update applied.
      spot(simulator).setPrice("BTCUSDT", "65010")
      const last = await client.next((f) => f.startsWith(`{"action":"update"`), 3000, client.frames.indexOf(update) + 1)
      for (let i = client.frames.indexOf(update) + 1; i <= client.frames.indexOf(last); i++) {
        const frame = client.frames[i]!
        if (!frame.startsWith(`{"action":"update"`)) continue
        expect(seqs(frame).pseq).toBe(book.seq)
        apply(book, frame)
      }
      const response = await fetch(`${simulator.url}/api/v2/spot/market/orderbook?symbol=BTCUSDT&type=step0&limit=150`)
      const rest =
        (await response.json() as { data: { asks: Array<[string, string]>; bids: Array<[string, string]> } }).data
      // Same second (sizes are seeded per second) or not, the prices are REST's.
      expect([...book.asks.keys()].sort()).toEqual(rest.asks.map((l) => l[0]).sort())
      expect([...book.bids.keys()].sort()).toEqual(rest.bids.map((l) => l[0]).sort())
      void last
      client.close()
    }))

  it.live("skipSeq loses an update: the next one's pseq is not the last seq seen; resetSeq sends pseq 0", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await connect(`${simulator.wsUrl}/v2/ws/public`)
      const snapshot = await subscribe(client, books)
      simulator.ws.skipSeq(1)
      spot(simulator).setPrice("BTCUSDT", "65000.5")
      await new Promise((resolve) => setTimeout(resolve, 100))
      spot(simulator).setPrice("BTCUSDT", "65100.5")
      const update = await client.next((f) => f.startsWith(`{"action":"update"`))
      expect(seqs(update)).toEqual({ seq: seqs(snapshot).seq + 2n, pseq: seqs(snapshot).seq + 1n })
      simulator.ws.resetSeq()
      spot(simulator).setPrice("BTCUSDT", "65200.5")
      const reset = await client.next((f) => f.startsWith(`{"action":"update"`) && seqs(f).pseq === 0n)
      expect(seqs(reset).seq).toBe(seqs(update).seq + 1n)
      client.close()
    }))

  it.live("with the checksum knob, each update carries Bitget's CRC32 of the top 25 levels after it", () =>
    withSimulator({ tickMillis: 20, checksum: true }, async (simulator) => {
      const client = await connect(`${simulator.wsUrl}/v2/ws/public`)
      const snapshot = await subscribe(client, books)
      const data = JSON.parse(snapshot).data[0]
      const book: Book = { seq: 0n, asks: new Map(data.asks), bids: new Map(data.bids) }
      spot(simulator).setPrice("BTCUSDT", "65000.5")
      const update = await client.next((f) => f.startsWith(`{"action":"update"`))
      apply(book, update)
      const sorted = (side: Side, descending: boolean) =>
        [...side.entries()].sort((a, b) => descending ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0]))
      const expected = Wire.checksum(sorted(book.bids, true), sorted(book.asks, false))
      expect(JSON.parse(update).data[0].checksum).toBe(expected)
      expect(expected).not.toBe(0)
      client.close()
    }))

  it.live("candles, trades and books5: Bitget's row shapes; a fill made over REST appears on the tape", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await connect(`${simulator.wsUrl}/v2/ws/public`)
      const candles = JSON.parse(await subscribe(client, { instType: "SPOT", channel: "candle1m", instId: "BTCUSDT" }))
      expect(candles.data.length).toBe(50)
      expect(candles.data[0]).toHaveLength(8)
      expect(candles.data[0].every((v: unknown) => typeof v === "string")).toBe(true)
      const trades = JSON.parse(await subscribe(client, { instType: "SPOT", channel: "trade", instId: "BTCUSDT" }))
      expect(Object.keys(trades.data[0])).toEqual(["ts", "price", "size", "side", "tradeId"])
      const top5 = JSON.parse(
        await subscribe(client, { instType: "USDT-FUTURES", channel: "books5", instId: "BTCUSDT" })
      )
      expect([top5.data[0].asks.length, top5.data[0].bids.length, top5.data[0].pseq]).toEqual([5, 5, 0])
      const placed = await rest(simulator, "POST", "/api/v2/spot/trade/place-order", {
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        force: "gtc",
        size: "100"
      })
      expect(placed.code).toBe("00000")
      const tape = await client.next((f) =>
        f.startsWith(`{"action":"update","arg":{"instType":"SPOT","channel":"trade"`)
      )
      const price = Wire.dec(spot(simulator).price("BTCUSDT")!)
      expect(JSON.parse(tape).data.some((t: { price: string; side: string }) => t.price === price && t.side === "buy"))
        .toBe(true)
      client.close()
    }))

  it.live("V3 public: ticker, books (a/b, maxDepth) and publicTrade in the UTA shapes", () =>
    withSimulator({ tickMillis: 20 }, async (simulator) => {
      const client = await connect(`${simulator.wsUrl}/v3/ws/public`)
      client.send({ op: "subscribe", args: [{ instType: "usdt-futures", topic: "ticker", symbol: "BTCUSDT" }] })
      expect(await client.next(() => true)).toMatch(
        /^\{"event":"subscribe","arg":\{"instType":"usdt-futures","topic":"ticker","symbol":"BTCUSDT"\},"connId":"[0-9a-f]+"\}$/
      )
      const ticker = JSON.parse(await client.next((f) => f.startsWith(`{"data"`)))
      expect(Object.keys(ticker)).toEqual(["data", "arg", "action", "ts"])
      expect(ticker.data[0]).toHaveProperty("fundingRate")
      expect(ticker.data[0]).toHaveProperty("bid1Price")
      client.send({ op: "subscribe", args: [{ instType: "spot", topic: "books", symbol: "ETHUSDT" }] })
      const book = await client.next((f) => f.includes(`"topic":"books"`) && f.startsWith(`{"data"`))
      expect(Object.keys(JSON.parse(book).data[0])).toEqual(["a", "b", "pseq", "seq", "maxDepth", "ts"])
      client.send({
        op: "subscribe",
        args: [{ instType: "coin-futures", topic: "kline", symbol: "BTCUSD_CM", interval: "1m" }]
      })
      const kline = await client.next((f) => f.includes(`"topic":"kline"`) && f.startsWith(`{"data"`))
      expect(Object.keys(JSON.parse(kline).data[0])).toEqual([
        "start",
        "open",
        "close",
        "high",
        "low",
        "volume",
        "turnover"
      ])
      client.send({ op: "subscribe", args: [{ instType: "spot", topic: "publicTrade", symbol: "ETHUSDT" }] })
      const trade = await client.next((f) => f.includes(`"topic":"publicTrade"`) && f.startsWith(`{"data"`))
      expect(Object.keys(JSON.parse(trade).data[0])).toEqual(["p", "S", "T", "v", "i", "L", "isRPI"])
      client.close()
    }))
})
