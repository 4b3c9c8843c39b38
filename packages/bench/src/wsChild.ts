/**
 * One run of case 6 in its own process: a client subscribes to BTCUSDT's `ticker` and `books`
 * on case 6's server and consumes every push until the sentinel ticker, which the server sends
 * last. Reports wall time and CPU from the first push to the sentinel, the pushes its user code
 * saw, and memory, over IPC. Args: `<wsUrl> <count> <client>`; clients: `raw-ws` (ws +
 * JSON.parse, the floor), `effect-bitget` (ticker rows decoded and `Book.stream`, books kept and
 * checked, each Stream read by `BitgetSocket.runForEachChunk` unless `WS_USER` says otherwise),
 * `bitget-api` (`WebsocketClientV2`), `ccxt` (`watchTicker` + `watchOrderBook`). The report has the
 * main thread's share of the CPU where Linux tells it. Diagnostics: `WS_THREADS=1` (every thread's
 * CPU, the main thread's context switches), `WS_PROFILE=<dir>` (a CPU profile of the window; its
 * last sample holds the profiler's own stop, shown as `dispatch`), `WS_PEAKS=1` (peak memory by
 * heap space), `WS_MARK=1` (the window's start and end written to stdout between V8's own traces,
 * e.g. `--trace-opt` run under `stdbuf -oL`).
 */
import * as Fs from "node:fs"
import { WebSocket } from "ws"
import { mark, switches, threadTimes } from "./internal/threads.js"

// Each client's modules are imported only by its own run, so memory is its own.

const [url = "", countArg = "0", client = "raw-ws"] = process.argv.slice(2)
const SENTINEL = "99999.9"
const instrument = { instType: "SPOT", instId: "BTCUSDT" } as const

let peak = process.memoryUsage().rss
// `WS_PEAKS=1`: each heap space's and `process.memoryUsage()`'s peaks, on stderr (FINDINGS §20).
const peaks = process.env.WS_PEAKS === undefined ? undefined : new Map<string, number>()
const V8 = peaks === undefined ? undefined : await import("node:v8")
const sampler = setInterval(() => {
  const usage = process.memoryUsage()
  peak = Math.max(peak, usage.rss)
  if (peaks === undefined || V8 === undefined) return
  const sizes: Array<[string, number]> = [
    ...Object.entries(usage),
    ...V8.getHeapSpaceStatistics().map((space): [string, number] => [space.space_name, space.space_size])
  ]
  for (const [name, size] of sizes) peaks.set(name, Math.max(peaks.get(name) ?? 0, size))
}, 10)

// `WS_PROFILE=<dir>`: a CPU profile of the measured window (first push to the sentinel) written there.
const profiling = process.env.WS_PROFILE === undefined
  ? undefined
  : await import("node:inspector").then((Inspector) => {
    const session = new Inspector.Session()
    session.connect()
    session.post("Profiler.enable")
    return session
  })

// Each thread's CPU, so the main thread's share is told from V8's helper threads' (`internal/threads.ts`);
// elsewhere than Linux the report then has no main-thread figure.
let threadsAtFirst = new Map<string, number>()
let switchesAtFirst: ReadonlyArray<number> = [0, 0]

let first: { at: number; cpu: NodeJS.CpuUsage } | undefined
let seen = 0
const saw = () => {
  if (first === undefined) {
    profiling?.post("Profiler.start")
    threadsAtFirst = threadTimes()
    switchesAtFirst = switches()
    first = { at: performance.now(), cpu: process.cpuUsage() }
    mark("FIRST PUSH")
  }
  seen++
}

const seeAll = (items: Iterable<unknown>) => {
  for (const _ of items) saw()
}

const rawWs = () =>
  new Promise<void>((resolve) => {
    const socket = new WebSocket(`${url}/v2/ws/public`)
    socket.on("open", () =>
      socket.send(JSON.stringify({
        op: "subscribe",
        args: [{ ...instrument, channel: "ticker" }, { ...instrument, channel: "books" }]
      })))
    socket.on("message", (data) => {
      const text = data.toString()
      if (text === "pong") return
      const frame = JSON.parse(text) as { action?: string; arg: { channel: string }; data: Array<{ lastPr?: string }> }
      if (frame.action === undefined) return
      saw()
      if (frame.arg.channel === "ticker" && frame.data[0]!.lastPr === SENTINEL) {
        socket.close()
        resolve()
      }
    })
  })

