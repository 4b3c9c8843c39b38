/**
 * The transport's edges over real loopback, each varied where a bug would live (issue 25's
 * mutation run of `Transport.ts`): what a GET sends (no body, no length), a URL without a path,
 * the spellings of `Content-Encoding` (case, blanks, `x-gzip`, `identity`), an empty answer, the
 * size a `TooLarge` reports, the reason of a socket error, a URL undici refuses to dispatch, a
 * deadline that passes while the request is still queued in the pool, and the adapter's default
 * `Content-Type`. A node:http server of the test's own records what arrived.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as Transport from "@effect-bitget/core/Transport"
import { describe, expect, it, vi } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Tracer from "effect/Tracer"
import * as Http from "node:http"
import type * as Net from "node:net"
import * as Zlib from "node:zlib"
import * as Undici from "undici"
import { anyCredentials } from "./hostile/Hostile.js"
import * as Support from "./support.js"
import { freePort, requestFor, send, variants } from "./transportSupport.js"

interface Arrival {
  readonly method: string
  readonly url: string
  readonly headers: Http.IncomingHttpHeaders
  readonly body: string
}

const ANSWER = "{\"code\":\"00000\",\"data\":\"é\"}"
const SPLIT = "{\"data\":\"" + "é€".repeat(10) + "\"}"

/**
 * `/enc/<value>` answers ANSWER gzipped with `Content-Encoding: <value>` (`identity`: plain);
 * `/raw/<value>` answers ANSWER as it is, under `Content-Encoding: <value>`;
 * `/empty` an empty 200; `/big/<n>` n bytes with their length declared, `/chunks/<n>` n bytes in
 * 1000-byte chunks with no length, both with status 203; `/hang` never answers; anything else
 * `{"ok":1}`.
 */
const serve = Effect.acquireRelease(
  Effect.promise(async () => {
    const arrivals: Array<Arrival> = []
    const sockets = new Set<Net.Socket>()
    const server = Http.createServer((req, res) => {
      const chunks: Array<Buffer> = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => {
        const url = req.url!
        arrivals.push({ method: req.method!, url, headers: req.headers, body: Buffer.concat(chunks).toString() })
        const [, kind, arg] = url.split("?")[0]!.split("/")
        if (kind === "hang") return
        if (kind === "enc") {
          const value = decodeURIComponent(arg!)
          res.writeHead(200, { "content-type": "application/json", "content-encoding": value })
          return res.end(value === "identity" ? ANSWER : Zlib.gzipSync(ANSWER))
        }
        if (kind === "raw") {
          // Plain text under the named encoding.
          res.writeHead(200, { "content-type": "application/json", "content-encoding": arg! })
          return res.end(ANSWER)
        }
        if (kind === "split") {
          // Chunks cut inside two-byte characters, a moment apart (so they arrive apart).
          const bytes = Buffer.from(SPLIT)
          res.writeHead(200, {})
          void (async () => {
            for (let at = 0; at < bytes.length; at += 7) {
              res.write(bytes.subarray(at, at + 7))
              await new Promise((resolve) => setTimeout(resolve, 2))
            }
            res.end()
          })()
          return
        }
        if (kind === "empty") {
          res.writeHead(200, { "content-length": "0" })
          return res.end()
        }
        if (kind === "big" || kind === "chunks") {
          const body = "x".repeat(Number(arg))
          if (kind === "big") {
            res.writeHead(203, { "content-length": String(body.length) })
            return res.end(body)
          }
          res.writeHead(203, {})
          for (let at = 0; at < body.length; at += 1000) res.write(body.slice(at, at + 1000))
          return res.end()
        }
        res.writeHead(200, { "content-type": "application/json" })
        res.end("{\"ok\":1}")
      })
    })
    server.on("connection", (socket) => {
      sockets.add(socket)
      socket.on("close", () => sockets.delete(socket))
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const { port } = server.address() as Net.AddressInfo
    return { url: `http://127.0.0.1:${port}`, arrivals, server, sockets }
  }),
  ({ server, sockets }) =>
    Effect.promise(() => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    })
)

const request = requestFor("test.edges")

