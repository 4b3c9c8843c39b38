/**
 * Profiles one client on one call in the steady state (after a warm-up, so module loading and
 * JIT do not show), with the inspector's CPU profiler; writes a `.cpuprofile` and prints its top
 * functions. Usage: `tsx src/tools/profile.ts [assets|fills] [client] [concurrency] [seconds]`,
 * client one of raw-http, raw-fetch, bitget-api, ccxt, ref/undici, ref/effect-http, effect-bitget/<transport>.
 */
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Inspector from "node:inspector/promises"
import * as Clients from "../internal/clients.js"
import * as Spawn from "../internal/spawn.js"

const [callArg, clientArg, concurrencyArg, secondsArg] = process.argv.slice(2)
const call = (callArg ?? "assets") as Clients.Call
const name = clientArg ?? "effect-bitget/undici"
const concurrency = Number(concurrencyArg ?? 1)
const seconds = Number(secondsArg ?? 4)

const server = await Spawn.startServer()
const client = Clients.byName(name, server.baseUrl)

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
