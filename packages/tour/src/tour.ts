/**
 * `pnpm tour`: a short walk through the library. It starts the simulated exchange in this
 * process and talks to it over loopback HTTP exactly as it would to Bitget. With
 * `BITGET_BASE_URL` and credentials set it runs against that server instead: read-only steps,
 * plus the order step only when `BITGET_DEMO=1`.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Demo from "@effect-bitget/core/Demo"
import * as Public from "@effect-bitget/core/Public"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import * as Transport from "@effect-bitget/core/Transport"
import * as FuturesOrder from "@effect-bitget/futures/Order"
import { Simulator } from "@effect-bitget/simulator"
import * as SpotAccount from "@effect-bitget/spot/Account"
import * as SpotMarket from "@effect-bitget/spot/Market"
import * as SpotTrade from "@effect-bitget/spot/Trade"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Clock from "effect/Clock"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"

const live = process.env.BITGET_BASE_URL !== undefined
const demo = process.env.BITGET_DEMO === "1" || process.env.BITGET_DEMO === "true"

const step = (title: string) => Console.log(`\n— ${title}`)
const say = (text: string) => Console.log(`  ${text}`)

const publicData = Effect.gen(function*() {
  yield* step("Public data: the server clock, a ticker and the latest announcement")
  const time = yield* Public.serverTime()
  yield* say(`server time ${Timestamp.toMillis(time.serverTime)} (ms)`)
  const [ticker] = yield* SpotMarket.tickers({ symbol: "BTCUSDT" })
  if (ticker) yield* say(`BTCUSDT last ${Decimal.format(ticker.lastPr)}, 24h high ${Decimal.format(ticker.high24h)}`)
  const [news] = yield* Public.announcements({ language: "en_US", limit: 1 })
  if (news) yield* say(`announcement ${news.annId}: ${news.annTitle.slice(0, 60)}`)
})

const signedRead = Effect.gen(function*() {
  yield* step("A signed read: spot balances (ACCESS-* headers, HMAC-SHA256 over the exact request)")
  const assets = yield* SpotAccount.assets()
  for (const asset of assets.slice(0, 3)) {
    yield* say(`${asset.coin}: available ${Decimal.format(asset.available)}, frozen ${Decimal.format(asset.frozen)}`)
  }
})

const demoOrder = Effect.gen(function*() {
  yield* step("A demo-trading order: demo symbol and demo margin coin, header paptrading: 1")
  const symbol = Demo.symbol("BTCUSDT")
  const order = yield* FuturesOrder.placeOrder({
    symbol,
    productType: "SUSDT-FUTURES",
    marginMode: "isolated",
    marginCoin: Demo.coin("USDT"),
    size: "0.01",
    side: "buy",
    orderType: "market"
  })
  yield* say(`${symbol} market buy accepted: order ${order.orderId ?? "(by clientOid)"}`)
  const mixed = yield* FuturesOrder.placeOrder({
    symbol,
    productType: "SUSDT-FUTURES",
    marginMode: "isolated",
    marginCoin: "USDT",
    size: "0.01",
    side: "buy",
    orderType: "market"
  }).pipe(Effect.flip, Effect.orElseSucceed(() => ({ _tag: "accepted (unexpected)" })))
  yield* say(`demo symbol with the real coin USDT: ${mixed._tag}, refused before sending`)
})

const history = Effect.gen(function*() {
  yield* step("A whole history as one Stream: three weeks of BTCUSDT trades in 7-day windows, 500-row pages")
  const now = yield* Clock.currentTimeMillis
  let pages = 0
  const count = yield* SpotMarket.fillsHistory.pages({
    symbol: "BTCUSDT",
    limit: 500,
    startTime: Timestamp.fromMillis(now - 21 * 86_400_000),
    endTime: Timestamp.fromMillis(now)
  }).pipe(
    Stream.tap(() => Effect.sync(() => pages++)),
    Stream.flatMap((page) => Stream.fromIterable(page)),
    Stream.runCount
  )
  yield* say(`${count} trades in ${pages} requests (3 windows), newest first, no cursor or window handled by hand`)
})

const typedError = Effect.gen(function*() {
  yield* step("A typed error caught by its tag: cancelling an order that does not exist")
  const outcome = yield* SpotTrade.cancelOrder({ symbol: "BTCUSDT", orderId: "1" }).pipe(
    Effect.as("cancelled"),
    Effect.catchTag("OrderNotFound", (error) => Effect.succeed(`OrderNotFound (code ${error.code}): ${error.msg}`))
  )
  yield* say(outcome)
})

const rateLimit = Effect.gen(function*() {
  yield* step("A rate limit waited out: 25 trade-rate queries at once against a 10/s limit")
  const start = yield* Clock.currentTimeMillis
  yield* Effect.forEach(
    Array.from({ length: 25 }, (_, i) => i),
    () => Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }),
    { concurrency: "unbounded", discard: true }
  )
  const took = (yield* Clock.currentTimeMillis) - start
  yield* say(`all 25 answered in ${(took / 1000).toFixed(1)} s: the client waited for the buckets`)
  const simulator = yield* Effect.serviceOption(Simulator.Simulator)
  if (Option.isSome(simulator)) {
    yield* say(`429s answered by the exchange: ${simulator.value.limits.refused}`)
  }
})

const tour = Effect.gen(function*() {
  const config = yield* BitgetConfig.BitgetConfig
  yield* Console.log(`effect-bitget tour against ${live ? config.baseUrl : "the embedded simulator"}`)
  yield* publicData
  yield* signedRead
  yield* history
  yield* typedError
  yield* rateLimit
  if (!live || demo) yield* demoOrder.pipe(Effect.provide(demoClient))
  yield* Console.log("\nDone.")
})

// Against the simulator: its own URL and test credentials. Live: BITGET_* from the environment.
const simulated = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const demoClient = live
  ? BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))
  : Simulator.layerClient({ demo: true })
const liveClient = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

const configLayer = Layer.unwrapEffect(Effect.gen(function*() {
  if (live) return BitgetConfig.layerConfig
  const simulator = yield* Simulator.Simulator
  return BitgetConfig.layer({ baseUrl: simulator.url })
}))

// Live, the demo client needs no simulator; the cast says so to the compiler.
const main = (live
  ? tour.pipe(Effect.provide(Layer.merge(liveClient, BitgetConfig.layerConfig)))
  : tour.pipe(Effect.provide(Layer.merge(simulated, configLayer.pipe(Layer.provide(simulated)))))) as Effect.Effect<
    void,
    unknown
  >

main.pipe(
  Effect.tapErrorCause((cause) => Console.error("tour failed", cause)),
  NodeRuntime.runMain
)
