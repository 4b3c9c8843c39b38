/**
 * Does streaming keep anything? Streams the endless fills history at three sizes, each in its
 * own process, and prints the heap still in use after a full GC once the stream ended (flat =
 * nothing retained per page), with peak RSS and rows/s.
 * Usage: `tsx src/tools/leakcheck.ts [effect-bitget|raw-http]`
 */
import * as Spawn from "../internal/spawn.js"

interface Report {
  readonly rows: number
  readonly millis: number
  readonly peakRss: number
  readonly heapAfterGc: number
}

const client = process.argv[2] ?? "effect-bitget"
const server = await Spawn.startServer()
for (const rows of [20_000, 100_000, 200_000, 600_000]) {
  const { child, first } = Spawn.fork<Report>("streamChild.ts", [server.baseUrl, String(rows), client, "undici"], [
    "--expose-gc"
  ])
  const report = await first
  child.kill()
  console.log(
    `${client} ${rows} rows: heap after GC ${(report.heapAfterGc / 2 ** 20).toFixed(1)} MiB, ` +
      `peak RSS ${(report.peakRss / 2 ** 20).toFixed(0)} MiB, ${
        ((report.rows * 1000) / report.millis).toFixed(0)
      } rows/s`
  )
}
server.close()
