/**
 * V3 strategy orders and the rest of the position endpoints over loopback: a take-profit /
 * stop-loss on a futures position fires on the futures world's mark price (the one V2's plans
 * watch), a trigger order places its order, cancels and amendments, and a lost strategy answer
 * settled by its clientOid through the open list.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import * as Unified from "@effect-bitget/unified"
import { describe, expect, it, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const { Position, Strategy, Trade } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const dec = Decimal.unsafeMake
const control = Simulator.control<UnifiedControl>("unified")
const mark = (symbol: string, price: string) =>
  Effect.map(control, (c) => c.futures.setMark(symbol, dec(price), Date.now()))

layer(Env, { excludeTestServices: true })("unified strategy and positions", (it) => {
  it.effect("tpsl on a long: open, then the take-profit fires at the mark and closes the position", () =>
    Effect.gen(function*() {
      yield* mark("BTCUSDT", "60000")
      yield* Trade.placeOrder({
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        qty: "0.1"
      })
      const placed = yield* Strategy.placeStrategyOrder({
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        posSide: "long",
        takeProfit: "62000",
        stopLoss: "55000",
        clientOid: "tpsl-flow"
      })
      const open = yield* Strategy.unfilledStrategyOrders({ category: "USDT-FUTURES" })
      expect(open.map((o) => o.clientOid)).toContain("tpsl-flow")
      expect(open.find((o) => o.clientOid === "tpsl-flow")!.status).toBe("pending")
      yield* Strategy.modifyStrategyOrder({ orderId: placed.orderId!, qty: "0.1", takeProfit: "61000" })
      yield* mark("BTCUSDT", "61500")
      expect((yield* Position.currentPosition({ category: "USDT-FUTURES", symbol: "BTCUSDT" })).list).toHaveLength(0)
      expect((yield* Strategy.unfilledStrategyOrders({ category: "USDT-FUTURES" })).map((o) => o.clientOid))
        .not.toContain("tpsl-flow")
      const history = yield* Strategy.historyStrategyOrders({ category: "USDT-FUTURES" })
      const done = history.list.find((o) => o.clientOid === "tpsl-flow")!
      expect(done.status).toBe("success")
      expect(BigDecimal.equals(done.takeProfit!, dec("61000"))).toBe(true)
      const closed = yield* Position.historyPosition({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
      expect(closed.list.length).toBeGreaterThanOrEqual(1)
    }))

  it.effect("a trigger order waits for its price; cancelling it is final (25204 after)", () =>
    Effect.gen(function*() {
      yield* mark("ETHUSDT", "3000")
      const placed = yield* Strategy.placeStrategyOrder({
        category: "USDT-FUTURES",
        symbol: "ETHUSDT",
        type: "trigger",
        side: "buy",
        qty: "0.1",
        triggerPrice: "2800",
        triggerOrderType: "market"
      })
      const open = yield* Strategy.unfilledStrategyOrders({ category: "USDT-FUTURES", type: "trigger" })
      expect(open.map((o) => o.orderId)).toContain(placed.orderId)
      yield* Strategy.cancelStrategyOrder({ orderId: placed.orderId! })
      const again = yield* Effect.flip(Strategy.cancelStrategyOrder({ orderId: placed.orderId! }))
      expect(again._tag).toBe("OrderNotFound")
      const history = yield* Strategy.historyStrategyOrders({ category: "USDT-FUTURES", type: "trigger" })
      expect(history.list.find((o) => o.orderId === placed.orderId)?.status).toBe("cancelled")
      const rejected = yield* Effect.flip(Strategy.placeStrategyOrder({
        category: "SPOT",
        symbol: "BTCUSDT",
        type: "trigger",
        side: "buy",
        qty: "0.001",
        triggerPrice: "1",
        triggerOrderType: "market"
      }))
      expect((rejected as { code: string }).code).toBe("25002")
    }))

  it.effect("adlRank lists each open position; move-position history walks its cursor", () =>
    Effect.gen(function*() {
      yield* mark("BTCUSDT", "60000")
      yield* Trade.placeOrder({
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        side: "sell",
        orderType: "market",
        qty: "0.01"
      })
      const ranks = yield* Position.adlRank()
      expect(ranks.map((r) => [r.symbol, r.holdSide])).toContainEqual(["BTCUSDT", "short"])
      yield* Trade.closePositions({ category: "USDT-FUTURES" })
      // No simulated moves between accounts: the simulator's seeded history, walked by `cursor`.
      const rows = yield* Stream.runCollect(Position.movePositionHistory.items({ category: "USDT-FUTURES" }))
      const ids = Chunk.toReadonlyArray(rows).map((r) => r.orderId)
      expect(new Set(ids).size).toBe(ids.length)
    }))
})

describe("unified placeStrategyOrder: unknown fate (hostile server)", () => {
  const PLACE = "POST /api/v3/trade/place-strategy-order"
  const OPEN = "GET /api/v3/trade/unfilled-strategy-orders"
  it.scoped("placed, then cut: found among the open strategy orders by clientOid, not placed twice", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      const via = <A, E>(effect: Effect.Effect<A, E, import("@effect-bitget/core/BitgetClient").BitgetClient>) =>
        Effect.provide(effect, Hostile.client(hostile.url, simulator.unified.credentials))
      yield* via(
        Trade.placeOrder({ category: "USDT-FUTURES", symbol: "BTCUSDT", side: "buy", orderType: "market", qty: "0.1" })
      )
      hostile.next({ _tag: "ForwardThenDrop" }, PLACE)
      const placed = yield* via(Strategy.placeStrategyOrder({
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        posSide: "long",
        stopLoss: "50000"
      }))
      const sent = JSON.parse(
        hostile.received.find((r) => r.method === "POST" && r.path.endsWith("strategy-order"))!.body
      )
      const returned: string = placed.clientOid // required in the answer's type
      expect(returned).toBe(sent.clientOid)
      expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(PLACE)[0]!.body).data.orderId)
      expect(hostile.count(PLACE)).toBe(1)
      expect(hostile.count(OPEN)).toBe(1)
      const open = yield* via(Strategy.unfilledStrategyOrders({ category: "USDT-FUTURES" }))
      expect(open.filter((o) => o.clientOid === sent.clientOid)).toHaveLength(1)
    }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

  it.scoped("cut before it arrives: not among the open ones nor the history, placed once more under the same clientOid", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      const via = <A, E>(effect: Effect.Effect<A, E, import("@effect-bitget/core/BitgetClient").BitgetClient>) =>
        Effect.provide(effect, Hostile.client(hostile.url, simulator.unified.credentials))
      yield* via(
        Trade.placeOrder({ category: "USDT-FUTURES", symbol: "BTCUSDT", side: "buy", orderType: "market", qty: "0.1" })
      )
      hostile.next({ _tag: "Drop" }, PLACE)
      const placed = yield* via(Strategy.placeStrategyOrder({
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        posSide: "long",
        takeProfit: "90000",
        clientOid: "tpsl-drop"
      }))
      const posts = hostile.received.filter((r) => r.method === "POST" && r.path.endsWith("place-strategy-order"))
      expect(posts.map((r) => JSON.parse(r.body).clientOid)).toEqual(["tpsl-drop", "tpsl-drop"])
      expect(hostile.count(OPEN)).toBe(1)
      expect(hostile.count("GET /api/v3/trade/history-strategy-orders")).toBe(1)
      expect(placed.clientOid).toBe("tpsl-drop")
      const open = yield* via(Strategy.unfilledStrategyOrders({ category: "USDT-FUTURES" }))
      expect(open.filter((o) => o.clientOid === "tpsl-drop")).toHaveLength(1)
    }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
})
