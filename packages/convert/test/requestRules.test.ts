/**
 * Convert's request rules at both sides of each boundary (issue 25: every mutant of `quoteRule`
 * and the BGB coin list killed): two different coins in any letter case, exactly one size, a
 * coin list with at least one coin. Each call is refused locally (the reason, field first,
 * nothing sent) or sent to the simulator, whatever it then answers.
 */
import { BgbConvert, Convert } from "@effect-bitget/convert"
import { Simulator } from "@effect-bitget/simulator"
import { layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refused, sent } from "../../core/test/ruleCases.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

layer(Env, { excludeTestServices: true })("convert: request rules", (it) => {
  it.effect("a quote converts one coin into another, in any letter case on either side", () =>
    Effect.gen(function*() {
      const same = "toCoin: must differ from fromCoin"
      yield* refused(Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "10", toCoin: "USDT" }), same)
      yield* refused(Convert.quotedPrice({ fromCoin: "usdt", fromCoinSize: "10", toCoin: "USDT" }), same)
      yield* refused(Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "10", toCoin: "usdt" }), same)
      // The coins are checked before the sizes: both wrong names the coin.
      yield* refused(Convert.quotedPrice({ fromCoin: "ETH", toCoin: "eth" }), same)
      yield* sent(Convert.quotedPrice({ fromCoin: "usdt", fromCoinSize: "10", toCoin: "eth" }))
    }))

  it.effect("exactly one size: both or neither refused with the rule's own line; either alone sent", () =>
    Effect.gen(function*() {
      yield* refused(
        Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "10", toCoin: "ETH", toCoinSize: "1" }),
        "fromCoinSize, toCoinSize: give one of them, not both"
      )
      yield* refused(Convert.quotedPrice({ fromCoin: "USDT", toCoin: "ETH" }), "fromCoinSize: required (or toCoinSize)")
      yield* sent(Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "10", toCoin: "ETH" }))
      yield* sent(Convert.quotedPrice({ fromCoin: "ETH", toCoin: "USDT", toCoinSize: "100" }))
    }))

  it.effect("BGB convert: at least one coin", () =>
    Effect.gen(function*() {
      yield* refused(BgbConvert.convert({ coinList: [] }), "coinList: give at least one coin")
      yield* sent(BgbConvert.convert({ coinList: ["ETH"] }))
    }))
})
