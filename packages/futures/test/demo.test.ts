import * as Account from "@effect-bitget/futures/Account"
import * as Candles from "@effect-bitget/futures/Candles"
import * as Market from "@effect-bitget/futures/Market"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as PlanOrder from "@effect-bitget/futures/PlanOrder"
import * as Position from "@effect-bitget/futures/Position"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { describe, expect, it, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"

const fmt = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? undefined : BigDecimal.format(value)
const demo = { symbol: "SBTCSUSDT", productType: "SUSDT-FUTURES", marginCoin: "SUSDT" } as const

layer(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer())), { excludeTestServices: true })(
  "demo symbols and coins",
  (it) => {
    it.effect("demo accounts hold the demo coins", () =>
      Effect.gen(function*() {
        const accounts = yield* Account.accounts({ productType: "SUSDT-FUTURES" })
        expect(accounts.map((a) => [a.marginCoin, fmt(a.available)])).toEqual([["SUSDT", "100000"]])
        const coin = yield* Account.accounts({ productType: "SCOIN-FUTURES" })
        expect(coin.map((a) => a.marginCoin).sort()).toEqual(["SBTC", "SETH"])
        const control = yield* Simulator.control<FuturesControl>("futures")
        expect(["SUSDT", "SBTC", "SETH", "SEOS", "SUSDC"].map((c) => fmt(control.balance(c)))).toEqual([
          "100000",
          "10",
          "100",
          "10000",
          "100000"
        ])
      }))

    it.effect("a demo order with demo symbol and coin gets a demo order id", () =>
      Effect.gen(function*() {
        const placed = yield* Order.placeOrder({
          ...demo,
          marginMode: "isolated",
          size: "0.01",
          side: "buy",
          orderType: "limit",
          price: "70000",
          force: "gtc",
          reduceOnly: false
        })
        expect(placed.orderId!.startsWith("8888")).toBe(true)
        const [position] = yield* Position.singlePosition(demo)
        expect(position!.symbol).toBe("SBTCSUSDT")
        expect(position!.marginCoin).toBe("SUSDT")
        expect(position!.marginMode).toBe("isolated")
        const plan = yield* PlanOrder.placePlanOrder({
          ...demo,
          planType: "normal_plan",
          marginMode: "isolated",
          size: "0.01",
          triggerPrice: "50000",
          triggerType: "mark_price",
          side: "sell",
          orderType: "market"
        })
        expect(plan.orderId!.startsWith("8888")).toBe(true)
        const subs = yield* PlanOrder.planSubOrder({
          planType: "normal_plan",
          planOrderId: plan.orderId!,
          productType: "SUSDT-FUTURES"
        })
        expect(subs).toEqual([])
        const lower = yield* OrderQuery.ordersHistory({ productType: "susdt-futures" })
        expect(lower.entrustedList.map((o) => o.orderId)).toEqual([placed.orderId])
      }))

    it.effect("mixing demo and real values fails locally", () =>
      Effect.gen(function*() {
        const order = { marginMode: "isolated", size: "0.01", side: "buy", orderType: "market" } as const
        const realCoin = yield* Effect.flip(Order.placeOrder({ ...order, ...demo, marginCoin: "USDT" }))
        expect(realCoin._tag).toBe("InvalidRequest")
        const realType = yield* Effect.flip(Order.placeOrder({ ...order, ...demo, productType: "USDT-FUTURES" }))
        expect(realType._tag).toBe("InvalidRequest")
        const reverse = yield* Effect.flip(
          Order.placeOrder({ ...order, symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "SUSDT" })
        )
        expect(reverse._tag).toBe("InvalidRequest")
        const account = yield* Effect.flip(Account.account({ ...demo, productType: "COIN-FUTURES" }))
        expect(account._tag).toBe("InvalidRequest")
        const ticker = yield* Effect.flip(Market.ticker({ symbol: "SBTCSUSDT", productType: "USDT-FUTURES" }))
        expect(ticker._tag).toBe("InvalidRequest")
      }))
  }
)

layer(Simulator.layerClient({ demo: true }).pipe(Layer.provideMerge(Simulator.layer())), {
  excludeTestServices: true
})("paptrading (BITGET_DEMO=1)", (it) => {
  it.effect("real symbols trade a separate demo account with demo order ids", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<FuturesControl>("futures")
      control.setBalance("USDT", "5000", { demo: true })
      const placed = yield* Order.placeOrder({
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        marginCoin: "USDT",
        marginMode: "crossed",
        size: "0.01",
        side: "buy",
        orderType: "market"
      })
      expect(placed.orderId!.startsWith("8888")).toBe(true)
      const account = yield* Account.account({ symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" })
      expect(BigDecimal.lessThan(account.available, BigDecimal.unsafeFromString("5000"))).toBe(true)
      expect(fmt(control.balance("USDT"))).toBe("100000")
    }))
})

