/**
 * Case 8 alone, without touching `results.json`: `tsx src/tools/imports.ts [rounds]` prints each
 * target's median CPU ms of `import()` in a fresh process and the lines' medians over `effect`
 * (each round's difference, so a loaded machine's drift between rounds cancels).
 */
import * as Imports from "../cases/imports.js"
import { median } from "../internal/stats.js"

const rounds = Number(process.argv[2] ?? 9)
const figures = Imports.run({ rounds, log: (line) => console.error(line) })
const effect = figures.find((f) => f.name === "effect")!
for (const f of figures) {
  const over = median(f.samples.map((cpu, i) => cpu - effect.samples[i]!))
  console.log(
    `${f.name.padEnd(24)} CPU ${f.cpuMillis.toFixed(0).padStart(5)} ms  wall ${f.millis.toFixed(0).padStart(5)} ms` +
      (f === effect ? "" : `  over effect ${over.toFixed(0).padStart(5)} ms`)
  )
}
