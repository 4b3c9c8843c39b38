/**
 * The examples of `docs/p2p.md`, kept here so the type check proves they compile and
 * `test/guide.test.ts` runs each against the simulator. Run the walk yourself with
 * `npx tsx packages/p2p/examples/guide.ts` (simulator) or with `BITGET_*` set (Bitget; every call
 * here only reads).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
// #region setup
import { BitgetClient, Decimal } from "@effect-bitget/core"
import * as Transport from "@effect-bitget/core/Transport"
import { Merchant } from "@effect-bitget/p2p"
import { Simulator } from "@effect-bitget/simulator"
import type { P2PControl } from "@effect-bitget/simulator/p2p/P2PDomain"
import { Chunk, Console, DateTime, Effect, Layer, Stream } from "effect"

// — Layer + Config: credentials from BITGET_* environment variables.
export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

// — The same client against the local simulator.
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion

// #region whoTrades
// — Who am I as a merchant, and who else trades.
export const whoTrades = Effect.gen(function*() {
  const me = yield* Merchant.merchantInfo()
  const online = yield* Stream.runCollect(Merchant.merchantList.items({ online: true }))
  yield* Console.log(`${me.nickName} (${me.merchantId}), KYC ${me.kycStatus}; ${Chunk.size(online)} merchants online`)
  return { me, online: Chunk.toReadonlyArray(online) }
})
// #endregion

// #region myAdverts
// — My online USDT/USD sell adverts posted in the last 30 days.
export const myAdverts = Effect.gen(function*() {
  const now = yield* DateTime.now
  const adverts = yield* Stream.runCollect(Merchant.advList.items({
    startTime: DateTime.subtract(now, { days: 30 }),
    endTime: now,
    status: "online",
    side: "sell",
    coin: "USDT",
    fiat: "USD"
  }))
  return Chunk.toReadonlyArray(adverts)
})
// #endregion

// #region advertYear
// — A year of one advert's orders: one Stream, walked in 90-day windows by `minOrderId`.
export const advertYear = (advNo: string) =>
  Effect.gen(function*() {
    const now = yield* DateTime.now
    const orders = yield* Stream.runCollect(Merchant.orderList.items({
      startTime: DateTime.subtract(now, { days: 365 }),
      endTime: now,
      advNo,
      language: "en-US"
    }))
    let released = 0
    for (const order of orders) {
      if (order.status === "Completed") released++
      if (order.status === "Appeal") {
        yield* Console.log(
          `order ${order.orderNo}: appeal since ${DateTime.formatIso(order.representTime!)}, ` +
            `${Decimal.format(order.amount)} ${order.fiat}`
        )
      }
    }
    yield* Console.log(`${Chunk.size(orders)} orders on ${advNo}, ${released} completed`)
    return Chunk.toReadonlyArray(orders)
  })
// #endregion

// #region tooLong
// — More than 90 days in one call fails before sending; the Stream above splits it instead.
export const tooLong = Effect.gen(function*() {
  const now = yield* DateTime.now
  return yield* Merchant.orderList({
    startTime: DateTime.subtract(now, { days: 120 }),
    endTime: now,
    advNo: "1",
    language: "en-US"
  }).pipe(Effect.flip, Effect.map((error) => error.message))
})
// #endregion

// — The simulator's knobs: an advert of your own, its orders, and one moved on to appeal.
// #region knobs
export const knobs = Effect.gen(function*() {
  const p2p = yield* Simulator.control<P2PControl>("p2p")
  const advert = p2p.addAdvert({ cTime: Date.now() - 200 * 86_400_000, fiat: "GBP" })
  const order = p2p.addOrder({ advNo: advert.advNo, cTime: Date.now() - 86_400_000, status: "Completed" })
  p2p.world.advance(p2p.addOrder({ advNo: advert.advNo, cTime: Date.now() }), "Appeal")
  return { advert, order }
})
// #endregion

const walk = Effect.gen(function*() {
  yield* whoTrades
  const adverts = yield* myAdverts
  yield* Console.log(`${adverts.length} online USDT/USD sell adverts`)
  if (adverts[0] !== undefined) yield* advertYear(adverts[0].advNo)
  yield* Console.log(yield* tooLong)
})

if (import.meta.url === `file://${process.argv[1]}`) {
  const program: Effect.Effect<void, unknown> = process.env.BITGET_BASE_URL === undefined
    ? walk.pipe(Effect.provide(Local))
    : walk.pipe(Effect.provide(Live))
  NodeRuntime.runMain(program)
}
