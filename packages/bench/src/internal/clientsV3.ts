/**
 * The clients of the V3 case (unified accounts): a signed 1-row GET (`account/assets`), a signed
 * 100-row GET (`trade/fills`) and a placement (`trade/place-order`, a signed POST with a fresh
 * `clientOid` each time), against the canned server.
 * - `raw-http`: our HMAC + node:http keep-alive + `JSON.parse` (the floor);
 * - `effect-bitget`: `@effect-bitget/unified`, full decode (the placement with its clientOid
 *   bookkeeping, as users run it);
 * - `bitget-api`: its `RestClientV3`;
 * - `ccxt`: bitget's implicit `uta` methods, rate limiting off.
 */
import * as Account from "@effect-bitget/unified/Account"
import * as Trade from "@effect-bitget/unified/Trade"
import { RestClientV3 } from "bitget-api"
import * as Effect from "effect/Effect"
import * as Crypto from "node:crypto"
import * as Http from "node:http"
import { check, type Client, drive, driveEffect, makeCcxt, signedHeaders } from "./clients.js"
import * as Ours from "./ours.js"

export type V3Call = "v3assets" | "v3fills" | "v3place"

const ASSETS = "/api/v3/account/assets"
const FILLS = "/api/v3/trade/fills"
const PLACE = "/api/v3/trade/place-order"
const FILLS_QUERY = "category=SPOT"

/** The order every client places (a fresh clientOid each time, as a careful caller sends). */
const order = () => ({
  category: "SPOT",
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  qty: "0.001",
  price: "30000",
  clientOid: Crypto.randomUUID().replace(/-/g, "")
})

/** Rows each call answers: the 1-row and 100-row GETs, one order placed. */
export const rows = (call: V3Call): number => call === "v3fills" ? 100 : 1

const rowsOf = (body: unknown): number => {
  const data = (body as { data?: Record<string, unknown> }).data
  if (data === undefined || data === null) return -1
  if (Array.isArray(data.assets)) return data.assets.length
  if (Array.isArray(data.list)) return data.list.length
  return typeof data.orderId === "string" ? 1 : -1
}

export const rawHttp = (baseUrl: string): Client<V3Call> => {
  const url = new URL(baseUrl)
  const agent = new Http.Agent({ keepAlive: true })
  const send = (method: "GET" | "POST", path: string, query: string, body: string) =>
    new Promise<unknown>((resolve, reject) => {
      const request = Http.request({
        host: url.hostname,
        port: url.port,
        method,
        path: query === "" ? path : path + "?" + query,
        headers: body === ""
          ? signedHeaders(method, path, query, body)
          : { ...signedHeaders(method, path, query, body), "Content-Length": String(Buffer.byteLength(body)) },
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
      request.end(body)
    })
  const call = (which: V3Call) =>
    which === "v3assets"
      ? send("GET", ASSETS, "", "")
      : which === "v3fills"
      ? send("GET", FILLS, FILLS_QUERY, "")
      : send("POST", PLACE, "", JSON.stringify(order()))
  return {
    name: "raw-http",
    once: (which) => call(which).then(rowsOf),
    run: (which, concurrency, millis) => drive(() => call(which), concurrency, millis),
    close: async () => agent.destroy()
  }
}

export const effectBitget = (baseUrl: string, name: string): Client<V3Call> => {
  const runtime = Ours.runtime(baseUrl, Ours.recommended, "none")
  // The library gives each order a fresh clientOid itself; the others are given one.
  const { clientOid: _, ...placed } = order()
  const request = placed as Trade.PlaceOrderRequest
  const effect = (which: V3Call): Effect.Effect<number, unknown, any> =>
    which === "v3assets"
      ? Effect.map(Account.assets(), (data) => data.assets.length)
      : which === "v3fills"
      ? Effect.map(Trade.fills({ category: "SPOT" }), (data) => data.list.length)
      : Effect.map(Trade.placeOrder(request), (data) => data.orderId === undefined ? 0 : 1)
  return {
    name,
    once: (which) => runtime.runPromise(effect(which)),
    run: (which, concurrency, millis) => driveEffect(runtime, effect(which), concurrency, millis),
    close: () => runtime.dispose()
  }
}

/** bitget-api's `RestClientV3`, with a keep-alive agent for plain http. */
export const bitgetApi = (baseUrl: string): Client<V3Call> => {
  const client = new RestClientV3({
    apiKey: Ours.credentials.apiKey,
    apiSecret: Ours.credentials.secret,
    apiPass: Ours.credentials.passphrase,
    baseUrl
  }, { httpAgent: new Http.Agent({ keepAlive: true }) })
  const call = (which: V3Call): Promise<unknown> =>
    which === "v3assets"
      ? client.getBalances()
      : which === "v3fills"
      ? client.getTradeFills({ category: "SPOT" })
      : client.submitNewOrder(order() as Parameters<typeof client.submitNewOrder>[0])
  return {
    name: "bitget-api",
    once: (which) => call(which).then(rowsOf),
    run: (which, concurrency, millis) => drive(() => call(which), concurrency, millis),
    close: async () => {}
  }
}

/** ccxt's implicit `uta` methods (its unified-account API), every host pointed at the canned server. */
export const ccxt = (baseUrl: string): Client<V3Call> => {
  const exchange = makeCcxt(baseUrl)
  const call = (which: V3Call): Promise<unknown> =>
    which === "v3assets"
      ? exchange.privateUtaGetV3AccountAssets()
      : which === "v3fills"
      ? exchange.privateUtaGetV3TradeFills({ category: "SPOT" })
      : exchange.privateUtaPostV3TradePlaceOrder(order())
  return {
    name: "ccxt",
    once: (which) => call(which).then(rowsOf),
    run: (which, concurrency, millis) => drive(() => call(which), concurrency, millis),
    close: () => exchange.close()
  }
}
