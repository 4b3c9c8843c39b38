// `pnpm mutate [package] [files]`: Stryker (vitest runner, TypeScript checker, incremental) on one
// package's sources; see stryker.config.mjs. Not part of .ci/run: it takes far longer than the
// suite (figures in docs/testing.md).
import { spawnSync } from "node:child_process"
import * as Fs from "node:fs"
import * as Path from "node:path"

const root = Path.resolve(import.meta.dirname, "..")
const [pkg = "core", files] = process.argv.slice(2)
if (!Fs.existsSync(Path.join(root, "packages", pkg, "vitest.config.ts"))) {
  console.error(`package: no tested package named "${pkg}" under packages/`)
  process.exit(2)
}
const result = spawnSync("npx", ["stryker", "run", "stryker.config.mjs"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, MUTATE_PACKAGE: pkg, ...(files === undefined ? {} : { MUTATE_FILES: files }) }
})
process.exit(result.status ?? 1)