describe("decoding what the exchange really sends", () => {
  it("account leverage as numbers or strings, empty strings and nulls as absent", () => {
    const decode = Schema.decodeUnknownSync(Account.Account)
    const base = {
      marginCoin: "USDT",
      locked: "0",
      available: "13168.86110692",
      crossedMaxAvailable: "13168.86110692",
      isolatedMaxAvailable: "13168.86110692",
      maxTransferOut: "13168.86110692",
      accountEquity: "13178.86110692",
      usdtEquity: "13178.861106922",
      btcEquity: "0.344746495477",
      crossedRiskRate: "0",
      marginMode: "crossed",
      posMode: "hedge_mode",
      unrealizedPL: "",
      coupon: "0",
      isolatedMargin: null,
      crossedMargin: null
    }
    const numbers = decode({ ...base, crossedMarginLeverage: 20, isolatedLongLever: 25, isolatedShortLever: 10 })
    const strings = decode({ ...base, crossedMarginLeverage: "20", isolatedLongLever: "25", isolatedShortLever: "10" })
    expect(fmt(numbers.isolatedLongLever)).toBe("25")
    expect(fmt(strings.isolatedShortLever)).toBe("10")
    expect(numbers.unrealizedPL).toBeUndefined()
    expect("isolatedMargin" in numbers).toBe(false)
  })

  it("contracts with empty and -1 times, candles of 7 columns, fills with a feeDetail array", () => {
    const contract = Schema.decodeUnknownSync(Market.Contract)({
      symbol: "BTCUSDT",
      baseCoin: "BTC",
      quoteCoin: "USDT",
      buyLimitPriceRatio: "0.9",
      sellLimitPriceRatio: "0.9",
      feeRateUpRatio: "0.1",
      makerFeeRate: "0.0004",
      takerFeeRate: "0.0006",
      openCostUpRatio: "0.1",
      supportMarginCoins: ["USDT"],
      minTradeNum: "0.01",
      priceEndStep: "1",
      volumePlace: "2",
      pricePlace: "1",
      sizeMultiplier: "0.01",
      symbolType: "perpetual",
      symbolStatus: "normal",
      offTime: "-1",
      limitOpenTime: "-1",
      deliveryTime: "",
      deliveryStartTime: "",
      launchTime: "",
      fundInterval: "8",
      minLever: "1",
      maxLever: "125",
      posLimit: "0.05",
      maintainTime: "1680165535278"
    })
    expect(contract.offTime).toBeUndefined()
    expect(contract.deliveryTime).toBeUndefined()
    expect(contract.maintainTime?.epochMillis).toBe(1680165535278)
    const [candle] = Schema.decodeUnknownSync(Schema.Array(Candles.Candle))([
      ["1695835800000", "26210.5", "26210.5", "26194.5", "26194.5", "26.26", "687897.63"]
    ])
    expect(fmt(candle!.quoteVolume)).toBe("687897.63")
    expect(candle!.ts.epochMillis).toBe(1695835800000)
    const fill = Schema.decodeUnknownSync(OrderQuery.Fill)({
      tradeId: "123",
      symbol: "ethusdt",
      orderId: "121212",
      price: "1900",
      baseVolume: "1",
      feeDetail: [{ deduction: "yes", feeCoin: "BGB", totalDeductionFee: "-0.017", totalFee: "-0.017" }],
      side: "buy",
      quoteVolume: "1902",
      profit: "102",
      enterPointSource: "api",
      tradeSide: "close",
      posMode: "hedge_mode",
      tradeScope: "taker",
      cTime: "1627293509612"
    })
    expect(fill.feeDetail[0]!.deduction).toBe(true)
    const depth = Schema.decodeUnknownSync(Market.MergeDepth.data)({
      asks: [[26347.5, 0.25]],
      bids: [[26346.5, 0.16]],
      ts: "1695870968804",
      scale: "0.1",
      precision: "scale0",
      isMaxPrecision: "NO"
    })
    expect(fmt(depth.asks[0]!.price)).toBe("26347.5")
    expect(fmt(depth.bids[0]!.size)).toBe("0.16")
  })
})
