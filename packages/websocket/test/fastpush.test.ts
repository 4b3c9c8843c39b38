/**
 * The book's text scanner (`internal/fastPush.ts`) against the general path it short-cuts
 * (`Wire.parse`, then the channel's row schema, as `Connection.onText` does): wherever the scanner
 * answers, its push is the general path's, value for value (decimals by digits and scale, `seq`
 * as exact bigints past 2^53, absent fields absent, keys in the same order); Bitget's compact
 * frames (V2 and V3 key orders, real ones from the simulator) take the scanner; and frames it
 * does not vouch for (whitespace, escapes, numbers where strings go, duplicates, damage) fall back.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as FastCheck from "effect/FastCheck"
import WebSocket from "ws"
import * as Channel from "../src/Channel.js"
import * as FastPush from "../src/internal/fastPush.js"
import * as V2Public from "../src/V2Public.js"
import * as V3Public from "../src/V3Public.js"
import { canonical, damage, damaged, general } from "./support/pushes.js"

const fast = (text: string, channel: Channel.Channel.Any) => {
  const read = FastPush.read(text, () => ({ channel }))
  return read === undefined ? undefined : {
    action: read.action === "snapshot" ? "snapshot" : "update",
    arg: read.arg,
    rows: read.rows,
    ts: read.ts
  }
}

/** The scanner's push, checked equal to the general path's; `undefined` when it left the frame to it. */
const agree = (text: string, channel: Channel.Channel.Any) => {
  const quick = fast(text, channel)
  if (quick !== undefined) {
    expect(JSON.stringify(canonical(quick))).toBe(JSON.stringify(canonical(general(text, channel))))
  }
  return quick
}

const V2_ARG = `{"instType":"USDT-FUTURES","channel":"books","instId":"BTCUSDT"}`
const V3_ARG = `{"instType":"usdt-futures","topic":"books","symbol":"BTCUSDT"}`