describe.each(variants)("Transport edges: %s", (name, layer) => {
  // undici sends the headers it is given; the adapter gives a body without Content-Type application/json.
  it.scoped("a GET carries no body and no length; a POST without Content-Type: none (undici), JSON (adapter)", () =>
    Effect.gen(function*() {
      const server = yield* serve
      yield* send(request(`${server.url}/get`, { headers: { locale: "en-US" } }))
      yield* send(request(`${server.url}/post`, { method: "POST", body: "{\"a\":\"1\"}" }))
      const [get, post] = server.arrivals
      expect([get!.method, get!.body, get!.headers["content-length"], get!.headers["transfer-encoding"]]).toEqual([
        "GET",
        "",
        undefined,
        undefined
      ])
      expect(get!.headers["content-type"]).toBeUndefined()
      expect([post!.method, post!.body, post!.headers["content-type"], post!.headers["content-length"]]).toEqual([
        "POST",
        "{\"a\":\"1\"}",
        name === "undici" ? undefined : "application/json",
        "9"
      ])
    }).pipe(Effect.provide(layer)))

  // The adapter puts the body's type on the body: the request's own Content-Type is the one used.
  it.scoped("a POST's own Content-Type arrives as given, in any variant", () =>
    Effect.gen(function*() {
      const server = yield* serve
      for (const type of ["text/plain", "application/json; charset=utf-8"]) {
        yield* send(request(`${server.url}/post`, { method: "POST", headers: { "Content-Type": type }, body: "a=1" }))
      }
      expect(server.arrivals.map((arrival) => [arrival.headers["content-type"], arrival.body])).toEqual([
        ["text/plain", "a=1"],
        ["application/json; charset=utf-8", "a=1"]
      ])
    }).pipe(Effect.provide(layer)))

  it.scoped("an empty answer is an empty body", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const response = yield* send(request(`${server.url}/empty`))
      expect([response.status, response.body]).toEqual([200, ""])
    }).pipe(Effect.provide(layer)))

  it.scoped("an answer in chunks cut inside characters is read whole, with a cap or without", () =>
    Effect.gen(function*() {
      const server = yield* serve
      for (const maxBytes of [10_000, undefined]) {
        const response = yield* send(request(`${server.url}/split`, { maxBytes }))
        expect([maxBytes, response.body]).toEqual([maxBytes, SPLIT])
      }
    }).pipe(Effect.provide(layer)))

  it.scoped("TooLarge reports the declared length, or `over <cap>` when counted, with the answer's status", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const declared = yield* Effect.flip(send(request(`${server.url}/big/5000`, { maxBytes: 4999 })))
      expect(declared._tag === "TooLarge" && [declared.size, declared.status]).toEqual(["5000", 203])
      const counted = yield* Effect.flip(send(request(`${server.url}/chunks/5000`, { maxBytes: 2500 })))
      expect(counted._tag === "TooLarge" && [counted.size, counted.status]).toEqual(["over 2500", 203])
      // The cap itself is allowed, both ways.
      for (const path of ["big", "chunks"]) {
        const whole = yield* send(request(`${server.url}/${path}/5000`, { maxBytes: 5000 }))
        expect([path, whole.status, whole.body.length]).toEqual([path, 203, 5000])
      }
    }).pipe(Effect.provide(layer)))
})

describe("Transport edges: undici", () => {
  it.scoped("a URL with no path asks for /", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const response = yield* send(request(server.url))
      expect(response.body).toBe("{\"ok\":1}")
      expect(server.arrivals.map((arrival) => arrival.url)).toEqual(["/"])
    }).pipe(Effect.provide(Transport.layerUndici)))

  it.scoped("Content-Encoding is read without regard to case or blanks; x-gzip is gzip; identity is the body as is", () =>
    Effect.gen(function*() {
      const server = yield* serve
      for (const value of ["GZIP", " gzip ", "x-gzip", "X-Gzip", "identity"]) {
        const response = yield* send(request(`${server.url}/enc/${encodeURIComponent(value)}`))
        expect([value, response.body]).toEqual([value, ANSWER])
      }
    }).pipe(Effect.provide(Transport.layerUndici)))

  it.scoped("a socket error's reason starts with its code", () =>
    Effect.gen(function*() {
      const port = yield* freePort
      const error = yield* Effect.flip(send(request(`http://127.0.0.1:${port}/x`)))
      expect(error._tag === "TransportError" && error.reason).toMatch(/^ECONNREFUSED: /)
    }).pipe(Effect.provide(Transport.layerUndici)))

  it.scoped("a URL undici cannot dispatch is a TransportError naming the endpoint, not a defect", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(send(request("http://[bad/x")))
      expect(error._tag).toBe("TransportError")
      expect(error._tag === "TransportError" && error.endpoint).toBe("test.edges")
    }).pipe(Effect.provide(Transport.layerUndici)))

  it.live("a deadline that passes while the request waits in the pool: timed out, and it never leaves", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = yield* serve
      // One connection, held by a request that is never answered until its own deadline.
      const first = yield* Effect.fork(send(request(`${server.url}/hang`, { timeout: Duration.millis(400) })))
      yield* Effect.promise(async () => {
        while (server.arrivals.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      })
      const queued = yield* Effect.flip(send(request(`${server.url}/queued`, { timeout: Duration.millis(50) })))
      expect(queued._tag === "TransportError" && queued.timedOut).toBe(true)
      yield* Fiber.await(first)
      // The pool's connection is free again: a later request goes out, the queued one never did.
      yield* send(request(`${server.url}/after`))
      expect(server.arrivals.map((arrival) => arrival.url)).toEqual(["/hang", "/after"])
    })).pipe(Effect.provide(Transport.layerUndiciWith({ connections: 1 }))))
})

