/**
 * The account-mode split: 40085 (a unified key on V2) and 40084 (a Classic key on V3) are their
 * own tagged error whose message says what to do; `AccountMode.probe` tells the mode.
 */
import * as AccountMode from "@effect-bitget/core/AccountMode"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Support from "../support.js"
import * as Hostile from "./Hostile.js"

const ASSETS = "GET /api/v3/account/assets"

const answer = (code: string, status: number): Hostile.Action => ({
  _tag: "Respond",
  status,
  body: JSON.stringify({ code, msg: "account mode", requestTime: 0, data: null })
})

describe("account mode", () => {
  for (const status of [400, 403]) {
    it.scoped(`40085 (HTTP ${status}) is AccountModeError: a unified key on V2, use a Classic sub-account or V3`, () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(Support.fail({ code: "40085", status }))
        expect(error).toMatchObject({ _tag: "AccountModeError", account: "unified", code: "40085", status })
        expect(error.message).toContain("unified (UTA)")
        expect(error.message).toContain("Classic sub-account")
        expect(error.message).toContain("V3")
        const classic = yield* Effect.flip(Support.fail({ code: "40084", status }))
        expect(classic).toMatchObject({ _tag: "AccountModeError", account: "classic", code: "40084" })
        expect(classic.message).toContain("use the V2 API")
        // 25245 ("account not in unified mode", v3-unified-api.md) says the same as 40084.
        const notUnified = yield* Effect.flip(Support.fail({ code: "25245", status }))
        expect(notUnified).toMatchObject({ _tag: "AccountModeError", account: "classic", code: "25245", status })
      }).pipe(Effect.provide(Support.env())))
  }

  it.scoped("probe: a Classic key (the simulator's main one) is classic, in one signed V3 request", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      expect(yield* AccountMode.probe).toBe("classic")
      expect(simulator.traffic.count(ASSETS)).toBe(1)
    }).pipe(Effect.provide(Support.env())))

  it.scoped("probe: an answer means unified, 40084 and 25245 classic, 40085 unified; any other failure is the call's own", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      const probe = Effect.provide(AccountMode.probe, Hostile.client(hostile.url, Hostile.anyCredentials))
      hostile.next({
        _tag: "Respond",
        status: 200,
        body: JSON.stringify({ code: "00000", msg: "success", requestTime: 0, data: { assets: [] } })
      }, ASSETS)
      expect(yield* probe).toBe("unified")
      hostile.next(answer("40084", 400), ASSETS)
      expect(yield* probe).toBe("classic")
      hostile.next(answer("40006", 400), ASSETS)
      expect(yield* Effect.flip(probe)).toMatchObject({ _tag: "AuthenticationError", code: "40006" })
      hostile.next(answer("40085", 400), ASSETS)
      expect(yield* probe).toBe("unified")
      hostile.next(answer("25245", 400), ASSETS)
      expect(yield* probe).toBe("classic")
      expect(hostile.count(ASSETS)).toBe(5)
    }))
})
