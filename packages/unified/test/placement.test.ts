/**
 * V3 orders of unknown fate, settled without duplicates: the project's hostile server in front of
 * the simulator loses answers (cuts the connection after the order was placed, cuts it before it
 * arrives, holds it past the client's timeout and delivers it late) and the simulator, the
 * exchange, is asked how many orders it holds. Single placements, batches (a raw JSON array) and
 * strategy orders alike.
 */
import type { Simulator } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { describe, expect } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as TestClock from "effect/TestClock"
import * as Tracer from "effect/Tracer"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import * as Placement from "../../core/test/hostile/placement.js"

const { Trade } = Unified
const PLACE = "POST /api/v3/trade/place-order"
const BATCH = "POST /api/v3/trade/place-batch"
const INFO = "GET /api/v3/trade/order-info"

const order = {
  category: "SPOT",
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  price: "30000",
  qty: "0.001"
} as const

const { scoped } = Placement
/** The client signs as the unified account. */
const credentials = (simulator: Simulator.Service) => simulator.unified.credentials
const held = (clientOid: string) =>
  Effect.map(
    Trade.unfilledOrders({ category: "SPOT" }),
    (page) => page.list.filter((row) => row.clientOid === clientOid).length
  )
const setup = Placement.setup({ credentials, held })

describe("unified placeOrder: unknown fate (hostile server, TestClock)", () => {
  Placement.scenarios({
    credentials,
    held,
    endpoint: "unified.trade.placeOrder",
    place: PLACE,
    lookup: INFO,
    placeOrder: (clientOid) => Trade.placeOrder(clientOid === undefined ? order : { ...order, clientOid }),
    duplicate: "25212",
    notFound: "25204",
    clientOids: ["v3:lost/1"]
  })

  scoped("every order gets a clientOid fitting V3's pattern, sent and returned", () =>
    Effect.gen(function*() {
      const { accepted, hostile, via } = yield* setup
      const placed = yield* via(Trade.placeOrder(order))
      const sent = JSON.parse(hostile.received[0]!.body)
      expect(sent.clientOid).toMatch(/^[.A-Z:/a-z0-9_-]{1,32}$/)
      // Required in the answer's type (core Placement.clientOid): the type check fails if it turns optional.
      const returned: string = placed.clientOid
      expect(returned).toBe(sent.clientOid)
      expect(accepted(PLACE)).toBe(1)
    }))

  scoped(
    "enums given in any letter case go on the wire as documented (category upper, the rest lower)",
    () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        const request: any = { ...order, category: "Spot", side: "BUY", orderType: "LIMIT", timeInForce: "Post_Only" }
        yield* via(Trade.placeOrder(request))
        expect(JSON.parse(hostile.received[0]!.body)).toMatchObject({
          category: "SPOT",
          side: "buy",
          orderType: "limit",
          timeInForce: "post_only"
        })
      })
  )

  scoped(
    "under a tracer of the program's own, the look-up's span is the placement's child",
    () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        const spans: Array<{ name: string; id: string; parent: string | undefined }> = []
        const native = yield* Effect.tracer
        const tracer = Tracer.make({
          span: (name, parent, ...rest) => {
            const span = native.span(name, parent, ...rest)
            spans.push({ name, id: span.spanId, parent: parent._tag === "Some" ? parent.value.spanId : undefined })
            return span
          },
          context: (f) => f()
        })
        hostile.next({ _tag: "ForwardThenDrop" }, PLACE)
        yield* via(Trade.placeOrder(order)).pipe(Effect.withTracer(tracer))
        const place = spans.find((s) => s.name === "bitget.unified.trade.placeOrder")!
        const lookup = spans.find((s) => s.name === "bitget.unified.trade.orderInfo")!
        expect(lookup.parent).toBe(place.id)
      })
  )
})

describe("unified placeBatch: unknown fate per item (hostile server)", () => {
  const items = [
    { ...order, price: "30000" },
    { ...order, price: "29000", clientOid: "batch-b" },
    { ...order, price: "28000" }
  ]
  const sentOids = (body: string) => (JSON.parse(body) as Array<{ clientOid: string }>).map((o) => o.clientOid)

  scoped(
    "placed, then cut: the body is a JSON array; every item found by its clientOid, none twice",
    () =>
      Effect.gen(function*() {
        const { accepted, hostile, ordersWith, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, BATCH)
        const result = yield* via(Trade.placeBatch(items))
        const body = hostile.received[0]!.body
        expect(body.startsWith("[")).toBe(true)
        const sent = sentOids(body)
        expect(sent[1]).toBe("batch-b")
        expect(new Set(sent).size).toBe(3)
        // The settled answer has V3's shape: one item per order, in the order sent.
        expect(result.map((item) => item._tag)).toEqual(["Succeeded", "Succeeded", "Succeeded"])
        expect(result.map((item) => item.clientOid)).toEqual(sent)
        expect(hostile.count(BATCH)).toBe(1)
        expect(hostile.count(INFO)).toBe(3)
        for (const clientOid of sent) expect(yield* ordersWith(clientOid)).toBe(1)
        expect(accepted(BATCH)).toBe(1)
      })
  )

  scoped("cut before it arrives: the array is sent once more with the same clientOids", () =>
    Effect.gen(function*() {
      const { hostile, ordersWith, via } = yield* setup
      hostile.next({ _tag: "Drop" }, BATCH)
      const result = yield* via(Trade.placeBatch(items))
      const [first, second] = hostile.received.filter((r) => r.method === "POST").map((r) => sentOids(r.body))
      expect(second).toEqual(first)
      expect(result.every((item) => item._tag === "Succeeded")).toBe(true)
      for (const clientOid of first!) expect(yield* ordersWith(clientOid)).toBe(1)
    }))

  scoped(
    "held and delivered late: each late item is refused (25212) by the exchange; three orders in all",
    () =>
      Effect.gen(function*() {
        const { hostile, ordersWith, via } = yield* setup
        const late = Hostile.gate()
        hostile.next({ _tag: "Hold", until: late.promise }, BATCH)
        const fiber = yield* Effect.fork(via(Trade.placeBatch(items)))
        yield* Hostile.settle(() => hostile.count(BATCH) === 1)
        yield* TestClock.adjust("5001 millis")
        const result = yield* Fiber.join(fiber)
        late.release()
        yield* Hostile.settle(() => hostile.arrivals(BATCH).length === 2)
        const lateAnswer = JSON.parse(hostile.arrivals(BATCH)[1]!.body)
        expect(lateAnswer.data.map((row: { code: string }) => row.code)).toEqual(["25212", "25212", "25212"])
        expect(result.every((item) => item._tag === "Succeeded")).toBe(true)
        for (const item of result) expect(yield* ordersWith(item.clientOid!)).toBe(1)
      })
  )

  scoped(
    "an item the exchange refused stays Failed with its code; the rest settled by look-up",
    () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        hostile.next({ _tag: "Drop" }, BATCH)
        const result = yield* via(
          Trade.placeBatch([items[0]!, { ...order, symbol: "NOPEUSDT", clientOid: "bad-1" }, items[2]!])
        )
        expect(result.map((item) => item._tag)).toEqual(["Succeeded", "Failed", "Succeeded"])
        expect(result[1]).toMatchObject({ _tag: "Failed", clientOid: "bad-1", code: "25100" })
        expect(hostile.count(BATCH)).toBe(2)
      })
  )
})
