/**
 * Real bodies' quirks (bitget-docs-facts.md §6), decoded by the endpoints' own data schemas:
 * numbers where strings are documented, `""`/`null` for unset, booleans as strings, `feeDetail`
 * as JSON inside a string, candles and levels as tuples, seconds-looking times.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"

const decode = <A, I>(schema: Schema.Schema<A, I>, body: unknown): A => Schema.decodeUnknownSync(schema)(body)
const dec = Decimal.unsafeMake

describe("spot decoding of real bodies", () => {
  it("orderInfo: an array, feeDetail as JSON text with number values", () => {
    const [order] = decode(Spot.Trade.OrderInfo.data, [{
      userId: "123456",
      symbol: "TRXUSDT",
      orderId: "1",
      clientOid: "a-b",
      price: "0",
      size: "10.0000000000000000",
      orderType: "market",
      side: "buy",
      status: "filled",
      priceAvg: "0.0699782527055350",
      baseVolume: "142.9015000000000000",
      quoteVolume: "9.9999972790000000",
      enterPointSource: "API",
      feeDetail:
        "{\"newFees\":{\"c\":0,\"d\":0,\"deduction\":false,\"r\":-0.112079256,\"t\":-0.112079256,\"totalDeductionFee\":0},\"USDT\":{\"deduction\":false,\"feeCoinCode\":\"TRX\",\"totalDeductionFee\":0,\"totalFee\":-0.1120792560000000}}",
      orderSource: "market",
      cTime: "1690196141868",
      uTime: "1690196141868"
    }])
    expect(order!.feeDetail!.newFees!.t).toEqual(dec("-0.112079256"))
    expect(BigDecimal.equals(order!.feeDetail!.coins.USDT!.totalFee, dec("-0.112079256"))).toBe(true)
    expect(order!.feeDetail!.coins.USDT!.feeCoinCode).toBe("TRX")
    expect(order!.status).toBe("filled")
    // Encoding gives the JSON text back.
    const wire = Schema.encodeSync(Spot.Trade.OrderInfo.data)([order!]) as any
    expect(JSON.parse(wire[0].feeDetail).USDT.totalFee).toBe(-0.112079256)
  })

  it("open orders: null triggerPrice, old status, seconds-looking time, no uTime", () => {
    const [open] = decode(Spot.Trade.UnfilledOrders.data, [{
      userId: "1",
      symbol: "btcusdt",
      orderId: "2222222",
      clientOid: "x",
      priceAvg: "34829.12",
      size: "1",
      orderType: "limit",
      side: "buy",
      status: "new",
      basePrice: "0",
      baseVolume: "0",
      quoteVolume: "0",
      enterPointSource: "WEB",
      cTime: "1622697148",
      tpslType: "normal",
      triggerPrice: null
    }])
    expect(open!.triggerPrice).toBeUndefined()
    expect(open!.status).toBe("new")
    expect(DateTime.toEpochMillis(open!.cTime)).toBe(1622697148)
  })

  it("fills: feeDetail is an object, totalDeductionFee empty", () => {
    const [fill] = decode(Spot.Trade.Fills.data, [{
      userId: "1",
      symbol: "BTCUSDT",
      orderId: "1",
      tradeId: "2",
      orderType: "market",
      side: "buy",
      priceAvg: "13000",
      size: "0.0007",
      amount: "9.1",
      feeDetail: { deduction: "no", feeCoin: "BTC", totalDeductionFee: "", totalFee: "-0.0000007" },
      tradeScope: "taker",
      cTime: "1695865232579",
      uTime: "1695865233027"
    }])
    expect(fill!.feeDetail.deduction).toBe(false)
    expect(fill!.feeDetail.totalDeductionFee).toBeUndefined()
  })

  it("numbers where strings are documented", () => {
    const [tier] = decode(Spot.Market.VipFeeRates.data, [{
      level: 1,
      dealAmount: "1000000",
      assetAmount: "50000",
      takerFeeRate: "0",
      makerFeeRate: "0",
      btcWithdrawAmount: "300",
      usdtWithdrawAmount: "5000000"
    }])
    expect(tier!.level).toBe(1)
    const info = decode(Spot.Account.Info.data, {
      userId: "1",
      inviterId: "2",
      ips: "127.0.0.1",
      authorities: ["trade", "readonly"],
      parentId: 1,
      traderType: "trader",
      channelCode: "XXX",
      channel: "YYY",
      regisTime: "1246566789345"
    })
    expect(info.parentId).toBe("1")
    const [sub] = decode(Spot.Account.SubaccountAssets.data, [{
      userId: 9876543210,
      assetsList: [{ coin: "usdt", available: "1", limitAvailable: "0", frozen: "0", locked: "0", uTime: "1622697148" }]
    }])
    expect(sub!.userId).toBe("9876543210")
    const batch = decode(Spot.Trade.BatchCancelOrder.data, {
      successList: [],
      failureList: [{ orderId: "1", clientOid: "x", errorMsg: "failure", errorCode: 43001 }]
    })
    expect(batch.failureList[0]!.errorCode).toBe("43001")
  })

  it("coins: booleans as strings", () => {
    const [coin] = decode(Spot.Market.Coins.data, [{
      coinId: "1",
      coin: "BTC",
      transfer: "true",
      chains: [{
        chain: "BTC",
        needTag: "false",
        withdrawable: "true",
        rechargeable: "true",
        withdrawFee: "0.005",
        extraWithdrawFee: "0",
        depositConfirm: "1",
        withdrawConfirm: "1",
        minDepositAmount: "0.001",
        minWithdrawAmount: "0.001",
        browserUrl: "https://example.invalid/tx/",
        contractAddress: "",
        withdrawStep: "0",
        withdrawMinScale: "8"
      }]
    }])
    expect(coin!.transfer).toBe(true)
    expect(coin!.chains[0]!.needTag).toBe(false)
    expect(coin!.chains[0]!.contractAddress).toBeUndefined()
  })

  it("candles and levels from tuples, and back", () => {
    const row = [
      "1656604800000",
      "37834.5",
      "37849.5",
      "37773.5",
      "37773.5",
      "428.3462",
      "16198849.1079",
      "16198849.1080"
    ]
    const [candle] = decode(Spot.Market.Candles.data, [row])
    expect(DateTime.toEpochMillis(candle!.ts)).toBe(1656604800000)
    expect(candle!.quoteVolume).toEqual(dec("16198849.1080"))
    expect(Schema.encodeSync(Spot.Market.Candles.data)([candle!])).toEqual([row])
    const book = decode(Spot.Market.OrderBook.data, {
      asks: [["34567.15", "0.0131"]],
      bids: [["34567", "0.2917"]],
      ts: "1698303884584"
    })
    expect(book.asks[0]!.price).toEqual(dec("34567.15"))
    expect(book.bids[0]!.size).toEqual(dec("0.2917"))
    expect(() => decode(Spot.Market.Candles.data, [["1", "2"]])).toThrow()
  })

  it("plan orders page and transfer records with empty symbols", () => {
    const page = decode(Spot.PlanOrder.CurrentPlanOrder.data, {
      nextFlag: false,
      idLessThan: "1",
      orderList: [{
        orderId: "1",
        clientOid: "1",
        symbol: "TRXUSDT",
        size: "151",
        executePrice: "0.041572",
        triggerPrice: "0.041572",
        status: "not_trigger",
        orderType: "limit",
        side: "buy",
        planType: "amount",
        triggerType: "fill_price",
        enterPointSource: "API",
        uTime: "1668134576563",
        cTime: "1668134576563"
      }]
    })
    expect(page.orderList[0]!.status).toBe("not_trigger")
    const [record] = decode(Spot.Account.TransferRecords.data, [{
      coin: "btc",
      status: "Successful",
      toType: "usdt_futures",
      toSymbol: "",
      fromType: "spot",
      fromSymbol: "BTC/USD",
      size: "1000.00000000",
      ts: "1631070374488",
      clientOid: "1",
      transferId: "1"
    }])
    expect(record!.toSymbol).toBeUndefined()
  })
})
