/**
 * The transport over real loopback: a node:http server of the test's own records what arrived
 * (exact bytes, headers, sockets) and misbehaves on request (resets, hangs, holds answers).
 * The undici layer and the HttpClient adapter pass the same tests; the pool bound is undici's.
 */
import { TransportError } from "@effect-bitget/core/BitgetError"
import * as TimerLists from "@effect-bitget/core/internal/timerLists"
import * as Transport from "@effect-bitget/core/Transport"
import { describe, expect, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Scope from "effect/Scope"
import * as Http from "node:http"
import type * as Net from "node:net"
import * as Zlib from "node:zlib"
import { freePort, requestFor, send, variants } from "./transportSupport.js"

interface Received {
  readonly method: string
  readonly url: string
  readonly rawHeaders: ReadonlyArray<string>
  readonly body: Buffer
}

const ANSWER = "{\"code\":\"00000\",\"msg\":\"é €\",\"data\":[]}"
/** Bodies sent compressed although no Accept-Encoding asked for it (as a proxy might). */
const encodings: Record<string, readonly [string, Buffer]> = {
  gzip: ["gzip", Zlib.gzipSync(ANSWER)],
  deflate: ["deflate", Zlib.deflateSync(ANSWER)],
  br: ["br", Zlib.brotliCompressSync(ANSWER)],
  zstd: ["zstd", Buffer.from(ANSWER)]
}

/** A loopback server that records requests and sockets; `/reset`, `/hang` and `/hold` misbehave. */
const serve = Effect.acquireRelease(
  Effect.promise(async () => {
    const received: Array<Received> = []
    const sockets = new Set<Net.Socket>()
    const state = { opened: 0, open: 0, peak: 0, closed: 0, hanging: [] as Array<Net.Socket> }
    const onClose = new Set<() => void>()
    const server = Http.createServer((req, res) => {
      const chunks: Array<Buffer> = []
      req.on("data", (chunk: Buffer) => chunks.push(chunk))
      req.on("end", () => {
        received.push({ method: req.method!, url: req.url!, rawHeaders: req.rawHeaders, body: Buffer.concat(chunks) })
        const path = req.url!.split("?")[0]
        if (path === "/reset") return req.socket.destroy()
        if (path === "/hang") return state.hanging.push(req.socket)
        if (path === "/big" || path === "/bigchunked") {
          // 64 KiB of JSON text: with its length declared, or in chunks of unknown total.
          const big = "{\"data\":\"" + "x".repeat(64 * 1024) + "\"}"
          if (path === "/big") {
            res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(big) })
            return res.end(big)
          }
          res.writeHead(200, { "content-type": "application/json" })
          for (let at = 0; at < big.length; at += 4096) res.write(big.slice(at, at + 4096))
          return res.end()
        }
        const encoded = encodings[path!.slice(1)]
        if (encoded !== undefined) {
          res.writeHead(200, { "content-type": "application/json", "content-encoding": encoded[0] })
          return res.end(encoded[1])
        }
        const answer = () => {
          res.writeHead(path === "/limited" ? 429 : 200, { "content-type": "application/json", "retry-after": "3" })
          res.end(path === "/limited" ? "{\"code\":\"429\",\"msg\":\"Too Many Requests\"}" : "{\"ok\":\"é €\"}")
        }
        if (path === "/hold") setTimeout(answer, 20)
        else answer()
      })
    })
    server.on("connection", (socket) => {
      sockets.add(socket)
      state.opened++
      state.open++
      state.peak = Math.max(state.peak, state.open)
      socket.on("close", () => {
        sockets.delete(socket)
        state.open--
        state.closed++
        for (const f of onClose) f()
      })
    })
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    const { port } = server.address() as Net.AddressInfo
    /** Resolves once `condition` holds after some socket closed (or already holds). */
    const whenClosed = (condition: () => boolean) =>
      new Promise<void>((resolve) => {
        if (condition()) return resolve()
        const check = () => {
          if (condition()) {
            onClose.delete(check)
            resolve()
          }
        }
        onClose.add(check)
      })
    return { url: `http://127.0.0.1:${port}`, received, state, server, sockets, whenClosed }
  }),
  ({ server, sockets }) =>
    Effect.promise(() => {
      for (const socket of sockets) socket.destroy()
      return new Promise<void>((resolve) => server.close(() => resolve()))
    })
)

