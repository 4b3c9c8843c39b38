/**
 * The flat rows scanner (`internal/flatRows.ts`, reached through `FastPush.read`) against the
 * general path (`Wire.parse`, then the channel's row schema): on every channel whose rows it reads
 * (tickers, index prices, V3 candles, account channels), generated rows (every field's value from
 * the schema's own arbitrary, then blanks, `null`s, numbers, unknown keys, keys dropped or
 * shuffled) and damaged frames give the same push wherever the scanner answers, plain frames do
 * take it, and the simulator's tickers are read by it.
 */
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it, layer } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as Effect from "effect/Effect"
import * as FastCheck from "effect/FastCheck"
import * as Schema from "effect/Schema"
import WebSocket from "ws"
import * as Channel from "../src/Channel.js"
import * as FastPush from "../src/internal/fastPush.js"
import * as V2Private from "../src/V2Private.js"
import * as V2Public from "../src/V2Public.js"
import * as V3Private from "../src/V3Private.js"
import * as V3Public from "../src/V3Public.js"
import { canonical, damage, damaged, general } from "./support/pushes.js"

/** The scanner's push, checked equal to the general path's; `undefined` when it left the frame to it. */
const agree = (text: string, channel: Channel.Channel.Any) => {
  const read = FastPush.read(text, () => ({ channel }))
  if (read === undefined) return undefined
  const quick = {
    action: read.action === "snapshot" ? "snapshot" : "update",
    arg: read.arg,
    rows: read.rows,
    ts: read.ts
  }
  expect(JSON.stringify(canonical(quick))).toBe(JSON.stringify(canonical(general(text, channel))))
  return quick
}

const flat = [
  V2Public.Ticker,
  V2Public.IndexPrice,
  V3Public.Ticker,
  V3Public.Kline,
  V2Private.SpotAccount,
  V2Private.FuturesAccount,
  V2Private.Equity
]

const envelope = (channel: Channel.Channel.Any, data: string, ts: number) =>
  channel.generation === "v2"
    ? `{"action":"snapshot","arg":{"instType":"SPOT","channel":"x","instId":"BTCUSDT"},"data":${data},"ts":${ts}}`
    : `{"data":${data},"arg":{"instType":"spot","topic":"x","symbol":"BTCUSDT"},"action":"snapshot","ts":${ts}}`

/** Frames of a channel: rows from its schema's arbitrary, encoded, then varied as Bitget might. */
const frames = (channel: Channel.Channel.Any) => {
  const encode = Schema.encodeSync(channel.row)
  const variant = FastCheck.constantFrom("as is", "blank", "null", "number", "unknown", "drop", "shuffle", "escape")
  const row = FastCheck.tuple(Arbitrary.make(channel.row), variant, FastCheck.nat()).map(([value, how, n]) => {
    const entries = Object.entries(encode(value) as Record<string, unknown>)
    const i = entries.length === 0 ? 0 : n % entries.length
    const key = entries[i]?.[0]
    switch (how) {
      case "blank":
        if (key !== undefined) entries[i] = [key, ""]
        break
      case "null":
        if (key !== undefined) entries[i] = [key, null]
        break
      case "number":
        if (key !== undefined) entries[i] = [key, n % 1000]
        break
      case "unknown":
        entries.splice(i, 0, ["extra", n % 2 === 0 ? "x" : n])
        break
      case "drop":
        entries.splice(i, 1)
        break
      case "shuffle":
        entries.reverse()
        break
      case "escape":
        if (key !== undefined) entries[i] = [key, "a\"b"]
    }
    return JSON.stringify(Object.fromEntries(entries))
  })
  return FastCheck.tuple(FastCheck.array(row, { maxLength: 3 }), FastCheck.integer({ min: 0, max: 2e12 })).map((
    [rows, ts]
  ) => envelope(channel, `[${rows.join(",")}]`, ts))
}

