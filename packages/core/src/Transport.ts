/**
 * The one place bytes leave the process: method, URL, headers and body text in; status, headers
 * and body text out; failures as `TransportError`; interruption aborts the request. Only
 * `BitgetClient` uses it; endpoint declarations and business lines never see it.
 *
 * - `layerUndici` (Node, recommended): sends with `undici` directly, the engine under both
 *   Node's `fetch` and `@effect/platform-node`'s client, without the platform's per-request
 *   wrappers (≈ 150 µs less CPU a request on the benchmark's machine, docs/performance.md).
 *   A keep-alive pool with a bounded number of connections, closed with the layer's scope.
 * - `layerHttpClient`: over any `@effect/platform` `HttpClient` (fetch, Bun, Deno, a client
 *   with the user's own middleware).
 */
import type * as HttpBody from "@effect/platform/HttpBody"
import type * as HttpClient from "@effect/platform/HttpClient"
import type * as HttpClientError from "@effect/platform/HttpClientError"
import type * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import * as Context from "effect/Context"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Zlib from "node:zlib"
import type * as Undici from "undici"
import { TransportError } from "./BitgetError.js"
import * as Body from "./internal/body.js"
import { TooLarge } from "./internal/body.js"
import * as TimerLists from "./internal/timerLists.js"

export interface Request {
  /** The declaration's name, for errors (`spot.trade.placeOrder`). */
  readonly endpoint: string
  readonly method: "GET" | "POST"
  /** The absolute URL, query included, exactly as signed. */
  readonly url: string
  readonly headers: Readonly<Record<string, string>>
  /** The body text; `""` sends none. */
  readonly body: string
  /** The answer's body may be at most this many bytes; a larger one fails with `TooLarge`, unread. */
  readonly maxBytes?: number | undefined
  /**
   * The whole exchange (sending, headers, body) must end within this; otherwise the request is
   * aborted and fails with `TransportError` `timedOut: true`. The undici layer keeps one timer per
   * request (a fiber racing a sleep costs ≈ 100 µs of CPU a call); the adapter uses Effect's timeout.
   */
  readonly timeout?: Duration.Duration | undefined
}

/** The `TransportError` of a request that did not end within its `timeout`. */
export const timedOut = (endpoint: string, timeout: Duration.Duration): TransportError =>
  new TransportError({
    endpoint,
    reason: `timed out: no complete answer within ${Duration.format(timeout)}`,
    timedOut: true
  })

/** The answer was larger than the request's `maxBytes` (its declared length, or what had arrived). */
export { TooLarge }

export interface Response {
  readonly status: number
  /** Response headers by lower-case name (e.g. `retry-after`). */
  readonly headers: Readonly<Record<string, string | ReadonlyArray<string> | undefined>>
  readonly body: string
}

export interface Service {
  /** Sends one request and reads the whole answer, whatever its status. */
  readonly send: (request: Request) => Effect.Effect<Response, TransportError | TooLarge>
}

export class Transport extends Context.Tag("@effect-bitget/core/Transport")<Transport, Service>() {}

/** The body of a response sent with `Content-Encoding`. */
const decompress = (encoding: string, bytes: Buffer): Buffer => {
  switch (encoding.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return Zlib.gunzipSync(bytes)
    case "deflate":
      return Zlib.inflateSync(bytes)
    case "br":
      return Zlib.brotliDecompressSync(bytes)
    default:
      throw new Error(`unsupported content-encoding ${encoding}`)
  }
}

/** `http://host:port` and `/path?query` of an absolute URL. */
const split = (url: string): { readonly origin: string; readonly path: string } => {
  // The client's URLs always have `//` (BitgetConfig); without one, the first `/` after the first character.
  const slash = url.indexOf("/", url.indexOf("//") + 2)
  return slash === -1 ? { origin: url, path: "/" } : { origin: url.slice(0, slash), path: url.slice(slash) }
}

const reasonOf = (error: unknown): string => {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code
    return typeof code === "string" ? `${code}: ${error.message}` : error.message
  }
  return String(error)
}

