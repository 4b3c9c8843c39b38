/**
 * Case 8: what importing a package costs a program (issue 23, point 10), as a user pays it: the
 * built ESM of `@effect-bitget/spot` and `@effect-bitget/unified` (their `dist/`, laid out in a
 * scratch `node_modules` as the packed tarballs install them, with the same Effect beside them),
 * against `import("effect")`, bitget-api and ccxt. Each import runs in a fresh `node` process
 * (nothing cached but the OS's file cache), measured inside the child from the `import()` call to
 * its promise settling: wall time, and the process's CPU time (user + system) over the same span,
 * which a busy machine moves far less (on an idle one the two agree: an import is CPU-bound once
 * the files are cached). Targets are interleaved over rounds (A B C A B C …); medians reported.
 */
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import * as Url from "node:url"
import { median } from "../internal/stats.js"

export interface Figure {
  readonly name: string
  /** Median wall time of the import (ms). */
  readonly millis: number
  /** Median CPU time of the import (ms). */
  readonly cpuMillis: number
  /** Each run's CPU time, in run order. */
  readonly samples: ReadonlyArray<number>
}

const here = Path.dirname(Url.fileURLToPath(import.meta.url))
const root = Path.resolve(here, "..", "..", "..", "..")
const packages = Path.join(root, "packages")
/** Ours, built and laid out as a user's install has them. */
const ours = ["core", "spot", "unified"] as const
/** What ours import at run time, linked from the workspace (one copy, as a user's tree has one). */
const thirdParty = ["effect", "@effect/platform", "@effect/experimental", "undici"] as const

const newest = (dir: string): number => {
  let latest = 0
  for (const entry of Fs.readdirSync(dir, { withFileTypes: true })) {
    const file = Path.join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(file) : Fs.statSync(file).mtimeMs)
  }
  return latest
}

/** Builds `dist/` of ours unless what the published exports point at is newer than every source file. */
const build = (log: (line: string) => void) => {
  const stale = ours.some((name) => {
    const json = JSON.parse(Fs.readFileSync(Path.join(packages, name, "package.json"), "utf8"))
    const index = Path.join(packages, name, json.publishConfig.exports["."].import)
    return !Fs.existsSync(index) || Fs.statSync(index).mtimeMs < newest(Path.join(packages, name, "src"))
  })
  if (!stale) return
  log("  building dist/ of core, spot and unified (tsc -b, then scripts/bundle.mjs)")
  ChildProcess.execFileSync(process.execPath, [Path.join(root, "scripts", "packages.mjs"), "--build-configs"], {
    cwd: root,
    stdio: "inherit"
  })
  ChildProcess.execFileSync(
    process.execPath,
    [
      Path.join(root, "node_modules", "typescript", "bin", "tsc"),
      "-b",
      ...ours.map((name) => Path.join("packages", name, "tsconfig.build.json"))
    ],
    { cwd: root, stdio: "inherit" }
  )
  // The one-file builds the published exports of the bundled lines point at (unified's).
  ChildProcess.execFileSync(process.execPath, [Path.join(root, "scripts", "bundle.mjs")], {
    cwd: root,
    stdio: "inherit"
  })
}

/** A scratch project whose `node_modules` holds ours as published (`dist/`, the publish exports). */
const scratch = (): string => {
  const dir = Fs.mkdtempSync(Path.join(Os.tmpdir(), "effect-bitget-imports-"))
  const modules = Path.join(dir, "node_modules")
  for (const name of ours) {
    const json = JSON.parse(Fs.readFileSync(Path.join(packages, name, "package.json"), "utf8"))
    const target = Path.join(modules, "@effect-bitget", name)
    Fs.mkdirSync(target, { recursive: true })
    Fs.writeFileSync(
      Path.join(target, "package.json"),
      JSON.stringify({ name: json.name, version: json.version, type: "module", exports: json.publishConfig.exports })
    )
    Fs.cpSync(Path.join(packages, name, "dist"), Path.join(target, "dist"), {
      recursive: true,
      filter: (file) => !file.endsWith(".map") && !file.endsWith(".d.ts")
    })
  }
  for (const name of thirdParty) {
    const target = Path.join(modules, name)
    Fs.mkdirSync(Path.dirname(target), { recursive: true })
    Fs.symlinkSync(Fs.realpathSync(Path.join(packages, "core", "node_modules", name)), target, "dir")
  }
  Fs.writeFileSync(Path.join(dir, "package.json"), JSON.stringify({ name: "imports", private: true, type: "module" }))
  return dir
}

/** Wall and CPU milliseconds `import(specifier)` takes in a fresh node process started in `cwd`. */
const timeImport = (specifier: string, cwd: string): { readonly wall: number; readonly cpu: number } => {
  const script = `const cpu = process.cpuUsage()\nconst start = performance.now()\n` +
    `await import(${JSON.stringify(specifier)})\nconst wall = performance.now() - start\n` +
    `const used = process.cpuUsage(cpu)\n` +
    `process.stdout.write(JSON.stringify({ wall, cpu: (used.user + used.system) / 1000 }))\nprocess.exit(0)`
  const out = ChildProcess.execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH ?? "" }
  })
  const figures = JSON.parse(out) as { wall: number; cpu: number }
  if (!Number.isFinite(figures.wall) || !Number.isFinite(figures.cpu)) throw new Error(`${specifier}: ${out}`)
  return figures
}

export const run = (options: {
  readonly rounds: number
  readonly log: (line: string) => void
}): ReadonlyArray<Figure> => {
  build(options.log)
  const dir = scratch()
  try {
    // bitget-api and ccxt as the bench installed them (their ESM entries, their dependencies beside them).
    const peer = (name: string) => import.meta.resolve(name)
    const targets: ReadonlyArray<readonly [string, string]> = [
      ["effect", "effect"],
      ["@effect-bitget/spot", "@effect-bitget/spot"],
      ["@effect-bitget/unified", "@effect-bitget/unified"],
      ["bitget-api", peer("bitget-api")],
      ["ccxt", peer("ccxt")]
    ]
    // One discarded pass: the OS's file cache warm for every target alike.
    for (const [, specifier] of targets) timeImport(specifier, dir)
    const samples = new Map<string, Array<{ readonly wall: number; readonly cpu: number }>>(
      targets.map(([name]) => [name, []])
    )
    for (let round = 1; round <= options.rounds; round++) {
      for (const [name, specifier] of targets) samples.get(name)!.push(timeImport(specifier, dir))
    }
    return targets.map(([name]) => {
      const runs = samples.get(name)!
      return {
        name,
        millis: median(runs.map((run) => run.wall)),
        cpuMillis: median(runs.map((run) => run.cpu)),
        samples: runs.map((run) => run.cpu)
      }
    })
  } finally {
    Fs.rmSync(dir, { recursive: true, force: true })
  }
}
