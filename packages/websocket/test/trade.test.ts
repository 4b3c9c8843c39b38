import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import * as Unified from "@effect-bitget/unified"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as V2Trade from "../src/V2Trade.js"
import * as V3Trade from "../src/V3Trade.js"
import { v2Answer, v3Answer } from "./support/answers.js"
import { withServer } from "./support/env.js"
import type * as Server from "./support/server.js"

/** REST for the look-ups by clientOid: the simulator. */
const Rest = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

/** REST of a unified account (V3 look-ups by clientOid): the simulator. */
const UnifiedRest = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))

const trades = (server: Server.Server) =>
  server.log.filter((f) => f.text.includes("\"op\":\"trade\"")).map((f) => JSON.parse(f.text))

const spotOrder = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "50000",
  size: "0.01"
} as const

describe("order entry over the socket", () => {
  it.live("V2 place: Bitget's frame, the answer's ids, refusals tagged with their family", () =>
    withServer({ onTrade: v2Answer() }, {}, (server) =>
      Effect.gen(function*() {
        const placed = yield* V2Trade.placeSpotOrder({ ...spotOrder, clientOid: "mine-1" })
        expect(placed).toEqual({ orderId: "ws-1", clientOid: "mine-1" })
        const [frame] = trades(server)
        expect(frame.op).toBe("trade")
        expect(frame.args[0]).toMatchObject({
          instType: "SPOT",
          instId: "BTCUSDT",
          channel: "place-order",
          params: { side: "buy", orderType: "limit", force: "gtc", price: "50000", size: "0.01", clientOid: "mine-1" }
        })
        expect(frame.args[0].id).toMatch(/^[0-9a-f]{32}$/)
        // The login came first, on the private socket.
        expect(JSON.parse(server.log[0]!.text).op).toBe("login")
        expect(server.clients[0]!.path).toBe("/v2/ws/private")
      })).pipe(Effect.provide(Rest)))

  it.live("V2 refusal carries the code and its family", () =>
    withServer({ onTrade: v2Answer(0, 43012) }, {}, () =>
      Effect.gen(function*() {
        const error = yield* V2Trade.placeSpotOrder(spotOrder).pipe(Effect.flip)
        expect(error._tag).toBe("TradeRefused")
        if (error._tag === "TradeRefused") {
          expect(error.code).toBe("43012")
          expect(error.family).toBe("InsufficientBalance")
        }
      })).pipe(Effect.provide(Rest)))

  it.live("local checks as REST: a limit order without price is refused, nothing sent", () =>
    withServer({ onTrade: v2Answer() }, {}, (server) =>
      Effect.gen(function*() {
        const { price: _, ...noPrice } = spotOrder
        const error = yield* V2Trade.placeSpotOrder(noPrice as any).pipe(Effect.flip)
        expect(error._tag).toBe("InvalidRequest")
        expect(error.message).toContain("price: required for a limit order")
        const bad = yield* V2Trade.placeSpotOrder({ ...spotOrder, size: "-1" }).pipe(Effect.flip)
        expect(bad.message).toContain("size")
        expect(server.connections).toBe(0)
      })).pipe(Effect.provide(Rest)))

  it.live("the limit-price rule in any letter case: LIMIT without price refused, with one sent as limit", () =>
    withServer({ onTrade: v2Answer() }, {}, (server) =>
      Effect.gen(function*() {
        const { price: _, ...noPrice } = spotOrder
        for (const orderType of ["LIMIT", "Limit"]) {
          const spelled = orderType as "limit"
          const error = yield* V2Trade.placeSpotOrder({ ...noPrice, orderType: spelled }).pipe(Effect.flip)
          expect([orderType, error._tag, error.message.includes("price: required for a limit order")])
            .toEqual([orderType, "InvalidRequest", true])
          expect(server.connections).toBe(0)
        }
        yield* V2Trade.placeSpotOrder({ ...spotOrder, orderType: "Limit" as "limit", clientOid: "spelled-1" })
        expect(trades(server).map((frame) => frame.args[0].params.orderType)).toEqual(["limit"])
      })).pipe(Effect.provide(Rest)))

  it.live("a slow login is not a lost answer: the order waits for it (login timeout), sent once", () =>
    withServer(
      { onTrade: v2Answer(), loginDelay: 300 },
      { requestTimeout: "100 millis" },
      (server) =>
        Effect.gen(function*() {
          const placed = yield* V2Trade.placeSpotOrder({ ...spotOrder, clientOid: "slow-login" })
          expect(placed).toEqual({ orderId: "ws-1", clientOid: "slow-login" })
          expect(trades(server).length).toBe(1)
        })
    ).pipe(Effect.provide(Rest)))

  it.live("no login within the login timeout: refused as not sent, nothing sent", () =>
    withServer({ onTrade: v2Answer(), loginDelay: 5_000 }, {
      requestTimeout: "5 seconds",
      connectTimeout: "100 millis",
      loginTimeout: "100 millis"
    }, (server) =>
      Effect.gen(function*() {
        const error = yield* V2Trade.placeSpotOrder(spotOrder).pipe(Effect.flip)
        expect(error._tag).toBe("SocketRequestError")
        if (error._tag === "SocketRequestError") expect(error.sent).toBe(false)
        expect(trades(server).length).toBe(0)
      })).pipe(Effect.provide(Rest)))

  it.live("V2 lost answer, order not found by clientOid: sent once more under the same clientOid", () =>
    withServer({ onTrade: v2Answer(1) }, { requestTimeout: "150 millis" }, (server) =>
      Effect.gen(function*() {
        const placed = yield* V2Trade.placeSpotOrder(spotOrder)
        const sent = trades(server)
        expect(sent.length).toBe(2)
        expect(sent[1].args[0].params.clientOid).toBe(sent[0].args[0].params.clientOid)
        expect(placed.clientOid).toBe(sent[0].args[0].params.clientOid)
        expect(sent[1].args[0].id).not.toBe(sent[0].args[0].id)
      })).pipe(Effect.provide(Rest)))

  it.live("V2 lost answer, order found by clientOid over REST: not sent again", () =>
    Effect.gen(function*() {
      const rest = yield* Spot.Trade.placeOrder({ ...spotOrder, clientOid: "found-1" })
      return yield* withServer({ onTrade: v2Answer(5) }, { requestTimeout: "150 millis" }, (server) =>
        Effect.gen(function*() {
          const placed = yield* V2Trade.placeSpotOrder({ ...spotOrder, clientOid: "found-1" })
          expect(placed).toEqual({ orderId: rest.orderId, clientOid: "found-1" })
          expect(trades(server).length).toBe(1)
        }))
    }).pipe(Effect.provide(Rest)))

  it.live("V3 place, cancel and modify: top-level id, category and topic; string codes", () =>
    withServer({ onTrade: v3Answer() }, {}, (server) =>
      Effect.gen(function*() {
        const placed = yield* V3Trade.placeOrder({
          category: "spot",
          symbol: "BTCUSDT",
          orderType: "limit",
          side: "buy",
          qty: "0.01",
          price: "50000",
          timeInForce: "post_only"
        })
        expect(placed.orderId).toBe("v3-0")
        yield* V3Trade.cancelOrder({ category: "spot", symbol: "BTCUSDT", orderId: "v3-0" })
        yield* V3Trade.modifyOrder({
          category: "spot",
          symbol: "BTCUSDT",
          orderId: "v3-0",
          price: "49000",
          autoCancel: "yes"
        })
        const [place, cancel, modify] = trades(server)
        expect(place).toMatchObject({ op: "trade", category: "spot", topic: "place-order" })
        expect(place.args[0]).toMatchObject({
          symbol: "BTCUSDT",
          qty: "0.01",
          price: "50000",
          clientOid: placed.clientOid
        })
        expect(cancel).toMatchObject({ topic: "cancel-order", args: [{ symbol: "BTCUSDT", orderId: "v3-0" }] })
        expect(modify).toMatchObject({ topic: "modify-order", args: [{ price: "49000", autoCancel: "yes" }] })
        expect(server.clients[0]!.path).toBe("/v3/ws/private")
      })).pipe(Effect.provide(UnifiedRest)))

  it.live("V3 batches: 20 orders are sent, 21 refused with nothing sent", () =>
    withServer({ onTrade: v3Answer() }, {}, (server) =>
      Effect.gen(function*() {
        const order = { symbol: "BTCUSDT", orderType: "market", side: "buy", qty: "1" } as const
        const results = yield* V3Trade.batchPlace({ category: "spot", orders: Array.from({ length: 20 }, () => order) })
        expect(results.length).toBe(20)
        expect(new Set(results.map((r) => r.clientOid)).size).toBe(20)
        const error = yield* V3Trade.batchPlace({ category: "spot", orders: Array.from({ length: 21 }, () => order) })
          .pipe(Effect.flip)
        expect(error._tag).toBe("InvalidRequest")
        expect(error.message).toContain("orders")
        expect(trades(server).length).toBe(1)
        const cancel = yield* V3Trade.batchCancel({
          category: "spot",
          orders: Array.from({ length: 21 }, (_, i) => ({ orderId: String(i) }))
        }).pipe(Effect.flip)
        expect(cancel._tag).toBe("InvalidRequest")
        expect(trades(server).length).toBe(1)
      })).pipe(Effect.provide(UnifiedRest)))

  it.live("clientOid limits at their boundary: V3 takes 32 characters, not 33; V2 spot 50, not 51", () =>
    withServer({ onTrade: v3Answer() }, {}, (server) =>
      Effect.gen(function*() {
        const order = { category: "spot", symbol: "BTCUSDT", orderType: "market", side: "buy", qty: "1" } as const
        const placed = yield* V3Trade.placeOrder({ ...order, clientOid: "a".repeat(32) })
        expect(placed.clientOid).toBe("a".repeat(32))
        const error = yield* V3Trade.placeOrder({ ...order, clientOid: "a".repeat(33) }).pipe(Effect.flip)
        expect(error._tag).toBe("InvalidRequest")
        expect(error.message).toContain("clientOid")
        const v2 = yield* V2Trade.placeSpotOrder({ ...spotOrder, clientOid: "b".repeat(51) }).pipe(Effect.flip)
        expect(v2.message).toContain("clientOid")
        expect(trades(server).length).toBe(1)
      })).pipe(Effect.provide(Rest)))

  it.live("V3 lost answer, order found by clientOid over REST (unified.trade.orderInfo): not sent again", () =>
    Effect.gen(function*() {
      // The order reached the exchange (placed over REST under the same clientOid); its WS answer is lost.
      const rest = yield* Unified.Trade.placeOrder({
        category: "SPOT",
        symbol: "BTCUSDT",
        orderType: "limit",
        side: "buy",
        qty: "0.01",
        price: "1000",
        clientOid: "v3-found-1"
      })
      return yield* withServer(
        { onTrade: v3Answer(5) },
        { requestTimeout: "150 millis" },
        (server) =>
          Effect.gen(function*() {
            const placed = yield* V3Trade.placeOrder({
              category: "spot",
              symbol: "BTCUSDT",
              orderType: "limit",
              side: "buy",
              qty: "0.01",
              price: "1000",
              clientOid: "v3-found-1"
            })
            expect(placed).toEqual({ orderId: rest.orderId, clientOid: "v3-found-1" })
            expect(trades(server).length).toBe(1)
          })
      )
    }).pipe(Effect.provide(UnifiedRest)))

  it.live("V3 lost answer, not found: sent once more under the same clientOid; lost again, UnknownOrderFate", () =>
    withServer({ onTrade: v3Answer(5) }, { requestTimeout: "150 millis" }, (server) =>
      Effect.gen(function*() {
        const error = yield* V3Trade.placeOrder({
          category: "usdt-futures",
          symbol: "BTCUSDT",
          orderType: "market",
          side: "sell",
          qty: "0.01",
          clientOid: "lost-1"
        }).pipe(Effect.flip)
        expect(error._tag).toBe("UnknownOrderFate")
        if (error._tag === "UnknownOrderFate") expect(error.clientOids).toEqual(["lost-1"])
        const sent = trades(server)
        expect(sent.length).toBe(2)
        expect(sent.map((f) => f.args[0].clientOid)).toEqual(["lost-1", "lost-1"])
        expect(sent[1].id).not.toBe(sent[0].id)
      })).pipe(Effect.provide(UnifiedRest)))

  it.live("V3 batch with a lost answer: found orders reported, the missing named, nothing resent", () =>
    Effect.gen(function*() {
      const rest = yield* Unified.Trade.placeOrder({
        category: "SPOT",
        symbol: "BTCUSDT",
        orderType: "limit",
        side: "buy",
        qty: "0.01",
        price: "1000",
        clientOid: "batch-found"
      })
      return yield* withServer(
        { onTrade: v3Answer(5) },
        { requestTimeout: "150 millis" },
        (server) =>
          Effect.gen(function*() {
            const order = { symbol: "BTCUSDT", orderType: "limit", side: "buy", qty: "0.01", price: "1000" } as const
            const error = yield* V3Trade.batchPlace({
              category: "spot",
              orders: [{ ...order, clientOid: "batch-found" }, { ...order, clientOid: "batch-missing" }]
            }).pipe(Effect.flip)
            expect(error._tag).toBe("UnknownOrderFate")
            if (error._tag === "UnknownOrderFate") {
              expect(error.clientOids).toEqual(["batch-missing"])
              expect(error.placed).toEqual([{ clientOid: "batch-found", orderId: rest.orderId }])
            }
            expect(trades(server).length).toBe(1)
          })
      )
    }).pipe(Effect.provide(UnifiedRest)))
})
