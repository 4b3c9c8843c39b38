import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
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
