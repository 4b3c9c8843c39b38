/**
 * `Lazy`: a declaration built at its first use behaves as the value its thunk returns, everywhere
 * a schema, an endpoint or a record of fields is used; passing it around builds nothing.
 */
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { describe, expect, it } from "@effect/vitest"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"
import * as Util from "node:util"

/** A lazy value and how many times its thunk ran. */
const counted = <A extends object>(kind: "schema" | "value", build: () => A) => {
  const runs = { count: 0 }
  const value = Lazy[kind](() => {
    runs.count++
    return build()
  })
  return { value, runs }
}

describe("Lazy.schema", () => {
  it("builds at the first touch, once, and not when passed into another declaration", () => {
    const { runs, value: Id } = counted("schema", () => Schema.String.pipe(Schema.minLength(1)))
    const { runs: outer, value: Row } = counted(
      "schema",
      () => Schema.Struct({ id: Id, size: Schema.NumberFromString })
    )
    const Rows = Lazy.schema(() => Schema.Array(Row))
    const before = Lazy.built()
    expect([runs.count, outer.count]).toEqual([0, 0])
    expect(Lazy.isPending(Row)).toBe(true)
    expect(Schema.decodeUnknownSync(Rows)([{ id: "a", size: "2" }])).toEqual([{ id: "a", size: 2 }])
    expect([runs.count, outer.count, Lazy.built() - before]).toEqual([1, 1, 3])
    expect(() => Schema.decodeUnknownSync(Row)({ id: "", size: "2" })).toThrow(/at least 1 character/)
    expect([runs.count, outer.count]).toEqual([1, 1])
    expect(Lazy.isPending(Row)).toBe(false)
  })

  it("is the schema it builds: its type, fields, pipe, annotations, isSchema, typeof, name", () => {
    const real = Schema.Struct({ id: Schema.String, size: Schema.NumberFromString })
    const Row = Lazy.schema(() => real)
    expect(typeof Row).toBe("function")
    expect(Schema.isSchema(Row)).toBe(true)
    expect(Row.ast).toBe(real.ast)
    expect(Object.keys(Row.fields)).toEqual(["id", "size"])
    expect(Lazy.unwrap(Row)).toBe(real)
    expect(Lazy.unwrap(real)).toBe(real)
    const Picked = Row.pipe(Schema.pick("id"))
    expect(Schema.decodeUnknownSync(Picked)({ id: "x", size: "1" })).toEqual({ id: "x" })
    const Described = Row.annotations({ description: "a row" })
    expect(Described.ast.annotations[SchemaAST.DescriptionAnnotationId]).toBe("a row")
    expect(Schema.encodeSync(Row)({ id: "a", size: 2 })).toEqual({ id: "a", size: "2" })
    expect(Row.make({ id: "a", size: 2 })).toEqual({ id: "a", size: 2 })
    expect(Object.getPrototypeOf(Row)).toBe(Object.getPrototypeOf(real))
  })

  it("can be extended, constructed, and is shown as its value", () => {
    class Point extends Schema.Class<Point>("Point")({ x: Schema.Number }) {
      get double() {
        return this.x * 2
      }
    }
    const LazyPoint = Lazy.schema(() => Point)
    const point = new LazyPoint({ x: 2 })
    expect(point).toBeInstanceOf(Point)
    expect(point).toBeInstanceOf(LazyPoint)
    expect(point.double).toBe(4)
    class Sub extends LazyPoint {}
    expect(new Sub({ x: 3 }).double).toBe(6)
    expect(Schema.decodeUnknownSync(LazyPoint)({ x: 5 })).toBeInstanceOf(Point)
    const real = Schema.Struct({ id: Schema.String })
    expect(Util.inspect(Lazy.schema(() => real))).toBe(Util.inspect(real))
    expect(Reflect.ownKeys(LazyPoint)).toContain("prototype")
  })

  it("says what is wrong when a thunk reads its own value", () => {
    const Self: Schema.Schema<any> = Lazy.schema((): Schema.Schema<any> => Schema.Array(Self))
    expect(() => Self.ast).toThrow("Lazy: a declaration's thunk reads the declaration itself")
    const Tree: Schema.Schema<any> = Lazy.schema((): Schema.Schema<any> => Schema.Array(Schema.suspend(() => Tree)))
    expect(Schema.decodeUnknownSync(Tree)([[], [[]]])).toEqual([[], [[]]])
  })
})

