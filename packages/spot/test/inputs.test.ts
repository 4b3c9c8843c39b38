/**
 * Bad spot orders are refused locally with a reason a person reads: one line, the field first
 * (the limit order without a price used to print a 2,000-character schema dump).
 */
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

const order = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "50000",
  size: "0.01"
} as const

const reasonOf = <A, E extends { readonly _tag: string }, R>(call: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const before = simulator.traffic.total()
    const error = yield* Effect.flip(call)
    expect(error._tag).toBe("InvalidRequest")
    expect(simulator.traffic.total()).toBe(before)
    const reason = (error as unknown as { reason: string }).reason
    expect(reason).not.toContain("\n")
    expect(reason.length).toBeLessThan(300)
    return reason
  })

layer(Env, { excludeTestServices: true })("spot order input", (it) => {
  it.effect("a limit order without a price: `price: required for a limit order`, one line", () =>
    Effect.gen(function*() {
      const { price: _, ...noPrice } = order
      expect(yield* reasonOf(Spot.Trade.placeOrder(noPrice))).toBe("price: required for a limit order")
      expect(yield* reasonOf(Spot.Trade.batchOrders({ symbol: "BTCUSDT", orderList: [order, noPrice] }))).toBe(
        "orderList[1]: price: required for a limit order"
      )
    }))

  it.effect("a wrong enum value names the field and the values it takes", () =>
    Effect.gen(function*() {
      const reason = yield* reasonOf(Spot.Trade.placeOrder({ ...order, side: "up" as "buy" }))
      expect(reason).toBe("side: expected \"buy\" or \"sell\" (any letter case), got \"up\"")
    }))

  it.effect("an undeclared key on placeOrder and on a batch item is refused, not dropped", () =>
    Effect.gen(function*() {
      const extra = { ...order, reduceOnly: "YES" } as typeof order
      expect(yield* reasonOf(Spot.Trade.placeOrder(extra))).toBe("reduceOnly: is not a parameter of this endpoint")
      expect(yield* reasonOf(Spot.Trade.batchOrders({ symbol: "BTCUSDT", orderList: [order, extra] }))).toBe(
        "orderList[1].reduceOnly: is not a parameter of this endpoint"
      )
    }))

  it.effect("Bitget's other spellings (GTC, BUY, Limit) are accepted and the documented ones sent", () =>
    Effect.gen(function*() {
      const placed = yield* Spot.Trade.placeOrder({
        ...order,
        side: "BUY" as "buy",
        orderType: "Limit" as "limit",
        force: "GTC" as "gtc",
        clientOid: "spelled-1"
      })
      const [info] = yield* Spot.Trade.orderInfo({ orderId: placed.orderId! })
      expect([info!.side, info!.orderType]).toEqual(["buy", "limit"])
      const reason = yield* reasonOf(Spot.Trade.placeOrder({ ...order, force: "GTX" as "gtc" }))
      expect(reason).toBe(
        "force: expected \"gtc\" or \"post_only\" or \"fok\" or \"ioc\" (any letter case), got \"GTX\""
      )
    }))
})
