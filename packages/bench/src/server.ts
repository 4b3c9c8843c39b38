/**
 * The canned Bitget server, run in its own process so its CPU is not counted against the
 * clients: node:http on 127.0.0.1, port 0, answering fixed bodies without checking signatures.
 * `--limit N` enforces N requests per second (fixed windows aligned to the second) on spot
 * account assets and answers HTTP 429 beyond it, as the exchange does. It tells its parent the
 * port over IPC; `GET /__bench/stats` returns what it served (and rejected) since the last
 * `GET /__bench/reset`.
 */
import * as Http from "node:http"
import * as Canned from "./internal/canned.js"

const limitArg = process.argv.indexOf("--limit")
const limit = limitArg === -1 ? undefined : Number(process.argv[limitArg + 1])

const LIMITED = "/api/v2/spot/account/assets"
const FILLS = "/api/v2/spot/trade/fills"

let served = 0
let rejected = 0
let unknown: Record<string, number> = {}
let window = 0
let inWindow = 0

const json = (res: Http.ServerResponse, status: number, body: string) => {
  res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) })
  res.end(body)
}

/** The value of `name` in a query string, without building a URL object. */
const param = (query: string, name: string): string | undefined => {
  for (const part of query.split("&")) {
    const eq = part.indexOf("=")
    if (eq !== -1 && part.slice(0, eq) === name) return decodeURIComponent(part.slice(eq + 1))
  }
  return undefined
}

const server = Http.createServer((req, res) => {
  const url = req.url ?? "/"
  const q = url.indexOf("?")
  const path = q === -1 ? url : url.slice(0, q)
  const query = q === -1 ? "" : url.slice(q + 1)
  // Drain any body (POSTs of peers' startup calls) before answering.
  req.resume()
  const now = Date.now()
  switch (path) {
    case LIMITED: {
      if (limit !== undefined) {
        const current = Math.floor(now / 1000)
        if (current !== window) {
          window = current
          inWindow = 0
        }
        if (++inWindow > limit) {
          rejected++
          return json(res, 429, Canned.tooMany(now))
        }
      }
      served++
      return json(res, 200, Canned.assets)
    }
    case FILLS: {
      served++
      const cursor = param(query, "idLessThan")
      if (cursor === undefined) return json(res, 200, Canned.fills)
      const size = Number(param(query, "limit") ?? "100")
      return json(res, 200, Canned.fillsPage(Number(cursor), Math.min(100, size)))
    }
    // V3 (unified account): account assets, fills (cursor from the previous page), a placement.
    case "/api/v3/account/assets":
      served++
      return json(res, 200, Canned.v3Assets)
    case "/api/v3/trade/fills": {
      served++
      const cursor = param(query, "cursor")
      if (cursor === undefined) return json(res, 200, Canned.v3Fills)
      const size = Number(param(query, "limit") ?? "100")
      return json(res, 200, Canned.v3FillsPage(Number(cursor), Math.min(100, size)))
    }
    case "/api/v3/trade/place-order":
      served++
      return json(res, 200, Canned.v3Placed)
    case "/api/v2/public/time":
      served++
      return json(res, 200, Canned.serverTime(now))
    case "/__bench/stats":
      return json(res, 200, JSON.stringify({ served, rejected, unknown }))
    case "/__bench/reset":
      served = 0
      rejected = 0
      unknown = {}
      return json(res, 200, "{}")
    default:
      unknown[`${req.method} ${path}`] = (unknown[`${req.method} ${path}`] ?? 0) + 1
      return json(res, 404, Canned.notFound(now))
  }
})
server.keepAliveTimeout = 120_000
server.headersTimeout = 130_000
server.listen(0, "127.0.0.1", () => {
  const address = server.address()
  const port = typeof address === "object" && address !== null ? address.port : 0
  if (process.send) process.send({ port })
  else console.log(JSON.stringify({ port }))
})
process.on("disconnect", () => process.exit(0))
