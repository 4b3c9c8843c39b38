/**
 * The tour's WebSocket step: ticker pushes and an order book kept from the incremental `books`
 * channel, over `BitgetSocket` (the simulator's WebSocket server, or Bitget's public socket live).
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Book from "@effect-bitget/websocket/Book"
import * as V2Public from "@effect-bitget/websocket/V2Public"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import type { Print } from "./steps.js"

export const title = "WebSocket: ticker pushes and an order book checked by seq/pseq"

export const run = (print: Print) =>
  Effect.gen(function*() {
    const pushes = yield* V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" }).pipe(
      Stream.take(2),
      Stream.runCollect
    )
    for (const push of Chunk.toReadonlyArray(pushes)) {
      yield* print(`  ticker push: BTCUSDT last ${Decimal.format(push.rows[0]!.lastPr)}`)
    }
    const book = yield* Book.v2({ instType: "USDT-FUTURES", instId: "BTCUSDT" }, { depth: 5 }).pipe(Stream.runHead)
    if (book._tag === "Some") {
      const { asks, bids, seq } = book.value
      yield* print(
        `  book seq ${seq}: best bid ${Decimal.format(bids[0]!.price)}, best ask ${Decimal.format(asks[0]!.price)}, ` +
          `${bids.length}+${asks.length} levels kept`
      )
    }
  })