describe("flat rows", () => {
  it("the scanner takes exactly the flat channels' rows", () => {
    for (const channel of flat) expect(FastPush.scanner(channel)).toBeDefined()
    for (const channel of [V2Public.Trade, V2Public.Candle, V2Private.SpotOrders, V3Private.Order]) {
      expect(FastPush.scanner(channel)).toBeUndefined()
    }
  })

  it("gives the general path's push on generated frames, and takes the plain ones", () => {
    for (const channel of flat) {
      FastCheck.assert(
        FastCheck.property(frames(channel), (text) => {
          const quick = agree(text, channel)
          // Encoded as the schema encodes, nothing varied: every value is a plain string.
          if (!/"extra"|\\|:null|:\d/.test(text.slice(text.indexOf("\"data\"")))) {
            if (general(text, channel) !== "malformed" && !/"data":\[[^\]]*""/.test(text)) expect(quick).toBeDefined()
          }
        }),
        { numRuns: 400 }
      )
    }
  })

  it("never answers otherwise than the general path on damaged frames", () => {
    for (const channel of flat) {
      FastCheck.assert(
        FastCheck.property(
          frames(channel),
          FastCheck.nat(),
          damage,
          (text, at, char) => {
            for (const variant of damaged(text, at, char)) agree(variant, channel)
          }
        ),
        { numRuns: 400 }
      )
    }
  })

  it("leaves a frame with a raw control character in a string to the general path, wherever it stands", () => {
    const base =
      `{"action":"snapshot","arg":{"instType":"SPOT","channel":"ticker","instId":"BTCUSDT"},"data":[{"instId":"BTCUSDT","lastPr":"65000.5","note":"ok","ts":"1695716760565"}],"ts":1695716760566}`
    expect(agree(base, V2Public.Ticker)).toBeDefined()
    const data = base.indexOf("\"data\"")
    for (
      const [from, to] of [
        ["\"instId\":\"BTCUSDT\"", "\"instId\":\"BTC\tUSDT\""], // a text field's value, kept as it is
        ["\"note\":\"ok\"", "\"note\":\"o\u0000k\""], // a value the schema drops
        ["\"note\":\"ok\"", "\"no\nte\":\"ok\""], // a key the schema drops
        ["\"note\":\"ok\"", "\"no\u001fte\":7"],
        ["\"65000.5\"", "\"65000.5\t\""], // a decimal
        ["\"1695716760565\"", "\"1695716760565\r\""] // a time
      ]
    ) {
      const text = base.slice(0, data) + base.slice(data).replace(from, to)
      // Not JSON: the general path reads no push from it.
      expect(general(text, V2Public.Ticker)).toBeUndefined()
      expect(agree(text, V2Public.Ticker)).toBeUndefined()
    }
  })

  it("reads case 6's ticker frame, keys in the schema's order", () => {
    const text =
      `{"action":"snapshot","arg":{"instType":"SPOT","channel":"ticker","instId":"BTCUSDT"},"data":[{"instId":"BTCUSDT","lastPr":"65000.5","open24h":"64210.5","high24h":"","low24h":null,"ts":"1695716760565","change24h":"0.0123"}],"ts":1695716760566}`
    const read = agree(text, V2Public.Ticker)
    expect(Object.keys(read!.rows[0] as object)).toEqual(["instId", "lastPr", "open24h", "change24h", "ts"])
    // A key twice (JSON.parse keeps the last): left to the general path.
    expect(FastPush.read(text.replace("\"open24h\":\"64210.5\"", "\"open24h\":\"1\",\"open24h\":\"\""), () => ({
      channel: V2Public.Ticker
    }))).toBeUndefined()
  })
})

const collect = (url: string, subscribe: object, count: number, millis: number) =>
  Effect.async<Array<string>>((resume) => {
    const texts: Array<string> = []
    const socket = new WebSocket(url)
    const done = () => {
      clearTimeout(timer)
      socket.terminate()
      resume(Effect.succeed(texts))
    }
    const timer = setTimeout(done, millis)
    socket.on("open", () => socket.send(JSON.stringify({ op: "subscribe", args: [subscribe] })))
    socket.on("message", (data) => {
      const text = data.toString()
      if (!text.includes("\"data\"")) return
      texts.push(text)
      if (texts.length === count) done()
    })
    return Effect.sync(() => {
      clearTimeout(timer)
      socket.terminate()
    })
  })

layer(Simulator.layer({ ws: { tickMillis: 10 } }), { excludeTestServices: true })(
  "flat rows over the simulator",
  (it) => {
    it.effect("V2 and V3 tickers, all read by the scanner as by the schema", () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const [v2, v3] = yield* Effect.all([
          collect(
            `${simulator.wsUrl}/v2/ws/public`,
            { instType: "SPOT", channel: "ticker", instId: "BTCUSDT" },
            3,
            3000
          ),
          collect(`${simulator.wsUrl}/v3/ws/public`, { instType: "spot", topic: "ticker", symbol: "BTCUSDT" }, 3, 3000)
        ], { concurrency: "unbounded" })
        expect(v2.length).toBeGreaterThanOrEqual(1)
        expect(v3.length).toBeGreaterThanOrEqual(1)
        for (const text of v2) expect(agree(text, V2Public.Ticker)).toBeDefined()
        for (const text of v3) expect(agree(text, V3Public.Ticker)).toBeDefined()
      }))
  }
)
