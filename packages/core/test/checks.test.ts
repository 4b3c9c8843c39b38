/**
 * The local checks every declaration gets (`internal/checks.ts`), at each boundary: the page size
 * (1 and the maximum accepted, 0 and the maximum + 1 refused, fractions refused), the time range
 * (equal bounds accepted, one ms backwards refused), the window (exactly its span accepted, one ms
 * more refused) and demo/real pairing, top-level and per batch item. Pure checks of the rule
 * function, plus the same edges through the client over loopback (nothing sent when refused).
 */
import * as Checks from "@effect-bitget/core/internal/checks"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import { refusedLocally } from "./refused.js"
import * as Support from "./support.js"

const day = 86_400_000
const check = (wire: Record<string, unknown>) => Checks.check(Support.ByLastRow, wire)
/** ByLastRow's window under other parameter names, so only the window's own rule can see them. */
const renamed = {
  ...Support.ByLastRow,
  pagination: { ...Support.ByLastRow.pagination!, window: Pagination.window("1 day", "ts", "begin", "finish") }
}

describe("page size", () => {
  it("1 and the declared maximum pass; 0, the maximum + 1 and fractions are refused with the range", () => {
    expect(check({ limit: "1" })).toBeUndefined()
    expect(check({ limit: "7" })).toBeUndefined()
    expect(check({ limit: "0" })).toBe("limit must be an integer from 1 to 7, got 0")
    expect(check({ limit: "8" })).toBe("limit must be an integer from 1 to 7, got 8")
    expect(check({ limit: "-1" })).toBe("limit must be an integer from 1 to 7, got -1")
    expect(check({ limit: "2.5" })).toBe("limit must be an integer from 1 to 7, got 2.5")
  })

  it("an absent page size (missing, null or \"\") is not checked", () => {
    expect(check({})).toBeUndefined()
    expect(check({ limit: null })).toBeUndefined()
    expect(check({ limit: "" })).toBeUndefined()
  })

  it("an endpoint without pagination has no page size rule", () => {
    expect(Checks.check(Support.Echo, { limit: "1000" })).toBeUndefined()
  })
})

describe("time range", () => {
  it("equal bounds pass; an end one ms before the start is refused, naming both", () => {
    expect(check({ startTime: "1000", endTime: "1000" })).toBeUndefined()
    expect(check({ startTime: "1000", endTime: "999" })).toBe("endTime is before startTime (999 < 1000)")
  })

  it("any endpoint's range is checked, list or not", () => {
    expect(Checks.check(Support.Echo, { startTime: "2", endTime: "1" })).toBe("endTime is before startTime (1 < 2)")
  })

  it("an absent bound (\"\" or null) is no bound: nothing to compare", () => {
    expect(check({ startTime: "5", endTime: "" })).toBeUndefined()
    expect(check({ startTime: "5", endTime: null })).toBeUndefined()
    expect(check({ startTime: "", endTime: "5" })).toBeUndefined()
    expect(Checks.check(Support.Echo, { startTime: "5", endTime: "" })).toBeUndefined()
  })
})

describe("window", () => {
  it("exactly the declared span passes; one ms more is refused, pointing at the streams", () => {
    const start = 1_750_000_000_000
    expect(check({ startTime: String(start), endTime: String(start + 10 * day) })).toBeUndefined()
    // The span said is the range's length (end − start), not a sum or either bound.
    expect(check({ startTime: String(start), endTime: String(start + 10 * day + 1) })).toBe(
      "startTime to endTime spans 10d 1ms, more than the endpoint's 10d; use the items/pages stream to walk a longer range"
    )
  })

  it("the window's own parameter names: backwards refused, equal and the full span pass, one ms more refused", () => {
    expect(Checks.check(renamed, { begin: "10", finish: "10" })).toBeUndefined()
    expect(Checks.check(renamed, { begin: "10", finish: "9" })).toBe("finish is before begin")
    expect(Checks.check(renamed, { begin: "0", finish: String(day) })).toBeUndefined()
    expect(Checks.check(renamed, { begin: "0", finish: String(day + 1) })).toMatch(/^begin to finish spans 1d/)
    // One bound alone is no range.
    expect(Checks.check(renamed, { begin: "0" })).toBeUndefined()
    expect(Checks.check(renamed, { finish: String(100 * day) })).toBeUndefined()
    expect(Checks.check(renamed, { begin: "0", finish: "" })).toBeUndefined()
  })
})

