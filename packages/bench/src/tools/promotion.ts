/**
 * What a client's calls leave behind for the garbage collector, in the steady state (FINDINGS
 * §10–11): how much each young collection promotes to the old generation, and how often the old
 * generation is marked and compacted. A call's answer should die young; when something keeps it
 * reachable past its call, every answer is promoted and the old generation is collected every few
 * hundred milliseconds, which costs CPU and memory that no profile of the call itself shows.
 *
 * Usage: `tsx src/tools/promotion.ts [assets|fills] [client] [concurrency] [seconds] [--survivors]`,
 * client as in `profile.ts`. It runs itself again under
 * `node --trace-gc-nvp` and sums the collections between the warm-up and the end. `--survivors`
 * instead samples allocations with the inspector, keeping only objects that died in full
 * collections (what was promoted, then dropped), and prints where they were allocated.
 */
import * as ChildProcess from "node:child_process"
import * as Inspector from "node:inspector/promises"
import * as Clients from "../internal/clients.js"
import * as Spawn from "../internal/spawn.js"

const args = process.argv.slice(2)
const child = args.includes("--child")
const survivors = args.includes("--survivors")
const [callArg, clientArg, concurrencyArg, secondsArg] = args.filter((arg) => !arg.startsWith("--"))
const call = (callArg ?? "fills") as Clients.Call
const name = clientArg ?? "effect-bitget/undici"
const concurrency = Number(concurrencyArg ?? 1)
const seconds = Number(secondsArg ?? 4)

/** Runs the client: warm-up, then `seconds` measured; marks both ends on stderr. */
const drive = async (measure: (run: () => Promise<number>) => Promise<void>) => {
  const server = await Spawn.startServer()
  const client = Clients.byName(name, server.baseUrl)
  await client.once(call)
  await client.run(call, concurrency, 2000)
  await measure(() => client.run(call, concurrency, seconds * 1000))
  await client.close()
  server.close()
}

interface Collection {
  readonly at: number
  readonly kind: string
  readonly pause: number
  readonly promoted: number
}

/** The `--trace-gc-nvp` lines of the isolate that collected most (the process's main one). */
const collections = (trace: string): Array<Collection> => {
  const byIsolate = new Map<string, Array<Collection>>()
  for (const line of trace.split("\n")) {
    const match = /^\[(\d+:0x[0-9a-f]+)\]\s+(\d+) ms: (.*)$/.exec(line)
    if (match === null) continue
    const fields = new Map(match[3]!.split(" ").map((pair) => pair.split("=") as [string, string]))
    const list = byIsolate.get(match[1]!) ?? []
    list.push({
      at: Number(match[2]),
      kind: fields.get("gc") ?? "?",
      pause: Number(fields.get("pause") ?? 0),
      promoted: Number(fields.get("promoted") ?? 0)
    })
    byIsolate.set(match[1]!, list)
  }
  return [...byIsolate.values()].sort((a, b) => b.length - a.length)[0] ?? []
}

if (child) {
  await drive(async (run) => {
    process.stderr.write(`STEADY ${performance.now()}\n`)
    const requests = await run()
    process.stderr.write(`END ${performance.now()} ${requests}\n`)
  })
} else if (survivors) {
  await drive(async (run) => {
    const session = new Inspector.Session()
    session.connect()
    await session.post("HeapProfiler.enable")
    await session.post("HeapProfiler.startSampling", {
      samplingInterval: 1024,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false
    })
    const requests = await run()
    const { profile } = await session.post("HeapProfiler.stopSampling")
    const bytes = new Map<string, number>()
    const walk = (node: Inspector.HeapProfiler.SamplingHeapProfileNode) => {
      const frame = node.callFrame
      const site = `${frame.functionName || "(anonymous)"} ${
        frame.url.replace(/^.*node_modules\//, "").replace(/^file:.*\/packages\//, "")
      }:${frame.lineNumber}`
      if (node.selfSize > 0) bytes.set(site, (bytes.get(site) ?? 0) + node.selfSize)
      node.children.forEach(walk)
    }
    walk(profile.head)
    const total = [...bytes.values()].reduce((a, b) => a + b, 0)
    console.log(
      `${name} ${call} c=${concurrency}: ${requests} requests; sampled survivors (live at the end, or dropped`
    )
    console.log(`by a full collection): ${(total / requests).toFixed(0)} bytes a request. Where they were allocated:`)
    for (const [site, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
      console.log(`${(size / requests).toFixed(0).padStart(8)} B/request  ${site}`)
    }
  })
} else {
  const self = new URL(import.meta.url).pathname
  const run = ChildProcess.spawnSync(
    process.execPath,
    ["--trace-gc-nvp", "--import", "tsx", self, call, name, String(concurrency), String(seconds), "--child"],
    { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }
  )
  const steady = Number(/STEADY (\S+)/.exec(run.stderr)?.[1])
  const [end, requests] = (/END (\S+) (\d+)/.exec(run.stderr) ?? []).slice(1).map(Number)
  if (!Number.isFinite(steady) || end === undefined || requests === undefined) {
    console.error(run.stderr)
    process.exit(1)
  }
  const window = collections(run.stdout).filter((c) => c.at > steady && c.at < end)
  const young = window.filter((c) => c.kind === "s")
  const full = window.filter((c) => c.kind === "mc" || c.kind === "mmc")
  const promoted = young.reduce((sum, c) => sum + c.promoted, 0)
  const pauses = window.reduce((sum, c) => sum + c.pause, 0)
  const perSecond = (n: number) => (n / seconds).toFixed(1)
  console.log(`${name} ${call} c=${concurrency}, ${seconds} s after warm-up: ${(requests / seconds).toFixed(0)} req/s`)
  console.log(
    `  young collections ${young.length} (${perSecond(young.length)}/s), promoted ${(promoted / 1e6).toFixed(1)} MB: ${
      (promoted / Math.max(young.length, 1) / 1e3).toFixed(0)
    } KB each, ${(promoted / requests).toFixed(0)} B a request`
  )
  console.log(`  full collections ${full.length} (${perSecond(full.length)}/s); pauses ${pauses.toFixed(0)} ms in all`)
}
process.exit(0)
