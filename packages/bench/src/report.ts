/**
 * Prints `results.json` as the Markdown tables of docs/performance.md ("Latest figures"), so the
 * doc is refreshed from a run rather than retyped. Usage: `tsx src/report.ts [results.json]`.
 */
import * as Fs from "node:fs"
import * as Path from "node:path"
import * as Url from "node:url"

interface Results {
  readonly machine: Record<string, string | number>
  readonly cases: ReadonlyArray<{ name: string; client: string; metric: string; value: number; unit: string }>
  readonly ratios: ReadonlyArray<{ name: string; value: number }>
  readonly targets: ReadonlyArray<{ name: string; value: number; target: string; pass: boolean }>
}

const here = Path.dirname(Url.fileURLToPath(import.meta.url))
const file = process.argv[2] ?? Path.join(here, "..", "results.json")
const results = JSON.parse(Fs.readFileSync(file, "utf8")) as Results
const m = results.machine

const value = (name: string, client: string, metric: string) =>
  results.cases.find((c) => c.name === name && c.client === client && c.metric === metric)?.value ?? NaN
const fmt = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "–"
const clientsOf = (
  prefix: string
) => [...new Set(results.cases.filter((c) => c.name.startsWith(prefix)).map((c) => c.client))]
const row = (cells: ReadonlyArray<string>) => `| ${cells.join(" | ")} |`
const table = (header: ReadonlyArray<string>, rows: ReadonlyArray<ReadonlyArray<string>>) =>
  [row(header), row(header.map((_, i) => (i === 0 ? "---" : "---:"))), ...rows.map(row)].join("\n")

const out: Array<string> = []
out.push(
  `${m.date} · ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB · Node ${m.node} · ${m.platform} · ` +
    `effect-bitget over \`${m.transport}\` · ${m.mode} run`
)
for (
  const [id, title] of [["case1", "Case 1: signed GET, 1 row"], ["case2", "Case 2: signed GET, 100 rows"]] as const
) {
  const clients = clientsOf(`${id}.`)
  if (clients.length === 0) continue
  out.push(`\n**${title}** (median of rounds)\n`)
  out.push(table(
    ["client", "req/s c=1", "req/s c=64", "CPU µs/req c=1", "CPU µs/req c=64"],
    clients.map((client) => [
      client === "effect-bitget" ? "**effect-bitget**" : client,
      fmt(value(`${id}.c1`, client, "requests_per_second")),
      fmt(value(`${id}.c64`, client, "requests_per_second")),
      fmt(value(`${id}.c1`, client, "cpu_per_request")),
      fmt(value(`${id}.c64`, client, "cpu_per_request"))
    ])
  ))
}
const signers = clientsOf("case3.")
if (signers.length > 0) {
  out.push("\n**Case 3: signing alone** (µs per signature)\n")
  out.push(table(
    ["client", "HMAC", "RSA 2048"],
    signers.map((
      client
    ) => [
      client,
      fmt(value("case3.hmac", client, "time_per_signature"), 1),
      fmt(value("case3.rsa", client, "time_per_signature"), 1)
    ])
  ))
}
const streams = [...new Set(results.cases.filter((c) => c.name.startsWith("case4.")).map((c) => c.name))]
if (streams.length > 0) {
  out.push("\n**Case 4: streaming the fills history** (100 rows a page)\n")
  const rows: Array<Array<string>> = []
  for (const client of clientsOf("case4.")) {
    for (const name of streams) {
      rows.push([
        client,
        fmt(Number(name.slice("case4.".length))),
        fmt(value(name, client, "rows_per_second")),
        fmt(value(name, client, "cpu_per_row"), 1),
        fmt(value(name, client, "peak_rss"), 1),
        fmt(value(name, client, "heap_after_gc"), 1)
      ])
    }
  }
  out.push(table(["client", "rows", "rows/s", "CPU µs/row", "peak RSS MiB", "heap after GC MiB"], rows))
}
if (results.cases.some((c) => c.name === "case5")) {
  out.push("\n**Case 5: the limiter** (10 s, 64 callers, server allows 10/s)\n")
  const ratio = results.ratios.find((r) => r.name === "case5.achieved/allowed")?.value ?? NaN
  out.push(table(
    ["client", "achieved/s", "achieved ÷ allowed", "429s seen"],
    [[
      "effect-bitget",
      fmt(value("case5", "effect-bitget", "achieved_per_second"), 2),
      fmt(ratio, 2),
      fmt(value("case5", "effect-bitget", "server_429s"))
    ]]
  ))
}
const pushes = [...new Set(results.cases.filter((c) => c.name.startsWith("case6.")).map((c) => c.name))]
if (pushes.length > 0) {
  out.push(
    "\n**Case 6: WebSocket pushes** (a ticker for every three book updates, sent in ticks of 1 ms; 100k: each client's median of 5 rounds, 1M: of 3; main thread: the process less V8's helper threads)\n"
  )
  const rows: Array<Array<string>> = []
  for (const name of pushes) {
    // The clients measured at this size (bitget-api and ccxt are not at every size).
    for (const client of new Set(results.cases.filter((c) => c.name === name).map((c) => c.client))) {
      rows.push([
        client === "effect-bitget" ? "**effect-bitget**" : client,
        fmt(Number(name.slice("case6.".length))),
        fmt(value(name, client, "messages_per_second")),
        fmt(value(name, client, "cpu_per_message"), 1),
        fmt(value(name, client, "main_thread_cpu_per_message"), 1),
        fmt(value(name, client, "peak_rss"), 1)
      ])
    }
  }
  out.push(table(["client", "pushes", "pushes/s", "CPU µs/push", "main thread µs/push", "peak RSS MiB"], rows))
}
out.push("\n**Targets**\n")
out.push(table(
  ["target", "measured", "wanted", ""],
  results.targets.map((
    t
  ) => [t.name, `${fmt(t.value, 2)}${t.target.includes("×") ? "×" : ""}`, t.target, t.pass ? "met" : "**missed**"])
))
console.log(out.join("\n"))
