import * as Decimal from "@effect-bitget/core/Decimal"
import { describe, expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import * as Trades from "../src/Trades.js"
import { eventually, withServer } from "./support/env.js"

const arg = { instType: "SPOT", channel: "trade", instId: "BTCUSDT" }
const trade = (id: string, price: string) => ({ ts: "1695716760565", price, size: "0.1", side: "buy", tradeId: id })

describe("Trades", () => {
  it.live("the snapshot repeated after a reconnect is not emitted twice; order is oldest first", () =>
    withServer(
      {
        onSubscribe: (client, a) => {
          if (a.channel !== "trade") return
          client.socket.send(
            JSON.stringify({ action: "snapshot", arg, data: [trade("3", "3"), trade("2", "2")], ts: 1 })
          )
        }
      },
      {},
      (server) =>
        Effect.gen(function*() {
          const fiber = yield* Effect.fork(
            Stream.runCollect(Stream.take(Trades.v2({ instType: "SPOT", instId: "BTCUSDT" }), 4))
          )
          yield* eventually(() => server.connections === 1 && server.log.some((f) => f.text.includes("subscribe")))
          yield* Effect.sleep("30 millis")
          server.broadcast("/v2/ws/public", { action: "update", arg, data: [trade("4", "4")], ts: 2 })
          yield* Effect.sleep("30 millis")
          server.dropAll()
          // After the reconnect the snapshot (2, 3) comes again, then a new trade.
          yield* eventually(() =>
            server.connections === 2 && server.log.filter((f) => f.text.includes("subscribe")).length === 2
          )
          yield* Effect.sleep("30 millis")
          server.broadcast("/v2/ws/public", { action: "update", arg, data: [trade("5", "5")], ts: 3 })
          const rows = Chunk.toReadonlyArray(yield* Fiber.join(fiber))
          expect(rows.map((r) => r.tradeId)).toEqual(["2", "3", "4", "5"])
          expect(Decimal.format(rows[3]!.price)).toBe("5")
        })
    ))
})
