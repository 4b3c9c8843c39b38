/**
 * Case 4 in one process, without the socket: `Trade.fills.items` over a transport that answers
 * with the canned server's pages (the cursor read from the request's URL, as the server does; with
 * `--async` after a macrotask, so the fiber suspends as on a socket), against the raw floor's work
 * past the socket (`parse`: `JSON.parse` of the same bodies, the cursor fed back) and the steps
 * between (`calls`: a loop of `Trade.fills`; `bare`: those calls as a Stream with no rule
 * checked; `forkCalls`/`workerCalls`/`runForkCalls`: pages handed across fibers, what a prefetch
 * costs; `runForkBox`/`runForkCursor`: the same with the page handed in a box the consumer empties,
 * or not handed at all (the fiber alone); `make`: the bodies alone). CPU µs per row of the process, rounds interleaved, medians. `--prof` writes a
 * `.cpuprofile` of one more run (`PROF_MODE`, default `ours`) and prints its top functions; run
 * the driver bundled (esbuild, not tsx, which puts a module on one line) for line numbers.
 * Usage: `tsx src/tools/streamDriver.ts [rows=300000] [rounds=5] [modes=parse,calls,ours,pages] [--async] [--prof]`
 * (`--expose-gc` collects between runs; `SENT=1` prints the requests of each run).
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Transport from "@effect-bitget/core/Transport"
import * as Trade from "@effect-bitget/spot/Trade"
import * as Chunk from "effect/Chunk"
import * as Deferred from "effect/Deferred"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as ManagedRuntime from "effect/ManagedRuntime"
import * as Option from "effect/Option"
import * as Queue from "effect/Queue"
import * as Redacted from "effect/Redacted"
import * as Runtime from "effect/Runtime"
import * as Stream from "effect/Stream"
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Inspector from "node:inspector/promises"
import * as Canned from "../internal/canned.js"
import { median } from "../internal/stats.js"

const flags = process.argv.slice(2).filter((arg) => arg.startsWith("--"))
const [rowsArg = "300000", roundsArg = "5", modesArg = "parse,calls,ours,pages"] = process.argv.slice(2).filter((arg) =>
  !arg.startsWith("--")
)
const rows = Number(rowsArg)
const later = flags.includes("--async")
const rounds = Number(roundsArg)
const modes = modesArg.split(",")

/** The page the canned server answers to `url` (its `idLessThan`, or the first page). */
const pageOf = (url: string): string => {
  const match = /[?&]idLessThan=(\d+)/.exec(url)
  return match === null ? Canned.fills : Canned.fillsPage(Number(match[1]), 100)
}

let sent = 0
// The bodies are made by the transport as the server would; their cost is the same for every
// mode, so each mode's figure includes it (`make` below times it alone, to subtract).
const answering = Layer.succeed(Transport.Transport, {
  send: (request) => {
    const respond = (): Transport.Response => {
      sent++
      return { status: 200, headers: {}, body: pageOf(request.url) }
    }
    // `--async`: the answer after a macrotask, as a socket's would come (the fiber suspends).
    return later
      ? Effect.async((resume) => void setImmediate(() => resume(Effect.succeed(respond()))))
      : Effect.sync(respond)
  }
})

const runtime = ManagedRuntime.make(
  BitgetClient.layer.pipe(
    Layer.provide(Layer.mergeAll(HttpSigner.layerHmac, Limiter.layerNone, answering)),
    Layer.provide(BitgetConfig.layer({
      baseUrl: "http://127.0.0.1:1",
      credentials: { apiKey: Redacted.make("k"), secret: Redacted.make("s"), passphrase: Redacted.make("p") }
    }))
  )
)

let sink = ""
const last = (): string => String(Canned.FIRST_ID - rows)

