// @ts-check
// Mutation testing of one package (issue 25): `pnpm mutate [package]` (default: core) sets
// MUTATE_PACKAGE and runs Stryker with this configuration. The package's own vitest config runs
// against every mutant; the TypeScript checker drops mutants that do not compile, so they are not
// counted. Incremental: the second run re-tests only mutants whose code or tests changed
// (`.stryker/<package>/incremental.json`, kept out of git). Figures: docs/testing.md.
import * as Fs from "node:fs"
import * as Path from "node:path"

const pkg = process.env.MUTATE_PACKAGE ?? "core"
const only = process.env.MUTATE_FILES // optional: a glob inside the package, e.g. "src/internal/wire.ts"
// Optional: the package's test files that run against each mutant (comma-separated globs inside the
// package, e.g. "test/rules.test.ts,test/orderRules.test.ts"). A line's rules are reached by most of
// its flow tests, so a mutant of one ran 5-8 test files (~24 s each at a load of 18); measured
// against the line's rule tests only, a mutant takes a few seconds, and the score says what those
// tests pin on their own (a mutant only a flow test kills counts as surviving).
const tests = process.env.MUTATE_TESTS

// The checker compiles the package's own sources (what a mutant changes), not the whole
// workspace: on the shared two-core machine the root tsconfig took 5-7 min to load before the
// first mutant and ~7 min per full check; core's sources alone take under a minute. A mutant that
// only breaks a type the tests rely on is then tested instead of dropped (vitest does not type-check).
const tsconfig = Path.join(".stryker", pkg, "tsconfig.json")
Fs.mkdirSync(Path.join(import.meta.dirname, ".stryker", pkg), { recursive: true })
Fs.writeFileSync(
  Path.join(import.meta.dirname, tsconfig),
  JSON.stringify({ extends: "../../tsconfig.base.json", include: [`../../packages/${pkg}/src`] })
)

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  packageManager: "pnpm",
  // pnpm keeps each package's dependencies apart: name the plugins so Stryker resolves them from here.
  plugins: ["@stryker-mutator/vitest-runner", "@stryker-mutator/typescript-checker"],
  testRunner: "vitest",
  vitest: { configFile: `packages/${pkg}/vitest.config.ts`, dir: `packages/${pkg}` },
  checkers: ["typescript"],
  tsconfigFile: tsconfig,
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  mutate: only === undefined
    ? [`packages/${pkg}/src/**/*.ts`, `!packages/${pkg}/src/**/index.ts`]
    : only.split(",").map((file) => `packages/${pkg}/${file}`),
  coverageAnalysis: "perTest",
  testFiles: tests === undefined ? [] : tests.split(",").map((file) => `packages/${pkg}/${file}`),
  // A static mutant (a module-level value: a spelling set, a regular expression, a constant) has
  // no per-test coverage, so each runs the package's whole suite: 76 of 238 mutants of a first core
  // run, estimated at 61% of its time (the whole suite takes 6 min instrumented on the shared
  // machine). They are left out (reported as Ignored, not in the score) unless MUTATE_STATIC=true.
  ignoreStatic: process.env.MUTATE_STATIC !== "true",
  incremental: true,
  incrementalFile: `.stryker/${pkg}/incremental.json`,
  reporters: ["clear-text", "progress", "json"],
  jsonReporter: { fileName: `.stryker/${pkg}/mutation.json` },
  htmlReporter: { fileName: `.stryker/${pkg}/mutation.html` },
  // In place, not in a sandbox copy: the workspace's packages import each other through
  // node_modules/@effect-bitget/* links, which from a sandbox still lead to the unmutated sources
  // (a first run in a sandbox scored 35% on Envelope.ts because no test saw a mutant through a
  // package import). Stryker restores every file when it ends; don't edit sources while it runs.
  inPlace: true,
  tempDirName: ".stryker/tmp",
  cleanTempDir: "always",
  // Two cores: one vitest worker and one checker each keep the machine usable.
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 2),
  timeoutMS: 20_000,
  // The initial run is the package's whole suite, instrumented, with per-test coverage: on the
  // shared machine at a load of 20 core's took over Stryker's default 5 minutes and the run stopped.
  dryRunTimeoutMinutes: 30,
  thresholds: { high: 90, low: 85, break: null },
  ignorePatterns: [".vitest", ".stryker", "docs", "packages/bench", "**/dist"]
}
