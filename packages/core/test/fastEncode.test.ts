import type * as Endpoint from "@effect-bitget/core/Endpoint"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import * as FastEncode from "@effect-bitget/core/internal/fastEncode"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Registry } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import * as Support from "./support.js"

const endpoints = [...Registry.endpoints, ...Support.endpoints]
const options = { errors: "all", onExcessProperty: "error" } as const

/** Corrupts one value somewhere in a request (deterministically by `seed`): a wrong type, an undeclared key. */
const corrupt = (value: unknown, seed: number): unknown => {
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ unexpected: true }]
    const i = seed % value.length
    return value.map((v, j) => j === i ? corrupt(v, seed >> 1) : v)
  }
  if (typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype) {
    const keys = Object.keys(value)
    if (keys.length === 0 || seed % 5 === 0) return { ...value, unexpected: "x" }
    const key = keys[seed % keys.length]!
    return { ...value, [key]: corrupt((value as any)[key], seed >> 1) }
  }
  return typeof value === "string" ? (seed % 2 === 0 ? 17 : value.toUpperCase() + "?") : "not-a-" + typeof value
}

const named = (name: string): Endpoint.Endpoint.Any => endpoints.find((endpoint) => endpoint.name === name)!
const UnifiedTrade = {
  PlaceOrder: named("unified.trade.placeOrder"),
  PlaceBatch: named("unified.trade.placeBatch"),
  Fills: named("unified.trade.fills")
}
const SpotTrade = { PlaceOrder: named("spot.trade.placeOrder") }

/** A request of each kind a client sends (typed values, any letter case, optional fields absent or `undefined`). */
const requests: ReadonlyArray<readonly [Endpoint.Endpoint.Any, unknown]> = [
  [UnifiedTrade.PlaceOrder, {
    category: "spot",
    symbol: "BTCUSDT",
    side: "BUY",
    orderType: "limit",
    qty: "0.001",
    price: "30000"
  }],
  [UnifiedTrade.PlaceOrder, {
    category: "USDT-FUTURES",
    symbol: "BTCUSDT",
    side: "sell",
    orderType: "Market",
    qty: BigDecimal.unsafeFromString("0.5"),
    posSide: "long",
    reduceOnly: true,
    clientOid: "my-order.1",
    timeInForce: undefined,
    takeProfit: "70000",
    tpTriggerBy: "MARK"
  }],
  [UnifiedTrade.PlaceOrder, { category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: "limit", qty: "0.001" }],
  [UnifiedTrade.PlaceBatch, [
    { category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: "limit", qty: "1", price: "2" },
    { category: "spot", symbol: "ETHUSDT", side: "sell", orderType: "market", qty: "3", clientOid: "b-2" }
  ]],
  [UnifiedTrade.Fills, { category: "SPOT", startTime: 1_700_000_000_000, endTime: 1_700_000_100_000, limit: 100 }],
  [UnifiedTrade.Fills, {}],
  [SpotTrade.PlaceOrder, { symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "GTC", price: "1", size: "2" }],
  [SpotTrade.PlaceOrder, {
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "market",
    force: "gtc",
    size: "2",
    receiveWindow: 60_001
  }]
]

describe("fast encoder", () => {
  it("agrees with Effect's encoder on orders, batches and queries, and on every corruption of them", () => {
    let hits = 0
    let total = 0
    for (const [endpoint, request] of requests) {
      const fast = FastEncode.compile(endpoint.request.ast)!
      expect([endpoint.name, fast !== undefined]).toEqual([endpoint.name, true])
      const slow = Schema.encodeUnknownEither(endpoint.request, options)
      for (let seed = -1; seed < 24; seed++) {
        const input = seed === -1 ? request : corrupt(request, seed)
        const expected = slow(input)
        const got = fast(input)
        total++
        if (got === FastDecode.FAIL) continue
        hits++
        // The fast path vouches only for what Effect accepts, encoded the same, keys in the same order
        // (a JSON body's text is signed as it is).
        expect([endpoint.name, seed, Either.isRight(expected)]).toEqual([endpoint.name, seed, true])
        const wire = Either.getOrThrow(expected)
        expect(got).toStrictEqual(wire)
        expect(JSON.stringify(got)).toBe(JSON.stringify(wire))
      }
      // Every valid request of the list takes the fast path.
      if (Either.isRight(slow(request))) {
        expect([endpoint.name, fast(request) === FastDecode.FAIL]).toEqual([endpoint.name, false])
      }
    }
    expect(hits).toBeGreaterThan(requests.length)
    expect(hits).toBeLessThan(total)
  })

  it(`compiles for nearly all ${endpoints.length} declared endpoints, and never vouches for an undeclared key or an empty request Effect refuses`, () => {
    let compiled = 0
    for (const endpoint of endpoints) {
      const fast = FastEncode.compile(endpoint.request.ast)
      if (fast === undefined) continue
      compiled++
      const slow = Schema.encodeUnknownEither(endpoint.request, options)
      for (const input of [{}, { unexpected: "x" }, [], "text", null]) {
        const got = fast(input)
        if (got === FastDecode.FAIL) continue
        const expected = slow(input)
        expect([endpoint.name, input, Either.isRight(expected)]).toEqual([endpoint.name, input, true])
        expect(JSON.stringify(got)).toBe(JSON.stringify(Either.getOrThrow(expected)))
      }
    }
    expect(compiled / endpoints.length).toBeGreaterThan(0.95)
  })

  it("sends a spelling's documented form, refuses an undeclared key, a missing required field and a non-plain object", () => {
    const S = Schema.Struct({
      side: Spelling.literal("buy", "sell"),
      size: Schema.String,
      note: Schema.optional(Schema.String)
    })
    const fast = FastEncode.compile(S.ast)!
    const slow = Schema.encodeUnknownEither(S, options)
    expect(fast({ side: "BUY", size: "1" })).toStrictEqual({ side: "buy", size: "1" })
    expect(fast({ side: "Sell", size: "1", note: undefined })).toStrictEqual({
      side: "sell",
      size: "1",
      note: undefined
    })
    // Fields in declaration order, whatever the caller's order.
    expect(JSON.stringify(fast({ note: "n", size: "1", side: "buy" }))).toBe(
      "{\"side\":\"buy\",\"size\":\"1\",\"note\":\"n\"}"
    )
    for (
      const input of [
        { side: "buy", size: "1", extra: 1 },
        { side: "buy" },
        { side: "hold", size: "1" },
        Object.assign(Object.create({ inherited: 1 }), { side: "buy", size: "1" }),
        { side: "buy", size: "1", [Symbol.for("x")]: 1 },
        [],
        null
      ]
    ) {
      expect(fast(input)).toBe(FastDecode.FAIL)
    }
    // Behind the fast path, Effect's encoder still gives the answer and the error.
    const encode = FastEncode.encoder(S.ast, slow)
    expect(Either.isLeft(encode({ side: "buy", size: "1", extra: 1 }))).toBe(true)
    const proto = Object.assign(Object.create({ inherited: 1 }), { side: "buy", size: "1" })
    expect(encode(proto)).toStrictEqual(slow(proto))
  })
})
