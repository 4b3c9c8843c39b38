/**
 * Bitget's own sample bodies (https://www.bitget.com/api-doc/common/p2p/…) decode through the
 * decoder the client runs, including the quirks: `ctime`/`utime` beside `cTime`/`uTime`,
 * `""` times, `userLimitList` as an object or an array, JSON booleans and `yes`/`no` flags.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import { Merchant } from "@effect-bitget/p2p"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"

const decode = <A>(schema: Schema.Schema<A, any>, body: unknown): A =>
  Either.getOrThrow(FastDecode.decoder(schema)(body))
const fails = (schema: Schema.Schema<any, any>, body: unknown) =>
  expect(Either.isLeft(FastDecode.decoder(schema)(body))).toBe(true)
const ms = (t: DateTime.Utc | undefined) => t === undefined ? undefined : DateTime.toEpochMillis(t)

const order = {
  orderId: "1",
  orderNo: "1",
  advNo: "1",
  price: "1",
  count: "11",
  side: "buy",
  fiat: "USD",
  coin: "USDT",
  withdrawTime: "",
  representTime: "",
  paymentTime: "",
  releaseTime: "",
  amount: "11",
  buyerRealName: "",
  sellerRealName: "兰州",
  status: "cancelled",
  paymentInfo: {
    paymethodName: "paypal",
    paymethodId: "1",
    paymethodInfo: [
      { name: "繁体中文", required: "yes", type: "number", value: "11****" },
      { name: "繁体中文", required: "no", type: "file", value: "http://abc.x.com/otc/images/20230116/1.jpg" }
    ]
  },
  utime: "1696732368875",
  ctime: "1681111722251"
}

describe("P2P orders", () => {
  it("decode the sample body: ctime/utime, empty times absent, yes/no flags", () => {
    const page = decode(Merchant.orderList.endpoint.data, { orderList: [order], minOrderId: "1" })
    const row = page.orderList[0]!
    expect(ms(row.cTime)).toBe(1681111722251)
    expect(ms(row.uTime)).toBe(1696732368875)
    expect(row.releaseTime).toBeUndefined()
    expect(row.buyerRealName).toBeUndefined()
    expect(row.sellerRealName).toBe("兰州")
    expect(row.status).toBe("cancelled")
    expect(row.paymentInfo!.paymethodInfo.map((i) => i.required)).toEqual([true, false])
    expect(BigDecimal.equals(row.count, Decimal.unsafeMake("11"))).toBe(true)
    expect(page.minOrderId).toBe("1")
  })

  it("decode the field table's cTime/uTime spelling to the same values", () => {
    const { ctime, utime, ...rest } = order
    const row = decode(Merchant.Order, { ...rest, cTime: ctime, uTime: utime, releaseTime: "1696732368000" })
    expect(ms(row.cTime)).toBe(1681111722251)
    expect(ms(row.uTime)).toBe(1696732368875)
    expect(ms(row.releaseTime)).toBe(1696732368000)
  })

  it("refuse a row with no creation time in either spelling", () => {
    const { ctime: _, ...noTime } = order
    fails(Merchant.Order, noTime)
  })

  it("encode (what the simulator sends) in the sample's spelling, and read it back", () => {
    const row = decode(Merchant.Order, order)
    const wire = Schema.encodeSync(Merchant.Order)(row) as Record<string, unknown>
    expect(wire.ctime).toBe("1681111722251")
    expect(wire.cTime).toBeUndefined()
    expect(decode(Merchant.Order, wire)).toStrictEqual(row)
  })
})

const advert = {
  advId: "1",
  advNo: "1",
  side: "buy",
  advSize: "0.6",
  size: "0",
  coin: "BTC",
  price: "155570.9",
  coinPrecision: "36",
  fiat: "CNY",
  fiatPrecision: "2",
  fiatSymbol: "￥",
  status: "online",
  hide: "no",
  maxTradeAmount: "93342.54",
  minTradeAmount: "100",
  payDuration: "4",
  turnoverNum: "8",
  turnoverRate: "1.00",
  label: null,
  userLimitList: {
    minCompleteNum: "0",
    maxCompleteNum: "0",
    placeOrderNum: "0",
    allowMerchantPlace: "no",
    completeRate30d: "0",
    country: ""
  },
  paymentMethodList: [
    { paymentMethod: "Bank Card", paymentId: "11", paymentInfo: [{ name: "Bank Card", required: true, type: "txt" }] }
  ],
  merchantCertifiedList: [],
  utime: "1696733724267",
  ctime: "1696733724267"
}

describe("P2P adverts", () => {
  it("decode the sample: userLimitList as one object becomes an array, null label absent", () => {
    const page = decode(Merchant.advList.endpoint.data, { advList: [advert], minAdvId: "1" })
    const row = page.advList[0]!
    expect(row.userLimitList).toHaveLength(1)
    expect(row.userLimitList![0]!.allowMerchantPlace).toBe(false)
    expect(row.label).toBeUndefined()
    expect(row.hide).toBe(false)
    expect(row.paymentMethodList[0]!.paymentInfo[0]!.required).toBe(true)
    expect(Decimal.format(row.turnoverRate)).toBe("1.00")
    expect(ms(row.cTime)).toBe(1696733724267)
  })

  it("decode userLimitList as the table's array too", () => {
    const row = decode(Merchant.Advert, { ...advert, userLimitList: [advert.userLimitList, advert.userLimitList] })
    expect(row.userLimitList).toHaveLength(2)
  })
})

describe("P2P merchants", () => {
  it("decode the merchant list sample", () => {
    const page = decode(Merchant.merchantList.endpoint.data, {
      merchantList: [{
        registerTime: "1678674575000",
        nickName: "test1",
        isOnline: "no",
        avgPaymentTime: "0",
        avgReleaseTime: "0",
        totalTrades: "0",
        totalBuy: "0",
        totalSell: "0",
        totalCompletionRate: "0",
        trades30d: "8",
        sell30d: "4",
        buy30d: "4",
        completionRate30d: "0.8"
      }],
      minMerchantId: "1"
    })
    expect(page.merchantList[0]!.isOnline).toBe(false)
    expect(page.merchantList[0]!.trades30d).toBe(8)
    expect(page.minMerchantId).toBe("1")
  })

  it("decode the merchant information sample with JSON booleans", () => {
    const info = decode(Merchant.merchantInfo.endpoint.data, {
      registerTime: "1672039640000",
      nickName: "lz",
      merchantId: "1",
      avgPaymentTime: "172695",
      avgReleaseTime: "33009",
      totalTrades: "2",
      totalBuy: "1",
      totalSell: "0",
      totalCompletionRate: "1",
      trades30d: "12",
      sell30d: "4",
      buy30d: "8",
      completionRate30d: "0.71",
      kycStatus: true,
      emailBindStatus: false,
      mobileBindStatus: true,
      email: "******@*****.com",
      mobile: "18*34"
    })
    expect([info.kycStatus, info.emailBindStatus, info.mobileBindStatus]).toEqual([true, false, true])
    expect(info.merchantId).toBe("1")
  })
})
