/**
 * The simulated exchange as an `HttpApp`, built from endpoint declarations: every declared
 * endpoint gets a route that checks the signature and timestamp, what the key and its account
 * may do (`Permissions.ts`: status, IP allow-list, permissions), enforces the rate limit,
 * validates the request with the endpoint's own schema and answers in Bitget's envelope, from a
 * domain handler, a seeded list (list endpoints) or generated schema-valid data.
 */
import type { Endpoint } from "@effect-bitget/core/Endpoint"
import { reason } from "@effect-bitget/core/internal/request"
import * as NodeHttpServerRequest from "@effect/platform-node/NodeHttpServerRequest"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as Clock from "effect/Clock"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Schema from "effect/Schema"
import type { Accounts } from "./Accounts.js"
import * as Auth from "./Auth.js"
import type { Account, Domain, Handler } from "./Domain.js"
import type { Faults } from "./Faults.js"
import * as Generate from "./Generate.js"
import * as Permissions from "./Permissions.js"
import type { RateLimits } from "./RateLimits.js"
import { codes, reject, Rejection } from "./Rejection.js"
import * as Seeded from "./Seeded.js"
import * as Spelling from "./Spelling.js"
import * as Mode from "./unified/Mode.js"
import * as WireTypes from "./WireTypes.js"

interface Compiled {
  readonly endpoint: Endpoint.Any
  readonly decode: (input: unknown) => Effect.Effect<any, import("effect/ParseResult").ParseError>
  readonly encode: (data: unknown) => Effect.Effect<unknown, import("effect/ParseResult").ParseError>
  readonly answer: Handler<any, any>
  /** Brings enum values to the declared spelling (Bitget accepts any case). */
  readonly spell: (wire: Record<string, unknown>) => Record<string, unknown>
}

export interface Options {
  readonly endpoints: ReadonlyArray<Endpoint.Any>
  readonly domains: ReadonlyArray<Domain>
  readonly keys: ReadonlyMap<string, Auth.Key>
  /** The accounts the keys belong to: their status and permissions bound every call. */
  readonly accounts?: Accounts | undefined
  readonly faults: Faults
  readonly limits: RateLimits
  /** The newest time of seeded histories (ms). */
  readonly anchor: number
  readonly traffic: Traffic
  /** Told after each signed call is answered, with its account: the WebSocket server pushes what changed. */
  readonly served?: ((uid: string) => void) | undefined
}

/** Requests received per `METHOD /path` (before any check), for tests that prove nothing was sent. */
export class Traffic {
  private readonly counts = new Map<string, number>()
  count(route: string): number {
    return this.counts.get(route) ?? 0
  }
  total(): number {
    let sum = 0
    for (const n of this.counts.values()) sum += n
    return sum
  }
  record(route: string): void {
    this.counts.set(route, this.count(route) + 1)
  }
  reset(): void {
    this.counts.clear()
  }
}

const envelope = (code: string, msg: string, data: unknown, now: number) =>
  JSON.stringify({ code, msg, requestTime: now, data })

const html = (status: number) =>
  `<html><head><title>${status}</title></head><body><h1>${status} Service Temporarily Unavailable</h1></body></html>`

/** The answer for a declaration no domain handles: a seeded list or one generated value. */
const generated = (endpoint: Endpoint.Any, anchor: number): Handler<any, any> => {
  if (endpoint.pagination !== undefined) {
    let seeded: Seeded.Seeded | undefined
    return (request) => {
      seeded ??= Seeded.seed(endpoint, anchor)
      return Effect.succeed(Seeded.answer(endpoint, seeded, request))
    }
  }
  let value: unknown
  let made = false
  return () => {
    if (!made) {
      value = Generate.one(endpoint.data, Generate.seedOf(endpoint.name))
      made = true
    }
    return Effect.succeed(value)
  }
}

/**
 * Parameters the exchange takes on an endpoint beyond its declaration, and ignores: peers send
 * them, so they are dropped before the request is checked rather than refused as unknown.
 */
const ignored: Readonly<Record<string, ReadonlyArray<string>>> = {
  // ccxt's paginated fetchOHLCV sends each window's startTime to the history candles too
  // (bitget.js fetchOHLCV); the page lists only endTime (spot/market/Get-History-Candle-Data).
  "spot.market.historyCandles": ["startTime"]
}

/**
 * Window limits of list endpoints, as the exchange enforces them. A page size above the largest is
 * served as the largest (in `wire`, in place), not refused: ccxt's paginated calls ask every list
 * for 1000 rows (its `maxEntriesPerRequest`) and walk the live exchange's 100-row pages that way.
 */
const checkList = (endpoint: Endpoint.Any, wire: Record<string, unknown>) => {
  const pagination = endpoint.pagination
  if (pagination === undefined) return Effect.void
  const limit = wire[pagination.limit.param]
  if (limit !== undefined && Number(limit) > pagination.limit.max) {
    wire[pagination.limit.param] = typeof limit === "number" ? pagination.limit.max : String(pagination.limit.max)
  }
  const window = pagination.window
  if (window !== undefined && wire[window.start] !== undefined && wire[window.end] !== undefined) {
    if (Number(wire[window.end]) - Number(wire[window.start]) > Duration.toMillis(window.max)) {
      return reject(codes.window, `startTime and endTime interval cannot exceed ${Duration.format(window.max)}`)
    }
  }
  return Effect.void
}

