/**
 * Futures plan orders of unknown fate, settled without duplicates over a hostile server in front
 * of the simulator: the look-up is `ordersPlanPending`, then `ordersPlanHistory`, by planType,
 * symbol, productType and clientOid.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Order from "@effect-bitget/futures/Order"
import * as PlanOrder from "@effect-bitget/futures/PlanOrder"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import type * as Scope from "effect/Scope"
import * as TestClock from "effect/TestClock"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const PLACE = "POST /api/v2/mix/order/place-plan-order"
const TPSL = "POST /api/v2/mix/order/place-tpsl-order"
const PENDING = "GET /api/v2/mix/order/orders-plan-pending"
const HISTORY = "GET /api/v2/mix/order/orders-plan-history"

/** A trigger order above the mark price (60000): it stays pending until the mark reaches 61000. */
const plan = {
  planType: "normal_plan",
  symbol: "BTCUSDT",
  productType: "USDT-FUTURES",
  marginMode: "crossed",
  marginCoin: "USDT",
  size: "0.01",
  triggerPrice: "61000",
  triggerType: "mark_price",
  side: "buy",
  orderType: "market"
} as const

const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const control = yield* Simulator.control<FuturesControl>("futures")
  control.setMarkPrice("BTCUSDT", "60000")
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials))
  const accepted = (route: string) => hostile.arrivals(route).filter((a) => JSON.parse(a.body).code === "00000").length
  const lookups = (route: string) =>
    hostile.received.filter((r) => `${r.method} ${r.path}` === route).map((r) => Object.fromEntries(r.query))
  /** How many plan orders, pending and finished, the simulator holds under `clientOid` (straight, not via the hostile server). */
  const held = (clientOid: string) =>
    Effect.gen(function*() {
      const query = { planType: "normal_plan", productType: "USDT-FUTURES" } as const
      const pending = yield* PlanOrder.ordersPlanPending(query)
      const history = yield* PlanOrder.ordersPlanHistory(query)
      const count = (rows: ReadonlyArray<{ readonly clientOid?: string | undefined }>) =>
        rows.filter((r) => r.clientOid === clientOid).length
      return { pending: count(pending.entrustedList), history: count(history.entrustedList) }
    }).pipe(Effect.provide(Hostile.client(simulator.url, simulator.credentials)))
  return { control, hostile, via, accepted, lookups, held }
})

