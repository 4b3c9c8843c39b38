/**
 * Does Effect's scheduler leave the CPU idle between requests? The library over the
 * recommended transport, run with the default scheduler and with alternatives, CPU µs and
 * req/s at concurrency 1 and 64 (case 1). Usage: `tsx src/tools/scheduler.ts [rounds] [millis]`
 */
import * as Account from "@effect-bitget/spot/Account"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Scheduler from "effect/Scheduler"
import * as Ours from "../internal/ours.js"
import * as Spawn from "../internal/spawn.js"
import { median, withCpu } from "../internal/stats.js"

const rounds = Number(process.argv[2] ?? 3)
const millis = Number(process.argv[3] ?? 1500)
const server = await Spawn.startServer()
const base = Ours.layer(server.baseUrl, Ours.recommended, "none")

const variants = [
  ["default (microtasks, setTimeout every 2048)", base],
  ["setImmediate batches", Layer.merge(base, Layer.setScheduler(Scheduler.makeBatched((run) => setImmediate(run))))],
  ["microtasks only", Layer.merge(base, Layer.setScheduler(Scheduler.makeBatched((run) => queueMicrotask(run))))]
] as const
const runtimes = variants.map(([, layer]) => ManagedRuntime.make(layer))

const run = (runtime: ManagedRuntime.ManagedRuntime<any, never>, concurrency: number, ms: number) => {
  let count = 0
  const loop = Effect.suspend(() => {
    const end = performance.now() + ms
    return Effect.whileLoop({
      while: () => performance.now() < end,
      body: () => Account.assets(),
      step: () => void count++
    })
  })
  return runtime.runPromise(
    Effect.forEach(Array.from({ length: concurrency }), () => loop, { concurrency: "unbounded", discard: true })
  )
    .then(() => count)
}

for (const concurrency of [1, 64]) {
  const rps = variants.map(() => [] as Array<number>)
  const cpu = variants.map(() => [] as Array<number>)
  for (const runtime of runtimes) await run(runtime, concurrency, 300)
  for (let round = 0; round < rounds; round++) {
    for (const [i, runtime] of runtimes.entries()) {
      const { cpuMicros, millis: took, value } = await withCpu(() => run(runtime, concurrency, millis))
      rps[i]!.push((value * 1000) / took)
      cpu[i]!.push(cpuMicros / value)
    }
  }
  console.log(`\nc=${concurrency}`)
  for (const [i, [name]] of variants.entries()) {
    console.log(
      `${median(rps[i]!).toFixed(0).padStart(6)} req/s ${median(cpu[i]!).toFixed(0).padStart(5)} µs/req  ${name}`
    )
  }
}
for (const runtime of runtimes) await runtime.dispose()
server.close()
