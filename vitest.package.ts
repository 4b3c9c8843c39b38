/**
 * The test settings every package's `vitest.config.ts` shares (`npx vitest run packages/spot`, and
 * Stryker's vitest runner, `pnpm mutate <package>`). The whole suite runs from the root config instead.
 */
const mutating = process.env.MUTATE_PACKAGE !== undefined

export const packageTest = {
  // `MUTATE_TESTS` (comma-separated paths in the package, `test/x.test.ts`, as stryker.config.mjs takes
  // them) narrows a mutation run to the tests that pin the files measured: on the shared machine at a
  // load of 20–23 core's whole suite took 17 min to start instrumented and ~15 s a mutant. A score over
  // fewer tests is a lower bound.
  include: process.env.MUTATE_TESTS === undefined ? ["test/**/*.test.ts"] : process.env.MUTATE_TESTS.split(","),
  // Under Stryker every test runs instrumented with per-test coverage on a busy machine: the heaviest
  // (577 generated endpoints in core's fastDecode.test.ts) passed 30 s in the initial run and Stryker
  // refused to start.
  testTimeout: mutating ? 120_000 : 30_000,
  // A shared layer (`layer(Env)`) starts its simulator in a hook: at a load of 17–28 the initial run's
  // hooks passed vitest's default 10 s and Stryker refused to start (core in session 13, copy-trading's
  // `rules.test.ts` twice in session 14).
  ...(mutating ? { hookTimeout: 120_000 } : {})
}
