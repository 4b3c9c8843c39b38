// A resting futures limit order holds its margin: one that needs more than the account has free is
// refused with Bitget's 40762, the hold shows as locked, and cancelling frees it. Each account's
// holds are its own; isolated and crossed orders hold at their own leverage.
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as Account from "@effect-bitget/futures/Account"
import * as Order from "@effect-bitget/futures/Order"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const PLACE = "POST /api/v2/mix/order/place-order"
const btc = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
const buy = (size: string, marginMode: "crossed" | "isolated" = "crossed") =>
  Order.placeOrder({ ...btc, marginMode, side: "buy", orderType: "limit", price: "50000", size, force: "gtc" })

const codeOf = <A, E>(effect: Effect.Effect<A, E, any>) =>
  Effect.map(Effect.flip(effect), (e: any) => [e._tag, e.code] as const)

const free = Effect.map(Account.account(btc), (a) => [BigDecimal.format(a.available), BigDecimal.format(a.locked)])

/** A fresh sub-account with `usdt` in its futures account, and a client signing as it. */
const subAccount = (usdt: string) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const control = yield* Simulator.control<FuturesControl>("futures")
    const sub = simulator.accounts.open({ parentUid: simulator.uid, kind: "virtual", now: Date.now() })
    const key = simulator.accounts.issueKey(sub.uid, { passphrase: "pass-sub", now: Date.now() })
    control.setBalance("USDT", usdt, { uid: sub.uid })
    const client = yield* Layer.build(Simulator.layerClient({ key, limiter: "none" }))
    return <A, E>(effect: Effect.Effect<A, E, BitgetClient.BitgetClient>) => Effect.provide(effect, client)
  })

layer(Simulator.layerClient({ limiter: "none" }).pipe(Layer.provideMerge(Simulator.layer({ rateLimits: false }))), {
  excludeTestServices: true
})("futures margin on resting orders", (it) => {
  it.scoped("crossed at 20×: the order that needs exactly what is free rests, one lot more is refused with 40762", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      // 0.4 BTC at 50000 is 20000 notional: 1000 margin at 20× and a 0.06% fee of 12 hold 1012.
      const as = yield* subAccount("1012")
      const before = simulator.traffic.count(PLACE)
      expect(yield* codeOf(as(buy("0.401")))).toEqual(["InsufficientBalance", "40762"])
      const order = yield* as(buy("0.4"))
      expect(simulator.traffic.count(PLACE) - before).toBe(2)
      expect(yield* as(free)).toEqual(["0", "1012"])
      // Nothing is left for another resting order, nor for a market order.
      expect(yield* codeOf(as(buy("0.001")))).toEqual(["InsufficientBalance", "40762"])
      const market = Order.placeOrder({
        ...btc,
        marginMode: "crossed",
        side: "buy",
        orderType: "market",
        size: "0.001"
      })
      expect(yield* codeOf(as(market))).toEqual(["InsufficientBalance", "43012"])
      // The main account's holds and balance are its own.
      yield* buy("1")
      expect(yield* free).toEqual(["97470", "2530"])
      // Cancelling frees the margin: the same order rests again.
      yield* as(Order.cancelOrder({ ...btc, orderId: order.orderId }))
      expect(yield* as(free)).toEqual(["1012", "0"])
      yield* as(buy("0.4"))
      expect(yield* as(free)).toEqual(["0", "1012"])
      expect(yield* free).toEqual(["97470", "2530"])
    }))

  it.scoped("isolated at 10× holds twice the margin of crossed at 20×, and the largest openable size agrees", () =>
    Effect.gen(function*() {
      // 0.2 BTC at 50000 is 10000 notional: 1000 margin at 10× and a fee of 6 hold 1006.
      const as = yield* subAccount("1006")
      yield* as(Account.setMarginMode({ ...btc, marginMode: "isolated" }))
      yield* as(Account.setLeverage({ ...btc, leverage: "10", holdSide: "long" }))
      expect(yield* codeOf(as(buy("0.201", "isolated")))).toEqual(["InsufficientBalance", "40762"])
      const order = yield* as(buy("0.2", "isolated"))
      expect(yield* as(free)).toEqual(["0", "1006"])
      const max = Account.maxOpen({ ...btc, posSide: "long", orderType: "limit", openPrice: "50000" })
      expect(BigDecimal.format((yield* as(max)).maxOpen)).toBe("0")
      yield* as(Order.cancelOrder({ ...btc, orderId: order.orderId }))
      expect(yield* as(free)).toEqual(["1006", "0"])
      expect(BigDecimal.format((yield* as(max)).maxOpen)).toBe("0.201")
    }))
})
