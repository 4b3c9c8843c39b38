/**
 * The clients under test, each able to call spot account assets and spot fills against the
 * canned server and to run a closed loop of such calls at a given concurrency for a given time.
 * - `raw-http`: our HMAC signing + node:http with a keep-alive agent + `JSON.parse` (the floor);
 * - `raw-fetch`: the same over global fetch;
 * - `effect-bitget` (one per transport): this library, full decode into typed values;
 * - `bitget-api`: `RestClientV2` (axios);
 * - `ccxt`: bitget's implicit V2 methods, rate limiting off.
 * Two references split the distance between the floor and this library: `ref/undici` (undici's
 * own `request`, the engine under the recommended transport) and `ref/effect-http` (a bare
 * `@effect/platform` HttpClient GET over that transport + `JSON.parse`, no Bitget logic).
 */
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Account from "@effect-bitget/spot/Account"
import * as Trade from "@effect-bitget/spot/Trade"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { RestClientV2 } from "bitget-api"
import { bitget } from "ccxt"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Http from "node:http"
import { performance } from "node:perf_hooks"
import * as Undici from "undici"
import * as Ours from "./ours.js"

export type Call = "assets" | "fills"

/** A client of the calls `C` (V2's by default; V3's in `clientsV3.ts`). */
export interface Client<C extends string = Call> {
  readonly name: string
  /** One call; resolves with the number of rows received (a sanity check of every client). */
  readonly once: (call: C) => Promise<number>
  /** `concurrency` callers in a closed loop for `millis`; resolves with the calls completed. */
  readonly run: (call: C, concurrency: number, millis: number) => Promise<number>
  readonly close: () => Promise<void>
}

const ASSETS = "/api/v2/spot/account/assets"
const FILLS = "/api/v2/spot/trade/fills"
/** The fills request every client sends. */
const FILLS_QUERY = "symbol=BTCUSDT"

