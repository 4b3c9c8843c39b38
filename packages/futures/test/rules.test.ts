/**
 * Request rules from Bitget's futures pages, checked before anything is sent: each rule's
 * boundary is accepted and the first value past it refused with `InvalidRequest`, and the
 * traffic recorder in front of the simulator shows what was (not) sent.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Account from "@effect-bitget/futures/Account"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
const fmt = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? undefined : BigDecimal.format(value)

const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const control = yield* Simulator.control<FuturesControl>("futures")
  control.setMarkPrice("BTCUSDT", "60000")
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials))
  /** The bodies the simulator received for `path` (through the recorder). */
  const sent = (path: string) => hostile.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body))
  /** A call that must fail locally: `InvalidRequest` whose message starts with `field`, nothing sent. */
  const refused = <A, E extends { readonly _tag: string }>(
    call: Effect.Effect<A, E, BitgetClient>,
    start: string
  ) =>
    Effect.gen(function*() {
      const before = hostile.received.length
      const error = yield* Effect.flip(via(call))
      expect(error._tag).toBe("InvalidRequest")
      if (error._tag === "InvalidRequest") {
        expect((error as unknown as { reason: string }).reason).toMatch(new RegExp(`^${start}`))
      }
      expect(hostile.received.length).toBe(before)
    })
  return { control, hostile, via, sent, refused }
})

const scoped = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  it.scoped(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

describe("futures request rules (Bitget's parameter tables)", () => {
  scoped(
    "set-leverage: longLeverage and shortLeverage set the sides apart; one of the three is required",
    () =>
      Effect.gen(function*() {
        const { refused, sent, via } = yield* setup
        yield* refused(Account.setLeverage({ ...usdt }), "leverage: required")
        yield* via(Account.setMarginMode({ ...usdt, marginMode: "isolated" }))
        const both = yield* via(Account.setLeverage({ ...usdt, longLeverage: "7", shortLeverage: "3" }))
        expect([fmt(both.longLeverage), fmt(both.shortLeverage)]).toEqual(["7", "3"])
        // longLeverage wins over leverage; the short side takes leverage.
        const mixed = yield* via(Account.setLeverage({ ...usdt, leverage: "5", longLeverage: "9" }))
        expect([fmt(mixed.longLeverage), fmt(mixed.shortLeverage)]).toEqual(["9", "5"])
        expect(sent("/api/v2/mix/account/set-leverage").map((b) => [b.leverage, b.longLeverage, b.shortLeverage]))
          .toEqual([
            [undefined, "7", "3"],
            ["5", "9", undefined]
          ])
        const account = yield* via(Account.account(usdt))
        expect([fmt(account.isolatedLongLever), fmt(account.isolatedShortLever)]).toEqual(["9", "5"])
      })
  )

  scoped("modify-order: newSize and newPrice together or not at all", () =>
    Effect.gen(function*() {
      const { refused, sent, via } = yield* setup
      const placed = yield* via(Order.placeOrder({
        ...usdt,
        marginMode: "crossed",
        size: "0.01",
        side: "buy",
        orderType: "limit",
        price: "50000",
        clientOid: "to-modify"
      }))
      const ref = { ...usdt, orderId: placed.orderId! }
      yield* refused(Order.modifyOrder({ ...ref, newClientOid: "m1", newSize: "0.02" }), "newSize and newPrice")
      yield* refused(Order.modifyOrder({ ...ref, newClientOid: "m1", newPrice: "51000" }), "newSize and newPrice")
      yield* via(Order.modifyOrder({ ...ref, newClientOid: "m1", newSize: "0.02", newPrice: "51000" }))
      yield* via(Order.modifyOrder({ ...ref, newClientOid: "m2", newPresetStopLossPrice: "40000" }))
      expect(sent("/api/v2/mix/order/modify-order").map((b) => b.newClientOid)).toEqual(["m1", "m2"])
      const detail = yield* via(
        OrderQuery.detail({ symbol: "BTCUSDT", productType: "USDT-FUTURES", orderId: placed.orderId! })
      )
      expect([fmt(detail.size), fmt(detail.price)]).toEqual(["0.02", "51000"])
    }))

  scoped(
    "batch-cancel-orders: symbol required with orderIdList; without the list a symbol is optional",
    () =>
      Effect.gen(function*() {
        const { refused, sent, via } = yield* setup
        const placed = yield* via(Order.placeOrder({
          ...usdt,
          marginMode: "crossed",
          size: "0.01",
          side: "buy",
          orderType: "limit",
          price: "50000"
        }))
        yield* refused(
          Order.batchCancelOrders({ productType: "USDT-FUTURES", orderIdList: [{ orderId: placed.orderId! }] }),
          "symbol: required with orderIdList"
        )
        const cancelled = yield* via(Order.batchCancelOrders({
          productType: "USDT-FUTURES",
          symbol: "BTCUSDT",
          orderIdList: [{ orderId: placed.orderId! }]
        }))
        expect(cancelled.successList.map((r) => r.orderId)).toEqual([placed.orderId])
        yield* via(Order.batchCancelOrders({ productType: "USDT-FUTURES" }))
        expect(sent("/api/v2/mix/order/batch-cancel-orders").map((b) => b.symbol)).toEqual(["BTCUSDT", undefined])
      })
  )
})
