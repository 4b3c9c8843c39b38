/**
 * The README's "Use" example, run as written: its code block is copied out of README.md (no
 * second copy is kept in the repository) and run with node against the simulator, the four
 * variables set as the README says. The consumer test (scripts/consumer-test.mjs) type-checks
 * the same block against the packed packages.
 */
import { Simulator } from "@effect-bitget/simulator"
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as ChildProcess from "node:child_process"
import * as Fs from "node:fs"
import * as Path from "node:path"

const readme = Fs.readFileSync(new URL("../../../README.md", import.meta.url), "utf8")

/** The first `ts` block under "## Use". */
const example = (): string => {
  const use = readme.slice(readme.indexOf("\n## Use\n"))
  const start = use.indexOf("```ts\n") + 6
  return use.slice(start, use.indexOf("\n```", start))
}

it("the README's Use section has its example", () => {
  expect(example()).toContain("Trade.placeOrder(")
  expect(example()).toContain("Effect.runPromise(")
})

it.live(
  "run with the environment pointing at the simulator, the README's example places the order and prints it",
  () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      // Inside the tour package, so its imports resolve as a user's project's would.
      const dir = new URL(".readme/", import.meta.url).pathname
      Fs.mkdirSync(dir, { recursive: true })
      const file = Path.join(dir, "example.ts")
      Fs.writeFileSync(file, example())
      const run = yield* Effect.async<{ readonly code: number | null; readonly out: string; readonly err: string }>(
        (resume) => {
          const child = ChildProcess.execFile(
            process.execPath,
            ["--import", "tsx", file],
            {
              env: {
                ...process.env,
                BITGET_BASE_URL: simulator.url,
                BITGET_API_KEY: Redacted.value(simulator.credentials.apiKey),
                BITGET_API_SECRET: Redacted.value(simulator.credentials.secret),
                BITGET_API_PASSPHRASE: Redacted.value(simulator.credentials.passphrase)
              },
              timeout: 60_000
            },
            (error, out, err) => resume(Effect.succeed({ code: error === null ? 0 : (error.code as number), out, err }))
          )
          return Effect.sync(() => child.kill())
        }
      )
      expect(run.err).not.toMatch(/Error/)
      expect(run.code).toBe(0)
      expect(run.out.trim()).toMatch(/^order placed: \d+$/)
      // One order reached the simulator.
      expect(simulator.traffic.count("POST /api/v2/spot/trade/place-order")).toBe(1)
    }).pipe(Effect.provide(Simulator.layer())),
  90_000
)
