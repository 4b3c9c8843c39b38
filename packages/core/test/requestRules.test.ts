/**
 * How a caller's request is read into its wire form (`internal/request.ts`), as pure rules: the
 * one-line reason (field first, what was expected, what came, cut at 60 and 300 characters), a
 * lone surrogate anywhere (values, keys, nested up to the depth read), hostile objects, and the
 * shapes that take no parameters or an array. inputs.test.ts runs the same rules through the
 * client over loopback; these pin each edge where a one-character change lives.
 */
import * as Request from "@effect-bitget/core/internal/request"
import { describe, expect, it } from "@effect/vitest"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"

/** The client's own encoder options: every error, undeclared keys refused. */
const runOf = <A, I>(schema: Schema.Schema<A, I>) => (request: unknown) =>
  Schema.encodeUnknownEither(schema, { errors: "all", onExcessProperty: "error" })(request) as Either.Either<
    Record<string, unknown>,
    any
  >
const identity = (request: unknown) => Either.right(request as Record<string, unknown>)
const left = (result: Either.Either<unknown, string>) => Either.isLeft(result) ? result.left : undefined
const reasonOf = <A, I>(schema: Schema.Schema<A, I>, request: unknown) => left(Request.encode(runOf(schema), request))

describe("reason", () => {
  it("names the field, what was expected and what came", () => {
    const Side = Schema.Struct({ side: Schema.Literal("buy", "sell") })
    expect(reasonOf(Side, { side: "BUY" })).toBe("side: expected \"buy\" or \"sell\", got \"BUY\"")
    // An optional field's `undefined` alternative is not offered to the reader.
    expect(reasonOf(Schema.Struct({ n: Schema.optional(Schema.String) }), { n: 5 })).toBe("n: expected string, got 5")
    // Nothing expected left at all: the field is invalid.
    expect(reasonOf(Schema.Struct({ u: Schema.Undefined }), { u: 5 })).toBe("u: is invalid")
  })

  it("an undeclared key, nested paths with indices, several fields in one line", () => {
    const S = Schema.Struct({ a: Schema.String, list: Schema.Array(Schema.Struct({ b: Schema.String })) })
    expect(reasonOf(S, { a: "x", list: [], zz: 1 })).toBe("zz: is not a parameter of this endpoint")
    expect(reasonOf(S, { a: "x", list: [{ b: "1" }, { b: 2 }] })).toBe("list[1].b: expected string, got 2")
    expect(reasonOf(S, { a: 1, list: [{ b: 2 }] })).toBe("a: expected string, got 1; list[0].b: expected string, got 2")
  })

  it("a filter's own message, prefixed with its field unless it names it already", () => {
    const Own = Schema.Struct({ p: Schema.String.pipe(Schema.filter(() => "must not be empty")) })
    expect(reasonOf(Own, { p: "" })).toBe("p: must not be empty")
    const Named = Schema.Struct({ p: Schema.String.pipe(Schema.filter(() => "p: required for a limit order")) })
    expect(reasonOf(Named, { p: "" })).toBe("p: required for a limit order")
    // A whole-request filter has no path: its message alone.
    const Whole = Schema.Struct({ p: Schema.String }).pipe(Schema.filter(() => "price: required\nfor a limit order"))
    expect(reasonOf(Whole, { p: "" })).toBe("price: required for a limit order")
    // Any run of white space is one space.
    const Spaced = Schema.Struct({ p: Schema.String.pipe(Schema.filter(() => "must be\n   set")) })
    expect(reasonOf(Spaced, { p: "" })).toBe("p: must be set")
  })

  it("what came is cut at 60 characters, the whole reason at 300, both ending in …", () => {
    const S = Schema.Struct({ side: Schema.Literal("buy") })
    // JSON-quoted: 58 characters are 60 with their quotes, and stay whole.
    expect(reasonOf(S, { side: "x".repeat(58) })).toBe(`side: expected "buy", got "${"x".repeat(58)}"`)
    expect(reasonOf(S, { side: "x".repeat(59) })).toBe(`side: expected "buy", got "${"x".repeat(58)}…`)
    const Many = Schema.Struct(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, Schema.String])))
    const long = reasonOf(Many, Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, i])))!
    expect(long).toHaveLength(300)
    expect(long.endsWith("…")).toBe(true)
    expect(long.startsWith("f0: expected string, got 0; f1: expected string, got 1")).toBe(true)
    // Exactly 300 is not cut.
    const Key = Schema.Struct({ k: Schema.String.pipe(Schema.filter(() => "y".repeat(297))) })
    expect(reasonOf(Key, { k: "" })).toBe("k: " + "y".repeat(297))
    const Over = Schema.Struct({ k: Schema.String.pipe(Schema.filter(() => "y".repeat(298))) })
    expect(reasonOf(Over, { k: "" })).toBe("k: " + "y".repeat(296) + "…")
  })
})