const runs: Record<string, () => Promise<void>> = {
  /** The canned bodies alone: what every mode pays for its input here (the server's work). */
  make: async () => {
    let cursor: number | undefined
    for (let seen = 0; seen < rows; seen += 100) {
      sink = cursor === undefined ? Canned.fills : Canned.fillsPage(cursor, 100)
      cursor = Canned.FIRST_ID - seen - 100
    }
  },
  /** The raw loop's work past the socket: the body, `JSON.parse`, the cursor. */
  parse: async () => {
    let cursor: string | undefined
    let seen = 0
    while (seen < rows) {
      const body = pageOf(cursor === undefined ? "" : `?idLessThan=${cursor}`)
      const data = (JSON.parse(body) as { data: Array<{ tradeId: string }> }).data
      const take = Math.min(data.length, rows - seen)
      seen += take
      sink = data[take - 1]!.tradeId
      cursor = data[data.length - 1]!.tradeId
    }
  },
  /** Case 4's user code. */
  ours: async () => {
    sink = await runtime.runPromise(
      Trade.fills.items({ symbol: "BTCUSDT" }).pipe(Stream.take(rows), Stream.runFold("", (_, fill) => fill.tradeId))
    )
  },
  /** The calls alone: a loop of `Trade.fills` feeding the cursor back (no Stream, no checks). */
  calls: async () => {
    sink = await runtime.runPromise(Effect.gen(function*() {
      let cursor: string | undefined
      let last = ""
      for (let seen = 0; seen < rows;) {
        const page = yield* Trade.fills({
          symbol: "BTCUSDT",
          limit: 100,
          ...(cursor === undefined ? {} : { idLessThan: cursor })
        })
        const take = Math.min(page.length, rows - seen)
        seen += take
        last = page[take - 1]!.tradeId
        cursor = page[page.length - 1]!.tradeId
      }
      return last
    }))
  },
  /** `calls`, each in a fiber of its own joined at once: what handing a page across fibers costs. */
  forkCalls: async () => {
    sink = await runtime.runPromise(Effect.gen(function*() {
      let cursor: string | undefined
      let last = ""
      for (let seen = 0; seen < rows;) {
        const fiber = yield* Effect.forkDaemon(
          Trade.fills({ symbol: "BTCUSDT", limit: 100, ...(cursor === undefined ? {} : { idLessThan: cursor }) })
        )
        const page = yield* Fiber.join(fiber)
        const take = Math.min(page.length, rows - seen)
        seen += take
        last = page[take - 1]!.tradeId
        cursor = page[page.length - 1]!.tradeId
      }
      return last
    }))
  },
  /** `calls`, each in a fiber started by `Runtime.runFork`, its page handed back by a callback. */
  runForkCalls: async () => {
    sink = await runtime.runPromise(Effect.gen(function*() {
      const rt = yield* Effect.runtime<any>()
      let cursor: string | undefined
      let last = ""
      for (let seen = 0; seen < rows;) {
        const fiber = Runtime.runFork(rt)(
          Trade.fills({ symbol: "BTCUSDT", limit: 100, ...(cursor === undefined ? {} : { idLessThan: cursor }) })
        )
        const page = yield* Effect.async<ReadonlyArray<{ tradeId: string }>, unknown>((resume) => {
          fiber.addObserver((exit) => resume(exit))
        })
        const take = Math.min(page.length, rows - seen)
        seen += take
        last = page[take - 1]!.tradeId
        cursor = page[page.length - 1]!.tradeId
      }
      return last
    }))
  },
  /** `runForkCalls` with the page handed over in a box the consumer empties (the fiber's exit holds nothing). */
  runForkBox: async () => {
    sink = await runtime.runPromise(Effect.gen(function*() {
      const rt = yield* Effect.runtime<any>()
      let cursor: string | undefined
      let last = ""
      for (let seen = 0; seen < rows;) {
        const box: { page: ReadonlyArray<{ tradeId: string }> | undefined } = { page: undefined }
        const fiber = Runtime.runFork(rt)(
          Effect.map(
            Trade.fills({ symbol: "BTCUSDT", limit: 100, ...(cursor === undefined ? {} : { idLessThan: cursor }) }),
            (page) => {
              box.page = page
            }
          )
        )
        yield* Effect.async<void, unknown>((resume) => {
          fiber.addObserver((exit) => resume(exit))
        })
        const page = box.page!
        box.page = undefined
        const take = Math.min(page.length, rows - seen)
        seen += take
        last = page[take - 1]!.tradeId
        cursor = page[page.length - 1]!.tradeId
      }
      return last
    }))
  },
  /** `runForkCalls` where the fiber hands back only the cursor (the page stays in its fiber). */
  runForkCursor: async () => {
    sink = await runtime.runPromise(Effect.gen(function*() {
      const rt = yield* Effect.runtime<any>()
      let cursor: string | undefined
      let last = ""
      for (let seen = 0; seen < rows;) {
        const fiber = Runtime.runFork(rt)(
          Effect.map(
            Trade.fills({ symbol: "BTCUSDT", limit: 100, ...(cursor === undefined ? {} : { idLessThan: cursor }) }),
            (page) =>
              [
                page.length,
                page[Math.min(page.length, rows - seen) - 1]!.tradeId,
                page[page.length - 1]!.tradeId
              ] as const
          )
        )
        const [length, at, next] = yield* Effect.async<readonly [number, string, string], unknown>((resume) => {
          fiber.addObserver((exit) => resume(exit))
        })
        seen += Math.min(length, rows - seen)
        last = at
        cursor = next
      }
      return last
    }))
  },
  /** `calls` made by one worker fiber, each page handed back through a `Deferred` (a prefetch's shape). */
  workerCalls: async () => {
    sink = await runtime.runPromise(Effect.gen(function*() {
      const requests = yield* Queue.unbounded<
        readonly [string | undefined, Deferred.Deferred<ReadonlyArray<{ tradeId: string }>, unknown>]
      >()
      const worker = yield* Effect.forkDaemon(
        Effect.forever(Effect.flatMap(Queue.take(requests), ([cursor, d]) =>
          Effect.flatMap(
            Effect.exit(
              Trade.fills({ symbol: "BTCUSDT", limit: 100, ...(cursor === undefined ? {} : { idLessThan: cursor }) })
            ),
            (exit) => Deferred.done(d, exit)
          )))
      )
      let cursor: string | undefined
      let last = ""
      for (let seen = 0; seen < rows;) {
        const d = Deferred.unsafeMake<ReadonlyArray<{ tradeId: string }>, unknown>(worker.id())
        Queue.unsafeOffer(requests, [cursor, d])
        const page = yield* Deferred.await(d)
        const take = Math.min(page.length, rows - seen)
        seen += take
        last = page[take - 1]!.tradeId
        cursor = page[page.length - 1]!.tradeId
      }
      yield* Fiber.interrupt(worker)
      return last
    }))
  },
  /** The calls as a Stream with no rule checked (what the Stream alone costs over `calls`). */
  bare: async () => {
    sink = await runtime.runPromise(
      Stream.paginateChunkEffect(undefined as string | undefined, (cursor) =>
        Effect.map(
          Trade.fills({ symbol: "BTCUSDT", limit: 100, ...(cursor === undefined ? {} : { idLessThan: cursor }) }),
          (page) => [Chunk.unsafeFromArray(page), Option.some(page[page.length - 1]!.tradeId)] as const
        )).pipe(Stream.take(rows), Stream.runFold("", (_, fill) => fill.tradeId))
    )
  },
  /** The same history by page (no per-row Stream). */
  pages: async () => {
    sink = await runtime.runPromise(
      Trade.fills.pages({ symbol: "BTCUSDT" }).pipe(
        Stream.take(rows / 100),
        Stream.runFold("", (_, page) => page[page.length - 1]!.tradeId)
      )
    )
  }
}

