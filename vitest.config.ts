import * as Fs from "node:fs"
import { defineConfig } from "vitest/config"

/**
 * One vitest project per package, from its own `vitest.config.ts`, run from the root by `pnpm
 * test`. Projects are not isolated per file: a worker reuses the modules it loaded (effect, the
 * simulator, the lines) for its next file instead of importing them again, which took a third of
 * the suite's time (collect 124 s of 414 s on two cores). No test changes globals or mocks
 * modules, so files cannot see each other through this. Output stays quiet: a passing test's
 * console output is not printed, a failing one's is.
 */
const packages = Fs.readdirSync("packages").filter((name) => Fs.existsSync(`packages/${name}/vitest.config.ts`))

export default defineConfig({
  test: {
    projects: packages.map((name) => ({
      extends: `./packages/${name}/vitest.config.ts`,
      test: {
        name: JSON.parse(Fs.readFileSync(`packages/${name}/package.json`, "utf8")).name as string,
        root: `packages/${name}`,
        isolate: false
      }
    })),
    silent: "passed-only"
  }
})
