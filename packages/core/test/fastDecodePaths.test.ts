/**
 * The fast decoder's paths one by one (issue 25: run L2 left 53 of its mutants run by no core test and
 * 63 surviving). Each schema node it compiles, on inputs where a bug would show: the fast decoder must
 * answer exactly what `Schema.decodeUnknown` answers, and vouch (not `FAIL`) for what its path is built
 * to take, since a path that only ever answers "not sure" leaves every row to Effect's parser (the
 * speed the fast decoder exists for, FINDINGS §15/§24). Schemas are built inside each test: compiled
 * decoders are cached per schema and a class row's constructor is learned once per decoder.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Option from "effect/Option"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"

const FAIL = FastDecode.FAIL
const compilers = [["generated structs", FastDecode.compile], ["looped structs", FastDecode.compileLooped]] as const
type Compile = (typeof compilers)[number][1]

/** `accepted` decode on the fast path as the parser decodes them; `refused` are "not sure" and the parser's errors. */
const agrees = (
  compile: Compile,
  schema: Schema.Schema<any, any>,
  accepted: ReadonlyArray<unknown>,
  refused: ReadonlyArray<unknown> = []
) => {
  const fast = compile(schema.ast)
  const slow = Schema.decodeUnknownEither(schema)
  for (const input of accepted) {
    const out = fast(input)
    expect([input, out === FAIL]).toEqual([input, false])
    expect(out).toStrictEqual(Either.getOrThrow(slow(input)))
  }
  for (const input of refused) {
    expect([input, fast(input) === FAIL]).toEqual([input, true])
    expect([input, Either.isLeft(slow(input))]).toEqual([input, true])
  }
}

