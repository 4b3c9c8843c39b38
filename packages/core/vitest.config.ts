import { defineProject } from "vitest/config"

export default defineProject({
  test: {
    include: ["test/**/*.test.ts"],
    // Under Stryker (`pnpm mutate` sets MUTATE_PACKAGE) every test runs instrumented with per-test
    // coverage on a busy machine: the heaviest (577 generated endpoints in fastDecode.test.ts)
    // passed 30 s in the initial run and Stryker refused to start.
    testTimeout: process.env.MUTATE_PACKAGE === undefined ? 30_000 : 120_000,
    // Its hooks too: a simulator started in `beforeAll` took over vitest's default 10 s at a load
    // of 18, which failed the initial run (and so the whole Stryker run) after 14 minutes.
    ...(process.env.MUTATE_PACKAGE === undefined ? {} : { hookTimeout: 120_000 })
  }
})
