import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Flag from "@effect-bitget/core/Flag"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { Generate, Registry } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import * as Equal from "effect/Equal"
import * as Hash from "effect/Hash"
import * as Schema from "effect/Schema"
import * as Util from "node:util"
import * as Support from "./support.js"

const endpoints = [...Registry.endpoints, ...Support.endpoints]

/** Corrupts one value somewhere in a JSON document (deterministically by `seed`). */
const corrupt = (value: unknown, seed: number): unknown => {
  if (Array.isArray(value)) {
    if (value.length === 0) return [{ unexpected: true }]
    const i = seed % value.length
    return value.map((v, j) => j === i ? corrupt(v, seed >> 1) : v)
  }
  if (typeof value === "object" && value !== null) {
    const keys = Object.keys(value)
    if (keys.length === 0) return 42
    const key = keys[seed % keys.length]!
    return { ...value, [key]: corrupt((value as any)[key], seed >> 1) }
  }
  return typeof value === "string" ? (seed % 2 === 0 ? 17 : { x: value }) : "not-a-" + typeof value
}

// Generated code (the default) and the loop that runs where `new Function` is refused.
const compilers = [["generated structs", FastDecode.compile], ["looped structs", FastDecode.compileLooped]] as const

describe.each(compilers)("fast decoder (%s)", (_, compile) => {
  it(`agrees with Effect's parser on generated data of all ${endpoints.length} declared endpoints`, () => {
    let fastHits = 0
    let total = 0
    for (const endpoint of endpoints) {
      const encode = Schema.encodeSync(endpoint.data)
      const slow = Schema.decodeUnknownEither(endpoint.data)
      const fast = compile(endpoint.data.ast)
      for (const [i, value] of Generate.sample(endpoint.data, Generate.seedOf(endpoint.name) + 99, 8).entries()) {
        // `Schema.Unknown` data (an answer whose `data` is not read) may generate `undefined`: no JSON text.
        const text = JSON.stringify(encode(value)) as string | undefined
        const wire = text === undefined ? undefined : JSON.parse(text)
        const expected = slow(wire)
        expect([endpoint.name, Either.isRight(expected)]).toEqual([endpoint.name, true])
        const got = fast(wire)
        total++
        if (got !== FastDecode.FAIL) {
          fastHits++
          expect(got).toStrictEqual(Either.getOrThrow(expected))
        }
        // A corrupted document: the fast path may only accept what the parser accepts, as the parser decodes it.
        const bad = corrupt(wire, Generate.seedOf(endpoint.name) + i)
        const badFast = fast(bad)
        if (badFast !== FastDecode.FAIL) {
          const badSlow = slow(bad)
          expect([endpoint.name, Either.isRight(badSlow)]).toEqual([endpoint.name, true])
          expect(badFast).toStrictEqual(Either.getOrThrow(badSlow))
        }
      }
    }
    // Nearly everything should take the fast path; a drop means a schema node it does not know.
    expect(fastHits / total).toBeGreaterThan(0.95)
  })

  it("decodes blanks of Absent.optional fields to missing keys, and checks what is present", () => {
    const fast = compile(Support.ByEndId.data.ast)
    const row = { id: "1", ts: "1700000000000" }
    const decoded = (note: unknown) => fast({ entrustedList: [{ ...row, note }], endId: "" })
    for (const blank of ["", null]) {
      expect(decoded(blank)).toStrictEqual({ entrustedList: [{ id: "1", ts: DateTime.unsafeMake(1700000000000) }] })
    }
    expect(decoded("x")).toStrictEqual({
      entrustedList: [{ id: "1", ts: DateTime.unsafeMake(1700000000000), note: "x" }]
    })
    // Present but not a string: the fast path does not vouch (the parser then reports it).
    expect(decoded(5)).toBe(FastDecode.FAIL)
    expect(fast({ entrustedList: [{ ...row, ts: "-1" }] })).toBe(FastDecode.FAIL)
    expect(fast({ entrustedList: [{ id: "1" }] })).toBe(FastDecode.FAIL)
  })

  it("Absent.optional fields of every kind agree with the parser: blanks, values, nested rows, unions, bad input", () => {
    // Blanks are left out before decoding and the type side is not checked again (FINDINGS §15):
    // the parser's result must be the same for every input either way.
    const Fee = Schema.Struct({ coin: Absent.optional(Schema.String), fee: Absent.optional(Decimal.Decimal) })
    const S = Schema.Struct({
      id: Schema.String,
      price: Absent.optional(Decimal.Decimal),
      time: Absent.optional(Timestamp.Timestamp),
      flag: Absent.optional(Flag.YesNo),
      fees: Absent.optional(Schema.Array(Fee)),
      fee: Absent.optional(Fee),
      either: Absent.optional(Schema.Union(Decimal.Decimal, Schema.Boolean)),
      kind: Absent.optional(Schema.Literal("a", "b")),
      upper: Absent.optional(Schema.transform(Schema.String, Schema.String, {
        strict: true,
        decode: (s) => s.toUpperCase(),
        encode: (s) => s
      })),
      // A transformation that answers a blank for a value: the parser leaves the key out.
      toBlank: Absent.optional(Schema.transform(Schema.String, Schema.String, {
        strict: true,
        decode: (s) => s === "blank" ? "" : s,
        encode: (s) => s
      })),
      created: Timestamp.Timestamp
    })
    const fast = compile(S.ast)
    const slow = Schema.decodeUnknownEither(S)
    const values: Record<string, ReadonlyArray<unknown>> = {
      price: ["1.50", 2, "x", true],
      time: ["1700000000000", 1700000000000, "-1", "x"],
      flag: ["yes", "NO", true, "maybe"],
      fees: [[], [{ coin: "USDT", fee: "0.1" }, { coin: "", fee: null }], [{ fee: "x" }], "x"],
      fee: [{ coin: "BTC" }, { coin: null, fee: "" }, { fee: 1 }, []],
      either: ["3", true, "x", {}],
      kind: ["a", "b", "c", 1],
      upper: ["abc", 1],
      toBlank: ["blank", "kept", 1],
      id: ["1", 1],
      created: ["1700000000001", ""]
    }
    let fastHits = 0
    let cases = 0
    for (const [key, list] of Object.entries(values)) {
      for (const value of [...list, "", null, undefined, "absent"]) {
        const input: Record<string, unknown> = { id: "7", created: "1700000000000", [key]: value }
        if (value === "absent") delete input[key]
        const expected = slow(input)
        const got = fast(input)
        cases++
        if (got === FastDecode.FAIL) continue
        fastHits++
        expect([key, value, Either.isRight(expected)]).toEqual([key, value, true])
        expect(got).toStrictEqual(Either.getOrThrow(expected))
        // No blank survives in an absent field (the transformation's blank included).
        if (key !== "id") expect(["", null]).not.toContain((got as any)[key])
      }
    }
    // Most inputs are vouched for by the fast path (the rest are the parser's errors).
    expect(fastHits).toBeGreaterThan(cases / 2)
  })

  it("a key is present only as the input's own: not inherited, and present when its value is undefined", () => {
    const S = Schema.Struct({
      toString: Schema.optional(Schema.String),
      constructor: Schema.optional(Schema.Unknown),
      a: Schema.optional(Schema.Unknown),
      b: Schema.String
    })
    const fast = compile(S.ast)
    const slow = Schema.decodeUnknownSync(S)
    // Plain objects (what JSON.parse makes) take the fast path and agree with the parser.
    for (const input of [{ b: "x" }, { a: undefined, b: "x" }, { a: 0, b: "x", toString: "t", constructor: null }]) {
      expect(fast(input)).toStrictEqual(slow(input))
    }
    expect(fast({ b: "x" })).toStrictEqual({ b: "x" })
    expect(Object.keys(fast({ a: undefined, b: "x" }) as object)).toEqual(["a", "b"])
    // An object with a prototype of its own is left to the parser ("not sure"), never misread.
    const inherits = Object.assign(Object.create({ b: "inherited", a: 1 }), { toString: "t" })
    expect(fast(inherits)).toBe(FastDecode.FAIL)
    expect(Either.getOrThrow(FastDecode.decoder(S)(inherits))).toStrictEqual(slow(inherits))
  })
})

