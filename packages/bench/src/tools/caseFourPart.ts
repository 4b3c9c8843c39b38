/**
 * One mode of `caseFourParts.ts` in its own process: `<baseUrl> <rows> <mode>`; reports CPU and
 * wall time and the last id over IPC.
 */
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as CoreTransport from "@effect-bitget/core/Transport"
import * as Trade from "@effect-bitget/spot/Trade"
import * as Effect from "effect/Effect"
import * as Stream from "effect/Stream"
import * as Http from "node:http"
import { constants, PerformanceObserver } from "node:perf_hooks"
import * as Undici from "undici"
import * as Ours from "../internal/ours.js"

const [baseUrl = "", rowsArg = "0", mode = "http"] = process.argv.slice(2)
const target = Number(rowsArg)
const path = "/api/v2/spot/trade/fills"
const { apiKey, passphrase, secret } = Ours.credentials

/** The headers this library sends on a signed GET (BitgetClient's literal, same order). */
const oursHeaders = (query: string) => {
  const timestamp = String(Date.now())
  return {
    "Content-Type": "application/json",
    locale: "en-US",
    "ACCESS-KEY": apiKey,
    "ACCESS-SIGN": HttpSigner.hmac(secret, { timestamp, method: "GET", path, query, body: "" }),
    "ACCESS-TIMESTAMP": timestamp,
    "ACCESS-PASSPHRASE": passphrase
  }
}

/** The raw loop with the page's body text fetched by `get`. */
const loop = async (get: (query: string) => Promise<string>): Promise<string> => {
  let cursor: string | undefined
  let seen = 0
  let last = ""
  while (seen < target) {
    const query = (cursor === undefined ? "" : `idLessThan=${cursor}&`) + "limit=100&symbol=BTCUSDT"
    const rows = (JSON.parse(await get(query)) as { data: Array<{ tradeId: string }> }).data
    if (rows.length === 0) break
    const take = Math.min(rows.length, target - seen)
    seen += take
    last = rows[take - 1]!.tradeId
    cursor = rows[rows.length - 1]!.tradeId
  }
  return last
}

const url = new URL(baseUrl)

const http = async () => {
  const agent = new Http.Agent({ keepAlive: true })
  const last = await loop((query) =>
    new Promise<string>((resolve, reject) => {
      const request = Http.request(
        { host: url.hostname, port: url.port, path: `${path}?${query}`, agent, headers: oursHeaders(query) },
        (response) => {
          const chunks: Array<Buffer> = []
          response.on("data", (chunk: Buffer) => chunks.push(chunk))
          response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
        }
      )
      request.on("error", reject)
      request.end()
    })
  )
  agent.destroy()
  return last
}

/** A bare dispatch handler: the chunks gathered, the text made at the end. */
const dispatchLoop = async (dispatcher: Undici.Dispatcher) => {
  const last = await loop((query) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Array<Buffer> = []
      dispatcher.dispatch({ origin: baseUrl, path: `${path}?${query}`, method: "GET", headers: oursHeaders(query) }, {
        onRequestStart() {},
        onResponseStart() {},
        onResponseData(_controller, chunk) {
          chunks.push(chunk)
        },
        onResponseEnd() {
          resolve((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString("utf8"))
        },
        onResponseError(_controller, error) {
          reject(error)
        }
      })
    })
  )
  await dispatcher.close()
  return last
}

const agentOptions = { connections: 64, keepAliveTimeout: 4_000, connectTimeout: 10_000 }

const transport = async () => {
  const agent = new Undici.Agent(agentOptions)
  const send = CoreTransport.fromUndici(agent).send
  const last = await loop((query) =>
    Effect.runPromise(
      Effect.map(
        send({
          endpoint: "bench",
          method: "GET",
          url: `${baseUrl}${path}?${query}`,
          headers: oursHeaders(query),
          body: ""
        }),
        (response) => response.body
      )
    )
  )
  await agent.close()
  return last
}

/** core's transport in one fiber: a loop of `send`, as a walk runs it. */
const transportLoop = async () => {
  const agent = new Undici.Agent(agentOptions)
  const send = CoreTransport.fromUndici(agent).send
  const last = await Effect.runPromise(Effect.gen(function*() {
    let cursor: string | undefined
    let seen = 0
    let last = ""
    while (seen < target) {
      const query = (cursor === undefined ? "" : `idLessThan=${cursor}&`) + "limit=100&symbol=BTCUSDT"
      const response = yield* send({
        endpoint: "bench",
        method: "GET",
        url: `${baseUrl}${path}?${query}`,
        headers: oursHeaders(query),
        body: ""
      })
      const rows = (JSON.parse(response.body) as { data: Array<{ tradeId: string }> }).data
      if (rows.length === 0) break
      const take = Math.min(rows.length, target - seen)
      seen += take
      last = rows[take - 1]!.tradeId
      cursor = rows[rows.length - 1]!.tradeId
    }
    return last
  }))
  await agent.close()
  return last
}

const calls = async () => {
  const runtime = Ours.runtime(baseUrl, "undici", "none")
  const last = await runtime.runPromise(Effect.gen(function*() {
    let cursor: string | undefined
    let seen = 0
    let last = ""
    while (seen < target) {
      const rows = yield* Trade.fills(
        cursor === undefined ? { symbol: "BTCUSDT", limit: 100 } : { symbol: "BTCUSDT", limit: 100, idLessThan: cursor }
      )
      if (rows.length === 0) break
      const take = Math.min(rows.length, target - seen)
      seen += take
      last = rows[take - 1]!.tradeId
      cursor = rows[rows.length - 1]!.tradeId
    }
    return last
  }))
  await runtime.dispose()
  return last
}

const ours = async () => {
  const runtime = Ours.runtime(baseUrl, "undici", "none")
  const last = await runtime.runPromise(
    Trade.fills.items({ symbol: "BTCUSDT" }).pipe(Stream.take(target), Stream.runFold("", (_, fill) => fill.tradeId))
  )
  await runtime.dispose()
  return last
}

const modes: Record<string, () => Promise<string>> = {
  http,
  undici: () => dispatchLoop(new Undici.Agent(agentOptions)),
  undici1: () => dispatchLoop(new Undici.Client(baseUrl, { keepAliveTimeout: 4_000 })),
  transport,
  transportLoop,
  calls,
  ours
}

// Collections by kind (count, ms of pause) during the walk.
const gcs = { minor: 0, minorMs: 0, major: 0, majorMs: 0 }
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const kind = (entry as unknown as { detail: { kind: number } }).detail.kind
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
      gcs.minor++
      gcs.minorMs += entry.duration
    } else {
      gcs.major++
      gcs.majorMs += entry.duration
    }
  }
})
observer.observe({ entryTypes: ["gc"] })
const start = performance.now()
const cpu = process.cpuUsage()
const last = await modes[mode]!()
const used = process.cpuUsage(cpu)
const millis = performance.now() - start
await new Promise((resolve) => setTimeout(resolve, 10))
observer.disconnect()
process.send!({ millis, cpuMicros: used.user + used.system, lastId: last, gcs })
process.disconnect()
