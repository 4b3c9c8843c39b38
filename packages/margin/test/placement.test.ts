/**
 * Margin orders of unknown fate, settled without duplicates over a hostile server in front of
 * the simulator. Margin has no single-order look-up: an order is looked up by `clientOid` among
 * the symbol's open orders, then its history orders, both with a `startTime`.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import type { MarginControl } from "@effect-bitget/simulator/margin/MarginDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as TestClock from "effect/TestClock"
import * as Hostile from "../../core/test/hostile/Hostile.js"

const { Trade } = Margin
const { time } = Margin.Schemas
const START = 1_767_225_600_000 // 2026-01-01T00:00:00Z
const DAY = 86_400_000

const CROSS_PLACE = "POST /api/v2/margin/crossed/place-order"
const ISOLATED_PLACE = "POST /api/v2/margin/isolated/place-order"
const CROSS_BATCH = "POST /api/v2/margin/crossed/batch-place-order"
const ISOLATED_BATCH = "POST /api/v2/margin/isolated/batch-place-order"
const CROSS_OPEN = "GET /api/v2/margin/crossed/open-orders"
const CROSS_HISTORY = "GET /api/v2/margin/crossed/history-orders"
const ISOLATED_OPEN = "GET /api/v2/margin/isolated/open-orders"
const ISOLATED_HISTORY = "GET /api/v2/margin/isolated/history-orders"

/** A limit buy below the price: it rests among the open orders. */
const resting = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "50000",
  baseSize: "0.001",
  loanType: "normal"
} as const
/** A market buy: filled at once, so it is found only among the history orders. */
const market = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "market",
  force: "gtc",
  quoteSize: "100",
  loanType: "normal"
} as const

const setup = Effect.gen(function*() {
  yield* TestClock.setTime(START)
  const simulator = yield* Simulator.Simulator
  const spot = yield* Simulator.control<SpotControl>("spot")
  spot.setPrice("BTCUSDT", "60000")
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials))
  yield* via(Effect.all([
    Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "5000" }),
    Spot.Wallet.transfer({
      fromType: "spot",
      toType: "isolated_margin",
      coin: "USDT",
      amount: "5000",
      symbol: "BTCUSDT"
    })
  ]))
  hostile.received.length = 0
  const accepted = (route: string) => hostile.arrivals(route).filter((a) => JSON.parse(a.body).code === "00000").length
  const since = { symbol: "BTCUSDT", startTime: time(START - DAY) }
  /** How many orders, open and closed, the simulator holds under `clientOid` (straight, not via the hostile server). */
  const held = (isolated: boolean, clientOid: string) =>
    Effect.gen(function*() {
      const open = yield* (isolated ? Trade.isolatedOpenOrders(since) : Trade.crossOpenOrders(since))
      const history = yield* (isolated ? Trade.isolatedHistoryOrders(since) : Trade.crossHistoryOrders(since))
      const count = (rows: ReadonlyArray<Margin.Trade.Order>) => rows.filter((r) => r.clientOid === clientOid).length
      return { open: count(open.orderList), history: count(history.orderList) }
    }).pipe(Effect.provide(Hostile.client(simulator.url, simulator.credentials)))
  const lookups = (route: string) =>
    hostile.received.filter((r) => `${r.method} ${r.path}` === route).map((r) => Object.fromEntries(r.query))
  return { hostile, via, accepted, held, lookups }
})

