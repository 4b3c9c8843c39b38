/**
 * Case 6 in one process, without the socket's own cost: the frames case 6's server sends are fed
 * straight into the connection's `onText` (as `ws` calls it, `batch` frames per macrotask, as one
 * TCP read brings several), and this library's user code of case 6 (`Book.stream` at depth 15 and
 * the ticker Stream, taken by chunk) reads them. Against the same loop with `JSON.parse` (the raw
 * floor's work past the socket). CPU µs per push of the process, rounds interleaved, medians.
 * Usage: `tsx src/tools/wsDriver.ts [count=200000] [batch=64] [rounds=3] [modes=parse,ours]`
 * (`--expose-gc` for the heap figure).
 */
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as BitgetSocket from "@effect-bitget/websocket/BitgetSocket"
import * as Book from "@effect-bitget/websocket/Book"
import { Connection } from "@effect-bitget/websocket/internal/Connection"
import * as V2Public from "@effect-bitget/websocket/V2Public"
import * as BigDecimal from "effect/BigDecimal"
import type * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Option from "effect/Option"
import * as Stream from "effect/Stream"
import * as Inspector from "node:inspector/promises"
import type { AddressInfo } from "node:net"
import { WebSocketServer } from "ws"
import { median } from "../internal/stats.js"
import { helperTimes, mark } from "../internal/threads.js"
import * as Frames from "../internal/wsFrames.js"

const flags = process.argv.slice(2).filter((arg) => arg.startsWith("--"))
const [countArg = "200000", batchArg = "64", roundsArg = "3", modesArg = "parse,ours"] = process.argv.slice(2).filter((
  arg
) => !arg.startsWith("--"))
// `--allocations`: where the run's bytes are allocated (every object); `--survivors`: only those
// that outlived a young collection and died in a full one (promoted, then dropped).
const sampling = flags.includes("--allocations")
  ? "allocations"
  : flags.includes("--survivors")
  ? "survivors"
  : undefined
const count = Number(countArg)
const batch = Number(batchArg)

// The frames, made once: a run times only what reads them. Each is decoded from its bytes, as `ws`
// hands a text frame over (`data.toString()`): a flat string of its own, not the rope a template makes.
const frames: Array<string> = []
{
  let seq = Frames.FIRST_SEQ
  const ts = Date.now()
  frames.push(Buffer.from(Frames.snapshot(seq, ts)).toString())
  for (let sent = 0; sent < count; sent++) {
    const next = Frames.push(sent, count, seq, ts + sent)
    if (next.book) seq += 1n
    frames.push(Buffer.from(next.text).toString())
  }
}

const session = new Inspector.Session()
session.connect()

/** Where the sampled bytes were allocated, by function, per push. */
const report = (profile: Inspector.HeapProfiler.SamplingHeapProfile) => {
  const bytes = new Map<string, number>()
  const walk = (node: Inspector.HeapProfiler.SamplingHeapProfileNode) => {
    const frame = node.callFrame
    const site = `${frame.functionName || "(anonymous)"} ${
      frame.url.replace(/^.*node_modules\//, "")
    }:${frame.lineNumber}`
    if (node.selfSize > 0) bytes.set(site, (bytes.get(site) ?? 0) + node.selfSize)
    node.children.forEach(walk)
  }
  walk(profile.head)
  const total = [...bytes.values()].reduce((a, b) => a + b, 0)
  console.log(`${sampling}: ${(total / count).toFixed(0)} B a push`)
  for (const [site, size] of [...bytes].sort((a, b) => b[1] - a[1]).slice(0, 25)) {
    console.log(`${(size / count).toFixed(0).padStart(8)} B/push  ${site}`)
  }
}

/** Feeds the frames to `onText`, `batch` per macrotask; resolves with the CPU µs from the first to `done`. */
const feed = (onText: (text: string) => void, done: Promise<void>) =>
  new Promise<number>((resolve) => {
    if (sampling !== undefined) {
      void session.post("HeapProfiler.enable")
      void session.post("HeapProfiler.startSampling", {
        samplingInterval: 512,
        includeObjectsCollectedByMajorGC: true,
        includeObjectsCollectedByMinorGC: sampling === "allocations"
      })
    }
    const start = process.cpuUsage()
    const helpersAt = helperTimes()
    mark("FIRST PUSH")
    let i = 0
    const step = () => {
      const end = Math.min(frames.length, i + batch)
      for (; i < end; i++) onText(frames[i]!)
      if (i < frames.length) setImmediate(step)
    }
    step()
    void done.then(async () => {
      const cpu = process.cpuUsage(start)
      mark("LAST PUSH")
      console.log(`V8's helper threads: ${((helperTimes() - helpersAt) / 1000).toFixed(0)} ms`)
      if (sampling !== undefined) report((await session.post("HeapProfiler.stopSampling")).profile)
      resolve(cpu.user + cpu.system)
    })
  })

