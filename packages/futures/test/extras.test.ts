/**
 * The futures endpoints beyond the specification's list that need no state (insights, union
 * margin, isolated settings): each called through the client over loopback, its request checked as
 * the exchange received it and its generated answer decoded; and their local rules.
 */
import * as Futures from "@effect-bitget/futures"
import { Simulator, Wiretap } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { check, type WireCase } from "../../core/test/wiretap.js"

const { Insight, PositionMargin, Union } = Futures
const T0 = 1_767_225_600_000

const cases: ReadonlyArray<WireCase> = [
  {
    endpoint: Insight.AccountLongShort,
    call: Insight.accountLongShort({ symbol: "BTCUSDT", period: "1h" }),
    wire: { symbol: "BTCUSDT", period: "1h" }
  },
  { endpoint: Insight.TakerBuySell, call: Insight.takerBuySell({ symbol: "BTCUSDT" }), wire: { symbol: "BTCUSDT" } },
  {
    endpoint: Insight.LongShortRatio,
    call: Insight.longShortRatio({ symbol: "BTCUSDT", period: "30d", coin: "USDT" }),
    wire: { symbol: "BTCUSDT", period: "30d", coin: "USDT" }
  },
  {
    endpoint: Insight.LoanGrowth,
    call: Insight.loanGrowth({ symbol: "BTCUSDT", period: "24h" }),
    wire: { symbol: "BTCUSDT", period: "24h" }
  },
  {
    endpoint: Insight.IsolatedBorrowRate,
    call: Insight.isolatedBorrowRate({ symbol: "BTCUSDT" }),
    wire: { symbol: "BTCUSDT" }
  },
  {
    endpoint: Insight.OiLimit,
    call: Insight.oiLimit({ productType: "USDT-FUTURES", symbol: "BTCUSDT" }),
    wire: { productType: "USDT-FUTURES", symbol: "BTCUSDT" }
  },
  {
    endpoint: Union.SetAssetMode,
    call: Union.setAssetMode({ productType: "USDT-FUTURES", assetMode: "union" }),
    wire: { productType: "USDT-FUTURES", assetMode: "union" }
  },
  { endpoint: Union.UnionConfig, call: Union.unionConfig(), wire: {} },
  { endpoint: Union.SwitchUnionUsdt, call: Union.switchUnionUsdt(), wire: {} },
  { endpoint: Union.TransferLimits, call: Union.transferLimits({ coin: "BTC" }), wire: { coin: "BTC" } },
  {
    endpoint: Union.UnionConvert,
    call: Union.unionConvert({ coin: "BTC", amount: "0.015" }),
    wire: { coin: "BTC", amount: "0.015" }
  },
  {
    endpoint: Union.InterestHistory,
    call: Union.interestHistory({
      productType: "USDT-FUTURES",
      coin: "USDT",
      startTime: DateTime.unsafeMake(T0),
      endTime: DateTime.unsafeMake(T0 + 3_600_000),
      limit: 100
    }),
    wire: {
      productType: "USDT-FUTURES",
      coin: "USDT",
      startTime: String(T0),
      endTime: String(T0 + 3_600_000),
      limit: "100"
    }
  },
  { endpoint: Union.DiscountRate, call: Union.discountRate(), wire: {} },
  { endpoint: Union.ExchangeRate, call: Union.exchangeRate(), wire: {} },
  {
    endpoint: Union.UnionInterestRateHistory,
    call: Union.unionInterestRateHistory({ coin: "USDT" }),
    wire: { coin: "USDT" }
  },
  {
    endpoint: PositionMargin.SetAutoMargin,
    call: PositionMargin.setAutoMargin({ symbol: "BTCUSDT", autoMargin: "on", marginCoin: "usdt", holdSide: "long" }),
    wire: { symbol: "BTCUSDT", autoMargin: "on", marginCoin: "USDT", holdSide: "long" }
  },
  {
    endpoint: PositionMargin.IsolatedSymbols,
    call: PositionMargin.isolatedSymbols({ productType: "COIN-FUTURES" }),
    wire: { productType: "COIN-FUTURES" }
  }
]

const tap = Wiretap.make(cases.map((c) => c.endpoint))
const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer({ domains: [tap.domain] })))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

layer(Env, { excludeTestServices: true })("futures endpoints beyond the specification (generated answers)", (it) => {
  for (const c of cases) {
    it.effect(`${c.endpoint.name}: the request on the wire, the answer decoded`, () => check(tap, c))
  }

  it.effect("the interest history walks by endId, at most 100 a page", () =>
    Effect.sync(() => {
      expect(Union.InterestHistory.pagination?.cursor).toMatchObject({
        _tag: "Field",
        param: "idLessThan",
        field: "endId"
      })
      expect(Union.InterestHistory.pagination?.limit.max).toBe(100)
    }))

  it.effect("local rules: union margin is USDT-M only, periods, amounts, page size; nothing sent", () =>
    Effect.gen(function*() {
      const count = yield* sent
      yield* refusedLocally(
        Union.setAssetMode({ productType: "COIN-FUTURES" as "USDT-FUTURES", assetMode: "union" }),
        "productType",
        count
      )
      yield* refusedLocally(Union.unionConvert({ coin: "BTC", amount: "0" }), "amount", count)
      yield* refusedLocally(Union.interestHistory({ productType: "USDT-FUTURES", limit: 101 }), "limit", count)
      yield* refusedLocally(Insight.longShortRatio({ symbol: "BTCUSDT", period: "1h" as "24h" }), "period", count)
      yield* refusedLocally(Insight.takerBuySell({ symbol: "BTCUSDT", period: "3m" as "5m" }), "period", count)
    }))
})
