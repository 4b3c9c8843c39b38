import * as Futures from "@effect-bitget/futures"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import { Tax } from "@effect-bitget/tax"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Guide from "../examples/guide.js"

const order = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginMode: "crossed", marginCoin: "USDT" } as const

layer(Guide.Local, { excludeTestServices: true })("docs/tax.md examples", (it) => {
  it.effect("the simulator's knob: a margin source with no movements gives no margin records", () =>
    Effect.gen(function*() {
      yield* Guide.knobs
      const now = Date.now()
      const rows = yield* Tax.marginRecord({
        marginType: "crossed",
        startTime: DateTime.unsafeMake(now - 86_400_000),
        endTime: DateTime.unsafeMake(now)
      })
      expect(rows).toEqual([])
    }))
  it.effect("futures fees over 40 days (two windows, real 1/s limit)", () =>
    Effect.gen(function*() {
      yield* Futures.Order.placeOrder({ ...order, size: "0.01", side: "buy", orderType: "market" })
      yield* Futures.Order.placeOrder({ ...order, size: "0.01", side: "sell", orderType: "market", reduceOnly: true })
      const { fees, records } = yield* Guide.futuresFees(40)
      expect(records.map((r) => r.futureTaxType)).toEqual(["deal_out", "deal_in"])
      const sum = BigDecimal.sum(records[0]!.fee, records[1]!.fee)
      expect(BigDecimal.equals(fees.get("USDT")!, sum)).toBe(true)
      expect(BigDecimal.isNegative(sum)).toBe(true)
    }))
  it.effect("a month of spot records", () =>
    Effect.gen(function*() {
      const spot = yield* Simulator.control<SpotControl>("spot")
      const month = Date.UTC(2026, 0, 1)
      spot.deposit("USDT", "40", month + 86_400_000)
      spot.deposit("USDT", "41", month + 30 * 86_400_000)
      const records = yield* Guide.spotMonth(DateTime.unsafeMake(month))
      expect(records.map((r) => r.spotTaxType)).toEqual(["Deposit"])
    }))
  it.effect("31 days at once", () => Effect.map(Guide.tooLong, (tag) => expect(tag).toBe("InvalidRequest")))
})
