/**
 * Copy trading's request rules at both sides of each boundary, beside `rules.test.ts` (which
 * checks the refusals): the value at the edge is sent, the first one past it refused with the
 * whole reason, field first, and nothing sent (issue 25: the mutants of `inWindow`, the ratio,
 * leverage and price checks, `hasTpsl` and the settings' dependent fields killed). Accepted values
 * share one call where the endpoint takes a list: the simulator's write limits are 1 to 5 a second.
 */
import { FuturesFollower, FuturesTrader, SpotFollower } from "@effect-bitget/copy-trading"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { Simulator } from "@effect-bitget/simulator"
import { layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refused, sent } from "../../core/test/ruleCases.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const P = "USDT-FUTURES" as const
const day = 86_400_000
const t = Timestamp.fromMillis
const traderId = Simulator.UID

const follow = {
  symbol: "BTCUSDT",
  productType: P,
  marginType: "trader",
  leverType: "trader",
  traceType: "percent",
  traceValue: "1"
} as const
const settings = (...items: ReadonlyArray<Record<string, unknown>>) =>
  FuturesFollower.settings({ traderId, settings: items.map((item) => ({ ...follow, ...item })) as any })

layer(Env, { excludeTestServices: true })("copy trading: request rules at both sides", (it) => {
  it.effect("time range: start = end and exactly 90 days sent, one millisecond either way refused; one end alone sent", () =>
    Effect.gen(function*() {
      const end = Date.now()
      const orders = (startTime?: number, endTime?: number) =>
        FuturesFollower.currentOrders({
          productType: P,
          ...(startTime === undefined ? {} : { startTime: t(startTime) }),
          ...(endTime === undefined ? {} : { endTime: t(endTime) })
        })
      yield* sent(orders(end, end))
      yield* sent(orders(end - 90 * day, end))
      yield* refused(orders(end + 1, end), "startTime must not be after endTime")
      yield* refused(orders(end - 90 * day - 1, end), "endTime - startTime must be at most 90 days")
      yield* sent(orders(end - 200 * day))
      yield* sent(orders(undefined, end))
    }))

  it.effect("futures ratios: integers 1 to 400 sent; 0, 401 and 1.5 refused with the field", () =>
    Effect.gen(function*() {
      yield* sent(settings(
        { stopSurplusRatio: "1", stopLossRatio: "400" },
        { stopSurplusRatio: "400.0", stopLossRatio: "1" },
        { leverType: "specify", longLeverage: "1" },
        { leverType: "specify", shortLeverage: "125" },
        { leverType: "SPECIFY", longLeverage: "2", shortLeverage: "3" }
      ))
      const ratio = "Expected an integer percentage from 1 to 400"
      yield* refused(settings({ stopSurplusRatio: "0" }), `settings[0].stopSurplusRatio: ${ratio}`)
      yield* refused(settings({}, { stopLossRatio: "401" }), `settings[1].stopLossRatio: ${ratio}`)
      yield* refused(settings({ stopLossRatio: "1.5" }), `settings[0].stopLossRatio: ${ratio}`)
      yield* refused(settings({ stopLossRatio: "399.9" }), `settings[0].stopLossRatio: ${ratio}`)
    }))

  it.effect("leverage: a positive integer with specify; neither side with specify (any letter case) refused", () =>
    Effect.gen(function*() {
      const lever = "Expected a positive integer leverage"
      yield* refused(settings({ leverType: "specify", longLeverage: "0" }), `settings[0].longLeverage: ${lever}`)
      yield* refused(settings({ leverType: "specify", shortLeverage: "-1" }), `settings[0].shortLeverage: ${lever}`)
      yield* refused(settings({ leverType: "specify", longLeverage: "2.5" }), `settings[0].longLeverage: ${lever}`)
      const need = "longLeverage or shortLeverage is required when leverType is specify"
      yield* refused(settings({ leverType: "specify" }), `settings[0]: ${need}`)
      yield* refused(settings({}, { leverType: "Specify" }), `settings[1]: ${need}`)
    }))

  it.effect("spot ratios: positive integers sent (no upper bound); 0, -1 and 1.5 refused", () =>
    Effect.gen(function*() {
      const spot = { symbol: "BTCUSDT", traceType: "amount", maxHoldSize: "10", traceValue: "10" } as const
      yield* sent(SpotFollower.settings({
        traderId,
        settings: [{ ...spot, stopLossRatio: "1", stopSurplusRatio: "500" }, { ...spot, stopSurplusRatio: "2.0" }]
      }))
      const ratio = "Expected a positive integer percentage"
      for (const value of ["0", "-1", "1.5"]) {
        yield* refused(
          SpotFollower.settings({ traderId, settings: [{ ...spot, stopLossRatio: value }] }),
          `settings[0].stopLossRatio: ${ratio}`
        )
      }
    }))

  it.effect("trader symbols: UPDATE with either ratio, or 0 to clear, sent; UPDATE with neither refused", () =>
    Effect.gen(function*() {
      const update = { symbol: "BTCUSDT", productType: P, settingType: "UPDATE" } as const
      yield* sent(FuturesTrader.settingSymbols({
        settingList: [
          { ...update, stopSurplusRatio: "10" },
          { ...update, stopLossRatio: "0" },
          { ...update, settingType: "ADD" },
          { ...update, settingType: "DELETE" }
        ]
      }))
      const need = "stopSurplusRatio or stopLossRatio is required when settingType is UPDATE"
      yield* refused(FuturesTrader.settingSymbols({ settingList: [update] }), `settingList[0]: ${need}`)
      yield* refused(
        FuturesTrader.settingSymbols({ settingList: [{ ...update, settingType: "update" as "UPDATE" }] }),
        `settingList[0]: ${need}`
      )
    }))

  it.effect("trader base settings: each of the three alone is sent; none refused", () =>
    Effect.gen(function*() {
      yield* sent(FuturesTrader.settingsBase({ enable: true }))
      yield* sent(FuturesTrader.settingsBase({ showTotalEquity: false }))
      yield* sent(FuturesTrader.settingsBase({ showTpsl: true }))
      yield* refused(FuturesTrader.settingsBase({}), "enable, showTotalEquity or showTpsl is required")
    }))

  it.effect("TP/SL of a tracking order: either price alone, or 0, sent; neither or below 0 refused", () =>
    Effect.gen(function*() {
      const ref = { trackingNo: "1", productType: P } as const
      yield* sent(FuturesTrader.modifyTpsl({ ...ref, stopSurplusPrice: "0" }))
      yield* sent(FuturesTrader.modifyTpsl({ ...ref, stopLossPrice: "60000" }))
      yield* refused(FuturesTrader.modifyTpsl(ref), "stopSurplusPrice or stopLossPrice is required")
      yield* refused(
        FuturesTrader.modifyTpsl({ ...ref, stopSurplusPrice: "-0.0001" }),
        "stopSurplusPrice: Expected a price, or 0 to cancel"
      )
      yield* sent(FuturesFollower.settingTpsl({ ...ref, stopLossPrice: "0" }))
      yield* refused(FuturesFollower.settingTpsl(ref), "stopSurplusPrice or stopLossPrice is required")
    }))
})
