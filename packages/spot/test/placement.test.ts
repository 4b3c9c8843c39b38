/**
 * Orders of unknown fate, settled without duplicates: a hostile server in front of the
 * simulator loses answers (cuts the connection after the order was placed, cuts it before the
 * order arrives, holds the order past the client's timeout and delivers it late), and the
 * exchange, the simulator, is asked how many orders it placed.
 */
import * as Spot from "@effect-bitget/spot"
import { describe, expect } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import * as Placement from "../../core/test/hostile/placement.js"

const PLACE = "POST /api/v2/spot/trade/place-order"
const BATCH = "POST /api/v2/spot/trade/batch-orders"
const INFO = "GET /api/v2/spot/trade/orderInfo"

const order = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "50000",
  size: "0.001"
} as const

const { scoped } = Placement
const held = (clientOid: string) =>
  Effect.map(
    Spot.Trade.unfilledOrders({ symbol: "BTCUSDT" }),
    (rows) => rows.filter((row) => row.clientOid === clientOid).length
  )
const setup = Placement.setup({ held })

describe("spot placeOrder: unknown fate (hostile server, TestClock)", () => {
  Placement.scenarios({
    held,
    endpoint: "spot.trade.placeOrder",
    place: PLACE,
    lookup: INFO,
    placeOrder: (clientOid) => Spot.Trade.placeOrder(clientOid === undefined ? order : { ...order, clientOid }),
    duplicate: "43118",
    notFound: "43001",
    clientOids: [undefined, "mine-1"]
  })

  scoped("every order gets a clientOid: a generated one is sent and returned", () =>
    Effect.gen(function*() {
      const { accepted, hostile, ordersWith, via } = yield* setup
      const placed = yield* via(Spot.Trade.placeOrder(order))
      const sent = JSON.parse(hostile.received[0]!.body)
      expect(sent.clientOid).toMatch(/^[0-9a-f]{32}$/)
      expect(placed.clientOid).toBe(sent.clientOid)
      expect(accepted(PLACE)).toBe(1)
      expect(yield* ordersWith(sent.clientOid)).toBe(1)
    }))

  scoped(
    "delivered between the look-up and the second placement: refused as a duplicate, then found",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, ordersWith, via } = yield* setup
        const late = Hostile.gate()
        hostile.next({ _tag: "Hold", until: late.promise }, PLACE)
        // The look-up is answered "not found", but the held order lands before the client hears so.
        hostile.next({
          _tag: "Forward",
          beforeAnswer: async () => {
            late.release()
            while (hostile.arrivals(PLACE).length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
          }
        }, INFO)
        const fiber = yield* Effect.fork(via(Spot.Trade.placeOrder(order)))
        yield* Hostile.settle(() => hostile.count(PLACE) === 1)
        yield* TestClock.adjust("5001 millis")
        const placed = yield* Fiber.join(fiber)
        const [first, second] = hostile.arrivals(PLACE).map((a) => JSON.parse(a.body))
        expect(first.code).toBe("00000")
        expect(second.code).toBe("43118")
        expect(placed.orderId).toBe(first.data.orderId)
        expect(hostile.count(INFO)).toBe(2)
        expect(accepted(PLACE)).toBe(1)
        expect(yield* ordersWith(placed.clientOid!)).toBe(1)
      })
  )

  scoped(
    "a tpsl order (Bitget ignores its clientOid) whose answer is lost is not sent again: UnknownOrderFate",
    () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        hostile.next({ _tag: "Drop" }, PLACE)
        const error = yield* Effect.flip(
          via(Spot.Trade.placeOrder({ ...order, tpslType: "tpsl", triggerPrice: "51000", clientOid: "tpsl-1" }))
        )
        expect(error).toMatchObject({ _tag: "UnknownOrderFate", clientOids: ["tpsl-1"] })
        expect(error.message).toContain("ignores clientOid on tpsl orders")
        expect(hostile.count(PLACE)).toBe(1)
        expect(hostile.count(INFO)).toBe(0)
      })
  )

  scoped(
    "never arriving, three times: UnknownOrderFate after three placements, none placed",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, via } = yield* setup
        hostile.next({ _tag: "Drop" }, PLACE, 3)
        const error = yield* Effect.flip(via(Spot.Trade.placeOrder({ ...order, clientOid: "gone-1" })))
        expect(error).toMatchObject({ _tag: "UnknownOrderFate", clientOids: ["gone-1"] })
        expect(hostile.count(PLACE)).toBe(3)
        expect(accepted(PLACE)).toBe(0)
      })
  )

  scoped(
    "a request that never left (connection refused) is a TransportError with sent: false",
    () =>
      Effect.gen(function*() {
        const { simulator } = yield* setup
        const closed = yield* Effect.scoped(Effect.map(Hostile.make(), (h) => h.url))
        const error = yield* Effect.flip(
          Effect.provide(Spot.Trade.placeOrder(order), Hostile.client(closed, simulator.credentials))
        )
        expect(error).toMatchObject({ _tag: "TransportError", sent: false })
      })
  )
})

