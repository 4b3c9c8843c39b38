/**
 * Ids (`userId`, `parentId`) through the client's fast decoder, which calls `Id`'s own decode
 * (its `FastDeclaration`) instead of the declaration's parser: the same answers as Effect's parser
 * for every kind of input, and a refused one still fails with the parser's message.
 */
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"

const FastDeclaration = FastDecode.FastDeclaration

const row = (userId: unknown) => ({
  userId,
  symbol: "BTCUSDT",
  orderId: "1",
  tradeId: "2",
  orderType: "limit",
  side: "buy",
  priceAvg: "1",
  size: "1",
  amount: "1",
  feeDetail: { deduction: "no", feeCoin: "USDT", totalDeductionFee: "", totalFee: "-0.1" },
  tradeScope: "taker",
  cTime: "1700000000000",
  uTime: "1700000000000"
})

describe("ids in the fast decoder", () => {
  const data = Spot.Trade.Fills.data
  const fast = FastDecode.decoder(data)
  const full = Schema.decodeUnknownEither(data)

  it("a string as it is, a JSON number as its text, anything else refused: as Effect's parser answers", () => {
    for (const userId of ["123", "", "x", 123, 0, -5, 1.5, 12345678901234567890, NaN, Infinity, true, null, {}, []]) {
      const got = fast([row(userId)])
      expect(got, String(userId)).toEqual(full([row(userId)]))
    }
    expect(Either.map(fast([row(9876543210)]), (rows) => rows[0]!.userId)).toEqual(Either.right("9876543210"))
    const refused = fast([row(true)])
    expect(Either.isLeft(refused) && refused.left.message).toContain("Expected an id (string or number)")
  })

  it("the fast path answers without the parser (the annotation is present and is the decode)", () => {
    const fill = (data.ast as { rest: ReadonlyArray<{ type: { propertySignatures: ReadonlyArray<any> } }> }).rest[0]!
    const id = fill.type.propertySignatures.find((p) => p.name === "userId")!.type
    const own = id.annotations[FastDeclaration] as (input: unknown) => unknown
    expect(own("7")).toBe("7")
    expect(own(7)).toBe("7")
    expect(own(null)).toBeUndefined()
  })
})