describe("fast decoder", () => {
  it("builds plain rows and values equal to what Effect's constructors build", () => {
    const fast = FastDecode.compile(Support.ByEndId.data.ast)
    const decoded = fast({ entrustedList: [{ id: "1", ts: "1700000000000", note: "x" }], endId: "" }) as any
    const row = decoded.entrustedList[0]
    // A plain object: what `{}` makes (prototype, constructor, printing, JSON).
    for (const value of [decoded, row]) {
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
      expect(value.constructor).toBe(Object)
    }
    expect(Util.inspect(row)).toMatch(/^\{ id: '1'/)
    expect(JSON.parse(JSON.stringify(row))).toEqual({ id: "1", ts: "2023-11-14T22:13:20.000Z", note: "x" })
    expect(Object.keys(row)).toEqual(["id", "ts", "note"])
    // Decimals and timestamps: the same prototype, fields, equality and hash as Effect's own.
    const price = Decimal.unsafeMake("-12.3400")
    const made = BigDecimal.make(-123400n, 4)
    expect(Object.getPrototypeOf(price)).toBe(Object.getPrototypeOf(made))
    expect({ ...price }).toEqual({ ...made })
    expect(Equal.equals(price, made)).toBe(true)
    expect(Hash.hash(price)).toBe(Hash.hash(made))
    expect(BigDecimal.format(price)).toBe("-12.34")
    expect(Equal.equals(row.ts, DateTime.unsafeMake(1700000000000))).toBe(true)
  })

  it("falls back to the parser for the error", () => {
    const decode = FastDecode.decoder(Support.ByLastRow.data)
    const result = decode([{ id: 1, ts: "x" }])
    expect(Either.isLeft(result)).toBe(true)
  })
})
