/**
 * BGB convert over loopback against the simulator, through a pass-through server that records
 * what arrived: the coin list's estimate is what converting gives (balances move by it), the
 * records list the orders (one by `orderId`), the request rules (a non-empty coin list, 100 a
 * page, 90 days) refuse with nothing sent, and a lost answer of the convert (a write) is not
 * sent again.
 */
import { BgbConvert } from "@effect-bitget/convert"
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { ConvertControl } from "@effect-bitget/simulator/convert/ConvertDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { refusedLocally } from "../../core/test/refused.js"

const CONVERT = "POST /api/v2/convert/bgb-convert"
const day = 86_400_000

const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const spot = yield* Simulator.control<SpotControl>("spot")
  const convert = yield* Simulator.control<ConvertControl>("convert")
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, any>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials)) as Effect.Effect<A, E>
  const balance = (coin: string) =>
    Decimal.format(BigDecimal.normalize(spot.world.balance(simulator.uid, coin).available))
  const refused = <A, E extends { readonly _tag: string }>(call: Effect.Effect<A, E, any>, reason: string) =>
    refusedLocally(via(call), reason, () => hostile.received.length)
  return { convert, hostile, via, balance, refused }
})

// Live clock: the records' times and the default range follow the wall clock.
const scoped = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  it.scopedLive(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

const text = (value: BigDecimal.BigDecimal) => Decimal.format(BigDecimal.normalize(value))

describe("BGB convert", () => {
  scoped(
    "the coin list's estimate is what converting gives; the records list each order",
    () =>
      Effect.gen(function*() {
        const { balance, convert, hostile, via } = yield* setup
        const { coinList } = yield* via(BgbConvert.coinList())
        // Every priced spot coin with a balance, BGB itself excepted.
        expect(coinList.map((c) => c.coin)).toEqual(["BTC", "ETH", "USDT"])
        const eth = coinList.find((c) => c.coin === "ETH")!
        expect(text(eth.available)).toBe("100")
        // 100 ETH at 3000 USDT, BGB at 1.2: 250000 BGB less the 2% fee.
        expect([text(eth.bgbEstAmount), text(eth.feeDetail[0]!.fee)]).toEqual(["245000", "5000"])
        const bgbBefore = BigDecimal.unsafeFromString(balance("BGB"))

        const { orderList } = yield* via(BgbConvert.convert({ coinList: ["eth"] }))
        expect(JSON.parse(hostile.received.find((r) => r.path.endsWith("/bgb-convert"))!.body)).toEqual({
          coinList: ["eth"]
        })
        expect(orderList.map((o) => o.coin)).toEqual(["ETH"])
        expect(balance("ETH")).toBe("0")
        expect(balance("BGB")).toBe(text(BigDecimal.sum(bgbBefore, eth.bgbEstAmount)))
        // Converted away: ETH no longer listed.
        expect((yield* via(BgbConvert.coinList())).coinList.map((c) => c.coin)).toEqual(["BTC", "USDT"])

        yield* via(BgbConvert.convert({ coinList: ["BTC"] }))
        const records = yield* via(BgbConvert.records({}))
        expect(records.map((r) => r.fromCoin)).toEqual(["BTC", "ETH"])
        expect(records[1]).toMatchObject({ orderId: orderList[0]!.orderId, toCoin: "BGB", status: "success" })
        expect(text(records[1]!.toAmount)).toBe("245000")
        const one = yield* via(BgbConvert.records({ orderId: orderList[0]!.orderId }))
        expect(one.map((r) => r.fromCoin)).toEqual(["ETH"])
        const older = yield* via(BgbConvert.records({ idLessThan: records[0]!.orderId }))
        expect(older.map((r) => r.orderId)).toEqual([orderList[0]!.orderId])
        expect(convert.bgbRecords).toHaveLength(2)
      })
  )

  scoped(
    "a coin that does not convert is refused by the exchange (43131) and nothing moves",
    () =>
      Effect.gen(function*() {
        const { balance, via } = yield* setup
        const error = yield* Effect.flip(via(BgbConvert.convert({ coinList: ["ETH", "BGB"] })))
        expect(error).toMatchObject({ code: "43131" })
        expect(balance("ETH")).toBe("100")
      })
  )

  scoped("local rules: a non-empty coin list, 100 a page, 90 days; the edges are sent", () =>
    Effect.gen(function*() {
      const { hostile, refused, via } = yield* setup
      yield* refused(BgbConvert.convert({ coinList: [] }), "coinList: give at least one coin")
      yield* refused(BgbConvert.convert({ coinList: ["ETH", ""] }), "coinList[1]: must not be empty")
      yield* refused(BgbConvert.records({ limit: 101 }), "limit must be an integer from 1 to 100")
      const start = Date.now() - 100 * day
      yield* refused(
        BgbConvert.records({
          startTime: DateTime.unsafeMake(start),
          endTime: DateTime.unsafeMake(start + 90 * day + 1)
        }),
        "more than the endpoint's"
      )
      const sent = hostile.received.length
      yield* via(BgbConvert.records({ limit: 100 }))
      yield* via(
        BgbConvert.records({ startTime: DateTime.unsafeMake(start), endTime: DateTime.unsafeMake(start + 90 * day) })
      )
      expect(hostile.received.length).toBe(sent + 2)
    }))

  scoped("converted, then the connection cut: TransportError, sent once, converted once", () =>
    Effect.gen(function*() {
      const { balance, convert, hostile, via } = yield* setup
      hostile.next({ _tag: "ForwardThenDrop" }, CONVERT)
      const error = yield* Effect.flip(via(BgbConvert.convert({ coinList: ["BTC"] })))
      expect(error._tag).toBe("TransportError")
      expect(hostile.count(CONVERT)).toBe(1)
      expect(convert.bgbRecords).toHaveLength(1)
      expect(balance("BTC")).toBe("0")
    }))
})
