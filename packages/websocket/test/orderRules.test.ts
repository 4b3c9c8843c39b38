/**
 * The socket order entry's local rules at both sides of each boundary (issue 25: the mutants of
 * `V2Trade`'s and `V3Trade`'s rule functions killed): a limit order needs a price (in any letter
 * case on V2), a cancel or a modification names an `orderId` or a `clientOid` (an empty one is
 * none; a good one beside an empty one is enough), a batch holds 1 to 20 items and each item is
 * held to the rule. A refused call fails with `InvalidRequest` naming the rule and no trade frame
 * reaches the test server; an accepted one is one more frame there.
 */
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as V2Trade from "../src/V2Trade.js"
import * as V3Trade from "../src/V3Trade.js"
import { v2Answer, v3Answer } from "./support/answers.js"
import { withServer } from "./support/env.js"
import type * as Server from "./support/server.js"

/** REST for the look-ups of a lost answer (never reached here): the simulator, V2 and V3 accounts. */
const Rest = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const UnifiedRest = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))

const trades = (server: Server.Server) => server.log.filter((f) => f.text.includes("\"op\":\"trade\"")).length

/** Refused locally: `InvalidRequest` whose message holds `reason`, and no trade frame sent. */
const refused = <A, E extends { readonly _tag: string; readonly message: string }, R>(
  server: Server.Server,
  call: Effect.Effect<A, E, R>,
  reason: string
) =>
  Effect.gen(function*() {
    const before = trades(server)
    const error = yield* Effect.flip(call)
    expect([error._tag, error.message.includes(reason)], error.message).toEqual(["InvalidRequest", true])
    expect(trades(server)).toBe(before)
  })

/** Passed the local checks: one more trade frame reached the server. */
const sent = <A, E, R>(server: Server.Server, call: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const before = trades(server)
    yield* call
    expect(trades(server)).toBe(before + 1)
  })

const noPrice = "price: required for a limit order"
const noId = "orderId or clientOid: one is required"

