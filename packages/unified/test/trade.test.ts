/**
 * V3 trading over loopback against the simulator's unified account: orders fill through the same
 * spot and futures worlds V2 trades in, positions carry `posSide`, leverage and margin mode,
 * batches answer per item, and cancel-all, close-positions and the lists follow their own rules.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import { UNIFIED_UID } from "@effect-bitget/simulator/unified/UnifiedDomain"
import * as Spot from "@effect-bitget/spot"
import * as Unified from "@effect-bitget/unified"
import type { BatchFailed } from "@effect-bitget/unified/Schemas"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const { Position, Schemas, Trade } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const dec = Decimal.unsafeMake
const control = Simulator.control<UnifiedControl>("unified")
const eq = (a: BigDecimal.BigDecimal | undefined, b: string) => a !== undefined && BigDecimal.equals(a, dec(b))

const usdt = Effect.map(control, (c) => c.ledger.balance(UNIFIED_UID, "USDT"))

layer(Env, { excludeTestServices: true })("unified trade", (it) => {
  it.effect("spot: place → order-info → open orders → amend → cancel → history, funds frozen and released", () =>
    Effect.gen(function*() {
      const c = yield* control
      c.spot.setPrice("BTCUSDT", dec("60000"), Date.now())
      const before = { ...(yield* usdt) }
      // Enums in any letter case (as read from a config file), sent as documented.
      const request: any = {
        category: "spot",
        symbol: "BTCUSDT",
        side: "BUY",
        orderType: "Limit",
        qty: "0.01",
        price: "50000",
        timeInForce: "GTC",
        clientOid: "v3-spot-1"
      }
      const placed = yield* Trade.placeOrder(request)
      expect(placed.clientOid).toBe("v3-spot-1")
      // The same spot world V2 trades in holds it.
      expect(c.spot.orders.get(placed.orderId!)?.symbol).toBe("BTCUSDT")
      expect(eq((yield* usdt).frozen, BigDecimal.format(BigDecimal.sum(before.frozen, dec("500"))))).toBe(true)

      const info = yield* Trade.orderInfo({ clientOid: "v3-spot-1" })
      expect(info.orderId).toBe(placed.orderId)
      expect(info.category).toBe("SPOT")
      expect(info.orderStatus).toBe("live")
      expect(eq(info.qty, "0.01")).toBe(true)
      expect(info.timeInForce).toBe("gtc")

      const open = yield* Trade.unfilledOrders({ category: "SPOT", symbol: "BTCUSDT" })
      expect(open.list.map((o) => o.orderId)).toContain(placed.orderId)

      yield* Trade.modifyOrder({ orderId: placed.orderId!, price: "40000" })
      expect(eq((yield* Trade.orderInfo({ orderId: placed.orderId! })).price, "40000")).toBe(true)
      expect(eq((yield* usdt).frozen, BigDecimal.format(BigDecimal.sum(before.frozen, dec("400"))))).toBe(true)

      yield* Trade.cancelOrder({ orderId: placed.orderId! })
      expect(eq((yield* usdt).available, BigDecimal.format(before.available))).toBe(true)
      const history = yield* Trade.historyOrders({ category: "SPOT" })
      expect(history.list.find((o) => o.orderId === placed.orderId)?.orderStatus).toBe("cancelled")
      const again = yield* Effect.flip(Trade.cancelOrder({ orderId: placed.orderId! }))
      expect(again._tag).toBe("OrderNotFound")
      expect((again as { code: string }).code).toBe("25204")
      const missing = yield* Effect.flip(Trade.orderInfo({ clientOid: "never-placed" }))
      expect(missing._tag).toBe("OrderNotFound")
    }))

  it.effect("spot: a resting order fills when the one price path crosses it; the fill shows on V3", () =>
    Effect.gen(function*() {
      const c = yield* control
      c.spot.setPrice("ETHUSDT", dec("3000"), Date.now())
      const placed = yield* Trade.placeOrder({
        category: "SPOT",
        symbol: "ETHUSDT",
        side: "buy",
        orderType: "limit",
        qty: "1",
        price: "2900"
      })
      c.spot.setPrice("ETHUSDT", dec("2850"), Date.now())
      const info = yield* Trade.orderInfo({ orderId: placed.orderId! })
      expect(info.orderStatus).toBe("filled")
      expect(eq(info.avgPrice, "2900")).toBe(true)
      const fills = yield* Trade.fills({ category: "SPOT", orderId: placed.orderId! })
      expect(fills.list).toHaveLength(1)
      expect(fills.list[0]!.tradeScope).toBe("maker")
      expect(eq(fills.list[0]!.execQty, "1")).toBe(true)
      // The fill is the spot world's own: what V2 reads.
      expect(c.spot.fills.some((f) => f.tradeId === fills.list[0]!.execId)).toBe(true)
    }))

  it.effect("one world, two protocols: a V3 spot fill is a trade on V2's public tape", () =>
    Effect.gen(function*() {
      const c = yield* control
      c.spot.setPrice("BTCUSDT", dec("60000"), Date.now())
      const placed = yield* Trade.placeOrder({
        category: "SPOT",
        symbol: "BTCUSDT",
        side: "sell",
        orderType: "market",
        qty: "0.0123"
      })
      const fill = (yield* Trade.fills({ orderId: placed.orderId! })).list[0]!
      const tape = yield* Spot.Market.recentFills({ symbol: "BTCUSDT", limit: 100 })
      // The public tape numbers trades its own way: the same trade is the same size, price, side and time.
      const seen = tape.filter((t) =>
        BigDecimal.equals(t.size, fill.execQty) && BigDecimal.equals(t.price, fill.execPrice) && t.side === "sell" &&
        DateTime.toEpochMillis(t.ts) === DateTime.toEpochMillis(fill.createdTime)
      )
      expect(seen).toHaveLength(1)
    }))

  it.effect("futures: market open → position (posSide, leverage, margin mode) → close-positions → history", () =>
    Effect.gen(function*() {
      const c = yield* control
      c.futures.setMark("BTCUSDT", dec("60000"), Date.now())
      const before = (yield* usdt).available
      const placed = yield* Trade.placeOrder({
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        qty: "0.1"
      })
      const info = yield* Trade.orderInfo({ orderId: placed.orderId! })
      expect(info.category).toBe("USDT-FUTURES")
      expect(info.orderStatus).toBe("filled")
      expect(info.tradeSide).toBe("open")
      const { list } = yield* Position.currentPosition({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
      expect(list).toHaveLength(1)
      expect(list[0]!.posSide).toBe("long")
      expect(eq(list[0]!.total, "0.1")).toBe(true)
      expect(eq(list[0]!.leverage, "20")).toBe(true)
      expect(list[0]!.marginMode).toBe("crossed")
      // Margin (6000 / 20 = 300) and the taker fee (3.6) came out of the one USDT balance.
      expect(eq(BigDecimal.subtract(before, (yield* usdt).available), "303.6")).toBe(true)

      c.futures.setMark("BTCUSDT", dec("61000"), Date.now())
      const closed = yield* Trade.closePositions({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
      expect(closed.list).toHaveLength(1)
      expect(closed.list[0]!._tag).toBe("Succeeded")
      expect((yield* Position.currentPosition({ category: "USDT-FUTURES" })).list).toHaveLength(0)
      const history = yield* Position.historyPosition({ category: "USDT-FUTURES" })
      expect(history.list).toHaveLength(1)
      expect(eq(history.list[0]!.cumRealisedPnl, "100")).toBe(true)
      const fills = yield* Trade.fills({ category: "USDT-FUTURES" })
      expect(fills.list.map((f) => f.tradeSide)).toEqual(["close", "open"])
      const nothing = yield* Effect.flip(Trade.closePositions({ category: "USDT-FUTURES" }))
      expect((nothing as { code: string }).code).toBe("25227")
    }))

  it.effect("futures hedge mode: buy+long opens, sell+long closes; posSide is required (25236)", () =>
    Effect.gen(function*() {
      const c = yield* control
      c.futures.setPosMode(UNIFIED_UID, "USDC-FUTURES", "hedge_mode")
      const symbol = [...c.futures.contracts.values()].find((k) => k.productType === "USDC-FUTURES")!.symbol
      const open = yield* Trade.placeOrder({
        category: "USDC-FUTURES",
        symbol,
        side: "buy",
        posSide: "long",
        orderType: "market",
        qty: "0.01"
      })
      expect((yield* Trade.orderInfo({ orderId: open.orderId! })).posSide).toBe("long")
      const held = yield* Position.currentPosition({ category: "USDC-FUTURES", posSide: "long" })
      expect(held.list[0]!.holdMode).toBe("hedge_mode")
      yield* Trade.placeOrder({
        category: "USDC-FUTURES",
        symbol,
        side: "sell",
        posSide: "long",
        orderType: "market",
        qty: "0.01"
      })
      expect((yield* Position.currentPosition({ category: "USDC-FUTURES" })).list).toHaveLength(0)
      const fills = yield* Trade.fills({ category: "USDC-FUTURES" })
      expect(fills.list.map((f) => [f.side, f.posSide, f.tradeSide])).toEqual([["sell", "long", "close"], [
        "buy",
        "long",
        "open"
      ]])
      const wrong = yield* Effect.flip(
        Trade.placeOrder({ category: "USDC-FUTURES", symbol, side: "buy", orderType: "market", qty: "0.01" })
      )
      expect(wrong._tag).toBe("InvalidParameter")
      expect((wrong as { code: string }).code).toBe("25236")
    }))

  it.effect("a resting limit order that the margin cannot cover is refused at placement (25203), nothing rests", () =>
    Effect.gen(function*() {
      const c = yield* control
      c.futures.setMark("ETHUSDT", dec("3000"), Date.now())
      const available = (yield* usdt).available
      // 20x: margin for qty q at 2000 is 100·q; just over the available balance.
      const qty = BigDecimal.format(BigDecimal.round(BigDecimal.unsafeDivide(available, dec("99")), { scale: 2 }))
      const error = yield* Effect.flip(Trade.placeOrder({
        category: "USDT-FUTURES",
        symbol: "ETHUSDT",
        side: "buy",
        orderType: "limit",
        price: "2000",
        qty
      }))
      expect(error._tag).toBe("InsufficientBalance")
      expect((error as { code: string }).code).toBe("25203")
      const open = yield* Trade.unfilledOrders({ category: "USDT-FUTURES" })
      expect(open.list).toHaveLength(0)
      // A smaller one rests.
      const ok = yield* Trade.placeOrder({
        category: "USDT-FUTURES",
        symbol: "ETHUSDT",
        side: "buy",
        orderType: "limit",
        price: "2000",
        qty: "0.1"
      })
      expect((yield* Trade.orderInfo({ orderId: ok.orderId! })).orderStatus).toBe("live")
      yield* Trade.cancelOrder({ orderId: ok.orderId! })
    }))

  it.effect("spot: a resting limit order the balance cannot cover is refused at placement (25202)", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Trade.placeOrder({
          category: "SPOT",
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "limit",
          qty: "100",
          price: "50000"
        })
      )
      expect(error._tag).toBe("InsufficientBalance")
      expect((error as { code: string }).code).toBe("25202")
    }))

  it.effect("modify-order: an amendment the balance cannot cover fails (25202); with autoCancel the order goes too", () =>
    Effect.gen(function*() {
      const order = { category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: "limit", price: "20000" } as const
      const kept = yield* Trade.placeOrder({ ...order, qty: "0.001" })
      const failed = yield* Effect.flip(Trade.modifyOrder({ orderId: kept.orderId!, qty: "1000" }))
      expect((failed as { code: string }).code).toBe("25202")
      expect((yield* Trade.orderInfo({ orderId: kept.orderId! })).orderStatus).toBe("live")
      const gone = yield* Effect.flip(Trade.modifyOrder({ orderId: kept.orderId!, qty: "1000", autoCancel: true }))
      expect(gone._tag).toBe("InsufficientBalance")
      expect((yield* Trade.orderInfo({ orderId: kept.orderId! })).orderStatus).toBe("cancelled")
    }))

  it.effect("the pair's rules in V3's codes: a price off the tick 25244, a size under the minimum 25207", () =>
    Effect.gen(function*() {
      const order = { category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: "limit" } as const
      const tick = yield* Effect.flip(Trade.placeOrder({ ...order, qty: "0.001", price: "30000.001" }))
      expect([tick._tag, (tick as { code: string }).code]).toEqual(["InvalidParameter", "25244"])
      const small = yield* Effect.flip(Trade.placeOrder({ ...order, qty: "0.000001", price: "30000" }))
      expect([small._tag, (small as { code: string }).code]).toEqual(["InvalidParameter", "25207"])
    }))

  it.effect("MARGIN orders borrow what the balance lacks (up to 3x); a refused one gives it back; SPOT does not borrow", () =>
    Effect.gen(function*() {
      const c = yield* control
      c.spot.setPrice("BTCUSDT", dec("60000"), Date.now())
      const debt = () => c.ledger.debt(UNIFIED_UID, "USDT")
      const order = { symbol: "BTCUSDT", side: "buy", orderType: "limit", price: "50000" } as const
      const before = { available: (yield* usdt).available, debt: debt() }
      const qty = BigDecimal.format(
        BigDecimal.round(BigDecimal.unsafeDivide(before.available, dec("40000")), { scale: 4 })
      )
      const needed = BigDecimal.multiply(dec(qty), dec("50000"))
      const spot = yield* Effect.flip(Trade.placeOrder({ ...order, category: "SPOT", qty }))
      expect((spot as { code: string }).code).toBe("25202")
      expect(BigDecimal.equals(debt(), before.debt)).toBe(true)
      // Refused by the pair's rules after borrowing: the loan is given back.
      const tick = yield* Effect.flip(Trade.placeOrder({ ...order, category: "MARGIN", qty, price: "50000.001" }))
      expect((tick as { code: string }).code).toBe("25244")
      expect(BigDecimal.equals(debt(), before.debt)).toBe(true)
      expect(BigDecimal.equals((yield* usdt).available, before.available)).toBe(true)
      const placed = yield* Trade.placeOrder({ ...order, category: "MARGIN", qty })
      expect((yield* Trade.orderInfo({ orderId: placed.orderId! })).category).toBe("MARGIN")
      expect(BigDecimal.equals(debt(), BigDecimal.sum(before.debt, BigDecimal.subtract(needed, before.available))))
        .toBe(true)
      const tooMuch = yield* Effect.flip(Trade.placeOrder({ ...order, category: "MARGIN", qty: "1000" }))
      expect((tooMuch as { code: string }).code).toBe("25202")
      yield* Trade.cancelOrder({ orderId: placed.orderId! })
    }))

  it.effect("fills over 65 days: the Stream walks 30-day windows (the simulator refuses a longer one)", () =>
    Effect.gen(function*() {
      const { traffic } = yield* Simulator.Simulator
      const before = traffic.count("GET /api/v3/trade/fills")
      const start = DateTime.unsafeMake(Date.now() - 65 * 86_400_000)
      const rows = yield* Stream.runCollect(Trade.fills.items({ startTime: start }))
      const ids = Chunk.toReadonlyArray(rows).map((f) => f.execId)
      expect(ids.length).toBeGreaterThan(0)
      expect(new Set(ids).size).toBe(ids.length)
      expect(traffic.count("GET /api/v3/trade/fills") - before).toBe(3)
    }))

  it.effect("place-batch: a JSON array, one bad item, a partly successful batch is a success value", () =>
    Effect.gen(function*() {
      const items = yield* Trade.placeBatch([
        { category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: "limit", qty: "0.001", price: "30000" },
        { category: "SPOT", symbol: "NOPEUSDT", side: "buy", orderType: "limit", qty: "1", price: "1" },
        { category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: "limit", qty: "0.001", price: "31000" }
      ])
      expect(items.map((i) => i._tag)).toEqual(["Succeeded", "Failed", "Succeeded"])
      const { failed, succeeded } = Schemas.partition(items)
      expect(failed[0]!.code).toBe("25100")
      expect(failed[0]!.clientOid).toMatch(/^[0-9a-f]{32}$/)
      expect(succeeded).toHaveLength(2)

      const cancelled = yield* Trade.cancelBatch([
        { category: "SPOT", symbol: "BTCUSDT", orderId: succeeded[0]!.orderId! },
        { category: "SPOT", symbol: "BTCUSDT", orderId: "1" }
      ])
      expect(cancelled.map((i) => i._tag)).toEqual(["Succeeded", "Failed"])
      expect((cancelled[1] as BatchFailed).code).toBe("25204")

      const amended = yield* Trade.batchModifyOrder([{ orderId: succeeded[1]!.orderId!, price: "32000" }])
      expect(amended[0]!._tag).toBe("Succeeded")
      expect(eq((yield* Trade.orderInfo({ orderId: succeeded[1]!.orderId! })).price, "32000")).toBe(true)
    }))

  it.effect("cancel-symbol-order cancels every open order of the category (and symbol), per item", () =>
    Effect.gen(function*() {
      for (const price of ["20000", "21000"]) {
        yield* Trade.placeOrder({
          category: "SPOT",
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "limit",
          qty: "0.001",
          price
        })
      }
      const open = (yield* Trade.unfilledOrders({ category: "SPOT" })).list.length
      expect(open).toBeGreaterThanOrEqual(2)
      const result = yield* Trade.cancelSymbolOrder({ category: "SPOT", symbol: "BTCUSDT" })
      expect(result.list).toHaveLength(open)
      expect(result.list.every((i) => i._tag === "Succeeded")).toBe(true)
      expect((yield* Trade.unfilledOrders({ category: "SPOT" })).list).toHaveLength(0)
    }))

  it.effect("history Streams follow the cursor: every row once, pages of `limit`", () =>
    Effect.gen(function*() {
      const ids: Array<string> = []
      for (let i = 0; i < 5; i++) {
        const placed = yield* Trade.placeOrder({
          category: "MARGIN",
          symbol: "ETHUSDT",
          side: "buy",
          orderType: "limit",
          qty: "0.01",
          price: String(1000 + i)
        })
        ids.push(placed.orderId!)
        yield* Trade.cancelOrder({ orderId: placed.orderId! })
      }
      // ETHUSDT's MARGIN orders are this test's alone.
      const request = { category: "MARGIN", symbol: "ETHUSDT", limit: 2 } as const
      const pages = yield* Stream.runCollect(Trade.historyOrders.pages(request))
      expect(Chunk.toReadonlyArray(pages).map((p) => p.list.length)).toEqual([2, 2, 1])
      const rows = yield* Stream.runCollect(Trade.historyOrders.items(request))
      expect(Chunk.toReadonlyArray(rows).map((o) => o.orderId)).toEqual([...ids].reverse())
      expect(Chunk.toReadonlyArray(rows).every((o) => o.category === "MARGIN")).toBe(true)
    }))

  it.effect("max-open-available reads the one balance; countdown-cancel-all turns on and off", () =>
    Effect.gen(function*() {
      const max = yield* Trade.maxOpenAvailable({
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        orderType: "market",
        side: "buy"
      })
      expect(eq(max.available, BigDecimal.format((yield* usdt).available))).toBe(true)
      expect(yield* Trade.countdownCancelAll({ countdown: 5 })).toBe("success")
      expect(yield* Trade.countdownCancelAll({ countdown: 0 })).toBe("success")
    }))
})
