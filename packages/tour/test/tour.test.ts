import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Steps from "../src/steps.js"

const collect = () => {
  const lines: Array<string> = []
  const print: Steps.Print = (line) => Effect.sync(() => void lines.push(line))
  return { lines, print }
}

/** A client whose passphrase the simulator does not know: public calls work, signed ones are refused. */
const wrongPassphrase = Layer.unwrapEffect(Effect.map(Simulator.Simulator, (simulator) =>
  BitgetClient.layerWith({
    baseUrl: simulator.url,
    credentials: { ...simulator.credentials, passphrase: Redacted.make("not-the-passphrase") }
  }).pipe(Layer.provide(Transport.layerUndici))))

const steps = [Steps.publicData, Steps.signedRead, Steps.history, Steps.typedError]

describe("the tour", () => {
  it.live("goes on past a failing step, printing its typed error, and ends with a summary", () =>
    Effect.gen(function*() {
      const { lines, print } = collect()
      const outcomes = yield* Steps.run("a server", steps, print)
      expect(outcomes.map((o) => o._tag === "Failed" ? o.error : o._tag)).toEqual([
        "Done",
        "AuthenticationError",
        "Done",
        "AuthenticationError"
      ])
      expect(lines).toContain(
        "  ✗ AuthenticationError: spot.account.assets: Bitget 40012 (HTTP 400) apikey/password is incorrect"
      )
      expect(lines.some((l) => /^ {2}\d+ trades in \d+ requests/.test(l))).toBe(true)
      expect(lines.slice(-6)).toEqual([
        "Summary",
        `  ✓ ${Steps.publicData.title}`,
        `  ✗ ${Steps.signedRead.title}: AuthenticationError`,
        `  ✓ ${Steps.history.title}`,
        `  ✗ ${Steps.typedError.title}: AuthenticationError`,
        "4 steps: 2 done, 2 failed."
      ])
    }).pipe(Effect.provide(wrongPassphrase.pipe(Layer.provideMerge(Simulator.layer())))))

  it.live("with a key the exchange accepts every step is done; the OrderNotFound step catches its tag", () =>
    Effect.gen(function*() {
      const { lines, print } = collect()
      const outcomes = yield* Steps.run("the simulator", steps, print)
      expect(outcomes.every((o) => o._tag === "Done")).toBe(true)
      expect(lines).toContain("  OrderNotFound (code 43001): Order does not exist")
      expect(lines.at(-1)).toBe("4 steps, all done.")
    }).pipe(Effect.provide(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer())))))

  it.live("the mode step takes V2 with the Classic key and V3 with the unified one", () =>
    Effect.gen(function*() {
      const classic = collect()
      yield* Steps.runStep(classic.print, Steps.accountMode)
      expect(classic.lines[1]).toMatch(/^  classic: V2 spot assets, \d+ coins/)
      const unified = collect()
      yield* Steps.runStep(unified.print, Steps.accountMode).pipe(
        Effect.provide(Simulator.layerClient({ unified: true }))
      )
      expect(unified.lines[1]).toMatch(/^  unified: V3 account\/assets, equity [\d.]+ USD in \d+ coins/)
      expect(unified.lines[2]).toMatch(/^  V3 BTCUSDT perpetual last [\d.]+/)
    }).pipe(Effect.provide(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer())))))

  it.live("a step that dies is reported as a defect and the next step still runs", () =>
    Effect.gen(function*() {
      const { lines, print } = collect()
      const dies: Steps.Step<never, never> = { title: "dies", run: () => Effect.dieMessage("boom") }
      const after: Steps.Step<never, never> = { title: "after", run: (p) => p("  ran") }
      const outcomes = yield* Steps.run("nothing", [dies, after], print)
      expect(outcomes.map((o) => o._tag)).toEqual(["Failed", "Done"])
      expect(outcomes[0]).toMatchObject({ error: "Defect" })
      expect(lines).toContain("  ran")
      expect(lines.at(-1)).toBe("2 steps: 1 done, 1 failed.")
    }))
})