export const make = (options: Options) => {
  const handlers = new Map<Endpoint.Any, Handler<any, any>>()
  for (const domain of options.domains) {
    for (const route of domain.routes) handlers.set(route.endpoint, route.handler)
  }
  const routes = new Map<string, Compiled>()
  for (const endpoint of options.endpoints) {
    routes.set(`${endpoint.method} ${endpoint.path}`, {
      endpoint,
      decode: Schema.decodeUnknown(endpoint.request, { onExcessProperty: "error", errors: "first" }),
      encode: Schema.encode(endpoint.data),
      answer: handlers.get(endpoint) ?? generated(endpoint, options.anchor),
      spell: Spelling.make(endpoint.request)
    })
  }

  const serve = (
    request: HttpServerRequest.HttpServerRequest,
    now: number
  ): Effect.Effect<{ status: number; body: string }, never> =>
    Effect.gen(function*() {
      const raw = request.url
      const mark = raw.indexOf("?")
      const path = mark === -1 ? raw : raw.slice(0, mark)
      const query = mark === -1 ? "" : raw.slice(mark + 1)
      const route = routes.get(`${request.method} ${path}`)
      if (route === undefined) return yield* reject(codes.urlNotFound, "Request URL NOT FOUND", 404)
      const endpoint = route.endpoint
      const body = request.method === "GET" ? "" : yield* Effect.orElseSucceed(request.text, () => "")
      let account: Account | undefined
      const ip = request.remoteAddress._tag === "Some" ? request.remoteAddress.value : "local"
      if (endpoint.signed) {
        account = yield* Auth.verify(options.keys, {
          method: request.method,
          path,
          query,
          body,
          header: (name) => request.headers[name]
        }, now)
        const key = options.keys.get(account.apiKey)
        const refusal = Permissions.check(endpoint, key, options.accounts?.accounts.get(account.uid), ip)
        if (refusal !== undefined) return yield* refusal
        const wrongMode = Mode.check(endpoint, options.accounts?.accounts.get(account.uid))
        if (wrongMode !== undefined) return yield* wrongMode
      }
      if (!options.limits.allow(endpoint, account?.uid, ip, now)) {
        return yield* reject(codes.tooMany, "Too Many Requests", 429)
      }
      let wire: Record<string, unknown>
      if (request.method === "GET") {
        wire = Object.fromEntries(new URLSearchParams(query))
      } else {
        try {
          wire = body === "" ? {} : JSON.parse(body)
        } catch {
          return yield* reject(codes.parameter, "Request body is not valid JSON")
        }
      }
      for (const key of ignored[endpoint.name] ?? []) delete wire[key]
      yield* checkList(endpoint, wire)
      const decoded = yield* route.decode(route.spell(wire)).pipe(
        // The field and what is wrong with it, as the client's own refusals say (not the schema).
        Effect.catchAll((error) => reject(codes.parameter, `Parameter verification failed: ${reason(error)}`))
      )
      const signedIn = account
      const demo = request.headers.paptrading === "1"
      // A unified account's demo side is an account of its own (`Accounts.openDemo`): V3 routes act on it.
      const demoSide = demo && account !== undefined ? options.accounts?.demoOf(account.uid) : undefined
      const acting = demoSide === undefined ? account : { ...account!, uid: demoSide }
      const data = yield* route.answer(decoded, { account: acting, now, demo }).pipe(
        Effect.ensuring(Effect.sync(() => signedIn !== undefined && options.served?.(signedIn.uid)))
      )
      const encoded = yield* route.encode(data).pipe(Effect.orDie)
      return { status: 200, body: envelope("00000", "success", WireTypes.apply(endpoint.name, encoded), now) }
    }).pipe(
      Effect.catchAll((rejection: Rejection) =>
        Effect.succeed({ status: rejection.status, body: envelope(rejection.code, rejection.msg, null, now) })
      ),
      Effect.catchAllDefect((defect) =>
        Effect.succeed({
          status: 500,
          body: envelope(codes.serviceError, `simulator defect: ${String(defect)}`, null, now)
        })
      )
    )

  return Effect.gen(function*() {
    const request = yield* HttpServerRequest.HttpServerRequest
    const mark = request.url.indexOf("?")
    const key = `${request.method} ${mark === -1 ? request.url : request.url.slice(0, mark)}`
    options.traffic.record(key)
    const now = (yield* Clock.currentTimeMillis) + options.faults.settings.clockSkewMillis
    const latency = options.faults.settings.latencyMillis
    if (latency > 0) yield* Effect.sleep(Duration.millis(latency))
    const fault = options.faults.next(key, routes.get(key)?.endpoint.name)
    if (fault !== undefined) {
      switch (fault._tag) {
        case "ServerError":
          return HttpServerResponse.text(html(fault.status), { status: fault.status, contentType: "text/html" })
        case "Malformed":
          return HttpServerResponse.text("{\"code\":\"00000\",\"msg\":\"success\",\"data\":[{\"sym", {
            status: 200,
            contentType: "application/json"
          })
        case "Drop":
          NodeHttpServerRequest.toIncomingMessage(request).socket.destroy()
          return HttpServerResponse.empty({ status: 500 })
        case "TooMany":
          return HttpServerResponse.text(envelope(codes.tooMany, "Too Many Requests", null, now), {
            status: 429,
            contentType: "application/json"
          })
        case "Answer":
          return HttpServerResponse.text(envelope(fault.code, fault.msg, null, now), {
            status: fault.status ?? 400,
            contentType: "application/json"
          })
      }
    }
    const answer = yield* serve(request, now)
    return HttpServerResponse.text(answer.body, { status: answer.status, contentType: "application/json" })
  })
}
