/**
 * Case 4's page, piece by piece, in one process: what each step between the answer's text and the
 * decoded rows costs, and what the request side costs, CPU µs per 100-row page (median of rounds,
 * interleaved). Pieces: `json` (`JSON.parse` of the body), `envelope` (core's `Envelope.parse`),
 * `decode` (the compiled decoder on the parsed data), `encode` (the request: `Request.encode`,
 * the checks, the query string), `sign` (the HMAC signature), `call` (a whole `Trade.fills` call over
 * a transport answering at once), `callAsync` (the same, answered after a macrotask).
 * Usage: `tsx src/tools/pageCost.ts [pages=3000] [rounds=7] [pieces=all]`
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as Envelope from "@effect-bitget/core/Envelope"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import { check } from "@effect-bitget/core/internal/checks"
import * as FastDecode from "@effect-bitget/core/internal/fastDecode"
import * as FastEncode from "@effect-bitget/core/internal/fastEncode"
import * as Request from "@effect-bitget/core/internal/request"
import { queryString } from "@effect-bitget/core/internal/wire"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Transport from "@effect-bitget/core/Transport"
import * as Trade from "@effect-bitget/spot/Trade"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import type * as ParseResult from "effect/ParseResult"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import * as Canned from "../internal/canned.js"
import { median } from "../internal/stats.js"

const [pagesArg = "3000", roundsArg = "7", piecesArg = "json,envelope,decode,encode,sign,call,callAsync"] = process
  .argv.slice(2)
const pages = Number(pagesArg)
const rounds = Number(roundsArg)
const pieces = piecesArg.split(",")

// Distinct bodies (as the server sends: ids differ page to page), made before any timing.
const bodies = Array.from({ length: 64 }, (_, i) => Canned.fillsPage(Canned.FIRST_ID - i * 100, 100))
const parsed = bodies.map((body) => (JSON.parse(body) as { data: unknown }).data)
const endpoint = Lazy.unwrap(Trade.fills.endpoint)
const decode = FastDecode.decoder(endpoint.data)
type Encode = (input: unknown) => Either.Either<{ readonly [key: string]: unknown }, ParseResult.ParseError>
const encode = FastEncode.encoder(
  endpoint.request.ast,
  Schema.encodeUnknownEither(endpoint.request, { errors: "all", onExcessProperty: "error" }) as Encode
) as Encode
const signer = (input: HttpSigner.SignInput) => HttpSigner.hmac("bench-secret", input)

let sink: unknown
let n = 0
/** Each answer a new text, made as the server makes it (`fresh`), or one of 64 made before. */
let fresh = false
/**
 * The page's text as the server builds it is a rope (a string made by `+=`), which `JSON.parse`
 * first flattens into a copy; a socket's text (`Buffer#toString`) is flat. `FRESH=1` makes each
 * answer from a `Buffer` of the server's bytes, as `Transport` does, so only the socket's kind of
 * text is measured (`make` is then the server's text plus that copy; subtract it).
 */
const bodyOf = (i: number) =>
  fresh ? Buffer.from(Canned.fillsPage(Canned.FIRST_ID - i * 100, 100)).toString("utf8") : bodies[i & 63]!
const answering = (later: boolean) =>
  Layer.succeed(Transport.Transport, {
    send: () => {
      const body = bodyOf(n++)
      return later
        ? Effect.async((resume) => void setImmediate(() => resume(Effect.succeed({ status: 200, headers: {}, body }))))
        : Effect.sync(() => ({ status: 200, headers: {}, body }))
    }
  })
const runtimeOf = (later: boolean) =>
  ManagedRuntime.make(
    BitgetClient.layer.pipe(
      Layer.provide(Layer.mergeAll(HttpSigner.layerHmac, Limiter.layerNone, answering(later))),
      Layer.provide(BitgetConfig.layer({
        baseUrl: "http://127.0.0.1:1",
        credentials: { apiKey: Redacted.make("k"), secret: Redacted.make("s"), passphrase: Redacted.make("p") }
      }))
    )
  )
const sync = runtimeOf(false)
const async = runtimeOf(true)

const request = (i: number) => ({ symbol: "BTCUSDT", limit: 100, idLessThan: String(Canned.FIRST_ID - i * 100) })

const runs: Record<string, () => Promise<void> | void> = {
  json: () => {
    for (let i = 0; i < pages; i++) sink = JSON.parse(bodyOf(i))
  },
  make: () => {
    for (let i = 0; i < pages; i++) sink = bodyOf(i)
  },
  envelope: () => {
    for (let i = 0; i < pages; i++) sink = Envelope.parse("spot.trade.fills", 200, bodies[i & 63]!)
  },
  decode: () => {
    for (let i = 0; i < pages; i++) sink = decode(parsed[i & 63])
  },
  encode: () => {
    for (let i = 0; i < pages; i++) {
      const wire = Request.encode(encode, request(i))
      if (wire._tag === "Left") throw new Error(wire.left)
      sink = check(endpoint, wire.right)
      sink = queryString(wire.right)
    }
  },
  sign: () => {
    for (let i = 0; i < pages; i++) {
      sink = signer({
        timestamp: String(1_700_000_000_000 + i),
        method: "GET",
        path: endpoint.path,
        query: `idLessThan=${Canned.FIRST_ID - i * 100}&limit=100&symbol=BTCUSDT`,
        body: ""
      })
    }
  },
  call: () =>
    sync.runPromise(Effect.gen(function*() {
      for (let i = 0; i < pages; i++) sink = yield* Trade.fills(request(i))
    })),
  callAsync: () =>
    async.runPromise(Effect.gen(function*() {
      for (let i = 0; i < pages; i++) sink = yield* Trade.fills(request(i))
    }))
}

fresh = process.env.FRESH === "1"
const cpu = new Map<string, Array<number>>(pieces.map((piece) => [piece, []]))
for (let round = 0; round <= rounds; round++) {
  for (const piece of pieces) {
    const before = process.cpuUsage()
    await runs[piece]!()
    const used = process.cpuUsage(before)
    if (round > 0) cpu.get(piece)!.push((used.user + used.system) / pages)
  }
}
console.log(`${pages} pages of 100 rows a run, CPU µs per page, median of ${rounds} (min–max)`)
for (const [piece, values] of cpu) {
  console.log(
    `${piece.padEnd(9)} ${median(values).toFixed(1).padStart(7)} (${Math.min(...values).toFixed(1)}–${
      Math.max(...values).toFixed(1)
    })`
  )
}
void sink
await sync.dispose()
await async.dispose()
