/**
 * What the Stream costs over the calls under it (case 4): the same history walked as `items`,
 * as `pages`, and as a plain loop of `Trade.fills` calls feeding the cursor back, rows/s and CPU
 * µs per row, interleaved rounds in one warm runtime. Usage: `tsx src/tools/stream.ts [rows] [rounds]`
 */
import * as Trade from "@effect-bitget/spot/Trade"
import * as Effect from "effect/Effect"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Stream from "effect/Stream"
import * as Ours from "../internal/ours.js"
import * as Spawn from "../internal/spawn.js"
import { median } from "../internal/stats.js"

const rows = Number(process.argv[2] ?? 100_000)
const rounds = Number(process.argv[3] ?? 3)
const server = await Spawn.startServer()
const runtime = ManagedRuntime.make(Ours.layer(server.baseUrl, Ours.recommended, "none"))

const loop = Effect.gen(function*() {
  let cursor: string | undefined
  for (let seen = 0; seen < rows;) {
    const page = yield* Trade.fills({
      symbol: "BTCUSDT",
      limit: 100,
      ...(cursor === undefined ? {} : { idLessThan: cursor })
    })
    seen += page.length
    cursor = page[page.length - 1]!.tradeId
  }
})
const variants: ReadonlyArray<readonly [string, Effect.Effect<void, unknown, any>]> = [
  [
    "Trade.fills.items (Stream of rows)",
    Trade.fills.items({ symbol: "BTCUSDT" }).pipe(Stream.take(rows), Stream.runDrain)
  ],
  [
    "Trade.fills.pages (Stream of pages)",
    Trade.fills.pages({ symbol: "BTCUSDT" }).pipe(Stream.take(rows / 100), Stream.runDrain)
  ],
  ["plain loop of Trade.fills calls", loop]
]
const speed = variants.map(() => [] as Array<number>)
const cpu = variants.map(() => [] as Array<number>)
// The first round warms the runtime and the JIT and is not counted.
for (let round = 0; round <= rounds; round++) {
  for (const [i, [, effect]] of variants.entries()) {
    const start = performance.now()
    const before = process.cpuUsage()
    await runtime.runPromise(effect)
    const used = process.cpuUsage(before)
    if (round === 0) continue
    speed[i]!.push((rows * 1000) / (performance.now() - start))
    cpu[i]!.push((used.user + used.system) / rows)
  }
}
console.log(`${rows} rows, median of ${rounds} rounds`)
for (const [i, [name]] of variants.entries()) {
  console.log(
    `${median(speed[i]!).toFixed(0).padStart(8)} rows/s ${median(cpu[i]!).toFixed(1).padStart(5)} µs CPU/row  ${name}`
  )
}
await runtime.dispose()
server.close()