describe("demo and real pairing", () => {
  it("top-level values of one kind pass, mixed ones are refused; marginCoin counts as the coin", () => {
    expect(check({ symbol: "SBTCSUSDT", productType: "SUSDT-FUTURES" })).toBeUndefined()
    expect(check({ symbol: "SBTCSUSDT", productType: "USDT-FUTURES" })).toContain("demo and real values mixed")
    expect(check({ symbol: "BTCUSDT", marginCoin: "SUSDT" })).toContain("coin SUSDT")
    expect(check({ symbol: "BTCUSDT", coin: "SUSDT" })).toContain("coin SUSDT")
    // marginCoin first: a demo marginCoin beside a real coin is the demo coin that counts.
    expect(check({ symbol: "BTCUSDT", marginCoin: "SUSDT", coin: "USDT" })).toContain("coin SUSDT")
    // Only strings are values: a number is not a symbol.
    expect(check({ symbol: 5, productType: "SUSDT-FUTURES" })).toBeUndefined()
  })

  it("each item of a batch pairs with the request's own values, its own values first", () => {
    // The item's demo symbol against the request's real product type.
    expect(check({ productType: "USDT-FUTURES", orderList: [{ symbol: "SBTCSUSDT" }] })).toContain("mixed")
    // The item's own product type wins over the request's: the item is all demo.
    expect(check({ productType: "USDT-FUTURES", orderList: [{ symbol: "SBTCSUSDT", productType: "SUSDT-FUTURES" }] }))
      .toBeUndefined()
    expect(check({ symbol: "SBTCSUSDT", orderList: [{ symbol: "BTCUSDT", productType: "USDT-FUTURES" }] }))
      .toBeUndefined()
    expect(check({ coin: "SUSDT", orderList: [{ symbol: "BTCUSDT", coin: "USDT" }] })).toBeUndefined()
    // The item's coin, marginCoin first, and the request's symbol.
    expect(check({ symbol: "BTCUSDT", orderList: [{ marginCoin: "SUSDT" }] })).toContain("coin SUSDT")
    expect(check({ symbol: "SBTCSUSDT", orderList: [{ coin: "USDT" }] })).toContain("coin USDT")
    // A later item is checked too; items that are not objects are passed over.
    expect(check({ productType: "USDT-FUTURES", orderList: [null, 3, { symbol: "ETHUSDT" }, { symbol: "SETHSUSDT" }] }))
      .toContain("symbol SETHSUSDT")
    expect(check({ productType: "USDT-FUTURES", orderList: [{ symbol: "ETHUSDT" }], other: "x" })).toBeUndefined()
  })

  it("a V3 batch whose body is the array itself: each item is checked", () => {
    const wire = [{ symbol: "BTCUSDT", marginCoin: "USDT" }, { symbol: "SBTCSUSDT", marginCoin: "USDT" }]
    expect(check(wire as unknown as Record<string, unknown>)).toContain("symbol SBTCSUSDT")
    const fine = [{ symbol: "BTCUSDT", marginCoin: "USDT" }, { symbol: "ETHUSDT" }]
    expect(check(fine as unknown as Record<string, unknown>)).toBeUndefined()
  })
})

const anchor = 1_750_000_000_000

layer(Support.env({}, anchor), { excludeTestServices: true })("the same edges through the client", (it) => {
  it.effect("the largest page and the full window are sent; one more is refused with nothing sent", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const sent = () => simulator.traffic.total()
      expect(yield* Support.byLastRow({ limit: 7 })).toHaveLength(7)
      yield* refusedLocally(Support.byLastRow({ limit: 8 }), "limit must be an integer from 1 to 7, got 8", sent, {
        start: true
      })
      yield* refusedLocally(Support.byLastRow({ limit: 0 }), "limit", sent, { start: true })
      const start = anchor - 10 * day
      const before = sent()
      yield* Support.byLastRow({ startTime: Timestamp.fromMillis(start), endTime: Timestamp.fromMillis(anchor) })
      expect(sent()).toBe(before + 1)
      yield* refusedLocally(
        Support.byLastRow({ startTime: Timestamp.fromMillis(start - 1), endTime: Timestamp.fromMillis(anchor) }),
        "startTime to endTime spans",
        sent,
        { start: true }
      )
      yield* refusedLocally(
        Support.byLastRow({ startTime: Timestamp.fromMillis(anchor), endTime: Timestamp.fromMillis(anchor - 1) }),
        "endTime is before startTime",
        sent,
        { start: true }
      )
    }))
})