const ours = async () => {
  const BitgetConfig = await import("@effect-bitget/core/BitgetConfig")
  const BitgetSocket = await import("@effect-bitget/websocket/BitgetSocket")
  const Book = await import("@effect-bitget/websocket/Book")
  const V2Public = await import("@effect-bitget/websocket/V2Public")
  const BigDecimal = await import("effect/BigDecimal")
  const Deferred = await import("effect/Deferred")
  const Effect = await import("effect/Effect")
  const Fiber = await import("effect/Fiber")
  const Layer = await import("effect/Layer")
  const Option = await import("effect/Option")
  const Stream = await import("effect/Stream")
  const sentinel = BigDecimal.unsafeFromString(SENTINEL)
  const layer = BitgetSocket.layer({ url }).pipe(Layer.provide(BitgetConfig.layer({})))
  // User code's consumption (FINDINGS §23), `WS_USER`: unset, the library's consumer, as docs/websocket.md
  // recommends for a busy channel (`BitgetSocket.runForEachChunk`, the work done in the callback, nothing
  // returned); `default-run`: `Stream.runForEachChunk` with an `Effect.sync`, what a user writes without it
  // (Effect 3.22's `fromEffect` closure, allocated in the old generation, keeps each chunk); `direct`:
  // `Stream.runForEachChunk`, the work done in the callback, a constant effect returned (that closure then keeps
  // only the effect); `pull`: a fiber loop over `Stream.toPull` written here, no sink at all.
  const user = process.env.WS_USER ?? "consumer"
  if (!["consumer", "default-run", "direct", "pull"].includes(user)) throw new Error(`unknown WS_USER ${user}`)
  const consume = <A, E, R>(stream: import("effect/Stream").Stream<A, E, R>, see: (items: Iterable<A>) => void) => {
    if (user === "consumer") return BitgetSocket.runForEachChunk(stream, see)
    if (user === "direct") {
      return Stream.runForEachChunk(stream, (chunk) => {
        see(chunk)
        return Effect.void
      })
    }
    if (user !== "pull") return Stream.runForEachChunk(stream, (chunk) => Effect.sync(() => see(chunk)))
    return Effect.scoped(Effect.flatMap(Stream.toPull(stream), (pull) => {
      const loop: import("effect/Effect").Effect<void, E, R> = Effect.matchEffect(pull, {
        onFailure: Option.match({ onNone: () => Effect.void, onSome: Effect.fail }),
        onSuccess: (chunk) => {
          see(chunk)
          return loop
        }
      })
      return loop
    }))
  }
  const program = Effect.gen(function*() {
    // User code takes each chunk of what arrived together (a Stream's own unit of work), as a
    // socket callback takes each push: every book and ticker push is still seen one by one.
    // The sentinel is looked for in the callback, as the other clients' callbacks do (until session 18 a
    // `Stream.takeUntil`, one more channel step a chunk, that no other client paid; FINDINGS §23).
    const done = yield* Deferred.make<void>()
    const books = yield* Effect.fork(consume(Book.stream(V2Public.Books, instrument, { depth: 15 }), seeAll))
    const ticker = yield* Effect.fork(consume(V2Public.ticker(instrument), (pushes) => {
      for (const push of pushes) {
        saw()
        if (push.rows.some((row) => BigDecimal.equals(row.lastPr, sentinel))) Deferred.unsafeDone(done, Effect.void)
      }
    }))
    yield* Deferred.await(done)
    yield* Fiber.interrupt(ticker)
    yield* Fiber.interrupt(books)
  })
  await Effect.runPromise(Effect.provide(program, layer))
}

