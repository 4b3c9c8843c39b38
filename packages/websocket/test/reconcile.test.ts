/**
 * Private state that stays true across reconnects and lost pushes, against the simulator (its V2
 * and V3 private channels push from the same world its REST endpoints change): the unified
 * account's orders (`Orders.unified`) and the positions and balances of `Holdings`, each read over
 * REST after every (re)connect. An order whose push the server loses appears once, never twice; a
 * position closed while the socket was down is gone; no row is held twice.
 */
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import * as Unified from "@effect-bitget/unified"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Schema from "effect/Schema"
import * as Stream from "effect/Stream"
import * as BitgetSocket from "../src/BitgetSocket.js"
import * as Channel from "../src/Channel.js"
import * as Fills from "../src/Fills.js"
import * as Holdings from "../src/Holdings.js"
import * as Orders from "../src/Orders.js"
import * as V2Private from "../src/V2Private.js"
import type * as V3Private from "../src/V3Private.js"
import { eventually, withServer } from "./support/env.js"
import type * as Server from "./support/server.js"

/** The socket and REST of one simulator account: the unified one, or the classic one. */
const env = (unified: boolean) =>
  Layer.mergeAll(
    Layer.unwrapEffect(
      Effect.map(Simulator.Simulator, (simulator) =>
        BitgetSocket.layer({ url: simulator.wsUrl, backoffBase: "20 millis" }).pipe(
          Layer.provide(
            BitgetConfig.layer({ credentials: unified ? simulator.unified.credentials : simulator.credentials })
          )
        ))
    ),
    Simulator.layerClient(unified ? { unified: true } : {})
  ).pipe(Layer.provideMerge(Simulator.layer({ ws: { tickMillis: 20 } })))

const limitBuy = (clientOid: string) =>
  Unified.Trade.placeOrder({
    category: "SPOT",
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    qty: "0.01",
    price: "1000",
    clientOid
  })

/** Takes updates until one of `orderId` in `status`. */
const until = (
  updates: Queue.Queue<Orders.Update<V3Private.OrderRow>>,
  orderId: string,
  status: string
) =>
  Effect.gen(function*() {
    for (;;) {
      const update = yield* Queue.take(updates)
      if (update.order.orderId === orderId && update.order.orderStatus === status) return update
    }
  })

