import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import * as Orders from "../src/Orders.js"
import type { SpotOrderRow } from "../src/V2Private.js"
import { eventually, withServer } from "./support/env.js"
import type * as Server from "./support/server.js"

const Rest = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

const push = (server: Server.Server, row: Record<string, unknown>) =>
  server.broadcast("/v2/ws/private", {
    action: "snapshot",
    arg: { instType: "SPOT", channel: "orders", instId: "default" },
    data: [{ instId: "BTCUSDT", orderType: "limit", side: "buy", size: "0.01", price: "50000", cTime: "1", ...row }],
    ts: 1
  })

const show = (u: Orders.Update<SpotOrderRow>) =>
  `${u.source}:${u.order.orderId === undefined ? "?" : "A"}:${u.order.status}${
    u.order.accBaseVolume === undefined ? "" : `:${Decimal.format(u.order.accBaseVolume)}`
  }`

describe("Orders: private streams that lose nothing", () => {
  it.live("REST read after each (re)connect; a terminal state lost during a drop is found; never backwards", () =>
    Effect.gen(function*() {
      const a = yield* Spot.Trade.placeOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "50000",
        size: "0.01",
        clientOid: "recon-a"
      })
      return yield* withServer({}, {}, (server) =>
        Effect.gen(function*() {
          const updates = yield* Queue.unbounded<Orders.Update<SpotOrderRow>>()
          const fiber = yield* Effect.fork(Stream.runForEach(Orders.spot(), (u) => Queue.offer(updates, u)))
          // After the login and the subscription: the open order, read over REST.
          const first = yield* Queue.take(updates)
          expect(first.source).toBe("rest")
          expect(first.order.orderId).toBe(a.orderId)
          expect(first.order.status).toBe("live")
          const uTime = Number(Date.now() + 1000)
          push(server, { orderId: a.orderId, status: "partially_filled", accBaseVolume: "0.004", uTime: String(uTime) })
          expect(show(yield* Queue.take(updates))).toBe("push:A:partially_filled:0.004")
          // A late, older push is not emitted (it would go backwards), nor a repeat.
          push(server, { orderId: a.orderId, status: "live", accBaseVolume: "0", uTime: String(uTime - 500) })
          push(server, { orderId: a.orderId, status: "partially_filled", accBaseVolume: "0.004", uTime: String(uTime) })
          // The order is cancelled while the socket is down: its push is lost.
          server.dropAll()
          yield* Spot.Trade.cancelOrder({ symbol: "BTCUSDT", orderId: a.orderId })
          const recovered = yield* Queue.take(updates)
          expect(recovered.source).toBe("rest")
          expect(recovered.order.orderId).toBe(a.orderId)
          expect(recovered.order.status).toBe("cancelled")
          // Nothing after a terminal state.
          push(server, {
            orderId: a.orderId,
            status: "partially_filled",
            accBaseVolume: "0.006",
            uTime: String(uTime + 9000)
          })
          yield* eventually(() => server.connections === 2)
          yield* Effect.sleep("50 millis")
          expect(yield* Queue.size(updates)).toBe(0)
          yield* Fiber.interrupt(fiber)
        }))
    }).pipe(Effect.provide(Rest)))

  it.live("a push lost on a live socket is caught by the periodic REST read", () =>
    Effect.gen(function*() {
      const a = yield* Spot.Trade.placeOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "limit",
        force: "gtc",
        price: "50000",
        size: "0.01",
        clientOid: "recon-b"
      })
      return yield* withServer({}, {}, (server) =>
        Effect.gen(function*() {
          const updates = yield* Queue.unbounded<Orders.Update<SpotOrderRow>>()
          const fiber = yield* Effect.fork(
            Stream.runForEach(Orders.spot({}, { every: "150 millis" }), (u) => Queue.offer(updates, u))
          )
          let first = yield* Queue.take(updates)
          while (first.order.orderId !== a.orderId) first = yield* Queue.take(updates)
          expect(first.order.status).toBe("live")
          // Cancelled with the socket up, its push never sent: the next periodic read finds it.
          yield* Spot.Trade.cancelOrder({ symbol: "BTCUSDT", orderId: a.orderId })
          let next = yield* Queue.take(updates)
          while (next.order.orderId !== a.orderId) next = yield* Queue.take(updates)
          expect(next.source).toBe("rest")
          expect(next.order.status).toBe("cancelled")
          expect(server.connections).toBe(1)
          yield* Fiber.interrupt(fiber)
        }))
    }).pipe(Effect.provide(Rest)))

  it("rank orders the states, older spellings included", () => {
    expect([
      Orders.rank("live"),
      Orders.rank("new"),
      Orders.rank("partially_filled"),
      Orders.rank("full_fill"),
      Orders.rank("canceled")
    ])
      .toEqual([0, 0, 1, 2, 2])
  })
})