const scoped = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  it.scoped(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

describe("margin placements: unknown fate (hostile server, TestClock)", () => {
  scoped(
    "cross order placed, then the connection is cut: found among open orders by clientOid, not sent again",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, lookups, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, CROSS_PLACE)
        const placed = yield* via(Trade.crossPlaceOrder(resting))
        const clientOid = JSON.parse(hostile.received[0]!.body).clientOid
        expect(clientOid).toMatch(/^[0-9a-f]{32}$/)
        expect(placed.clientOid).toBe(clientOid)
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(CROSS_PLACE)[0]!.body).data.orderId)
        // The look-up names the symbol, the clientOid and a startTime a day back (the current time is START).
        expect(lookups(CROSS_OPEN)).toEqual([{ symbol: "BTCUSDT", clientOid, startTime: String(START - DAY) }])
        expect(lookups(CROSS_HISTORY)).toEqual([])
        expect(hostile.count(CROSS_PLACE)).toBe(1)
        expect(accepted(CROSS_PLACE)).toBe(1)
        expect(yield* held(false, clientOid)).toEqual({ open: 1, history: 0 })
      })
  )

  scoped(
    "isolated market order filled, then cut: not open, found among history orders; not sent again",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, lookups, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, ISOLATED_PLACE)
        const placed = yield* via(Trade.isolatedPlaceOrder({ ...market, clientOid: "iso-filled" }))
        expect(placed.clientOid).toBe("iso-filled")
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(ISOLATED_PLACE)[0]!.body).data.orderId)
        expect(lookups(ISOLATED_OPEN).map((q) => q.clientOid)).toEqual(["iso-filled"])
        expect(lookups(ISOLATED_HISTORY).map((q) => q.clientOid)).toEqual(["iso-filled"])
        expect(hostile.count(ISOLATED_PLACE)).toBe(1)
        expect(accepted(ISOLATED_PLACE)).toBe(1)
        expect(yield* held(true, "iso-filled")).toEqual({ open: 0, history: 1 })
      })
  )

  scoped(
    "cut before it arrives: looked up in both lists, not found, placed once under the same clientOid",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, via } = yield* setup
        hostile.next({ _tag: "Drop" }, CROSS_PLACE)
        const placed = yield* via(Trade.crossPlaceOrder({ ...resting, clientOid: "cross-dropped" }))
        expect(placed.clientOid).toBe("cross-dropped")
        expect(hostile.count(CROSS_PLACE)).toBe(2)
        expect(hostile.count(CROSS_OPEN)).toBe(1)
        expect(hostile.count(CROSS_HISTORY)).toBe(1)
        expect(hostile.received.map((r) => JSON.parse(r.body || "{}").clientOid).filter(Boolean)).toEqual([
          "cross-dropped",
          "cross-dropped"
        ])
        expect(accepted(CROSS_PLACE)).toBe(1)
        expect(yield* held(false, "cross-dropped")).toEqual({ open: 1, history: 0 })
      })
  )

  scoped(
    "a cross batch placed and cut: each item found (one open, one filled); none placed twice",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, CROSS_BATCH)
        const { symbol: _, ...restingItem } = resting
        const { symbol: __, ...marketItem } = market
        const result = yield* via(Trade.crossBatchPlaceOrder({
          symbol: "BTCUSDT",
          orderList: [restingItem, { ...marketItem, clientOid: "batch-filled" }]
        }))
        const sent: Array<string> = JSON.parse(hostile.received[0]!.body).orderList.map((o: { clientOid: string }) =>
          o.clientOid
        )
        expect(sent[1]).toBe("batch-filled")
        const answered = JSON.parse(hostile.arrivals(CROSS_BATCH)[0]!.body).data.successList
        expect(result.successList.map((row) => [row.clientOid, row.orderId]).sort()).toEqual(
          answered.map((row: { clientOid: string; orderId: string }) => [row.clientOid, row.orderId]).sort()
        )
        expect(hostile.count(CROSS_BATCH)).toBe(1)
        expect(accepted(CROSS_BATCH)).toBe(1)
        expect(yield* held(false, sent[0]!)).toEqual({ open: 1, history: 0 })
        expect(yield* held(false, "batch-filled")).toEqual({ open: 0, history: 1 })
      })
  )

  scoped("a batch cut before it arrives: placed once by the second send", () =>
    Effect.gen(function*() {
      const { accepted, held, hostile, via } = yield* setup
      hostile.next({ _tag: "Drop" }, CROSS_BATCH)
      const { symbol: _, ...restingItem } = resting
      const result = yield* via(Trade.crossBatchPlaceOrder({
        symbol: "BTCUSDT",
        orderList: [{ ...restingItem, clientOid: "batch-dropped" }]
      }))
      expect(result.successList.map((row) => row.clientOid)).toEqual(["batch-dropped"])
      expect(hostile.count(CROSS_BATCH)).toBe(2)
      expect(accepted(CROSS_BATCH)).toBe(1)
      expect(yield* held(false, "batch-dropped")).toEqual({ open: 1, history: 0 })
    }))

  scoped(
    "an isolated batch placed and cut: found through the isolated look-ups; none placed twice",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, lookups, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, ISOLATED_BATCH)
        const { symbol: _, ...restingItem } = resting
        const result = yield* via(Trade.isolatedBatchPlaceOrder({
          symbol: "BTCUSDT",
          orderList: [{ ...restingItem, clientOid: "iso-batch" }]
        }))
        const answered = JSON.parse(hostile.arrivals(ISOLATED_BATCH)[0]!.body).data.successList[0].orderId
        expect(result.successList.map((row) => [row.clientOid, row.orderId])).toEqual([["iso-batch", answered]])
        expect(lookups(ISOLATED_OPEN).map((q) => [q.symbol, q.clientOid])).toEqual([["BTCUSDT", "iso-batch"]])
        expect(hostile.count(CROSS_OPEN)).toBe(0)
        expect(hostile.count(ISOLATED_BATCH)).toBe(1)
        expect(accepted(ISOLATED_BATCH)).toBe(1)
        expect(yield* held(true, "iso-batch")).toEqual({ open: 1, history: 0 })
      })
  )

  scoped(
    "a listed order of another clientOid is not taken for this one: not found, placed again",
    () =>
      Effect.gen(function*() {
        const { accepted, held, hostile, via } = yield* setup
        hostile.next({ _tag: "Drop" }, CROSS_PLACE)
        const other = {
          orderId: "999",
          symbol: "BTCUSDT",
          orderType: "limit",
          enterPointSource: "API",
          clientOid: "someone-else",
          loanType: "normal",
          price: "50000",
          side: "buy",
          status: "live",
          baseSize: "0.001",
          quoteSize: "50",
          priceAvg: "",
          size: "0",
          amount: "0",
          force: "gtc",
          cTime: String(START),
          uTime: String(START)
        }
        const body = JSON.stringify({
          code: "00000",
          msg: "success",
          requestTime: START,
          data: { orderList: [other], maxId: "999", minId: "999" }
        })
        hostile.next({ _tag: "Respond", status: 200, body }, CROSS_OPEN)
        const placed = yield* via(Trade.crossPlaceOrder({ ...resting, clientOid: "mine" }))
        expect(placed.clientOid).toBe("mine")
        expect(placed.orderId).not.toBe("999")
        expect(placed.orderId).toBe(JSON.parse(hostile.arrivals(CROSS_PLACE)[0]!.body).data.orderId)
        expect(hostile.count(CROSS_HISTORY)).toBe(1)
        expect(hostile.count(CROSS_PLACE)).toBe(2)
        expect(accepted(CROSS_PLACE)).toBe(1)
        expect(yield* held(false, "mine")).toEqual({ open: 1, history: 0 })
      })
  )

  scoped(
    "the look-up fails: UnknownOrderFate naming the clientOid, and the order is not sent again",
    () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        hostile.next({ _tag: "ForwardThenDrop" }, CROSS_PLACE)
        hostile.next(
          { _tag: "Respond", status: 400, body: "{\"code\":\"40808\",\"msg\":\"Parameter verification exception\"}" },
          CROSS_OPEN,
          5
        )
        const error = yield* Effect.flip(via(Trade.crossPlaceOrder({ ...resting, clientOid: "cross-unknown" })))
        expect(error._tag).toBe("UnknownOrderFate")
        if (error._tag !== "UnknownOrderFate") return
        expect(error.clientOids).toEqual(["cross-unknown"])
        expect(error.endpoint).toBe("margin.trade.crossPlaceOrder")
        expect(hostile.count(CROSS_PLACE)).toBe(1)
      })
  )
  /**
   * The placement is held by the hostile server past the client's 5 s timeout; the client looks
   * it up (not found), sends it again under the same clientOid, and only then does the first
   * send reach the simulator, which refuses it as a duplicate (50060): one order, the answer's.
   */
  for (const isolated of [false, true]) {
    const side = isolated ? "isolated" : "cross"
    const PLACE = isolated ? ISOLATED_PLACE : CROSS_PLACE
    const BATCH = isolated ? ISOLATED_BATCH : CROSS_BATCH
    const OPEN = isolated ? ISOLATED_OPEN : CROSS_OPEN
    const HISTORY = isolated ? ISOLATED_HISTORY : CROSS_HISTORY

    scoped(
      `${side} order held past the timeout and delivered late: one order, the one answered`,
      () =>
        Effect.gen(function*() {
          const { accepted, held, hostile, via } = yield* setup
          const { ledger } = yield* Simulator.control<MarginControl>("margin")
          const clientOid = `${side}-late`
          const late = Hostile.gate()
          hostile.next({ _tag: "Hold", until: late.promise }, PLACE)
          // 5500 USDT of a 5000 USDT account: the order borrows what it lacks, once.
          const order = { ...resting, baseSize: "0.11", loanType: "autoLoan", clientOid } as const
          const fiber = yield* Effect.fork(via((isolated ? Trade.isolatedPlaceOrder : Trade.crossPlaceOrder)(order)))
          yield* Hostile.settle(() => hostile.count(PLACE) === 1)
          yield* TestClock.adjust("5001 millis")
          const placed = yield* Fiber.join(fiber)
          late.release()
          yield* Hostile.settle(() => hostile.arrivals(PLACE).length === 2)
          const arrivals = hostile.arrivals(PLACE).map((a) => JSON.parse(a.body))
          expect(arrivals.map((a) => a.code)).toEqual(["00000", "50060"])
          expect(
            hostile.received.filter((r) => `${r.method} ${r.path}` === PLACE).map((r) => JSON.parse(r.body).clientOid)
          )
            .toEqual([clientOid, clientOid])
          expect(hostile.count(OPEN)).toBe(1)
          expect(hostile.count(HISTORY)).toBe(1)
          expect(placed).toEqual({ orderId: arrivals[0].data.orderId, clientOid })
          expect(accepted(PLACE)).toBe(1)
          expect(yield* held(isolated, clientOid)).toEqual({ open: 1, history: 0 })
          // The refused late arrival borrowed nothing.
          expect(ledger.borrows.map((b) => [b.type, b.coin, BigDecimal.format(b.amount)])).toEqual([
            ["auto_loan", "USDT", "500"]
          ])
        })
    )

    scoped(
      `${side} batch held past the timeout and delivered late: each item once, the one answered`,
      () =>
        Effect.gen(function*() {
          const { accepted, held, hostile, via } = yield* setup
          const clientOid = `${side}-batch-late`
          const late = Hostile.gate()
          hostile.next({ _tag: "Hold", until: late.promise }, BATCH)
          const { symbol: _, ...restingItem } = resting
          const fiber = yield* Effect.fork(via(
            (isolated ? Trade.isolatedBatchPlaceOrder : Trade.crossBatchPlaceOrder)({
              symbol: "BTCUSDT",
              orderList: [{ ...restingItem, clientOid }]
            })
          ))
          yield* Hostile.settle(() => hostile.count(BATCH) === 1)
          yield* TestClock.adjust("5001 millis")
          const result = yield* Fiber.join(fiber)
          late.release()
          yield* Hostile.settle(() => hostile.arrivals(BATCH).length === 2)
          const [first, second] = hostile.arrivals(BATCH).map((a) => JSON.parse(a.body).data)
          // The re-sent batch placed it; the late one is refused item by item as a duplicate.
          expect(first.successList.map((row: { clientOid: string }) => row.clientOid)).toEqual([clientOid])
          expect(second.successList).toEqual([])
          expect(
            second.failureList.map((row: { clientOid: string; errorCode: string }) => [row.clientOid, row.errorCode])
          )
            .toEqual([[clientOid, "50060"]])
          expect(result.successList.map((row) => [row.clientOid, row.orderId])).toEqual([
            [clientOid, first.successList[0].orderId]
          ])
          expect(result.failureList).toEqual([])
          expect(hostile.count(OPEN)).toBe(1)
          expect(accepted(BATCH)).toBe(2)
          expect(yield* held(isolated, clientOid)).toEqual({ open: 1, history: 0 })
        })
    )
  }
})
