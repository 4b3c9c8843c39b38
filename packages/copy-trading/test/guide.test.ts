import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Beyond from "../examples/beyond.js"
import * as Guide from "../examples/guide.js"

layer(Guide.Local, { excludeTestServices: true })("docs/copy-trading.md examples", (it) => {
  it.effect("a follower copies a trader; the close settles its share", () =>
    Effect.gen(function*() {
      const { asFollower, traderId } = yield* Guide.local
      expect(yield* Guide.follow(traderId).pipe(asFollower)).toBe("success")
      const track = yield* Guide.traderOpens
      expect([BigDecimal.format(track.openSize), track.followCount]).toEqual(["0.01", 1])
      const { open } = yield* Guide.followerCopies.pipe(asFollower)
      expect(open.map((row) => BigDecimal.format(row.openSize))).toEqual(["0.02"])
      const summary = yield* Guide.traderCloses(track.trackingNo)
      expect(summary.profitSummary.sumProfit).toBeDefined()
      const after = yield* Guide.followerCopies.pipe(asFollower)
      expect([after.open, after.closed.map((row) => row.stopType)]).toEqual([[], ["trader"]])
    }))
  it.effect("a follower's key on a trader endpoint", () =>
    Effect.gen(function*() {
      const { asFollower } = yield* Guide.local
      expect(yield* Guide.notATrader.pipe(asFollower)).toBe("not a trader")
      expect(yield* Guide.notATrader).toBe("served")
    }))
  it.effect("a local rule", () =>
    Effect.map(
      Guide.tooManySettings("1000000001"),
      (text) =>
        expect(text.split("\n")[0]).toBe(
          "InvalidRequest: copyTrading.futuresFollower.settings: invalid request: settings: Expected at most 10 settings"
        )
    ))
  it.effect("the walk", () => Guide.walk)
})

// The "Beyond the specification" examples, copied into docs/copy-trading.md by `pnpm docs` (docs:check proves it).
layer(Beyond.Local, { excludeTestServices: true })("docs/copy-trading.md beyond-the-specification examples", (it) => {
  it.effect("150 sold copies over pages of 100", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const before = sim.traffic.total()
      const rows = yield* Beyond.lastSold
      expect(rows).toHaveLength(150)
      // Two pages of at most 100.
      expect(sim.traffic.total() - before).toBe(2)
    }))
  it.effect("a page of 101 is refused locally", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const before = sim.traffic.total()
      expect(yield* Beyond.tooBig).toContain("invalid request: limit must be an integer from 1 to 100, got 101")
      expect(sim.traffic.total()).toBe(before)
    }))
})
