/**
 * The umbrella's `fetch` branch (`transportFetch`: @effect/platform's FetchHttpClient over the
 * runtime's global `fetch`, the transport `layer` picks off Node), over loopback to the simulator
 * through a tap that keeps each request's headers as they arrived. Node's `fetch` marks its requests
 * (`sec-fetch-mode: cors`, `user-agent: node`); undici's pool, the choice on Node, sends neither.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Bitget from "effect-bitget"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { tap } from "./loopback.js"

const place = (clientOid: string) =>
  Bitget.Spot.Trade.placeOrder({
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: "50000",
    size: "0.01",
    clientOid
  })

const fetched = (headers: { readonly [name: string]: unknown }) => headers["sec-fetch-mode"] === "cors"

describe("effect-bitget's fetch transport", () => {
  it.scoped("signed GET and POST, and a Bitget error, through FetchHttpClient", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const wire = yield* tap(simulator.url)
      const client = yield* Layer.build(
        BitgetClient.layerWith({ baseUrl: wire.url, credentials: simulator.credentials }).pipe(
          Layer.provide(Bitget.transportFetch)
        )
      )
      const assets = yield* Bitget.Spot.Account.assets({ coin: "USDT" }).pipe(Effect.provide(client))
      expect(assets[0]?.coin).toBe("USDT")

      const placed = yield* place("fetch-1").pipe(Effect.provide(client))
      expect(placed.clientOid).toBe("fetch-1")
      // The POST's body arrived: the simulator holds the order under its clientOid.
      const open = yield* Bitget.Spot.Trade.unfilledOrders({ symbol: "BTCUSDT" }).pipe(Effect.provide(client))
      expect(open.map((order) => order.clientOid)).toContain("fetch-1")

      simulator.faults.answer({
        endpoints: ["spot.trade.placeOrder"],
        code: "40725",
        msg: "service maintenance",
        status: 503
      })
      const refused = yield* Effect.flip(
        place("fetch-2").pipe(Effect.provide(client))
      )
      expect(refused).toMatchObject({ code: "40725" })

      const seen = wire.requests.map((request) => `${request.method} ${request.path.split("?")[0]}`)
      expect(seen).toEqual([
        "GET /api/v2/spot/account/assets",
        "POST /api/v2/spot/trade/place-order",
        "GET /api/v2/spot/trade/unfilled-orders",
        "POST /api/v2/spot/trade/place-order"
      ])
      for (const request of wire.requests) {
        expect(fetched(request.headers)).toBe(true)
        expect(request.headers["user-agent"]).toBe("node")
        expect(request.headers["access-key"]).toBe(Redacted.value(simulator.credentials.apiKey))
      }
      expect(wire.requests[1]!.headers["content-type"]).toMatch(/^application\/json/)
    }).pipe(Effect.provide(Simulator.layer())))

  it.scoped("layer picks fetch where the runtime is not Node, undici's pool on Node", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const wire = yield* tap(simulator.url)
      const call = Bitget.Public.serverTime()
      const global = globalThis as { Deno?: unknown }
      // The runtime is read when the layer is built: Deno's global, for that moment only.
      const offNode = yield* Effect.acquireUseRelease(
        Effect.sync(() => {
          global.Deno = {}
        }),
        () => Layer.build(Bitget.layer({ baseUrl: wire.url })),
        () =>
          Effect.sync(() => {
            delete global.Deno
          })
      )
      expect(global.Deno).toBeUndefined()
      yield* call.pipe(Effect.provide(offNode))
      const onNode = yield* Layer.build(Bitget.layer({ baseUrl: wire.url }))
      yield* call.pipe(Effect.provide(onNode))

      expect(wire.requests.map((request) => request.path)).toEqual(["/api/v2/public/time", "/api/v2/public/time"])
      expect(fetched(wire.requests[0]!.headers)).toBe(true)
      expect(fetched(wire.requests[1]!.headers)).toBe(false)
      expect(wire.requests[1]!.headers["user-agent"]).toBeUndefined()
    }).pipe(Effect.provide(Simulator.layer())))
})
