/**
 * Case 4 side by side: the same streaming child (`streamChild.ts`) of this tree and of other
 * checkouts of the bench (an older commit built beside, `git archive` into a scratch directory),
 * against one canned server, rounds interleaved (raw-http, then each tree's effect-bitget), so a
 * loaded machine moves every client alike. Prints each round and the medians: rows/s, CPU µs/row
 * and rows/s ÷ raw-http of the same round; then the paired CPU ratios (each round's CPU a row ÷ raw-http's
 * of that round, and each other tree's ÷ this tree's), whose medians a loaded machine moves least.
 * Children that report their halfway point (session 15 on) also give the second half's ratios: the
 * pace once the JIT has warmed up (FINDINGS §25).
 * Usage: `tsx src/tools/streamAB.ts [rows=1000000] [rounds=3] [other bench dirs…]`
 */
import * as ChildProcess from "node:child_process"
import * as Path from "node:path"
import * as Url from "node:url"
import { FIRST_ID } from "../internal/canned.js"
import * as Spawn from "../internal/spawn.js"
import { median } from "../internal/stats.js"

const [rowsArg = "1000000", roundsArg = "3", ...others] = process.argv.slice(2)
const rows = Number(rowsArg)
const rounds = Number(roundsArg)
const here = Path.resolve(Path.dirname(Url.fileURLToPath(import.meta.url)), "..", "..")
const trees = [here, ...others.map((dir) => Path.resolve(dir))]

interface Report {
  readonly millis: number
  readonly cpuMicros: number
  readonly peakRss: number
  readonly lastId: string
  /** Wall ms and CPU µs at half the rows (children from session 15 on). */
  readonly halfMillis?: number
  readonly halfCpuMicros?: number
}

const child = (tree: string, baseUrl: string, client: string) =>
  new Promise<Report>((resolve, reject) => {
    const process = ChildProcess.fork(Path.join(tree, "src", "streamChild.ts"), [baseUrl, String(rows), client], {
      cwd: tree,
      execArgv: ["--import", "tsx", "--expose-gc"],
      stdio: ["ignore", "inherit", "inherit", "ipc"]
    })
    process.once("message", (message) => {
      process.kill()
      resolve(message as Report)
    })
    process.once("exit", (code) => reject(new Error(`${tree} ${client} exited with ${code}`)))
  })

const server = await Spawn.startServer()
const runs = [["raw-http", here, "raw-http"] as const, ...trees.map((tree) => [tree, tree, "effect-bitget"] as const)]
const figures = new Map<
  string,
  Array<
    {
      speed: number
      cpu: number
      ratio: number
      cpuRatio: number
      rss: number
      lateRatio: number
      lateCpuRatio: number
    }
  >
>()
for (let round = 1; round <= rounds; round++) {
  let raw = NaN
  let rawCpu = NaN
  let rawLate = NaN
  let rawLateCpu = NaN
  for (const [name, tree, client] of runs) {
    const report = await child(tree, server.baseUrl, client)
    if (report.lastId !== String(FIRST_ID - rows)) throw new Error(`${name} ended at ${report.lastId}`)
    const speed = (rows * 1000) / report.millis
    if (client === "raw-http") raw = speed
    const cpu = report.cpuMicros / rows
    if (client === "raw-http") rawCpu = cpu
    // The second half's pace (rows/s once warmed up), where the child reports its halfway time.
    const late = report.halfMillis === undefined
      ? NaN
      : ((rows - Math.floor(rows / 2)) * 1000) / (report.millis - report.halfMillis)
    const lateCpu = report.halfCpuMicros === undefined
      ? NaN
      : (report.cpuMicros - report.halfCpuMicros) / (rows - Math.floor(rows / 2))
    if (client === "raw-http") rawLate = late
    if (client === "raw-http") rawLateCpu = lateCpu
    const figure = {
      speed,
      cpu,
      ratio: speed / raw,
      cpuRatio: cpu / rawCpu,
      rss: report.peakRss / 2 ** 20,
      lateRatio: late / rawLate,
      lateCpuRatio: lateCpu / rawLateCpu
    }
    figures.set(name, [...(figures.get(name) ?? []), figure])
    console.log(
      `round ${round} ${name}: ${figure.speed.toFixed(0)} rows/s, ${figure.cpu.toFixed(2)} µs CPU/row, ` +
        `${figure.ratio.toFixed(3)}× raw (2nd half ${figure.lateRatio.toFixed(3)}×), CPU ${
          figure.cpuRatio.toFixed(3)
        }× raw's (2nd half ${figure.lateCpuRatio.toFixed(3)}×), peak RSS ${figure.rss.toFixed(1)} MiB`
    )
  }
}
console.log(`medians of ${rounds} rounds, ${rows} rows`)
for (const [name, list] of figures) {
  const m = (pick: (f: typeof list[number]) => number) => median(list.map(pick))
  console.log(
    `${m((f) => f.speed).toFixed(0).padStart(8)} rows/s ${m((f) => f.cpu).toFixed(2).padStart(6)} µs/row ` +
      `${m((f) => f.ratio).toFixed(3)}× raw (2nd half ${m((f) => f.lateRatio).toFixed(3)}×)  CPU ${
        m((f) => f.cpuRatio).toFixed(3)
      }× raw's (2nd half ${m((f) => f.lateCpuRatio).toFixed(3)}×)  ${name}`
  )
}
// Each other tree against this one, round by round (the same round's load on both).
const mine = figures.get(here)!
for (const tree of trees.slice(1)) {
  const theirs = figures.get(tree)!
  const ratios = theirs.map((figure, i) => figure.cpu / mine[i]!.cpu)
  console.log(
    `CPU a row, ${tree} ÷ this tree: median ${median(ratios).toFixed(3)} (${ratios.map((r) => r.toFixed(3)).join(" ")})`
  )
}
server.close()
