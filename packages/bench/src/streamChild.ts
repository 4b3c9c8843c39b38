/**
 * One streaming run of case 4, in its own process so each size has its own peak RSS: walks the
 * canned server's endless fills history through `Trade.fills.items` (or, as the floor, a plain
 * node:http paging loop) for a given number of rows, sampling RSS as it goes, and reports to the
 * parent over IPC. Args: `<baseUrl> <rows> <effect-bitget|raw-http> [transport]`.
 *
 * Each client's library is loaded and its client built before the clock starts (node:http by its
 * import, this library's runtime by building its layers), as cases 1 and 2 measure calls and not
 * setup; the first call's own work (the endpoint's schemas, its decoder) is timed. The time and CPU
 * at half the rows are reported too: the second half's pace is the walk's once the JIT has warmed
 * up (FINDINGS §25: this library's first ≈ 200k rows cost about twice its later ones).
 */
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Trade from "@effect-bitget/spot/Trade"
import * as Stream from "effect/Stream"
import * as Http from "node:http"
import * as Ours from "./internal/ours.js"

const [baseUrl = "", rowsArg = "0", client = "effect-bitget", transport = "undici"] = process.argv.slice(2)
const target = Number(rowsArg)
const half = Math.floor(target / 2)

/** When the walk started (set just before it). */
let start = 0
let cpu = process.cpuUsage()
/** Wall ms and CPU µs when the walk has passed `half` rows (read by both loops at that row). */
let halfway: { millis: number; cpuMicros: number } | undefined
const reached = (seen: number) => {
  if (halfway === undefined && seen >= half) {
    const used = process.cpuUsage(cpu)
    halfway = { millis: performance.now() - start, cpuMicros: used.user + used.system }
  }
}

let peak = process.memoryUsage().rss
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss)
}, 10)

/** The floor: pages of 100 over node:http with our signing, `JSON.parse`, cursor fed back. */
const rawPaging = async (): Promise<string> => {
  const url = new URL(baseUrl)
  const agent = new Http.Agent({ keepAlive: true })
  const path = "/api/v2/spot/trade/fills"
  let cursor: string | undefined
  let seen = 0
  let last = ""
  while (seen < target) {
    const query = "limit=100&symbol=BTCUSDT" + (cursor === undefined ? "" : `&idLessThan=${cursor}`)
    const timestamp = String(Date.now())
    const body = await new Promise<string>((resolve, reject) => {
      const request = Http.request({
        host: url.hostname,
        port: url.port,
        path: `${path}?${query}`,
        agent,
        headers: {
          "ACCESS-KEY": Ours.credentials.apiKey,
          "ACCESS-SIGN": HttpSigner.hmac(Ours.credentials.secret, { timestamp, method: "GET", path, query, body: "" }),
          "ACCESS-TIMESTAMP": timestamp,
          "ACCESS-PASSPHRASE": Ours.credentials.passphrase
        }
      }, (response) => {
        const chunks: Array<Buffer> = []
        response.on("data", (chunk: Buffer) => chunks.push(chunk))
        response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")))
      })
      request.on("error", reject)
      request.end()
    })
    const rows = (JSON.parse(body) as { data: Array<{ tradeId: string }> }).data
    if (rows.length === 0) break
    const take = Math.min(rows.length, target - seen)
    seen += take
    reached(seen)
    last = rows[take - 1]!.tradeId
    cursor = rows[rows.length - 1]!.tradeId
  }
  agent.destroy()
  return last
}

const runtime = client === "raw-http" ? undefined : Ours.runtime(baseUrl, transport as Ours.Transport, "none")
// Built now (undici loaded, its pool made): setup, as node:http's loading above is.
await runtime?.runtime()

const ours = async (): Promise<string> => {
  let seen = 0
  // Counted in the fold: no stream stage added to the walk.
  const last = await runtime!.runPromise(
    Trade.fills.items({ symbol: "BTCUSDT" }).pipe(
      Stream.take(target),
      Stream.runFold("", (_, fill) => {
        if (++seen === half) reached(seen)
        return fill.tradeId
      })
    )
  )
  await runtime!.dispose()
  return last
}

start = performance.now()
cpu = process.cpuUsage()
const last = await (client === "raw-http" ? rawPaging() : ours())
const used = process.cpuUsage(cpu)
const millis = performance.now() - start
clearInterval(sampler)
peak = Math.max(peak, process.memoryUsage().rss)
// Two full collections with a pause between: finalizers and closed sockets free memory late.
const gc = (globalThis as { gc?: () => void }).gc
gc?.()
await new Promise((resolve) => setTimeout(resolve, 100))
gc?.()
process.send!({
  rows: target,
  millis,
  cpuMicros: used.user + used.system,
  peakRss: peak,
  maxRss: process.resourceUsage().maxRSS * 1024,
  heapAfterGc: process.memoryUsage().heapUsed,
  lastId: last,
  halfMillis: halfway?.millis ?? millis,
  halfCpuMicros: halfway?.cpuMicros ?? used.user + used.system
})
process.disconnect()