const spot = { symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", price: "50000", size: "0.01" } as const
const { price: _p, ...spotNoPrice } = spot
const futures = {
  symbol: "BTCUSDT",
  productType: "USDT-FUTURES",
  marginMode: "crossed",
  marginCoin: "USDT",
  side: "buy",
  orderType: "limit",
  price: "50000",
  size: "0.01"
} as const
const { price: _f, ...futuresNoPrice } = futures

describe("socket order entry: local rules", () => {
  it.live("V2: a limit spot or futures order needs a price, in any letter case; market and priced limit sent", () =>
    withServer({ onTrade: v2Answer() }, {}, (server) =>
      Effect.gen(function*() {
        yield* refused(server, V2Trade.placeSpotOrder(spotNoPrice), noPrice)
        yield* refused(server, V2Trade.placeSpotOrder({ ...spotNoPrice, orderType: "LIMIT" as "limit" }), noPrice)
        yield* refused(server, V2Trade.placeFuturesOrder(futuresNoPrice), noPrice)
        yield* refused(server, V2Trade.placeFuturesOrder({ ...futuresNoPrice, orderType: "Limit" as "limit" }), noPrice)
        yield* sent(server, V2Trade.placeSpotOrder({ ...spotNoPrice, orderType: "market" }))
        yield* sent(server, V2Trade.placeSpotOrder(spot))
        yield* sent(server, V2Trade.placeFuturesOrder({ ...futuresNoPrice, orderType: "market" }))
        yield* sent(server, V2Trade.placeFuturesOrder(futures))
      })).pipe(Effect.provide(Rest)))

  it.live("V2 cancel: orderId or clientOid, an empty one counts as none", () =>
    withServer({ onTrade: v2Answer() }, {}, (server) =>
      Effect.gen(function*() {
        const ref = { instType: "SPOT", symbol: "BTCUSDT" } as const
        yield* refused(server, V2Trade.cancelOrder(ref), noId)
        yield* refused(server, V2Trade.cancelOrder({ ...ref, orderId: "" }), noId)
        yield* refused(server, V2Trade.cancelOrder({ ...ref, clientOid: "" }), noId)
        yield* refused(server, V2Trade.cancelOrder({ ...ref, orderId: "", clientOid: "" }), noId)
        yield* sent(server, V2Trade.cancelOrder({ ...ref, orderId: "1", clientOid: "" }))
        yield* sent(server, V2Trade.cancelOrder({ ...ref, orderId: "", clientOid: "c-1" }))
        yield* sent(server, V2Trade.cancelOrder({ ...ref, clientOid: "c-2" }))
      })).pipe(Effect.provide(Rest)))

  it.live("V3: a limit order or batch item needs a price; market and priced limit sent", () =>
    withServer({ onTrade: v3Answer() }, {}, (server) =>
      Effect.gen(function*() {
        const order = { symbol: "BTCUSDT", side: "buy", orderType: "limit", qty: "1", price: "50000" } as const
        const { price: _, ...unpriced } = order
        yield* refused(server, V3Trade.placeOrder({ category: "spot", ...unpriced }), noPrice)
        yield* sent(server, V3Trade.placeOrder({ category: "spot", ...order }))
        yield* sent(server, V3Trade.placeOrder({ category: "spot", ...unpriced, orderType: "market" }))
        yield* refused(server, V3Trade.batchPlace({ category: "spot", orders: [order, unpriced] }), noPrice)
        yield* sent(
          server,
          V3Trade.batchPlace({ category: "spot", orders: [order, { ...unpriced, orderType: "market" }] })
        )
      })).pipe(Effect.provide(UnifiedRest)))

  it.live("V3 cancel and modify, alone and in batches: orderId or clientOid, an empty one counts as none", () =>
    withServer({ onTrade: v3Answer() }, {}, (server) =>
      Effect.gen(function*() {
        const c = { category: "spot", symbol: "BTCUSDT" } as const
        for (const bad of [{}, { orderId: "" }, { clientOid: "" }, { orderId: "", clientOid: "" }]) {
          yield* refused(server, V3Trade.cancelOrder({ ...c, ...bad }), noId)
          yield* refused(server, V3Trade.modifyOrder({ ...c, ...bad, qty: "2" }), noId)
          yield* refused(server, V3Trade.batchCancel({ category: "spot", orders: [{ orderId: "1" }, bad] }), noId)
          yield* refused(
            server,
            V3Trade.batchModify({
              category: "spot",
              orders: [{ symbol: "BTCUSDT", orderId: "1", qty: "2" }, { symbol: "BTCUSDT", ...bad, qty: "2" }]
            }),
            noId
          )
        }
        for (const good of [{ orderId: "1", clientOid: "" }, { orderId: "", clientOid: "c-1" }]) {
          yield* sent(server, V3Trade.cancelOrder({ ...c, ...good }))
          yield* sent(server, V3Trade.modifyOrder({ ...c, ...good, price: "49000" }))
          yield* sent(server, V3Trade.batchCancel({ category: "spot", orders: [{ clientOid: "c-2" }, good] }))
          yield* sent(
            server,
            V3Trade.batchModify({ category: "spot", orders: [{ symbol: "BTCUSDT", ...good, qty: "2" }] })
          )
        }
      })).pipe(Effect.provide(UnifiedRest)))

  it.live("V3 batches: 1 to 20 items; none refused, one sent", () =>
    withServer({ onTrade: v3Answer() }, {}, (server) =>
      Effect.gen(function*() {
        const order = { symbol: "BTCUSDT", side: "buy", orderType: "market", qty: "1" } as const
        yield* refused(server, V3Trade.batchPlace({ category: "spot", orders: [] }), "orders")
        yield* refused(server, V3Trade.batchCancel({ category: "spot", orders: [] }), "orders")
        yield* refused(server, V3Trade.batchModify({ category: "spot", orders: [] }), "orders")
        const ref = Array.from({ length: 21 }, (_, i) => ({ symbol: "BTCUSDT", orderId: String(i), qty: "1" }))
        yield* refused(server, V3Trade.batchModify({ category: "spot", orders: ref }), "orders")
        yield* sent(server, V3Trade.batchModify({ category: "spot", orders: ref.slice(0, 20) }))
        yield* sent(server, V3Trade.batchPlace({ category: "spot", orders: [order] }))
        yield* sent(server, V3Trade.batchCancel({ category: "spot", orders: [{ orderId: "1" }] }))
      })).pipe(Effect.provide(UnifiedRest)))
})