const bitgetApi = async () => {
  const { WebsocketClientV2 } = await import("bitget-api")
  return new Promise<void>((resolve) => {
    const quiet = { trace: () => {}, info: () => {}, error: () => {}, warning: () => {}, debug: () => {} }
    const ws = new WebsocketClientV2({ wsUrl: `${url}/v2/ws/public` } as any, quiet as any)
    ws.on("update", (event: any) => {
      saw()
      if (event.arg?.channel === "ticker" && event.data?.[0]?.lastPr === SENTINEL) {
        ws.closeAll(true)
        resolve()
      }
    })
    ws.subscribeTopic("SPOT", "ticker", "BTCUSDT")
    ws.subscribeTopic("SPOT", "books", "BTCUSDT")
  })
}

const ccxt = async () => {
  const { pro } = await import("ccxt")
  const exchange = new pro.bitget({ options: { fetchMarkets: { types: ["spot"] } } })
  const urls = exchange.urls as any
  for (const key of Object.keys(urls.api)) {
    if (typeof urls.api[key] === "string") urls.api[key] = url.replace("ws:", "http:")
  }
  urls.api.ws = { public: `${url}/v2/ws/public`, private: `${url}/v2/ws/private` }
  // ccxt refuses a plain ws:// URL until its agent for it is loaded.
  await exchange.loadHttpProxyAgent()
  let done = false
  const loop = (watch: () => Promise<unknown>) =>
    (async () => {
      while (!done) {
        await watch()
        saw()
      }
    })().catch(() => {})
  void loop(() => exchange.watchOrderBook("BTC/USDT"))
  void loop(() => exchange.watchTicker("BTC/USDT"))
  // A watch resolves on the next push after it is called: the sentinel may land between two
  // calls, so the end is read from ccxt's cache of the last ticker.
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      if (String(exchange.tickers["BTC/USDT"]?.last) === SENTINEL) {
        clearInterval(timer)
        resolve()
      }
    }, 5)
  })
  done = true
  void exchange.close()
}

const run = { "raw-ws": rawWs, "effect-bitget": ours, "bitget-api": bitgetApi, ccxt }[client]
if (run === undefined) throw new Error(`unknown client ${client}`)
await run()
mark("LAST PUSH")
const end = performance.now()
const switchesAtEnd = switches()
const cpu = process.cpuUsage(first?.cpu)
const threads = [...threadTimes()].map(([task, micros]) => [task, micros - (threadsAtFirst.get(task) ?? 0)] as const)
const mainCpuMicros = threads.find(([task]) => task === String(process.pid))?.[1]
// `WS_THREADS=1`: every thread's CPU over the window, on stderr.
if (process.env.WS_THREADS !== undefined) {
  const spent = threads.filter(([, micros]) => micros > 0).map(([task, micros]) => `${task} ${micros / 1000}`)
  console.error(`${client} ${countArg} thread CPU ms: ${spent.join(", ")}`)
  console.error(
    `${client} ${countArg} main thread's context switches: voluntary ${
      switchesAtEnd[0]! - switchesAtFirst[0]!
    }, involuntary ${switchesAtEnd[1]! - switchesAtFirst[1]!}`
  )
}
if (profiling !== undefined) {
  const profile = await new Promise<unknown>((resolve, reject) =>
    profiling.post("Profiler.stop", (error, result) => error === null ? resolve(result.profile) : reject(error))
  )
  Fs.mkdirSync(process.env.WS_PROFILE!, { recursive: true })
  Fs.writeFileSync(`${process.env.WS_PROFILE}/${client}-${countArg}.cpuprofile`, JSON.stringify(profile))
}
clearInterval(sampler)
peak = Math.max(peak, process.memoryUsage().rss)
const gc = (globalThis as { gc?: () => void }).gc
gc?.()
await new Promise((resolve) => setTimeout(resolve, 100))
gc?.()
if (peaks !== undefined) {
  const mib = [...peaks].filter(([, size]) => size > 0).map(([name, size]) => `${name} ${(size / 2 ** 20).toFixed(1)}`)
  console.error(`${client} ${countArg} peak MiB: ${mib.join(", ")}`)
}
process.send!({
  messages: Number(countArg),
  seen,
  millis: end - (first?.at ?? end),
  cpuMicros: cpu.user + cpu.system,
  mainCpuMicros,
  peakRss: peak,
  heapAfterGc: process.memoryUsage().heapUsed
})
process.disconnect()
process.exit(0)