describe.each(compilers)("fast decoder paths (%s)", (_, compile) => {
  it("keywords and literals: each vouches for its own values only", () => {
    agrees(compile, Schema.Number, [0, 1.5, -3], ["1", true, null])
    agrees(compile, Schema.Boolean, [true, false], ["true", 0, null])
    agrees(compile, Schema.Undefined, [undefined], [null, ""])
    // Effect's parser takes any value as `void`.
    agrees(compile, Schema.Void, [undefined, null, 0], [])
    agrees(compile, Schema.Unknown, [null, 1, "x", { a: 1 }], [])
    agrees(compile, Schema.Any, [undefined, [1]], [])
    agrees(compile, Schema.Literal("a", 1, null), ["a", 1, null], ["b", "1", 2, undefined])
    // A node it has no path for goes to Effect's parser whole: still an answer, not "not sure".
    agrees(compile, Schema.BigInt, ["12"], ["x"])
    agrees(compile, Schema.TemplateLiteral("a", Schema.Number), ["a1"], ["b1"])
  })

  it("a declaration without a fast decode runs its own parser, whether it answers an Either or an Exit", () => {
    agrees(compile, Schema.DateFromSelf, [new Date(0)], ["1970-01-01", 0])
    agrees(compile, Schema.OptionFromSelf(Schema.NumberFromString), [], [1, "1"])
    const exit = Schema.declare([], {
      decode: () => (input, _, ast) =>
        typeof input === "string" ? Effect.succeed(input.length) : Effect.fail(new ParseResult.Type(ast, input)),
      encode: () => (input) => Effect.succeed(input)
    })
    agrees(compile, exit, ["abc", ""], [3])
    // An effect that is not already an Exit: "not sure" (the parser runs it), never a wrong value.
    const deferred = Schema.declare([], {
      decode: () => (input) => Effect.sync(() => input),
      encode: () => (input) => Effect.succeed(input)
    })
    expect(compile(deferred.ast)("x")).toBe(FAIL)
    expect(Either.getOrThrow(FastDecode.decoder(deferred)("x"))).toBe("x")
  })

  it("a declaration's fast decode: `undefined` is a refusal", () => {
    agrees(compile, Decimal.Decimal, ["1.5", 2, "0"], ["x", "", null, true])
  })

  it("unions: the first member that accepts, in the parser's order", () => {
    const Num = Schema.NumberFromString
    // Both members accept "1": the parser takes the first, and so must the fast path.
    agrees(compile, Schema.Union(Num, Schema.String), ["1", "x"], [1, null])
    agrees(compile, Schema.Union(Schema.String, Num), ["1", "x"], [1])
    agrees(compile, Schema.Union(Schema.Boolean, Decimal.Decimal), [true, "3", 3], ["x", null])
  })

  it("unions with a tagged member: the parser tries tagged members first, so an input two members accept is left to it", () => {
    const Plain = Schema.Struct({ a: Schema.String })
    const Tagged = Schema.Struct({ kind: Schema.Literal("x"), a: Schema.String })
    for (const union of [Schema.Union(Plain, Tagged), Schema.Union(Tagged, Plain)]) {
      const fast = compile(union.ast)
      const slow = Schema.decodeUnknownSync(union)
      // Both accept: the parser keeps `kind` (the tagged member first) whatever the order.
      expect(slow({ kind: "x", a: "1" })).toStrictEqual({ kind: "x", a: "1" })
      expect(fast({ kind: "x", a: "1" })).toBe(FAIL)
      expect(Either.getOrThrow(FastDecode.decoder(union)({ kind: "x", a: "1" }))).toStrictEqual({ kind: "x", a: "1" })
      // One member accepts: the fast path answers it.
      agrees(compile, union, [{ a: "1" }, { kind: "y", a: "1" }], [{ kind: "x" }, { a: 1 }, "x"])
    }
    // Tagged members alone, told apart by the tag (a batch's Succeeded/Failed items): each on the fast path.
    const A = Schema.TaggedStruct("A", { n: Schema.Number })
    const B = Schema.TaggedStruct("B", { n: Schema.Number })
    agrees(compile, Schema.Union(A, B), [{ _tag: "A", n: 1 }, { _tag: "B", n: 2 }], [{ _tag: "C", n: 1 }, { n: 1 }])
    // The tag seen through a refinement, a transformation's encoded side, a tuple's element, a suspension.
    const refined = Schema.Union(Schema.Struct({ a: Schema.String }), Tagged.pipe(Schema.filter(() => true)))
    const transformed = Schema.Union(
      Schema.Struct({ a: Schema.String }),
      Schema.transform(Tagged, Schema.Struct({ a: Schema.String }), {
        strict: false,
        decode: (t) => t,
        encode: (t) => t
      })
    )
    const suspended = Schema.Union(Schema.Struct({ a: Schema.String }), Schema.suspend(() => Tagged))
    // A field whose encoded side is the literal (`"x"` on the wire, 1 decoded) is a tag too.
    const encoded = Schema.Union(Plain, Schema.Struct({ kind: Schema.transformLiteral("x", 1), a: Schema.String }))
    expect(Schema.decodeUnknownSync(encoded)({ kind: "x", a: "1" })).toStrictEqual({ kind: 1, a: "1" })
    for (const union of [refined, transformed, suspended, encoded]) {
      expect(compile(union.ast)({ kind: "x", a: "1" })).toBe(FAIL)
      agrees(compile, union, [{ a: "1" }])
    }
    // A tuple with a literal element among others is tagged too.
    const pairs = Schema.Union(
      Schema.Tuple(Schema.String, Schema.NumberFromString),
      Schema.Tuple(Schema.Literal("1"), Schema.String)
    )
    expect(Schema.decodeUnknownSync(pairs)(["1", "2"])).toStrictEqual(["1", "2"])
    expect(compile(pairs.ast)(["1", "2"])).toBe(FAIL)
    agrees(compile, pairs, [["2", "3"]])
    const tuples = Schema.Union(Schema.Tuple(Schema.String), Schema.Tuple(Schema.Literal("x")))
    expect(Schema.decodeUnknownSync(tuples)(["x"])).toStrictEqual(["x"])
    expect(compile(tuples.ast)(["x"])).toBe(FAIL)
    agrees(compile, tuples, [["y"]], [[1]])
    // A declaration tagged through its surrogate (a class's type side): the parser tries it first.
    class K extends Schema.Class<K>("K")({ kind: Schema.Literal("k"), a: Schema.String }) {}
    const other = Schema.transform(Schema.Unknown, Schema.Literal("other"), {
      strict: true,
      decode: () => "other" as const,
      encode: (s) => s
    })
    const declared = Schema.Union(other, Schema.typeSchema(K))
    const k = new K({ kind: "k", a: "1" })
    expect(Schema.decodeUnknownSync(declared)(k)).toBe(k)
    expect(compile(declared.ast)(k)).toBe(FAIL)
    expect(Either.getOrThrow(FastDecode.decoder(declared)(k))).toBe(k)
    // An optional element is no tag either.
    agrees(
      compile,
      Schema.Union(Schema.Tuple(Schema.String), Schema.Tuple(Schema.optionalElement(Schema.Literal("x")))),
      [
        ["x"],
        ["y"]
      ]
    )
    // An optional literal field is no tag: the members keep their order, the first that accepts answers.
    const optional = Schema.Union(
      Plain,
      Schema.Struct({ kind: Schema.optional(Schema.Literal("x")), a: Schema.String })
    )
    agrees(compile, optional, [{ kind: "x", a: "1" }, { a: "2" }])
  })

  it("tuples: each element in place, optional ones may be missing, a rest takes the remainder, nothing past the end", () => {
    const Pair = Schema.Tuple(Schema.String, Decimal.Decimal)
    agrees(compile, Pair, [["a", "1.5"]], [["a"], ["a", "1", "x"], [], ["a", "x"], "a", { 0: "a", 1: "1" }])
    const Opt = Schema.Tuple(Schema.String, Schema.optionalElement(Schema.Number))
    agrees(compile, Opt, [["a"], ["a", 1]], [[], ["a", 1, 2], ["a", "1"]])
    const Rest = Schema.Tuple([Schema.String], Schema.Number)
    agrees(compile, Rest, [["a"], ["a", 1], ["a", 1, 2, 3]], [[], ["a", 1, "2"], [1]])
    agrees(compile, Schema.Array(Decimal.Decimal), [[], ["1", 2]], [["1", "x"], "1"])
    // Elements after the rest (a candle's trailing fields): left to the parser, which checks the last one.
    const Post = Schema.Tuple([Schema.String], Schema.Number, Schema.Boolean)
    agrees(compile, Post, [["a", true], ["a", 1, true], ["a", 1, 2, false]], [["a", 1], ["a", 1, 2], ["a", true, 1]])
  })

  it("refinements: the filter's refusal is a refusal", () => {
    agrees(compile, Schema.String.pipe(Schema.minLength(2)), ["ab"], ["a", 1])
    agrees(compile, Decimal.Decimal.pipe(Schema.filter((d) => d.value > 0n)), ["1"], ["-1", "x"])
  })

  it("recursive schemas through a suspension", () => {
    interface Node {
      readonly id: string
      readonly children: ReadonlyArray<Node>
    }
    const Node: Schema.Schema<Node> = Schema.Struct({
      id: Schema.String,
      children: Schema.Array(Schema.suspend((): Schema.Schema<Node> => Node))
    })
    const tree = { id: "1", children: [{ id: "2", children: [{ id: "3", children: [] }] }] }
    agrees(compile, Node, [tree, { id: "0", children: [] }], [{ id: "1", children: [{ id: 2, children: [] }] }])
  })

  it("transformations: a refused decode is a refusal, composed ones run both sides", () => {
    agrees(compile, Schema.NumberFromString, ["1.5", "-2"], ["x", 1])
    agrees(compile, Schema.compose(Schema.NumberFromString, Schema.Number.pipe(Schema.positive())), ["2"], [
      "-2",
      "x",
      2
    ])
    // A decode that fails, onto a type side that would take anything: still a refusal.
    const Anything = Schema.declare([], {
      decode: () => () => ParseResult.succeed("anything"),
      encode: () => (input) => ParseResult.succeed(input)
    })
    const failing = Schema.transformOrFail(Schema.String, Anything, {
      decode: (s, _, ast) => s === "bad" ? ParseResult.fail(new ParseResult.Type(ast, s)) : ParseResult.succeed(s),
      encode: (s) => ParseResult.succeed(String(s))
    })
    agrees(compile, failing, ["good"], ["bad", 1])
    // Composed onto the same: the second side never sees a value the first refused.
    agrees(compile, Schema.compose(Schema.NumberFromString, Anything, { strict: false }), ["1"], ["x", 1])
  })

  it("a schema is compiled once: the same decoder (and what it learned) every time", () => {
    const S = Schema.Struct({ a: Schema.String, b: Absent.optional(Decimal.Decimal) })
    expect(compile(S.ast)).toBe(compile(S.ast))
    const T = Schema.Tuple(Schema.String)
    expect(compile(T.ast)).toBe(compile(T.ast))
  })

  it("struct transformations other than Absent.optional: renamed keys and defaults", () => {
    const Renamed = Schema.Struct({
      id: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("orderId")),
      size: Schema.optionalWith(Decimal.Decimal, { default: () => Decimal.unsafeMake("0") }),
      note: Schema.optional(Schema.String)
    })
    agrees(
      compile,
      Renamed,
      [{ orderId: "1" }, { orderId: "1", size: "2", note: "n" }, { orderId: "1", extra: 1 }],
      [{ id: "1" }, { orderId: 1 }, { orderId: "1", size: "x" }]
    )
    // A default alone (no renamed key): not a blank to drop, the default is filled in.
    const Defaulted = Schema.Struct({
      size: Schema.optionalWith(Schema.Number, { default: () => 0 }),
      note: Absent.optional(Schema.String)
    })
    agrees(compile, Defaulted, [{}, { size: 2, note: "" }], [{ size: "x" }])
    const got = compile(Renamed.ast)({ orderId: "1", note: "n" }) as Record<string, unknown>
    expect(Object.keys(got).sort()).toEqual(["id", "note", "size"])
  })

  it("structs with an index signature (records) go to the parser whole", () => {
    const Extended = Schema.Struct(
      { a: Absent.optional(Schema.String) },
      Schema.Record({ key: Schema.String, value: Schema.String })
    )
    agrees(compile, Extended, [{ a: "", b: "c" }, { a: "x", b: "c" }, {}], [{ b: 1 }])
    agrees(compile, Schema.Record({ key: Schema.String, value: Decimal.Decimal }), [{ BTC: "1" }, {}], [{ BTC: "x" }])
    const Plain = Schema.Struct({ a: Schema.String }, Schema.Record({ key: Schema.String, value: Schema.String }))
    agrees(compile, Plain, [{ a: "x", b: "y" }], [{ a: "x", b: 1 }, { b: "y" }])
  })
})

