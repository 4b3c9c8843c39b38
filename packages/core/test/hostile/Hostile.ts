/**
 * A hostile HTTP server on loopback, the project's own (not the simulator): it misbehaves on
 * purpose, request by request. It can stand in front of a real upstream (the simulator, which
 * keeps the state: orders, balances) and pass requests through, or answer by itself.
 *
 * Actions, queued per route (`"POST /api/v2/spot/trade/place-order"`) or for any request:
 * - `Forward`: pass to the upstream and answer as it does (the default with an upstream), or
 *   with its body reshaped;
 * - `ForwardThenDrop`: pass to the upstream, then close the client's connection (FIN: placed, answer lost);
 * - `ForwardThenReset`: pass to the upstream, then reset the connection (RST);
 * - `ForwardThenHalf`: pass to the upstream, send the headers and half the answer's body, then close;
 * - `ForwardThenHang`: pass to the upstream and never answer (the client's timeout ends it);
 * - `Drop`: read the request, cut the connection (it never arrives);
 * - `Hold`: keep the client waiting; pass the request on only when `until` resolves (a late
 *   arrival), then cut the connection;
 * - `Hang`: accept and never answer; `Stall`: headers and part of a body, then nothing;
 * - `Respond`: a body of the test's choosing; `Handle`: computed from the request.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import type * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Transport from "@effect-bitget/core/Transport"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as TestClock from "effect/TestClock"
import * as Http from "node:http"
import type * as Net from "node:net"

export interface Received {
  readonly method: string
  readonly path: string
  readonly query: URLSearchParams
  readonly body: string
  readonly headers: Http.IncomingHttpHeaders
}

export interface Answer {
  readonly status: number
  readonly body: string | Buffer
  readonly headers?: Record<string, string>
  /** Sent in pieces without `content-length` (chunked transfer encoding). */
  readonly chunked?: boolean
}

export type Action =
  | {
    readonly _tag: "Forward"
    readonly beforeAnswer?: () => Promise<void>
    /** Rewrites the upstream's answer body before it is sent (e.g. an inclusive cursor's extra row). */
    readonly reshape?: (request: Received, body: string) => string
  }
  | { readonly _tag: "ForwardThenDrop" }
  | { readonly _tag: "ForwardThenReset" }
  | { readonly _tag: "ForwardThenHalf" }
  | { readonly _tag: "ForwardThenHang" }
  | { readonly _tag: "Drop" }
  | { readonly _tag: "Hold"; readonly until: Promise<void> }
  | { readonly _tag: "Hang" }
  | { readonly _tag: "Stall"; readonly status?: number; readonly partial: string }
  | ({ readonly _tag: "Respond" } & Answer)
  | { readonly _tag: "Handle"; readonly answer: (request: Received) => Answer }

export interface Hostile {
  /** `http://127.0.0.1:<port>`: the client's base URL. */
  readonly url: string
  /** Every request received, in order. */
  readonly received: Array<Received>
  /** Requests passed on to the upstream, by route, with its answer. */
  readonly forwarded: Array<{ readonly route: string; readonly status: number; readonly body: string }>
  /** Requests received for `route` (`"METHOD /path"`). */
  count(route: string): number
  /** The upstream's answers to requests passed on for `route`. */
  arrivals(route: string): ReadonlyArray<{ readonly status: number; readonly body: string }>
  /** Queues `action` for the next `times` requests of `route` (or any route when left out). */
  next(action: Action, route?: string, times?: number): void
  /** What requests without a queued action get (default: `Forward`, or 404 without upstream). */
  otherwise(handler: (request: Received) => Action): void
  /** Sockets open now (a leak check: 0 once clients are closed). */
  readonly openSockets: () => number
  /** Sockets accepted so far. */
  readonly acceptedSockets: () => number
}

/** A promise and the function that resolves it. */
export const gate = () => {
  let release!: () => void
  const promise = new Promise<void>((resolve) => {
    release = resolve
  })
  return { promise, release }
}

const routeOf = (request: Received) => `${request.method} ${request.path}`

const forward = (upstream: string, request: Received): Promise<{ status: number; body: string }> =>
  new Promise((resolve, reject) => {
    const headers = { ...request.headers }
    delete headers.host
    delete headers.connection
    delete headers["content-length"]
    const query = request.query.toString()
    const outgoing = Http.request(
      upstream + request.path + (query === "" ? "" : "?" + query),
      { method: request.method, headers: { ...headers, "content-length": String(Buffer.byteLength(request.body)) } },
      (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }))
        response.on("error", reject)
      }
    )
    outgoing.on("error", reject)
    outgoing.end(request.body)
  })