const parse = () => {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return feed((text) => {
    const frame = JSON.parse(text) as { arg: { channel: string }; data: Array<{ lastPr?: string }> }
    if (frame.arg.channel === "ticker" && frame.data[0]!.lastPr === Frames.SENTINEL) finish()
  }, done)
}

// A server that only acknowledges subscriptions: the pushes come from the driver.
const wss = new WebSocketServer({ port: 0, host: "127.0.0.1", path: "/v2/ws/public" })
await new Promise((resolve) => wss.once("listening", resolve))
wss.on("connection", (ws) =>
  ws.on("message", (data) => {
    const text = data.toString()
    if (text === "ping") return ws.send("pong")
    const frame = JSON.parse(text) as { op: string; args: Array<Record<string, string>> }
    for (const arg of frame.args) ws.send(JSON.stringify({ event: frame.op, arg }))
  }))
const url = `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`

/**
 * The user code's consumption of a Stream, chunk by chunk, as case 6's child reads it:
 * `BitgetSocket.runForEachChunk`, the consumer docs/websocket.md recommends for a busy channel;
 * `WS_CONSUME=default-run`: `Stream.runForEachChunk` with an `Effect.sync`; `WS_CONSUME=pull`: a
 * fiber loop over `Stream.toPull` written here (FINDINGS §23).
 */
const consume = <A, E, R>(stream: Stream.Stream<A, E, R>, f: (chunk: Chunk.Chunk<A>) => void) => {
  const mode = process.env.WS_CONSUME
  if (mode === "default-run") return Stream.runForEachChunk(stream, (chunk) => Effect.sync(() => f(chunk)))
  if (mode !== "pull") return BitgetSocket.runForEachChunk(stream, f)
  return Effect.scoped(Effect.flatMap(Stream.toPull(stream), (pull) => {
    const loop: Effect.Effect<void, E, R> = Effect.matchEffect(pull, {
      onFailure: Option.match({ onNone: () => Effect.void, onSome: Effect.fail }),
      onSuccess: (chunk) => {
        f(chunk)
        return loop
      }
    })
    return loop
  }))
}

const ours = async () => {
  // The connection the Streams subscribe through, caught on its first frame (the acknowledgement).
  const original = Connection.prototype.onText
  let connection: Connection | undefined
  let acks = 0
  let ready!: () => void
  const subscribed = new Promise<void>((resolve) => (ready = resolve))
  Connection.prototype.onText = function(this: Connection, text: string) {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the connection is what is caught
    connection = this
    original.call(this, text)
    if (text.includes("\"event\":\"subscribe\"") && ++acks === 2) ready()
  }
  const sentinel = BigDecimal.unsafeFromString(Frames.SENTINEL)
  let seen = 0
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  const layer = BitgetSocket.layer({ url }).pipe(Layer.provide(BitgetConfig.layer({})))
  const program = Effect.gen(function*() {
    const books = yield* Effect.fork(consume(
      Book.stream(V2Public.Books, { instType: "SPOT", instId: "BTCUSDT" }, { depth: 15 }),
      (chunk) => (seen += chunk.length)
    ))
    // `done`: the sentinel, the last push, was seen (looked for in the callback, as case 6's child does).
    const tickers = yield* Effect.fork(consume(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" }), (chunk) => {
      for (const push of chunk) {
        seen++
        if (push.rows.some((row) => BigDecimal.equals(row.lastPr, sentinel))) finish()
      }
    }))
    yield* Effect.promise(() => subscribed)
    Connection.prototype.onText = original
    const cpu = yield* Effect.promise(() => feed((text) => connection!.onText(text), done))
    yield* Fiber.interrupt(tickers)
    yield* Fiber.interrupt(books)
    return cpu
  })
  const cpu = await Effect.runPromise(Effect.provide(program, layer))
  if (seen < count) throw new Error(`saw ${seen} of ${count}`)
  return cpu
}

const modes: Record<string, () => Promise<number>> = { parse, ours }
const results = new Map<string, Array<number>>()
for (let round = 0; round < Number(roundsArg); round++) {
  for (const mode of modesArg.split(",")) {
    const gc = (globalThis as { gc?: () => void }).gc
    gc?.()
    const cpu = await modes[mode]!()
    results.set(mode, [...(results.get(mode) ?? []), cpu / count])
    console.log(`round ${round} ${mode.padEnd(8)} ${(cpu / count).toFixed(2)} µs/push`)
  }
}
for (const [mode, values] of results) console.log(`median ${mode.padEnd(8)} ${median(values).toFixed(2)} µs/push`)
wss.close()
process.exit(0)
