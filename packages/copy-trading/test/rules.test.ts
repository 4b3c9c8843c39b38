import { FuturesBroker, FuturesFollower, FuturesTrader, SpotFollower, SpotTrader } from "@effect-bitget/copy-trading"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { Simulator } from "@effect-bitget/simulator"
import type { CopyControl } from "@effect-bitget/simulator/copy/CopyDomain"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const P = "USDT-FUTURES" as const
const day = 86_400_000
const t = Timestamp.fromMillis

/** A call that must fail locally: `InvalidRequest` naming the rule, and the simulator saw no request. */
const rejectedLocally = <A, E extends { readonly _tag: string; readonly message: string }, R>(
  call: Effect.Effect<A, E, R>,
  reason: string
) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const before = simulator.traffic.total()
    const error = yield* Effect.flip(call)
    expect(error._tag).toBe("InvalidRequest")
    expect(error.message).toContain(reason)
    expect(simulator.traffic.total()).toBe(before)
  })

const follow = {
  symbol: "BTCUSDT",
  productType: P,
  marginType: "trader",
  leverType: "trader",
  traceType: "percent",
  traceValue: "1"
} as const

layer(Env, { excludeTestServices: true })("copy trading local rules (nothing sent)", (it) => {
  it.effect("page sizes: one above each documented maximum fails, the maximum itself is sent", () =>
    Effect.gen(function*() {
      yield* rejectedLocally(FuturesTrader.currentTrack({ productType: P, limit: 51 }), "from 1 to 50")
      yield* rejectedLocally(FuturesTrader.historyTrack({ productType: P, limit: 101 }), "from 1 to 100")
      yield* rejectedLocally(FuturesTrader.queryFollowers({ pageSize: 101 }), "from 1 to 100")
      yield* rejectedLocally(FuturesFollower.queryTraders({ pageSize: 51 }), "from 1 to 50")
      yield* rejectedLocally(FuturesBroker.queryTraders({ pageSize: 21 }), "from 1 to 20")
      yield* rejectedLocally(SpotTrader.queryFollowers({ pageSize: 1001 }), "from 1 to 1000")
      yield* rejectedLocally(SpotFollower.currentOrders({ limit: 51 }), "from 1 to 50")
      yield* rejectedLocally(FuturesTrader.currentTrack({ productType: P, limit: 0 }), "limit")
      const simulator = yield* Simulator.Simulator
      ;(yield* Simulator.control<CopyControl>("copyTrading")).makeBroker(Simulator.UID, [])
      const before = simulator.traffic.total()
      yield* FuturesBroker.queryTraders({ pageSize: 20 })
      yield* SpotFollower.currentOrders({ limit: 50 })
      expect(simulator.traffic.total()).toBe(before + 2)
    }))

  it.effect("time ranges: start after end, and a span one millisecond over three months", () =>
    Effect.gen(function*() {
      const end = Date.now()
      yield* rejectedLocally(
        FuturesTrader.historyTrack({ productType: P, startTime: t(end), endTime: t(end - 1) }),
        "startTime must not be after endTime"
      )
      yield* rejectedLocally(
        FuturesFollower.currentOrders({ productType: P, startTime: t(end - 90 * day - 1), endTime: t(end) }),
        "at most 90 days"
      )
      yield* rejectedLocally(
        SpotTrader.profitHistoryDetails({ startTime: t(end - 91 * day), endTime: t(end) }),
        "at most 90 days"
      )
      // Lists paged by number check the span too (no window of their own to walk).
      yield* rejectedLocally(
        FuturesTrader.queryFollowers({ startTime: t(end - 90 * day - 1), endTime: t(end) }),
        "at most 90 days"
      )
      yield* rejectedLocally(
        SpotFollower.queryTraders({ startTime: t(end), endTime: t(end - 1) }),
        "startTime must not be after endTime"
      )
      // Exactly three months is allowed.
      yield* FuturesFollower.currentOrders({ productType: P, startTime: t(end - 90 * day), endTime: t(end) })
    }))

  it.effect("follower settings: 1 to 10 futures symbols, positive traceValue, leverage with specify, ratios 1-400", () =>
    Effect.gen(function*() {
      const traderId = Simulator.UID
      yield* rejectedLocally(FuturesFollower.settings({ traderId, settings: [] }), "at least one setting")
      yield* rejectedLocally(
        FuturesFollower.settings({ traderId, settings: Array.from({ length: 11 }, () => follow) }),
        "at most 10 settings"
      )
      yield* rejectedLocally(
        FuturesFollower.settings({ traderId, settings: [{ ...follow, traceValue: "0" }] }),
        "traceValue"
      )
      yield* rejectedLocally(
        FuturesFollower.settings({ traderId, settings: [{ ...follow, traceValue: "-1" }] }),
        "traceValue"
      )
      // The first line names the field and what is wrong.
      const error = yield* Effect.flip(
        FuturesFollower.settings({ traderId, settings: [follow, { ...follow, traceValue: "0" }] })
      )
      expect(error.message.split("\n")[0]).toBe(
        "copyTrading.futuresFollower.settings: invalid request: settings[1].traceValue: Expected a value greater than zero"
      )
      yield* rejectedLocally(
        FuturesFollower.settings({ traderId, settings: [{ ...follow, leverType: "specify" }] }),
        "longLeverage or shortLeverage is required"
      )
      yield* rejectedLocally(
        FuturesFollower.settings({ traderId, settings: [{ ...follow, leverType: "specify", longLeverage: "2.5" }] }),
        "positive integer leverage"
      )
      yield* rejectedLocally(
        FuturesFollower.settings({ traderId, settings: [{ ...follow, stopSurplusRatio: "401" }] }),
        "from 1 to 400"
      )
      yield* rejectedLocally(
        FuturesFollower.settings({ traderId, settings: [{ ...follow, stopLossRatio: "0" }] }),
        "from 1 to 400"
      )
      yield* rejectedLocally(
        FuturesFollower.settings({ traderId, settings: [{ ...follow, stopLossRatio: "10.5" }] }),
        "from 1 to 400"
      )
      yield* rejectedLocally(FuturesFollower.settings({ traderId: "", settings: [follow] }), "uid")
      yield* rejectedLocally(
        FuturesFollower.settings({ traderId, settings: [{ ...follow, maxHoldSize: "0" }] }),
        "maxHoldSize"
      )
      const spot = { symbol: "BTCUSDT", traceType: "amount", maxHoldSize: "10", traceValue: "10" } as const
      yield* rejectedLocally(
        SpotFollower.settings({ traderId, settings: [{ ...spot, stopLossRatio: "10.5" }] }),
        "positive integer percentage"
      )
      yield* rejectedLocally(
        SpotFollower.settings({ traderId, settings: [{ ...spot, stopSurplusRatio: "0" }] }),
        "positive integer percentage"
      )
      yield* rejectedLocally(
        SpotFollower.settings({
          traderId,
          settings: [{ symbol: "BTCUSDT", traceType: "amount", maxHoldSize: "0", traceValue: "10" }]
        }),
        "maxHoldSize"
      )
    }))

  it.effect("trader symbol settings: 1 to 50 changes, UPDATE needs a ratio, 0 only clears", () =>
    Effect.gen(function*() {
      const add = { symbol: "BTCUSDT", productType: P, settingType: "ADD" } as const
      yield* rejectedLocally(FuturesTrader.settingSymbols({ settingList: [] }), "at least one setting")
      yield* rejectedLocally(
        FuturesTrader.settingSymbols({ settingList: Array.from({ length: 51 }, () => add) }),
        "at most 50 settings"
      )
      yield* rejectedLocally(
        FuturesTrader.settingSymbols({ settingList: [{ ...add, settingType: "UPDATE" }] }),
        "stopSurplusRatio or stopLossRatio is required"
      )
      yield* rejectedLocally(
        FuturesTrader.settingSymbols({ settingList: [{ ...add, stopLossRatio: "400.5" }] }),
        "from 1 to 400"
      )
      yield* rejectedLocally(FuturesTrader.settingsBase({}), "enable, showTotalEquity or showTpsl is required")
      yield* rejectedLocally(SpotTrader.settingSymbols({ symbolList: [], settingType: "add" }), "at least one symbol")
      yield* rejectedLocally(
        SpotTrader.settingSymbols({ symbolList: Array.from({ length: 51 }, () => "BTCUSDT"), settingType: "add" }),
        "at most 50 symbols"
      )
    }))

  it.effect("tracking orders: TP/SL needs a positive price, spot closes need a tracking number", () =>
    Effect.gen(function*() {
      yield* rejectedLocally(FuturesTrader.modifyTpsl({ trackingNo: "1", productType: P }), "stopSurplusPrice or")
      yield* rejectedLocally(
        FuturesTrader.modifyTpsl({ trackingNo: "1", productType: P, stopLossPrice: "-1" }),
        "stopLossPrice: Expected a price, or 0 to cancel"
      )
      yield* rejectedLocally(
        FuturesTrader.modifyTpsl({ trackingNo: "abc", productType: P, stopLossPrice: "1" }),
        "numeric"
      )
      yield* rejectedLocally(FuturesFollower.settingTpsl({ trackingNo: "1", productType: P }), "stopSurplusPrice or")
      yield* rejectedLocally(SpotFollower.settingTpsl({ trackingNo: "1", stopSurplusPrice: "-2" }), "stopSurplusPrice")
      yield* rejectedLocally(
        SpotTrader.closeTracking({ symbol: "BTCUSDT", trackingNoList: [] }),
        "at least one trackingNo"
      )
      yield* rejectedLocally(SpotFollower.stopOrder({ trackingNoList: [] }), "at least one trackingNo")
    }))
})
