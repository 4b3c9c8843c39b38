import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

layer(Env, { excludeTestServices: true })("spot first", (it) => {
  it.effect("assets", () =>
    Effect.gen(function*() {
      const assets = yield* Spot.Account.assets()
      expect(Array.isArray(assets)).toBe(true)
    }))
  it.effect("fills stream", () =>
    Effect.gen(function*() {
      const all = yield* Spot.Trade.fills.items({ symbol: "BTCUSDT" }).pipe(Stream.runCollect)
      const ids = Chunk.toReadonlyArray(all).map((f) => f.tradeId)
      expect(new Set(ids).size).toBe(ids.length)
    }))
})
