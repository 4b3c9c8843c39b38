/**
 * Case 4 taken apart at the socket: each mode walks the canned server's fills history for the same
 * rows in a child process of its own, rounds interleaved, and reports CPU µs a row and its ratio to
 * the raw node:http loop of the same round. Modes: `http` (the raw floor, as `streamChild.ts`),
 * `undici` (the same loop over an undici `Agent` as `layerUndici` builds it, a bare handler),
 * `undici1` (an undici `Client`: one connection), `transport` (core's `Transport.fromUndici`, one
 * `Effect.runPromise` a page), `calls` (a loop of `Trade.fills` calls), `ours` (case 4's `items`).
 * Usage: `tsx src/tools/caseFourParts.ts [rows=300000] [rounds=5] [modes=http,undici,transport,calls,ours]`
 */
import * as ChildProcess from "node:child_process"
import * as Url from "node:url"
import { FIRST_ID } from "../internal/canned.js"
import * as Spawn from "../internal/spawn.js"
import { median } from "../internal/stats.js"

const [rowsArg = "300000", roundsArg = "5", modesArg = "http,undici,transport,calls,ours"] = process.argv.slice(2)

interface Report {
  readonly millis: number
  readonly cpuMicros: number
  readonly lastId: string
  readonly gcs: { minor: number; minorMs: number; major: number; majorMs: number }
}

const child = (baseUrl: string, rows: number, mode: string) =>
  new Promise<Report>((resolve, reject) => {
    const process = ChildProcess.fork(Url.fileURLToPath(new URL("./caseFourPart.ts", import.meta.url)), [
      baseUrl,
      String(rows),
      mode
    ], { execArgv: ["--import", "tsx"], stdio: ["ignore", "inherit", "inherit", "ipc"] })
    process.once("message", (message) => {
      process.kill()
      resolve(message as Report)
    })
    process.once("exit", (code) => reject(new Error(`${mode} exited with ${code}`)))
  })

const rows = Number(rowsArg)
const rounds = Number(roundsArg)
const modes = modesArg.split(",")
const server = await Spawn.startServer()
const cpu = new Map<string, Array<number>>()
const ratio = new Map<string, Array<number>>()
for (let round = 1; round <= rounds; round++) {
  let base = NaN
  const line: Array<string> = []
  for (const mode of modes) {
    const report = await child(server.baseUrl, rows, mode)
    if (report.lastId !== String(FIRST_ID - rows)) throw new Error(`${mode} ended at ${report.lastId}`)
    const perRow = report.cpuMicros / rows
    if (mode === modes[0]) base = perRow
    cpu.set(mode, [...(cpu.get(mode) ?? []), perRow])
    ratio.set(mode, [...(ratio.get(mode) ?? []), perRow / base])
    const { major, majorMs, minor, minorMs } = report.gcs
    line.push(
      `${mode} ${perRow.toFixed(2)} (${(perRow / base).toFixed(3)}) wall ${(report.millis * 1000 / rows).toFixed(2)}` +
        (process.env.GC ? ` gc ${minor}/${minorMs.toFixed(0)}ms ${major}/${majorMs.toFixed(0)}ms` : "")
    )
  }
  console.log(`round ${round}:\n  ${line.join("\n  ")}`)
}
console.log(`medians of ${rounds} rounds, ${rows} rows: CPU µs a row (÷ ${modes[0]}'s of the same round)`)
for (const mode of modes) {
  console.log(`${mode.padEnd(10)} ${median(cpu.get(mode)!).toFixed(2)} (${median(ratio.get(mode)!).toFixed(3)})`)
}
server.close()
