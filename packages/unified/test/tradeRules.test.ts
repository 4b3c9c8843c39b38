/**
 * Every local rule of the V3 trade, position and strategy endpoints at its boundary: the edge
 * value is sent, the first value past it fails with `InvalidRequest` whose reason starts with the
 * field, and nothing reaches the simulator (its traffic count does not move).
 */
import { Simulator } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"

const { Position, Strategy, Trade } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))

const traffic = Effect.map(Simulator.Simulator, (s) => () => s.traffic.total())
const refused = <A, E extends { readonly _tag: string }, R>(call: Effect.Effect<A, E, R>, reason: string) =>
  Effect.flatMap(traffic, (sent) => refusedLocally(call, reason, sent, { start: true }))
/** Passes the local checks: the request reaches the simulator, whatever it answers. */
const sent = <A, E extends { readonly _tag: string }, R>(call: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const count = yield* traffic
    const before = count()
    const result = yield* Effect.either(call)
    if (result._tag === "Left") expect(result.left._tag).not.toBe("InvalidRequest")
    expect(count()).toBeGreaterThan(before)
  })

const order = {
  category: "SPOT",
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  price: "20000",
  qty: "0.001"
} as const
const batch = (n: number) => Array.from({ length: n }, (_, i) => ({ ...order, price: String(20000 + i) }))

