/**
 * The tax request schemas against Bitget's request tables (issue 13): `productType` and
 * `marginType` are taken in any letter case and sent in the documented spelling, observed on the
 * wire through a pass-through server in front of the simulator, and the simulator serves the
 * records of the type asked for. (The 30-day window and the 500 page size at their edges are
 * tested in tax.test.ts.)
 */
import { Simulator } from "@effect-bitget/simulator"
import type { TaxControl } from "@effect-bitget/simulator/tax/TaxDomain"
import { Tax } from "@effect-bitget/tax"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const day = 86_400_000
const at = DateTime.unsafeMake

describe("tax request schemas", () => {
  // Live clock: the tax queries are limited to 1/s each, so a few calls wait a second or two.
  it.scopedLive("productType and marginType in any case are sent as documented", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const tax = yield* Simulator.control<TaxControl>("tax")
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      const via = <A, E>(effect: Effect.Effect<A, E, any>) =>
        Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials)) as Effect.Effect<A, E>
      const lastQuery = (path: string) =>
        Object.fromEntries([...hostile.received].reverse().find((r) => r.path === path)!.query)
      const now = Date.now()
      const range = { startTime: at(now - 10 * day), endTime: at(now) }
      // One movement of each margin type, so the type sent decides the rows served.
      const movement = (id: string, uid: string, marginType: "crossed" | "isolated") => ({
        id,
        uid,
        marginType,
        coin: "USDT",
        taxType: "transfer_in",
        amount: BigDecimal.unsafeFromString("10"),
        fee: BigDecimal.unsafeFromString("0"),
        total: BigDecimal.unsafeFromString("10"),
        ts: now - day
      })
      tax.setMarginSource((uid) => [movement("2", uid, "isolated"), movement("1", uid, "crossed")])

      yield* via(Tax.futureRecord({ ...range, productType: "coin-futures" as "COIN-FUTURES" }))
      expect(lastQuery("/api/v2/tax/future-record").productType).toBe("COIN-FUTURES")
      yield* via(Tax.futureRecord({ ...range, productType: "Usdc-Futures" as "USDC-FUTURES" }))
      expect(lastQuery("/api/v2/tax/future-record").productType).toBe("USDC-FUTURES")
      const isolated = yield* via(Tax.marginRecord({ ...range, marginType: "ISOLATED" as "isolated" }))
      expect(lastQuery("/api/v2/tax/margin-record").marginType).toBe("isolated")
      expect(isolated.map((r) => r.id)).toEqual(["2"])
      const crossed = yield* via(Tax.marginRecord({ ...range, marginType: "Crossed" as "crossed" }))
      expect(lastQuery("/api/v2/tax/margin-record").marginType).toBe("crossed")
      expect(crossed.map((r) => r.id)).toEqual(["1"])
    }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
})
