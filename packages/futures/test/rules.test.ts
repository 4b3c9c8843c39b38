/**
 * Request rules from Bitget's futures pages, checked before anything is sent: each rule's
 * boundary is accepted and the first value past it refused with `InvalidRequest`, and the
 * traffic recorder in front of the simulator shows what was (not) sent.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Account from "@effect-bitget/futures/Account"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as PlanOrder from "@effect-bitget/futures/PlanOrder"
import * as Position from "@effect-bitget/futures/Position"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { refusedLocally } from "../../core/test/refused.js"

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
  const refused = <A, E extends { readonly _tag: string }>(call: Effect.Effect<A, E, BitgetClient>, start: string) =>
    refusedLocally(via(call), start, () => hostile.received.length, { start: true })
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
    "modify-plan-order: no newPrice for a trailing stop; a trigger order's limit price may change",
    () =>
      Effect.gen(function*() {
        const { refused, sent, via } = yield* setup
        const plan = {
          ...usdt,
          marginMode: "crossed",
          size: "0.01",
          triggerPrice: "61000",
          triggerType: "mark_price",
          side: "buy"
        } as const
        const trigger = yield* via(
          PlanOrder.placePlanOrder({ ...plan, planType: "normal_plan", orderType: "limit", price: "61000" })
        )
        const trail = yield* via(
          PlanOrder.placePlanOrder({ ...plan, planType: "track_plan", orderType: "market", callbackRatio: "1" })
        )
        const ref = { symbol: "BTCUSDT", productType: "USDT-FUTURES" } as const
        yield* refused(
          PlanOrder.modifyPlanOrder({ ...ref, planType: "track_plan", orderId: trail.orderId!, newPrice: "61500" }),
          "newPrice: not for a track_plan"
        )
        yield* via(
          PlanOrder.modifyPlanOrder({ ...ref, planType: "normal_plan", orderId: trigger.orderId!, newPrice: "61500" })
        )
        expect(sent("/api/v2/mix/order/modify-plan-order").map((b) => [b.planType, b.newPrice])).toEqual([
          ["normal_plan", "61500"]
        ])
        const pending = yield* via(
          PlanOrder.ordersPlanPending({ planType: "normal_plan", productType: "USDT-FUTURES" })
        )
        expect(pending.entrustedList.map((p) => fmt(p.price))).toEqual(["61500"])
      })
  )

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

describe("futures placeTpslOrder (https://www.bitget.com/api-doc/contract/plan/Place-Tpsl-Order)", () => {
  const tpsl = { ...usdt, triggerPrice: "55000", triggerType: "mark_price", holdSide: "buy" } as const
  const openLong = Order.placeOrder({ ...usdt, marginMode: "crossed", size: "0.02", side: "buy", orderType: "market" })
  const TPSL = "/api/v2/mix/order/place-tpsl-order"

  scoped("size, rangeRate and executePrice rules by plan type; nothing sent when broken", () =>
    Effect.gen(function*() {
      const { refused, sent, via } = yield* setup
      yield* via(openLong)
      yield* refused(
        PlanOrder.placeTpslOrder({ ...tpsl, planType: "loss_plan" }),
        "size: required for planType loss_plan"
      )
      yield* refused(
        PlanOrder.placeTpslOrder({ ...tpsl, planType: "moving_plan", size: "0.01" }),
        "rangeRate: required for planType moving_plan"
      )
      yield* refused(
        PlanOrder.placeTpslOrder({ ...tpsl, planType: "loss_plan", size: "0.01", rangeRate: "1" }),
        "rangeRate: only for planType moving_plan"
      )
      yield* refused(
        PlanOrder.placeTpslOrder({ ...tpsl, planType: "moving_plan", size: "0.01", rangeRate: "1", executePrice: "0" }),
        "executePrice: not allowed"
      )
      yield* refused(
        PlanOrder.placeTpslOrder({ ...tpsl, planType: "loss_plan", size: "0.01", executePrice: "-1" }),
        "executePrice"
      )
      // The boundaries: a position stop loss without size, an executePrice of 0 (market).
      yield* via(PlanOrder.placeTpslOrder({ ...tpsl, planType: "pos_loss", executePrice: "0" }))
      yield* via(PlanOrder.placeTpslOrder({ ...tpsl, planType: "moving_plan", size: "0.01", rangeRate: "1" }))
      expect(sent(TPSL).map((b) => [b.planType, b.size, b.executePrice, b.rangeRate])).toEqual([
        ["pos_loss", undefined, "0", undefined],
        ["moving_plan", "0.01", undefined, "1"]
      ])
    }))

  scoped(
    "Bitget's other spellings (LOSS_PLAN, Buy, MARK_PRICE) are accepted and sent as documented",
    () =>
      Effect.gen(function*() {
        const { sent, via } = yield* setup
        yield* via(openLong)
        yield* via(PlanOrder.placeTpslOrder({
          ...tpsl,
          planType: "LOSS_PLAN" as "loss_plan",
          holdSide: "Buy" as "buy",
          triggerType: "MARK_PRICE" as "mark_price",
          size: "0.01"
        }))
        expect(sent(TPSL).map((b) => [b.planType, b.holdSide, b.triggerType])).toEqual([[
          "loss_plan",
          "buy",
          "mark_price"
        ]])
      })
  )

  scoped(
    "a position stop loss fires at its trigger and closes the whole position; a partial one closes its size",
    () =>
      Effect.gen(function*() {
        const { control, via } = yield* setup
        yield* via(openLong)
        const partial = yield* via(
          PlanOrder.placeTpslOrder({ ...tpsl, planType: "loss_plan", size: "0.005", triggerPrice: "58000" })
        )
        const whole = yield* via(PlanOrder.placeTpslOrder({ ...tpsl, planType: "pos_loss" }))
        const listed = yield* via(PlanOrder.ordersPlanPending({ planType: "profit_loss", productType: "USDT-FUTURES" }))
        expect(listed.entrustedList.map((p) => p.orderId).sort()).toEqual([partial.orderId, whole.orderId].sort())
        // Not a trigger order: the normal_plan list does not show them.
        const normal = yield* via(PlanOrder.ordersPlanPending({ planType: "normal_plan", productType: "USDT-FUTURES" }))
        expect(normal.entrustedList).toEqual([])

        control.setMarkPrice("BTCUSDT", "58000")
        const [long] = yield* via(Position.singlePosition(usdt))
        expect(fmt(long!.total)).toBe("0.015")
        control.setMarkPrice("BTCUSDT", "55000")
        expect(yield* via(Position.singlePosition(usdt))).toEqual([])

        const history = yield* via(
          PlanOrder.ordersPlanHistory({ planType: "profit_loss", productType: "USDT-FUTURES" })
        )
        expect(history.entrustedList.map((p) => [p.orderId, p.planStatus])).toEqual([
          [whole.orderId, "executed"],
          [partial.orderId, "executed"]
        ])
        const orders = yield* via(OrderQuery.ordersHistory({ productType: "USDT-FUTURES" }))
        expect(orders.entrustedList.map((o) => [o.orderSource, fmt(o.size)])).toEqual([
          ["pos_loss_market", "0.015"],
          ["loss_market", "0.005"],
          ["market", "0.02"]
        ])
      })
  )

  scoped(
    "cancel-plan-order: symbol required with orderIdList; cancel-all takes normal_plan unless told",
    () =>
      Effect.gen(function*() {
        const { refused, sent, via } = yield* setup
        yield* via(openLong)
        const trigger = yield* via(PlanOrder.placePlanOrder({
          ...usdt,
          planType: "normal_plan",
          marginMode: "crossed",
          size: "0.01",
          triggerPrice: "61000",
          triggerType: "mark_price",
          side: "buy",
          orderType: "market"
        }))
        const stop = yield* via(PlanOrder.placeTpslOrder({ ...tpsl, planType: "loss_plan", size: "0.01" }))
        yield* refused(
          PlanOrder.cancelPlanOrder({ productType: "USDT-FUTURES", orderIdList: [{ orderId: trigger.orderId! }] }),
          "symbol: required with orderIdList"
        )
        const all = yield* via(PlanOrder.cancelPlanOrder({ productType: "USDT-FUTURES", symbol: "BTCUSDT" }))
        expect(all.successList.map((r) => r.orderId)).toEqual([trigger.orderId])
        const losses = yield* via(
          PlanOrder.cancelPlanOrder({ productType: "USDT-FUTURES", symbol: "BTCUSDT", planType: "loss_plan" })
        )
        expect(losses.successList.map((r) => r.orderId)).toEqual([stop.orderId])
        expect(sent("/api/v2/mix/order/cancel-plan-order").map((b) => b.planType)).toEqual([undefined, "loss_plan"])
      })
  )

  scoped("no position to protect: refused by the exchange (22002), nothing listed", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      const error = yield* Effect.flip(via(PlanOrder.placeTpslOrder({ ...tpsl, planType: "pos_loss" })))
      expect(error._tag).not.toBe("InvalidRequest")
      const answer = hostile.arrivals("POST " + TPSL)[0]!
      expect([answer.status, JSON.parse(answer.body).code]).toEqual([400, "22002"])
      const listed = yield* via(PlanOrder.ordersPlanPending({ planType: "profit_loss", productType: "USDT-FUTURES" }))
      expect(listed.entrustedList).toEqual([])
    }))
})

describe("futures optional parameters Bitget documents", () => {
  const eth = { symbol: "ETHUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
  const SET_MARGIN = "/api/v2/mix/account/set-margin"
  const BACKHAND = "/api/v2/mix/order/click-backhand"

  scoped(
    "set-margin without holdSide: the one isolated position; with a long and a short, refused 40019",
    () =>
      Effect.gen(function*() {
        const { control, hostile, sent, via } = yield* setup
        control.setMarkPrice("ETHUSDT", "3000")
        yield* via(Account.setPositionMode({ productType: "USDT-FUTURES", posMode: "hedge_mode" }))
        yield* via(Account.setMarginMode({ ...eth, marginMode: "isolated" }))
        const open = { ...eth, marginMode: "isolated", size: "1", orderType: "market", tradeSide: "open" } as const
        yield* via(Order.placeOrder({ ...open, side: "sell" }))
        const [before] = yield* via(Position.singlePosition(eth))
        yield* via(Account.setMargin({ ...eth, amount: "50" }))
        const [after] = yield* via(Position.singlePosition(eth))
        expect(after!.holdSide).toBe("short")
        expect(fmt(BigDecimal.subtract(after!.marginSize, before!.marginSize))).toBe("50")
        yield* via(Order.placeOrder({ ...open, side: "buy" }))
        const error = yield* Effect.flip(via(Account.setMargin({ ...eth, amount: "50" })))
        expect(error._tag).not.toBe("InvalidRequest")
        const refusal = hostile.arrivals("POST " + SET_MARGIN)[1]!
        expect([refusal.status, JSON.parse(refusal.body).code]).toEqual([400, "40019"])
        expect(sent(SET_MARGIN).map((b) => b.holdSide)).toEqual([undefined, undefined])
        const sides = yield* via(Position.singlePosition(eth))
        expect(sides.map((p) => [p.holdSide, fmt(p.marginSize)]).sort()).toEqual([
          ["long", fmt(before!.marginSize)],
          ["short", fmt(after!.marginSize)]
        ])
      })
  )

  scoped("click-backhand without size reverses the whole one-way position", () =>
    Effect.gen(function*() {
      const { sent, via } = yield* setup
      yield* via(Order.placeOrder({ ...usdt, marginMode: "crossed", size: "0.03", side: "buy", orderType: "market" }))
      yield* via(Order.clickBackhand({ ...usdt }))
      expect(sent(BACKHAND).map((b) => "size" in b)).toEqual([false])
      const [short] = yield* via(Position.singlePosition(usdt))
      expect([short!.holdSide, fmt(short!.total)]).toEqual(["short", "0.03"])
    }))

  scoped(
    "click-backhand in hedge mode: a size below the position's reverses that much, at or above it all",
    () =>
      Effect.gen(function*() {
        const { via } = yield* setup
        yield* via(Account.setPositionMode({ productType: "USDT-FUTURES", posMode: "hedge_mode" }))
        yield* via(Order.placeOrder({
          ...usdt,
          marginMode: "crossed",
          size: "0.05",
          side: "buy",
          tradeSide: "open",
          orderType: "market"
        }))
        const held = () =>
          via(Position.singlePosition(usdt)).pipe(
            Effect.map((rows) => rows.map((p) => [p.holdSide, fmt(p.total)]).sort())
          )
        yield* via(Order.clickBackhand({ ...usdt, size: "0.02", side: "buy", tradeSide: "open" }))
        expect(yield* held()).toEqual([["long", "0.03"], ["short", "0.02"]])
        yield* via(Order.clickBackhand({ ...usdt, size: "0.04", side: "buy", tradeSide: "open" }))
        expect(yield* held()).toEqual([["short", "0.05"]])
      })
  )
})

describe("futures margin coins in any letter case", () => {
  scoped("usdt in Bitget's examples is sent as USDT (its tables: must be capitalized)", () =>
    Effect.gen(function*() {
      const { sent, via } = yield* setup
      const lower = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "usdt" } as const
      yield* via(Account.setLeverage({ ...lower, leverage: "5" }))
      const placed = yield* via(Order.placeOrder({
        ...lower,
        marginMode: "crossed",
        size: "0.01",
        side: "buy",
        orderType: "limit",
        price: "50000"
      }))
      yield* via(Order.cancelOrder({ ...lower, orderId: placed.orderId! }))
      const bodies = [
        ...sent("/api/v2/mix/account/set-leverage"),
        ...sent("/api/v2/mix/order/place-order"),
        ...sent("/api/v2/mix/order/cancel-order")
      ]
      expect(bodies.map((b) => b.marginCoin)).toEqual(["USDT", "USDT", "USDT"])
      const account = yield* via(Account.account(lower))
      expect(fmt(account.crossedMarginLeverage)).toBe("5")
    }))
})

describe("futures placePosTpsl (https://www.bitget.com/api-doc/contract/plan/Place-Pos-Tpsl-Order)", () => {
  const POS = "/api/v2/mix/order/place-pos-tpsl"
  const base = { ...usdt, holdSide: "buy" } as const
  const openLong = Order.placeOrder({ ...usdt, marginMode: "crossed", size: "0.02", side: "buy", orderType: "market" })

  scoped(
    "a trigger price is required, and each side's other fields need that side's trigger",
    () =>
      Effect.gen(function*() {
        const { refused, sent, via } = yield* setup
        yield* via(openLong)
        yield* refused(PlanOrder.placePosTpsl({ ...base }), "stopSurplusTriggerPrice or stopLossTriggerPrice")
        yield* refused(
          PlanOrder.placePosTpsl({ ...base, stopSurplusTriggerPrice: "65000", stopLossSize: "0.01" }),
          "stopLossTriggerPrice: required with the other stopLoss fields"
        )
        const one = yield* via(PlanOrder.placePosTpsl({ ...base, stopLossTriggerPrice: "55000" }))
        expect(one.length).toBe(1)
        expect(sent(POS).length).toBe(1)
      })
  )

  scoped(
    "a sized take profit and a whole-position stop loss, each under its own clientOid",
    () =>
      Effect.gen(function*() {
        const { hostile, sent, via } = yield* setup
        yield* via(openLong)
        const rows = yield* via(PlanOrder.placePosTpsl({
          ...base,
          marginCoin: "usdt",
          stopSurplusTriggerPrice: "65000",
          stopSurplusSize: "0.01",
          stopSurplusClientOid: "tp-1",
          stopLossTriggerPrice: "55000",
          stopLossTriggerType: "MARK_PRICE" as "mark_price",
          stopLossClientOid: "sl-1"
        }))
        expect(rows.map((r) => [r.stopSurplusClientOid, r.stopLossClientOid])).toEqual([["tp-1", undefined], [
          undefined,
          "sl-1"
        ]])
        expect(sent(POS).map((b) => [b.marginCoin, b.stopLossTriggerType])).toEqual([["USDT", "mark_price"]])
        const listed = yield* via(PlanOrder.ordersPlanPending({ planType: "profit_loss", productType: "USDT-FUTURES" }))
        expect(listed.entrustedList.map((p) => [p.clientOid, p.planType, fmt(p.size)]).sort()).toEqual([
          ["sl-1", "pos_loss", "0.02"],
          ["tp-1", "profit_plan", "0.01"]
        ])
        // A clientOid the account has: refused whole (43118), nothing more placed.
        const again = yield* Effect.flip(via(PlanOrder.placePosTpsl({
          ...base,
          stopSurplusTriggerPrice: "66000",
          stopSurplusClientOid: "tp-2",
          stopLossTriggerPrice: "54000",
          stopLossClientOid: "sl-1"
        })))
        expect(again._tag).toBe("DuplicateClientOid")
        expect(JSON.parse(hostile.arrivals("POST " + POS)[1]!.body).code).toBe("43118")
        const after = yield* via(PlanOrder.ordersPlanPending({ planType: "profit_loss", productType: "USDT-FUTURES" }))
        expect(after.entrustedList.length).toBe(2)
      })
  )
})
