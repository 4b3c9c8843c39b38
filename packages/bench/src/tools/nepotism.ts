/**
 * Why every chunk a Stream's sink runs an effect for is promoted (FINDINGS §23). V8's parser pretenures a function
 * literal assigned to a property ("so it can be added as a constant function property"): `o.f = () => x` allocates
 * the closure in the old generation each time it runs. Dead, it is freed only by a full collection; until then the
 * young objects it reaches (its context, `x`, all `x` holds) are kept by every young collection, then promoted.
 * Effect 3.22's `Channel.fromEffect` is `op.effect = () => effect`, and `Sink.forEach*` runs
 * `fromEffect(f(chunk))` per chunk: the user's effect, its closure and the chunk all end in the old generation.
 * Each case runs in a child under `--trace-gc-nvp`; printed: bytes promoted by young collections per item.
 * Usage: `tsx src/tools/nepotism.ts [items=1000000]`.
 */
import * as Channel from "effect/Channel"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as ChildProcess from "node:child_process"

const [caseArg, itemsArg = "1000000"] = process.argv.slice(2).filter((arg) => !arg.startsWith("--"))
const items = Number(process.argv.includes("--child") ? itemsArg : caseArg ?? "1000000")
let made = 0
const chunk = () => Chunk.unsafeFromArray(Array.from({ length: 64 }, () => ({ id: `x${made}`, seq: BigInt(made++) })))
const holder: { f?: () => unknown } = {}
const source: Channel.Channel<Chunk.Chunk<unknown>> = Channel.suspend(() =>
  made >= items ? Channel.void : Channel.flatMap(Channel.write(chunk()), () => source)
)
const cases: Record<string, () => void | Promise<void>> = {
  "js: o.f = () => x": () => {
    while (made < items) {
      const x = chunk()
      holder.f = () => x
    }
  },
  "js: const f = () => x; o.f = f": () => {
    while (made < items) {
      const x = chunk()
      const f = () => x
      holder.f = f
    }
  },
  // What `Stream.runForEachChunk` does per chunk (`Sink.forEachChunk`): the user's effect, through `fromEffect`.
  "effect: pipeTo(source, readWithCause(fromEffect(…)))": () => {
    let seen = 0
    const reader: Channel.Channel<never, Chunk.Chunk<unknown>, never, never, unknown, unknown> = Channel
      .readWithCause({
        onInput: (input: Chunk.Chunk<unknown>) =>
          Channel.flatMap(Channel.fromEffect(Effect.sync(() => (seen += input.length))), () => reader),
        onFailure: Channel.failCause,
        onDone: Channel.succeed
      })
    return Effect.runPromise(Channel.runDrain(Channel.pipeTo(source, reader))).then(() => undefined)
  }
}

if (process.argv.includes("--child")) {
  process.stderr.write(`START ${performance.now()}\n`)
  await cases[caseArg!]!()
  // Two young collections at the end: what the last one kept is promoted (counted) or freed.
  const gc = (globalThis as { gc?: (options: { type: "minor" }) => void }).gc!
  gc({ type: "minor" })
  gc({ type: "minor" })
  process.stderr.write(`END ${performance.now()}\n`)
  process.exit(0)
}
const fix = new URL("effectFix.mjs", import.meta.url).pathname
const runs: Array<readonly [string, ReadonlyArray<string>]> = [
  ...Object.keys(cases).map((name) => [name, []] as const),
  [Object.keys(cases)[2]!, ["--import", fix]]
]
for (const [name, flags] of runs) {
  const self = new URL(import.meta.url).pathname
  const run = ChildProcess.spawnSync(
    process.execPath,
    ["--trace-gc-nvp", "--expose-gc", ...flags, "--import", "tsx", self, name, String(items), "--child"],
    { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }
  )
  // Young collections of the main isolate (tsx's loader has its own) between the child's marks.
  const [start, end] = ["START", "END"].map((mark) => Number(new RegExp(`${mark} (\\S+)`).exec(run.stderr)?.[1]))
  const byIsolate = new Map<string, Array<[number, number]>>()
  for (const m of run.stdout.matchAll(/^\[(\S+)\]\s+(\d+) ms: .*? gc=s .*? promoted=(\d+)/gm)) {
    byIsolate.set(m[1]!, [...(byIsolate.get(m[1]!) ?? []), [Number(m[2]), Number(m[3])]])
  }
  const main = [...byIsolate.values()].sort((a, b) => b.length - a.length)[0] ?? []
  const promoted = main.filter(([at]) => at > start! && at <= end! + 1).reduce((sum, [, bytes]) => sum + bytes, 0)
  const label = `${name}${flags.length > 0 ? " (effectFix.mjs)" : ""}`
  console.log(`${label.padEnd(70)} ${(promoted / items).toFixed(0).padStart(5)} B promoted an item`)
}
