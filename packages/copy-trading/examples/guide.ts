/**
 * The examples of `docs/copy-trading.md`, kept here so the type check proves they compile and
 * `test/guide.test.ts` runs each against the simulator, where the main account is made an elite
 * trader and a seeded follower account (its own API key) copies it. Run the walk with
 * `npx tsx packages/copy-trading/examples/guide.ts`.
 */
import { FuturesFollower, FuturesTrader } from "@effect-bitget/copy-trading"
import { BitgetClient, Decimal, type Transport } from "@effect-bitget/core"
import { Order } from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl } from "@effect-bitget/simulator/copy/CopyDomain"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Chunk, Console, Effect, Layer, Redacted, Stream } from "effect"

// #region followerClient
// — Two clients: the trader's (the default one) and a follower's, each signing with its own key.
export const followerClient = (key: { apiKey: string; secret: string; passphrase: string }) =>
  BitgetClient.layerWith({
    credentials: {
      apiKey: Redacted.make(key.apiKey),
      secret: Redacted.make(key.secret),
      passphrase: Redacted.make(key.passphrase)
    }
  }) satisfies Layer.Layer<BitgetClient.BitgetClient, never, Transport.Transport>
// #endregion

// #region Local
// — Against the simulator: the main account trades; `control` makes it a trader and hands out
//   the seeded followers' keys.
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
export const local = Effect.gen(function*() {
  const control = yield* Simulator.control<CopyControl>("copyTrading")
  control.makeTrader({ futuresSymbols: ["BTCUSDT"] })
  const follower = control.followers[0]!
  return { traderId: Simulator.UID, asFollower: Effect.provide(Simulator.layerClient({ key: follower.key })) }
})
// #endregion

// #region follow
// — The follower: follow a trader on BTCUSDT with twice the trader's size, at most 0.1 BTC held,
//   taking profit at +50% and stopping at −20% of the margin.
export const follow = (traderId: string) =>
  FuturesFollower.settings({
    traderId,
    settings: [{
      symbol: "BTCUSDT",
      productType: "USDT-FUTURES",
      marginType: "trader",
      leverType: "trader",
      traceType: "percent",
      traceValue: "2",
      maxHoldSize: "0.1",
      stopSurplusRatio: "50",
      stopLossRatio: "20"
    }]
  })
// #endregion

// #region traderOpens
// — The trader: a position opened with a normal futures order becomes a tracking order, copied.
export const traderOpens = Effect.gen(function*() {
  yield* Order.placeOrder({
    symbol: "BTCUSDT",
    productType: "USDT-FUTURES",
    marginCoin: "USDT",
    marginMode: "crossed",
    size: "0.01",
    side: "buy",
    orderType: "market"
  })
  const { trackingList } = yield* FuturesTrader.currentTrack({ productType: "USDT-FUTURES" })
  const track = trackingList[0]!
  yield* Console.log(`tracking ${track.trackingNo}: ${Decimal.format(track.openSize)} copied by ${track.followCount}`)
  return track
})
// #endregion

// #region traderCloses
// — The trader moves TP/SL (the copies follow), then closes: copies close, shares are settled.
export const traderCloses = (trackingNo: string) =>
  Effect.gen(function*() {
    yield* FuturesTrader.modifyTpsl({ trackingNo, productType: "USDT-FUTURES", stopLossPrice: "50000" })
    yield* FuturesTrader.closePositions({ trackingNo, symbol: "BTCUSDT", productType: "USDT-FUTURES" })
    const summary = yield* FuturesTrader.profitHistorySummary()
    yield* Console.log(`profit shares so far: ${Decimal.format(summary.profitSummary.sumProfit!)}`)
    return summary
  })
// #endregion

// #region followerCopies
// — The follower's copies: open ones, and the whole closed history as one Stream.
export const followerCopies = Effect.gen(function*() {
  const open = yield* FuturesFollower.currentOrders({ productType: "USDT-FUTURES" })
  const closed = yield* FuturesFollower.historyOrders.items({ productType: "USDT-FUTURES" }).pipe(Stream.runCollect)
  for (const copy of Chunk.toReadonlyArray(closed)) {
    yield* Console.log(`copy ${copy.trackingNo}: net ${Decimal.format(copy.netProfit!)} (${copy.stopType})`)
  }
  return { open, closed: Chunk.toReadonlyArray(closed) }
})
// #endregion

// #region notATrader
// — Roles: a follower's key on a trader endpoint is refused by the exchange (40732), caught by code.
export const notATrader = FuturesTrader.currentTrack({ productType: "USDT-FUTURES" }).pipe(
  Effect.as("served"),
  Effect.catchIf((error) => "code" in error && error.code === "40732", () => Effect.succeed("not a trader"))
)
// #endregion

// #region tooManySettings
// — Local rules fail before anything is sent: 11 symbols in one settings call (at most 10).
export const tooManySettings = (traderId: string) =>
  FuturesFollower.settings({
    traderId,
    settings: Array.from({ length: 11 }, () => ({
      symbol: "BTCUSDT",
      productType: "USDT-FUTURES" as const,
      marginType: "trader" as const,
      leverType: "trader" as const,
      traceType: "count" as const,
      traceValue: "0.001"
    }))
  }).pipe(Effect.flip, Effect.map((error) => `${error._tag}: ${error.message}`))
// #endregion

export const walk = Effect.gen(function*() {
  const { asFollower, traderId } = yield* local
  yield* follow(traderId).pipe(asFollower)
  const track = yield* traderOpens
  yield* traderCloses(track.trackingNo)
  yield* followerCopies.pipe(asFollower)
  yield* Console.log(yield* notATrader.pipe(asFollower))
  yield* Console.log(yield* tooManySettings(traderId))
})

if (import.meta.url === `file://${process.argv[1]}`) {
  NodeRuntime.runMain(walk.pipe(Effect.provide(Local)))
}
