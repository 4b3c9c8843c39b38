// The consumer test: a user's project outside the repository, with nothing but npm, tsc and node.
// Packs every publishable package, installs the README's install line (`effect-bitget` alone, the
// one package for everything) into a scratch project, the packed `@effect-bitget/*` standing in
// for the registry's through npm `overrides` (so they come in only as its dependencies), compiles the README's "Use" example with plain tsc (strict; `nodenext` and
// `bundler` resolution), starts the packed simulator with its bin (`--json`), runs the compiled
// example with plain node against it (it must succeed and print its result), and imports every
// public entry point of every package with plain node.
import { execFileSync, spawn } from "node:child_process"
import * as Fs from "node:fs"
import * as Os from "node:os"
import * as Path from "node:path"
import * as Readline from "node:readline"

const root = Path.resolve(import.meta.dirname, "..")
const readme = Fs.readFileSync(Path.join(root, "README.md"), "utf8")
const step = (text) => console.log(`consumer: ${text}`)
const fail = (text) => {
  console.error(`consumer: FAILED: ${text}`)
  process.exit(1)
}

/** The first fenced block of `lang` after the heading `heading` in the README. */
const block = (heading, lang) => {
  const at = readme.indexOf(`\n## ${heading}\n`)
  if (at === -1) fail(`README has no "## ${heading}" section`)
  const match = readme.slice(at).match(new RegExp("```" + lang + "\\n([\\s\\S]*?)```"))
  if (match === null) fail(`README's "${heading}" section has no \`\`\`${lang} block`)
  return match[1]
}

const work = Fs.mkdtempSync(Path.join(Os.tmpdir(), "effect-bitget-consumer-"))
const packs = Path.join(work, "packs")
const project = Path.join(work, "project")
Fs.mkdirSync(project, { recursive: true })
step(`working in ${work}`)

execFileSync(process.execPath, [Path.join(root, "scripts/pack-all.mjs"), packs], { cwd: root, stdio: "inherit" })
const tarballs = Fs.readdirSync(packs).filter((f) => f.endsWith(".tgz")).map((f) => Path.join(packs, f))

// The README's install line names the one package; the packed tarballs stand in for the registry's.
const install = block("Install", "sh").split("\n").map((l) => l.trim()).find((l) => l.startsWith("npm install"))
if (install === undefined) fail("README's Install block has no `npm install` line")
const named = install.split(/\s+/).slice(2).filter((arg) => !arg.startsWith("-"))
if (!named.includes("effect-bitget")) fail(`README's install line does not name effect-bitget: ${install}`)
if (named.some((arg) => arg.startsWith("@effect-bitget/"))) fail(`README's install line names more than effect-bitget: ${install}`)
const registryArgs = named.filter((arg) => arg !== "effect-bitget")
/** The tarball of a package (`effect-bitget`, `@effect-bitget/core` → `effect-bitget-core-<version>.tgz`). */
const tarball = (name) => {
  const prefix = name.replace(/^@/, "").replace("/", "-") + "-"
  const found = tarballs.find((file) => Path.basename(file).startsWith(prefix) && /^\d/.test(Path.basename(file).slice(prefix.length)))
  if (found === undefined) fail(`no tarball for ${name}`)
  return found
}
const lines = tarballs.map((file) => Path.basename(file)).filter((file) => file.startsWith("effect-bitget-") && !/^effect-bitget-\d/.test(file))
  .map((file) => "@effect-bitget/" + file.replace(/^effect-bitget-/, "").replace(/-\d+\.\d+\.\d+.*\.tgz$/, ""))
const overrides = Object.fromEntries(lines.map((name) => [name, `file:${tarball(name)}`]))
const npm = (args, cwd = project) =>
  execFileSync("npm", args, { cwd, stdio: "inherit", env: { ...process.env, npm_config_yes: "true" } })
Fs.writeFileSync(
  Path.join(project, "package.json"),
  JSON.stringify({ name: "consumer", private: true, type: "module", overrides }, null, 2)
)
step(`npm install effect-bitget ${registryArgs.join(" ")} (its ${lines.length} @effect-bitget/* dependencies packed)`)
npm(["install", "--no-audit", "--no-fund", "--loglevel=error", tarball("effect-bitget"), ...registryArgs, "typescript@~5.9.3", "@types/node@^20"])
const direct = Object.keys(JSON.parse(Fs.readFileSync(Path.join(project, "package.json"), "utf8")).dependencies ?? {})
if (direct.some((name) => name.startsWith("@effect-bitget/"))) fail(`the project depends on more than effect-bitget: ${direct}`)

