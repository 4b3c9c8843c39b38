import { Simulator } from "@effect-bitget/simulator"
import type * as WsControl from "@effect-bitget/simulator/ws/Control"
import * as Effect from "effect/Effect"

/** Runs `body` against a fresh simulator whose WebSocket server has `ws` settings. */
export const withSimulator = (
  ws: Partial<WsControl.Settings>,
  body: (simulator: Simulator.Service) => Promise<void>
) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    yield* Effect.promise(() => body(simulator))
  }).pipe(Effect.provide(Simulator.layer({ ws })))

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
