/**
 * The P2P merchant example of `docs/unified.md`, kept here so the type check proves it compiles
 * and `test/p2pGuide.test.ts` runs it against the simulator's unified account. Run it yourself
 * with `npx tsx packages/unified/examples/p2p.ts` (simulator) or against Bitget with `BITGET_*` set
 * to a P2P merchant's unified key (it moves money and publishes an ad: read first).
 */
import { BitgetClient } from "@effect-bitget/core"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import { P2PAds, P2PMerchant, P2POrders, Transfer } from "@effect-bitget/unified"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Chunk, Console, Effect, Layer, Stream } from "effect"

export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))
export const Local = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))

// #region publishSellAd
// — Fund the P2P balance from the unified one and publish an ad selling 100 USDT at the reference
//   rate, paid into the first of the merchant's payment methods within 15 minutes.
export const publishSellAd = Effect.gen(function*() {
  yield* Transfer.transfer({ fromType: "uta", toType: "p2p", coin: "USDT", amount: "200" })
  const { rate } = yield* P2PAds.exchangeRate({ token: "USDT", fiat: "USD" })
  const [method] = yield* P2PMerchant.payMethods()
  const { advId } = yield* P2PAds.createAd({
    token: "USDT",
    fiat: "USD",
    side: "sell",
    priceType: "fixed",
    price: rate,
    minAmount: "10",
    maxAmount: "100",
    quantity: "100",
    payMethodIds: [{ payMethodId: method!.payMethodId, userPayMethodId: method!.userPayMethodId! }],
    payTimeLimit: 15
  })
  const balance = yield* P2PMerchant.balance({ token: "USDT" })
  yield* Console.log(`ad ${advId} holds ${balance.frozenBalance.value} of the P2P balance`)
  return advId
})

// — Release the token of every order whose buyer says they paid (check your bank first).
export const releasePaid = Effect.gen(function*() {
  const paid = yield* Stream.runCollect(
    P2POrders.pendingOrders.items({ side: "sell" }).pipe(Stream.filter((order) => order.status === "pending_release"))
  )
  for (const order of paid) yield* P2POrders.release({ orderId: order.orderId })
  return Chunk.size(paid)
})
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  const walk = Effect.gen(function*() {
    yield* publishSellAd
    yield* Console.log(`released ${yield* releasePaid} paid orders`)
  })
  const main: Effect.Effect<void, unknown> = process.env.BITGET_API_KEY === undefined
    ? Effect.provide(walk, Local)
    : Effect.provide(walk, Live)
  NodeRuntime.runMain(main)
}
