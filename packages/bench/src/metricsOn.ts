/**
 * `pnpm --filter @effect-bitget/bench bench:metrics`: this library with its metrics off and on, side
 * by side in one run against the canned server (issue 24: "off costs nothing measurable: the bench
 * targets still hold with metrics on"). The cases: V2's 1-row and 100-row signed GETs (cases 1 and
 * 2) and V3's placement (case 7's signed POST), at concurrency 1 and 64, with the floor (raw-http)
 * beside them for the CPU targets. The three clients take turns (off, on, floor, off, on …) over
 * `--rounds` rounds (default 3) of `--millis` ms each (default 1500); figures are medians.
 * Both runtimes are built the way the bench builds `effect-bitget` (undici transport, no
 * client-side limiter: the limiter's own recording is not in these figures), differing only in
 * `metrics`. `--on-first` runs the metrics-on client first in each turn (a client pays for the
 * garbage the one before it left); `--only assets,fills,v3place` runs some of the cases. Writes
 * `results.metrics.json`. `--aa` makes both clients metrics-off: what the method shows of no difference.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as SpotAccount from "@effect-bitget/spot/Account"
import * as SpotTrade from "@effect-bitget/spot/Trade"
import * as UnifiedTrade from "@effect-bitget/unified/Trade"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Redacted from "effect/Redacted"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import * as Url from "node:url"
import * as Throughput from "./cases/throughput.js"
import * as Clients from "./internal/clients.js"
import * as ClientsV3 from "./internal/clientsV3.js"
import * as Ours from "./internal/ours.js"
import * as Spawn from "./internal/spawn.js"

const option = (name: string, fallback: number) => {
  const i = process.argv.indexOf(name)
  return i === -1 ? fallback : Number(process.argv[i + 1])
}
const rounds = option("--rounds", 3)
// `--on-first`: the metrics-on client runs before the off one in each turn (a client pays for the
// garbage the one before it left: swapping the order shows how much of a difference is order).
const onFirst = process.argv.includes("--on-first")
const pair = <A>(off: A, on: A): ReadonlyArray<A> => onFirst ? [on, off] : [off, on]
// `--only assets,fills,v3place`: some of the cases.
const only = (() => {
  const i = process.argv.indexOf("--only")
  return i === -1 ? undefined : new Set(process.argv[i + 1]!.split(","))
})()
const wants = (call: string) => only === undefined || only.has(call)
// `--aa`: both clients with metrics off (an A/A run: the difference the method itself shows).
const on = !process.argv.includes("--aa")
const millis = option("--millis", 1500)
const log = (line: string) => console.error(line)

const OFF = "effect-bitget"
const ON = "effect-bitget+metrics"

/** The bench's `effect-bitget` stack (`Ours.layer`), with `metrics` set. */
const runtime = (baseUrl: string, metrics: boolean) =>
  ManagedRuntime.make(
    BitgetClient.layer.pipe(
      Layer.provide(Layer.mergeAll(HttpSigner.layerHmac, Limiter.layerNone)),
      Layer.provide(BitgetConfig.layer({
        baseUrl,
        credentials: {
          apiKey: Redacted.make(Ours.credentials.apiKey),
          secret: Redacted.make(Ours.credentials.secret),
          passphrase: Redacted.make(Ours.credentials.passphrase)
        },
        metrics
      })),
      Layer.provide(Ours.transports[Ours.recommended])
    )
  )

/** A client running `effect(call)` (resolving with the rows received) in its own runtime. */
const ours = <C extends string>(
  name: string,
  baseUrl: string,
  metrics: boolean,
  effect: (call: C) => Effect.Effect<number, unknown, any>
): Clients.Client<C> => {
  const built = runtime(baseUrl, metrics)
  return {
    name,
    once: (call) => built.runPromise(effect(call)),
    run: (call, concurrency, ms) => Clients.driveEffect(built, effect(call), concurrency, ms),
    close: () => built.dispose()
  }
}

const v2 = (call: Clients.Call) =>
  call === "assets"
    ? Effect.map(SpotAccount.assets(), (rows) => rows.length)
    : Effect.map(SpotTrade.fills({ symbol: "BTCUSDT" }), (rows) => rows.length)

// As case 7 places it: the library gives each order a fresh clientOid itself.
const order: UnifiedTrade.PlaceOrderRequest = {
  category: "SPOT",
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  qty: "0.001",
  price: "30000"
} as UnifiedTrade.PlaceOrderRequest
const place = (_: ClientsV3.V3Call) =>
  Effect.map(UnifiedTrade.placeOrder(order), (data) => data.orderId === undefined ? 0 : 1)

