/**
 * The public declarations against Bitget's request tables (issue 13): announcements' `annType`
 * and `language` and the trade rate's `businessType` in any letter case are sent as documented
 * (observed on the wire through a pass-through server in front of the simulator); the simulator
 * honours `annType` and the `[startTime, endTime]` range (edges ±1 ms); the page size (10) and
 * the documented values are checked with nothing sent.
 */
import * as Public from "@effect-bitget/core/Public"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Hostile from "./hostile/Hostile.js"
import { refusedLocally } from "./refused.js"

const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, any>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials)) as Effect.Effect<A, E>
  const lastQuery = (path: string) =>
    Object.fromEntries([...hostile.received].reverse().find((r) => r.path === path)!.query)
  const refused = <A, E extends { readonly _tag: string }>(call: Effect.Effect<A, E, any>, reason: string) =>
    refusedLocally(via(call), reason, () => hostile.received.length)
  return { hostile, via, lastQuery, refused }
})

// Live clock: the announcements are seeded over the four weeks before the simulator's start.
const scoped = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  it.scopedLive(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

const ANNOUNCEMENTS = "/api/v2/public/annoucements"
const millis = DateTime.toEpochMillis

describe("public request schemas", () => {
  scoped(
    "announcements: annType and language in any case are sent as documented; the type filters",
    () =>
      Effect.gen(function*() {
        const { lastQuery, via } = yield* setup
        const listings = yield* via(
          Public.announcements({ language: "EN_us" as "en_US", annType: "COIN_LISTINGS" as "coin_listings" })
        )
        expect(lastQuery(ANNOUNCEMENTS)).toMatchObject({ language: "en_US", annType: "coin_listings" })
        expect(listings.length).toBeGreaterThan(0)
        expect(listings.every((a) => a.annType === "coin_listings" && a.language === "en_US")).toBe(true)
        const delistings = yield* via(Public.announcements({ language: "zh_CN", annType: "symbol_delisting" }))
        expect(delistings.length).toBeGreaterThan(0)
        expect(delistings.every((a) => a.annType === "symbol_delisting")).toBe(true)
        // Without a type, several types come.
        const all = yield* via(Public.announcements({ language: "en_US" }))
        expect(new Set(all.map((a) => a.annType)).size).toBeGreaterThan(1)
      })
  )

  scoped(
    "announcements: startTime and endTime bound the announcement time, edges included",
    () =>
      Effect.gen(function*() {
        const { via } = yield* setup
        const [newest, second, third] = yield* via(Public.announcements({ language: "en_US", limit: 3 }))
        const t = millis(second!.cTime)
        const at = DateTime.unsafeMake
        const exactly = yield* via(Public.announcements({ language: "en_US", startTime: at(t), endTime: at(t) }))
        expect(exactly.map((a) => a.annId)).toEqual([second!.annId])
        const after = yield* via(Public.announcements({ language: "en_US", startTime: at(t + 1), limit: 10 }))
        expect(after.map((a) => a.annId)).toContain(newest!.annId)
        expect(after.map((a) => a.annId)).not.toContain(second!.annId)
        const before = yield* via(Public.announcements({ language: "en_US", endTime: at(t - 1), limit: 1 }))
        expect(before.map((a) => a.annId)).toEqual([third!.annId])
      })
  )

  scoped(
    "announcements: 10 a page at most, documented values only; nothing sent otherwise",
    () =>
      Effect.gen(function*() {
        const { hostile, refused, via } = yield* setup
        yield* refused(Public.announcements({ language: "en_US", limit: 11 }), "limit must be an integer from 1 to 10")
        yield* refused(Public.announcements({ language: "zh-CN" as "zh_CN" }), "language")
        yield* refused(Public.announcements({ language: "en_US", annType: "listings" as "coin_listings" }), "annType")
        const sent = hostile.received.length
        expect(yield* via(Public.announcements({ language: "en_US", limit: 10 }))).toHaveLength(10)
        expect(hostile.received.length).toBe(sent + 1)
      })
  )

  scoped("tradeRate: businessType SPOT is sent as spot; an empty symbol is refused", () =>
    Effect.gen(function*() {
      const { lastQuery, refused, via } = yield* setup
      yield* via(Public.tradeRate({ symbol: "BTCUSDT", businessType: "SPOT" as "spot" }))
      expect(lastQuery("/api/v2/common/trade-rate")).toEqual({ symbol: "BTCUSDT", businessType: "spot" })
      yield* via(Public.tradeRate({ symbol: "BTCUSDT", businessType: "Mix" as "mix" }))
      expect(lastQuery("/api/v2/common/trade-rate").businessType).toBe("mix")
      yield* refused(Public.tradeRate({ symbol: "", businessType: "spot" }), "symbol: must not be empty")
      yield* refused(Public.tradeRate({ symbol: "BTCUSDT", businessType: "futures" as "mix" }), "businessType")
    }))
})
