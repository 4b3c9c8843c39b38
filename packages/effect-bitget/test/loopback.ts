/**
 * Loopback servers of the tests' own (node:http on 127.0.0.1, a free port), closed with the test's
 * scope: a tap that forwards to the simulator and keeps each request's headers as they arrived
 * (to see which transport sent them and what was signed), and an OTLP/HTTP collector that keeps
 * every export's bytes.
 */
import * as Effect from "effect/Effect"
import type * as Scope from "effect/Scope"
import * as Http from "node:http"
import type { AddressInfo } from "node:net"
import * as Zlib from "node:zlib"

const body = (request: Http.IncomingMessage): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const chunks: Array<Buffer> = []
    request.on("data", (chunk: Buffer) => chunks.push(chunk))
    request.on("end", () => resolve(Buffer.concat(chunks)))
    request.on("error", reject)
  })

/** A server on a free loopback port, answering with `handle`, closed when the scope closes. */
const serve = (
  handle: (request: Http.IncomingMessage, bytes: Buffer, response: Http.ServerResponse) => Promise<void>
): Effect.Effect<string, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.async<Http.Server>((resume) => {
      const server = Http.createServer((request, response) => {
        body(request).then((bytes) => handle(request, bytes, response)).catch((error: unknown) => {
          response.writeHead(502).end(String(error))
        })
      })
      server.listen(0, "127.0.0.1", () => resume(Effect.succeed(server)))
    }),
    (server) =>
      Effect.async<void>((resume) => {
        server.closeAllConnections()
        server.close(() => resume(Effect.void))
      })
  ).pipe(Effect.map((server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`))

/** Headers fetch sets itself (or refuses) when the tap sends the request on. */
const hopByHop = new Set(["host", "connection", "content-length", "transfer-encoding", "keep-alive"])

export interface Tapped {
  readonly method: string
  readonly path: string
  /** By lower-case name, as the server received them. */
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
}

/** Forwards every request to `target` (the simulator) and keeps what arrived. */
export const tap = (target: string): Effect.Effect<
  {
    readonly url: string
    readonly requests: ReadonlyArray<Tapped>
  },
  never,
  Scope.Scope
> => {
  const requests: Array<Tapped> = []
  return serve(async (request, bytes, response) => {
    const path = request.url ?? "/"
    requests.push({ method: request.method ?? "GET", path, headers: request.headers })
    const headers = new Headers()
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string" && !hopByHop.has(name)) headers.set(name, value)
    }
    const answer = await fetch(target + path, {
      method: request.method ?? "GET",
      headers,
      ...(bytes.length > 0 ? { body: bytes } : {})
    })
    // fetch has decoded the body: pass it on without the original encoding and length.
    const text = Buffer.from(await answer.arrayBuffer())
    const passed: Record<string, string> = {}
    answer.headers.forEach((value, name) => {
      if (name !== "content-encoding" && name !== "content-length" && name !== "transfer-encoding") {
        passed[name] = value
      }
    })
    response.writeHead(answer.status, passed).end(text)
  }).pipe(Effect.map((url) => ({ url, requests })))
}

export interface Export {
  readonly path: string
  readonly contentType: string | undefined
  /** The export's bytes, after undoing any content encoding. */
  readonly bytes: Buffer
}

/** An OTLP/HTTP collector: answers every export with success (an empty JSON response) and keeps it. */
export const collector: Effect.Effect<
  {
    readonly url: string
    readonly exports: ReadonlyArray<Export>
  },
  never,
  Scope.Scope
> = Effect.suspend(() => {
  const exports: Array<Export> = []
  return serve(async (request, bytes, response) => {
    const decoded = request.headers["content-encoding"] === "gzip" ? Zlib.gunzipSync(bytes) : bytes
    exports.push({ path: request.url ?? "/", contentType: request.headers["content-type"], bytes: decoded })
    response.writeHead(200, { "content-type": "application/json" }).end("{}")
  }).pipe(Effect.map((url) => ({ url, exports })))
})