layer(Env, { excludeTestServices: true })("unified trade: local rules", (it) => {
  it.effect("clientOid: 32 of V3's characters sent, 33 or another character refused", () =>
    Effect.gen(function*() {
      yield* sent(Trade.placeOrder({ ...order, clientOid: "a.b:c/d_e-F" + "x".repeat(21) }))
      yield* refused(Trade.placeOrder({ ...order, clientOid: "x".repeat(33) }), "clientOid")
      yield* refused(Trade.placeOrder({ ...order, clientOid: "has#hash" }), "clientOid")
    }))

  it.effect("category: each endpoint's own subset, in any letter case; another product refused", () =>
    Effect.gen(function*() {
      yield* sent(Trade.closePositions({ category: "usdt-futures" as any }))
      yield* refused(Trade.closePositions({ category: "SPOT" as any }), "category")
      yield* refused(Position.currentPosition({ category: "MARGIN" as any }), "category")
      yield* refused(Trade.placeOrder({ ...order, category: "OPTIONS" as any }), "category")
    }))

  it.effect("order rules: a limit needs a price; posSide, marginMode and TP/SL are futures fields", () =>
    Effect.gen(function*() {
      const { price: _, ...noPrice } = order
      yield* refused(Trade.placeOrder(noPrice), "price: required for a limit order")
      yield* sent(Trade.placeOrder({ ...noPrice, orderType: "market", qty: "10" }))
      yield* refused(Trade.placeOrder({ ...order, posSide: "long" }), "posSide")
      yield* refused(Trade.placeOrder({ ...order, marginMode: "isolated" }), "marginMode")
      yield* refused(Trade.placeOrder({ ...order, takeProfit: "70000" }), "takeProfit")
      yield* refused(
        Trade.placeOrder({ ...order, category: "USDT-FUTURES", stopLoss: "1", slLimitPrice: "1" }),
        "slLimitPrice"
      )
      yield* refused(Trade.placeOrder({ ...order, qty: "0" }), "qty")
    }))

  it.effect("batches: a JSON array of 1 to 20; 0 and 21 refused; one category per batch", () =>
    Effect.gen(function*() {
      yield* sent(Trade.placeBatch(batch(20)))
      yield* refused(Trade.placeBatch(batch(21)), "a batch takes at most 20 items, got 21")
      yield* refused(Trade.placeBatch([]), "a batch needs at least one item")
      yield* refused(Trade.placeBatch([order, { ...order, category: "MARGIN" }]), "[1].category")
      yield* refused(
        Trade.cancelBatch(Array.from({ length: 21 }, () => ({ category: "SPOT", symbol: "BTCUSDT", orderId: "1" }))),
        "a batch takes at most 20"
      )
      yield* refused(Trade.cancelBatch([{ category: "SPOT", symbol: "BTCUSDT" }]), "[0]")
      yield* refused(Trade.batchModifyOrder([{ orderId: "1" }]), "[0]")
    }))

  it.effect("order ids: one of orderId or clientOid; an amendment changes qty or price", () =>
    Effect.gen(function*() {
      yield* refused(Trade.cancelOrder({}), "orderId or clientOid")
      yield* refused(Trade.orderInfo({}), "orderId or clientOid")
      yield* refused(Trade.modifyOrder({ orderId: "1" }), "qty or price")
      yield* refused(Trade.modifyOrder({ orderId: "1", price: "1", requestId: "r".repeat(33) }), "requestId")
      yield* sent(Trade.modifyOrder({ orderId: "1", price: "1", requestId: "r".repeat(32) }))
    }))

  it.effect("countdown: 5 and 60 sent (0 too: the trade tests); 4 and 61 refused", () =>
    Effect.gen(function*() {
      for (const countdown of [5, 60]) yield* sent(Trade.countdownCancelAll({ countdown }))
      for (const countdown of [4, 61]) yield* refused(Trade.countdownCancelAll({ countdown }), "countdown")
    }))

  it.effect("lists: limit 100 sent, 101 refused; history 30 days sent, a millisecond more refused", () =>
    Effect.gen(function*() {
      yield* sent(Trade.unfilledOrders({ limit: 100 }))
      yield* refused(Trade.unfilledOrders({ limit: 101 }), "limit")
      const end = DateTime.unsafeMake(Date.now())
      const start = DateTime.subtract(end, { days: 30 })
      yield* sent(Trade.historyOrders({ category: "SPOT", startTime: start, endTime: end }))
      yield* sent(Trade.fills({ startTime: start, endTime: end }))
      const tooLong = DateTime.subtract(start, { millis: 1 })
      yield* refused(Trade.historyOrders({ category: "SPOT", startTime: tooLong, endTime: end }), "startTime")
      yield* refused(Trade.fills({ startTime: tooLong, endTime: end }), "startTime")
      yield* refused(
        Position.historyPosition({ category: "USDT-FUTURES", startTime: tooLong, endTime: end }),
        "startTime"
      )
    }))

  it.effect("move-positions: 1 to 10 positions, two different accounts", () =>
    Effect.gen(function*() {
      const item = { symbol: "BTCUSDT", side: "buy", qty: "0.01" } as const
      const move = (n: number, toUid = "2") =>
        Position.movePositions({ fromUid: "1", toUid, category: "USDT-FUTURES", positionList: Array(n).fill(item) })
      yield* sent(move(10))
      yield* refused(move(11), "positionList")
      yield* refused(move(0), "positionList")
      yield* refused(move(1, "1"), "toUid")
    }))

  it.effect("strategy: tpsl needs futures, posSide and a TP or SL; trigger needs side, qty and prices", () =>
    Effect.gen(function*() {
      const tpsl = { category: "USDT-FUTURES", symbol: "BTCUSDT", posSide: "long", takeProfit: "70000" } as const
      yield* sent(Strategy.placeStrategyOrder(tpsl))
      yield* refused(Strategy.placeStrategyOrder({ ...tpsl, category: "SPOT" }), "category")
      const { posSide: _p, ...noSide } = tpsl
      yield* refused(Strategy.placeStrategyOrder(noSide), "posSide")
      const { takeProfit: _t, ...bare } = tpsl
      yield* refused(Strategy.placeStrategyOrder(bare), "takeProfit or stopLoss")
      yield* refused(Strategy.placeStrategyOrder({ ...tpsl, tpslMode: "partial" }), "qty")
      const trigger = {
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        type: "trigger",
        side: "buy",
        qty: "0.01",
        triggerPrice: "50000",
        triggerOrderType: "limit",
        triggerOrderPrice: "50010"
      } as const
      yield* sent(Strategy.placeStrategyOrder(trigger))
      const { triggerOrderPrice: _o, ...noLimit } = trigger
      yield* refused(Strategy.placeStrategyOrder(noLimit), "triggerOrderPrice")
      const { side: _s, ...noTriggerSide } = trigger
      yield* refused(Strategy.placeStrategyOrder(noTriggerSide), "side")
      yield* refused(Strategy.cancelStrategyOrder({}), "orderId or clientOid")
    }))
})
