// The rules the symbol lists announce are the rules placement enforces, with Bitget's codes.
import * as Order from "@effect-bitget/futures/Order"
import { Simulator } from "@effect-bitget/simulator"
import * as Market from "@effect-bitget/spot/Market"
import * as Trade from "@effect-bitget/spot/Trade"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const codeOf = <A, E>(effect: Effect.Effect<A, E, any>) =>
  Effect.map(Effect.flip(effect), (e: any) => [e._tag, e.code] as const)

layer(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer())), { excludeTestServices: true })(
  "announced rules are enforced",
  (it) => {
    it.effect("spot: price and size places, minimum order value, each at its edge", () =>
      Effect.gen(function*() {
        const [eth] = yield* Market.symbols({ symbol: "ETHUSDT" })
        expect([eth!.pricePrecision, eth!.quantityPrecision, BigDecimal.format(eth!.minTradeUSDT)]).toEqual([2, 4, "1"])
        const order = { symbol: "ETHUSDT", side: "buy", orderType: "limit", force: "gtc" } as const
        expect(yield* codeOf(Trade.placeOrder({ ...order, price: "2000.001", size: "0.01" }))).toEqual([
          "InvalidParameter",
          "40808"
        ])
        expect(yield* codeOf(Trade.placeOrder({ ...order, price: "2000", size: "0.00001" }))).toEqual([
          "InvalidParameter",
          "40808"
        ])
        // 0.0004 × 2000 = 0.8 USDT is below the 1 USDT minimum; 0.0005 × 2000 = 1 USDT is accepted.
        const below = yield* codeOf(Trade.placeOrder({ ...order, price: "2000", size: "0.0004" }))
        expect(below[1]).toBe("45110")
        const at = yield* Trade.placeOrder({ ...order, price: "2000.01", size: "0.0005" })
        expect(at.orderId).toBeDefined()
      }))

    it.effect("futures: volume and price places and the 5 USDT minimum of linear contracts", () =>
      Effect.gen(function*() {
        const order = {
          symbol: "ETHUSDT",
          productType: "USDT-FUTURES",
          marginCoin: "USDT",
          marginMode: "crossed",
          side: "buy"
        } as const
        const size = yield* codeOf(Order.placeOrder({ ...order, orderType: "market", size: "0.0105" }))
        expect(size[1]).toBe("40808")
        const price = yield* codeOf(Order.placeOrder({ ...order, orderType: "limit", price: "2000.001", size: "0.01" }))
        expect(price[1]).toBe("40808")
        // 0.002 × 2000 = 4 USDT is below 5; 0.003 × 2000 = 6 is accepted.
        const small = yield* codeOf(Order.placeOrder({ ...order, orderType: "limit", price: "2000", size: "0.002" }))
        expect(small[1]).toBe("45110")
        const ok = yield* Order.placeOrder({ ...order, orderType: "limit", price: "2000.01", size: "0.003" })
        expect(ok.orderId).toBeDefined()
      }))
  }
)
