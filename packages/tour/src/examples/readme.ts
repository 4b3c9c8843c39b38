/**
 * The README's "Use" example, kept here so the type check proves it compiles; test/readme.test.ts
 * checks it is the README's text and that it prints its result against the simulator.
 */
import { BitgetClient, Transport } from "@effect-bitget/core"
import { Trade } from "@effect-bitget/spot"
import { Effect, Layer } from "effect"

// BITGET_API_KEY, BITGET_API_SECRET, BITGET_API_PASSPHRASE (and optionally BITGET_DEMO=1) from the environment.
const Bitget = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

const buy = Trade.placeOrder({
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "60000",
  size: "0.001"
}).pipe(
  Effect.map((order) => `order placed: ${order.orderId}`),
  Effect.catchTag("InsufficientBalance", (error) => Effect.succeed(`not placed, not enough funds: ${error.msg}`))
)

export const main = () => Effect.runPromise(buy.pipe(Effect.provide(Bitget))).then(console.log)
