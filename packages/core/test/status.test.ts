/**
 * The exact status boundaries of error classification (issue 25 §3): a code the table does not
 * know is decided by the HTTP status, so each edge is tested on both sides — 401, 403 and 429
 * exactly and their neighbours, and 500 exactly (the first server error) against 499 — in the
 * table and over the wire; and a code the table knows is decided by the code on any status.
 */
import * as Envelope from "@effect-bitget/core/Envelope"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Support from "./support.js"

const UNKNOWN = "99999"

/** status → family of a code the table does not know. */
const edges: ReadonlyArray<readonly [number, string]> = [
  [200, "ExchangeError"],
  [399, "ExchangeError"],
  [400, "ExchangeError"],
  [401, "AuthenticationError"],
  [402, "ExchangeError"],
  [403, "PermissionError"],
  [404, "ExchangeError"],
  [428, "ExchangeError"],
  [429, "RateLimitError"],
  [430, "ExchangeError"],
  [499, "ExchangeError"],
  [500, "ServiceUnavailable"],
  [501, "ServiceUnavailable"],
  [502, "ServiceUnavailable"],
  [503, "ServiceUnavailable"],
  [504, "ServiceUnavailable"],
  [599, "ServiceUnavailable"]
]

describe("status boundaries of an unknown code", () => {
  it("the table: each edge and its neighbours", () => {
    for (const [status, family] of edges) expect([status, Envelope.family(UNKNOWN, status)]).toEqual([status, family])
  })

  it("a known code wins over any status, 500 included", () => {
    for (const status of [200, 400, 429, 499, 500, 503]) {
      expect([status, Envelope.family("43012", status)]).toEqual([status, "InsufficientBalance"])
      expect([status, Envelope.family("40006", status)]).toEqual([status, "AuthenticationError"])
    }
  })
})

// 429 is left out on the wire: it is retried with backoff (resilience.test.ts drives it under TestClock).
layer(Support.env())("status boundaries over the wire (one simulator)", (it) => {
  for (const [status, family] of edges.filter(([status]) => status !== 429 && status !== 200)) {
    it.effect(`HTTP ${status} with code ${UNKNOWN} is ${family} with that status, sent once`, () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        simulator.traffic.reset()
        const error = yield* Effect.flip(Support.failRead({ code: UNKNOWN, status }))
        expect(error).toMatchObject({ _tag: family, endpoint: "test.failRead", code: UNKNOWN, status })
        expect(simulator.traffic.count("GET /api/v2/test/fail-read")).toBe(1)
      }))
  }
})
