/**
 * The client against the simulator's WebSocket server (packages/simulator/src/ws), which pushes
 * from the same world its REST endpoints change: market channels decode, books stay consistent
 * (the simulator's CRC32 checksum verified on every update), orders placed or cancelled over REST
 * are pushed, and orders placed over the socket exist over REST.
 */
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import * as BitgetSocket from "../src/BitgetSocket.js"
import * as Book from "../src/Book.js"
import * as Orders from "../src/Orders.js"
import * as V2Private from "../src/V2Private.js"
import * as V2Public from "../src/V2Public.js"
import * as V2Trade from "../src/V2Trade.js"
import * as V3Private from "../src/V3Private.js"
import * as V3Public from "../src/V3Public.js"

const Socket = Layer.unwrapEffect(
  Effect.map(Simulator.Simulator, (simulator) =>
    BitgetSocket.layer({ url: simulator.wsUrl }).pipe(
      Layer.provide(BitgetConfig.layer({ credentials: simulator.credentials }))
    ))
)

const Env = Layer.mergeAll(Socket, Simulator.layerClient()).pipe(
  Layer.provideMerge(Simulator.layer({ ws: { tickMillis: 20, checksum: true } }))
)

const v3Count = (books: ReadonlyArray<Book.Book>) => books[0]!.asks.length + books[0]!.bids.length

const checkBooks = (books: ReadonlyArray<Book.Book>) => {
  for (const book of books) {
    for (let i = 1; i < book.asks.length; i++) {
      expect(BigDecimal.lessThan(book.asks[i - 1]!.price, book.asks[i]!.price)).toBe(true)
    }
    for (let i = 1; i < book.bids.length; i++) {
      expect(BigDecimal.greaterThan(book.bids[i - 1]!.price, book.bids[i]!.price)).toBe(true)
    }
    if (book.asks[0] !== undefined && book.bids[0] !== undefined) {
      expect(BigDecimal.lessThan(book.bids[0].price, book.asks[0].price)).toBe(true)
    }
  }
}