describe("lone surrogates", () => {
  it("in a value, an array item or a key, named by their path; a surrogate pair passes", () => {
    expect(left(Request.encode(identity, { q: "a\ud800" }))).toBe(
      "q: contains a lone surrogate, text that cannot be sent"
    )
    expect(left(Request.encode(identity, { l: ["ok", "\udc00"] }))).toBe(
      "l[1]: contains a lone surrogate, text that cannot be sent"
    )
    expect(left(Request.encode(identity, { o: { "k\ud800": "v" } }))).toMatch(/^o\.k\ud800: contains a lone surrogate/)
    expect(Request.encode(identity, { q: "😀", n: 5, z: null, l: [1, "😀"] })).toEqual(
      Either.right({ q: "😀", n: 5, z: null, l: [1, "😀"] })
    )
  })

  it("without String.prototype.isWellFormed (an older runtime) the regular expression finds the same", async () => {
    const descriptor = Object.getOwnPropertyDescriptor(String.prototype, "isWellFormed")!
    delete (String.prototype as { isWellFormed?: unknown }).isWellFormed
    try {
      // A second instance of this one module (a query makes a new module id). Not a reset of all modules:
      // with `isolate: false` that reloads every module for the files after this one in the worker,
      // so a metric declared twice was counted in two places (opentelemetry.test.ts failed in CI).
      const specifier = "../src/internal/request.ts?without-isWellFormed"
      const Fallback = (await import(/* @vite-ignore */ specifier)) as typeof Request
      expect(Fallback).not.toBe(Request)
      expect(left(Fallback.encode(identity, { q: "a\ud800" }))).toBe(
        "q: contains a lone surrogate, text that cannot be sent"
      )
      expect(left(Fallback.encode(identity, { l: ["\udc00\ud800"] }))).toMatch(/^l\[0\]: contains/)
      expect(Fallback.encode(identity, { q: "😀", l: ["a😀b"] })).toEqual(Either.right({ q: "😀", l: ["a😀b"] }))
    } finally {
      Object.defineProperty(String.prototype, "isWellFormed", descriptor)
    }
  })

  it("read down to depth 8; deeper is not read", () => {
    const nest = (levels: number, leaf: unknown): unknown => levels === 0 ? leaf : { a: nest(levels - 1, leaf) }
    const path = (levels: number) => Array.from({ length: levels }, () => "a").join(".")
    // The top request is depth 0: an object at depth 8 is read, one at depth 9 is not.
    expect(left(Request.encode(identity, nest(8, { s: "\ud800" }) as object)))
      .toBe(`${path(8)}.s: contains a lone surrogate, text that cannot be sent`)
    expect(Either.isRight(Request.encode(identity, nest(9, { s: "\ud800" }) as object))).toBe(true)
    // A bad key or value after good ones is found.
    expect(left(Request.encode(identity, { a: "ok", b: { c: 1, d: "\ud800" } }))).toMatch(/^b\.d: contains/)
    // Arrays inside arrays count as levels too.
    const deep = (levels: number): unknown => levels === 0 ? "\ud800" : [deep(levels - 1)]
    expect(left(Request.encode(identity, { l: deep(8) }))).toMatch(/^l(\[0\]){8}: contains/)
    expect(Either.isRight(Request.encode(identity, { l: deep(9) }))).toBe(true)
    // Arrays count as levels too.
    expect(left(Request.encode(identity, nest(7, { l: ["\ud800"] }) as object))).toMatch(/\.l\[0\]: contains/)
    expect(Either.isRight(Request.encode(identity, nest(8, { l: [["\ud800"]] }) as object))).toBe(true)
  })
})