describe("reconciled private state", () => {
  it.live(
    "Orders.unified: REST after each (re)connect, lost pushes made up once, never twice",
    () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const a = yield* limitBuy("uta-recon-a")
        const updates = yield* Queue.unbounded<Orders.Update<V3Private.OrderRow>>()
        const all: Array<Orders.Update<V3Private.OrderRow>> = []
        const fiber = yield* Effect.fork(
          Stream.runForEach(
            Orders.unified({}, { every: "200 millis" }),
            (u) => Effect.zipRight(Effect.sync(() => all.push(u)), Queue.offer(updates, u))
          )
        )
        // The open order, read over REST after the login and the subscription (the channel sends none).
        const first = yield* until(updates, a.orderId!, "new")
        expect(first.source).toBe("rest")
        expect(first.order.category).toBe("spot")
        // Placed with the socket up: its push (or a REST read that came first; never both).
        const b = yield* limitBuy("uta-recon-b")
        yield* until(updates, b.orderId!, "new")
        // Placed while the server loses its push (never sent)...
        simulator.ws.losePrivate(1)
        const c = yield* limitBuy("uta-recon-c")
        yield* Effect.sleep("200 millis")
        // ...then the socket drops and `a` is cancelled meanwhile: the REST read after the
        // reconnect finds both (a periodic read, `every`, would find `c` on a live socket too).
        simulator.ws.drop("/v3/ws/private")
        yield* Unified.Trade.cancelOrder({ category: "SPOT", orderId: a.orderId! })
        const cancelled = yield* until(updates, a.orderId!, "cancelled")
        expect(cancelled.source).toBe("rest")
        expect(all.find((u) => u.order.orderId === c.orderId)?.source).toBe("rest")
        yield* eventually(() => simulator.ws.stats.connects >= 2, "reconnected")
        // Another reconnect and its REST read: nothing is emitted twice.
        simulator.ws.drop("/v3/ws/private")
        yield* eventually(() => simulator.ws.stats.connects >= 3, "reconnected again")
        yield* Effect.sleep("300 millis")
        yield* Fiber.interrupt(fiber)
        const states = all.map((u) => `${u.order.orderId}:${u.order.orderStatus}`)
        expect(states.length).toBe(new Set(states).size)
        for (const id of [a.orderId!, b.orderId!, c.orderId!]) {
          expect(states.filter((s) => s === `${id}:new`)).toHaveLength(1)
        }
        expect(states.filter((s) => s === `${a.orderId}:cancelled`)).toHaveLength(1)
        yield* Effect.forEach(
          [b, c],
          (o) => Unified.Trade.cancelOrder({ category: "SPOT", orderId: o.orderId! })
        )
      }).pipe(Effect.provide(env(true))),
    20_000
  )

  it.live(
    "Fills.unified: a fill whose push is lost and one made while the socket is down come from REST, each once",
    () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const fills = yield* Queue.unbounded<Fills.Update<V3Private.FillRow>>()
        const all: Array<Fills.Update<V3Private.FillRow>> = []
        const fiber = yield* Effect.fork(
          Stream.runForEach(
            Fills.unified(),
            (u) => Effect.zipRight(Effect.sync(() => all.push(u)), Queue.offer(fills, u))
          )
        )
        yield* eventually(() => simulator.ws.stats.subscribes >= 1, "subscribed")
        yield* Effect.sleep("100 millis")
        // Crosses the book: filled at once.
        const take = (clientOid: string) =>
          Unified.Trade.placeOrder({
            category: "SPOT",
            symbol: "BTCUSDT",
            side: "buy",
            orderType: "limit",
            qty: "0.001",
            price: "1000000",
            clientOid
          })
        const a = yield* take("fill-a")
        const first = yield* Queue.take(fills)
        expect([first.source, first.fill.orderId]).toEqual(["push", a.orderId])
        // Its push lost: nothing on the socket; then a drop, and a fill while the socket is down.
        simulator.ws.losePrivate(1)
        const b = yield* take("fill-b")
        yield* Effect.sleep("150 millis")
        simulator.ws.drop("/v3/ws/private")
        const c = yield* take("fill-c")
        const later = [yield* Queue.take(fills), yield* Queue.take(fills)]
        expect(later.map((u) => [u.source, u.fill.orderId]).sort()).toEqual(
          [["rest", b.orderId], ["rest", c.orderId]].sort()
        )
        // Another reconnect: its REST read repeats nothing.
        simulator.ws.drop("/v3/ws/private")
        yield* eventually(() => simulator.ws.stats.connects >= 3, "reconnected")
        yield* Effect.sleep("300 millis")
        yield* Fiber.interrupt(fiber)
        const ids = all.map((u) => u.fill.execId)
        expect(ids.length).toBe(3)
        expect(new Set(ids).size).toBe(3)
      }).pipe(Effect.provide(env(true))),
    20_000
  )

  it.live(
    "Fills.spot: a fill whose push is lost comes from REST after the reconnect, each once",
    () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const fills = yield* Queue.unbounded<Fills.Update<V2Private.SpotFillRow>>()
        const all: Array<Fills.Update<V2Private.SpotFillRow>> = []
        const fiber = yield* Effect.fork(
          Stream.runForEach(Fills.spot(), (u) => Effect.zipRight(Effect.sync(() => all.push(u)), Queue.offer(fills, u)))
        )
        yield* eventually(() => simulator.ws.stats.subscribes >= 1, "subscribed")
        yield* Effect.sleep("100 millis")
        const take = (clientOid: string) =>
          Spot.Trade.placeOrder({
            symbol: "BTCUSDT",
            side: "buy",
            orderType: "limit",
            force: "gtc",
            price: "1000000",
            size: "0.001",
            clientOid
          })
        const a = yield* take("spot-fill-a")
        const first = yield* Queue.take(fills)
        expect([first.source, first.fill.orderId]).toEqual(["push", a.orderId])
        // Its push lost, then the socket drops: the REST read after the reconnect has it.
        simulator.ws.losePrivate(1)
        const b = yield* take("spot-fill-b")
        yield* Effect.sleep("150 millis")
        simulator.ws.drop("/v2/ws/private")
        const second = yield* Queue.take(fills)
        expect([second.source, second.fill.orderId]).toEqual(["rest", b.orderId])
        yield* Effect.sleep("300 millis")
        yield* Fiber.interrupt(fiber)
        expect(all.map((u) => u.fill.orderId)).toEqual([a.orderId, b.orderId])
      }).pipe(Effect.provide(env(false))),
    20_000
  )

  it.live(
    "Holdings.unifiedPositions: a position once; closed while the socket is down, gone after the reconnect",
    () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        yield* Unified.Trade.placeOrder({
          category: "USDT-FUTURES",
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "market",
          qty: "0.1"
        })
        const views = yield* Queue.unbounded<Holdings.View<V3Private.PositionRow>>()
        const fiber = yield* Effect.fork(Stream.runForEach(Holdings.unifiedPositions(), (v) => Queue.offer(views, v)))
        const first = yield* Queue.take(views)
        expect(first.source).toBe("rest")
        expect(first.rows.map((r) => [r.symbol, r.posSide, Decimal.format(r.size!)])).toEqual([[
          "BTCUSDT",
          "long",
          "0.1"
        ]])
        // The subscribe snapshot follows; the position stays one row.
        const second = yield* Queue.take(views)
        expect(second.rows).toHaveLength(1)
        simulator.ws.drop("/v3/ws/private")
        yield* Unified.Trade.closePositions({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
        let view = yield* Queue.take(views)
        while (view.rows.length > 0) view = yield* Queue.take(views)
        expect(simulator.ws.stats.connects).toBeGreaterThanOrEqual(2)
        yield* Fiber.interrupt(fiber)
      }).pipe(Effect.provide(env(true))),
    20_000
  )

  it.live("Holdings.unifiedAccount: one account row, REST first, then pushes", () =>
    Effect.gen(function*() {
      const views = yield* Queue.unbounded<Holdings.View<V3Private.AccountRow>>()
      const fiber = yield* Effect.fork(Stream.runForEach(Holdings.unifiedAccount(), (v) => Queue.offer(views, v)))
      const first = yield* Queue.take(views)
      expect(first.source).toBe("rest")
      expect(first.rows).toHaveLength(1)
      expect(first.rows[0]!.coin!.some((c) => c.coin === "USDT")).toBe(true)
      yield* limitBuy("uta-account")
      let view = yield* Queue.take(views)
      while (view.source !== "push") view = yield* Queue.take(views)
      expect(view.rows).toHaveLength(1)
      yield* Fiber.interrupt(fiber)
    }).pipe(Effect.provide(env(true))), 20_000)

  it.live(
    "Holdings V2: futures positions and spot assets, one row each, REST after the reconnect",
    () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const btc = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
        yield* Futures.Order.placeOrder({
          ...btc,
          marginMode: "crossed",
          size: "0.1",
          side: "buy",
          orderType: "market"
        })
        const positions = yield* Queue.unbounded<Holdings.View<unknown>>()
        const assets = yield* Queue.unbounded<Holdings.View<{ readonly coin: string }>>()
        const f1 = yield* Effect.fork(
          Stream.runForEach(Holdings.futuresPositions({ instType: "USDT-FUTURES" }), (v) => Queue.offer(positions, v))
        )
        const f2 = yield* Effect.fork(Stream.runForEach(Holdings.spotAssets(), (v) => Queue.offer(assets, v)))
        const first = yield* Queue.take(positions)
        expect(first.source).toBe("rest")
        expect(first.rows).toHaveLength(1)
        const spot = yield* Queue.take(assets)
        expect(spot.source).toBe("rest")
        const coins = spot.rows.map((r) => r.coin)
        expect(coins).toContain("USDT")
        expect(coins.length).toBe(new Set(coins).size)
        const margin = yield* Stream.runHead(Holdings.futuresAccounts({ instType: "USDT-FUTURES" }))
        expect(margin._tag === "Some" && margin.value.source).toBe("rest")
        if (margin._tag === "Some") expect(margin.value.rows.map((r) => r.marginCoin)).toEqual(["USDT"])
        // The socket drops and the position is closed meanwhile: the REST read after the reconnect has none.
        simulator.ws.drop("/v2/ws/private")
        yield* Futures.Order.closePositions({ productType: "USDT-FUTURES" })
        let view = yield* Queue.take(positions)
        while (view.rows.length > 0) view = yield* Queue.take(positions)
        // The balances after the reconnect: each coin once.
        let again = yield* Queue.take(assets)
        while (again.source !== "rest") again = yield* Queue.take(assets)
        expect(again.rows.map((r) => r.coin).length).toBe(new Set(again.rows.map((r) => r.coin)).size)
        yield* Fiber.interrupt(f1)
        yield* Fiber.interrupt(f2)
      }).pipe(Effect.provide(env(false))),
    20_000
  )

  it.live("Holdings.reconcile: a late push older than the REST read does not bring a closed position back", () => {
    let rest: Array<Record<string, unknown>> = [{ instId: "BTCUSDT", holdSide: "long", total: "1", uTime: "100" }]
    const decode = (row: Record<string, unknown>) => ({ posId: "p1", ...row })
    const push = (server: Server.Server, row: Record<string, unknown>) =>
      server.broadcast("/v2/ws/private", {
        action: "snapshot",
        arg: { instType: "USDT-FUTURES", channel: "positions", instId: "default" },
        data: [decode(row)],
        ts: 1
      })
    return withServer({}, {}, (server) =>
      Effect.gen(function*() {
        const views = yield* Queue.unbounded<Holdings.View<V2Private.PositionRow>>()
        const stream = Holdings.reconcile(Channel.events(V2Private.Positions)({ instType: "USDT-FUTURES" }), {
          key: (row) => `${row.instId}|${row.holdSide}`,
          uTime: (row) => row.uTime === undefined ? undefined : Timestamp.toMillis(row.uTime),
          gone: (row) => BigDecimal.isZero(row.total),
          read: Effect.suspend(() =>
            Effect.orDie(Schema.decodeUnknown(Schema.Array(V2Private.PositionRow))(rest.map(decode)))
          )
        })
        const fiber = yield* Effect.fork(Stream.runForEach(stream, (v) => Queue.offer(views, v)))
        const sizes = (view: Holdings.View<V2Private.PositionRow>) =>
          view.rows.map((r) => `${r.instId}:${Decimal.format(r.total)}`)
        const first = yield* Queue.take(views)
        expect([first.source, sizes(first)]).toEqual(["rest", ["BTCUSDT:1"]])
        push(server, { instId: "BTCUSDT", holdSide: "long", total: "2", uTime: "200" })
        expect(sizes(yield* Queue.take(views))).toEqual(["BTCUSDT:2"])
        // Closed while the socket is down: REST lists nothing after the reconnect.
        rest = []
        server.dropAll()
        const after = yield* Queue.take(views)
        expect([after.source, sizes(after)]).toEqual(["rest", []])
        // Late pushes of the position before it closed (older, or the same one again): not applied.
        push(server, { instId: "BTCUSDT", holdSide: "long", total: "2", uTime: "150" })
        push(server, { instId: "BTCUSDT", holdSide: "long", total: "2", uTime: "200" })
        // A new position is.
        push(server, { instId: "ETHUSDT", holdSide: "short", total: "3", uTime: "300" })
        const next = yield* Queue.take(views)
        expect([next.source, sizes(next)]).toEqual(["push", ["ETHUSDT:3"]])
        yield* Fiber.interrupt(fiber)
      })).pipe(Effect.provide(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))))
  })
})