/** A field of `Absent.optional`'s kind over any encoded union: the step that drops blanks, as `Absent.optional` declares it. */
const blankField = <A, I>(encoded: Schema.Schema<A, I>, type: Schema.Schema<any>) =>
  Schema.optionalToOptional(encoded, type, {
    decode: Absent.dropBlank as (o: Option.Option<A>) => Option.Option<any>,
    encode: (o) => o
  })

/** A struct transformation built by hand: what `Schema.Struct` never builds, but the decoder must not misread. */
const handBuilt = (
  from: AST.TypeLiteral,
  to: AST.TypeLiteral,
  steps: ReadonlyArray<AST.PropertySignatureTransformation> = []
) => Schema.make<unknown, unknown, never>(new AST.Transformation(from, to, new AST.TypeLiteralTransformation(steps)))
const field = (name: string, type: AST.AST, optional = false) => new AST.PropertySignature(name, type, optional, true)

describe.each(compilers)("fast decoder, structs of absent fields (%s)", (_, compile) => {
  it("an absent field's value is checked once: the type side is not checked again (the one-step path)", () => {
    let checks = 0
    const Counted = Schema.String.pipe(Schema.filter(() => (checks++, true)))
    const Row = Schema.Struct({
      id: Schema.String,
      note: Absent.optional(Counted),
      size: Absent.optional(Decimal.Decimal)
    })
    const fast = compile(Row.ast)
    expect(fast({ id: "1", note: "x", size: "2" })).toStrictEqual({ id: "1", note: "x", size: Decimal.unsafeMake("2") })
    expect(checks).toBe(1)
    // Blanks of either kind are left out without reaching the field's schema.
    expect(fast({ id: "1", note: null, size: "" })).toStrictEqual({ id: "1" })
    expect(fast({ id: "1", note: "", size: null })).toStrictEqual({ id: "1" })
    expect(checks).toBe(1)
    // Effect's parser checks the type side again: the value twice (what the one-step path saves).
    Schema.decodeUnknownSync(Row)({ id: "1", note: "x" })
    expect(checks).toBe(3)
    // And `decoder` answers from the fast path alone when it vouches.
    expect(Either.getOrThrow(FastDecode.decoder(Row)({ id: "1", note: "y" }))).toStrictEqual({ id: "1", note: "y" })
    expect(checks).toBe(4)
  })

  it("rows in arrays and tuples take the same one-step path (a value checked once)", () => {
    let checks = 0
    const Row = Schema.Struct({ note: Absent.optional(Schema.String.pipe(Schema.filter(() => (checks++, true)))) })
    const fast = compile(Schema.Tuple([Row], Row).ast)
    expect(fast([{ note: "a" }, { note: "b" }, { note: "" }])).toStrictEqual([{ note: "a" }, { note: "b" }, {}])
    expect(checks).toBe(2)
    expect(compile(Schema.Array(Row).ast)([{ note: "c" }])).toStrictEqual([{ note: "c" }])
    expect(checks).toBe(3)
  })

  it("a value its schema decodes to a blank is left out too", () => {
    const ToBlank = Schema.transform(Schema.String, Schema.String, {
      strict: true,
      decode: (s) => s === "none" ? "" : s,
      encode: (s) => s
    })
    agrees(compile, Schema.Struct({ a: Absent.optional(ToBlank), b: Schema.optional(Schema.String) }), [
      { a: "none" },
      { a: "none", b: "" },
      { a: "x" }
    ])
    expect(compile(Schema.Struct({ a: Absent.optional(ToBlank) }).ast)({ a: "none" })).toStrictEqual({})
  })

  it("a struct with any other field transformation takes the general path, and still agrees", () => {
    let checks = 0
    const Counted = Schema.String.pipe(Schema.filter(() => (checks++, true)))
    const Row = Schema.Struct({
      note: Absent.optional(Counted),
      id: Schema.propertySignature(Schema.String).pipe(Schema.fromKey("orderId"))
    })
    agrees(compile, Row, [{ orderId: "1", note: "x" }, { orderId: "1", note: "" }], [{ orderId: "1", note: 1 }])
    // The general path re-checks the type side (decoded once by the fast path, once more by `to`).
    checks = 0
    compile(Row.ast)({ orderId: "1", note: "x" })
    expect(checks).toBe(2)
  })

  it("the shapes of an absent field's encoded union: blanks first are skipped, anything else decodes the whole union", () => {
    // Not a union: a blank decodes (here "" is a string, null is not) and is then left out.
    agrees(compile, Schema.Struct({ a: blankField(Schema.String, Schema.String) }), [{ a: "" }, { a: "x" }, {}], [{
      a: null
    }])
    // Flat, with two members after the blanks: both decode.
    const Flat = Schema.Struct({
      a: blankField(
        Schema.Union(Schema.Literal(""), Schema.Literal(null), Schema.String, Schema.Number),
        Schema.Union(Schema.String, Schema.Number)
      ),
      b: blankField(
        Schema.Union(Schema.Literal(null), Schema.Literal(""), Schema.Number, Schema.Boolean),
        Schema.Union(Schema.Number, Schema.Boolean)
      )
    })
    agrees(
      compile,
      Flat,
      [{ a: "", b: null }, { a: null, b: "" }, { a: "x", b: 1 }, { a: 2, b: true }, {}],
      [{ a: true }, { b: "x" }]
    )
    // The same blank twice is no pair of blanks: null is refused as the union refuses it.
    const Twice = Schema.Struct({
      a: blankField(Schema.Union(Schema.Literal(""), Schema.Literal(""), Schema.String), Schema.String)
    })
    agrees(compile, Twice, [{ a: "" }, { a: "x" }], [{ a: null }])
    // Leading literals that are no blanks, nested as `Absent.optional` nests them: "" and null are values to decode.
    const Other = Schema.Struct({
      a: blankField(
        Schema.Union(Schema.Literal("a", "b"), Schema.Number),
        Schema.Union(Schema.Literal("a", "b"), Schema.Number)
      )
    })
    agrees(compile, Other, [{ a: "a" }, { a: 1 }], [{ a: "" }, { a: null }, { a: "c" }])
    // One blank only.
    const One = Schema.Struct({ a: blankField(Schema.Union(Schema.Literal(""), Schema.Number), Schema.Number) })
    agrees(compile, One, [{ a: "" }, { a: 1 }], [{ a: null }, { a: "1" }])
    // The two blanks and nothing else: no value is taken.
    const Blanks = Schema.Struct({ a: blankField(Schema.Literal("", null), Schema.Number) })
    agrees(compile, Blanks, [{ a: "" }, { a: null }, {}], [{ a: "x" }, { a: 0 }])
    // A blank again among the others: the struct has left it out before.
    const Again = Schema.Struct({
      a: blankField(Schema.Union(Schema.Literal("", null), Schema.Literal(""), Schema.Number), Schema.Number)
    })
    agrees(compile, Again, [{ a: "" }, { a: null }, { a: 1 }], [{ a: "x" }])
    // Three leading literals nested: "" and null among them, then the value's schema.
    const Three = Schema.Struct({
      a: blankField(
        Schema.Union(Schema.Literal("", null, "x"), Schema.Number),
        Schema.Union(Schema.Literal("x"), Schema.Number)
      )
    })
    agrees(compile, Three, [{ a: "" }, { a: null }, { a: "x" }, { a: 1 }], [{ a: "y" }])
  })

  it("struct transformations Schema.Struct never builds are left to the general path, which agrees with the parser", () => {
    const a = field("a", AST.stringKeyword)
    const from = new AST.TypeLiteral([a], [])
    // The type side has a field more: the parser refuses a row without it.
    const longer = handBuilt(from, new AST.TypeLiteral([a, field("b", AST.stringKeyword)], []))
    agrees(compile, longer, [], [{ a: "x" }, { a: "x", b: "y" }])
    // Another name on the type side.
    agrees(compile, handBuilt(from, new AST.TypeLiteral([field("b", AST.stringKeyword)], [])), [], [{ a: "x" }])
    // A blank-dropping step that also renames (`a` to `b`) over sides that both name `a`: the parser
    // moves the value to `b` and then misses `a`.
    const renaming = new AST.PropertySignatureTransformation("a", "b", Absent.dropBlank, (o) => o)
    agrees(compile, handBuilt(from, from, [renaming]), [], [{ a: "x" }])
    // An encoded side that is no plain struct (a refined one).
    const refined = new AST.Refinement(from, () => Option.none())
    agrees(compile, handBuilt(refined as unknown as AST.TypeLiteral, from), [{ a: "x" }], [{}])
    // Optional on the encoded side, required on the type side.
    const optional = handBuilt(new AST.TypeLiteral([field("a", AST.stringKeyword, true)], []), from)
    agrees(compile, optional, [{ a: "x" }], [{}])
    // An index signature on one side only: the encoded side's checks every other key, the type side's the fields too.
    const strings = [new AST.IndexSignature(AST.stringKeyword, AST.stringKeyword, true)]
    const numbers = [new AST.IndexSignature(AST.stringKeyword, AST.numberKeyword, true)]
    agrees(compile, handBuilt(new AST.TypeLiteral([a], strings), from), [{ a: "x", b: "y" }], [{ a: "x", b: 1 }])
    agrees(compile, handBuilt(from, new AST.TypeLiteral([a], numbers)), [], [{ a: "x" }])
  })
})

