import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const dec = Decimal.unsafeMake
const spot = Simulator.control<SpotControl>("spot")

const balance = (coin: string) =>
  Effect.map(Spot.Account.assets({ coin }), (rows) => rows[0] ?? { available: dec("0"), frozen: dec("0") })

layer(Env, { excludeTestServices: true })("spot trading", (it) => {
  it.effect("place → unfilled → cancel → history", () =>
    Effect.gen(function*() {
      const before = yield* balance("USDT")
      const placed = yield* Spot.Trade.placeOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "50000",
        size: "0.01",
        clientOid: "flow-1"
      })
      expect(placed.clientOid).toBe("flow-1")
      const open = yield* Spot.Trade.unfilledOrders({ symbol: "BTCUSDT" })
      const mine = open.find((o) => o.orderId === placed.orderId)!
      expect(mine.status).toBe("live")
      expect(BigDecimal.equals(mine.priceAvg!, dec("50000"))).toBe(true)
      const frozen = yield* balance("USDT")
      expect(BigDecimal.equals(frozen.frozen, BigDecimal.sum(before.frozen, dec("500")))).toBe(true)

      const info = yield* Spot.Trade.orderInfo({ clientOid: "flow-1" })
      expect(info[0]!.status).toBe("live")

      yield* Spot.Trade.cancelOrder({ symbol: "BTCUSDT", orderId: placed.orderId! })
      const after = yield* balance("USDT")
      expect(BigDecimal.equals(after.available, before.available)).toBe(true)
      const stillOpen = yield* Spot.Trade.unfilledOrders({ symbol: "BTCUSDT" })
      expect(stillOpen.some((o) => o.orderId === placed.orderId)).toBe(false)
      const history = yield* Spot.Trade.historyOrders({ symbol: "BTCUSDT" })
      expect(history.find((o) => o.orderId === placed.orderId)?.status).toBe("cancelled")
    }))

  it.effect("a crossing limit order fills; fills, fee and bills follow", () =>
    Effect.gen(function*() {
      const control = yield* spot
      control.setPrice("ETHUSDT", "3000")
      const placed = yield* Spot.Trade.placeOrder({
        symbol: "ETHUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "3100",
        size: "1"
      })
      const [order] = yield* Spot.Trade.orderInfo({ orderId: placed.orderId! })
      expect(order!.status).toBe("filled")
      expect(BigDecimal.equals(order!.priceAvg!, dec("3000"))).toBe(true)
      const fee = order!.feeDetail!
      expect(BigDecimal.equals(fee.coins.ETH!.totalFee, dec("-0.001"))).toBe(true)
      expect(fee.newFees !== undefined && BigDecimal.equals(fee.newFees.t, dec("-0.001"))).toBe(true)

      const fills = yield* Spot.Trade.fills({ symbol: "ETHUSDT", orderId: placed.orderId! })
      expect(fills.length).toBe(1)
      expect(fills[0]!.tradeScope).toBe("taker")
      expect(fills[0]!.feeDetail.deduction).toBe(false)
      expect(BigDecimal.equals(fills[0]!.amount, dec("3000"))).toBe(true)

      const bills = yield* Spot.Account.bills({ coin: "ETH" })
      const kinds = bills.slice(0, 2).map((b) => b.businessType)
      expect(kinds).toEqual(["deduction of handling fee", "buy"])
      expect(BigDecimal.equals(bills[0]!.size, dec("-0.001"))).toBe(true)
      const usdt = yield* Spot.Account.bills({ coin: "USDT", groupType: "transaction" })
      expect(BigDecimal.equals(usdt[0]!.size, dec("-3000"))).toBe(true)
    }))

  it.effect("a resting order fills when the price comes to it (maker)", () =>
    Effect.gen(function*() {
      const control = yield* spot
      control.setPrice("SOLUSDT", "150")
      control.credit("SOL", "5")
      const placed = yield* Spot.Trade.placeOrder({
        symbol: "SOLUSDT",
        side: "sell",
        orderType: "limit",
        force: "gtc",
        price: "160",
        size: "1"
      })
      control.setPrice("SOLUSDT", "161")
      const [order] = yield* Spot.Trade.orderInfo({ orderId: placed.orderId! })
      expect(order!.status).toBe("filled")
      const fills = yield* Spot.Trade.fills({ symbol: "SOLUSDT", orderId: placed.orderId! })
      expect(fills[0]!.tradeScope).toBe("maker")
    }))

  it.effect("market buy spends the quote amount", () =>
    Effect.gen(function*() {
      const control = yield* spot
      control.setPrice("BGBUSDT", "2")
      const before = yield* balance("BGB")
      yield* Spot.Trade.placeOrder({ symbol: "BGBUSDT", side: "buy", orderType: "market", force: "gtc", size: "20" })
      const after = yield* balance("BGB")
      // 20 USDT at 2 → 10 BGB, less the 0.1% fee.
      expect(BigDecimal.equals(BigDecimal.subtract(after.available, before.available), dec("9.99"))).toBe(true)
    }))

  it.effect("batch place and batch cancel return per-item results", () =>
    Effect.gen(function*() {
      const placed = yield* Spot.Trade.batchOrders({
        symbol: "BTCUSDT",
        orderList: [
          { side: "buy", orderType: "limit", force: "gtc", price: "40000", size: "0.001", clientOid: "batch-a" },
          { side: "buy", orderType: "limit", force: "gtc", price: "40000", size: "0.001", clientOid: "batch-a" },
          { side: "buy", orderType: "limit", force: "gtc", price: "40000", size: "1000", clientOid: "batch-c" }
        ]
      })
      expect(placed.successList.map((s) => s.clientOid)).toEqual(["batch-a"])
      expect(placed.failureList.map((f) => [f.clientOid, f.errorCode])).toEqual([
        ["batch-a", "43118"],
        ["batch-c", "43012"]
      ])
      const cancelled = yield* Spot.Trade.batchCancelOrder({
        symbol: "BTCUSDT",
        orderList: [{ clientOid: "batch-a" }, { orderId: "1" }]
      })
      expect(cancelled.successList.length).toBe(1)
      expect(cancelled.failureList[0]!.errorCode).toBe("43001")
    }))

  it.effect("cancel by symbol closes every open order of the symbol", () =>
    Effect.gen(function*() {
      for (const price of ["41000", "42000", "43000"]) {
        yield* Spot.Trade.placeOrder({
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "limit",
          force: "gtc",
          price,
          size: "0.001"
        })
      }
      expect((yield* Spot.Trade.unfilledOrders({ symbol: "BTCUSDT" })).length).toBeGreaterThanOrEqual(3)
      const answer = yield* Spot.Trade.cancelSymbolOrder({ symbol: "BTCUSDT" })
      expect(answer.symbol).toBe("BTCUSDT")
      expect((yield* Spot.Trade.unfilledOrders({ symbol: "BTCUSDT" })).length).toBe(0)
    }))

  it.effect("exchange errors by family: insufficient balance, order not found, duplicate clientOid", () =>
    Effect.gen(function*() {
      const poor = yield* Spot.Trade.placeOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "50000",
        size: "1000"
      }).pipe(Effect.flip)
      expect(poor._tag).toBe("InsufficientBalance")
      const missing = yield* Spot.Trade.cancelOrder({ symbol: "BTCUSDT", orderId: "123" }).pipe(Effect.flip)
      expect(missing._tag).toBe("OrderNotFound")
      const order = {
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "1000",
        size: "0.001"
      } as const
      yield* Spot.Trade.placeOrder({ ...order, clientOid: "dup-1" })
      const dup = yield* Spot.Trade.placeOrder({ ...order, clientOid: "dup-1" }).pipe(Effect.flip)
      expect(dup._tag).toBe("DuplicateClientOid")
      const caught = yield* Spot.Trade.placeOrder({ ...order, size: "100000" }).pipe(
        Effect.map(() => "placed"),
        Effect.catchTag("InsufficientBalance", (e) => Effect.succeed(e.code))
      )
      expect(caught).toBe("43012")
    }))

  it.effect("history orders and fills stream across pages over the 90 days the exchange keeps; older is refused", () =>
    Effect.gen(function*() {
      const control = yield* spot
      const now = Date.now()
      const from = now - 89 * 86_400_000
      control.history({ count: 250, from, step: 86_400_000 * 0.35, symbol: "ETHBTC" })
      // Bitget keeps 90 days of orders and fills: a 200-day walk is refused before anything is sent.
      const simulator = yield* Simulator.Simulator
      const sent = simulator.traffic.total()
      const tooOld = { symbol: "ETHBTC", startTime: Spot.Schemas.time(now - 200 * 86_400_000) }
      const refused = yield* Effect.flip(Stream.runDrain(Spot.Trade.fills.items(tooOld)))
      expect(refused._tag).toBe("InvalidRequest")
      expect(yield* Effect.flip(Stream.runDrain(Spot.Trade.historyOrders.pages(tooOld)))).toMatchObject({
        _tag: "InvalidRequest"
      })
      expect(simulator.traffic.total()).toBe(sent)
      const orders = yield* Spot.Trade.historyOrders.items({
        symbol: "ETHBTC",
        startTime: Spot.Schemas.time(from),
        endTime: Spot.Schemas.time(now)
      }).pipe(Stream.runCollect)
      const ids = Chunk.toReadonlyArray(orders).map((o) => o.orderId)
      expect(ids.length).toBe(250)
      expect(new Set(ids).size).toBe(250)
      const pages = yield* Spot.Trade.fills.pages({
        symbol: "ETHBTC",
        startTime: Spot.Schemas.time(from),
        endTime: Spot.Schemas.time(now)
      }).pipe(Stream.runCollect)
      expect(Chunk.size(pages)).toBeGreaterThanOrEqual(3)
      const tradeIds = Chunk.toReadonlyArray(pages).flat().map((f) => f.tradeId)
      expect(new Set(tradeIds).size).toBe(250)
      expect(tradeIds.length).toBe(250)
    }))
})
