import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Delivery from "@effect-bitget/core/Delivery"
import * as Demo from "@effect-bitget/core/Demo"
import * as Flag from "@effect-bitget/core/Flag"
import * as LegacySymbol from "@effect-bitget/core/LegacySymbol"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as OrderBook from "@effect-bitget/core/OrderBook"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as FastCheck from "effect/FastCheck"
import * as Schema from "effect/Schema"

const plainDecimal = FastCheck.tuple(
  FastCheck.boolean(),
  FastCheck.stringMatching(/^(0|[1-9]\d{0,20})$/),
  FastCheck.option(FastCheck.stringMatching(/^\d{1,18}$/), { nil: undefined })
).map(([negative, whole, fraction]) =>
  `${negative && whole !== "0" ? "-" : ""}${whole}${fraction ? "." + fraction : ""}`
)

describe("OrderBook.Level", () => {
  const decode = Schema.decodeUnknownEither(OrderBook.Level)
  const encode = Schema.encodeSync(OrderBook.Level)
  const text = (input: unknown) => {
    const level = Schema.decodeUnknownSync(OrderBook.Level)(input)
    return [Decimal.format(level.price), Decimal.format(level.size)]
  }

  it("decodes [price, size] as strings (spot) or JSON numbers (futures) to { price, size }", () => {
    expect(text(["34567.10", "0.0131"])).toEqual(["34567.10", "0.0131"])
    expect(text([26347.5, 0.25])).toEqual(["26347.5", "0.25"])
    expect(text(["1", "2", "extra"])).toEqual(["1", "2"])
    expect(Object.keys(Schema.decodeUnknownSync(OrderBook.Level)(["1", "2"])).sort()).toEqual(["price", "size"])
  })

  it("refuses what is not a level, and encodes back in plain notation", () => {
    for (const bad of [["1"], ["x", "1"], [1, Number.NaN], "1,2", null, { price: "1", size: "2" }]) {
      expect(decode(bad)._tag, JSON.stringify(bad)).toBe("Left")
    }
    const tiny = { price: BigDecimal.make(1n, 9), size: BigDecimal.make(1000n, 2) }
    expect(encode(tiny)).toEqual(["0.000000001", "10.00"])
  })
})

describe("Decimal", () => {
  it("property: wire → BigDecimal → wire keeps the exact digits", () => {
    const decode = Schema.decodeUnknownSync(Decimal.Decimal)
    const encode = Schema.encodeSync(Decimal.Decimal)
    FastCheck.assert(FastCheck.property(plainDecimal, (text) => encode(decode(text)) === text), {
      numRuns: 1000
    })
  })

  it("property: any BigDecimal encodes in plain notation and decodes to an equal value", () => {
    const decode = Schema.decodeUnknownSync(Decimal.Decimal)
    const encode = Schema.encodeSync(Decimal.Decimal)
    FastCheck.assert(
      FastCheck.property(
        FastCheck.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
        FastCheck.integer({ min: -10, max: 30 }),
        (value, scale) => {
          const n = BigDecimal.make(value, scale)
          const text = encode(n)
          expect(text).toMatch(/^-?\d+(\.\d+)?$/)
          expect(BigDecimal.equals(decode(text), n)).toBe(true)
        }
      ),
      { numRuns: 1000 }
    )
  })

  it("property: parse reads plain and exponent notation exactly as BigDecimal.fromString, refusing what it refuses and \"\" and \"-\"", () => {
    const texts = FastCheck.oneof(
      plainDecimal,
      // Leading zeros, a sign on zero, long fractions, exponents and junk.
      FastCheck.stringMatching(/^-?\d{1,25}(\.\d{1,25})?$/),
      FastCheck.stringMatching(/^-?\d{1,3}(\.\d{1,3})?e-?\d{1,2}$/),
      FastCheck.stringMatching(/^[-.\d]{0,6}$/)
    )
    FastCheck.assert(
      FastCheck.property(texts, (text) => {
        const expected = BigDecimal.fromString(text)
        const got = Decimal.parse(text)
        // fromString reads "" and "-" as zero; an amount the exchange left blank is not zero.
        if (expected._tag === "None" || text === "" || text === "-") return got === undefined
        return got !== undefined && got.value === expected.value.value && got.scale === expected.value.scale
      }),
      { numRuns: 3000 }
    )
  })

  it("never writes exponent form, where BigDecimal.format would", () => {
    const tiny = BigDecimal.make(1n, 18)
    expect(BigDecimal.format(tiny)).toContain("e")
    expect(Decimal.format(tiny)).toBe("0.000000000000000001")
    expect(Decimal.format(BigDecimal.make(5n, -3))).toBe("5000")
    expect(Decimal.format(Decimal.unsafeMake("0.1000"))).toBe("0.1000")
  })

  it("decodes JSON numbers that some endpoints send, refuses junk", () => {
    const decode = Schema.decodeUnknownSync(Decimal.Decimal)
    expect(BigDecimal.equals(decode(12.5), Decimal.unsafeMake("12.5"))).toBe(true)
    expect(() => decode("abc")).toThrow()
    expect(() => decode("")).toThrow()
  })

  it("request decimals: BigDecimal or a plain string, sent as written; positive ones refuse zero", () => {
    const encode = Schema.encodeSync(Decimal.DecimalInput)
    expect(encode("0.00100")).toBe("0.00100")
    expect(encode(BigDecimal.make(1n, 20))).toBe("0.00000000000000000001")
    expect(() => encode("1e-7")).toThrow()
    expect(() => Schema.encodeSync(Decimal.PositiveDecimalInput)("0")).toThrow()
    expect(() => Schema.encodeSync(Decimal.PositiveDecimalInput)("-1")).toThrow()
    expect(Schema.encodeSync(Decimal.PositiveDecimalInput)("0.1")).toBe("0.1")
  })
})

