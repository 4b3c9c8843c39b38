/** The service over a test server: credentials the server knows, short intervals for time rules. */
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as BitgetSocket from "../../src/BitgetSocket.js"
import * as Server from "./server.js"

export const config = (credentials = true) =>
  BitgetConfig.layer({
    credentials: credentials
      ? {
        apiKey: Redacted.make(Server.apiKey),
        secret: Redacted.make(Server.secret),
        passphrase: Redacted.make(Server.passphrase)
      }
      : undefined
  })

/** Runs `body` with a server and the service connected to it. */
export const withServer = <A, E, R>(
  options: Server.Options,
  socket: BitgetSocket.Options,
  body: (server: Server.Server) => Effect.Effect<A, E, R>,
  credentials = true
): Effect.Effect<A, E, Exclude<R, BitgetSocket.BitgetSocket>> =>
  Effect.scoped(Effect.gen(function*() {
    const server = yield* Server.make(options)
    return yield* body(server).pipe(
      Effect.provide(
        BitgetSocket.layer({ backoffBase: "20 millis", ...socket, url: server.url }).pipe(
          Layer.provide(config(credentials))
        )
      )
    )
  }))

/** Waits (briefly, real time) until `check` holds. */
export const eventually = (check: () => boolean, what = "condition", limit = 3000) =>
  Effect.gen(function*() {
    const start = Date.now()
    while (!check()) {
      if (Date.now() - start > limit) return yield* Effect.die(new Error(`timed out waiting for ${what}`))
      yield* Effect.sleep("5 millis")
    }
  })
