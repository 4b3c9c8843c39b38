// After `tsc -b`: the packages in BUNDLED (scripts/packages.mjs) also get `dist/bundle/`, what
// their published exports point at: `index.js`, the package's own modules in one file (its
// dependencies stay imports), and one small file per namespace of the index
// (`dist/bundle/Trade.js`) re-exporting that namespace's members from it, so
// `@effect-bitget/unified/Trade` and `@effect-bitget/unified`'s `Trade` are the same objects.
// Why: Node's ESM loader costs ≈ 1–2 ms of CPU per file, and unified's 40 files cost more to load
// than everything they declare once declarations are built on first use (issue 23, point 10;
// packages/bench/FINDINGS.md §19). Types stay tsc's per-module `.d.ts`.
// `node scripts/bundle.mjs [name …]`: the named packages (default: every bundled one).
import * as esbuild from "esbuild"
import * as Fs from "node:fs"
import * as Path from "node:path"
import * as Url from "node:url"
import { BUNDLED } from "./packages.mjs"

const root = Path.resolve(import.meta.dirname, "..")

export const bundle = async (name) => {
  const dist = Path.join(root, "packages", name, "dist")
  const out = Path.join(dist, "bundle")
  Fs.rmSync(out, { recursive: true, force: true })
  await esbuild.build({
    entryPoints: [Path.join(dist, "index.js")],
    outfile: Path.join(out, "index.js"),
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    // Every bare import (effect, @effect/*, @effect-bitget/core …) stays an import: one copy in a user's tree.
    packages: "external",
    // Keeps function and class names (spans' stack frames, `error.name`).
    keepNames: true,
    sourcemap: true,
    logLevel: "warning"
  })
  // One file per namespace of the index (`export * as Trade from "./Trade.js"`), re-exporting its
  // members as the bundle has them (reading a member builds nothing: declarations are lazy). The
  // names are the module's exports as esbuild reads them (its own re-exports included).
  const source = Fs.readFileSync(Path.join(dist, "index.js"), "utf8")
  const namespaces = [...source.matchAll(/^export \* as (\w+) from "\.\/([\w/]+)\.js";?$/gm)]
  for (const [, namespace, file] of namespaces) {
    const { metafile } = await esbuild.build({
      entryPoints: [Path.join(dist, `${file}.js`)],
      bundle: true,
      format: "esm",
      platform: "node",
      packages: "external",
      write: false,
      outdir: out,
      metafile: true,
      logLevel: "warning"
    })
    const names = Object.values(metafile.outputs).flatMap((output) => output.exports)
    if (names.length === 0 || names.includes("namespace$")) throw new Error(`${name}: ${file}.js: exports ${names}`)
    Fs.mkdirSync(Path.dirname(Path.join(out, `${file}.js`)), { recursive: true })
    Fs.writeFileSync(
      Path.join(out, `${file}.js`),
      // (Aliased: a module may export a member named as its namespace, `Candles.Candles`.)
      `import { ${namespace} as namespace$ } from "./index.js"\nexport const { ${names.join(", ")} } = namespace$\n`
    )
  }
  return namespaces.length
}

if (import.meta.url === Url.pathToFileURL(process.argv[1]).href) {
  const names = process.argv.length > 2 ? process.argv.slice(2) : [...BUNDLED]
  for (const name of names) {
    const count = await bundle(name)
    console.log(`bundled ${name}: dist/bundle/index.js and ${count} namespace entries`)
  }
}