describe("Timestamp, absent values, flags and open enums", () => {
  it("timestamps: ms as string or number, one type, back to a ms string", () => {
    const decode = Schema.decodeUnknownSync(Timestamp.Timestamp)
    expect(decode("1700000000000").epochMillis).toBe(1700000000000)
    expect(decode(1700000000000).epochMillis).toBe(1700000000000)
    expect(Schema.encodeSync(Timestamp.Timestamp)(Timestamp.fromMillis(5))).toBe("5")
    expect(() => decode("soon")).toThrow()
  })

  it("timestamp strings: digits only, up to the largest safe integer, read exactly", () => {
    const decode = Schema.decodeUnknownEither(Timestamp.Timestamp)
    const millis = (input: string) => {
      const decoded = decode(input)
      return decoded._tag === "Right" ? decoded.right.epochMillis : undefined
    }
    expect(millis("9007199254740991")).toBe(Number.MAX_SAFE_INTEGER)
    expect(millis("9007199254740992")).toBeUndefined()
    expect(millis("99999999999999999999")).toBeUndefined()
    expect(millis("0")).toBe(0)
    expect(millis("000000000000000000001")).toBe(1)
    for (const bad of ["", "-1", "+1", " 1", "1 ", "1.0", "1e3", "0x10", "1:", "/1", "１"]) {
      expect(millis(bad)).toBeUndefined()
    }
    // What `Number` makes of a digit string, wherever it is a safe integer.
    FastCheck.assert(
      FastCheck.property(FastCheck.stringMatching(/^\d{1,20}$/), (text) => {
        const n = Number(text)
        expect(millis(text)).toBe(Number.isSafeInteger(n) ? n : undefined)
      })
    )
  })

  it("\"\", null and a missing key all decode to a missing key", () => {
    const S = Schema.Struct({ a: Absent.optional(Decimal.Decimal) })
    const decode = Schema.decodeUnknownSync(S)
    expect(decode({ a: "" })).toEqual({})
    expect(decode({ a: null })).toEqual({})
    expect(decode({})).toEqual({})
    expect(BigDecimal.equals(decode({ a: "1.5" }).a!, Decimal.unsafeMake("1.5"))).toBe(true)
  })

  it("flags read every spelling and write their endpoint's", () => {
    const yes = Schema.decodeUnknownSync(Flag.YesNo)
    expect([yes("yes"), yes("YES"), yes("true"), yes(true), yes("no"), yes("NO"), yes("false")]).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false
    ])
    expect(Schema.encodeSync(Flag.YES_NO)(true)).toBe("YES")
    expect(Schema.encodeSync(Flag.TrueFalse)(false)).toBe("false")
    expect(() => yes("maybe")).toThrow()
  })

  it("open enums accept a value added tomorrow", () => {
    const Status = OpenEnum("live", "filled")
    expect(Schema.decodeUnknownSync(Status)("partially_filled_v2")).toBe("partially_filled_v2")
  })
})

describe("symbols", () => {
  it("demo symbols and coins both ways", () => {
    expect(Demo.symbol("BTCUSDT")).toBe("SBTCSUSDT")
    expect(Demo.realSymbol("SBTCSUSDT")).toBe("BTCUSDT")
    expect(Demo.coin("USDT")).toBe("SUSDT")
    expect(Demo.realCoin("SUSDT")).toBe("USDT")
    expect(Demo.isDemoSymbol("SOLUSDT")).toBe(false)
    expect(Demo.isDemoSymbol("SSOLSUSDT")).toBe(true)
    expect(Demo.isDemoProductType("susdt-futures")).toBe(true)
  })

  it("a demo symbol with a real coin, or the reverse, is a mismatch", () => {
    expect(Demo.checkPair({ symbol: "SBTCSUSDT", coin: "SUSDT", productType: "SUSDT-FUTURES" })).toBeUndefined()
    expect(Demo.checkPair({ symbol: "BTCUSDT", coin: "USDT", productType: "USDT-FUTURES" })).toBeUndefined()
    expect(Demo.checkPair({ symbol: "SBTCSUSDT", coin: "USDT" })).toContain("mixed")
    expect(Demo.checkPair({ symbol: "BTCUSDT", coin: "SUSDT" })).toContain("mixed")
    expect(Demo.checkPair({ symbol: "BTCUSDT", productType: "susdt-futures" })).toContain("mixed")
  })

  it("Coin-M delivery codes and V1 symbols", () => {
    expect(Delivery.parse("BTCUSDZ25")).toEqual({ pair: "BTCUSD", month: 12, year: 2025 })
    expect(Delivery.make({ pair: "ETHUSD", month: 3, year: 2026 })).toBe("ETHUSDH26")
    expect(Delivery.parse("BTCUSDT")).toBeUndefined()
    expect(Delivery.quarterCodes).toEqual(["H", "M", "U", "Z"])
    expect(Delivery.monthCodes).toHaveLength(12)
    expect(LegacySymbol.toV2("BTCUSDT_SPBL")).toBe("BTCUSDT")
    expect(LegacySymbol.toV2("BTCUSDT_UMCBL")).toBe("BTCUSDT")
    expect(LegacySymbol.toV2("BTCUSD_DMCBL")).toBe("BTCUSD")
    expect(LegacySymbol.toV2("BTCUSDT")).toBe("BTCUSDT")
  })
})