/** A closed loop of promise-returning calls. */
export const drive = async (call: () => Promise<unknown>, concurrency: number, millis: number): Promise<number> => {
  const end = performance.now() + millis
  let count = 0
  const worker = async () => {
    while (performance.now() < end) {
      await call()
      count++
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return count
}

const rowsOf = (body: unknown): number => {
  const data = (body as { data?: unknown }).data
  return Array.isArray(data) ? data.length : -1
}

export const signedHeaders = (method: string, path: string, query: string, body = ""): Record<string, string> => {
  const timestamp = String(Date.now())
  return {
    "ACCESS-KEY": Ours.credentials.apiKey,
    "ACCESS-SIGN": HttpSigner.hmac(Ours.credentials.secret, { timestamp, method, path, query, body }),
    "ACCESS-TIMESTAMP": timestamp,
    "ACCESS-PASSPHRASE": Ours.credentials.passphrase,
    "Content-Type": "application/json",
    locale: "en-US"
  }
}

export const check = (body: { code?: unknown }) => {
  if (body.code !== "00000") throw new Error(`unexpected envelope code ${String(body.code)}`)
  return body
}

/** The floor: node:http, keep-alive agent, our HMAC, `JSON.parse`. */
export const rawHttp = (baseUrl: string): Client => {
  const url = new URL(baseUrl)
  const agent = new Http.Agent({ keepAlive: true })
  const get = (path: string, query: string) =>
    new Promise<unknown>((resolve, reject) => {
      const request = Http.request({
        host: url.hostname,
        port: url.port,
        method: "GET",
        path: query === "" ? path : path + "?" + query,
        headers: signedHeaders("GET", path, query),
        agent
      }, (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => {
          try {
            resolve(check(JSON.parse(Buffer.concat(chunks).toString("utf8"))))
          } catch (error) {
            reject(error)
          }
        })
        response.on("error", reject)
      })
      request.on("error", reject)
      request.end()
    })
  const call = (which: Call) => which === "assets" ? get(ASSETS, "") : get(FILLS, FILLS_QUERY)
  return {
    name: "raw-http",
    once: (which) => call(which).then(rowsOf),
    run: (which, concurrency, millis) => drive(() => call(which), concurrency, millis),
    close: async () => agent.destroy()
  }
}

/** The same over global fetch. */
export const rawFetch = (baseUrl: string): Client => {
  const get = async (path: string, query: string) => {
    const response = await fetch(baseUrl + path + (query === "" ? "" : "?" + query), {
      headers: signedHeaders("GET", path, query)
    })
    return check(JSON.parse(await response.text()))
  }
  const call = (which: Call) => which === "assets" ? get(ASSETS, "") : get(FILLS, FILLS_QUERY)
  return {
    name: "raw-fetch",
    once: (which) => call(which).then(rowsOf),
    run: (which, concurrency, millis) => drive(() => call(which), concurrency, millis),
    close: async () => {}
  }
}

/** undici's own `request` over a keep-alive Agent: what the recommended transport is built on. */
export const refUndici = (baseUrl: string): Client => {
  const agent = new Undici.Agent()
  const get = async (path: string, query: string) => {
    const response = await Undici.request(baseUrl + path + (query === "" ? "" : "?" + query), {
      headers: signedHeaders("GET", path, query),
      dispatcher: agent
    })
    return check(JSON.parse(await response.body.text()))
  }
  const call = (which: Call) => which === "assets" ? get(ASSETS, "") : get(FILLS, FILLS_QUERY)
  return {
    name: "ref/undici",
    once: (which) => call(which).then(rowsOf),
    run: (which, concurrency, millis) => drive(() => call(which), concurrency, millis),
    close: () => agent.close()
  }
}

/** A closed loop of `call` inside `runtime`: `concurrency` fibers until the time is up. */
export const driveEffect = <R>(
  runtime: ManagedRuntime.ManagedRuntime<R, never>,
  call: Effect.Effect<unknown, unknown, R>,
  concurrency: number,
  millis: number
): Promise<number> => {
  let count = 0
  const loop = Effect.suspend(() => {
    const end = performance.now() + millis
    return Effect.whileLoop({
      while: () => performance.now() < end,
      body: () => call,
      step: () => {
        count++
      }
    })
  })
  return runtime.runPromise(
    Effect.forEach(Array.from({ length: concurrency }), () => loop, { concurrency: "unbounded", discard: true })
  ).then(() => count)
}

/** A bare `@effect/platform` HttpClient GET over `transport`, our signing, `JSON.parse`. */
export const refEffectHttp = (baseUrl: string): Client => {
  const runtime = ManagedRuntime.make(Layer.mergeAll(Ours.httpClients.undici))
  const get = (path: string, query: string) =>
    Effect.flatMap(HttpClient.HttpClient, (http) =>
      http.execute(
        HttpClientRequest.get(baseUrl + path + (query === "" ? "" : "?" + query), {
          headers: signedHeaders("GET", path, query)
        })
      ).pipe(
        Effect.flatMap((response) => response.text),
        Effect.map((text) => check(JSON.parse(text)))
      ))
  const effect = (which: Call) => which === "assets" ? get(ASSETS, "") : get(FILLS, FILLS_QUERY)
  return {
    name: "ref/effect-http",
    once: (which) => runtime.runPromise(effect(which)).then(rowsOf),
    run: (which, concurrency, millis) => driveEffect(runtime, effect(which), concurrency, millis),
    close: () => runtime.dispose()
  }
}

/** This library over `transport`: the loop runs inside one runtime, as an Effect program would. */
export const effectBitget = (
  baseUrl: string,
  transport: Ours.Transport,
  name = `effect-bitget/${transport}`
): Client => {
  const runtime = Ours.runtime(baseUrl, transport, "none")
  const effect = (which: Call): Effect.Effect<ReadonlyArray<unknown>, unknown, any> =>
    which === "assets" ? Account.assets() : Trade.fills({ symbol: "BTCUSDT" })
  return {
    name,
    once: (which) => runtime.runPromise(effect(which)).then((rows) => rows.length),
    run: (which, concurrency, millis) => driveEffect(runtime, effect(which), concurrency, millis),
    close: () => runtime.dispose()
  }
}

/** bitget-api's `RestClientV2`, with a keep-alive agent for plain http. */
export const bitgetApi = (baseUrl: string): Client => {
  const client = new RestClientV2({
    apiKey: Ours.credentials.apiKey,
    apiSecret: Ours.credentials.secret,
    apiPass: Ours.credentials.passphrase,
    baseUrl
  }, { httpAgent: new Http.Agent({ keepAlive: true }) })
  const call = (which: Call): Promise<unknown> =>
    which === "assets" ? client.getSpotAccountAssets() : client.getSpotFills({ symbol: "BTCUSDT" })
  return {
    name: "bitget-api",
    once: (which) => call(which).then(rowsOf),
    run: (which, concurrency, millis) => drive(() => call(which), concurrency, millis),
    close: async () => {}
  }
}

/** ccxt's bitget with every REST host pointed at the canned server and rate limiting off. */
export const makeCcxt = (baseUrl: string) => {
  const exchange = new bitget({
    apiKey: Ours.credentials.apiKey,
    secret: Ours.credentials.secret,
    password: Ours.credentials.passphrase,
    enableRateLimit: false
  })
  const urls = exchange.urls as { api: Record<string, string> }
  urls.api = Object.fromEntries(Object.keys(urls.api).map((key) => [key, baseUrl]))
  return exchange
}

export const ccxt = (baseUrl: string): Client => {
  const exchange = makeCcxt(baseUrl)
  const call = (which: Call): Promise<unknown> =>
    which === "assets"
      ? exchange.privateSpotGetV2SpotAccountAssets()
      : exchange.privateSpotGetV2SpotTradeFills({ symbol: "BTCUSDT" })
  return {
    name: "ccxt",
    once: (which) => call(which).then(rowsOf),
    run: (which, concurrency, millis) => drive(() => call(which), concurrency, millis),
    close: () => exchange.close()
  }
}

/**
 * A client by the name the tools take on their command line: raw-http, raw-fetch, bitget-api,
 * ccxt, ref/undici, ref/effect-http, or effect-bitget/<transport>.
 */
export const byName = (name: string, baseUrl: string): Client => {
  if (name.startsWith("effect-bitget/")) {
    return effectBitget(baseUrl, name.slice("effect-bitget/".length) as Ours.Transport)
  }
  const make = ({
    "raw-http": rawHttp,
    "raw-fetch": rawFetch,
    "bitget-api": bitgetApi,
    ccxt,
    "ref/undici": refUndici,
    "ref/effect-http": refEffectHttp
  } as Record<string, ((baseUrl: string) => Client) | undefined>)[name]
  if (make === undefined) throw new Error(`unknown client ${name}`)
  return make(baseUrl)
}
