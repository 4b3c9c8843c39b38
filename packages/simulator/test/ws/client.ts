/**
 * A raw WebSocket client for the simulator's tests: it records every frame as the text the
 * server sent (so numbers and strings are asserted exactly as on the wire) and waits for frames.
 */
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import type { Simulator } from "@effect-bitget/simulator"
import * as Redacted from "effect/Redacted"
import * as Crypto from "node:crypto"
import { WebSocket } from "ws"

export interface Client {
  readonly socket: WebSocket
  /** Every text frame received, in order. */
  readonly frames: Array<string>
  readonly send: (frame: string | object) => void
  /** The first frame (from index `from`) matching, waiting up to `timeout` ms. */
  readonly next: (match: (frame: string) => boolean, timeout?: number, from?: number) => Promise<string>
  /** Resolves with the close code. */
  readonly closed: Promise<number>
  readonly close: () => void
}

export const connect = (url: string): Promise<Client> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url)
    const frames: Array<string> = []
    const waiters = new Set<() => void>()
    socket.on("message", (data) => {
      frames.push(data.toString())
      for (const wake of waiters) wake()
    })
    const closed = new Promise<number>((done) => socket.once("close", (code) => done(code)))
    const next = (match: (frame: string) => boolean, timeout = 3000, from = 0) =>
      new Promise<string>((found, fail) => {
        let index = from
        const check = () => {
          for (; index < frames.length; index++) {
            if (match(frames[index]!)) {
              waiters.delete(check)
              clearTimeout(timer)
              found(frames[index]!)
              return
            }
          }
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          fail(new Error(`no matching frame in ${timeout} ms; received:\n${frames.slice(-10).join("\n")}`))
        }, timeout)
        waiters.add(check)
        check()
      })
    socket.once("open", () =>
      resolve({
        socket,
        frames,
        send: (frame) => socket.send(typeof frame === "string" ? frame : JSON.stringify(frame)),
        next,
        closed,
        close: () => socket.close()
      }))
    socket.once("error", reject)
  })

/** The login frame of the simulator's HMAC key, signed now (seconds) unless told otherwise. */
export const loginFrame = (
  simulator: Simulator.Service,
  overrides: { timestamp?: string; sign?: string; passphrase?: string; apiKey?: string } = {}
) => {
  const timestamp = overrides.timestamp ?? String(Math.floor(Date.now() / 1000))
  const sign = overrides.sign ??
    Crypto.createHmac("sha256", Redacted.value(simulator.credentials.secret)).update(`${timestamp}GET/user/verify`)
      .digest("base64")
  return {
    op: "login",
    args: [{
      apiKey: overrides.apiKey ?? Redacted.value(simulator.credentials.apiKey),
      passphrase: overrides.passphrase ?? Redacted.value(simulator.credentials.passphrase),
      timestamp,
      sign
    }]
  }
}

/** A logged-in V2 private socket. */
export const privateSocket = async (simulator: Simulator.Service, path = "/v2/ws/private") => {
  const client = await connect(`${simulator.wsUrl}${path}`)
  client.send(loginFrame(simulator))
  await client.next((f) => f.startsWith(`{"event":"login"`))
  return client
}

/** An account's API key, secret and passphrase, in the clear (for signing in tests). */
export interface Keys {
  readonly apiKey: string
  readonly secret: string
  readonly passphrase: string
}

export const keysOf = (credentials: Simulator.Service["credentials"]): Keys => ({
  apiKey: Redacted.value(credentials.apiKey),
  secret: Redacted.value(credentials.secret),
  passphrase: Redacted.value(credentials.passphrase)
})

/** A signed REST call of the account `keys` (plain fetch, as a user's other program would make it). */
export const restAs = async (
  simulator: Simulator.Service,
  keys: Keys,
  method: "GET" | "POST",
  path: string,
  body?: unknown
) => {
  const timestamp = String(Date.now())
  const text = body === undefined ? "" : JSON.stringify(body)
  const [bare, query = ""] = path.split("?")
  const sign = HttpSigner.hmac(keys.secret, { timestamp, method, path: bare!, query, body: text })
  const response = await fetch(`${simulator.url}${path}`, {
    method,
    headers: {
      "ACCESS-KEY": keys.apiKey,
      "ACCESS-SIGN": sign,
      "ACCESS-TIMESTAMP": timestamp,
      "ACCESS-PASSPHRASE": keys.passphrase,
      "Content-Type": "application/json"
    },
    ...(body === undefined ? {} : { body: text })
  })
  return await response.json() as { code: string; msg: string; data: any }
}

/** A signed REST call of the simulator's main account. */
export const rest = (simulator: Simulator.Service, method: "GET" | "POST", path: string, body?: object) =>
  restAs(simulator, keysOf(simulator.credentials), method, path, body)
