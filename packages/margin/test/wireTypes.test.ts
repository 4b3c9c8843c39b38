/**
 * The open-order lists under both names Bitget gives them: `orderList` on the page
 * (https://www.bitget.com/api-doc/margin/cross/trade/Get-Cross-Open-Orders), `resultList` in the
 * answer JKorf/Bitget.Net recorded from it (Bitget.Net.UnitTests/Endpoints/Spot/Margin/
 * GetCrossOpenOrders.txt). Served over loopback, page after page, and decoded by the client.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { refusedLocally } from "../../core/test/refused.js"

const { Trade } = Margin
const { time } = Margin.Schemas

/** The recorded row, with its id and times given. */
const row = (orderId: string, cTime: number) => ({
  orderId,
  symbol: "BTCUSDT",
  orderType: "limit",
  enterPointSource: "API",
  clientOid: "myClientOid001",
  loanType: "normal",
  price: "32111",
  side: "buy",
  status: "live",
  baseSize: "0.01",
  quoteSize: "1000",
  priceAvg: "32111",
  size: "0.01",
  amount: "1000",
  force: "gtc",
  cTime: String(cTime),
  uTime: String(cTime + 1)
})

const T = 1_695_629_859_821

describe("margin open orders: resultList (Bitget's recorded answer) and orderList (its page)", () => {
  for (const [name, call] of [["cross", Trade.crossOpenOrders], ["isolated", Trade.isolatedOpenOrders]] as const) {
    it.scopedLive(`${name}: a walk reads both names, page after page`, () =>
      Effect.gen(function*() {
        const hostile = yield* Hostile.make()
        hostile.otherwise((request) => {
          const cursor = request.query.get("idLessThan")
          const data = cursor === null
            ? { resultList: [row("300", T + 2)], maxId: "300", minId: "300" }
            : cursor === "300"
            ? { orderList: [row("200", T + 1)], maxId: "200", minId: "200" }
            : { resultList: [], maxId: "", minId: "" }
          return {
            _tag: "Respond",
            status: 200,
            body: JSON.stringify({ code: "00000", msg: "success", requestTime: T, data })
          }
        })
        const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
          Effect.provide(effect, Hostile.client(hostile.url, Hostile.anyCredentials))
        const request = { symbol: "BTCUSDT", startTime: time(T - 86_400_000), endTime: time(T + 1000), limit: 1 }
        const first = yield* via(call(request))
        expect(first.orderList.map((o) => o.orderId)).toEqual(["300"])
        expect(BigDecimal.equals(first.orderList[0]!.price!, BigDecimal.unsafeFromString("32111"))).toBe(true)
        expect(first.minId).toBe("300")
        const all = yield* via(Stream.runCollect(call.items(request)))
        expect(Chunk.toArray(all).map((o) => o.orderId)).toEqual(["300", "200"])
        expect(hostile.received.map((r) => r.query.get("idLessThan"))).toEqual([null, null, "300", "200"])
      }))
  }
})

describe("margin interest-rate-record", () => {
  it.scopedLive("Bitget's answer (every field a string) decodes: the rates exact, the time a timestamp", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      hostile.otherwise(() => ({
        _tag: "Respond",
        status: 200,
        body: JSON.stringify({
          code: "00000",
          msg: "success",
          requestTime: T,
          data: { coin: "BTC", dailyInterestRate: "0.00012", annualInterestRate: "0.0438", updatedTime: String(T) }
        })
      }))
      const rate = yield* Effect.provide(
        Margin.Market.interestRateRecord({ coin: "BTC" }),
        Hostile.client(hostile.url, Hostile.anyCredentials)
      )
      expect(rate.coin).toBe("BTC")
      expect(BigDecimal.equals(rate.dailyInterestRate, BigDecimal.unsafeFromString("0.00012"))).toBe(true)
      expect(BigDecimal.equals(rate.annualInterestRate, BigDecimal.unsafeFromString("0.0438"))).toBe(true)
      expect(rate.updatedTime.epochMillis).toBe(T)
      const sent = hostile.received[0]!
      expect([sent.method, sent.path, sent.query.get("coin"), sent.headers["access-sign"] !== undefined]).toEqual([
        "GET",
        "/api/v2/margin/interest-rate-record",
        "BTC",
        true
      ])
      // `coin` is required: nothing is sent without one.
      yield* refusedLocally(
        Effect.provide(
          Margin.Market.interestRateRecord({ coin: "" }),
          Hostile.client(hostile.url, Hostile.anyCredentials)
        ),
        "coin",
        () => hostile.received.length,
        { start: true }
      )
    }))

  it.scopedLive("the simulator answers with its terms: the cross rate of the coin, and 50032 for an unknown coin", () =>
    Effect.gen(function*() {
      const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) => Effect.provide(effect, Simulator.layerClient())
      const record = yield* via(Margin.Market.interestRateRecord({ coin: "USDT" }))
      const [cross] = yield* via(Margin.Market.crossInterestRateAndLimit({ coin: "USDT" }))
      expect(BigDecimal.equals(record.dailyInterestRate, cross!.dailyInterestRate)).toBe(true)
      expect(BigDecimal.equals(record.annualInterestRate, cross!.annualInterestRate)).toBe(true)
      const unknown = yield* Effect.flip(via(Margin.Market.interestRateRecord({ coin: "NOPE" })))
      expect("code" in unknown ? unknown.code : unknown._tag).toBe("50032")
    }).pipe(Effect.provide(Layer.fresh(Simulator.layer({ rateLimits: false })))))
})
