/**
 * `pnpm tour`: a short walk through the library. It starts the simulated exchange in this
 * process and talks to it over loopback HTTP exactly as it would to Bitget. With
 * `BITGET_BASE_URL` and credentials set it runs against that server instead: read-only steps,
 * plus the order step only when `BITGET_DEMO=1`. A step that fails (a read-only key, an endpoint
 * the account lacks) prints its typed error and the tour goes on; it ends with a summary and
 * exits with 1 when a step failed.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import * as BitgetSocket from "@effect-bitget/websocket/BitgetSocket"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as Console from "effect/Console"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Steps from "./steps.js"
import * as WebSocketStep from "./websocketStep.js"

const live = process.env.BITGET_BASE_URL !== undefined
const demo = process.env.BITGET_DEMO === "1" || process.env.BITGET_DEMO === "true"

// Against the simulator: its own URL and test credentials. Live: BITGET_* from the environment.
const liveClient = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))
const demoClient = live ? liveClient : Simulator.layerClient({ demo: true })

// The demo order runs on its own client (demo header on); a config error there fails that step only.
const demoOrder: Steps.Step<Steps.Printable, Simulator.Simulator | BitgetClient.BitgetClient> = {
  title: Steps.demoOrder.title,
  run: (print) => Steps.demoOrder.run(print).pipe(Effect.provide(demoClient)) as any
}

// The WebSocket step runs on its own socket service: Bitget's (BITGET_WS_URL, demo host) or the simulator's.
const socket = live
  ? BitgetSocket.layerConfig().pipe(Layer.provide(BitgetConfig.layerConfig))
  : Layer.unwrapEffect(Effect.map(Simulator.Simulator, (simulator) =>
    BitgetSocket.layer({ url: simulator.wsUrl }).pipe(
      Layer.provide(BitgetConfig.layer({ credentials: simulator.credentials }))
    )))
const websocket: Steps.Step<Steps.Printable, Simulator.Simulator> = {
  title: WebSocketStep.title,
  run: (print) => WebSocketStep.run(print).pipe(Effect.provide(socket)) as any
}

// Against the simulator the mode step runs twice: with its Classic key, then with its unified one.
const unifiedMode: Steps.Step<Steps.Printable, Simulator.Simulator | BitgetClient.BitgetClient> = {
  title: `${Steps.accountMode.title} (the simulator's unified account)`,
  run: (print) => Steps.accountMode.run(print).pipe(Effect.provide(Simulator.layerClient({ unified: true }))) as any
}

const steps = [
  Steps.publicData,
  Steps.signedRead,
  Steps.history,
  Steps.typedError,
  Steps.rateLimit,
  websocket,
  Steps.accountMode,
  ...(live ? [] : [unifiedMode]),
  ...(!live || demo ? [demoOrder] : [])
]

const tour = (target: string) =>
  Steps.run(target, steps).pipe(
    Effect.flatMap((outcomes) =>
      outcomes.some((o) => o._tag === "Failed")
        ? Effect.sync(() => {
          process.exitCode = 1
        })
        : Effect.void
    )
  )

// Live, the demo client needs no simulator; the cast says so to the compiler.
const main = (live
  ? Effect.flatMap(BitgetConfig.BitgetConfig, (config) => tour(config.baseUrl)).pipe(
    Effect.provide(Layer.merge(liveClient, BitgetConfig.layerConfig))
  )
  : tour("the embedded simulator").pipe(
    Effect.provide(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer())))
  )) as Effect.Effect<void, unknown>

main.pipe(
  Effect.tapErrorCause((cause) => Console.error("tour failed", cause)),
  NodeRuntime.runMain
)