export interface UndiciOptions {
  /**
   * Connections kept to the exchange at most (per origin); more concurrent requests wait in the
   * pool's queue. Default 64: 64 calls in flight cover Bitget's per-IP ceiling (6000/min) at any
   * round-trip time under ≈ 600 ms, and a burst of calls does not open a socket each.
   */
  readonly connections?: number
  /** How long an idle connection is kept open. Default 4 s (undici's; the server's hint wins if lower). */
  readonly keepAlive?: Duration.DurationInput
  /** Connecting (TCP + TLS) gives up after this. Default 10 s. */
  readonly connectTimeout?: Duration.DurationInput
  /** Waiting for the answer's headers, and between two chunks of its body, gives up after this. Default 30 s. */
  readonly readTimeout?: Duration.DurationInput
}

/** Default bound on connections per origin of `layerUndici`. */
export const DEFAULT_CONNECTIONS = 64

/** The longest timer Node keeps (longer ones it runs after 1 ms). */
const MAX_TIMER_MS = 2_147_483_647

/**
 * One request over undici's dispatcher: the chunks of the body are gathered here, with no
 * stream or promise in between. Interruption aborts it, queued or in flight (undici then closes
 * the connection, as the answer's end is not known).
 *
 * Once `done`, every later event is ignored. After an abort undici calls no handler in any test,
 * and a second `resume` would change nothing (`Effect.async` resumes once): the guards on `done`
 * only spare work, so their mutants are equivalent (issue 25, Transport's part of the core run).
 */
class Exchange implements Undici.Dispatcher.DispatchHandler {
  private controller: Undici.Dispatcher.DispatchController | undefined = undefined
  private aborted = false
  private done = false
  private status = 0
  private headers: Response["headers"] = {}
  private chunks: Array<Buffer> = []
  private size = 0
  private timer: ReturnType<typeof setTimeout> | undefined = undefined

  constructor(
    private readonly endpoint: string,
    private readonly maxBytes: number,
    private readonly resume: (effect: Effect.Effect<Response, TransportError | TooLarge>) => void
  ) {}

  onRequestStart(controller: Undici.Dispatcher.DispatchController): void {
    // Aborted while queued in the pool: it never leaves. (An abort's reason comes back only to this handler's
    // `onResponseError`, after it settled: read by no one, so each mutant of the reasons here is equivalent.)
    // Stryker disable next-line StringLiteral: the abort's reason is read by no one (above)
    if (this.aborted) controller.abort(new Error("interrupted"))
    // Not aborted, so not ended: the exchange ends before its start only by a deadline or an abort.
    else this.controller = controller
  }

  onResponseStart(
    _controller: Undici.Dispatcher.DispatchController,
    status: number,
    headers: Response["headers"]
  ): void {
    this.status = status
    this.headers = headers
    const declared = Number(headers["content-length"])
    if (declared > this.maxBytes) this.tooLarge(String(declared))
  }

  onResponseData(_controller: Undici.Dispatcher.DispatchController, chunk: Buffer): void {
    // Stryker disable next-line ConditionalExpression: equivalent (the note on `done` above the class)
    if (this.done) return
    this.size += chunk.byteLength
    if (this.size > this.maxBytes) return this.tooLarge(`over ${this.maxBytes}`)
    this.chunks.push(chunk)
  }

  /**
   * Ends the exchange: later events are ignored, the deadline is cleared, and what the exchange
   * held is let go; returns undici's controller, for aborting. Letting go matters for memory:
   * the interruption hook given to `Effect.async` keeps this object reachable after the call,
   * and undici's controller reaches the connection's state and the answer's buffers. Kept, they
   * survived young collections, so every answer was promoted and the old generation was
   * collected every few hundred milliseconds (packages/bench/FINDINGS.md §11).
   */
  private settle(): Undici.Dispatcher.DispatchController | undefined {
    const controller = this.controller
    this.done = true
    this.controller = undefined
    this.chunks = []
    this.headers = {}
    clearTimeout(this.timer)
    this.timer = undefined
    return controller
  }

