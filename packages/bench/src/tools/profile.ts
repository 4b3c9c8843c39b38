/**
 * Profiles one client on one call in the steady state (after a warm-up, so module loading and
 * JIT do not show), with the inspector's CPU profiler; writes a `.cpuprofile` and prints its top
 * functions. Usage: `tsx src/tools/profile.ts [assets|fills] [client] [concurrency] [seconds]`,
 * client one of raw-http, raw-fetch, bitget-api, ccxt, ref/undici, ref/effect-http, effect-bitget/<transport>;
 * or V3 (case 7): `[v3assets|v3fills|v3place] [raw-http|effect-bitget|bitget-api|ccxt] …`.
 */
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Inspector from "node:inspector/promises"
import * as Clients from "../internal/clients.js"
import * as ClientsV3 from "../internal/clientsV3.js"
import * as Spawn from "../internal/spawn.js"

const [callArg, clientArg, concurrencyArg, secondsArg] = process.argv.slice(2)
const call = callArg ?? "assets"
const v3 = call.startsWith("v3")
const name = clientArg ?? (v3 ? "effect-bitget" : "effect-bitget/undici")
const concurrency = Number(concurrencyArg ?? 1)
const seconds = Number(secondsArg ?? 4)

const server = await Spawn.startServer()
const v3Clients: Record<string, (baseUrl: string) => Clients.Client<ClientsV3.V3Call>> = {
  "raw-http": ClientsV3.rawHttp,
  "effect-bitget": (baseUrl) => ClientsV3.effectBitget(baseUrl, "effect-bitget"),
  "bitget-api": ClientsV3.bitgetApi,
  ccxt: ClientsV3.ccxt
}
const client = (v3 ? v3Clients[name]!(server.baseUrl) : Clients.byName(name, server.baseUrl)) as Clients.Client<string>

await client.once(call)
await client.run(call, concurrency, 1500)
const session = new Inspector.Session()
session.connect()
await session.post("Profiler.enable")
await session.post("Profiler.setSamplingInterval", { interval: 100 })
await session.post("Profiler.start")
const cpu = process.cpuUsage()
const count = await client.run(call, concurrency, seconds * 1000)
const used = process.cpuUsage(cpu)
const { profile } = await session.post("Profiler.stop")
const file = `/tmp/bench-${call}-${name.replace(/\//g, "-")}-c${concurrency}.cpuprofile`
Fs.writeFileSync(file, JSON.stringify(profile))
console.log(
  `${name} ${call} c=${concurrency}: ${(count / seconds).toFixed(0)} req/s, ` +
    `${((used.user + used.system) / count).toFixed(0)} µs CPU/request (profiler on); profile in ${file}`
)
await client.close()
server.close()
ChildProcess.spawnSync(process.execPath, [
  "--import",
  "tsx",
  new URL("profileTop.ts", import.meta.url).pathname,
  file,
  "50"
], {
  stdio: "inherit"
})
