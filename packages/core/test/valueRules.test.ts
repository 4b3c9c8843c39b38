/**
 * The value types' edges, each where a one-character change would live: every flag spelling both
 * ways, request field rules (`Limit`), open enums' generated values, timestamps and decimals at
 * their parsing edges (signs, points, the 15-digit fast path, numbers that are not finite) and the
 * messages a refused value carries. values.test.ts holds the round-trip properties.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Delivery from "@effect-bitget/core/Delivery"
import * as Demo from "@effect-bitget/core/Demo"
import * as Flag from "@effect-bitget/core/Flag"
import * as Id from "@effect-bitget/core/Id"
import * as Limit from "@effect-bitget/core/Limit"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as OrderBook from "@effect-bitget/core/OrderBook"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { describe, expect, it } from "@effect/vitest"
import * as Arbitrary from "effect/Arbitrary"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import * as FastCheck from "effect/FastCheck"
import * as Option from "effect/Option"
import * as ParseResult from "effect/ParseResult"
import * as Schema from "effect/Schema"
import * as SchemaAST from "effect/SchemaAST"

const message = (result: Either.Either<unknown, ParseResult.ParseError>) =>
  Either.isLeft(result) ? ParseResult.TreeFormatter.formatErrorSync(result.left) : undefined

describe("flags", () => {
  const decode = Schema.decodeUnknownEither(Flag.YesNo)
  it("every documented spelling reads as its boolean; anything else is refused", () => {
    for (const spelling of [true, "true", "TRUE", "yes", "YES", "Yes", "on", "ON"]) {
      expect(decode(spelling), String(spelling)).toEqual(Either.right(true))
    }
    for (const spelling of [false, "false", "FALSE", "no", "NO", "No", "off", "OFF"]) {
      expect(decode(spelling), String(spelling)).toEqual(Either.right(false))
    }
    for (const other of ["True", "y", "", 1, 0, null, undefined]) expect(Either.isLeft(decode(other))).toBe(true)
    expect(message(decode("maybe"))).toContain("Expected yes or no")
    expect(message(Schema.decodeUnknownEither(Flag.YES_NO)("maybe"))).toContain("Expected YES or NO")
  })

  it("each flag writes its endpoint's spelling, both values", () => {
    expect([true, false].map((value) => Schema.encodeSync(Flag.YesNo)(value))).toEqual(["yes", "no"])
    expect([true, false].map((value) => Schema.encodeSync(Flag.YES_NO)(value))).toEqual(["YES", "NO"])
    expect([true, false].map((value) => Schema.encodeSync(Flag.TrueFalse)(value))).toEqual(["true", "false"])
  })

  it("encoding checks a value already in the wire's spelling as it is, and refuses any other", () => {
    const encode = Schema.encodeUnknownEither(Flag.YesNo)
    expect(encode("yes")).toEqual(Either.right("yes"))
    expect(encode("no")).toEqual(Either.right("no"))
    expect(Either.isLeft(encode("YES"))).toBe(true)
    expect(message(encode("maybe"))).toContain("Expected a boolean")
  })

  it("generated flags are booleans", () => {
    const values = FastCheck.sample(Arbitrary.make(Flag.YesNo), { numRuns: 50, seed: 1 })
    expect(values.every((value) => typeof value === "boolean")).toBe(true)
    expect(new Set(values).size).toBe(2)
    expect(SchemaAST.getIdentifierAnnotation(Flag.TrueFalse.ast)).toEqual(Option.some("TrueFalse"))
  })
})

describe("request field rules (Limit)", () => {
  const ok = <A, I>(schema: Schema.Schema<A, I>, value: unknown) =>
    Either.isRight(Schema.encodeUnknownEither(schema)(value))
  it("page sizes and numbers: positive integers, sent as strings", () => {
    for (const schema of [Limit.PageSize, Limit.PageNumber]) {
      expect(Schema.encodeSync(schema)(1)).toBe("1")
      expect([ok(schema, 0), ok(schema, -1), ok(schema, 1.5), ok(schema, 2)]).toEqual([false, false, false, true])
    }
  })

  it("cursors are digits only, with their own message", () => {
    expect(ok(Limit.Cursor, "1234")).toBe(true)
    for (const bad of ["", "a1", "1a", "1 2", "-1"]) expect(ok(Limit.Cursor, bad), bad).toBe(false)
    expect(message(Schema.encodeUnknownEither(Limit.Cursor)("x"))).toContain("Expected a numeric id")
  })

  it("names must not be empty nor only spaces", () => {
    expect(ok(Limit.NonEmpty, " a ")).toBe(true)
    expect(ok(Limit.NonEmpty, "")).toBe(false)
    expect(ok(Limit.NonEmpty, " \t")).toBe(false)
    expect(message(Schema.encodeUnknownEither(Limit.NonEmpty)(" "))).toContain("must not be empty")
  })

  it("a request time bound is the timestamp", () => {
    expect(Limit.Time).toBe(Timestamp.Timestamp)
  })
})

describe("open enums", () => {
  it("say their known values, and generate only them", () => {
    const Status = OpenEnum("live", "filled")
    expect(SchemaAST.getDescriptionAnnotation(Status.ast)).toEqual(
      Option.some("one of live, filled (or a value added later)")
    )
    const generated = FastCheck.sample(Arbitrary.make(Status), { numRuns: 40, seed: 2 })
    expect(new Set(generated)).toEqual(new Set(["live", "filled"]))
  })
})

describe("timestamps", () => {
  const decode = Schema.decodeUnknownEither(Timestamp.Timestamp)
  const encode = Schema.encodeUnknownEither(Timestamp.Timestamp)
  it("numbers: safe integers from 0; negative, fractional and unsafe ones are refused", () => {
    expect(Either.map(decode(0), Timestamp.toMillis)).toEqual(Either.right(0))
    expect(Either.map(decode(Number.MAX_SAFE_INTEGER), Timestamp.toMillis)).toEqual(
      Either.right(Number.MAX_SAFE_INTEGER)
    )
    for (const bad of [-1, 1.5, Number.MAX_SAFE_INTEGER + 1, NaN, Infinity]) {
      expect(Either.isLeft(decode(bad))).toBe(true)
    }
    expect(message(decode(-1))).toContain("Expected epoch milliseconds")
    expect(Either.isLeft(decode(true))).toBe(true)
  })

  it("a DateTime decodes as the same instant in UTC (a zoned one too)", () => {
    const utc = DateTime.unsafeMake(1234)
    expect(decode(utc)).toEqual(Either.right(utc))
    const zoned = DateTime.unsafeMakeZoned(1234, { timeZone: "Europe/Paris" })
    const decoded = decode(zoned)
    expect(Either.isRight(decoded) && DateTime.isUtc(decoded.right) && Timestamp.toMillis(decoded.right)).toBe(1234)
  })

  it("encodes a DateTime as its ms, a digit string as it is; refuses anything else", () => {
    expect(encode(Timestamp.fromMillis(42))).toEqual(Either.right("42"))
    expect(encode("42")).toEqual(Either.right("42"))
    for (const bad of ["4a", "a4", "", 42]) expect(Either.isLeft(encode(bad))).toBe(true)
    expect(message(encode("x"))).toContain("Expected a DateTime")
  })

  it("generated timestamps lie between 2017 and 2030, and compare by instant", () => {
    const values = FastCheck.sample(Arbitrary.make(Timestamp.Timestamp), { numRuns: 50, seed: 3 })
    for (const value of values) {
      expect(Timestamp.toMillis(value)).toBeGreaterThanOrEqual(1_500_000_000_000)
      expect(Timestamp.toMillis(value)).toBeLessThanOrEqual(1_900_000_000_000)
    }
    expect(Timestamp.toMillis(Timestamp.fromMillis(7))).toBe(7)
  })
})

describe("decimals", () => {
  const text = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? undefined : Decimal.format(value)
  it("format: signs, leading zeros and negative scales", () => {
    expect(Decimal.format(BigDecimal.make(-1n, 3))).toBe("-0.001")
    expect(Decimal.format(BigDecimal.make(-1234n, 2))).toBe("-12.34")
    expect(Decimal.format(BigDecimal.make(1234n, 4))).toBe("0.1234")
    expect(Decimal.format(BigDecimal.make(-5n, -2))).toBe("-500")
    expect(Decimal.format(BigDecimal.make(7n, 0))).toBe("7")
    expect(Decimal.format(BigDecimal.make(0n, 2))).toBe("0.00")
  })

  it("parse: a sign and one point between digits; the fast path and the long one agree", () => {
    for (const bad of ["", "-", "1..2", "1.2.3", "--1", "1-", "1.-2", " 1", "1,5", "a"]) {
      expect(Decimal.parse(bad), bad).toBeUndefined()
    }
    // Not plain, yet numbers to Effect's parser: read the same way.
    expect([".5", "5.", "-.5", "+1"].map((input) => text(Decimal.parse(input)))).toEqual(["0.5", "5", "-0.5", "1"])
    expect(text(Decimal.parse("-0.5"))).toBe("-0.5")
    expect(text(Decimal.parse("-12"))).toBe("-12")
    // 15 digits take the double, 16 and more the string: both exact, signs and points kept.
    expect(text(Decimal.parse("999999999999999"))).toBe("999999999999999")
    expect(text(Decimal.parse("-99999999999999.9"))).toBe("-99999999999999.9")
    expect(text(Decimal.parse("9007199254740993"))).toBe("9007199254740993")
    expect(text(Decimal.parse("-123456789012345678.90"))).toBe("-123456789012345678.90")
    expect(text(Decimal.parse("12345678901234567"))).toBe("12345678901234567")
    // Exponent form through Effect's parser.
    expect(text(Decimal.parse("1e-7"))).toBe("0.0000001")
    expect(Decimal.parse("1e")).toBeUndefined()
  })

  it("parseRange reads a decimal where it stands in a text", () => {
    const frame = "[\"-12.50\",\"3e2\",\"x\"]"
    expect(text(Decimal.parseRange(frame, 2, 8))).toBe("-12.50")
    expect(text(Decimal.parseRange(frame, 11, 14))).toBe("300")
    expect(Decimal.parseRange(frame, 17, 18)).toBeUndefined()
    expect(Decimal.parseRange(frame, 2, 2)).toBeUndefined()
    expect(Decimal.parseRange(frame, 2, 3)).toBeUndefined()
    const long = "a12345678901234567.5b"
    expect(text(Decimal.parseRange(long, 1, long.length - 1))).toBe("12345678901234567.5")
    const negative = "a-12345678901234567b"
    expect(text(Decimal.parseRange(negative, 1, negative.length - 1))).toBe("-12345678901234567")
  })

  it("unsafeMake throws on what is not a decimal, naming it", () => {
    expect(() => Decimal.unsafeMake("abc")).toThrow("not a decimal: abc")
    expect(Decimal.toBigDecimal("1.5")).toEqual(Decimal.unsafeMake("1.5"))
    const value = BigDecimal.make(15n, 1)
    expect(Decimal.toBigDecimal(value)).toBe(value)
  })

  it("fromWire: a BigDecimal, a string or a finite number; nothing else", () => {
    const value = BigDecimal.make(15n, 1)
    expect(Decimal.fromWire(value)).toBe(value)
    expect(text(Decimal.fromWire("0.10"))).toBe("0.10")
    expect(text(Decimal.fromWire(2.5))).toBe("2.5")
    for (const bad of [NaN, Infinity, -Infinity, null, undefined, true, {}]) {
      expect(Decimal.fromWire(bad)).toBeUndefined()
    }
  })

  it("the Decimal schema: strings, finite numbers and BigDecimals in; plain text out", () => {
    const decode = Schema.decodeUnknownEither(Decimal.Decimal)
    const encode = Schema.encodeUnknownEither(Decimal.Decimal)
    expect(Either.map(decode("1.50"), Decimal.format)).toEqual(Either.right("1.50"))
    expect(Either.map(decode(2.5), Decimal.format)).toEqual(Either.right("2.5"))
    const value = BigDecimal.make(15n, 1)
    expect(decode(value)).toEqual(Either.right(value))
    for (const bad of [Infinity, NaN, "x", null, true]) expect(Either.isLeft(decode(bad))).toBe(true)
    expect(message(decode("x"))).toContain("Expected a decimal string")
    expect(encode(BigDecimal.make(1n, 8))).toEqual(Either.right("0.00000001"))
    expect(encode("1.50")).toEqual(Either.right("1.50"))
    for (const bad of ["1e5", "x", 5]) expect(Either.isLeft(encode(bad))).toBe(true)
    expect(message(encode("1e5"))).toContain("Expected a BigDecimal")
  })

  it("the Decimal schema's annotations: plain pretty form, equal by value, generated values within range", () => {
    expect(Schema.equivalence(Decimal.Decimal)(Decimal.unsafeMake("1.0"), Decimal.unsafeMake("1.00"))).toBe(true)
    expect(Schema.equivalence(Decimal.Decimal)(Decimal.unsafeMake("1"), Decimal.unsafeMake("2"))).toBe(false)
    expect(Schema.format(Decimal.Decimal)).toBeDefined()
    expect(SchemaAST.getDescriptionAnnotation(Decimal.Decimal.ast)).toEqual(
      Option.some("a decimal string such as \"0.001\"")
    )
    const values = FastCheck.sample(Arbitrary.make(Decimal.Decimal), { numRuns: 100, seed: 4 })
    for (const value of values) {
      expect(value.scale).toBeGreaterThanOrEqual(0)
      expect(value.scale).toBeLessThanOrEqual(12)
      expect(value.value <= 10n ** 18n && value.value >= -(10n ** 18n)).toBe(true)
    }
    const inputs = FastCheck.sample(Arbitrary.make(Decimal.DecimalInput), { numRuns: 50, seed: 5 })
    expect(inputs.every((input) => typeof input === "string" && /^-?\d+(\.\d+)?$/.test(input))).toBe(true)
  })

  it("DecimalInput: a BigDecimal or a plain string both ways; positive ones refuse zero and below", () => {
    const decode = Schema.decodeUnknownEither(Decimal.DecimalInput)
    const encode = Schema.encodeUnknownEither(Decimal.DecimalInput)
    expect(decode("0.10")).toEqual(Either.right("0.10"))
    const value = BigDecimal.make(15n, 1)
    expect(decode(value)).toEqual(Either.right(value))
    for (const bad of ["1e5", "1.", 5, null]) expect(Either.isLeft(decode(bad))).toBe(true)
    expect(message(decode("1e5"))).toContain("Expected a plain decimal string")
    expect(encode(value)).toEqual(Either.right("1.5"))
    expect(encode("-0.5")).toEqual(Either.right("-0.5"))
    for (const bad of ["1e5", ".5", 5]) expect(Either.isLeft(encode(bad))).toBe(true)
    expect(message(encode("1e5"))).toContain("Expected a BigDecimal or a plain decimal string such as \"0.001\"")
    const positive = Schema.encodeUnknownEither(Decimal.PositiveDecimalInput)
    expect(Either.isLeft(positive(BigDecimal.make(0n, 0)))).toBe(true)
    expect(message(positive("0"))).toContain("Expected a value greater than zero")
    expect(positive(BigDecimal.make(1n, 8))).toEqual(Either.right("0.00000001"))
  })
})

describe("ids", () => {
  it("IdString: a string or a JSON number in, a string in code and on the wire", () => {
    const decode = Schema.decodeUnknownEither(Id.IdString)
    expect(decode(123)).toEqual(Either.right("123"))
    expect(decode("0012")).toEqual(Either.right("0012"))
    expect(Either.isLeft(decode(null))).toBe(true)
    expect(Schema.encodeSync(Id.IdString)("77")).toBe("77")
  })

  it("IdNumber: whole numbers below 2^53 only; sent back as a number up to 15 digits, longer as a string", () => {
    const decode = Schema.decodeUnknownEither(Id.IdNumber)
    const encode = Schema.encodeSync(Id.IdNumber)
    expect(decode(9007199254740991)).toEqual(Either.right("9007199254740991"))
    expect(decode("18446744073709551615")).toEqual(Either.right("18446744073709551615"))
    expect(message(decode(9007199254740992))).toContain(
      "must be a whole number below 2^53 (digits lost), got 9007199254740992"
    )
    expect(message(decode(1.5))).toContain("must be a whole number below 2^53 (digits lost), got 1.5")
    expect(encode("123456789012345")).toBe(123456789012345)
    expect(encode("1")).toBe(1)
    for (const text of ["1234567890123456", "", "12a", "a12", "-1", "1.5"]) expect(encode(text)).toBe(text)
    const generated = FastCheck.sample(Arbitrary.make(Id.IdNumber), { numRuns: 50, seed: 3 })
    expect(generated.every((id) => /^[1-9]\d{0,14}$/.test(id))).toBe(true)
    // Of every length up to the 15 digits a number carries exactly (the stand-in answers exercise both sides of it).
    const lengths = new Set(generated.map((id) => id.length))
    expect([Math.min(...lengths), Math.max(...lengths) > 10, lengths.size > 5]).toEqual([1, true, true])
  })
})

describe("spellings", () => {
  // Built inside each test, not in this body: a schema built at collection never sees a mutant of
  // `literal` (Stryker activates one after the files are collected), so its message would go unmeasured.
  const force = () => Spelling.literal("gtc", "post_only", "IOC")

  it("any letter case is sent in the documented spelling; anything else is refused naming the values", () => {
    const Force = force()
    const encode = Schema.encodeUnknownEither(Force)
    expect(encode("GTC")).toEqual(Either.right("gtc"))
    expect(encode("Post_Only")).toEqual(Either.right("post_only"))
    expect(encode("ioc")).toEqual(Either.right("IOC"))
    expect(encode("IOC")).toEqual(Either.right("IOC"))
    expect(message(encode("fok"))).toContain(
      "expected \"gtc\" or \"post_only\" or \"IOC\" (any letter case), got \"fok\""
    )
    expect(Either.isLeft(encode(5))).toBe(true)
  })

  it("decodes the documented spelling; describes and generates the documented values", () => {
    const Force = force()
    expect(Schema.decodeUnknownSync(Force)("post_only")).toBe("post_only")
    const to = (Force.ast as SchemaAST.Transformation).to
    expect(SchemaAST.getDescriptionAnnotation(to)).toEqual(Option.some("one of gtc, post_only, IOC (any letter case)"))
    const values = FastCheck.sample(Arbitrary.make(Schema.typeSchema(Force)), { numRuns: 30, seed: 2 })
    expect(new Set(values)).toEqual(new Set(["gtc", "post_only", "IOC"]))
  })

  it("is: the documented value in any letter case, nothing else (a prefix, a longer text, absent)", () => {
    type Mode = "limit" | "market" | "post_only"
    const is = (value: Mode | undefined, expected: Mode) => Spelling.is(value, expected)
    expect(is("limit", "limit")).toBe(true)
    expect(is("LIMIT" as Mode, "limit")).toBe(true)
    expect(is("Post_Only" as Mode, "post_only")).toBe(true)
    expect(is("market", "limit")).toBe(false)
    expect(is("MARKET" as Mode, "limit")).toBe(false)
    expect(is("limi" as Mode, "limit")).toBe(false)
    expect(is("limits" as Mode, "limit")).toBe(false)
    expect(is("LIMIX" as Mode, "limit")).toBe(false)
    expect(is(undefined, "limit")).toBe(false)
  })
})

describe("absent values", () => {
  it("dropBlank: \"\" and null are a missing key; every other value is kept, 0 and \"0\" too", () => {
    expect(Absent.dropBlank(Option.some(""))).toEqual(Option.none())
    expect(Absent.dropBlank(Option.some(null))).toEqual(Option.none())
    for (const kept of [0, "0", " ", false, "x"]) expect(Absent.dropBlank(Option.some(kept))).toEqual(Option.some(kept))
    expect(Absent.dropBlank(Option.none())).toEqual(Option.none())
  })

  it("optional encodes a present value as it is and leaves a missing key out", () => {
    const S = Schema.Struct({ a: Absent.optional(Schema.String) })
    expect(Schema.encodeSync(S)({ a: "x" })).toEqual({ a: "x" })
    expect(Schema.encodeSync(S)({})).toEqual({})
    expect(Schema.decodeUnknownSync(S)({ a: "0" })).toEqual({ a: "0" })
  })
})

describe("order book levels", () => {
  const decode = Schema.decodeUnknownEither(OrderBook.Level)
  const encode = Schema.encodeUnknownEither(OrderBook.Level)
  const level = { price: BigDecimal.make(15n, 1), size: BigDecimal.make(2n, 0) }

  it("a decoded level passes as it is; a row needs two decimals and says what a level is", () => {
    expect(decode(level)).toEqual(Either.right(level))
    expect(Either.map(decode(["1.5", "2"]), (l) => [Decimal.format(l.price), Decimal.format(l.size)])).toEqual(
      Either.right(["1.5", "2"])
    )
    // Nor is anything but an object: `undefined` is refused (not a crash reading its fields), a function holding
    // two decimals is no level.
    const bads = [
      [],
      ["1"],
      ["1", "x"],
      [null, "1"],
      { price: level.price },
      { price: "1", size: level.size },
      [level],
      undefined,
      Object.assign(() => level, level)
    ]
    bads.forEach((bad, i) => expect([i, decode(bad)._tag]).toEqual([i, "Left"]))
    expect(message(decode(["1"]))).toContain("Expected a level: [price, size]")
  })

  it("encodes a level as two plain strings, a wire row as it is, and refuses anything else", () => {
    expect(encode(level)).toEqual(Either.right(["1.5", "2"]))
    expect(encode(["3", "4"])).toEqual(Either.right(["3", "4"]))
    expect(message(encode({ price: "1", size: "2" }))).toContain("Expected a Level")
    expect(Either.isLeft(encode(null))).toBe(true)
    const generated = FastCheck.sample(Arbitrary.make(OrderBook.Level), { numRuns: 30, seed: 6 })
    expect(generated.every((l) => BigDecimal.isPositive(l.price) && BigDecimal.isPositive(l.size))).toBe(true)
    // Plain decimals of 0 to 8 places, as the exchange writes prices and sizes (no exponent, no huge scale).
    const scales = new Set(generated.flatMap((l) => [l.price.scale, l.size.scale]))
    expect([Math.min(...scales), Math.max(...scales)]).toEqual([0, 8])
  })
})

describe("demo symbols and coins", () => {
  it("demo coins and product types in any letter case; demo symbols anchored at both ends", () => {
    expect([Demo.isDemoCoin("susdt"), Demo.isDemoCoin("SBTC"), Demo.isDemoCoin("USDT")]).toEqual([true, true, false])
    expect(
      ["sbtcsusdt", "SBTCSUSD", "SETHSBTC", "SBSUSDT", "SBTCSUSDTX", "XSBTCSUSDT", "SBTCUSDT"].map(Demo.isDemoSymbol)
    )
      .toEqual([true, true, true, false, false, false, false])
    expect(
      ["SCOIN-FUTURES", "susdc-futures", "SUSDT-FUTURES", "USDT-FUTURES", "XSUSDT-FUTURES", "SUSDT-FUTURESX"].map(
        Demo.isDemoProductType
      )
    ).toEqual([true, true, true, false, false, false])
  })

  it("both ways: a real coin or symbol is left as it is; an unknown quote coin cannot be made demo", () => {
    expect(Demo.coin("usdt")).toBe("SUSDT")
    expect([Demo.realCoin("sbtc"), Demo.realCoin("USDT"), Demo.realCoin("sx")]).toEqual(["BTC", "USDT", "sx"])
    expect(Demo.symbol("ethusdc")).toBe("SETHSUSDC")
    expect(Demo.realSymbol("sethsusdc")).toBe("ETHUSDC")
    expect(Demo.realSymbol("btcusdt")).toBe("btcusdt")
    expect(() => Demo.symbol("BTCXYZ")).toThrow("cannot split symbol BTCXYZ into base and quote")
  })

  it("split: the longest quote coin first, and never the whole symbol", () => {
    expect(Demo.split("btcusdt")).toEqual({ base: "BTC", quote: "USDT" })
    expect(Demo.split("BTCUSD")).toEqual({ base: "BTC", quote: "USD" })
    expect(Demo.split("ETHBTC")).toEqual({ base: "ETH", quote: "BTC" })
    expect(Demo.split("USDT")).toBeUndefined()
    expect(Demo.split("XUSDT")).toEqual({ base: "X", quote: "USDT" })
    expect(Demo.split("BTCXYZ")).toBeUndefined()
  })

  it("checkPair names every value on each side; empty values are not counted", () => {
    expect(Demo.checkPair({ symbol: "SBTCSUSDT", coin: "USDT", productType: "SUSDT-FUTURES" })).toBe(
      "demo and real values mixed: demo symbol SBTCSUSDT, productType SUSDT-FUTURES; real coin USDT"
    )
    expect(Demo.checkPair({ symbol: "BTCUSDT", coin: "SUSDT", productType: "USDT-FUTURES" })).toBe(
      "demo and real values mixed: demo coin SUSDT; real symbol BTCUSDT, productType USDT-FUTURES"
    )
    expect(Demo.checkPair({ symbol: "SBTCSUSDT", coin: "", productType: "" })).toBeUndefined()
    expect(Demo.checkPair({ symbol: "", coin: "SUSDT", productType: "USDT-FUTURES" })).toBe(
      "demo and real values mixed: demo coin SUSDT; real productType USDT-FUTURES"
    )
    expect(Demo.checkPair({})).toBeUndefined()
    expect(Demo.checkPair({ symbol: "BTCUSDT", coin: "USDT", productType: "USDT-FUTURES" })).toBeUndefined()
  })
})

describe("delivery contracts", () => {
  it("month codes F…Z both ways; a month outside 1…12 is refused naming it", () => {
    expect([Delivery.monthCode(1), Delivery.monthCode(12)]).toEqual(["F", "Z"])
    expect([Delivery.month("F"), Delivery.month("Z")]).toEqual([1, 12])
    for (const bad of [0, 13]) expect(() => Delivery.monthCode(bad)).toThrow(`month must be 1 to 12, got ${bad}`)
  })

  it("parse: any letter case, a month code and exactly two digits at the end", () => {
    expect(Delivery.parse("ethusdh26")).toEqual({ pair: "ETHUSD", month: 3, year: 2026 })
    for (const bad of ["BTCUSDZ5", "BTCUSDZ255", "BTCUSDA25", "Z25", "BTC-USDZ25"]) {
      expect([bad, Delivery.parse(bad)]).toEqual([bad, undefined])
    }
  })

  it("make: the pair in capitals, the year's last two digits", () => {
    expect(Delivery.make({ pair: "btcusd", month: 6, year: 2105 })).toBe("BTCUSDM05")
  })
})
