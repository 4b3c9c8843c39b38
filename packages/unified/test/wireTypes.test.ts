/**
 * V3 answers in the JSON types Bitget sends (the audit of issue 23 point 8): switch-deduct's
 * `data` is the JSON boolean `true` on Bitget's page (recorded by JKorf/Bitget.Net,
 * Bitget.Net.UnitTests/Endpoints/Unified/Account/SwitchDeduct.txt). Served over loopback and
 * decoded; then the simulator's answer, which must carry the same type.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import { Simulator } from "@effect-bitget/simulator"
import { Account } from "@effect-bitget/unified"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const answering = (data: string) =>
  Effect.gen(function*() {
    const hostile = yield* Hostile.make()
    hostile.otherwise(() => ({
      _tag: "Respond",
      status: 200,
      body: `{"code":"00000","msg":"success","requestTime":1695785738672,"data":${data}}`
    }))
    return <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
      Effect.provide(effect, Hostile.client(hostile.url, Hostile.anyCredentials))
  })

describe("V3 switch-deduct in Bitget's JSON type", () => {
  it.scopedLive("data true (Bitget's page) decodes to true; false to false; \"success\" to true; anything else fails", () =>
    Effect.gen(function*() {
      for (const [data, expected] of [["true", true], ["false", false], ["\"success\"", true]] as const) {
        const via = yield* answering(data)
        expect([data, yield* via(Account.switchDeduct({ deduct: "on" }))]).toEqual([data, expected])
      }
      const odd = yield* answering("\"maybe\"")
      expect((yield* Effect.flip(odd(Account.switchDeduct({ deduct: "off" }))))._tag).toBe("MalformedResponse")
    }))

  it.scopedLive("the simulator answers data: true on the wire, and the switch holds", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
        Effect.provide(effect, Hostile.client(hostile.url, simulator.unified.credentials))
      expect(yield* via(Account.switchDeduct({ deduct: "on" }))).toBe(true)
      const raw = JSON.parse(hostile.arrivals("POST /api/v3/account/switch-deduct")[0]!.body) as { data: unknown }
      expect(raw.data).toBe(true)
      expect((yield* via(Account.deductInfo())).deduct).toBe("on")
    }).pipe(Effect.provide(Layer.fresh(Simulator.layer({ rateLimits: false })))))
})
