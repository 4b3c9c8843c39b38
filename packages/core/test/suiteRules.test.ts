/**
 * Rules the whole suite lives by, because it runs as one module graph per worker (`isolate: false`,
 * vitest.config.ts): no test may reset that graph or mock a module, or every later file in the
 * worker runs on other instances. Seen in CI: after one `vi.resetModules()`, core's metrics were
 * loaded twice, Effect's registry held `bitget.request.duration` twice (a histogram's key compares
 * its boundaries by reference), and opentelemetry.test.ts read the count of the old one.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Fs from "node:fs"
import * as Path from "node:path"

const root = Path.resolve(import.meta.dirname, "../../..")

/** Every TypeScript file under `packages/<name>/test/`. */
const testFiles = (): Array<string> =>
  Fs.readdirSync(Path.join(root, "packages")).flatMap((name) => {
    const dir = Path.join(root, "packages", name, "test")
    if (!Fs.existsSync(dir)) return []
    return (Fs.readdirSync(dir, { recursive: true }) as Array<string>)
      .filter((file) => file.endsWith(".ts"))
      .map((file) => Path.join(dir, file))
  })

describe("the suite's own rules", () => {
  it("no test file resets the module registry or mocks a module", () => {
    const files = testFiles()
    // The scan sees the suite (hundreds of files, this one among them).
    expect(files.length).toBeGreaterThan(200)
    expect(files).toContain(Path.join(root, "packages/core/test/suiteRules.test.ts"))
    const forbidden = /\bvi\s*\.\s*(resetModules|mock|doMock|unmock|doUnmock)\s*\(/
    const offenders = files.filter((file) =>
      !file.endsWith("suiteRules.test.ts") && forbidden.test(Fs.readFileSync(file, "utf8"))
    )
    expect(offenders.map((file) => Path.relative(root, file))).toEqual([])
  })
})