describe("fastPush", () => {
  it("reads V2 and V3 book frames as the schema does, seq past 2^53 and absent fields included", () => {
    const v2 =
      `{"action":"update","arg":${V2_ARG},"data":[{"asks":[["27000.5","8.760"],["27001","0"]],"bids":[["26999.50","0.5000"]],"seq":18446744073709551615,"pseq":9007199254740993,"ts":"1695716760565"}],"ts":1695716760566}`
    const read = agree(v2, V2Public.Books)
    expect(read?.rows[0]).toMatchObject({ seq: 18446744073709551615n, pseq: 9007199254740993n })
    const v3 =
      `{"data":[{"a":[["27000.5","8.760"]],"b":[],"pseq":0,"seq":1483653649791156272,"maxDepth":1000,"ts":"1695716760565"}],"arg":${V3_ARG},"action":"snapshot","ts":1695716760566}`
    expect(agree(v3, V3Public.Books)?.rows[0]).toMatchObject({ seq: 1483653649791156272n, pseq: 0n })
    // Before 2025-04-30 V2 books carried no seq; a historical checksum; no outer ts.
    const bare = `{"action":"snapshot","arg":${V2_ARG},"data":[{"asks":[],"bids":[["1","2"]],"ts":"1"}]}`
    const row = agree(bare, V2Public.Books)?.rows[0] as object
    expect(Object.keys(row)).toEqual(["asks", "bids", "ts"])
    const sum =
      `{"action":"update","arg":${V2_ARG},"data":[{"asks":[],"bids":[],"checksum":-1220923433,"ts":"1"}],"ts":5}`
    expect(agree(sum, V2Public.Books)?.rows[0]).toMatchObject({ checksum: -1220923433 })
    // Several rows, and none.
    expect(agree(`{"action":"update","arg":${V2_ARG},"data":[],"ts":5}`, V2Public.Books)?.rows).toEqual([])
  })

  it("leaves to the general path every frame it does not vouch for", () => {
    const base =
      `{"action":"update","arg":${V2_ARG},"data":[{"asks":[["1.5","2"]],"bids":[],"seq":12,"pseq":11,"ts":"1"}],"ts":5}`
    expect(agree(base, V2Public.Books)).toBeDefined()
    const variants = [
      base.replace("\"asks\":", "\"asks\": "), // whitespace
      base.replace("{\"action\"", " {\"action\""),
      base + " ",
      base.replace("\"BTCUSDT\"", "\"BTC\\u0055SDT\""), // an escape
      // Anywhere in the frame (`scan.ts`'s `isPlain`: past it a string ends at the next quote), even
      // in a value the row's schema drops: a raw control character is JSON that `JSON.parse` refuses.
      base.replace("\"ts\":\"1\"", "\"ts\":\"1\",\"note\":\"a\tb\""),
      base.replace("\"ts\":\"1\"", "\"ts\":\"1\",\"note\":\"a\u001fb\""),
      base.replace("\"ts\":\"1\"", "\"ts\":\"1\",\"note\":\"a\\\"b\""),
      // A raw control character in each kind of string the scanner reads: where it keeps the text
      // (an arg's value and key, an action, a dropped key), and where a reader takes only digits.
      base.replace("\"BTCUSDT\"", "\"BTC\tUSDT\""),
      base.replace("\"instId\"", "\"inst\u0001Id\""),
      base.replace("\"update\"", "\"up\u0000date\""),
      base.replace("\"ts\":\"1\"", "\"ts\":\"1\",\"no\u001fte\":1"),
      base.replace("\"1.5\"", "\"1.5\t\""),
      base.replace("\"1.5\"", "\"\t1.5\""),
      base.replace("\"1.5\"", "\"1e\n5\""),
      base.replace("\"ts\":\"1\"", "\"ts\":\"1\r\""),
      base.replace("[\"1.5\",\"2\"]", "[1.5,\"2\"]"), // a number for a price
      base.replace("[\"1.5\",\"2\"]", "[\"1.5\",\"2\",\"3\"]"), // a third column
      base.replace("\"seq\":12", "\"seq\":12.0"), // a float seq
      base.replace("\"seq\":12", "\"seq\":012"), // a leading zero
      base.replace("\"seq\":12", "\"seq\":\"12\""), // seq as text
      base.replace("\"pseq\":11", "\"pseq\":11,\"seq\":13"), // a duplicate key
      base.replace("\"ts\":\"1\"", "\"ts\":1"), // a number for the row's time
      base.replace("\"ts\":5", "\"ts\":12345678901234567"), // an outer ts past 15 digits
      base.replace("\"ts\":5}", "\"ts\":5,\"extra\":1}"), // an unknown envelope key
      base.replace(",\"bids\":[]", ""), // a side missing
      base.replace("\"1.5\"", "\"x\""), // not a decimal
      base.replace("\"data\":[", "\"data\":[[],"), // a row that is not an object
      base.replace("\"asks\":[[\"1.5\",\"2\"]]", "\"asks\":[[\"1.5\",\"2\"]],\"__proto__\":1"),
      base.slice(0, -1) // truncated
    ]
    for (const text of variants) expect(agree(text, V2Public.Books)).toBeUndefined()
    // Not a book row: a ticker's scanner (flatRows.ts) refuses it.
    expect(fast(base, V2Public.Ticker)).toBeUndefined()
  })

  it("keeps an arg met for the first time whatever its length (one too long to copy by spread stays a slice)", () => {
    const long = `{"instType":"SPOT","channel":"books","instId":"${"X".repeat(300_000)}"}`
    const text = `{"action":"update","arg":${long},"data":[],"ts":5}`
    const read = FastPush.read(text, () => ({ channel: V2Public.Books }))
    expect(read?.arg.instId).toHaveLength(300_000)
    // Met again: found by its text, the same frozen arg.
    expect(FastPush.read(text, () => ({ channel: V2Public.Books }))?.arg).toBe(read?.arg)
  })

  it("Decimal.parseRange reads a decimal where it stands as Decimal.parse reads the slice", () => {
    const text = FastCheck.oneof(
      FastCheck.stringMatching(/^-?\d{1,22}(\.\d{1,12})?$/),
      FastCheck.string({ maxLength: 12 }),
      FastCheck.constantFrom("", "-", "-0", "0.", ".5", "1e5", "1.5E-3", "NaN", "--1", "1.2.3")
    )
    FastCheck.assert(
      FastCheck.property(FastCheck.string({ maxLength: 4 }), text, FastCheck.string({ maxLength: 4 }), (l, t, r) => {
        const whole = l + t + r
        const got = Decimal.parseRange(whole, l.length, l.length + t.length)
        expect(canonical(got)).toEqual(canonical(Decimal.parse(t)))
      }),
      { numRuns: 3000 }
    )
  })

  const decimal = FastCheck.oneof(
    FastCheck.tuple(FastCheck.bigInt({ min: 0n, max: 10n ** 20n }), FastCheck.integer({ min: 0, max: 12 })).map((
      [v, s]
    ) => BigDecimal.format(BigDecimal.make(v, s))),
    FastCheck.tuple(FastCheck.bigInt({ min: 0n, max: 10n ** 9n }), FastCheck.integer({ min: 0, max: 6 })).map((
      [v, s]
    ) => s === 0 ? `${v}` : `${v}.${"0".repeat(s)}`),
    FastCheck.constantFrom("0", "0.0", "-1.5", "1e5", "", ".5", "5.", "00.1")
  )
  const sequence = FastCheck.bigInt({ min: 0n, max: 2n ** 64n })
  const level = FastCheck.tuple(decimal, decimal).map(([p, s]) => `["${p}","${s}"]`)
  const side = FastCheck.array(level, { maxLength: 4 }).map((ls) => `[${ls.join(",")}]`)
  const row = (v3: boolean) =>
    FastCheck.record({
      asks: side,
      bids: side,
      seq: FastCheck.option(sequence, { nil: undefined }),
      pseq: FastCheck.option(FastCheck.oneof(sequence, FastCheck.constant(0n)), { nil: undefined }),
      checksum: FastCheck.option(FastCheck.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { nil: undefined }),
      maxDepth: FastCheck.option(FastCheck.constant(1000), { nil: undefined }),
      ts: FastCheck.integer({ min: 0, max: 2_000_000_000_000 }),
      order: FastCheck.integer({ min: 0, max: 1 })
    }).map((r) => {
      const fields = [
        `"${v3 ? "a" : "asks"}":${r.asks}`,
        `"${v3 ? "b" : "bids"}":${r.bids}`,
        ...(r.seq === undefined ? [] : [`"seq":${r.seq}`]),
        ...(r.pseq === undefined ? [] : [`"pseq":${r.pseq}`]),
        ...(r.checksum === undefined ? [] : [`"checksum":${r.checksum}`]),
        ...(r.maxDepth === undefined ? [] : [`"maxDepth":${r.maxDepth}`]),
        `"ts":"${r.ts}"`
      ]
      return `{${(r.order === 1 ? fields.reverse() : fields).join(",")}}`
    })
  const frame = FastCheck.boolean().chain((v3) =>
    FastCheck.record({
      rows: FastCheck.array(row(v3), { minLength: 0, maxLength: 3 }),
      action: FastCheck.constantFrom("snapshot", "update"),
      ts: FastCheck.option(FastCheck.integer({ min: 0, max: 2_000_000_000_000 }), { nil: undefined })
    }).map(({ action, rows, ts }) => {
      const data = `[${rows.join(",")}]`
      const tail = ts === undefined ? "" : `,"ts":${ts}`
      return {
        channel: v3 ? V3Public.Books : V2Public.Books,
        text: v3
          ? `{"data":${data},"arg":${V3_ARG},"action":"${action}"${tail}}`
          : `{"action":"${action}","arg":${V2_ARG},"data":${data}${tail}}`
      }
    })
  )

  it("gives the general path's push on generated frames, and takes every one whose values are plain", () => {
    FastCheck.assert(
      FastCheck.property(frame, ({ channel, text }) => {
        const quick = agree(text, channel)
        // Every value plain (digits, an optional point between digits): the scanner must take it.
        const plain = !/"(|-1\.5|1e5|\.5|5\.|00\.1)"/.test(text)
        if (plain) expect(quick).toBeDefined()
      }),
      { numRuns: 2000 }
    )
  })

  it("never answers otherwise than the general path on damaged frames", () => {
    FastCheck.assert(
      FastCheck.property(
        frame,
        FastCheck.nat(),
        damage,
        ({ channel, text }, at, char) => {
          for (const variant of damaged(text, at, char)) agree(variant, channel)
        }
      ),
      { numRuns: 3000 }
    )
  })
})

