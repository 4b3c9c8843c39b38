import * as Decimal from "@effect-bitget/core/Decimal"
import { describe, expect, it } from "@effect/vitest"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import * as Schemas from "../src/Schemas.js"

const encode = <A, I>(schema: Schema.Schema<A, I>) => Schema.encodeUnknownEither(schema)
const decode = <A, I>(schema: Schema.Schema<A, I>) => Schema.decodeUnknownEither(schema)

describe("V3 shared values", () => {
  it("category: any letter case accepted, sent upper case", () => {
    expect(encode(Schemas.Category)("usdt-futures")).toEqual(Either.right("USDT-FUTURES"))
    expect(encode(Schemas.Category)("Margin")).toEqual(Either.right("MARGIN"))
    expect(Either.isLeft(encode(Schemas.Category)("FUTURES"))).toBe(true)
  })

  it("an endpoint's subset refuses the other products", () => {
    expect(encode(Schemas.MarketCategory)("spot")).toEqual(Either.right("SPOT"))
    expect(Either.isLeft(encode(Schemas.MarketCategory)("MARGIN"))).toBe(true)
    expect(Either.isLeft(encode(Schemas.FuturesCategory)("SPOT"))).toBe(true)
    expect(Either.isLeft(encode(Schemas.LeveragedCategory)("SPOT"))).toBe(true)
    expect(encode(Schemas.LeveragedCategory)("margin")).toEqual(Either.right("MARGIN"))
  })

  it("an answer's category decodes to upper case", () => {
    expect(decode(Schemas.CategoryOut)("Margin")).toEqual(Either.right("MARGIN"))
    expect(decode(Schemas.CategoryOut)("usdt-futures")).toEqual(Either.right("USDT-FUTURES"))
  })

  it("clientOid: 32 of the allowed characters pass, 33 or another character fail", () => {
    const ok = "a.B:c/d_e-" + "x".repeat(22)
    expect(ok.length).toBe(32)
    expect(Either.isRight(encode(Schemas.ClientOid)(ok))).toBe(true)
    expect(Either.isLeft(encode(Schemas.ClientOid)(ok + "x"))).toBe(true)
    expect(Either.isLeft(encode(Schemas.ClientOid)("a#b"))).toBe(true)
    expect(Either.isLeft(encode(Schemas.ClientOid)(""))).toBe(true)
  })

  it("reduceOnly is sent lower case and decoded in any case", () => {
    expect(encode(Schemas.ReduceOnly)(true)).toEqual(Either.right("yes"))
    expect(decode(Schemas.ReduceOnly)("NO")).toEqual(Either.right(false))
  })

  it("a batch takes 1 to 20 items", () => {
    const batch = Schemas.batchOf(Schema.Struct({ symbol: Schema.String }))
    const items = (n: number) => Array.from({ length: n }, () => ({ symbol: "BTCUSDT" }))
    expect(Either.isRight(encode(batch)(items(20)))).toBe(true)
    expect(Either.isLeft(encode(batch)(items(21)))).toBe(true)
    expect(Either.isLeft(encode(batch)(items(0)))).toBe(true)
  })

  it("a partly successful batch decodes to succeeded and failed items, in order", () => {
    const result = Schema.decodeUnknownSync(Schema.Array(Schemas.BatchItem))([
      { orderId: "1", clientOid: "a" },
      { orderId: "", clientOid: "b", code: 25204, msg: "order does not exist" },
      { orderId: "3", clientOid: "c", code: "00000", msg: "success" }
    ])
    expect(result.map((item) => item._tag)).toEqual(["Succeeded", "Failed", "Succeeded"])
    const { failed, succeeded } = Schemas.partition(result)
    expect(succeeded.map((item) => item.orderId)).toEqual(["1", "3"])
    expect(failed).toEqual([{ _tag: "Failed", clientOid: "b", code: "25204", msg: "order does not exist" }])
    // Encoding gives the wire form back (what the simulator sends).
    expect(Schema.encodeSync(Schema.Array(Schemas.BatchItem))(result)[1]).toEqual({
      clientOid: "b",
      code: "25204",
      msg: "order does not exist"
    })
  })

  it("order book levels arrive as strings or numbers", () => {
    const book = Schema.decodeUnknownSync(Schemas.OrderBook)({
      a: [[100.5, 2]],
      b: [["100", "1.5"]],
      ts: "1700000000000"
    })
    expect(Decimal.format(book.a[0]!.price)).toBe("100.5")
    expect(Decimal.format(book.b[0]!.size)).toBe("1.5")
  })
})