describe("Transport edges: undici, the pool and the deadline's bound (session 15)", () => {
  it.live("a request interrupted while it waits in the pool never leaves, even once the connection is free", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = yield* serve
      const first = yield* Effect.fork(send(request(`${server.url}/hang`)))
      yield* Effect.promise(async () => {
        while (server.arrivals.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      })
      // Queued behind the one connection, then interrupted there.
      const queued = yield* Effect.fork(send(request(`${server.url}/queued`)))
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))
      yield* Fiber.interrupt(queued)
      // The connection is freed (the hanging request aborted): the pool's next request goes out, not the interrupted one.
      yield* Fiber.interrupt(first)
      yield* send(request(`${server.url}/after`))
      expect(server.arrivals.map((arrival) => arrival.url)).toEqual(["/hang", "/after"])
    })).pipe(Effect.provide(Transport.layerUndiciWith({ connections: 1 }))))

  it.live("a deadline of exactly 2^31 − 1 ms is armed as such; one ms more is no deadline", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = yield* serve
      // Node runs a longer timer after 1 ms, and no test waits 24.8 days: what is observed is the
      // delay each request's deadline is armed with (the timer itself still runs, unchanged).
      const real = globalThis.setTimeout
      const armed: Array<number | undefined> = []
      const spy = vi.spyOn(globalThis, "setTimeout").mockImplementation(
        ((f: () => void, ms?: number) => {
          armed.push(ms)
          return real(f, ms)
        }) as typeof setTimeout
      )
      yield* Effect.addFinalizer(() => Effect.sync(() => spy.mockRestore()))
      for (const millis of [2_147_483_647, 2_147_483_648]) {
        const answered = yield* send(request(`${server.url}/x`, { timeout: Duration.millis(millis) }))
        expect(answered.status).toBe(200)
      }
      expect(armed.filter((ms) => ms !== undefined && ms >= 2_147_483_647)).toEqual([2_147_483_647])
    })).pipe(Effect.provide(Transport.layerUndici)))

  // undici's own dispatchers hand a failure to the handler; one of the caller's own may throw instead.
  it.effect("a dispatcher of the caller's own that throws: a TransportError naming the endpoint, not a defect", () =>
    Effect.gen(function*() {
      class Closed extends Undici.Dispatcher {
        override dispatch(): boolean {
          throw new Error("dispatcher closed")
        }
      }
      const error = yield* Effect.flip(Transport.fromUndici(new Closed()).send(request("http://127.0.0.1:1/x")))
      expect(error).toMatchObject({ _tag: "TransportError", endpoint: "test.edges", reason: "dispatcher closed" })
    }))

  it.scoped("a failure's reason is the error's own message, after its code when it has one", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const unknown = yield* Effect.flip(send(request(`${server.url}/enc/zstd`)))
      expect(unknown._tag === "TransportError" && unknown.reason).toBe("unsupported content-encoding zstd")
      // Not gzip at all: zlib's error carries its code.
      const corrupt = yield* Effect.flip(send(request(`${server.url}/raw/gzip`)))
      expect(corrupt._tag === "TransportError" && corrupt.reason).toBe("Z_DATA_ERROR: incorrect header check")
    }).pipe(Effect.provide(Transport.layerUndici)))
})

/** A tracer that keeps the names of the spans made under it. */
const recording = () => {
  const names: Array<string> = []
  const native = Effect.runSync(Effect.tracer)
  const tracer = Tracer.make({
    span(name, parent, context, links, startTime, kind) {
      names.push(name)
      return native.span(name, parent, context, links, startTime, kind)
    },
    context: (f) => f()
  })
  return { names, tracer }
}

describe.each(variants.slice(1))("Transport edges, through the client: %s", (_, layer) => {
  // The platform's error names the socket's code in its cause: the adapter keeps it, so a refused
  // connection is known never sent there too.
  it.scoped("a refused connection is a TransportError marked never sent (a POST too)", () =>
    Effect.gen(function*() {
      const port = yield* freePort
      const client = BitgetClient.layerWith({ baseUrl: `http://127.0.0.1:${port}`, credentials: anyCredentials }).pipe(
        Layer.provide(layer)
      )
      const error = yield* Effect.flip(Effect.provide(Support.echo({ note: "x" }), client))
      expect(error).toMatchObject({ _tag: "TransportError", sent: false, endpoint: "test.echo" })
    }))
})

describe.each(variants.slice(1))("Transport edges: %s", (_, layer) => {
  it.scoped("under a program's span and tracer: no trace header is sent and no http.client span is made", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const { names, tracer } = recording()
      yield* send(request(`${server.url}/traced`)).pipe(Effect.withSpan("caller"), Effect.withTracer(tracer))
      const headers = Object.keys(server.arrivals[0]!.headers)
      expect(headers.filter((name) => name === "traceparent" || name.startsWith("b3"))).toEqual([])
      expect(names).toEqual(["caller"])
    }).pipe(Effect.provide(layer)))
})
