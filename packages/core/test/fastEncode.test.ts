import type * as Endpoint from "@effect-bitget/core/Endpoint"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import * as FastEncode from "@effect-bitget/core/internal/fastEncode"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Registry } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Either from "effect/Either"
import * as ParseResult from "effect/ParseResult"
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

/**
 * Each kind of schema node on its own (issue 25's mutation run of `fastEncode.ts`): the fast path
 * takes every valid input given (`valid`), never vouches for one Effect refuses, and answers
 * exactly Effect's encoding; a node it does not know compiles to no fast encoder at all.
 */
describe("fast encoder, node by node", () => {
  const agree = (schema: Schema.Schema.Any, valid: ReadonlyArray<unknown>, invalid: ReadonlyArray<unknown>) => {
    const fast = FastEncode.compile(schema.ast)
    expect(fast).toBeTypeOf("function")
    const slow = Schema.encodeUnknownEither(schema as Schema.Schema<unknown, unknown, never>, options)
    for (const input of valid) {
      const expected = slow(input)
      expect([input, Either.isRight(expected)]).toEqual([input, true])
      expect([input, fast!(input)]).toStrictEqual([input, Either.getOrThrow(expected)])
    }
    for (const input of invalid) {
      expect([input, Either.isLeft(slow(input))]).toEqual([input, true])
      expect([input, fast!(input)]).toEqual([input, FastDecode.FAIL])
    }
  }

  it("keywords and literals", () => {
    agree(Schema.String, ["", "a"], [1, null, undefined])
    agree(Schema.Number, [0, 1.5], ["1", null])
    agree(Schema.Boolean, [true, false], ["true", 0])
    agree(Schema.Undefined, [undefined], [null, ""])
    for (const any of [Schema.Unknown, Schema.Any, Schema.Void]) agree(any, [null, 1, "x", { a: 1 }], [])
    agree(Schema.Literal("a", 1), ["a", 1], ["b", "1", 2])
  })

  it("declarations, unions (first member that encodes), refinements, transformations, suspensions", () => {
    const one = BigDecimal.unsafeFromString("1.50")
    agree(Schema.BigDecimalFromSelf, [one], ["1.50", 1])
    agree(Schema.Union(Schema.NumberFromString, Schema.Number, Schema.Boolean), [1, true], ["1", null])
    agree(Schema.String.pipe(Schema.minLength(2)), ["ab"], ["a", 2])
    agree(Schema.NumberFromString.pipe(Schema.greaterThan(0)), [5], [0, "5"])
    agree(Schema.NumberFromString, [5, -1.5], ["5", null])
    agree(Schema.compose(Schema.Trim, Schema.NumberFromString), [7], ["7", null])
    agree(Schema.suspend(() => Schema.NumberFromString), [3], ["3"])
  })

  it("tuples and arrays, with optional elements and a rest", () => {
    agree(Schema.Tuple(Schema.String, Schema.optionalElement(Schema.NumberFromString)), [["a"], ["a", 1]], [
      ["a", "1"],
      [1],
      "a"
    ])
    agree(Schema.Array(Schema.NumberFromString), [[], [1, 2]], [["1"], [1, "2"], { 0: 1 }])
  })

  it("structs: declared keys only, optional left out, a missing required one encoded as undefined, Struct({}) any non-null", () => {
    agree(
      Schema.Struct({ a: Schema.UndefinedOr(Schema.String), b: Schema.optional(Schema.NumberFromString) }),
      [{}, { a: "x" }, { a: "x", b: 2 }, { b: 2 }],
      [{ a: 1 }, { c: 1 }, { b: "2" }, null, "x", []]
    )
    // Not a plain object: Effect takes it, the fast path leaves it to Effect.
    const bare = Object.assign(Object.create(null), { a: "x" })
    expect(FastEncode.compile(Schema.Struct({ a: Schema.String }).ast)!(bare)).toBe(FastDecode.FAIL)
    agree(Schema.Struct({}), [{}, 1, "x", []], [null, undefined])
  })

  it("a node it does not know: no fast encoder, every time; the encoder is then Effect's own", () => {
    const unsupported: ReadonlyArray<Schema.Schema.Any> = [
      Schema.Record({ key: Schema.String, value: Schema.String }),
      Schema.Struct({ [Symbol.for("s")]: Schema.String }),
      Schema.Struct({ a: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("b")) }),
      Schema.Tuple([Schema.String], Schema.Number, Schema.Boolean),
      Schema.BigIntFromSelf,
      Schema.Struct({ n: Schema.Never })
    ]
    for (const schema of unsupported) {
      expect(FastEncode.compile(schema.ast)).toBeUndefined()
      expect(FastEncode.compile(schema.ast)).toBeUndefined()
      const full = Schema.encodeUnknownEither(schema as Schema.Schema<unknown, unknown, never>, options)
      expect(FastEncode.encoder(schema.ast, full)).toBe(full)
    }
  })

  it("a declaration whose encoder cannot be made is the declaration's bug: it is thrown, not left to Effect", () => {
    const broken = Schema.declare([Schema.String], {
      decode: () => (input) => ParseResult.succeed(input),
      encode: () => {
        throw new Error("broken declaration")
      }
    })
    expect(() => FastEncode.compile(broken.ast)).toThrow("broken declaration")
  })

  it("a getter that throws leaves the answer to Effect's encoder (which throws it too)", () => {
    const S = Schema.Struct({ a: Schema.String })
    const full = Schema.encodeUnknownEither(S, options)
    const encode = FastEncode.encoder(S.ast, full)
    const input = {
      get a(): string {
        throw new Error("getter")
      }
    }
    expect(() => full(input)).toThrow("getter")
    expect(() => encode(input)).toThrow("getter")
    expect(encode({ a: "x" })).toStrictEqual(Either.right({ a: "x" }))
  })
})
