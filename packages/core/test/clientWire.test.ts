/**
 * What the client puts on the wire besides the request's values, read from the raw request a
 * node:http server of the test's own received (issue 25's mutation run of `BitgetClient.ts`):
 * the URL of a call without parameters (no `?`), the headers of a public call (JSON content type,
 * the config's locale, demo's `paptrading`, no credentials), and the clock offset a sync keeps,
 * rounded to a whole millisecond and used as the next signature's timestamp.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import type * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Public from "@effect-bitget/core/Public"
import * as Transport from "@effect-bitget/core/Transport"
import { describe, expect, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Http from "node:http"
import type * as Net from "node:net"
import { anyCredentials } from "./hostile/Hostile.js"
import * as Support from "./support.js"

interface Arrival {
  readonly url: string
  readonly headers: Http.IncomingHttpHeaders
}

const SERVER_TIME = 1_750_000_000_000

/**
 * Answers `public/time` with SERVER_TIME and anything else with empty data; records each request
 * and runs `onArrival` (before answering) when given.
 */
const serve = (onArrival: () => void = () => {}) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const arrivals: Array<Arrival> = []
      const server = Http.createServer((req, res) => {
        req.resume()
        req.on("end", () => {
          arrivals.push({ url: req.url!, headers: req.headers })
          onArrival()
          const data = req.url!.startsWith("/api/v2/public/time") ? `{"serverTime":"${SERVER_TIME}"}` : "{}"
          res.writeHead(200, { "content-type": "application/json" })
          res.end(`{"code":"00000","msg":"success","requestTime":0,"data":${data}}`)
        })
      })
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
      const { port } = server.address() as Net.AddressInfo
      return { url: `http://127.0.0.1:${port}`, arrivals, server }
    }),
    ({ server }) =>
      Effect.promise(() => {
        server.closeAllConnections()
        return new Promise<void>((resolve) => server.close(() => resolve()))
      })
  )

const client = (options: BitgetConfig.Options) =>
  BitgetClient.layerWith(options).pipe(Layer.provide(Transport.layerUndici))

/** A clock the test moves by hand (`moveTo`), e.g. while the server holds a request. */
const manual = (start: number) => {
  const live = Effect.runSync(Effect.clock)
  let now = start
  const clock: Clock.Clock = {
    [Clock.ClockTypeId]: Clock.ClockTypeId,
    unsafeCurrentTimeMillis: () => now,
    currentTimeMillis: Effect.sync(() => now),
    unsafeCurrentTimeNanos: () => BigInt(now) * 1_000_000n,
    currentTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
    sleep: (duration) => live.sleep(duration)
  }
  return { clock, moveTo: (millis: number) => (now = millis) }
}

describe("the client's wire (raw requests)", () => {
  it.scoped("a public call: no `?` without parameters, JSON content type, the config's locale, no credentials", () =>
    Effect.gen(function*() {
      const server = yield* serve()
      yield* Effect.provide(Public.serverTime(), client({ baseUrl: server.url, locale: "zh-CN" }))
      const [arrival] = server.arrivals
      expect(arrival!.url).toBe("/api/v2/public/time")
      expect(arrival!.headers["content-type"]).toBe("application/json")
      expect(arrival!.headers["locale"]).toBe("zh-CN")
      expect(Object.keys(arrival!.headers).filter((name) => name.startsWith("access-") || name === "paptrading"))
        .toEqual([])
    }))

  it.scoped("demo mode sends paptrading: 1 on a public call too; the default locale is en-US", () =>
    Effect.gen(function*() {
      const server = yield* serve()
      yield* Effect.provide(Public.serverTime(), client({ baseUrl: server.url, demo: true }))
      const [arrival] = server.arrivals
      expect([arrival!.headers["paptrading"], arrival!.headers["locale"]]).toEqual(["1", "en-US"])
    }))

  it.scopedLive("a signed call sends its query after `?` and the four ACCESS headers with the JSON content type", () =>
    Effect.gen(function*() {
      const server = yield* serve()
      yield* Effect.provide(Support.query({ probe: "1" }), client({ baseUrl: server.url, credentials: anyCredentials }))
      const [arrival] = server.arrivals
      expect(arrival!.url).toBe("/api/v2/test/query?probe=1")
      expect(arrival!.headers["content-type"]).toBe("application/json")
      expect(arrival!.headers["access-key"]).toBe("bg_hostile_key")
      expect(arrival!.headers["access-passphrase"]).toBe("hostile-passphrase")
      expect(arrival!.headers["access-sign"]).toMatch(/^[A-Za-z0-9+/]{43}=$/)
      expect(arrival!.headers["access-timestamp"]).toMatch(/^\d{13}$/)
    }))

  it.scoped("a sync keeps the offset to the middle of the exchange, whole ms; the next signature is timed by it", () =>
    Effect.gen(function*() {
      const start = 1_700_000_000_000
      const { clock, moveTo } = manual(start)
      // The clock moves 1 ms while the server holds the sync's request.
      const server = yield* serve(() => moveTo(start + 1))
      const offset = yield* Effect.gen(function*() {
        const bitget = yield* BitgetClient.BitgetClient
        yield* bitget.syncClock
        const offset = yield* bitget.clockOffset
        yield* Support.query({ probe: "2" })
        return offset
      }).pipe(
        Effect.provide(client({ baseUrl: server.url, credentials: anyCredentials })),
        Effect.withClock(clock)
      )
      // Read at `start` before and `start + 1` after: the middle, start + 0.5, rounds to start + 1.
      expect(offset).toBe(SERVER_TIME - start - 1)
      // Signed at `start + 1` plus the offset: the server's own time.
      expect(server.arrivals[1]!.headers["access-timestamp"]).toBe(String(SERVER_TIME))
    }))
})
