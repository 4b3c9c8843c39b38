// `pnpm pack:all <dir>`: builds every publishable package (`tsc -b`) and writes one tarball per
// package into <dir>, each with its dist/, README, CHANGELOG and the repository's LICENSE.
import { execFileSync } from "node:child_process"
import * as Fs from "node:fs"
import * as Path from "node:path"
import { publishable } from "./packages.mjs"

const root = Path.resolve(import.meta.dirname, "..")
const target = process.argv[2]
if (target === undefined) {
  console.error("usage: pnpm pack:all <dir>")
  process.exit(2)
}
const out = Path.resolve(process.cwd(), target)
Fs.mkdirSync(out, { recursive: true })

const pnpm = (args, cwd) =>
  process.env.npm_execpath?.includes("pnpm")
    ? execFileSync(process.execPath, [process.env.npm_execpath, ...args], { cwd, stdio: ["ignore", "pipe", "inherit"] })
    : execFileSync("npx", ["--yes", "pnpm@10", ...args], { cwd, stdio: ["ignore", "pipe", "inherit"] })

execFileSync(process.execPath, [Path.join(root, "scripts/build.mjs")], { cwd: root, stdio: "inherit" })
for (const pkg of publishable()) {
  const license = Path.join(pkg.dir, "LICENSE")
  Fs.copyFileSync(Path.join(root, "LICENSE"), license)
  try {
    const printed = pnpm(["pack", "--pack-destination", out], pkg.dir).toString().trim().split("\n")
    console.log(printed[printed.length - 1])
  } finally {
    Fs.rmSync(license, { force: true })
  }
}
