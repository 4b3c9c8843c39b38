/**
 * The examples of `docs/futures.md` (contracts and market data, leverage and a long, hedge mode,
 * histories, demo trading, delivery symbols, the simulator's knobs). Each `#region` is copied into
 * the page by `pnpm docs` (`pnpm docs:check` fails when the page differs), the type check compiles
 * this file and `test/guide.test.ts` runs each example against the simulator. Run them all with
 * `npx tsx packages/futures/examples/guide.ts` (simulator), or against Bitget with `BITGET_BASE_URL`
 * and the `BITGET_*` credentials set (demo first: `BITGET_DEMO=1`).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region setup
import { BitgetClient, Demo, Transport } from "@effect-bitget/core"
import { Account, Candles, DeliverySymbol, Market, Order, OrderQuery, Position } from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { BigDecimal, Console, DateTime, Effect, Layer, Stream } from "effect"

// Bitget: credentials from BITGET_API_KEY, BITGET_API_SECRET, BITGET_API_PASSPHRASE (BITGET_DEMO=1 for demo).
export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))
// The local simulator, with a client pointed at it (what the tests run).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion

// #region market
export const marketData = Effect.gen(function*() {
  const contracts = yield* Market.contracts({ productType: "USDT-FUTURES" })
  const btc = contracts.find((c) => c.symbol === "BTCUSDT")!
  yield* Console.log(btc.symbol, btc.supportMarginCoins, btc.maxLever && BigDecimal.format(btc.maxLever))

  const [ticker] = yield* Market.ticker({ symbol: "BTCUSDT", productType: "USDT-FUTURES" })
  yield* Console.log("mark", ticker?.markPrice && BigDecimal.format(ticker.markPrice))

  // Order book depth is one of the tiers 1, 5, 15, 50 or "max"; anything else fails locally.
  const book = yield* Market.mergeDepth({ symbol: "BTCUSDT", productType: "USDT-FUTURES", limit: "15" })
  // Levels are { price, size }, as in spot.
  const [bid] = book.bids
  yield* Console.log("best bid", bid && `${BigDecimal.format(bid.price)} × ${BigDecimal.format(bid.size)}`)

  // A week of hourly candles, walked back from now 200 at a time.
  const now = yield* DateTime.now
  const week = yield* Candles.historyCandles.items({
    symbol: "BTCUSDT",
    productType: "USDT-FUTURES",
    granularity: "1H",
    startTime: DateTime.subtract(now, { days: 7 }),
    endTime: now
  }).pipe(Stream.runCollect)
  yield* Console.log("candles", week.length)
  return { btc, book, candles: week.length }
})
// #endregion

// #region long
const btc = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const

export const openAndReduce = Effect.gen(function*() {
  yield* Account.setLeverage({ ...btc, leverage: "10" })
  const account = yield* Account.account(btc)
  yield* Console.log("mode", account.posMode, "available", BigDecimal.format(account.available))

  const open = yield* Order.placeOrder({
    ...btc,
    marginMode: "crossed",
    size: "0.01",
    side: "buy",
    orderType: "market",
    clientOid: "my-long-1",
    presetStopLossPrice: "50000"
  })
  const [long] = yield* Position.singlePosition(btc)
  yield* Console.log("long", long && BigDecimal.format(long.total), "at", long && BigDecimal.format(long.openPriceAvg))

  yield* Order.placeOrder({
    ...btc,
    marginMode: "crossed",
    size: "0.004",
    side: "sell",
    orderType: "market",
    reduceOnly: true
  })

  const history = yield* OrderQuery.ordersHistory({ productType: "USDT-FUTURES", symbol: "BTCUSDT" })
  for (const order of history.entrustedList) {
    yield* Console.log(
      order.orderId,
      order.side,
      order.status,
      order.totalProfits && BigDecimal.format(order.totalProfits)
    )
  }
  const detail = yield* OrderQuery.detail({ symbol: "BTCUSDT", productType: "USDT-FUTURES", orderId: open.orderId! })
  yield* Console.log("opened", detail.state)
  return { opened: detail.state, orders: history.entrustedList.length }
})
// #endregion

// #region hedge
const perp = { symbol: "BTCPERP", productType: "USDC-FUTURES", marginCoin: "USDC" } as const

export const hedgeMode = Effect.gen(function*() {
  // Refused by the exchange while positions or orders are open.
  yield* Account.setPositionMode({ productType: "USDC-FUTURES", posMode: "hedge_mode" })
  const { posMode } = yield* Account.account(perp)
  if (posMode !== "hedge_mode") return yield* Console.log("still in", posMode)

  const order = { ...perp, marginMode: "crossed", size: "0.01", orderType: "market" } as const
  yield* Order.placeOrderIn("hedge_mode", { ...order, side: "buy", tradeSide: "open" }) // open long
  yield* Order.placeOrderIn("hedge_mode", { ...order, side: "sell", tradeSide: "open" }) // open short
  yield* Order.placeOrderIn("hedge_mode", { ...order, side: "sell", tradeSide: "close" }) // close short

  const sides = yield* Position.singlePosition(perp)
  yield* Console.log(sides.map((p) => p.holdSide))
  // Close whatever is left at market (1 request/s), or reverse a position with Order.clickBackhand.
  yield* Order.closePositions({ productType: "USDC-FUTURES", symbol: "BTCPERP" })
  return sides.map((p) => p.holdSide)
})
// #endregion

// #region fees
export const feesPaid = Effect.gen(function*() {
  const now = yield* DateTime.now
  const fees = yield* OrderQuery.fills.items({
    productType: "USDT-FUTURES",
    startTime: DateTime.subtract(now, { days: 180 }), // two 90-day windows
    endTime: now
  }).pipe(
    Stream.flatMap((fill) => Stream.fromIterable(fill.feeDetail)), // feeDetail is an array
    Stream.runFold(BigDecimal.fromBigInt(0n), (sum, fee) => BigDecimal.sum(sum, fee.totalFee))
  )
  yield* Console.log("fees paid", BigDecimal.format(fees))
  return fees
})
// #endregion

// #region demo
const demo = { symbol: Demo.symbol("BTCUSDT"), productType: "SUSDT-FUTURES", marginCoin: Demo.coin("USDT") } as const

export const demoOrder = Effect.gen(function*() {
  const contracts = yield* Market.contracts({ productType: "susdt-futures" })
  yield* Console.log(contracts.map((c) => c.symbol)) // [ "SBTCSUSDT", "SETHSUSDT", … ]
  const placed = yield* Order.placeOrder({
    ...demo,
    marginMode: "isolated",
    size: "0.01",
    price: "70000",
    side: "buy",
    orderType: "limit",
    force: "gtc",
    reduceOnly: false
  })
  yield* Console.log("demo order id", placed.orderId)
  yield* Console.log(yield* Position.singlePosition(demo))
  return placed
})
// #endregion

export const delivery = (() => {
  // #region delivery
  const december = DeliverySymbol.parse("BTCUSDZ25") // { pair: "BTCUSD", month: 12, year: 2025 }
  const march = DeliverySymbol.make({ pair: "ETHUSD", month: 3, year: 2026 }) // "ETHUSDH26"
  const next = DeliverySymbol.nextQuarters("BTCUSD", new Date("2025-10-01")) // ["BTCUSDZ25", "BTCUSDH26"]
  const perpetual = DeliverySymbol.isDelivery("BTCUSD") // false: a perpetual
  // #endregion
  return { december, march, next, perpetual }
})()

// #region knobs
export const knobs = Effect.gen(function*() {
  const control = yield* Simulator.control<FuturesControl>("futures")
  control.setMarkPrice("BTCUSDT", "61000") // fills crossed limit orders, fires reached plan orders
  control.tick(3) // every mark: +0.2%, +0.1%, −0.15%, −0.1%, repeating
  control.setBalance("USDT", "1000") // the main account ({ demo: true }: the paptrading account)
  return control.markPrice("BTCUSDT")
})
// #endregion

const all = Effect.gen(function*() {
  yield* marketData
  yield* openAndReduce
  yield* feesPaid
  yield* Console.log(delivery)
})

if (import.meta.url === `file://${process.argv[1]}`) {
  const program: Effect.Effect<void, unknown> = process.env.BITGET_BASE_URL === undefined
    ? Effect.provide(Effect.zipRight(knobs, all), Local)
    : Effect.provide(all, Live)
  NodeRuntime.runMain(program)
}