describe("Lazy.value", () => {
  it("is a record of fields that spreads into a struct", () => {
    const { runs, value: fields } = counted("value", () => ({
      symbol: Schema.String,
      size: Schema.optional(Schema.NumberFromString)
    }))
    const Request = Lazy.schema(() => Schema.Struct({ ...fields, side: Schema.Literal("buy", "sell") }))
    expect(runs.count).toBe(0)
    expect(typeof fields).toBe("object")
    expect(Object.keys(fields)).toEqual(["symbol", "size"])
    expect({ ...fields }).toEqual({ symbol: fields.symbol, size: fields.size })
    expect(Schema.decodeUnknownSync(Request)({ symbol: "BTCUSDT", side: "buy", size: "1" })).toEqual({
      symbol: "BTCUSDT",
      side: "buy",
      size: 1
    })
    expect(runs.count).toBe(1)
    expect(JSON.stringify(Lazy.value(() => ({ a: 1, b: [2] })))).toBe("{\"a\":1,\"b\":[2]}")
  })

  it("is a property signature a struct takes", () => {
    const size = Lazy.value(() => Schema.optional(Schema.NumberFromString))
    const Row = Schema.Struct({ size })
    expect(Schema.decodeUnknownSync(Row)({})).toEqual({})
    expect(Schema.decodeUnknownSync(Row)({ size: "3" })).toEqual({ size: 3 })
  })
})

describe("Operation.make of a lazy endpoint", () => {
  const Row = Lazy.schema(() => Schema.Struct({ id: Schema.String }))
  const Answer = Lazy.schema(() => Schema.Struct({ id: Schema.String }))
  const { runs, value: List } = counted("value", () =>
    Endpoint.list("/api/v3/test/lazy", {
      name: "test.lazy",
      signed: false,
      rateLimit: RateLimit.ip(10),
      request: Schema.Struct({ limit: Schema.optional(Schema.Number), cursor: Schema.optional(Schema.String) }),
      data: Schema.Struct({ list: Schema.Array(Row), cursor: Schema.optional(Schema.String) }),
      pagination: {
        list: "list",
        cursor: Pagination.lastRow("id"),
        limit: { param: "limit", max: 100, source: "test" }
      }
    }))
  const { runs: single, value: Single } = counted("value", () =>
    Endpoint.get("/api/v3/test/lazy-one", {
      name: "test.lazyOne",
      signed: false,
      rateLimit: RateLimit.ip(10),
      request: Endpoint.NoParams,
      data: Answer
    }))

  it("is lazy too, and its endpoint is the declared value", () => {
    const list = Operation.make(List)
    const one = Operation.make(Single)
    expect([runs.count, single.count]).toEqual([0, 0])
    expect(Lazy.isPending(list)).toBe(true)
    expect(typeof list).toBe("function")
    expect(list.endpoint).toBe(List)
    expect(runs.count).toBe(1)
    expect(typeof list.pages).toBe("function")
    expect(typeof list.items).toBe("function")
    expect("pages" in one).toBe(false)
    expect(one.endpoint.path).toBe("/api/v3/test/lazy-one")
    // A declaration holds its schemas as given: building it does not build them.
    expect(Lazy.isPending(Answer)).toBe(true)
  })

  it("of a declaration already built is built at once: the operation is itself, no proxy before its calls", () => {
    // Declared inside the test: a declaration made at collection is made before a mutant of `make` is active.
    const Eager = Endpoint.get("/api/v3/test/eager-one", {
      name: "test.eagerOne",
      signed: false,
      rateLimit: RateLimit.ip(10),
      request: Endpoint.NoParams,
      data: Schema.Struct({ id: Schema.String })
    })
    const before = Lazy.built()
    const one = Operation.make(Eager)
    expect(Lazy.isPending(one)).toBe(false)
    expect(Lazy.unwrap(one)).toBe(one)
    expect(one.endpoint).toBe(Eager)
    expect(Lazy.built()).toBe(before)
  })
})
