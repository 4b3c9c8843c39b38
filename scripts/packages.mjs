// The publishable packages and the shape their package.json must have, in one place.
// `node scripts/packages.mjs --check` fails when a package.json drifts; `--fix` rewrites them;
// `--build-configs` writes each package's tsconfig.build.json (project references follow the
// workspace dependencies) and the root tsconfig.build.json that `tsc -b` builds.
import * as Fs from "node:fs"
import * as Path from "node:path"

const root = Path.resolve(import.meta.dirname, "..")
const dir = Path.join(root, "packages")

/** The Effect 3 line we support: peers of every publishable package (and the workspace's dev dependencies). */
export const PEERS = {
  "effect": "^3.22.4",
  "@effect/platform": "^0.97.2",
  "@effect/experimental": "^0.61.1"
}
/** The Node platform packages the simulator runs on (peers too: one copy of Effect in a user's tree). */
export const NODE_PEERS = {
  "@effect/platform-node": "^0.108.2",
  "@effect/cluster": "^0.60.2",
  "@effect/rpc": "^0.76.2",
  "@effect/sql": "^0.52.1"
}

/**
 * Published as one file (`dist/bundle/`, scripts/bundle.mjs): lines with many modules, whose
 * files cost more to load one by one than what they declare (issue 23, point 10).
 */
export const BUNDLED = new Set(["unified"])

const read = (file) => JSON.parse(Fs.readFileSync(file, "utf8"))

export const all = () =>
  Fs.readdirSync(dir).filter((name) => Fs.existsSync(Path.join(dir, name, "package.json"))).map((name) => {
    const file = Path.join(dir, name, "package.json")
    return { name, dir: Path.join(dir, name), file, json: read(file) }
  })

export const publishable = () => all().filter((pkg) => pkg.json.private !== true)

const workspaceDeps = (json) =>
  Object.keys(json.dependencies ?? {}).filter((dep) => dep.startsWith("@effect-bitget/"))

/** The package.json a publishable package should have, from the one it has. */
export const expected = (pkg) => {
  const json = pkg.json
  const usesNode = pkg.name === "simulator"
  const peers = { ...PEERS, ...(usesNode ? NODE_PEERS : {}) }
  const dependencies = {}
  for (const [dep, range] of Object.entries(json.dependencies ?? {})) {
    if (dep in peers) continue
    dependencies[dep] = dep.startsWith("@effect-bitget/") ? "workspace:^" : range
  }
  const devDependencies = {}
  for (const [dep, range] of Object.entries(json.devDependencies ?? {})) {
    // Tests reach the simulator through the workspace's alias, never as a dependency (no cycles).
    if (dep === "@effect-bitget/simulator" || dep in peers) continue
    devDependencies[dep] = range
  }
  Object.assign(devDependencies, peers)
  const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)))
  const out = {
    name: json.name,
    version: json.version,
    description: json.description,
    type: "module",
    license: "MIT",
    repository: { type: "git", url: "https://github.com/effect-bitget/effect-bitget", directory: `packages/${pkg.name}` },
    sideEffects: usesNode ? ["./src/bin.ts", "./dist/bin.js"] : false,
    exports: { ".": "./src/index.ts", "./*": "./src/*.ts" },
    files: ["dist", "src", "README.md", "LICENSE", "CHANGELOG.md"],
    publishConfig: {
      access: "public",
      // Only the published package has a bin: in the workspace `pnpm simulator` runs the sources.
      ...(usesNode ? { bin: { "effect-bitget-simulator": "./dist/bin.js" } } : {}),
      exports: BUNDLED.has(pkg.name)
        ? {
          ".": { types: "./dist/index.d.ts", import: "./dist/bundle/index.js", default: "./dist/bundle/index.js" },
          "./*": { types: "./dist/*.d.ts", import: "./dist/bundle/*.js", default: "./dist/bundle/*.js" },
          "./package.json": "./package.json"
        }
        : {
          ".": { types: "./dist/index.d.ts", import: "./dist/index.js", default: "./dist/index.js" },
          "./*": { types: "./dist/*.d.ts", import: "./dist/*.js", default: "./dist/*.js" },
          "./package.json": "./package.json"
        }
    },
    dependencies: sorted(dependencies),
    peerDependencies: sorted(peers),
    devDependencies: sorted(devDependencies)
  }
  if (Object.keys(out.dependencies).length === 0) delete out.dependencies
  return out
}

const buildConfig = (pkg, names) => ({
  extends: "../../tsconfig.base.json",
  compilerOptions: {
    noEmit: false,
    allowImportingTsExtensions: false,
    composite: true,
    declaration: true,
    declarationMap: true,
    sourceMap: true,
    rootDir: "src",
    outDir: "dist",
    tsBuildInfoFile: ".tsbuildinfo/build.tsbuildinfo"
  },
  include: ["src"],
  references: workspaceDeps(pkg.json).map((dep) => dep.replace("@effect-bitget/", "")).filter((n) => names.has(n))
    .map((n) => ({ path: `../${n}/tsconfig.build.json` }))
})

const mode = process.argv[2]
if (mode === "--check" || mode === "--fix") {
  let drift = 0
  for (const pkg of publishable()) {
    for (const file of ["README.md", "CHANGELOG.md"]) {
      if (!Fs.existsSync(Path.join(pkg.dir, file))) {
        drift++
        console.error(`${pkg.json.name}: ${file} is missing`)
      }
    }
    const want = JSON.stringify(expected(pkg), null, 2) + "\n"
    if (Fs.readFileSync(pkg.file, "utf8") === want) continue
    if (mode === "--fix") Fs.writeFileSync(pkg.file, want)
    else {
      drift++
      console.error(`${pkg.json.name}: package.json differs from the publishable shape (run node scripts/packages.mjs --fix)`)
    }
  }
  process.exit(drift === 0 ? 0 : 1)
} else if (mode === "--build-configs") {
  const pkgs = publishable()
  const names = new Set(pkgs.map((pkg) => pkg.name))
  for (const pkg of pkgs) {
    Fs.writeFileSync(Path.join(pkg.dir, "tsconfig.build.json"), JSON.stringify(buildConfig(pkg, names), null, 2) + "\n")
  }
  Fs.writeFileSync(
    Path.join(root, "tsconfig.build.json"),
    JSON.stringify({ files: [], references: pkgs.map((pkg) => ({ path: `packages/${pkg.name}/tsconfig.build.json` })) }, null, 2) + "\n"
  )
} else if (mode === "--list") {
  for (const pkg of publishable()) console.log(pkg.name)
}
