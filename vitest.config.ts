import * as Os from "node:os"
import { defineConfig } from "vitest/config"

/**
 * The whole suite as one vitest project, run from the root by `pnpm test`. One project is one
 * module graph: a worker transforms and imports effect, the simulator and the lines once, then
 * runs file after file on them (`isolate: false`). With one project per package (until
 * 2026-11-25) every worker imported the graph again for each package it touched: the suite spent
 * ~6 min of CPU, mostly in module loading, against ~1.5 min now (same 1304 tests). No test changes
 * globals, mocks modules or resets the module registry (a reset made every later file in the worker
 * load core again, and a metric declared twice was counted in two places: the rule is a test,
 * packages/core/test/suiteRules.test.ts); the one shared object that did (@effect/vitest's `layer` rewrites
 * vitest's `it`) is put back before each file by `vitest.setup.ts`. Output stays quiet: a passing
 * test's console output is not printed, a failing one's is. One worker per core (vitest's default,
 * cores − 1, ran the suite on one core of two). A package's own tests: `npx vitest run packages/spot`.
 */
export default defineConfig({
  test: {
    include: ["packages/*/test/**/*.test.ts"],
    setupFiles: ["./vitest.setup.ts"],
    isolate: false,
    testTimeout: 30_000,
    silent: "passed-only",
    maxWorkers: Os.availableParallelism()
  }
})
