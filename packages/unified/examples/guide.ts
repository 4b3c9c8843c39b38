/**
 * The introduction, market and account examples of `docs/unified.md`, kept here so the type
 * check proves they compile and `test/guide.test.ts` runs each against the simulator. Run them
 * yourself with `npx tsx packages/unified/examples/guide.ts` (simulator) or against Bitget with
 * `BITGET_*` set to an account's key (read-only: nothing here trades or moves money, but
 * `toClassicAndBack` switches the account's mode, so it is not run by default).
 */
import { AccountMode, BitgetClient } from "@effect-bitget/core"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { Account, Bills, Candles, Leverage, Market, Mode, Schemas, Trade } from "@effect-bitget/unified"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { BigDecimal, Chunk, Console, DateTime, Effect, Layer, Stream } from "effect"

// — Layer + Config: an account's key from BITGET_* environment variables.
export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

// — The same client against the local simulator, signing as its funded unified account.
export const Local = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))

// #region usdtAvailable
// — Which line a key belongs on, asked once: unified keys speak V3, Classic keys V2.
export const usdtAvailable = Effect.gen(function*() {
  const mode = yield* AccountMode.probe
  if (mode === "unified") {
    const { assets } = yield* Account.assets()
    return assets.find((asset) => asset.coin === "USDT")?.available ?? BigDecimal.fromBigInt(0n)
  }
  const [usdt] = yield* Spot.Account.assets({ coin: "USDT" })
  return usdt?.available ?? BigDecimal.fromBigInt(0n)
})
// #endregion

// #region spread
// — The best bid and ask of a perpetual and a spot pair: one call shape, `category` picks the product.
export const spread = Effect.gen(function*() {
  const futures = yield* Market.orderBook({ category: "USDT-FUTURES", symbol: "BTCUSDT", limit: 1 })
  const spot = yield* Market.orderBook({ category: "SPOT", symbol: "BTCUSDT", limit: 1 })
  return {
    futures: BigDecimal.subtract(futures.a[0]!.price, futures.b[0]!.price),
    spot: BigDecimal.subtract(spot.a[0]!.price, spot.b[0]!.price)
  }
})

// — A week of hourly mark-price candles: the Stream walks back 100 candles a call.
export const weekOfMarkCandles = Effect.gen(function*() {
  const now = yield* DateTime.now
  const candles = yield* Stream.runCollect(Candles.candles.items({
    category: "USDT-FUTURES",
    symbol: "BTCUSDT",
    interval: "1H",
    type: "mark",
    startTime: DateTime.subtract(now, { days: 7 }),
    endTime: now
  }))
  return Chunk.toReadonlyArray(candles)
})
// #endregion

// #region hedgeAtFive
// — Leverage 5 on a perpetual, hedge mode, and what the account reports back.
export const hedgeAtFive = Effect.gen(function*() {
  yield* Leverage.setLeverage({ category: "USDT-FUTURES", symbol: "ETHUSDT", leverage: "5" })
  yield* Leverage.setHoldMode({ holdMode: "hedge_mode" })
  return yield* Account.settings()
})

// — Ninety days of futures bills: the Stream follows the cursor through three 30-day windows.
export const quarterOfBills = Effect.gen(function*() {
  const now = yield* DateTime.now
  const bills = yield* Stream.runCollect(Bills.financialRecords.items({
    category: "USDT-FUTURES",
    startTime: DateTime.subtract(now, { days: 90 }),
    endTime: now
  }))
  return Chunk.toReadonlyArray(bills)
})
// #endregion

// #region toClassicAndBack
// — Back to a Classic account (V3) and up to unified again (V2): refused while orders or positions are open.
export const toClassicAndBack = Effect.gen(function*() {
  yield* Mode.switchToClassic()
  const classic = yield* Mode.switchStatus()
  yield* Spot.Account.upgrade()
  const unified = yield* Spot.Account.upgradeStatus()
  return [classic.status, unified.status] as const
})
// #endregion

// #region trade
export const tradeTour = Effect.gen(function*() {
  // A resting spot order; the answer carries the clientOid the client gave it.
  const placed = yield* Trade.placeOrder({
    category: "SPOT",
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    timeInForce: "post_only",
    qty: "0.001",
    price: "30000"
  })
  const order = yield* Trade.orderInfo({ orderId: placed.orderId })
  yield* Console.log(order.orderStatus, order.clientOid)

  // A batch answers per item: a partly refused batch is a success value.
  const items = yield* Trade.placeBatch([
    { category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: "limit", qty: "0.001", price: "29000" },
    { category: "SPOT", symbol: "ETHUSDT", side: "buy", orderType: "limit", qty: "0.01", price: "1500" }
  ])
  const { failed, succeeded } = Schemas.partition(items)
  for (const item of failed) yield* Console.log(`refused ${item.clientOid}: ${item.code} ${item.msg}`)
  yield* Console.log(`${succeeded.length} placed`)

  yield* Trade.cancelSymbolOrder({ category: "SPOT", symbol: "BTCUSDT" })

  // Every fill of the last 60 days, newest first: two 30-day windows, each page followed by its cursor.
  const since = DateTime.unsafeMake(Date.now() - 60 * 86_400_000)
  const count = yield* Stream.runCount(Trade.fills.items({ startTime: since }))
  yield* Console.log(`${count} fills`)
  return { status: order.orderStatus, placed: succeeded.length, failed: failed.length, fills: count }
})
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  const walk = Effect.gen(function*() {
    yield* Console.log("USDT available:", BigDecimal.format(yield* usdtAvailable))
    const { futures, spot } = yield* spread
    yield* Console.log("spreads:", BigDecimal.format(futures), BigDecimal.format(spot))
    yield* Console.log("mark candles:", (yield* weekOfMarkCandles).length)
  })
  const main: Effect.Effect<void, unknown> = process.env.BITGET_API_KEY === undefined
    ? Effect.provide(walk, Local)
    : Effect.provide(walk, Live)
  NodeRuntime.runMain(main)
}