describe.each(compilers)("fast decoder, class rows (%s)", (_, compile) => {
  it("a class row's constructor runs once, for the first row; the others are its prototype plus their fields", () => {
    let made = 0
    // An optional field without a default does not stop the learning.
    class Row extends Schema.Class<Row>("Row")({
      a: Schema.String,
      size: Decimal.Decimal,
      note: Schema.optional(Schema.String)
    }) {
      constructor(
        props: { readonly a: string; readonly size: BigDecimal.BigDecimal; readonly note?: string },
        options?: Schema.MakeOptions
      ) {
        super(props, options)
        made++
      }
    }
    const fast = compile(Row.ast)
    for (const a of ["1", "2", "3"]) {
      const row = fast({ a, size: "1.5" })
      expect(row).toBeInstanceOf(Row)
      expect(row).toStrictEqual(new Row({ a, size: Decimal.unsafeMake("1.5") }))
      made--
    }
    expect(made).toBe(1)
    expect(fast({ a: 1, size: "1" })).toBe(FAIL)
  })

  it("a row that fails to decode teaches nothing: the next valid row is learned", () => {
    let made = 0
    class Checked extends Schema.Class<Checked>("Checked")({ a: Schema.String }) {
      constructor(props: { readonly a: string }, options?: Schema.MakeOptions) {
        super(props, options)
        made++
      }
    }
    const Guarded = Schema.transformOrFail(Schema.Struct({ a: Schema.String }), Schema.typeSchema(Checked), {
      strict: true,
      decode: (props, _, ast) =>
        props.a === "bad"
          ? ParseResult.fail(new ParseResult.Type(ast, props))
          : ParseResult.succeed(new Checked(props)),
      encode: (row) => ParseResult.succeed({ a: row.a })
    })
    const fast = compile(Guarded.ast)
    expect(fast({ a: "bad" })).toBe(FAIL)
    for (const a of ["1", "2", "3"]) expect(fast({ a })).toStrictEqual(new Checked({ a }))
    // The first valid row's decode, and the 3 the test built.
    expect(made).toBe(1 + 3)
  })

  it("`decoder` answers from the fast path when it vouches: the parser does not build the row again", () => {
    let made = 0
    class Row extends Schema.Class<Row>("Row")({ a: Schema.String }) {
      constructor(props: { readonly a: string }, options?: Schema.MakeOptions) {
        super(props, options)
        made++
      }
    }
    const decode = FastDecode.decoder(Row)
    for (const a of ["1", "2", "3"]) expect(Either.getOrThrow(decode({ a })).a).toBe(a)
    expect(made).toBe(1)
    expect(Either.isLeft(decode({ a: 1 }))).toBe(true)
  })

  it("only a Schema.Class row is learned: a plain class (no base class) is built by the transformation every time", () => {
    // Its constructor keeps an extra field for some rows only: a learned copy would miss it.
    class Plain {
      static fields = { a: Schema.String }
      readonly a: string
      constructor(props: { readonly a: string }) {
        this.a = props.a
        if (props.a === "x") (this as { extra?: number }).extra = 1
      }
    }
    const S = Schema.transform(Schema.Struct({ a: Schema.String }), Schema.instanceOf(Plain), {
      strict: true,
      decode: (props) => new Plain(props),
      encode: (row) => ({ a: row.a })
    })
    agrees(compile, S, [{ a: "y" }, { a: "x" }])
    expect(compile(S.ast)({ a: "x" })).toStrictEqual(new Plain({ a: "x" }))
  })

  it("a transformation to a class from anything but an object, or to null, is not learned", () => {
    // From a string: a copy of "x" onto the prototype would have the same own keys as the instance.
    class Indexed extends Schema.Class<Indexed>("Indexed")({ "0": Schema.String }) {}
    const FromText = Schema.transform(Schema.String, Schema.typeSchema(Indexed), {
      strict: true,
      decode: (s) => new Indexed({ "0": s }),
      encode: (row) => row["0"]
    })
    agrees(compile, FromText, ["x", "yz"], [1])
    // To null from a struct: nothing to learn from.
    const ToNull = Schema.transform(Schema.Struct({ a: Schema.String }), Schema.Null, {
      strict: true,
      decode: () => null,
      encode: () => ({ a: "" })
    })
    agrees(compile, ToNull, [{ a: "x" }, { a: "y" }], [{ a: 1 }])
  })

  it("a class whose instances are more than prototype plus fields is built by its constructor on every row", () => {
    class Defaulted extends Schema.Class<Defaulted>("Defaulted")({
      a: Schema.String,
      b: Schema.optional(Schema.String).pipe(Schema.withConstructorDefault(() => "d"))
    }) {}
    agrees(compile, Defaulted, [{ a: "1", b: "x" }, { a: "2" }, { a: "3", b: "y" }])
    class Extra extends Schema.Class<Extra>("Extra")({ a: Schema.String }) {
      readonly extra = 1
    }
    agrees(compile, Extra, [{ a: "1" }, { a: "2" }])
    class Upper extends Schema.Class<Upper>("Upper")({ a: Schema.String, b: Schema.String }) {
      constructor(props: { readonly a: string; readonly b: string }, options?: Schema.MakeOptions) {
        super(props, options)
        ;(this as { a: string }).a = props.a.toUpperCase()
      }
    }
    agrees(compile, Upper, [{ a: "x", b: "b" }, { a: "y", b: "b" }])
    expect(compile(Upper.ast)({ a: "z", b: "b" })).toStrictEqual(new Upper({ a: "z", b: "b" }))
    // Built from a struct with a field more than the class keeps: a copy of the props would keep it.
    class Kept extends Schema.Class<Kept>("Kept")({ a: Schema.String }) {}
    const Picked = Schema.transform(Schema.Struct({ a: Schema.String, b: Schema.String }), Schema.typeSchema(Kept), {
      strict: true,
      decode: (props) => new Kept({ a: props.a }),
      encode: (row) => ({ a: row.a, b: "" })
    })
    agrees(compile, Picked, [{ a: "1", b: "x" }, { a: "2", b: "y" }])
    // The first row shows the class is more than its fields: no later row is learned (as "y" would be).
    class Marked extends Schema.Class<Marked>("Marked")({ a: Schema.String }) {
      constructor(props: { readonly a: string }, options?: Schema.MakeOptions) {
        super(props, options)
        if (props.a === "x") (this as { extra?: number }).extra = 1
      }
    }
    agrees(compile, Marked, [{ a: "x" }, { a: "y" }, { a: "x" }])
  })
})

