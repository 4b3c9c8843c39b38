import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const spot = Simulator.control<SpotControl>("spot")
const day = 86_400_000
const { time } = Spot.Schemas

/** Runs a call that must fail locally: `InvalidRequest`, and the simulated world did not change. */
const rejectedLocally = <A, E extends { readonly _tag: string; readonly message: string }, R>(
  call: Effect.Effect<A, E, R>,
  reason: string
) =>
  Effect.gen(function*() {
    const control = yield* spot
    const orders = control.world.orders.size
    const plans = control.world.plans.size
    const transfers = control.world.transfers.length
    const error = yield* Effect.flip(call)
    expect(error._tag).toBe("InvalidRequest")
    expect(error.message).toContain(reason)
    expect(control.world.orders.size).toBe(orders)
    expect(control.world.plans.size).toBe(plans)
    expect(control.world.transfers.length).toBe(transfers)
  })

const order = { symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", price: "100", size: "0.001" } as const

layer(Env, { excludeTestServices: true })("spot local rules", (it) => {
  it.effect("cancel-plan-order without orderId and clientOid", () =>
    rejectedLocally(Spot.PlanOrder.cancelPlanOrder({}), "orderId or clientOid"))

  it.effect("cancel-order and orderInfo need an id too", () =>
    Effect.gen(function*() {
      yield* rejectedLocally(Spot.Trade.cancelOrder({ symbol: "BTCUSDT" }), "orderId or clientOid")
      yield* rejectedLocally(Spot.Trade.orderInfo({}), "orderId or clientOid")
    }))

  it.effect("a limit order without price", () =>
    Effect.gen(function*() {
      const { price: _, ...noPrice } = order
      yield* rejectedLocally(Spot.Trade.placeOrder(noPrice), "price: required for a limit order")
      yield* rejectedLocally(
        Spot.Trade.batchOrders({ symbol: "BTCUSDT", orderList: [noPrice] }),
        "price: required for a limit order"
      )
      yield* rejectedLocally(
        Spot.PlanOrder.placePlanOrder({
          symbol: "BTCUSDT",
          side: "buy",
          triggerPrice: "1000",
          orderType: "limit",
          size: "1",
          triggerType: "fill_price"
        }),
        "executePrice"
      )
    }))

  it.effect("a market order needs no price", () =>
    Effect.gen(function*() {
      const placed = yield* Spot.Trade.placeOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        force: "gtc",
        size: "10"
      })
      expect(placed.orderId).toBeDefined()
    }))

  it.effect("batch lists over 50", () =>
    Effect.gen(function*() {
      const orderList = Array.from({ length: 51 }, () => order)
      yield* rejectedLocally(Spot.Trade.batchOrders({ symbol: "BTCUSDT", orderList }), "50")
      const ids = Array.from({ length: 51 }, (_, i) => ({ orderId: String(i + 1) }))
      yield* rejectedLocally(Spot.Trade.batchCancelOrder({ symbol: "BTCUSDT", orderList: ids }), "50")
      // 50 is fine.
      const fifty = yield* Spot.Trade.batchCancelOrder({ symbol: "BTCUSDT", orderList: ids.slice(0, 50) })
      expect(fifty.failureList.length).toBe(50)
    }))

  it.effect("order book limit outside 1 to 150 (Bitget's orderbook page; the tiers are merge-depth's)", () =>
    Effect.gen(function*() {
      for (const limit of [0, 151, 1000]) {
        yield* rejectedLocally(Spot.Market.orderBook({ symbol: "BTCUSDT", limit }), "limit")
      }
      for (const limit of [1, 2, 100, 150]) {
        const book = yield* Spot.Market.orderBook({ symbol: "BTCUSDT", limit })
        expect(book.asks.length).toBe(limit)
      }
    }))

  it.effect("a non-positive size, price or amount", () =>
    Effect.gen(function*() {
      yield* rejectedLocally(Spot.Trade.placeOrder({ ...order, size: "0" }), "greater than zero")
      yield* rejectedLocally(Spot.Trade.placeOrder({ ...order, size: "-1" }), "greater than zero")
      yield* rejectedLocally(Spot.Trade.placeOrder({ ...order, size: BigDecimal.fromNumber(0) }), "greater than zero")
      yield* rejectedLocally(Spot.Trade.placeOrder({ ...order, price: "0" }), "greater than zero")
      yield* rejectedLocally(
        Spot.Wallet.transfer({ fromType: "spot", toType: "p2p", amount: "0", coin: "USDT" }),
        "greater than zero"
      )
      yield* rejectedLocally(Spot.Trade.placeOrder({ ...order, size: "1e-3" }), "decimal")
    }))

  it.effect("a demo symbol with a real coin, or the reverse", () =>
    Effect.gen(function*() {
      yield* rejectedLocally(
        Spot.Wallet.transfer({
          fromType: "spot",
          toType: "isolated_margin",
          amount: "1",
          coin: "USDT",
          symbol: "SBTCSUSDT"
        }),
        "demo and real values mixed"
      )
      yield* rejectedLocally(
        Spot.Wallet.transfer({
          fromType: "spot",
          toType: "isolated_margin",
          amount: "1",
          coin: "SUSDT",
          symbol: "BTCUSDT"
        }),
        "demo and real values mixed"
      )
    }))

  it.effect("a time range longer than the endpoint's window on a single-page call", () =>
    Effect.gen(function*() {
      const now = Date.now()
      const long = { startTime: time(now - 91 * day), endTime: time(now) }
      yield* rejectedLocally(Spot.Account.bills(long), "90d")
      yield* rejectedLocally(Spot.Trade.historyOrders(long), "90d")
      yield* rejectedLocally(Spot.Trade.fills(long), "90d")
      yield* rejectedLocally(Spot.Wallet.depositRecords(long), "90d")
      yield* rejectedLocally(Spot.PlanOrder.historyPlanOrder({ ...long, symbol: "BTCUSDT" }), "90d")
      // Exactly 90 days is allowed.
      const ok = yield* Spot.Account.bills({ startTime: time(now - 90 * day), endTime: time(now) })
      expect(Array.isArray(ok)).toBe(true)
    }))

  it.effect("page sizes above the endpoint's maximum, bad clientOids, Lightning sizes out of range", () =>
    Effect.gen(function*() {
      yield* rejectedLocally(Spot.Trade.fills({ limit: 101 }), "limit")
      yield* rejectedLocally(Spot.Account.bills({ limit: 501 }), "limit")
      yield* rejectedLocally(Spot.Trade.placeOrder({ ...order, clientOid: "has space" }), "clientOid")
      yield* rejectedLocally(
        Spot.Wallet.subaccountDepositAddress({ subUid: "1", coin: "BTC", size: "0.02" }),
        "0.000001 to 0.01"
      )
      yield* rejectedLocally(
        Spot.Wallet.subaccountDepositAddress({ subUid: "1", coin: "BTC", size: "0.0000001" }),
        "0.000001 to 0.01"
      )
    }))
})

const Demo = Simulator.layerClient({ demo: true }).pipe(Layer.provideMerge(Simulator.layer()))

layer(Demo, { excludeTestServices: true })("spot demo trading", (it) => {
  it.effect("a demo order on SBTCSUSDT moves demo coins", () =>
    Effect.gen(function*() {
      const before = (yield* Spot.Account.assets({ coin: "SUSDT" }))[0]!
      const placed = yield* Spot.Trade.placeOrder({
        symbol: "SBTCSUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "1000",
        size: "0.5"
      })
      const after = (yield* Spot.Account.assets({ coin: "SUSDT" }))[0]!
      expect(BigDecimal.equals(after.frozen, BigDecimal.sum(before.frozen, BigDecimal.unsafeFromString("500")))).toBe(
        true
      )
      const open = yield* Spot.Trade.unfilledOrders({ symbol: "SBTCSUSDT" })
      expect(open.map((o) => o.orderId)).toEqual([placed.orderId])
      yield* Spot.Trade.cancelOrder({ symbol: "SBTCSUSDT", orderId: placed.orderId! })
    }))
})