  private tooLarge(size: string): void {
    // Stryker disable next-line ConditionalExpression: equivalent (the note on `done` above the class)
    if (this.done) return
    // Stryker disable next-line StringLiteral: the abort's reason is read by no one (onRequestStart)
    this.settle()?.abort(new Error("answer too large"))
    this.resume(Effect.fail(new TooLarge({ size, status: this.status })))
  }

  /** Starts the request's deadline: at its end the request is aborted and fails as timed out. */
  deadline(timeout: Duration.Duration): void {
    const millis = Duration.toMillis(timeout)
    TimerLists.keep(millis)
    // Cleared when the exchange ends (`settle`): it fires only while the exchange is open.
    this.timer = setTimeout(() => {
      // Still queued in the pool: `onRequestStart` aborts it, so it never leaves late.
      this.aborted = true
      // Stryker disable next-line StringLiteral: the abort's reason is read by no one (onRequestStart)
      this.settle()?.abort(new Error("timed out"))
      this.resume(Effect.fail(timedOut(this.endpoint, timeout)))
    }, millis)
  }

  onResponseEnd(): void {
    // Stryker disable next-line ConditionalExpression: equivalent (the note on `done` above the class)
    if (this.done) return
    const chunks = this.chunks
    // Stryker disable next-line ConditionalExpression: a concat of one chunk is a copy of it (equivalent; spares the copy)
    let bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)
    const encoding = this.headers["content-encoding"]
    if (encoding !== undefined && encoding !== "identity") {
      // Not asked for (no Accept-Encoding is sent), but a proxy may compress anyway.
      try {
        bytes = decompress(String(encoding), bytes)
      } catch (error) {
        return this.fail(error)
      }
    }
    const headers = this.headers
    this.settle()
    this.resume(Effect.succeed({ status: this.status, headers, body: bytes.toString("utf8") }))
  }

  onResponseError(_controller: Undici.Dispatcher.DispatchController, error: Error): void {
    this.fail(error)
  }

  fail(error: unknown): void {
    if (this.done) return
    this.settle()
    this.resume(Effect.fail(new TransportError({ endpoint: this.endpoint, reason: reasonOf(error), cause: error })))
  }

  abort(): void {
    this.aborted = true
    // Stryker disable next-line StringLiteral: the abort's reason is read by no one (onRequestStart)
    this.settle()?.abort(new Error("interrupted"))
  }
}

/** A transport over an undici dispatcher (an `Agent`, a `Pool`, a `MockAgent`…) the caller owns. */
export const fromUndici = (dispatcher: Undici.Dispatcher): Service => ({
  send: (request) =>
    Effect.async<Response, TransportError | TooLarge>((resume) => {
      const exchange = new Exchange(request.endpoint, request.maxBytes ?? Infinity, resume)
      // Node runs a timer longer than 2^31 − 1 ms (≈ 24.8 days; `Duration.infinity`) after 1 ms:
      // such a deadline is no deadline.
      if (request.timeout !== undefined && Duration.toMillis(request.timeout) <= MAX_TIMER_MS) {
        exchange.deadline(request.timeout)
      }
      const { origin, path } = split(request.url)
      try {
        dispatcher.dispatch({
          origin,
          path,
          method: request.method,
          headers: request.headers,
          // undici sends an empty string as no body at all (no Content-Length on a GET).
          body: request.body
        }, exchange)
      } catch (error) {
        exchange.fail(error)
      }
      return Effect.sync(() => exchange.abort())
    })
})

/**
 * Sends with undici: a keep-alive pool of at most `connections` connections per origin, closed
 * (and any request still in it aborted) when the layer's scope closes.
 */