layer(Env, { excludeTestServices: true, timeout: 30_000 })("against the simulator", (it) => {
  it.effect("V2 and V3 tickers and candles decode from the simulator's pushes", () =>
    Effect.gen(function*() {
      const [ticker] = yield* Stream.runCollect(
        Stream.take(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" }), 1)
      )
        .pipe(Effect.map(Chunk.toReadonlyArray))
      expect(ticker!.rows[0]!.instId).toBe("BTCUSDT")
      expect(BigDecimal.isPositive(ticker!.rows[0]!.lastPr)).toBe(true)
      const futures = yield* Stream.runHead(V2Public.ticker({ instType: "USDT-FUTURES", instId: "BTCUSDT" }))
      expect(futures._tag).toBe("Some")
      const candle = yield* Stream.runHead(V2Public.candle({ instType: "SPOT", instId: "BTCUSDT", interval: "1m" }))
      expect(candle._tag).toBe("Some")
      const v3 = yield* Stream.runHead(V3Public.ticker({ instType: "spot", symbol: "BTCUSDT" }))
      expect(v3._tag).toBe("Some")
    }))

  it.effect("V2 and V3 books: consistent, every checksum verified, no rebuild needed", () =>
    Effect.gen(function*() {
      const reasons: Array<string> = []
      const v2 = yield* Book.stream(V2Public.Books, { instType: "USDT-FUTURES", instId: "BTCUSDT" }, {
        depth: 15,
        onResync: (r) => reasons.push(r)
      }).pipe(
        Stream.take(25),
        Stream.interruptWhen(Effect.sleep("2 seconds")),
        Stream.runCollect,
        Effect.map(Chunk.toReadonlyArray)
      )
      expect(v2.length).toBeGreaterThanOrEqual(2)
      checkBooks(v2)
      console.log(`[simulator] ${v2.length} V2 books in 2 s, ${v3Count(v2)} levels in the first`)
      const seqs = v2.map((b) => b.seq!)
      expect(seqs.every((s, i) => i === 0 || s > seqs[i - 1]!)).toBe(true)
      expect(seqs[0]! > 2n ** 53n).toBe(true)
      const v3 = yield* Book.stream(V3Public.Books, { instType: "spot", symbol: "BTCUSDT" }, {
        depth: 5,
        onResync: (r) => reasons.push(r)
      }).pipe(
        Stream.take(15),
        Stream.interruptWhen(Effect.sleep("1 second")),
        Stream.runCollect,
        Effect.map(Chunk.toReadonlyArray)
      )
      expect(v3.length).toBeGreaterThanOrEqual(1)
      checkBooks(v3)
      expect(v3[0]!.asks.length).toBeLessThanOrEqual(5)
      expect(reasons).toEqual([])
    }))

  it.effect("a dropped socket: the book and the order stream carry on (REST read after the reconnect)", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const updates = yield* Queue.unbounded<Orders.Update<V2Private.SpotOrderRow>>()
      const fiber = yield* Effect.fork(Stream.runForEach(Orders.spot(), (u) => Queue.offer(updates, u)))
      yield* Effect.sleep("300 millis")
      const placed = yield* Spot.Trade.placeOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "1000",
        size: "0.01",
        clientOid: "sim-ws-1"
      })
      const pushed = yield* Queue.take(updates)
      expect(pushed.order.orderId).toBe(placed.orderId)
      expect(pushed.order.status).toBe("live")
      // The socket drops; the order is cancelled before the client is back.
      simulator.ws.drop("/v2/ws/private")
      yield* Spot.Trade.cancelOrder({ symbol: "BTCUSDT", orderId: placed.orderId })
      let last = yield* Queue.take(updates)
      while (last.order.status !== "cancelled") last = yield* Queue.take(updates)
      expect(last.order.orderId).toBe(placed.orderId)
      yield* Fiber.interrupt(fiber)
    }))

  it.effect("a private push the server loses (losePrivate) is made up by the periodic REST read", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const updates = yield* Queue.unbounded<Orders.Update<V2Private.SpotOrderRow>>()
      const fiber = yield* Effect.fork(
        Stream.runForEach(Orders.spot({}, { every: "200 millis" }), (u) => Queue.offer(updates, u))
      )
      yield* Effect.sleep("300 millis")
      const placed = yield* Spot.Trade.placeOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "1000",
        size: "0.01",
        clientOid: "sim-ws-lost"
      })
      let seen = yield* Queue.take(updates)
      while (seen.order.orderId !== placed.orderId) seen = yield* Queue.take(updates)
      // The cancel's push is lost for good; the socket stays up.
      simulator.ws.losePrivate(5)
      yield* Spot.Trade.cancelOrder({ symbol: "BTCUSDT", orderId: placed.orderId })
      let last = yield* Queue.take(updates)
      while (last.order.orderId !== placed.orderId || last.order.status !== "cancelled") {
        last = yield* Queue.take(updates)
      }
      expect(last.source).toBe("rest")
      yield* Fiber.interrupt(fiber)
    }))

  it.effect("a spot order placed over the socket exists over REST", () =>
    Effect.gen(function*() {
      const placed = yield* V2Trade.placeSpotOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "1000",
        size: "0.01",
        clientOid: "sim-ws-2"
      })
      expect(placed.clientOid).toBe("sim-ws-2")
      const [order] = yield* Spot.Trade.orderInfo({ clientOid: "sim-ws-2" })
      expect(order!.orderId).toBe(placed.orderId)
      expect(Decimal.format(order!.size)).toBe("0.01")
    }))

  it.effect("a Classic key on a V3 private topic: the Stream fails with the simulator's 40084, it does not wait", () =>
    Effect.gen(function*() {
      const error = yield* Stream.runDrain(V3Private.account({})).pipe(Effect.flip, Effect.timeout("5 seconds"))
      expect(error._tag).toBe("SubscriptionRefused")
      if (error._tag === "SubscriptionRefused") {
        expect([error.channel, error.code]).toEqual(["websocket.v3Private.account", "40084"])
      }
    }))

  it.effect("the spot account pushes a snapshot of balances", () =>
    Effect.gen(function*() {
      const push = yield* Stream.runHead(V2Private.spotAccount({}))
      expect(push._tag).toBe("Some")
      if (push._tag === "Some") expect(push.value.rows.some((r) => r.coin === "USDT")).toBe(true)
    }))
})
