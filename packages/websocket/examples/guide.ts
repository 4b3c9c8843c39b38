/**
 * The examples of `docs/websocket.md`, kept here so the type check proves they compile and
 * `test/guide.test.ts` runs each against the simulator's WebSocket server. Run the walk yourself
 * with `npx tsx packages/websocket/examples/guide.ts` (simulator).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region setup
import { BitgetClient, BitgetConfig, Decimal } from "@effect-bitget/core"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import { Trade } from "@effect-bitget/spot"
import { BitgetSocket, Book, Holdings, Orders, V2Private, V2Public, V2Trade } from "@effect-bitget/websocket"
import { Chunk, Console, Effect, Layer, Stream } from "effect"

// — Layer + Config: the same BITGET_* credentials and demo switch as BitgetClient; BITGET_WS_URL
//   overrides the host (demo: wss://wspap.bitget.com). REST beside it for the reconciled streams, and
//   under it: the socket signs its logins with the client's clock offset (resynced on 30013/30014).
export const Live = BitgetSocket.layerConfig().pipe(
  Layer.provideMerge(BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))),
  Layer.provide(BitgetConfig.layerConfig)
)

// — The same against the local simulator: its WebSocket server pushes from the world its REST changes.
export const Local = Layer.unwrapEffect(
  Effect.map(Simulator.Simulator, (simulator) =>
    BitgetSocket.layer({ url: simulator.wsUrl }).pipe(
      Layer.provide(BitgetConfig.layer({ credentials: simulator.credentials }))
    ))
).pipe(Layer.provideMerge(Simulator.layerClient()), Layer.provideMerge(Simulator.layer({ ws: { tickMillis: 20 } })))
// #endregion

// #region tickers
// — A public channel as a Stream: decoded rows (BigDecimal, DateTime.Utc), the socket shared.
export const tickers = V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" }).pipe(
  Stream.take(3),
  Stream.mapEffect((push) => Effect.as(Console.log(`last ${Decimal.format(push.rows[0]!.lastPr)}`), push)),
  Stream.runCollect,
  Effect.map(Chunk.toReadonlyArray)
)
// #endregion

// #region busyChannel
// — A busy channel: BitgetSocket.runForEachChunk reads each batch of pushes that arrived together, as
//   Stream.runForEachChunk does, without its memory and CPU costs in Effect 3. Do synchronous work
//   and return nothing; an Effect returned is run before the next read.
export const busyChannel = Effect.gen(function*() {
  let pushes = 0
  let last = ""
  yield* V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" }).pipe(
    Stream.take(5),
    BitgetSocket.runForEachChunk((chunk) => {
      for (const push of chunk) {
        pushes++
        last = Decimal.format(push.rows[0]!.lastPr)
      }
    })
  )
  yield* Console.log(`${pushes} pushes, last ${last}`)
  return { pushes, last }
})
// #endregion

// #region bestPrices
// — An order book that is never silently wrong: gaps, restarts and crossed books rebuild it.
export const bestPrices = Book.v2({ instType: "USDT-FUTURES", instId: "BTCUSDT" }, { depth: 5 }).pipe(
  Stream.take(2),
  Stream.mapEffect((book) =>
    Effect.as(
      Console.log(`bid ${Decimal.format(book.bids[0]!.price)} / ask ${Decimal.format(book.asks[0]!.price)}`),
      book
    )
  ),
  Stream.runCollect,
  Effect.map(Chunk.toReadonlyArray)
)
// #endregion

// #region myOrders
// — Your orders, losing nothing: pushes merged with a REST read after every (re)connect. The order
//   is placed before the Stream starts: the read after login brings it in, no waiting for a subscribe.
export const myOrders = Effect.gen(function*() {
  const placed = yield* Trade.placeOrder({
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: "1000",
    size: "0.001"
  })
  const seen = yield* Orders.spot().pipe(
    Stream.filter((u) => u.order.orderId === placed.orderId),
    Stream.tap((u) =>
      u.order.status === "live" ? Trade.cancelOrder({ symbol: "BTCUSDT", orderId: placed.orderId }) : Effect.void
    ),
    Stream.takeUntil((u) => u.order.status === "cancelled"),
    Stream.runCollect
  )
  for (const u of seen) yield* Console.log(`${u.source}: ${u.order.orderId} ${u.order.status}`)
  return Chunk.toReadonlyArray(seen).map((u) => `${u.source} ${u.order.status}`)
})
// #endregion

// #region placeOverSocket
// — Order entry over the socket, checked like REST; a lost answer is settled by clientOid.
export const placeOverSocket = V2Trade.placeSpotOrder({
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "1000",
  size: "0.001"
})
// #endregion

// #region unknownSymbol
// — A refused subscription fails its Stream with the code; catch it by tag.
export const unknownSymbol = V2Public.ticker({ instType: "SPOT", instId: "NOSUCHUSDT" }).pipe(
  Stream.runDrain,
  Effect.as("subscribed"),
  Effect.catchTag("SubscriptionRefused", (error) => Effect.succeed(`refused: ${error.code}`))
)
// #endregion

// — Balances: a snapshot on every (re)subscribe, then each change.
export const balances = V2Private.spotAccount({}).pipe(Stream.runHead)

// #region holdings
// — Balances that stay true across reconnects: the whole state, read over REST after every (re)connect.
export const holdings = Holdings.spotAssets().pipe(
  Stream.take(1),
  Stream.runCollect,
  Effect.map(Chunk.toReadonlyArray),
  Effect.tap(([view]) => Console.log(`${view!.source}: ${view!.rows.map((row) => row.coin).join(", ")}`))
)
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  Effect.gen(function*() {
    yield* tickers
    yield* busyChannel
    yield* bestPrices
    yield* myOrders
    yield* placeOverSocket
    yield* Console.log(yield* unknownSymbol)
    yield* holdings
  }).pipe(Effect.provide(Local), NodeRuntime.runMain)
}