const server = await Spawn.startServer()
const base = server.baseUrl
const concurrencies = [1, 64]
console.log(
  `effect-bitget metrics off / on (${onFirst ? "on" : "off"} first), ${rounds} rounds × ${millis} ms, on ${
    Os.cpus()[0]?.model ?? "unknown"
  }, ` +
    `${Os.cpus().length} cores, load ${Os.loadavg().map((l) => l.toFixed(1)).join(" ")}, Node ${process.version}\n`
)

const v2Calls = (["assets", "fills"] as const).filter(wants)
let v2Figures: ReadonlyArray<Throughput.Figure> = []
if (v2Calls.length > 0) {
  const clients = [...pair(ours(OFF, base, false, v2), ours(ON, base, on, v2)), Clients.rawHttp(base)]
  log(`V2 ${v2Calls.join(", ")}: ${clients.length} clients × ${v2Calls.length * 2} runs × ${rounds} rounds`)
  v2Figures = await Throughput.run(clients, { rounds, millis, concurrencies, calls: v2Calls, log })
  for (const client of clients) await client.close()
}

let v3Figures: ReadonlyArray<Throughput.Figure<ClientsV3.V3Call>> = []
if (wants("v3place")) {
  const clients = [...pair(ours(OFF, base, false, place), ours(ON, base, on, place)), ClientsV3.rawHttp(base)]
  log(`case 7 placement (V3 place-order): ${clients.length} clients × 2 runs × ${rounds} rounds`)
  v3Figures = await Throughput.run(clients, {
    rounds,
    millis,
    concurrencies,
    calls: ["v3place"],
    rows: ClientsV3.rows,
    log
  })
  for (const client of clients) await client.close()
}
server.close()

const figures: ReadonlyArray<Throughput.Figure<string>> = [...v2Figures, ...v3Figures]
const titles: Record<string, readonly [string, number]> = {
  assets: ["case1 V2 signed GET, 1 row", 1.5],
  fills: ["case2 V2 signed GET, 100 rows", 2],
  v3place: ["case7.place V3 signed POST, one order", 1.5]
}
const fmt = (value: number, digits = 0) =>
  value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits })
const rows: Array<Record<string, string | number>> = []
const lines: Array<ReadonlyArray<string>> = []
for (const call of ["assets", "fills", "v3place"].filter(wants)) {
  const [title, max] = titles[call]!
  for (const concurrency of concurrencies) {
    const of = (client: string) =>
      figures.find((f) => f.call === call && f.client === client && f.concurrency === concurrency)!
    const off = of(OFF)
    const on = of(ON)
    const floor = of("raw-http")
    const row = {
      case: `${title}, c=${concurrency}`,
      rpsOff: off.requestsPerSecond,
      rpsOn: on.requestsPerSecond,
      rpsOnOverOff: on.requestsPerSecond / off.requestsPerSecond,
      cpuOff: off.cpuMicrosPerRequest,
      cpuOn: on.cpuMicrosPerRequest,
      cpuOnOverOff: on.cpuMicrosPerRequest / off.cpuMicrosPerRequest,
      cpuOffOverRaw: off.cpuMicrosPerRequest / floor.cpuMicrosPerRequest,
      cpuOnOverRaw: on.cpuMicrosPerRequest / floor.cpuMicrosPerRequest,
      target: `≤ ${max}×`
    }
    rows.push(row)
    lines.push([
      row.case,
      fmt(row.rpsOff),
      fmt(row.rpsOn),
      fmt(row.rpsOnOverOff, 3),
      fmt(row.cpuOff, 1),
      fmt(row.cpuOn, 1),
      fmt(row.cpuOnOverOff, 3),
      fmt(row.cpuOffOverRaw, 2),
      fmt(row.cpuOnOverRaw, 2),
      row.target
    ])
  }
}
const header = [
  "case",
  "req/s off",
  "req/s on",
  "on/off",
  "CPU µs off",
  "CPU µs on",
  "on/off",
  "off/raw",
  "on/raw",
  "CPU target"
]
const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
const line = (cells: ReadonlyArray<string>) =>
  cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ")
console.log(line(header))
console.log(widths.map((w) => "-".repeat(w)).join("  "))
for (const l of lines) console.log(line(l))

const file = Path.join(Path.dirname(Url.fileURLToPath(import.meta.url)), "..", "results.metrics.json")
Fs.writeFileSync(
  file,
  JSON.stringify(
    { date: new Date().toISOString(), rounds, millis, onFirst, aa: !on, load: Os.loadavg(), rows },
    null,
    2
  ) + "\n"
)
console.log(`\nwrote ${Path.relative(process.cwd(), file)}`)
