// `pnpm build`: every publishable package to dist/ (ESM, .d.ts, source maps) with `tsc -b`
// project references derived from the workspace dependencies (scripts/packages.mjs), then the
// one-file `dist/bundle/` of the bundled ones (scripts/bundle.mjs).
import { execFileSync } from "node:child_process"
import * as Path from "node:path"

const root = Path.resolve(import.meta.dirname, "..")
execFileSync(process.execPath, [Path.join(root, "scripts/packages.mjs"), "--build-configs"], { stdio: "inherit" })
execFileSync(process.execPath, [Path.join(root, "node_modules/typescript/bin/tsc"), "-b", "tsconfig.build.json"], {
  cwd: root,
  stdio: "inherit"
})
execFileSync(process.execPath, [Path.join(root, "scripts/bundle.mjs")], { cwd: root, stdio: "inherit" })
