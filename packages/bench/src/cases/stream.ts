/**
 * Case 4: a full history through `Trade.fills.items` with the largest page (100), at two sizes,
 * each in its own child process: rows/s and peak RSS. Memory must stay flat: the peak at the
 * larger size within 10% of the smaller. A raw node:http paging loop gives the floor.
 */
import { FIRST_ID } from "../internal/canned.js"
import * as Spawn from "../internal/spawn.js"
import { median } from "../internal/stats.js"

export interface Options {
  readonly sizes: ReadonlyArray<number>
  readonly rounds: number
  readonly clients: ReadonlyArray<string>
  readonly transport: string
}

interface Report {
  readonly rows: number
  readonly millis: number
  readonly cpuMicros: number
  readonly peakRss: number
  readonly maxRss: number
  readonly heapAfterGc: number
  readonly lastId: string
  /** Wall ms and CPU µs when the walk had passed half its rows. */
  readonly halfMillis: number
  readonly halfCpuMicros: number
}

export interface Figure {
  readonly client: string
  readonly rows: number
  readonly rowsPerSecond: number
  readonly cpuMicrosPerRow: number
  /**
   * Rows/s and CPU µs a row over the second half of the walk: its pace once the JIT has warmed up
   * (the first half also holds the first call's one-time work and the tiering up of every function
   * a page runs; FINDINGS §25). Reported beside the whole walk's figures, which the target reads.
   */
  readonly secondHalfRowsPerSecond: number
  readonly secondHalfCpuMicrosPerRow: number
  readonly peakRssBytes: number
  /** Heap in use after a full GC once the stream ended: what the run kept, if anything. */
  readonly heapAfterGcBytes: number
}

export const run = async (baseUrl: string, options: Options): Promise<ReadonlyArray<Figure>> => {
  const samples = new Map<string, Array<Report>>()
  for (let round = 0; round < options.rounds; round++) {
    for (const rows of options.sizes) {
      for (const client of options.clients) {
        const { child, first } = Spawn.fork<Report>(
          "streamChild.ts",
          [baseUrl, String(rows), client, options.transport],
          ["--expose-gc"]
        )
        const report = await first
        child.kill()
        // The rows are consecutive ids from the top: none skipped, none twice.
        if (report.lastId !== String(FIRST_ID - rows)) {
          throw new Error(`${client} streamed up to ${report.lastId}, expected ${FIRST_ID - rows}`)
        }
        const key = `${client}|${rows}`
        samples.set(key, [...(samples.get(key) ?? []), report])
      }
    }
  }
  return [...samples].map(([key, reports]) => {
    const [client, rows] = key.split("|") as [string, string]
    return {
      client,
      rows: Number(rows),
      rowsPerSecond: median(reports.map((r) => (r.rows * 1000) / r.millis)),
      cpuMicrosPerRow: median(reports.map((r) => r.cpuMicros / r.rows)),
      secondHalfRowsPerSecond: median(
        reports.map((r) => ((r.rows - Math.floor(r.rows / 2)) * 1000) / (r.millis - r.halfMillis))
      ),
      secondHalfCpuMicrosPerRow: median(
        reports.map((r) => (r.cpuMicros - r.halfCpuMicros) / (r.rows - Math.floor(r.rows / 2)))
      ),
      peakRssBytes: median(reports.map((r) => Math.max(r.peakRss, r.maxRss))),
      heapAfterGcBytes: median(reports.map((r) => r.heapAfterGc))
    }
  })
}
