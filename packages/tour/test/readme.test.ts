import { Simulator } from "@effect-bitget/simulator"
import { expect, it, vi } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Fs from "node:fs"

const readme = Fs.readFileSync(new URL("../../../README.md", import.meta.url), "utf8")
const example = Fs.readFileSync(new URL("../src/examples/readme.ts", import.meta.url), "utf8")

it("the README's example is the checked file, line for line (but for its export)", () => {
  const use = readme.slice(readme.indexOf("## Use"))
  const block = use.slice(use.indexOf("```ts\n") + 6, use.indexOf("\n```", use.indexOf("```ts\n")))
  const code = example.slice(example.indexOf("*/\n") + 3).trim().replace("export const main = () => ", "")
  expect(code).toBe(block.trim())
})

it.live("run with the environment pointing at the simulator, it places the order and prints the result", () =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const env = {
      BITGET_BASE_URL: simulator.url,
      BITGET_API_KEY: Redacted.value(simulator.credentials.apiKey),
      BITGET_API_SECRET: Redacted.value(simulator.credentials.secret),
      BITGET_API_PASSPHRASE: Redacted.value(simulator.credentials.passphrase)
    }
    const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]))
    const printed: Array<unknown> = []
    const log = vi.spyOn(console, "log").mockImplementation((...args) => void printed.push(...args))
    yield* Effect.acquireUseRelease(
      Effect.sync(() => Object.assign(process.env, env)),
      () => Effect.promise(() => import("../src/examples/readme.js").then((m) => m.main())),
      () =>
        Effect.sync(() => {
          log.mockRestore()
          for (const [k, v] of Object.entries(saved)) {
            if (v === undefined) delete process.env[k]
            else process.env[k] = v
          }
        })
    )
    expect(printed).toEqual([expect.stringMatching(/^order placed: \d+$/)])
  }).pipe(Effect.provide(Simulator.layer())))
