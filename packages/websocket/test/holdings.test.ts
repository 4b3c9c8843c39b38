/**
 * V2 positions held by `Holdings.futuresPositions` in hedge mode, against the simulator: its REST
 * positions carry no `posId` (as Bitget's Get All Positions), its `positions` pushes do. Rows are
 * matched by what both carry (symbol, side, margin coin): a long and a short of one symbol stay two
 * rows, a second symbol a third, never a row twice; a REST read after a reconnect keeps the
 * `posId` the pushes named, and drops the position closed while the socket was down; one closed
 * while it is up is gone with the next push (each lists every position).
 */
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Queue from "effect/Queue"
import * as Stream from "effect/Stream"
import * as BitgetSocket from "../src/BitgetSocket.js"
import * as Holdings from "../src/Holdings.js"
import type * as V2Private from "../src/V2Private.js"

const Env = Layer.mergeAll(
  Layer.unwrapEffect(
    Effect.map(
      Simulator.Simulator,
      (simulator) =>
        BitgetSocket.layer({ url: simulator.wsUrl, backoffBase: "20 millis" }).pipe(
          Layer.provide(BitgetConfig.layer({ credentials: simulator.credentials }))
        )
    )
  ),
  Simulator.layerClient()
).pipe(Layer.provideMerge(Simulator.layer({ ws: { tickMillis: 20 } })))

type View = Holdings.View<V2Private.PositionRow>

const rows = (view: View) => view.rows.map((r) => `${r.instId}:${r.holdSide}:${r.posId}`).sort()

describe("Holdings.futuresPositions", () => {
  it.live(
    "hedge mode: long and short of one symbol and a second symbol, one row each, posIds kept across a reconnect",
    () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        yield* Futures.Account.setPositionMode({ productType: "USDT-FUTURES", posMode: "hedge_mode" })
        const open = (symbol: string, side: "buy" | "sell", size: string) =>
          Futures.Order.placeOrder({
            symbol,
            productType: "USDT-FUTURES",
            marginCoin: "USDT",
            marginMode: "crossed",
            size,
            side,
            tradeSide: "open",
            orderType: "market"
          })
        yield* open("BTCUSDT", "buy", "0.1")
        yield* open("BTCUSDT", "sell", "0.2")
        yield* open("ETHUSDT", "buy", "1")
        const views = yield* Queue.unbounded<View>()
        const fiber = yield* Effect.fork(
          Stream.runForEach(Holdings.futuresPositions({ instType: "USDT-FUTURES" }), (v) => Queue.offer(views, v))
        )
        const next = (check: (view: View) => boolean) =>
          Effect.gen(function*() {
            for (;;) {
              const view = yield* Queue.take(views)
              // Never a position twice, whatever the source.
              const keys = view.rows.map((r) => `${r.instId}:${r.holdSide}`)
              expect(keys.length).toBe(new Set(keys).size)
              if (check(view)) return view
            }
          }).pipe(Effect.timeout("5 seconds"), Effect.orDie)
        // REST first: three positions, no posId yet.
        const first = yield* Queue.take(views)
        expect(first.source).toBe("rest")
        expect(rows(first)).toEqual(["BTCUSDT:long:", "BTCUSDT:short:", "ETHUSDT:long:"])
        // The subscribe snapshot names them: still three rows, each with its own posId.
        const pushed = yield* next((v) => v.source === "push")
        expect(pushed.rows).toHaveLength(3)
        const ids = new Map(pushed.rows.map((r) => [`${r.instId}:${r.holdSide}`, r.posId]))
        expect(new Set(ids.values()).size).toBe(3)
        expect([...ids.values()].every((id) => id !== "")).toBe(true)
        // The socket drops and the short is closed meanwhile: the REST read after the reconnect has
        // the two others, with the posIds the pushes named (REST carries none).
        simulator.ws.drop("/v2/ws/private")
        yield* Futures.Order.closePositions({ productType: "USDT-FUTURES", symbol: "BTCUSDT", holdSide: "short" })
        const after = yield* next((v) => v.source === "rest")
        expect(rows(after)).toEqual([
          `BTCUSDT:long:${ids.get("BTCUSDT:long")}`,
          `ETHUSDT:long:${ids.get("ETHUSDT:long")}`
        ])
        expect(simulator.ws.stats.connects).toBeGreaterThanOrEqual(2)
        // And the snapshot after it: the same two rows.
        const again = yield* next((v) => v.source === "push")
        expect(rows(again)).toEqual(rows(after))
        // Closed while connected: the next push lists the others only, so it is gone at once (not at
        // the next REST read, a minute later).
        yield* Futures.Order.closePositions({ productType: "USDT-FUTURES", symbol: "ETHUSDT", holdSide: "long" })
        const closed = yield* next((v) => v.source === "push" && v.rows.length < 2)
        expect(rows(closed)).toEqual([`BTCUSDT:long:${ids.get("BTCUSDT:long")}`])
        yield* Fiber.interrupt(fiber)
      }).pipe(Effect.provide(Env)),
    20_000
  )
})