const scoped = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  it.scoped(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

describe("futures placePlanOrder: unknown fate (hostile server, TestClock)", () => {
  scoped(
    "placed, then the connection is cut: found among pending plan orders, not sent again; the generated clientOid is returned",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, lookups, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, PLACE)
        const placed = yield* via(PlanOrder.placePlanOrder(plan))
        const clientOid = JSON.parse(hostile.received[0]!.body).clientOid
        expect(clientOid).toMatch(/^[0-9a-f]{32}$/)
        expect(placed.clientOid).toBe(clientOid)
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(PLACE)[0]!.body).data.orderId)
        expect(lookups(PENDING)).toEqual([
          { planType: "normal_plan", symbol: "BTCUSDT", productType: "USDT-FUTURES", clientOid }
        ])
        expect(lookups(HISTORY)).toEqual([])
        expect(hostile.count(PLACE)).toBe(1)
        expect(accepted(PLACE)).toBe(1)
        expect(yield* held(clientOid)).toEqual({ pending: 1, history: 0 })
      })
  )

  scoped(
    "placed and cut, then it fired before the look-up: not pending, found in the history; not sent again",
    () =>
      Effect.gen(function*() {
        const { accepted, control, held, hostile, lookups, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, PLACE)
        // The mark price reaches the trigger while the client is in the dark: the plan fires.
        hostile.next({
          _tag: "Handle",
          answer: () => {
            control.setMarkPrice("BTCUSDT", "61000")
            return { status: 200, body: JSON.stringify({ code: "00000", msg: "success", data: { entrustedList: [] } }) }
          }
        }, PENDING)
        const placed = yield* via(PlanOrder.placePlanOrder({ ...plan, clientOid: "plan-fired" }))
        expect(placed.clientOid).toBe("plan-fired")
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(PLACE)[0]!.body).data.orderId)
        expect(lookups(HISTORY).map((q) => [q.planType, q.clientOid])).toEqual([["normal_plan", "plan-fired"]])
        expect(hostile.count(PLACE)).toBe(1)
        expect(accepted(PLACE)).toBe(1)
        expect(yield* held("plan-fired")).toEqual({ pending: 0, history: 1 })
      })
  )

  scoped(
    "cut before it arrives: looked up in both lists, not found, placed once under the same clientOid",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, via } = yield* setup
        hostile.next({ _tag: "Drop" }, PLACE)
        const placed = yield* via(PlanOrder.placePlanOrder({ ...plan, clientOid: "plan-dropped" }))
        expect(placed.clientOid).toBe("plan-dropped")
        expect(hostile.count(PLACE)).toBe(2)
        expect(hostile.count(PENDING)).toBe(1)
        expect(hostile.count(HISTORY)).toBe(1)
        expect(hostile.received.filter((r) => r.method === "POST").map((r) => JSON.parse(r.body).clientOid)).toEqual([
          "plan-dropped",
          "plan-dropped"
        ])
        expect(accepted(PLACE)).toBe(1)
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(PLACE)[0]!.body).data.orderId)
        expect(yield* held("plan-dropped")).toEqual({ pending: 1, history: 0 })
      })
  )

  scoped(
    "held past the timeout and delivered late: placed once by the second send, the late one refused (43118)",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, via } = yield* setup
        const late = Hostile.gate()
        hostile.next({ _tag: "Hold", until: late.promise }, PLACE)
        const fiber = yield* Effect.fork(via(PlanOrder.placePlanOrder({ ...plan, clientOid: "plan-late" })))
        yield* Hostile.settle(() => hostile.count(PLACE) === 1)
        yield* TestClock.adjust("5001 millis")
        const placed = yield* Fiber.join(fiber)
        late.release()
        yield* Hostile.settle(() => hostile.arrivals(PLACE).length === 2)
        expect(hostile.arrivals(PLACE).map((a) => JSON.parse(a.body).code)).toEqual(["00000", "43118"])
        expect(placed.clientOid).toBe("plan-late")
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(PLACE)[0]!.body).data.orderId)
        expect(hostile.count(PENDING)).toBe(1)
        expect(hostile.count(HISTORY)).toBe(1)
        expect(accepted(PLACE)).toBe(1)
        expect(yield* held("plan-late")).toEqual({ pending: 1, history: 0 })
      })
  )

  scoped(
    "the look-up fails: UnknownOrderFate naming the clientOid, and the plan order is not sent again",
    () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, PLACE)
        hostile.next(
          { _tag: "Respond", status: 400, body: "{\"code\":\"40808\",\"msg\":\"Parameter verification exception\"}" },
          PENDING,
          5
        )
        const error = yield* Effect.flip(via(PlanOrder.placePlanOrder({ ...plan, clientOid: "plan-unknown" })))
        expect(error._tag).toBe("UnknownOrderFate")
        if (error._tag !== "UnknownOrderFate") return
        expect(error.clientOids).toEqual(["plan-unknown"])
        expect(error.endpoint).toBe("futures.planOrder.placePlanOrder")
        expect(hostile.count(PLACE)).toBe(1)
      })
  )

  scoped(
    "a second plan order with a clientOid the account already has is refused with 43118 (HTTP 400)",
    () =>
      Effect.gen(function*() {
        const { hostile, held, via } = yield* setup
        yield* via(PlanOrder.placePlanOrder({ ...plan, clientOid: "plan-twice" }))
        const error = yield* Effect.flip(
          via(PlanOrder.placePlanOrder({ ...plan, triggerPrice: "62000", clientOid: "plan-twice" }))
        )
        expect(error._tag).toBe("DuplicateClientOid")
        const second = hostile.arrivals(PLACE)[1]!
        expect([second.status, JSON.parse(second.body).code]).toEqual([400, "43118"])
        expect(yield* held("plan-twice")).toEqual({ pending: 1, history: 0 })
      })
  )
})

/** A stop loss on the 0.01 BTC long `openLong` opens (one-way mode: `buy` names the long). */
const stopLoss = {
  symbol: "BTCUSDT",
  productType: "USDT-FUTURES",
  marginCoin: "USDT",
  planType: "loss_plan",
  triggerPrice: "55000",
  triggerType: "mark_price",
  holdSide: "buy",
  size: "0.01"
} as const

const openLong = Order.placeOrder({
  symbol: "BTCUSDT",
  productType: "USDT-FUTURES",
  marginCoin: "USDT",
  marginMode: "crossed",
  size: "0.01",
  side: "buy",
  orderType: "market"
})

describe("futures plan orders: the clientOid rule is per account", () => {
  scoped(
    "another account may use a clientOid this one has; this one may not use it twice",
    () =>
      Effect.gen(function*() {
        const { control, held, hostile, via } = yield* setup
        const simulator = yield* Simulator.Simulator
        const sub = simulator.accounts.open({ parentUid: simulator.uid, kind: "virtual", now: Date.now() })
        const key = simulator.accounts.issueKey(sub.uid, { passphrase: "pass-sub", now: Date.now() })
        control.setBalance("USDT", "1000", { uid: sub.uid })
        const asSub = Hostile.client(hostile.url, {
          apiKey: Redacted.make(key.apiKey),
          secret: Redacted.make(key.secret),
          passphrase: Redacted.make(key.passphrase)
        })
        yield* via(PlanOrder.placePlanOrder({ ...plan, clientOid: "shared-oid" }))
        const theirs = yield* Effect.provide(PlanOrder.placePlanOrder({ ...plan, clientOid: "shared-oid" }), asSub)
        expect(theirs.clientOid).toBe("shared-oid")
        const again = yield* Effect.flip(
          Effect.provide(PlanOrder.placePlanOrder({ ...plan, clientOid: "shared-oid" }), asSub)
        )
        expect(again._tag).toBe("DuplicateClientOid")
        expect(hostile.arrivals(PLACE).map((a) => JSON.parse(a.body).code)).toEqual(["00000", "00000", "43118"])
        expect(yield* held("shared-oid")).toEqual({ pending: 1, history: 0 })
      })
  )
})

