/**
 * Cases 1 and 2: signed GETs with a 1-row body (spot account assets) and a 100-row body (spot
 * fills), at concurrency 1 and 64. Every client runs each case for the same short time in turn
 * (A B C A B C …), for several rounds; the figures are the medians of the rounds. CPU per
 * request is this process's CPU time during a run over the requests it completed (the server is
 * another process).
 */
import type { Call, Client } from "../internal/clients.js"
import { median, withCpu } from "../internal/stats.js"

export interface Options<C extends string = Call> {
  readonly rounds: number
  /** Length of one run of one client at one concurrency. */
  readonly millis: number
  readonly concurrencies: ReadonlyArray<number>
  readonly calls: ReadonlyArray<C>
  readonly log: (line: string) => void
  /** Rows each call answers (default: 1 for V2's assets, 100 for its fills). */
  readonly rows?: (call: C) => number
}

export interface Figure<C extends string = Call> {
  readonly call: C
  readonly client: string
  readonly concurrency: number
  readonly requestsPerSecond: number
  readonly cpuMicrosPerRequest: number
}

export const run = async <C extends string = Call>(
  clients: ReadonlyArray<Client<C>>,
  options: Options<C>
): Promise<ReadonlyArray<Figure<C>>> => {
  // Every client answers with the rows the server sent, or the comparison would be void.
  for (const client of clients) {
    for (const call of options.calls) {
      const rows = await client.once(call)
      const expected = options.rows?.(call) ?? (call === "assets" ? 1 : 100)
      if (rows !== expected) throw new Error(`${client.name} ${call}: got ${rows} rows, expected ${expected}`)
    }
  }
  // Warm-up round (JIT, connection pools), not recorded.
  for (const call of options.calls) {
    for (const concurrency of options.concurrencies) {
      for (const client of clients) await client.run(call, concurrency, Math.max(50, options.millis / 2))
    }
  }
  const samples = new Map<string, { rps: Array<number>; cpu: Array<number> }>()
  for (let round = 1; round <= options.rounds; round++) {
    for (const call of options.calls) {
      for (const concurrency of options.concurrencies) {
        for (const client of clients) {
          const { cpuMicros, millis, value: count } = await withCpu(() => client.run(call, concurrency, options.millis))
          const key = `${call}|${client.name}|${concurrency}`
          const entry = samples.get(key) ?? { rps: [], cpu: [] }
          entry.rps.push((count * 1000) / millis)
          entry.cpu.push(cpuMicros / count)
          samples.set(key, entry)
        }
      }
    }
    options.log(`  round ${round}/${options.rounds} done`)
  }
  const out: Array<Figure<C>> = []
  for (const call of options.calls) {
    for (const concurrency of options.concurrencies) {
      for (const client of clients) {
        const entry = samples.get(`${call}|${client.name}|${concurrency}`)!
        out.push({
          call,
          client: client.name,
          concurrency,
          requestsPerSecond: median(entry.rps),
          cpuMicrosPerRequest: median(entry.cpu)
        })
      }
    }
  }
  return out
}