describe.each(compilers)("fast decoder, struct inputs (%s)", (_, compile) => {
  it("a struct takes plain objects only, reads own keys only, and keys of any name", () => {
    const S = Schema.Struct({
      id: Schema.String,
      toString: Schema.optional(Schema.String),
      constructor: Schema.optional(Schema.Number),
      valueOf: Schema.String.pipe(Schema.optional),
      note: Absent.optional(Schema.String),
      "a \"quoted\" key": Schema.optional(Schema.Number)
    })
    agrees(
      compile,
      S,
      [
        { id: "1" },
        { id: "1", toString: "", constructor: 1, valueOf: "v", note: null, "a \"quoted\" key": 2 },
        { id: "1", note: "" },
        { id: "1", toString: "t", note: "n" },
        { id: "1", constructor: undefined }
      ],
      [
        {},
        { id: 1 },
        { id: "1", constructor: "x" },
        { id: "1", toString: null },
        { id: "1", note: undefined },
        { id: "1", "a \"quoted\" key": "x" },
        null,
        "x",
        1
      ]
    )
    const AllOptional = Schema.Struct({ a: Schema.optional(Schema.String), b: Absent.optional(Schema.String) })
    agrees(compile, AllOptional, [{}, { a: "x", b: "" }], [[], null, undefined, "x"])
    // Objects JSON.parse never makes are left to the parser ("not sure"), which decides.
    const bare = Object.assign(Object.create(null), { a: "x" })
    expect(compile(AllOptional.ast)(bare)).toBe(FAIL)
    expect(Either.getOrThrow(FastDecode.decoder(AllOptional)(bare))).toStrictEqual({ a: "x" })
    // A symbol key: the loop (no generated code), same answers.
    const key = Symbol.for("fastDecodePaths/key")
    const Keyed = Schema.Struct({ [key]: Schema.String, b: Schema.optional(Schema.String) })
    agrees(compile, Keyed, [{ [key]: "x" }, { [key]: "x", b: "y" }], [{ b: "y" }, { [key]: 1 }])
  })

  it("generated code reads a present field with one keyed load, and an inherited name as an own key", () => {
    // (An absent field cannot have such a name: Effect refuses a field transformation named as any of
    // `Object.prototype`'s keys, "Duplicate property signature transformation".)
    expect(() => Schema.Struct({ toString: Absent.optional(Schema.String) })).toThrow(/Duplicate/)
    const S = Schema.Struct({
      id: Schema.String,
      toString: Schema.optional(Schema.String),
      note: Absent.optional(Schema.String)
    })
    const code = String(compile(S.ast))
    if (compile === FastDecode.compileLooped) return expect(code).not.toContain("new R()")
    expect(code).toContain("const o = new R()")
    expect(code).toContain(
      `if ((v = i["id"]) !== undefined || h.call(i, "id")) {\nv = d0(v)\nif (v === F) return F\no["id"] = v\n} else return F`
    )
    expect(code).toContain(
      `if (h.call(i, "toString") && ((v = i["toString"]), true)) {\nv = d1(v)\nif (v === F) return F\no["toString"] = v\n}\n`
    )
    expect(code).toContain(
      `if ((v = i["note"]) !== undefined || h.call(i, "note")) {\nif (v !== "" && v !== null) {\nv = d2(v)`
    )
    // Its variables are its own: decoding leaves no global behind.
    expect(compile(S.ast)({ id: "1", toString: "t", note: "n" })).toStrictEqual({ id: "1", toString: "t", note: "n" })
    expect(Object.keys(globalThis).filter((key) => ["v", "o"].includes(key))).toEqual([])
    // A struct with a symbol key is not generated.
    expect(String(compile(Schema.Struct({ [Symbol.for("k")]: Schema.String }).ast))).not.toContain("new R()")
  })
})