/** Starts the server for the life of the scope. `upstream` is where `Forward` passes requests. */
export const make = (options: { readonly upstream?: string } = {}) =>
  Effect.acquireRelease(
    Effect.async<{ readonly hostile: Hostile; readonly server: Http.Server }>((resume) => {
      const received: Array<Received> = []
      const forwarded: Array<{ route: string; status: number; body: string }> = []
      const queues: Array<{ route: string | undefined; action: Action }> = []
      const sockets = new Set<Net.Socket>()
      let accepted = 0
      let fallback: (request: Received) => Action = () =>
        options.upstream === undefined
          ? { _tag: "Respond", status: 404, body: "{\"code\":\"40404\",\"msg\":\"Request URL NOT FOUND\"}" }
          : { _tag: "Forward" }

      const pass = async (request: Received) => {
        const answer = await forward(options.upstream!, request)
        forwarded.push({ route: routeOf(request), ...answer })
        return answer
      }

      const serve = async (request: Received, response: Http.ServerResponse) => {
        const route = routeOf(request)
        const at = queues.findIndex((entry) => entry.route === undefined || entry.route === route)
        const action = at === -1 ? fallback(request) : queues.splice(at, 1)[0]!.action
        const send = (answer: Answer) => {
          if (answer.chunked !== true) {
            response.writeHead(answer.status, {
              "content-type": "application/json",
              "content-length": String(Buffer.byteLength(answer.body)),
              ...answer.headers
            })
            return response.end(answer.body)
          }
          response.writeHead(answer.status, { "content-type": "application/json", ...answer.headers })
          const body = Buffer.from(answer.body)
          for (let at = 0; at < body.length; at += 64 * 1024) response.write(body.subarray(at, at + 64 * 1024))
          response.end()
        }
        switch (action._tag) {
          case "Forward": {
            const answer = await pass(request)
            if (action.beforeAnswer !== undefined) await action.beforeAnswer()
            return send(
              action.reshape === undefined ? answer : { ...answer, body: action.reshape(request, answer.body) }
            )
          }
          case "ForwardThenDrop":
            await pass(request)
            return response.socket?.destroy()
          case "ForwardThenReset":
            await pass(request)
            return response.socket?.resetAndDestroy()
          case "ForwardThenHalf": {
            const answer = Buffer.from((await pass(request)).body)
            response.writeHead(200, { "content-type": "application/json", "content-length": String(answer.length) })
            response.write(answer.subarray(0, Math.floor(answer.length / 2)))
            // Let the half reach the client before the connection ends.
            await new Promise((resolve) => setTimeout(resolve, 20))
            return response.socket?.destroy()
          }
          case "ForwardThenHang":
            await pass(request)
            return
          case "Drop":
            return response.socket?.destroy()
          case "Hold":
            await action.until
            await pass(request)
            return response.socket?.destroy()
          case "Hang":
            return
          case "Stall":
            response.writeHead(action.status ?? 200, { "content-type": "application/json" })
            response.write(action.partial)
            return
          case "Respond":
            return send(action)
          case "Handle":
            return send(action.answer(request))
        }
      }

      const server = Http.createServer((incoming, response) => {
        const chunks: Array<Buffer> = []
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk))
        incoming.on("end", () => {
          const url = new URL(incoming.url ?? "/", "http://127.0.0.1")
          const request: Received = {
            method: incoming.method ?? "GET",
            path: url.pathname,
            query: url.searchParams,
            body: Buffer.concat(chunks).toString(),
            headers: incoming.headers
          }
          received.push(request)
          serve(request, response).catch(() => response.socket?.destroy())
        })
      })
      server.on("connection", (socket) => {
        accepted++
        sockets.add(socket)
        socket.on("close", () => sockets.delete(socket))
      })
      server.listen(0, "127.0.0.1", () => {
        const address = server.address() as Net.AddressInfo
        const hostile: Hostile = {
          url: `http://127.0.0.1:${address.port}`,
          received,
          forwarded,
          count: (route) => received.filter((request) => routeOf(request) === route).length,
          arrivals: (route) => forwarded.filter((entry) => entry.route === route),
          next: (action, route, times = 1) => {
            for (let i = 0; i < times; i++) queues.push({ route, action })
          },
          otherwise: (handler) => {
            fallback = handler
          },
          openSockets: () => sockets.size,
          acceptedSockets: () => accepted
        }
        resume(Effect.succeed({ hostile, server }))
      })
    }),
    ({ server }) =>
      Effect.async<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map(({ hostile }) => hostile))

/** Waits in real time (HTTP I/O does not follow TestClock) until `condition` holds. */
export const settle = (condition: () => boolean) =>
  Effect.promise(async () => {
    for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10))
  })

/** Credentials for a server that does not check them. */
export const anyCredentials: BitgetConfig.Credentials = {
  apiKey: Redacted.make("bg_hostile_key"),
  secret: Redacted.make("hostile-secret"),
  passphrase: Redacted.make("hostile-passphrase")
}

/** A client of `url` (the hostile server) signing with `credentials`, with a 5 s timeout. */
export const client = (
  url: string,
  credentials: BitgetConfig.Credentials | undefined,
  options: Omit<BitgetConfig.Options, "baseUrl" | "credentials"> = {}
) =>
  BitgetClient.layerWith({ baseUrl: url, credentials, timeout: "5 seconds", ...options }).pipe(
    Layer.provide(Transport.layerUndici)
  )

/**
 * Runs `effect` to its end while moving TestClock on slowly (100 ms per 20 ms of real time), so
 * retry backoffs wake while real I/O (which TestClock does not pace) keeps up.
 */
export const drive = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(effect)
    for (let i = 0; i < 3000; i++) {
      const done = yield* Fiber.poll(fiber)
      if (done._tag === "Some") break
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))
      yield* TestClock.adjust("100 millis")
    }
    return yield* Fiber.join(fiber)
  })
