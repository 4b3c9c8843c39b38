import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    // `MUTATE_TESTS` (comma-separated paths in the package, `test/x.test.ts`, as stryker.config.mjs takes them) narrows a mutation run to the tests that pin
    // the files measured: on the shared machine at a load of 20–23 the whole suite took 17 min to
    // start instrumented and ~15 s a mutant. A score over fewer tests is a lower bound.
    include: process.env.MUTATE_TESTS === undefined
      ? ["test/**/*.test.ts"]
      : process.env.MUTATE_TESTS.split(","),
    // Under Stryker (`pnpm mutate` sets MUTATE_PACKAGE) every test runs instrumented with per-test
    // coverage on a busy machine: the heaviest (577 generated endpoints in fastDecode.test.ts)
    // passed 30 s in the initial run and Stryker refused to start.
    testTimeout: process.env.MUTATE_PACKAGE === undefined ? 30_000 : 120_000,
    // A shared layer (`layer(Support.env())`) starts its simulator in a hook: at a load of 17 the
    // initial run's hooks passed vitest's default 10 s and Stryker refused to start (session 13).
    ...(process.env.MUTATE_PACKAGE === undefined ? {} : { hookTimeout: 120_000 })
  }
})
