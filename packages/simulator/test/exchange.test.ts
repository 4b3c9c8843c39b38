import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"

// The exchange's answers seen from a plain HTTP client (global fetch), without the library.

const call = (url: string, init: RequestInit = {}) =>
  Effect.promise(async () => {
    const response = await fetch(url, init)
    return { status: response.status, body: await response.json() as { code: string; msg: string; data: unknown } }
  })

const signed = (simulator: Simulator.Service, path: string, query: string, overrides: Record<string, string> = {}) => {
  const timestamp = String(Date.now())
  const sign = HttpSigner.hmac(Redacted.value(simulator.credentials.secret), {
    timestamp,
    method: "GET",
    path,
    query,
    body: ""
  })
  return {
    "ACCESS-KEY": Redacted.value(simulator.credentials.apiKey),
    "ACCESS-SIGN": sign,
    "ACCESS-TIMESTAMP": timestamp,
    "ACCESS-PASSPHRASE": Redacted.value(simulator.credentials.passphrase),
    ...overrides
  }
}

const rate = "/api/v2/common/trade-rate"
const query = "businessType=spot&symbol=BTCUSDT"

describe("the simulated exchange over plain HTTP", () => {
  it.live("answers Bitget's codes for every authentication failure", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const url = `${simulator.url}${rate}?${query}`
      const cases: Array<[Record<string, string>, string]> = [
        [{ "ACCESS-KEY": "" }, "40001"],
        [{ "ACCESS-SIGN": "" }, "40002"],
        [{ "ACCESS-TIMESTAMP": "soon" }, "40005"],
        [{ "ACCESS-KEY": "bg_unknown" }, "40006"],
        [{ "ACCESS-TIMESTAMP": String(Date.now() - 31_000) }, "40008"],
        [{ "ACCESS-SIGN": "AAAA" }, "40009"],
        [{ "ACCESS-PASSPHRASE": "" }, "40011"],
        [{ "ACCESS-PASSPHRASE": "wrong" }, "40012"]
      ]
      for (const [override, code] of cases) {
        const answer = yield* call(url, { headers: signed(simulator, rate, query, override) })
        expect([code, answer.status, answer.body.code, answer.body.data]).toEqual([code, 400, code, null])
      }
      const ok = yield* call(url, { headers: signed(simulator, rate, query) })
      expect([ok.status, ok.body.code, ok.body.msg]).toEqual([200, "00000", "success"])
    }).pipe(Effect.provide(Simulator.layer())))

  it.live("a signature over a differently ordered query is refused: the raw query is what is verified", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const headers = signed(simulator, rate, "symbol=BTCUSDT&businessType=spot")
      const answer = yield* call(`${simulator.url}${rate}?${query}`, { headers })
      expect(answer.body.code).toBe("40009")
    }).pipe(Effect.provide(Simulator.layer())))

  it.live("validates parameters with the declaration's schema, knows its paths, and limits per endpoint", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const missing = yield* call(`${simulator.url}/api/v2/public/annoucements`)
      expect([missing.status, missing.body.code]).toEqual([400, "40017"])
      // The refusal names the field, not the whole request schema (issue 23, point 8).
      expect(missing.body.msg).toMatch(/^Parameter verification failed: language: /)
      expect(missing.body.msg.length).toBeLessThan(200)
      const unknown = yield* call(`${simulator.url}/api/v2/spot/nothing-here`)
      expect([unknown.status, unknown.body.code]).toEqual([404, "40404"])
      const statuses: Array<number> = []
      for (let i = 0; i < 22; i++) {
        statuses.push((yield* call(`${simulator.url}/api/v2/public/time`)).status)
      }
      // 20 per second per IP: the 21st and 22nd are refused with HTTP 429, code 429.
      expect(statuses.filter((s) => s === 200).length).toBe(20)
      expect(statuses.slice(20)).toEqual([429, 429])
      expect(simulator.limits.refused).toBe(2)
    }).pipe(Effect.provide(Simulator.layer())))

  it.live("rateLimits: false answers every request, however fast (a test of something else never waits)", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const statuses: Array<number> = []
      for (let i = 0; i < 25; i++) {
        statuses.push((yield* call(`${simulator.url}/api/v2/public/time`)).status)
      }
      expect(statuses.every((s) => s === 200)).toBe(true)
      expect(simulator.limits.refused).toBe(0)
    }).pipe(Effect.provide(Simulator.layer({ rateLimits: false }))))
})
