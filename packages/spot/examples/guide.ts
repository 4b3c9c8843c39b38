/**
 * The examples of `docs/spot.md`, kept here so the type check proves they compile and
 * `test/guide.test.ts` runs each against the simulator. Run the whole walk yourself with
 * `npx tsx packages/spot/examples/guide.ts` (simulator) or with `BITGET_*` set (live, read-only
 * unless `BITGET_DEMO=1`).
 */
import { BitgetClient, Decimal, Demo } from "@effect-bitget/core"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import { Account, Market, PlanOrder, Trade } from "@effect-bitget/spot"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Chunk, Console, DateTime, Effect, Layer, Stream } from "effect"

// — Layer + Config: credentials and options from BITGET_* environment variables.
export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

// — The same client against the local simulator (tests, demos, this walk).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

// — A market call: decimals are BigDecimal, times DateTime.Utc, candles named objects.
export const marketData = Effect.gen(function*() {
  const [ticker] = yield* Market.tickers({ symbol: "BTCUSDT" })
  const book = yield* Market.orderBook({ symbol: "BTCUSDT", limit: 5 })
  const candles = yield* Market.candles({ symbol: "BTCUSDT", granularity: "1h", limit: 24 })
  yield* Console.log(
    `last ${Decimal.format(ticker!.lastPr)}; best bid ${Decimal.format(book.bids[0]!.price)}; ` +
      `${candles.length} candles, first close ${Decimal.format(candles[0]!.close)}`
  )
  return { ticker: ticker!, book, candles }
})

// — Placing and cancelling an order.
export const placeAndCancel = Effect.gen(function*() {
  const placed = yield* Trade.placeOrder({
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: "20000",
    size: "0.001",
    clientOid: `guide-${Date.now()}`
  })
  const [order] = yield* Trade.orderInfo({ orderId: placed.orderId! })
  yield* Console.log(`order ${placed.orderId} is ${order!.status}`)
  yield* Trade.cancelOrder({ symbol: "BTCUSDT", orderId: placed.orderId! })
  const [after] = yield* Trade.orderInfo({ orderId: placed.orderId! })
  return after!.status
})

// — A whole history as one Stream: pages and 90-day windows are walked for you.
export const lastYearOfFills = Effect.gen(function*() {
  const now = yield* DateTime.now
  const fills = yield* Trade.fills.items({
    symbol: "BTCUSDT",
    startTime: DateTime.subtract(now, { days: 365 }),
    endTime: now
  }).pipe(Stream.runCollect)
  yield* Console.log(`${Chunk.size(fills)} fills in the last year`)
  return Chunk.toReadonlyArray(fills)
})

// — Candles further back: walk back by endTime, 200 at a time.
export const lastThousandHours = Effect.flatMap(
  DateTime.now,
  (now) =>
    Market.historyCandles.items({ symbol: "BTCUSDT", granularity: "1h", endTime: now }).pipe(
      Stream.take(1000),
      Stream.runCollect
    )
)

// — Catching InsufficientBalance by tag (the exchange's 43012); other errors pass through.
export const tooBig = Trade.placeOrder({
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "60000",
  size: "1000000"
}).pipe(
  Effect.as("placed"),
  Effect.catchTag("InsufficientBalance", (error) => Effect.succeed(`refused: ${error.code} ${error.msg}`))
)

// — Local rules fail with InvalidRequest before anything is sent.
export const noPrice = Trade.placeOrder({
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  size: "0.001"
}).pipe(Effect.flip, Effect.map((error) => error._tag))

// — A plan order: sent when the price crosses the trigger.
export const stopBuy = PlanOrder.placePlanOrder({
  symbol: "BTCUSDT",
  side: "buy",
  triggerPrice: "70000",
  orderType: "market",
  size: "100",
  triggerType: "fill_price"
})

// — Demo trading: `paptrading: 1` on every request and demo symbols/coins.
export const DemoLocal = Simulator.layerClient({ demo: true }).pipe(Layer.provideMerge(Simulator.layer()))

export const demoOrder = Effect.gen(function*() {
  const symbol = Demo.symbol("BTCUSDT") // "SBTCSUSDT"
  const placed = yield* Trade.placeOrder({
    symbol,
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: "30000",
    size: "0.01"
  })
  const [usdt] = yield* Account.assets({ coin: Demo.coin("USDT") }) // "SUSDT"
  yield* Console.log(`demo order ${placed.orderId}; SUSDT frozen ${Decimal.format(usdt!.frozen)}`)
  return placed
})

const walk = Effect.gen(function*() {
  yield* marketData
  yield* Console.log(`cancelled: ${yield* placeAndCancel}`)
  yield* lastYearOfFills
  yield* Console.log(yield* tooBig)
  yield* Console.log(`no price: ${yield* noPrice}`)
})

if (import.meta.url === `file://${process.argv[1]}`) {
  const program: Effect.Effect<void, unknown> = process.env.BITGET_BASE_URL === undefined
    ? walk.pipe(Effect.provide(Local))
    : walk.pipe(Effect.provide(Live))
  NodeRuntime.runMain(program)
}