describe("spot batchOrders: unknown fate per item (hostile server)", () => {
  const items = [
    { ...order, price: "50000" },
    { ...order, price: "49000", clientOid: "batch-b" },
    { ...order, price: "48000" }
  ]

  scoped("placed, then cut: every item found by its clientOid; none placed twice", () =>
    Effect.gen(function*() {
      const { accepted, hostile, ordersWith, via } = yield* setup
      hostile.next({ _tag: "ForwardThenDrop" }, BATCH)
      const result = yield* via(Spot.Trade.batchOrders({ symbol: "BTCUSDT", orderList: items }))
      const sent = JSON.parse(hostile.received[0]!.body).orderList.map((o: { clientOid: string }) => o.clientOid)
      expect(sent[1]).toBe("batch-b")
      expect(new Set(sent).size).toBe(3)
      expect(result.successList.map((row) => row.clientOid).sort()).toEqual([...sent].sort())
      expect(result.failureList).toEqual([])
      expect(hostile.count(BATCH)).toBe(1)
      expect(hostile.count(INFO)).toBe(3)
      for (const clientOid of sent) expect(yield* ordersWith(clientOid)).toBe(1)
      expect(accepted(BATCH)).toBe(1)
    }))

  scoped("cut before it arrives: the batch is placed once more with the same clientOids", () =>
    Effect.gen(function*() {
      const { hostile, ordersWith, via } = yield* setup
      hostile.next({ _tag: "Drop" }, BATCH)
      const result = yield* via(Spot.Trade.batchOrders({ symbol: "BTCUSDT", orderList: items }))
      const [first, second] = hostile.received.filter((r) => r.method === "POST").map((r) =>
        JSON.parse(r.body).orderList.map((o: { clientOid: string }) => o.clientOid)
      )
      expect(second).toEqual(first)
      expect(result.successList).toHaveLength(3)
      for (const clientOid of first) expect(yield* ordersWith(clientOid)).toBe(1)
    }))

  scoped(
    "held and delivered late: each late item is refused by the exchange; three orders in all",
    () =>
      Effect.gen(function*() {
        const { hostile, ordersWith, via } = yield* setup
        const late = Hostile.gate()
        hostile.next({ _tag: "Hold", until: late.promise }, BATCH)
        const fiber = yield* Effect.fork(via(Spot.Trade.batchOrders({ symbol: "BTCUSDT", orderList: items })))
        yield* Hostile.settle(() => hostile.count(BATCH) === 1)
        yield* TestClock.adjust("5001 millis")
        const result = yield* Fiber.join(fiber)
        late.release()
        yield* Hostile.settle(() => hostile.arrivals(BATCH).length === 2)
        const lateAnswer = JSON.parse(hostile.arrivals(BATCH)[1]!.body)
        expect(lateAnswer.data.successList).toEqual([])
        expect(lateAnswer.data.failureList.map((row: { errorCode: string }) => row.errorCode)).toEqual([
          "43118",
          "43118",
          "43118"
        ])
        expect(result.successList).toHaveLength(3)
        for (const row of result.successList) expect(yield* ordersWith(row.clientOid!)).toBe(1)
      })
  )

  scoped(
    "some items placed, answer and look-ups of the rest lost: UnknownOrderFate names the rest",
    () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, BATCH)
        hostile.next({ _tag: "Forward" }, INFO, 1)
        hostile.otherwise((request) => request.path.endsWith("orderInfo") ? { _tag: "Drop" } : { _tag: "Forward" })
        const error = yield* Hostile.drive(
          Effect.flip(via(Spot.Trade.batchOrders({ symbol: "BTCUSDT", orderList: items })))
        )
        expect(error._tag).toBe("UnknownOrderFate")
        if (error._tag === "UnknownOrderFate") {
          expect(error.placed).toHaveLength(1)
          expect(error.clientOids).toHaveLength(2)
          expect(new Set([...error.clientOids, error.placed[0]!.clientOid]).size).toBe(3)
        }
        expect(hostile.count(BATCH)).toBe(1)
      })
  )
})
