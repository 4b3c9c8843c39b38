import * as Public from "@effect-bitget/core/Public"
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

layer(Env, { excludeTestServices: true })("smoke", (it) => {
  it.effect("server time", () =>
    Effect.gen(function*() {
      const time = yield* Public.serverTime()
      expect(time.serverTime.epochMillis).toBeGreaterThan(0)
    }))
  it.effect("announcements stream", () =>
    Effect.gen(function*() {
      const all = yield* Public.announcements.items({ language: "en_US" }).pipe(Stream.runCollect)
      const ids = Chunk.toReadonlyArray(all).map((a) => a.annId)
      expect(ids.length).toBe(37)
      expect(new Set(ids).size).toBe(ids.length)
    }))
  it.effect("trade rate signed", () =>
    Effect.gen(function*() {
      const rate = yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
      expect(rate.makerFeeRate).toBeDefined()
    }))
})
