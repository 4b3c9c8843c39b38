/**
 * Futures orders of unknown fate, settled without duplicates (see spot's placement test for the
 * full matrix): the look-up is `futures.order.detail` by symbol, productType and clientOid.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as TestClock from "effect/TestClock"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const PLACE = "POST /api/v2/mix/order/place-order"
const BATCH = "POST /api/v2/mix/order/batch-place-order"
const DETAIL = "GET /api/v2/mix/order/detail"

const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT", marginMode: "crossed" } as const
const order = { ...usdt, size: "0.01", side: "buy", orderType: "limit", price: "50000" } as const

const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const control = yield* Simulator.control<FuturesControl>("futures")
  control.setMarkPrice("BTCUSDT", "60000")
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials))
  const accepted = (route: string) => hostile.arrivals(route).filter((a) => JSON.parse(a.body).code === "00000").length
  const ordersWith = (clientOid: string) =>
    via(OrderQuery.ordersPending({ productType: "USDT-FUTURES" })).pipe(
      Effect.map((data) => data.entrustedList.filter((row) => row.clientOid === clientOid).length)
    )
  return { hostile, via, accepted, ordersWith }
})

const scoped = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  it.scoped(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

describe("futures placeOrder: unknown fate (hostile server, TestClock)", () => {
  scoped(
    "placed, then the connection is cut: found by detail, not sent again; the generated clientOid is returned",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, ordersWith, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, PLACE)
        const placed = yield* via(Order.placeOrder(order))
        const clientOid = JSON.parse(hostile.received[0]!.body).clientOid
        expect(clientOid).toMatch(/^[0-9a-f]{32}$/)
        expect(placed.clientOid).toBe(clientOid)
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(PLACE)[0]!.body).data.orderId)
        const lookup = hostile.received.find((r) => r.path.endsWith("/detail"))!
        expect(Object.fromEntries(lookup.query)).toEqual({ symbol: "BTCUSDT", productType: "USDT-FUTURES", clientOid })
        expect(hostile.count(PLACE)).toBe(1)
        expect(accepted(PLACE)).toBe(1)
        expect(yield* ordersWith(clientOid)).toBe(1)
      })
  )

  scoped(
    "held past the timeout and delivered late: placed once by the second send, the late one refused",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, ordersWith, via } = yield* setup
        const late = Hostile.gate()
        hostile.next({ _tag: "Hold", until: late.promise }, PLACE)
        const fiber = yield* Effect.fork(via(Order.placeOrder({ ...order, clientOid: "fut-late" })))
        yield* Hostile.settle(() => hostile.count(PLACE) === 1)
        yield* TestClock.adjust("5001 millis")
        const placed = yield* Fiber.join(fiber)
        late.release()
        yield* Hostile.settle(() => hostile.arrivals(PLACE).length === 2)
        expect(hostile.arrivals(PLACE).map((a) => JSON.parse(a.body).code)).toEqual(["00000", "43118"])
        expect(placed.clientOid).toBe("fut-late")
        expect(hostile.count(DETAIL)).toBe(1)
        expect(accepted(PLACE)).toBe(1)
        expect(yield* ordersWith("fut-late")).toBe(1)
      })
  )

  scoped("a batch placed and cut: every item found; none placed twice", () =>
    Effect.gen(function*() {
      const { accepted, hostile, ordersWith, via } = yield* setup
      hostile.next({ _tag: "ForwardThenDrop" }, BATCH)
      const result = yield* via(Order.batchPlaceOrder({
        ...usdt,
        orderList: [
          { size: "0.01", side: "buy", orderType: "limit", price: "50000" },
          { size: "0.01", side: "buy", orderType: "limit", price: "49000", clientOid: "fut-b" }
        ]
      }))
      const sent = JSON.parse(hostile.received[0]!.body).orderList.map((o: { clientOid: string }) => o.clientOid)
      expect(sent[1]).toBe("fut-b")
      expect(result.successList.map((row) => row.clientOid).sort()).toEqual([...sent].sort())
      expect(hostile.count(BATCH)).toBe(1)
      expect(hostile.count(DETAIL)).toBe(2)
      expect(accepted(BATCH)).toBe(1)
      for (const clientOid of sent) expect(yield* ordersWith(clientOid)).toBe(1)
    }))

  scoped(
    "Bitget's other spellings (CROSSED, Buy, LIMIT, GTC) are accepted and sent as documented",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, via } = yield* setup
        yield* via(Order.placeOrder({
          ...order,
          marginMode: "CROSSED" as "crossed",
          side: "Buy" as "buy",
          orderType: "LIMIT" as "limit",
          force: "GTC" as "gtc"
        }))
        const sent = JSON.parse(hostile.received[0]!.body)
        expect([sent.marginMode, sent.side, sent.orderType, sent.force]).toEqual(["crossed", "buy", "limit", "gtc"])
        expect(accepted(PLACE)).toBe(1)
      })
  )
})