describe("futures placeTpslOrder: unknown fate (hostile server, TestClock)", () => {
  scoped(
    "placed, then the connection is cut: found among pending profit_loss plans, not sent again; the clientOid is generated",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, lookups, via } = yield* setup
        yield* via(openLong)
        hostile.next({ _tag: "ForwardThenDrop" }, TPSL)
        const placed = yield* via(PlanOrder.placeTpslOrder(stopLoss))
        const clientOid = hostile.received.filter((r) => r.path.endsWith("/place-tpsl-order")).map((r) =>
          JSON.parse(r.body).clientOid
        )[0]
        expect(clientOid).toMatch(/^[0-9a-f]{32}$/)
        expect(placed.clientOid).toBe(clientOid)
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(TPSL)[0]!.body).data.orderId)
        expect(lookups(PENDING)).toEqual([
          { planType: "profit_loss", symbol: "BTCUSDT", productType: "USDT-FUTURES", clientOid }
        ])
        expect(hostile.count(TPSL)).toBe(1)
        expect(accepted(TPSL)).toBe(1)
        const pending = yield* via(
          PlanOrder.ordersPlanPending({ planType: "profit_loss", productType: "USDT-FUTURES" })
        )
        expect(pending.entrustedList.map((p) => [p.clientOid, p.planType, p.side, p.posSide])).toEqual([
          [clientOid, "loss_plan", "sell", "net"]
        ])
      })
  )

  scoped(
    "cut before it arrives: looked up in both lists, not found, placed once under the same clientOid",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, via } = yield* setup
        yield* via(openLong)
        hostile.next({ _tag: "Drop" }, TPSL)
        const placed = yield* via(PlanOrder.placeTpslOrder({ ...stopLoss, clientOid: "sl-dropped" }))
        expect(placed.clientOid).toBe("sl-dropped")
        expect(hostile.count(TPSL)).toBe(2)
        expect(hostile.count(PENDING)).toBe(1)
        expect(hostile.count(HISTORY)).toBe(1)
        expect(accepted(TPSL)).toBe(1)
        const pending = yield* via(
          PlanOrder.ordersPlanPending({ planType: "profit_loss", productType: "USDT-FUTURES" })
        )
        expect(pending.entrustedList.filter((p) => p.clientOid === "sl-dropped").length).toBe(1)
      })
  )

  scoped(
    "held past the timeout and delivered late: one TP/SL plan, the late one refused (43118)",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, via } = yield* setup
        yield* via(openLong)
        const late = Hostile.gate()
        hostile.next({ _tag: "Hold", until: late.promise }, TPSL)
        const fiber = yield* Effect.fork(via(PlanOrder.placeTpslOrder({ ...stopLoss, clientOid: "sl-late" })))
        yield* Hostile.settle(() => hostile.count(TPSL) === 1)
        yield* TestClock.adjust("5001 millis")
        const placed = yield* Fiber.join(fiber)
        late.release()
        yield* Hostile.settle(() => hostile.arrivals(TPSL).length === 2)
        expect(hostile.arrivals(TPSL).map((a) => JSON.parse(a.body).code)).toEqual(["00000", "43118"])
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(TPSL)[0]!.body).data.orderId)
        expect(accepted(TPSL)).toBe(1)
        const pending = yield* via(
          PlanOrder.ordersPlanPending({ planType: "profit_loss", productType: "USDT-FUTURES" })
        )
        expect(pending.entrustedList.filter((p) => p.clientOid === "sl-late").length).toBe(1)
      })
  )

  scoped("the look-up fails: UnknownOrderFate naming the clientOid, not sent again", () =>
    Effect.gen(function*() {
      const { hostile, via } = yield* setup
      yield* via(openLong)
      hostile.next({ _tag: "ForwardThenDrop" }, TPSL)
      hostile.next(
        { _tag: "Respond", status: 500, body: "{\"code\":\"40010\",\"msg\":\"Request timed out\"}" },
        PENDING,
        5
      )
      const error = yield* Effect.flip(via(PlanOrder.placeTpslOrder({ ...stopLoss, clientOid: "sl-unknown" })))
      expect(error._tag).toBe("UnknownOrderFate")
      if (error._tag !== "UnknownOrderFate") return
      expect(error.clientOids).toEqual(["sl-unknown"])
      expect(error.endpoint).toBe("futures.planOrder.placeTpslOrder")
      expect(hostile.count(TPSL)).toBe(1)
    }))
})
