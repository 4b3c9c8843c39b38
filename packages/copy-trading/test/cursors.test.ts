/**
 * Copy trading's cursors on an exchange whose cursor is inclusive (each page repeats the row the
 * cursor names: see core's hostile/inclusive.ts), walked one or two rows a page: the tracking
 * lists pass that row over by its `trackingNo`, the profit shares by their `profitId`
 * (Bitget's Trader-Order-Current-Track, Trader-Order-History-Track, Query-Current-Orders,
 * Query-History-Orders and Trader-Profit-History-Details pages). A declaration naming another
 * field (the tracking's `openOrderId`) sees the repeated row twice and stops: the simulated ids,
 * each unique, cannot tell the fields apart otherwise.
 */
import { FuturesFollower, FuturesTrader } from "@effect-bitget/copy-trading"
import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl } from "@effect-bitget/simulator/copy/CopyDomain"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { expect, layer } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Stream from "effect/Stream"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { inclusive } from "../../core/test/hostile/inclusive.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const P = "USDT-FUTURES" as const
const T = Simulator.UID
const MIX = "GET /api/v2/copy/mix-trader"
const FOLLOWER = "GET /api/v2/copy/mix-follower"

const collect = <A, E, R>(stream: Stream.Stream<A, E, R>) =>
  Stream.runCollect(stream).pipe(Effect.map(Chunk.toReadonlyArray))

/** A trader with one follower; four openings copied, two of them closed. */
const world = Effect.gen(function*() {
  const copy = yield* Simulator.control<CopyControl>("copyTrading")
  const futures = yield* Simulator.control<FuturesControl>("futures")
  copy.makeTrader()
  const follower = copy.followers[0]!
  yield* FuturesFollower.settings({
    traderId: T,
    settings: [{
      symbol: "BTCUSDT",
      productType: P,
      marginType: "trader",
      leverType: "trader",
      traceType: "count",
      traceValue: "0.001"
    }]
  }).pipe(Effect.provide(Simulator.layerClient({ key: follower.key })))
  futures.setMarkPrice("BTCUSDT", "60000")
  for (let i = 0; i < 4; i++) {
    yield* Futures.Order.placeOrder({
      symbol: "BTCUSDT",
      productType: P,
      marginCoin: "USDT",
      marginMode: "crossed",
      size: "0.01",
      side: "buy",
      orderType: "market"
    })
  }
  futures.setMarkPrice("BTCUSDT", "66000")
  for (const track of (yield* FuturesTrader.currentTrack({ productType: P })).trackingList.slice(0, 2)) {
    yield* FuturesTrader.closePositions({ trackingNo: track.trackingNo, symbol: "BTCUSDT", productType: P })
  }
  return { follower }
})

layer(Env, { excludeTestServices: true })("copy trading cursors on an inclusive exchange", (it) => {
  it.effect("tracking orders and profit shares: every row once, each repeated row passed over", () =>
    Effect.gen(function*() {
      const { follower } = yield* world
      const simulator = yield* Simulator.Simulator
      /** The rows of one call (`all`), then the same list walked a row a page through the inclusive server. */
      const walk = (
        route: string,
        id: string,
        list: string | undefined,
        all: Effect.Effect<unknown, unknown, any>,
        stream: Stream.Stream<unknown, unknown, any>,
        key?: typeof follower.key
      ) =>
        Effect.gen(function*() {
          const hostile = yield* Hostile.make({ upstream: simulator.url })
          const server = inclusive([route], { param: "idLessThan", id, ...(list === undefined ? {} : { list }) })
          hostile.otherwise(server.handler)
          const credentials = key === undefined ? simulator.credentials : {
            apiKey: Redacted.make(key.apiKey),
            secret: Redacted.make(key.secret),
            passphrase: Redacted.make(key.passphrase)
          }
          const data = yield* all.pipe(Effect.provide(Simulator.layerClient(key === undefined ? {} : { key })))
          const expected = (list === undefined ? data : (data as Record<string, unknown>)[list]) as ReadonlyArray<
            Record<string, string>
          >
          const rows = yield* collect(stream).pipe(Effect.provide(Hostile.client(hostile.url, credentials)))
          expect([route, expected.length >= 2]).toEqual([route, true])
          // Every page after the first repeated the row before it, and each was passed over.
          expect([route, server.repeated()]).toEqual([route, expected.length - 1])
          expect([route, rows.map((row) => (row as Record<string, string>)[id])]).toEqual([
            route,
            expected.map((row) => row[id])
          ])
        })

      const futures = { productType: P } as const
      yield* walk(
        `${MIX}/order-current-track`,
        "trackingNo",
        "trackingList",
        FuturesTrader.currentTrack(futures),
        FuturesTrader.currentTrack.items({ ...futures, limit: 1 })
      )
      yield* walk(
        `${MIX}/order-history-track`,
        "trackingNo",
        "trackingList",
        FuturesTrader.historyTrack(futures),
        FuturesTrader.historyTrack.items({ ...futures, limit: 1 })
      )
      yield* walk(
        `${MIX}/profit-history-details`,
        "profitId",
        "profitList",
        FuturesTrader.profitHistoryDetails({}),
        FuturesTrader.profitHistoryDetails.items({ limit: 1 })
      )
      // The follower's open copies come as a bare array, the cursor the last row's trackingNo.
      yield* walk(
        `${FOLLOWER}/query-current-orders`,
        "trackingNo",
        undefined,
        FuturesFollower.currentOrders(futures),
        FuturesFollower.currentOrders.items({ ...futures, limit: 1 }),
        follower.key
      )
      yield* walk(
        `${FOLLOWER}/query-history-orders`,
        "trackingNo",
        "trackingList",
        FuturesFollower.historyOrders(futures),
        FuturesFollower.historyOrders.items({ ...futures, limit: 1 }),
        follower.key
      )
    }).pipe(Effect.scoped))
})