describe("requests that cannot be read", () => {
  it("not an object: null, a string, an array (unless a batch body), a number", () => {
    expect(left(Request.encode(identity, null))).toBe("request: expected an object of parameters, got null")
    expect(left(Request.encode(identity, "abc"))).toBe("request: expected an object of parameters, got a string")
    expect(left(Request.encode(identity, [1]))).toBe("request: expected an object of parameters, got an array")
    expect(left(Request.encode(identity, 7))).toBe("request: expected an object of parameters, got a number")
    expect(Request.encode(identity, [{ a: "1" }], false, true)).toEqual(Either.right([{ a: "1" }]))
  })

  it("no-parameter endpoints refuse their first key, long names cut at 60", () => {
    expect(left(Request.encode(identity, { symbol: "x" }, true))).toBe("symbol: is not a parameter of this endpoint")
    expect(left(Request.encode(identity, { ["k".repeat(61)]: 1 }, true)))
      .toBe(`${"k".repeat(59)}…: is not a parameter of this endpoint`)
    expect(left(Request.encode(identity, { ["k".repeat(60)]: 1 }, true)))
      .toBe(`${"k".repeat(60)}: is not a parameter of this endpoint`)
    expect(Request.encode(identity, {}, true)).toEqual(Either.right({}))
  })

  it("a throwing getter or Proxy: its message on one line, or `unreadable`, cut at 300", () => {
    const throwing = (thrown: unknown) => () => {
      throw thrown
    }
    expect(left(Request.encode(throwing(new Error("a\n  b")), {}))).toBe("request: cannot be read (a b)")
    expect(left(Request.encode(throwing("plain"), {}))).toBe("request: cannot be read (plain)")
    const sly = new Error("x")
    Object.defineProperty(sly, "message", {
      get: () => {
        throw new Error("no")
      }
    })
    expect(left(Request.encode(throwing(sly), {}))).toBe("request: cannot be read (unreadable)")
    const long = left(Request.encode(throwing(new Error("z".repeat(400))), {}))!
    expect(long).toHaveLength(300)
    expect(long.endsWith("z…")).toBe(true)
  })
})

describe("request shapes", () => {
  it("takesNothing: the empty struct, through refinements and transformations, up to 5 levels", () => {
    const empty = Schema.Struct({})
    expect(Request.takesNothing(empty.ast)).toBe(true)
    expect(Request.takesNothing(Schema.Struct({ a: Schema.String }).ast)).toBe(false)
    expect(Request.takesNothing(Schema.Record({ key: Schema.String, value: Schema.String }).ast)).toBe(false)
    expect(Request.takesNothing(Schema.String.ast)).toBe(false)
    const refined = (levels: number) => {
      let schema: Schema.Schema.Any = empty
      for (let i = 0; i < levels; i++) schema = schema.pipe(Schema.filter(() => true))
      return schema
    }
    expect(Request.takesNothing(refined(4).ast)).toBe(true)
    expect(Request.takesNothing(refined(5).ast)).toBe(false)
    const transformed = Schema.transform(Schema.Struct({ a: Schema.String }), empty, {
      decode: () => ({}),
      encode: () => ({ a: "" })
    })
    expect(Request.takesNothing(transformed.ast)).toBe(true)
  })

  it("takesArray: a tuple or array, through refinements and transformations, up to 5 levels", () => {
    const array = Schema.Array(Schema.String)
    expect(Request.takesArray(array.ast)).toBe(true)
    expect(Request.takesArray(Schema.Struct({}).ast)).toBe(false)
    expect(Request.takesArray(Schema.String.ast)).toBe(false)
    const refined = (levels: number) => {
      let schema: Schema.Schema.Any = array
      for (let i = 0; i < levels; i++) schema = schema.pipe(Schema.filter(() => true))
      return schema
    }
    expect(Request.takesArray(refined(4).ast)).toBe(true)
    expect(Request.takesArray(refined(5).ast)).toBe(false)
    const transformed = Schema.transform(Schema.String, array, { decode: (s) => [s], encode: (a) => a.join() })
    expect(Request.takesArray(transformed.ast)).toBe(true)
  })
})
