/**
 * `pnpm simulator`: starts the simulated exchange and prints its URL and test credentials.
 * `PORT` picks the port (default: a free one).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import { layer, Simulator } from "./Simulator.js"

const port = Number(process.env.PORT ?? 0)

const main = Effect.gen(function*() {
  const simulator = yield* Simulator
  yield* Console.log(`Bitget simulator listening on ${simulator.url}`)
  yield* Console.log(`BITGET_BASE_URL=${simulator.url}`)
  // Test credentials of a throwaway local exchange: printing them is the point.
  yield* Console.log(`BITGET_API_KEY=${Redacted.value(simulator.credentials.apiKey)}`)
  yield* Console.log(`BITGET_API_SECRET=${Redacted.value(simulator.credentials.secret)}`)
  yield* Console.log(`BITGET_API_PASSPHRASE=${Redacted.value(simulator.credentials.passphrase)}`)
  yield* Console.log("Ctrl-C to stop.")
  return yield* Effect.never
})

main.pipe(Effect.provide(Layer.fresh(layer({ port }))), NodeRuntime.runMain)
