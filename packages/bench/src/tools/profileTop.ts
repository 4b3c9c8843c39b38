/**
 * Summarises a `.cpuprofile` (from `node --cpu-prof`): the top functions by self time and the
 * share of self time per package/file, so a hot spot can be named precisely.
 * Usage: `tsx src/tools/profileTop.ts <file.cpuprofile> [top=40]`
 */
import * as Fs from "node:fs"

interface Node {
  readonly id: number
  readonly callFrame: { functionName: string; url: string; lineNumber: number }
  readonly children?: ReadonlyArray<number>
}
interface Profile {
  readonly nodes: ReadonlyArray<Node>
  readonly samples: ReadonlyArray<number>
  readonly timeDeltas: ReadonlyArray<number>
}

const [file, topArg] = process.argv.slice(2)
if (file === undefined) throw new Error("usage: profileTop.ts <file.cpuprofile> [top]")
const profile = JSON.parse(Fs.readFileSync(file, "utf8")) as Profile
const top = Number(topArg ?? 40)

const self = new Map<number, number>()
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)))
const byId = new Map(profile.nodes.map((node) => [node.id, node]))
const total = [...self.values()].reduce((a, b) => a + b, 0)

const shorten = (url: string) =>
  url.replace(/^file:\/\//, "").replace(/.*node_modules\/\.pnpm\/[^/]+\/node_modules\//, "").replace(
    /.*\/packages\//,
    "packages/"
  )

const fns = new Map<string, number>()
const files = new Map<string, number>()
for (const [id, time] of self) {
  const frame = byId.get(id)!.callFrame
  const where = shorten(frame.url)
  const fn = `${frame.functionName || "(anonymous)"} ${where}:${frame.lineNumber + 1}`
  fns.set(fn, (fns.get(fn) ?? 0) + time)
  const group = where === "" ? `(${frame.functionName})` : where.replace(/^((@[^/]+\/)?[^/]+)\/.*/, "$1")
  files.set(group, (files.get(group) ?? 0) + time)
}
const pct = (time: number) => ((100 * time) / total).toFixed(1).padStart(5) + "%"
console.log(`total sampled ${(total / 1000).toFixed(0)} ms`)
console.log("\n-- self time by package --")
for (const [name, time] of [...files].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(pct(time), name)
console.log("\n-- self time by function --")
for (const [name, time] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(pct(time), name)