// The README's example, compiled as the user's own code.
Fs.mkdirSync(Path.join(project, "src"), { recursive: true })
Fs.writeFileSync(Path.join(project, "src", "main.ts"), block("Use", "ts"))
// A strict user: their flags apply to nothing of ours but the built .d.ts files.
const base = {
  strict: true,
  exactOptionalPropertyTypes: true,
  noPropertyAccessFromIndexSignature: true,
  noUncheckedIndexedAccess: true,
  target: "ES2022",
  lib: ["ES2022"],
  types: ["node"],
  skipLibCheck: false,
  rootDir: "src"
}
Fs.writeFileSync(
  Path.join(project, "tsconfig.json"),
  JSON.stringify({ compilerOptions: { ...base, module: "nodenext", moduleResolution: "nodenext", outDir: "dist" }, include: ["src"] })
)
Fs.writeFileSync(
  Path.join(project, "tsconfig.bundler.json"),
  JSON.stringify({ compilerOptions: { ...base, module: "esnext", moduleResolution: "bundler", noEmit: true }, include: ["src"] })
)
const tsc = Path.join(project, "node_modules/typescript/bin/tsc")
step("tsc (nodenext)")
execFileSync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: project, stdio: "inherit" })
step("tsc (bundler)")
execFileSync(process.execPath, [tsc, "-p", "tsconfig.bundler.json"], { cwd: project, stdio: "inherit" })

// Every public entry point of every package installed, imported by plain node (the simulator is not one).
const entries = []
const installed = [
  "effect-bitget",
  ...Fs.readdirSync(Path.join(project, "node_modules/@effect-bitget")).map((name) => `@effect-bitget/${name}`)
]
for (const pkg of installed) {
  const dist = Path.join(project, "node_modules", pkg, "dist")
  entries.push(pkg)
  const walk = (dir, prefix) => {
    for (const entry of Fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(Path.join(dir, entry.name), `${prefix}${entry.name}/`)
      // (`bundle/` holds what a bundled line's entry points resolve to, scripts/bundle.mjs.)
      else if (
        entry.name.endsWith(".js") && entry.name !== "bin.js" && !prefix.startsWith("internal/") &&
        !prefix.startsWith("bundle/")
      ) {
        entries.push(`${pkg}/${prefix}${entry.name.slice(0, -3)}`)
      }
    }
  }
  walk(dist, "")
}
Fs.writeFileSync(
  Path.join(project, "imports.mjs"),
  `const entries = ${JSON.stringify(entries)}\nfor (const entry of entries) await import(entry)\nconsole.log(\`imported \${entries.length} entry points\`)\n`
)
step("import every entry point")
execFileSync(process.execPath, ["imports.mjs"], { cwd: project, stdio: "inherit" })

// The packed simulator, installed in a folder of its own (not the user's project), started by its bin;
// its one JSON line says where and as whom to connect.
const simDir = Path.join(work, "simulator")
Fs.mkdirSync(simDir, { recursive: true })
Fs.writeFileSync(
  Path.join(simDir, "package.json"),
  // (npm refuses an override of a package the folder itself installs.)
  JSON.stringify({
    name: "simulator",
    private: true,
    type: "module",
    overrides: Object.fromEntries(Object.entries(overrides).filter(([name]) => name !== "@effect-bitget/simulator"))
  }, null, 2)
)
step("install the packed simulator in its own folder")
npm(["install", "--no-audit", "--no-fund", "--loglevel=error", tarball("@effect-bitget/simulator"), ...registryArgs], simDir)
step("start the packed simulator (effect-bitget-simulator --json)")
const bin = Path.join(simDir, "node_modules/.bin/effect-bitget-simulator")
if (!Fs.existsSync(bin)) fail("the simulator package installed no effect-bitget-simulator bin")
const server = spawn(bin, ["--json"], { cwd: simDir, stdio: ["ignore", "pipe", "inherit"] })
const stop = () => server.kill("SIGTERM")
process.on("exit", stop)
const first = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error("no line from the simulator within 60 s")), 60_000)
  Readline.createInterface({ input: server.stdout }).once("line", (line) => {
    clearTimeout(timer)
    resolve(line)
  })
  server.once("exit", (code) => reject(new Error(`the simulator exited with ${code}`)))
}).catch((error) => fail(error.message))
let sim
try {
  sim = JSON.parse(first)
} catch {
  fail(`the simulator's first line is not JSON: ${first}`)
}
for (const key of ["url", "apiKey", "secret", "passphrase"]) {
  if (typeof sim[key] !== "string" || sim[key] === "") fail(`the simulator's JSON line lacks ${key}: ${first}`)
}

step(`run the example against ${sim.url}`)
const output = execFileSync(process.execPath, ["dist/main.js"], {
  cwd: project,
  env: {
    ...process.env,
    BITGET_BASE_URL: sim.url,
    BITGET_API_KEY: sim.apiKey,
    BITGET_API_SECRET: sim.secret,
    BITGET_API_PASSPHRASE: sim.passphrase
  },
  timeout: 60_000
}).toString()
process.stdout.write(output)
if (output.trim() === "") fail("the example printed nothing")
stop()
Fs.rmSync(work, { recursive: true, force: true })
step("passed")
