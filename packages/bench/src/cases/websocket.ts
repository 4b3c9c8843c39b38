/**
 * Case 6: WebSocket pushes decoded per second and CPU µs per push, for this library (ticker rows
 * decoded into core values and the order book kept and checked by `Book.stream`), a raw `ws` +
 * `JSON.parse` floor, bitget-api's `WebsocketClientV2` and ccxt's `watchTicker` +
 * `watchOrderBook`, each in its own process against a fresh server process pushing at a fixed
 * rate in ticks of 1 ms, each tick's pushes one write that every client reads as one batch
 * (`wsServer.ts`, FINDINGS §28). The CPU is the client process's, from its first push to the
 * last. This library's user code reads each Stream with `BitgetSocket.runForEachChunk`, the consumer
 * docs/websocket.md recommends for a busy channel (`WS_USER` in `wsChild.ts` picks another).
 */
import * as Spawn from "../internal/spawn.js"
import { median } from "../internal/stats.js"

export interface Options {
  readonly count: number
  readonly rate: number
  /** The server's tick in ms (`wsServer.ts`): 1 in the bench; 0 sends each push when due, one write a push. */
  readonly tick?: number | undefined
  readonly rounds: number
  readonly clients: ReadonlyArray<string>
}

interface Report {
  readonly messages: number
  readonly seen: number
  readonly millis: number
  readonly cpuMicros: number
  /** The main thread's share of `cpuMicros` (Linux only): the rest is V8's helper threads'. */
  readonly mainCpuMicros?: number | undefined
  readonly peakRss: number
  readonly heapAfterGc: number
}

export interface Figure {
  readonly client: string
  readonly messages: number
  readonly messagesPerSecond: number
  readonly cpuMicrosPerMessage: number
  /**
   * The main thread's CPU per push (Linux only): the process's figure less V8's helper threads
   * (its optimizing compiler, the GC's helpers), whose work is mostly a one-off in the first
   * thousands of pushes (FINDINGS §26).
   */
  readonly mainCpuMicrosPerMessage: number | undefined
  /** Pushes the client's user code received (ccxt's watch* coalesce). */
  readonly seen: number
  readonly peakRssBytes: number
}

/** How this library's user code reads its Streams in this run (`WS_USER`, read by `wsChild.ts`), for the report. */
export const userCode = (): string => {
  const user = process.env.WS_USER
  if (user === undefined) return "BitgetSocket.runForEachChunk"
  const known: Record<string, string> = {
    "default-run": "Stream.runForEachChunk + Effect.sync",
    direct: "Stream.runForEachChunk, Effect.void returned",
    pull: "a Stream.toPull loop"
  }
  return `${known[user] ?? "unknown"} (WS_USER=${user})`
}

export const run = async (options: Options): Promise<ReadonlyArray<Figure>> => {
  const samples = new Map<string, Array<Report>>()
  for (let round = 0; round < options.rounds; round++) {
    for (const client of options.clients) {
      const server = Spawn.fork<{ port: number }>("wsServer.ts", [
        String(options.count),
        String(options.rate),
        String(options.tick ?? 1)
      ])
      const { port } = await server.first
      const { child, first } = Spawn.fork<Report>(
        "wsChild.ts",
        [`ws://127.0.0.1:${port}`, String(options.count), client],
        // `WS_CHILD_FLAGS` (e.g. `--trace-gc-nvp`): diagnostics for every client's process alike.
        ["--expose-gc", ...(process.env.WS_CHILD_FLAGS ?? "").split(" ").filter((flag) => flag !== "")]
      )
      const report = await first.finally(() => {
        child.kill()
        server.child.kill()
      })
      samples.set(client, [...(samples.get(client) ?? []), report])
    }
  }
  return [...samples].map(([client, reports]) => ({
    client,
    messages: reports[0]!.messages,
    messagesPerSecond: median(reports.map((r) => (r.messages * 1000) / r.millis)),
    cpuMicrosPerMessage: median(reports.map((r) => r.cpuMicros / r.messages)),
    mainCpuMicrosPerMessage: reports.every((r) => r.mainCpuMicros !== undefined)
      ? median(reports.map((r) => r.mainCpuMicros! / r.messages))
      : undefined,
    seen: median(reports.map((r) => r.seen)),
    peakRssBytes: median(reports.map((r) => r.peakRss))
  }))
}
