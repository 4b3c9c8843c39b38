/**
 * Bitget's sample bodies (https://www.bitget.com/api-doc/common/tax/…) decode through the
 * client's decoder; a `futureTaxType` outside the specification's list still decodes.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import { Tax } from "@effect-bitget/tax"
import { describe, expect, it } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import type * as Schema from "effect/Schema"

const decode = <A>(schema: Schema.Schema<A, any>, body: unknown): A =>
  Either.getOrThrow(FastDecode.decoder(schema)(body))

describe("tax bodies", () => {
  it("spot record", () => {
    const [row] = decode(Tax.spotRecord.endpoint.data, [{
      id: "1",
      coin: "AIBB",
      spotTaxType: "Interest",
      amount: "6018333.33333333",
      fee: "0",
      balance: "468575833.33333306",
      ts: "1686128884851"
    }])
    expect(Decimal.format(row!.balance)).toBe("468575833.33333306")
    expect(DateTime.toEpochMillis(row!.ts)).toBe(1686128884851)
    expect(row!.bizOrderId).toBeUndefined()
    // The newer page's sample carries the business order behind the record.
    const [withOrder] = decode(Tax.spotRecord.endpoint.data, [{
      id: "1",
      coin: "AIBB",
      spotTaxType: "Interest",
      amount: "6018333.33333333",
      fee: "0",
      balance: "468575833.33333306",
      bizOrderId: "1333333333333333333",
      ts: "1686128884851"
    }])
    expect(withOrder!.bizOrderId).toBe("1333333333333333333")
  })

  it("futures record: the sample's close_long, a negative fee, and the specification's values", () => {
    const rows = decode(Tax.futureRecord.endpoint.data, [
      {
        id: "2",
        symbol: "TRXUSDT",
        marginCoin: "USDT",
        futureTaxType: "close_long",
        amount: "0.10545",
        fee: "-0.02134863",
        ts: "1679909309766"
      },
      {
        id: "1",
        symbol: "",
        marginCoin: "USDT",
        futureTaxType: "transfer_in",
        amount: "5",
        fee: "0",
        ts: "1679909309000"
      }
    ])
    expect(rows.map((r) => r.futureTaxType)).toEqual(["close_long", "transfer_in"])
    expect(Decimal.format(rows[0]!.fee)).toBe("-0.02134863")
    expect(rows[1]!.symbol).toBeUndefined()
  })

  it("margin record", () => {
    const [row] = decode(Tax.marginRecord.endpoint.data, [{
      id: "1",
      coin: "USDT",
      marginTaxType: "transfer_in",
      amount: "13333",
      fee: "0",
      total: "13333",
      symbol: "BTCUSDT",
      ts: "1686129284474"
    }])
    expect(row!.marginTaxType).toBe("transfer_in")
  })

  it("P2P record", () => {
    const [row] = decode(Tax.p2pRecord.endpoint.data, [{
      id: "1752117",
      coin: "USDT",
      p2pTaxType: "buy",
      total: "10",
      ts: "1680582050393"
    }])
    expect(row!.p2pTaxType).toBe("buy")
    expect(Decimal.format(row!.total)).toBe("10")
  })
})
