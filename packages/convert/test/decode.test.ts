/**
 * Bitget's sample bodies (https://www.bitget.com/api-doc/common/convert/…) decode through the
 * client's decoder, including `fromCoinSize` sent as a JSON number.
 */
import { BgbConvert, Convert } from "@effect-bitget/convert"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import { describe, expect, it } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import type * as Schema from "effect/Schema"

const decode = <A>(schema: Schema.Schema<A, any>, body: unknown): A =>
  Either.getOrThrow(FastDecode.decoder(schema)(body))

describe("convert bodies", () => {
  it("currencies", () => {
    const [eth] = decode(Convert.currencies.endpoint.data, [
      { coin: "ETH", available: "0.9994", maxAmount: "5", minAmount: "0.0005" }
    ])
    expect(Decimal.format(eth!.minAmount)).toBe("0.0005")
  })

  it("a quote whose fromCoinSize is a JSON number", () => {
    const quote = decode(Convert.quotedPrice.endpoint.data, {
      fee: "0",
      fromCoinSize: 100,
      fromCoin: "USDT",
      cnvtPrice: "0.0005226794534969",
      toCoinSize: "0.23206967",
      toCoin: "ETH",
      traceId: "1"
    })
    expect(Decimal.format(quote.fromCoinSize)).toBe("100")
    expect(Decimal.format(quote.cnvtPrice)).toBe("0.0005226794534969")
    expect(quote.traceId).toBe("1")
  })

  it("a trade result", () => {
    const done = decode(Convert.trade.endpoint.data, {
      ts: "1688527221603",
      cnvtPrice: "0.00052268",
      toCoinSize: "0.23206967",
      toCoin: "ETH"
    })
    expect(DateTime.toEpochMillis(done.ts)).toBe(1688527221603)
  })

  it("a history page, fromCoinSize a number again, endId the cursor", () => {
    const page = decode(Convert.convertRecord.endpoint.data, {
      dataList: [{
        id: "1",
        ts: "1688527512229",
        cnvtPrice: "0.00052268",
        fee: "0",
        fromCoinSize: 100,
        fromCoin: "USDT",
        toCoinSize: "0.23206967",
        toCoin: "ETH"
      }],
      endId: "1"
    })
    expect(page.dataList[0]!.id).toBe("1")
    expect(page.endId).toBe("1")
  })

  it("BGB convert: the coin list, a convert answer and a record (`ctime` read as cTime)", () => {
    const { coinList } = decode(BgbConvert.coinList.endpoint.data, {
      coinList: [{
        coin: "SEAM",
        available: "0.00303329",
        bgbEstAmount: "0.03794680",
        precision: "8",
        feeDetail: [{ feeRate: "0.02", fee: "0.00075893" }],
        cTime: "1703831563514"
      }]
    })
    expect([coinList[0]!.precision, Decimal.format(coinList[0]!.feeDetail[0]!.fee)]).toEqual([8, "0.00075893"])
    const { orderList } = decode(BgbConvert.convert.endpoint.data, {
      orderList: [{ coin: "EOS", orderId: "1233431213" }, { coin: "GROK", orderId: "1233431214" }]
    })
    expect(orderList.map((o) => o.coin)).toEqual(["EOS", "GROK"])
    const [record] = decode(BgbConvert.records.endpoint.data, [{
      orderId: "111196666666684001",
      fromCoin: "ROOT",
      fromAmount: "64.99837000",
      fromCoinPrice: "0.02954000",
      toCoin: "BGB",
      toAmount: "3.55072001",
      toCoinPrice: "0.54075000",
      feeDetail: [{ feeCoin: "BGB", fee: "0.07101441" }],
      status: "success",
      ctime: "1700837066186"
    }])
    expect(DateTime.toEpochMillis(record!.cTime)).toBe(1700837066186)
    expect(Decimal.format(record!.toAmount)).toBe("3.55072001")
  })
})