const request = requestFor("test.transport")

const header = (raw: ReadonlyArray<string>, name: string) => {
  const values: Array<string> = []
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === name.toLowerCase()) values.push(raw[i + 1]!)
  return values
}

describe.each(variants)("Transport: %s", (_, layer) => {
  it.live("a request's timeout bounds the whole exchange: TransportError timedOut, the socket closed", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = yield* serve
      const started = Date.now()
      const error = yield* Effect.flip(
        send(request(`${server.url}/hang`, { timeout: Duration.millis(300) }))
      )
      expect(error._tag === "TransportError" && [error.timedOut, error.reason]).toEqual([
        true,
        "timed out: no complete answer within 300ms"
      ])
      expect(Date.now() - started).toBeGreaterThanOrEqual(290)
      // An answer within the timeout is read as usual.
      const ok = yield* send(request(`${server.url}/hold`, { timeout: Duration.seconds(5) }))
      expect(ok.status).toBe(200)
    })).pipe(Effect.provide(layer)))

  it.scoped("an answer over maxBytes fails with TooLarge (declared length or counted chunks); one at the cap is read", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const size = 64 * 1024 + 11
      for (const path of ["/big", "/bigchunked"]) {
        const error = yield* Effect.flip(send(request(`${server.url}${path}`, { maxBytes: size - 1 })))
        expect([path, error._tag]).toEqual([path, "TooLarge"])
        const whole = yield* send(request(`${server.url}${path}`, { maxBytes: size }))
        expect([path, whole.body.length]).toEqual([path, size])
      }
    }).pipe(Effect.provide(layer)))

  it.scoped("sends the exact method, path, query, headers and body bytes, and reads status, headers and body", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const query = "a=%27b%27&c=1%2B2&d=%E2%82%AC&e=x%20y"
      const body = "{\"note\":\"é €\",\"size\":\"0.1000\"}"
      const headers = {
        "ACCESS-KEY": "key",
        "ACCESS-SIGN": "c2lnbmF0dXJlKz0v",
        "ACCESS-TIMESTAMP": "1700000000000",
        "ACCESS-PASSPHRASE": "pass",
        "Content-Type": "application/json",
        locale: "en-US"
      }
      const post = yield* send(request(`${server.url}/api/v2/post?${query}`, { method: "POST", headers, body }))
      const get = yield* send(request(`${server.url}/api/v2/get?${query}`, { headers }))
      expect(post.status).toBe(200)
      expect(post.body).toBe("{\"ok\":\"é €\"}")
      expect(post.headers["retry-after"]).toBe("3")
      expect(get.body).toBe("{\"ok\":\"é €\"}")
      const [p, g] = server.received
      expect(p!.method).toBe("POST")
      expect(p!.url).toBe(`/api/v2/post?${query}`)
      expect(p!.body.equals(Buffer.from(body, "utf8"))).toBe(true)
      expect(header(p!.rawHeaders, "content-length")).toEqual([String(Buffer.byteLength(body))])
      expect(header(p!.rawHeaders, "content-type")).toEqual(["application/json"])
      expect(g!.method).toBe("GET")
      expect(g!.url).toBe(`/api/v2/get?${query}`)
      expect(g!.body.length).toBe(0)
      for (const r of [p!, g!]) {
        for (const [name, value] of Object.entries(headers)) {
          if (name !== "Content-Type") expect(header(r.rawHeaders, name)).toEqual([value])
        }
      }
    }).pipe(Effect.provide(layer)))

  it.scoped("hands over any status with its body (a 429 is an answer, not a failure)", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const response = yield* send(request(`${server.url}/limited`))
      expect(response.status).toBe(429)
      expect(response.body).toBe("{\"code\":\"429\",\"msg\":\"Too Many Requests\"}")
    }).pipe(Effect.provide(layer)))

  it.scoped("keeps the connection alive between requests", () =>
    Effect.gen(function*() {
      const server = yield* serve
      for (let i = 0; i < 5; i++) {
        yield* send(request(`${server.url}/x`))
        // A moment for the connection to return to the pool (a request sent at once may take a second one).
        yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 5)))
      }
      expect(server.received).toHaveLength(5)
      expect(server.state.opened).toBe(1)
    }).pipe(Effect.provide(layer)))

  it.scoped("a refused connection is a TransportError naming the endpoint", () =>
    Effect.gen(function*() {
      const port = yield* freePort
      const error = yield* Effect.flip(send(request(`http://127.0.0.1:${port}/x`)))
      expect(error).toBeInstanceOf(TransportError)
      expect(error._tag === "TransportError" && error.endpoint).toBe("test.transport")
      expect(error.message).toMatch(/^test\.transport: transport failed: /)
    }).pipe(Effect.provide(layer)))

  it.scoped("a connection reset before the answer is a TransportError, and the next request still goes out", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const error = yield* Effect.flip(send(request(`${server.url}/reset`, { headers: { "ACCESS-SIGN": "s3cr3t" } })))
      expect(error).toBeInstanceOf(TransportError)
      // The error keeps what went wrong, not the signed headers.
      expect(JSON.stringify(error) + error.message).not.toContain("s3cr3t")
      const next = yield* send(request(`${server.url}/x`))
      expect(next.status).toBe(200)
    }).pipe(Effect.provide(layer)))

  it.scoped("interruption aborts the request in flight: the server sees its socket closed", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const fiber = yield* Effect.fork(send(request(`${server.url}/hang`)))
      yield* Effect.promise(async () => {
        while (server.state.hanging.length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
      })
      expect(server.state.closed).toBe(0)
      const exit = yield* Fiber.interrupt(fiber)
      expect(Exit.isInterrupted(exit)).toBe(true)
      yield* Effect.promise(() => server.whenClosed(() => server.state.closed === 1))
      expect(server.state.hanging[0]!.destroyed).toBe(true)
    }).pipe(Effect.provide(layer)))
})

