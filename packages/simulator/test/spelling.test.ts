import * as FuturesMarket from "@effect-bitget/futures/Market"
import * as FuturesOrder from "@effect-bitget/futures/Order"
import * as Spelling from "@effect-bitget/simulator/Spelling"
import * as Trade from "@effect-bitget/spot/Trade"
import { describe, expect, it } from "@effect/vitest"

// Bitget takes its enum values in any case; the simulator brings them to the declared spelling.
describe("request spellings", () => {
  it("upper- and mixed-case enum values become the declared spelling; other values are left alone", () => {
    const spot = Spelling.make(Trade.PlaceOrder.request)
    expect(spot({ symbol: "BTCUSDT", side: "Buy", orderType: "LIMIT", force: "GTC", size: "1" })).toEqual({
      symbol: "BTCUSDT",
      side: "buy",
      orderType: "limit",
      force: "gtc",
      size: "1"
    })
    expect(spot({ force: "forever", symbol: "gtc" })).toEqual({ force: "forever", symbol: "gtc" })
    const futures = Spelling.make(FuturesOrder.PlaceOrder.request)
    expect(futures({ tradeSide: "Open", side: "SELL", productType: "USDT-FUTURES" })).toMatchObject({
      tradeSide: "open",
      side: "sell",
      productType: "USDT-FUTURES"
    })
    expect(futures({ tradeSide: "Close" }).tradeSide).toBe("close")
  })

  it("the contracts query takes the demo product types in upper case; batch items are spelled too", () => {
    const contracts = Spelling.make(FuturesMarket.Contracts.request)
    expect(contracts({ productType: "SUSDT-FUTURES" })).toEqual({ productType: "susdt-futures" })
    expect(contracts({ productType: "usdt-futures" })).toEqual({ productType: "usdt-futures" })
    const batch = Spelling.make(Trade.BatchOrders.request)
    const wire = { symbol: "BTCUSDT", orderList: [{ side: "SELL", orderType: "Market", force: "IOC", size: "1" }] }
    expect(batch(wire).orderList).toEqual([{ side: "sell", orderType: "market", force: "ioc", size: "1" }])
    // The caller's object is not changed.
    expect(wire.orderList[0]!.side).toBe("SELL")
  })
})
