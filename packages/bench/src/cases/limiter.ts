/**
 * Case 5: the limiter. A canned server enforcing 10 requests/s (fixed windows) on spot account
 * assets; this library with its in-memory limiter and the endpoint's declared limit (10/s UID)
 * is offered far more (64 callers in a closed loop) for a fixed time. Reports the rate the
 * server accepted over the rate allowed, and the 429s the server sent.
 */
import * as Account from "@effect-bitget/spot/Account"
import * as Effect from "effect/Effect"
import type { Transport } from "../internal/ours.js"
import * as Ours from "../internal/ours.js"
import * as Spawn from "../internal/spawn.js"

export interface Options {
  readonly seconds: number
  readonly concurrency: number
  readonly transport: Transport
}

export interface Figure {
  readonly seconds: number
  readonly allowedPerSecond: number
  readonly accepted: number
  readonly achievedPerSecond: number
  readonly ratio: number
  readonly rejected429: number
  readonly clientErrors: number
}

const ALLOWED = 10

export const run = async (options: Options): Promise<Figure> => {
  const server = await Spawn.startServer(ALLOWED)
  const runtime = Ours.runtime(server.baseUrl, options.transport, "memory")
  try {
    // Build the layer before the clock starts.
    await runtime.runtime()
    await server.reset()
    let errors = 0
    const caller = Effect.forever(
      Account.assets().pipe(Effect.catchAll(() => Effect.sync(() => errors++)))
    )
    await runtime.runPromise(
      Effect.forEach(Array.from({ length: options.concurrency }), () => caller, {
        concurrency: "unbounded",
        discard: true
      }).pipe(
        Effect.timeoutTo({ duration: options.seconds * 1000, onTimeout: () => undefined, onSuccess: () => undefined })
      )
    )
    const stats = await server.stats()
    const achieved = stats.served / options.seconds
    return {
      seconds: options.seconds,
      allowedPerSecond: ALLOWED,
      accepted: stats.served,
      achievedPerSecond: achieved,
      ratio: achieved / ALLOWED,
      rejected429: stats.rejected,
      clientErrors: errors
    }
  } finally {
    await runtime.dispose()
    server.close()
  }
}
