/**
 * The examples of `docs/guide.md`. Each `#region` is copied into the page by `pnpm docs`
 * (`pnpm docs:check` fails when the page differs), the type check compiles this file and
 * `test/guide.test.ts` runs the ones that need no secret of yours against the simulator (the RSA
 * layer is built there with a throwaway key).
 */
// #region layer
import { BitgetClient, Transport } from "@effect-bitget/core"
import { Layer } from "effect"

export const Bitget = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))
// #endregion

// #region rsa
import { BitgetConfig, HttpSigner, Limiter } from "@effect-bitget/core"
import { Config, Effect } from "effect"

const RsaSigner = Layer.unwrapEffect(
  Effect.map(Config.redacted("BITGET_RSA_PRIVATE_KEY"), (pem) => HttpSigner.layerRsa(pem))
)
export const BitgetRsa = BitgetClient.layer.pipe(
  Layer.provide(Layer.merge(RsaSigner, Limiter.layerMemory)),
  Layer.provide(BitgetConfig.layerConfig)
)
// #endregion

// #region catchTags
import { Trade } from "@effect-bitget/spot"

export const cancel = Trade.cancelOrder({ symbol: "BTCUSDT", orderId: "1234" }).pipe(
  Effect.catchTags({
    OrderNotFound: () => Effect.succeed("already gone"),
    RateLimitError: (e) => Effect.fail(e)
  })
)
// #endregion

// #region history
import { Timestamp } from "@effect-bitget/core"
import { Stream } from "effect"

const now = Date.now()
const kept = Trade.fills.items({
  symbol: "BTCUSDT",
  // Bitget keeps 90 days of fills: an older start is refused (InvalidRequest), nothing sent.
  startTime: Timestamp.fromMillis(now - 90 * 86_400_000),
  endTime: Timestamp.fromMillis(now)
})
// Stream<Fill, CommonError | SignedError, BitgetClient>: one request per page of 100, one 90-day window.
export const count = Stream.runCount(kept)
// #endregion

// #region simulator
import { Simulator } from "@effect-bitget/simulator"

// A real HTTP server on 127.0.0.1 (a free port) and a client pointed at it with its test credentials.
export const TestBitget = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion
