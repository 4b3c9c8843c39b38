/**
 * A failing test is reported in bounded time (issue 25, session 15). With a batch of 21 let through
 * (the mutant `items.length <= maxBatch` → `true`), unified's `tradeRules.test.ts -t batches` ran for
 * hours: the call itself answered in 0.4 s, but `refusedLocally` failed the test with the answer
 * (`Effect.flip`), and a failure that is not an `Error` reaches vitest as a stack of one line, the
 * answer's JSON, with no frame. vitest 3.2's stack parser then tries that line against a Firefox/Safari
 * frame pattern that backtracks super-linearly on quotes without an `@`: 0.26 s for one item,
 * 7 s for two, 57 s for three (measured). `patches/@vitest__utils@3.2.7.patch` skips the pattern
 * where it cannot match; `refusedLocally` fails with a short assertion instead of the answer.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import { createRequire } from "node:module"
import { pathToFileURL } from "node:url"
import { refusedLocally } from "./refused.js"

/** What a batch of `n` placed orders answers, as the failing test printed it. */
const answer = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    _tag: "Succeeded",
    orderId: String(1300000000000000021n + BigInt(i)),
    clientOid: "53b3e2b237584b3ca70b4f041986eb34"
  }))

/** vitest's own stack parser, the one its reporter runs on every failure (patched). */
const parser = Effect.promise(async () => {
  const vitest = createRequire(import.meta.url).resolve("vitest/package.json")
  const path = createRequire(vitest).resolve("@vitest/utils/source-map")
  return (await import(pathToFileURL(path).href)) as {
    readonly parseStacktrace: (stack: string) => ReadonlyArray<{ readonly file: string; readonly line: number }>
  }
})

describe("a failing test is reported in bounded time", () => {
  it.effect("vitest parses a frameless JSON failure at once; frames with @ still parse", () =>
    Effect.gen(function*() {
      const { parseStacktrace } = yield* parser
      // Three items: unpatched, this call blocks ~57 s (the test then fails; 21 items would never end).
      const start = performance.now()
      expect(parseStacktrace(`Error: ${JSON.stringify(answer(3))}`)).toEqual([])
      expect(performance.now() - start).toBeLessThan(1_000)
      expect(parseStacktrace(`Error: ${JSON.stringify(answer(21))}`)).toEqual([])
      // The pattern still reads a Firefox frame's function name (the patch only skips lines without "@").
      const frames = parseStacktrace("Error: x\nplace@/work/src/a.js:12:5")
      expect(frames.map((frame) => [frame.file, frame.line])).toEqual([["/work/src/a.js", 12]])
    }))

  it.effect("refusedLocally: a call that succeeds fails with a short assertion naming the field, not its answer", () =>
    Effect.gen(function*() {
      let sent = 0
      const call = Effect.sync(() => {
        sent += 1
        return answer(21)
      })
      const exit = yield* Effect.exit(refusedLocally(call, "items", () => sent, { start: true }))
      expect(Exit.isFailure(exit)).toBe(true)
      const defect = Exit.isFailure(exit) ? Cause.squash(exit.cause) : undefined
      expect(defect).toBeInstanceOf(Error)
      const message = (defect as Error).message
      expect(message).toBe("items: not refused; the call succeeded, 1 request(s) sent")
    }))

  it.effect("refusedLocally: a refusal still passes, and a refusal after a request was sent fails", () =>
    Effect.gen(function*() {
      const refusal = { _tag: "InvalidRequest", reason: "items: a batch takes at most 20", message: "…" }
      yield* refusedLocally(Effect.fail(refusal), "items", () => 0, { start: true })
      let sent = 0
      const late = Effect.suspend(() => {
        sent += 1
        return Effect.fail(refusal)
      })
      const exit = yield* Effect.exit(refusedLocally(late, "items", () => sent, { start: true }))
      expect(Exit.isFailure(exit)).toBe(true)
    }))
})