describe("Transport.layerUndici", () => {
  const concurrent = (url: string, n: number) =>
    Effect.forEach(Array.from({ length: n }, (_, i) => i), () => send(request(`${url}/hold`)), {
      concurrency: "unbounded"
    })

  it.scoped("never opens more connections than its bound under 200 concurrent calls", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const responses = yield* concurrent(server.url, 200).pipe(
        Effect.provide(Transport.layerUndiciWith({ connections: 4 }))
      )
      expect(responses.every((r) => r.status === 200)).toBe(true)
      expect(server.received).toHaveLength(200)
      expect(server.state.peak).toBeLessThanOrEqual(4)
      expect(server.state.opened).toBe(4)
    }))

  it.scoped("bounds connections at 64 by default", () =>
    Effect.gen(function*() {
      const server = yield* serve
      yield* concurrent(server.url, 200).pipe(Effect.provide(Transport.layerUndici))
      expect(server.received).toHaveLength(200)
      expect(server.state.opened).toBe(Transport.DEFAULT_CONNECTIONS)
      expect(server.state.peak).toBe(Transport.DEFAULT_CONNECTIONS)
    }))

  it.scoped("closes its connections when the layer's scope closes", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const scope = yield* Scope.make()
      const context = yield* Layer.buildWithScope(Transport.layerUndiciWith({ connections: 3 }), scope)
      yield* concurrent(server.url, 10).pipe(Effect.provide(context))
      expect(server.state.open).toBe(3)
      yield* Scope.close(scope, Exit.void)
      yield* Effect.promise(() => server.whenClosed(() => server.state.open === 0))
      expect(server.state.closed).toBe(3)
    }))

  it.scoped("reads a body compressed with gzip, deflate or br; an unknown encoding is a TransportError", () =>
    Effect.gen(function*() {
      const server = yield* serve
      for (const encoding of ["gzip", "deflate", "br"]) {
        const response = yield* send(request(`${server.url}/${encoding}`))
        expect([encoding, response.body]).toEqual([encoding, ANSWER])
      }
      const error = yield* Effect.flip(send(request(`${server.url}/zstd`)))
      expect(error._tag === "TransportError" && error.reason).toMatch(/content-encoding zstd/)
    }).pipe(Effect.provide(Transport.layerUndici)))

  it.live("deadlines hold no process open and still fire; a timeout Node cannot hold is no deadline", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = yield* serve
      const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length
      const before = timers()
      // The same unusual duration twice: the second deadline reuses the timer list kept for the first.
      for (let i = 0; i < 2; i++) {
        const started = Date.now()
        const error = yield* Effect.flip(send(request(`${server.url}/hang`, { timeout: Duration.millis(173) })))
        expect(error._tag === "TransportError" && error.timedOut).toBe(true)
        expect(Date.now() - started).toBeGreaterThanOrEqual(165)
      }
      // A second duration (long enough for a 20 ms hold on a loaded machine) is answered in time,
      // ten times: each answered request's deadline is cleared at once, so no timer is left holding
      // the process (one left would count ten; the count before may hold a timer of vitest's that ends).
      for (let i = 0; i < 10; i++) {
        const ok = yield* send(request(`${server.url}/hold`, { timeout: Duration.seconds(50) }))
        expect(ok.status).toBe(200)
      }
      expect(timers()).toBeLessThanOrEqual(before)
      // Node would run a timer of ≥ 2^31 ms after 1 ms: such a request is answered (held 20 ms), not timed out.
      for (const timeout of [Duration.infinity, Duration.days(30)]) {
        const held = yield* send(request(`${server.url}/hold`, { timeout }))
        expect(held.status).toBe(200)
      }
    })).pipe(Effect.provide(Transport.layerUndici)))

  // Node keeps one timer list per duration: the transport keeps it alive with an idle interval,
  // one per duration, from 1 ms up, for the first MAX_KEPT durations (internal/timerLists.ts).
  it.live("a deadline's timer list is kept once per duration, from 1 ms, for 8 durations, by unref'd intervals", () =>
    Effect.scoped(Effect.gen(function*() {
      const server = yield* serve
      TimerLists.release()
      yield* Effect.addFinalizer(() => Effect.sync(TimerLists.release))
      const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length
      const before = timers()
      const timesOut = (timeout: Duration.Duration) =>
        Effect.flatMap(
          Effect.flip(send(request(`${server.url}/hang`, { timeout }))),
          (error) => Effect.sync(() => expect(error._tag === "TransportError" && error.timedOut).toBe(true))
        )
      // Under 1 ms Node runs a timer after 1 ms: an interval of it would wake the process each ms.
      yield* timesOut(Duration.zero)
      yield* timesOut(Duration.micros(999n))
      expect([...TimerLists.kept().keys()]).toEqual([])
      yield* timesOut(Duration.millis(1))
      yield* timesOut(Duration.millis(7))
      const seven = TimerLists.kept().get(7)
      yield* timesOut(Duration.millis(7))
      // The same duration again: the same interval, not a second one.
      expect(TimerLists.kept().get(7)).toBe(seven)
      expect([...TimerLists.kept().keys()]).toEqual([1, 7])
      for (let millis = 11; millis <= 17; millis++) yield* timesOut(Duration.millis(millis))
      // Eight durations at most: 16 is the eighth, 17 is not kept.
      expect(TimerLists.MAX_KEPT).toBe(8)
      expect([...TimerLists.kept().keys()]).toEqual([1, 7, 11, 12, 13, 14, 15, 16])
      // Eight intervals, none holding the process.
      expect(timers()).toBeLessThanOrEqual(before)
    })).pipe(Effect.provide(Transport.layerUndici)))

  it.scoped("a read timeout is a TransportError", () =>
    Effect.gen(function*() {
      const server = yield* serve
      const error = yield* Effect.flip(
        send(request(`${server.url}/hang`)).pipe(
          Effect.provide(Transport.layerUndiciWith({ readTimeout: "200 millis" }))
        )
      )
      expect(error).toBeInstanceOf(TransportError)
      expect(error._tag === "TransportError" && error.reason).toMatch(/timeout/i)
    }))
})