export const layerUndiciWith = (options: UndiciOptions = {}): Layer.Layer<Transport> =>
  Layer.scoped(
    Transport,
    Effect.gen(function*() {
      // Loaded here, so users of `layerHttpClient` (Bun, Deno, browsers) never load undici.
      const undici = yield* Effect.promise(() => import("undici"))
      const millis = (input: Duration.DurationInput | undefined, fallback: number) =>
        input === undefined ? fallback : Duration.toMillis(Duration.decode(input))
      const read = millis(options.readTimeout, 30_000)
      const agent = yield* Effect.acquireRelease(
        Effect.sync(() =>
          new undici.Agent({
            connections: options.connections ?? DEFAULT_CONNECTIONS,
            keepAliveTimeout: millis(options.keepAlive, 4_000),
            connectTimeout: millis(options.connectTimeout, 10_000),
            headersTimeout: read,
            bodyTimeout: read
          })
        ),
        (agent) => Effect.promise(() => agent.destroy())
      )
      return fromUndici(agent)
    })
  )

/** `layerUndiciWith()` with its defaults: the transport to use on Node. */
export const layerUndici: Layer.Layer<Transport> = layerUndiciWith()

/**
 * `@effect/platform`'s client modules, loaded when a transport over an `HttpClient` is built (or
 * first sends): importing the library, and every program on `layerUndici`, never loads them
 * (≈ 40 ms of CPU at import on a loaded machine; packages/bench/FINDINGS.md §19).
 */
interface Platform {
  readonly HttpBody: typeof HttpBody
  readonly HttpClient: typeof HttpClient
  readonly HttpClientRequest: typeof HttpClientRequest
}

let platform: Platform | undefined

const loadPlatform: Effect.Effect<Platform> = Effect.suspend(() =>
  platform !== undefined ? Effect.succeed(platform) : Effect.promise(() =>
    Promise.all([
      import("@effect/platform/HttpBody"),
      import("@effect/platform/HttpClient"),
      import("@effect/platform/HttpClientRequest")
    ]).then(([HttpBody, HttpClient, HttpClientRequest]) => platform = { HttpBody, HttpClient, HttpClientRequest })
  )
)

/** The platform's `HttpClient` tag: a tag is its key, so this is the same tag without its module. */
const HttpClientTag = Context.GenericTag<HttpClient.HttpClient>("@effect/platform/HttpClient")

/**
 * A transport over an `@effect/platform` `HttpClient`. The platform's own `http.client` span and
 * trace headers are left out: a call has one span (`bitget.<name>`), and trace headers are not
 * the exchange's business.
 */
export const fromHttpClient = (client: HttpClient.HttpClient): Service => {
  let http: HttpClient.HttpClient | undefined
  const send = ({ HttpBody, HttpClient, HttpClientRequest }: Platform, request: Request) => {
    // With its tracer disabled the platform makes no span, and so propagates none.
    http ??= client.pipe(HttpClient.withTracerDisabledWhen(() => true))
    const options = request.body === ""
      ? { headers: request.headers }
      : {
        headers: request.headers,
        body: HttpBody.text(request.body, request.headers["Content-Type"] ?? "application/json")
      }
    const message = request.method === "GET"
      ? HttpClientRequest.get(request.url, options)
      : HttpClientRequest.post(request.url, options)
    // The platform's error holds the request and so its signed headers: keep only what went wrong.
    const failed = (error: HttpClientError.HttpClientError) =>
      new TransportError({ endpoint: request.endpoint, reason: error.message, cause: error.cause })
    const exchange = http.execute(message).pipe(
      Effect.mapError(failed),
      Effect.flatMap((response) =>
        Effect.map(
          Body.read(response, request.maxBytes ?? Infinity, failed),
          (body): Response => ({ status: response.status, headers: response.headers, body })
        )
      )
    )
    const timeout = request.timeout
    return timeout === undefined
      ? exchange
      : Effect.timeoutFail(exchange, { duration: timeout, onTimeout: () => timedOut(request.endpoint, timeout) })
  }
  return {
    send: (request) =>
      platform !== undefined ? send(platform, request) : Effect.flatMap(loadPlatform, (loaded) => send(loaded, request))
  }
}

/** The transport over the `HttpClient` in context (`FetchHttpClient.layer`, `NodeHttpClient.layerUndici`…). */
export const layerHttpClient: Layer.Layer<Transport, never, HttpClient.HttpClient> = Layer.effect(
  Transport,
  Effect.zipRight(loadPlatform, Effect.map(HttpClientTag, fromHttpClient))
)