const gc = (globalThis as { gc?: () => void }).gc
const cpu = new Map<string, Array<number>>(modes.map((mode) => [mode, []]))
for (let round = 0; round <= rounds; round++) {
  for (const mode of modes) {
    gc?.()
    const before = process.cpuUsage()
    await runs[mode]!()
    const used = process.cpuUsage(before)
    if (process.env.SENT === "1") console.log(mode, "sent", sent)
    sent = 0
    if (mode !== "make" && sink !== last()) throw new Error(`${mode} ended at ${sink}, expected ${last()}`)
    // Round 0 warms the JIT up.
    if (round > 0) cpu.get(mode)!.push((used.user + used.system) / rows)
  }
}
console.log(`${rows} rows a run, CPU µs per row, median of ${rounds} (min–max)`)
for (const [mode, values] of cpu) {
  console.log(
    `${mode.padEnd(6)} ${median(values).toFixed(2)} (${Math.min(...values).toFixed(2)}–${
      Math.max(...values).toFixed(2)
    })`
  )
}

if (flags.includes("--prof")) {
  const session = new Inspector.Session()
  session.connect()
  await session.post("Profiler.enable")
  await session.post("Profiler.setSamplingInterval", { interval: 100 })
  await session.post("Profiler.start")
  await runs[process.env.PROF_MODE ?? "ours"]!()
  const { profile } = await session.post("Profiler.stop")
  const file = "/tmp/bench-stream-ours.cpuprofile"
  Fs.writeFileSync(file, JSON.stringify(profile))
  console.log(`profile of one ours run in ${file}`)
  ChildProcess.spawnSync(process.execPath, [
    "--import",
    "tsx",
    new URL("profileTop.ts", import.meta.url).pathname,
    file,
    "45"
  ], { stdio: "inherit" })
}
await runtime.dispose()