/** Frames the simulator pushes over a plain socket, for `millis` (or until `count`). */
const collect = (url: string, subscribe: object, count: number, millis: number) =>
  Effect.async<Array<string>>((resume) => {
    const frames: Array<string> = []
    const socket = new WebSocket(url)
    const done = () => {
      clearTimeout(timer)
      socket.terminate()
      resume(Effect.succeed(frames))
    }
    const timer = setTimeout(done, millis)
    socket.on("open", () => socket.send(JSON.stringify({ op: "subscribe", args: [subscribe] })))
    socket.on("message", (data) => {
      const text = data.toString()
      if (!text.includes("\"data\"")) return
      frames.push(text)
      if (frames.length === count) done()
    })
    return Effect.sync(() => {
      clearTimeout(timer)
      socket.terminate()
    })
  })

layer(Simulator.layer({ ws: { tickMillis: 10, checksum: true } }), { excludeTestServices: true })(
  "fastPush over the simulator's frames",
  (it) => {
    it.effect("V2 and V3 books, snapshots and updates, all read by the scanner as by the schema", () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const [v2, v3, ticker] = yield* Effect.all([
          collect(
            `${simulator.wsUrl}/v2/ws/public`,
            { instType: "USDT-FUTURES", channel: "books", instId: "BTCUSDT" },
            50,
            2000
          ),
          collect(`${simulator.wsUrl}/v3/ws/public`, { instType: "spot", topic: "books", symbol: "BTCUSDT" }, 50, 2000),
          collect(
            `${simulator.wsUrl}/v2/ws/public`,
            { instType: "SPOT", channel: "ticker", instId: "BTCUSDT" },
            1,
            2000
          )
        ], { concurrency: "unbounded" })
        for (const text of v2) expect(agree(text, V2Public.Books)).toBeDefined()
        for (const text of v3) expect(agree(text, V3Public.Books)).toBeDefined()
        for (const frames of [v2, v3]) {
          expect(frames[0]).toContain("\"action\":\"snapshot\"")
          expect(frames.some((t) => t.includes("\"action\":\"update\""))).toBe(true)
        }
        expect(ticker.length).toBeGreaterThanOrEqual(1)
        expect(fast(ticker[0]!, V2Public.Ticker)).toBeDefined()
      }))
  }
)
