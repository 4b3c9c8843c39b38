/**
 * The examples of `docs/spot.md`, kept here so the type check proves they compile and
 * `test/guide.test.ts` runs each against the simulator. Run the whole walk yourself with
 * `npx tsx packages/spot/examples/guide.ts` (simulator) or with `BITGET_*` set (live, read-only
 * unless `BITGET_DEMO=1`).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region setup
import { BitgetClient, Decimal, Demo, Transport } from "@effect-bitget/core"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import { Account, Market, PlanOrder, Trade } from "@effect-bitget/spot"
import { Chunk, Console, DateTime, Effect, Layer, Stream } from "effect"

// Credentials and options from BITGET_API_KEY / _SECRET / _PASSPHRASE, BITGET_DEMO, BITGET_BASE_URL …
export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

// The same client against a local simulated exchange on loopback (tests, demos, this walk).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion

// — A market call: decimals are BigDecimal, times DateTime.Utc, candles named objects.
// #region market
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
// #endregion

// — Placing and cancelling an order.
// #region placeCancel
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
  const [order] = yield* Trade.orderInfo({ orderId: placed.orderId })
  yield* Console.log(`order ${placed.orderId} is ${order!.status}`)
  yield* Trade.cancelOrder({ symbol: "BTCUSDT", orderId: placed.orderId })
  const [after] = yield* Trade.orderInfo({ orderId: placed.orderId })
  return after!.status // "cancelled"
})
// #endregion

// — A whole history as one Stream: pages (and windows, past the longest range one request may span) are walked
// for you. Bitget keeps the last 90 days of fills: an older `startTime` is refused (`InvalidRequest`), not cut short.
// #region fills
export const fillsKept = Effect.gen(function*() {
  const now = yield* DateTime.now
  const fills = yield* Trade.fills.items({
    symbol: "BTCUSDT",
    startTime: DateTime.subtract(now, { days: 90 }),
    endTime: now
  }).pipe(Stream.runCollect)
  yield* Console.log(`${Chunk.size(fills)} fills in the last 90 days`)
  return Chunk.toReadonlyArray(fills)
})
// #endregion

// — Candles further back: walk back by endTime, 200 at a time.
// #region candles
export const lastThousandHours = Effect.flatMap(
  DateTime.now,
  (now) =>
    Market.historyCandles.items({ symbol: "BTCUSDT", granularity: "1h", endTime: now }).pipe(
      Stream.take(1000),
      Stream.runCollect
    )
)
// #endregion

// — Catching InsufficientBalance by tag (the exchange's 43012); other errors pass through.
// #region tooBig
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
// #endregion

// — Local rules fail with InvalidRequest before anything is sent.
// #region noPrice
export const noPrice = Trade.placeOrder({
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  size: "0.001"
}).pipe(Effect.flip, Effect.map((error) => error._tag)) // "InvalidRequest"
// #endregion

// — A plan order: sent when the price crosses the trigger.
// #region stopBuy
export const stopBuy = PlanOrder.placePlanOrder({
  symbol: "BTCUSDT",
  side: "buy",
  triggerPrice: "70000",
  orderType: "market",
  size: "100",
  triggerType: "fill_price"
})
// #endregion

// — Demo trading: `paptrading: 1` on every request and demo symbols/coins.
// #region demo
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
// #endregion

// — The simulator's knobs (tests move its world through them).
// #region knobs
export const knobs = Effect.gen(function*() {
  const control = yield* Simulator.control<SpotControl>("spot")
  control.setPrice("BTCUSDT", "55000") // resting orders it crosses fill, plan orders it reaches trigger
  control.credit("SOL", "5") // a balance, without a record
  control.deposit("USDT", "100") // a deposit record and its bill
  control.history({ count: 250, from: Date.now() - 80 * 86_400_000, step: 7_200_000 }) // 250 rounds, 2 h apart
  return control
})
// #endregion

const walk = Effect.gen(function*() {
  yield* marketData
  yield* Console.log(`cancelled: ${yield* placeAndCancel}`)
  yield* fillsKept
  yield* Console.log(yield* tooBig)
  yield* Console.log(`no price: ${yield* noPrice}`)
})

if (import.meta.url === `file://${process.argv[1]}`) {
  const program: Effect.Effect<void, unknown> = process.env.BITGET_BASE_URL === undefined
    ? walk.pipe(Effect.provide(Local))
    : walk.pipe(Effect.provide(Live))
  NodeRuntime.runMain(program)
}
