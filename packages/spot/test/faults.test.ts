/**
 * The fault suite: the project's hostile server (packages/core/test/hostile) against the client
 * over a matrix of faults, counting what must never happen: defects (a call dying instead of
 * failing with a tagged error), duplicate orders, orders lost silently, rows lost or repeated,
 * requests sent for bad input, unbounded messages, and sockets left open. Every count must be 0;
 * the totals are printed (`fault suite:` lines) and recorded in docs/reliability.md.
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as Public from "@effect-bitget/core/Public"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import { Registry, Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import * as Support from "../../core/test/support.js"

interface Tally {
  cases: number
  defects: number
  duplicateOrders: number
  lostOrders: number
  /** Placements the exchange could settle (every fault but "never arrives") left as UnknownOrderFate. */
  unsettledOrders: number
  rowsLost: number
  rowsRepeated: number
  sentForBadInput: number
  unboundedMessages: number
  leakedSockets: number
}

const tally: Tally = {
  cases: 0,
  defects: 0,
  duplicateOrders: 0,
  lostOrders: 0,
  unsettledOrders: 0,
  rowsLost: 0,
  rowsRepeated: 0,
  sentForBadInput: 0,
  unboundedMessages: 0,
  leakedSockets: 0
}

/** Records one case's exit: a defect, or a failure whose message is too long. */
const observe = <A, E>(exit: Exit.Exit<A, E>) => {
  tally.cases++
  if (Exit.isFailure(exit)) {
    if (Cause.isDie(exit.cause) || Cause.isInterruptedOnly(exit.cause)) tally.defects++
    const error = Cause.failureOption(exit.cause)
    if (error._tag === "Some" && String((error.value as { message?: unknown }).message ?? "").length > 1000) {
      tally.unboundedMessages++
    }
  }
}

/** After the client is gone, the hostile server must hold no socket of it. */
const checkLeaks = (hostile: Hostile.Hostile) =>
  Effect.gen(function*() {
    yield* Hostile.settle(() => hostile.openSockets() === 0)
    tally.leakedSockets += hostile.openSockets()
  })

const fresh = <A, E>(test: Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  test.pipe(Effect.provide(Layer.fresh(Simulator.layer())), Effect.scoped)

// ---------------------------------------------------------------------------------------------
// Orders of unknown fate

type Fault = "placed, cut" | "cut before arrival" | "held, late" | "held, lands mid-resolution" | "never arrives"

const faults: ReadonlyArray<Fault> = [
  "placed, cut",
  "cut before arrival",
  "held, late",
  "held, lands mid-resolution",
  "never arrives"
]

const order = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "50000",
  size: "0.001"
} as const

const declared = (name: string) => {
  const found = Registry.endpoints.find((endpoint) => endpoint.name === name)
  if (found === undefined) throw new Error(`no endpoint is named ${name}`)
  return found
}
const execute = (name: string, request: unknown) =>
  Effect.flatMap(BitgetClient.BitgetClient, (client) => client.execute(declared(name), request))

type Line = "spot" | "spotPlan" | "futures"

/** A plan order that rests untriggered (BTCUSDT trades well above 50000 in the simulator). */
const planOrder = {
  symbol: "BTCUSDT",
  side: "buy",
  triggerPrice: "50000",
  orderType: "limit",
  executePrice: "50000",
  size: "0.001",
  triggerType: "fill_price"
} as const

/** Routes, calls and the exchange's open orders of each line's placements. */
const lines = {
  spot: {
    one: "POST /api/v2/spot/trade/place-order",
    many: "POST /api/v2/spot/trade/batch-orders",
    lookup: "GET /api/v2/spot/trade/orderInfo",
    place: (clientOid: string | undefined) => Spot.Trade.placeOrder(clientOid ? { ...order, clientOid } : order),
    batch: (oids: ReadonlyArray<string | undefined>) =>
      Spot.Trade.batchOrders({
        symbol: "BTCUSDT",
        orderList: oids.map((clientOid, i) => ({
          ...order,
          price: String(50000 - i),
          ...(clientOid ? { clientOid } : {})
        }))
      }),
    open: Effect.map(Spot.Trade.unfilledOrders({ symbol: "BTCUSDT" }), (rows) => rows.map((row) => row.clientOid))
  },
  // Plan orders have no batch placement: only the single cases run.
  spotPlan: {
    one: "POST /api/v2/spot/trade/place-plan-order",
    many: "POST /api/v2/spot/trade/place-plan-order",
    lookup: "GET /api/v2/spot/trade/current-plan-order",
    place: (clientOid: string | undefined) =>
      Spot.PlanOrder.placePlanOrder(clientOid ? { ...planOrder, clientOid } : planOrder),
    batch: (_: ReadonlyArray<string | undefined>) => Effect.die("spot plan orders have no batch placement"),
    open: Effect.map(
      Spot.PlanOrder.currentPlanOrder({ symbol: "BTCUSDT", limit: 100 }),
      (page) => page.orderList.map((row) => row.clientOid)
    )
  },
  futures: {
    one: "POST /api/v2/mix/order/place-order",
    many: "POST /api/v2/mix/order/batch-place-order",
    lookup: "GET /api/v2/mix/order/detail",
    place: (clientOid: string | undefined) =>
      execute("futures.order.placeOrder", { ...usdt, ...futuresOrder, ...(clientOid ? { clientOid } : {}) }),
    batch: (oids: ReadonlyArray<string | undefined>) =>
      execute("futures.order.batchPlaceOrder", {
        ...usdt,
        orderList: oids.map((clientOid, i) => ({
          ...futuresOrder,
          price: String(50000 - i),
          ...(clientOid ? { clientOid } : {})
        }))
      }),
    open: Effect.map(
      execute("futures.orderQuery.ordersPending", { productType: "USDT-FUTURES" }),
      (data) =>
        (data as { entrustedList: ReadonlyArray<{ clientOid?: string }> }).entrustedList.map((row) => row.clientOid)
    )
  }
} as const

const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT", marginMode: "crossed" } as const
const futuresOrder = { size: "0.01", side: "buy", orderType: "limit", price: "50000" } as const

const placementCase = (line: Line, fault: Fault, batch: boolean, given: boolean) =>
  fresh(Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    if (line === "futures") (yield* Simulator.control<FuturesControl>("futures")).setMarkPrice("BTCUSDT", "60000")
    const hostile = yield* Hostile.make({ upstream: simulator.url })
    const on = lines[line]
    const route = batch ? on.many : on.one
    const late = Hostile.gate()
    switch (fault) {
      case "placed, cut":
        hostile.next({ _tag: "ForwardThenDrop" }, route)
        break
      case "cut before arrival":
        hostile.next({ _tag: "Drop" }, route)
        break
      case "held, late":
        hostile.next({ _tag: "Hold", until: late.promise }, route)
        break
      case "held, lands mid-resolution":
        hostile.next({ _tag: "Hold", until: late.promise }, route)
        hostile.next({
          _tag: "Forward",
          beforeAnswer: async () => {
            late.release()
            while (hostile.arrivals(route).length === 0) await new Promise((resolve) => setTimeout(resolve, 5))
          }
        }, on.lookup)
        break
      case "never arrives":
        hostile.next({ _tag: "Drop" }, route, 3)
        break
    }
    const oids = given ? ["fs-a", "fs-b"] : [undefined, undefined]
    const call: Effect.Effect<unknown, unknown, BitgetClient.BitgetClient> = batch
      ? on.batch(oids)
      : on.place(oids[0])
    const fiber = yield* Effect.fork(
      Effect.exit(Effect.provide(call, Hostile.client(hostile.url, simulator.credentials)))
    )
    if (fault === "held, late" || fault === "held, lands mid-resolution") {
      yield* Hostile.settle(() => hostile.count(route) === 1)
      yield* TestClock.adjust("5001 millis")
    }
    const exit = yield* Fiber.join(fiber)
    late.release()
    // A held placement reaches the exchange after the call: wait for it (and its refusal).
    if (fault.startsWith("held")) yield* Hostile.settle(() => hostile.arrivals(route).length >= 2)
    observe(exit)
    if (fault !== "never arrives" && Exit.isFailure(exit)) {
      const error = Cause.failureOption(exit.cause)
      if (error._tag === "Some" && (error.value as { _tag: string })._tag === "UnknownOrderFate") {
        tally.unsettledOrders++
      }
    }
    // What the exchange holds, per clientOid that was sent.
    const sent = new Set<string>()
    for (const request of hostile.received.filter((r) => `${r.method} ${r.path}` === route)) {
      const body = JSON.parse(request.body)
      for (const item of batch ? body.orderList : [body]) sent.add(item.clientOid)
    }
    const open = yield* Effect.provide(on.open, Simulator.layerClient())
    // The exchange (a fresh simulator) holds no other order: more than the call meant is a duplicate.
    tally.duplicateOrders += Math.max(0, open.length - (batch ? 2 : 1))
    for (const clientOid of sent) {
      const held = open.filter((oid) => oid === clientOid).length
      if (held > 1) tally.duplicateOrders += held - 1
      // A success that names an order the exchange lacks, or a plain refusal for an order it holds.
      if (Exit.isSuccess(exit) && held === 0) tally.lostOrders++
      if (Exit.isFailure(exit)) {
        const error = Cause.failureOption(exit.cause)
        const tag = error._tag === "Some" ? (error.value as { _tag: string })._tag : "none"
        if (held === 1 && tag !== "UnknownOrderFate") tally.lostOrders++
      }
    }
    yield* checkLeaks(hostile)
    return exit
  }))

// ---------------------------------------------------------------------------------------------
// Pagination

const anchor = 1_750_000_000_000
const rows = Array.from({ length: 23 }, (_, i) => ({ id: String(500 - i), ts: String(anchor - i * 1000) }))
const ok = (data: unknown): Hostile.Answer => ({
  status: 200,
  body: JSON.stringify({ code: "00000", msg: "success", requestTime: anchor, data })
})

const capped = (cap: number) => (request: Hostile.Received): Hostile.Answer => {
  const limit = Math.min(Number(request.query.get("limit") ?? 100), cap)
  const below = request.query.get("idLessThan")
  const end = request.query.get("endTime")
  let list = rows.filter((row) =>
    (below === null || BigInt(row.id) < BigInt(below)) && (end === null || Number(row.ts) <= Number(end))
  )
  if (request.path.endsWith("by-page")) list = list.slice((Number(request.query.get("pageNum") ?? 1) - 1) * limit)
  const page = list.slice(0, limit)
  if (request.path.endsWith("by-end-id")) {
    return ok({ entrustedList: page, endId: page.length === 0 ? "" : page[page.length - 1]!.id })
  }
  return ok(request.path.endsWith("by-time") ? [...page].reverse() : page)
}

type Rule = "lastRow" | "endId" | "page" | "time"
const rules: ReadonlyArray<Rule> = ["lastRow", "endId", "page", "time"]

const stream = (rule: Rule): Stream.Stream<{ readonly id: string }, unknown, BitgetClient.BitgetClient> => {
  switch (rule) {
    case "lastRow":
      return Support.byLastRow.items()
    case "endId":
      return Support.byEndId.items()
    case "page":
      return Support.byPage.items()
    case "time":
      return Support.byTime.items({ endTime: Timestamp.fromMillis(anchor) })
  }
}

/** Rows the stream emitted (in order) and how it ended. */
const walk = (hostile: Hostile.Hostile, rule: Rule) =>
  Effect.gen(function*() {
    const emitted: Array<string> = []
    const exit = yield* stream(rule).pipe(
      Stream.runForEach((row) => Effect.sync(() => emitted.push(row.id))),
      Effect.provide(Hostile.client(hostile.url, Hostile.anyCredentials)),
      Effect.exit
    )
    observe(exit)
    tally.rowsRepeated += emitted.length - new Set(emitted).size
    return { emitted, exit }
  })

const hostileCursor = (kind: "cycle" | "stall" | "ignored", rule: Rule) => {
  let n = 0
  return (): Hostile.Answer => {
    const first = rows.slice(0, 9)
    const second = rows.slice(9, 18)
    const page = kind === "ignored" ? first : (n++ % 2 === 0 ? first : second)
    if (rule === "endId") {
      const endId = kind === "stall" ? first[first.length - 1]!.id : page[page.length - 1]!.id
      return ok({ entrustedList: page, endId })
    }
    return ok(rule === "time" ? [...page].reverse() : page)
  }
}

// ---------------------------------------------------------------------------------------------
// Bodies

const bodies: ReadonlyArray<[string, Hostile.Answer]> = [
  ["html 502", { status: 502, body: "<html><body>Bad gateway</body></html>" }],
  ["empty 200", { status: 200, body: "" }],
  ["cut JSON", { status: 200, body: "{\"code\":\"00000\",\"data\":{\"serverTi" }],
  ["JSON null", { status: 200, body: "null" }],
  ["array of 10 000", { status: 200, body: JSON.stringify(Array.from({ length: 10_000 }, (_, i) => i)) }],
  ...[10, 1000, 100_000].flatMap((depth): Array<[string, Hostile.Answer]> => [
    [`data in ${depth} arrays`, {
      status: 200,
      body: `{"code":"00000","msg":"","requestTime":0,"data":${"[".repeat(depth)}${"]".repeat(depth)}}`
    }],
    [`body in ${depth} objects`, { status: 200, body: "{\"a\":".repeat(depth) + "1" + "}".repeat(depth) }]
  ]),
  ["1 MB msg", { status: 400, body: JSON.stringify({ code: "40034", msg: "m".repeat(1 << 20), data: null }) }],
  ["2 MB garbage", { status: 200, body: "\u0000\uffff".repeat(1 << 20) }],
  ["chunked 40 MB over the cap", { status: 200, body: "x".repeat(40 << 20), chunked: true }],
  ["wrong data type", ok({ serverTime: { nested: true } })],
  ["code as object", { status: 200, body: "{\"code\":{\"a\":1},\"msg\":\"x\"}" }]
]

// ---------------------------------------------------------------------------------------------

describe("fault suite (hostile server)", () => {
  for (const line of ["spot", "spotPlan", "futures"] as const) {
    for (const fault of faults) {
      for (const batch of line === "spotPlan" ? [false] : [false, true]) {
        for (const given of [true, false]) {
          it.effect(
            `${line} order ${batch ? "batch" : "single"}, clientOid ${given ? "given" : "generated"}: ${fault}`,
            () => placementCase(line, fault, batch, given)
          )
        }
      }
    }
  }

  for (const rule of rules) {
    it.scoped(`pagination by ${rule}: pages capped at 1, 2, 3, 5, 7 lose and repeat nothing`, () =>
      Effect.gen(function*() {
        for (const cap of [1, 2, 3, 5, 7]) {
          const hostile = yield* Hostile.make()
          hostile.otherwise(() => ({ _tag: "Handle", answer: capped(cap) }))
          const { emitted, exit } = yield* walk(hostile, rule)
          const expected = rows.map((row) => row.id)
          if (Exit.isSuccess(exit)) tally.rowsLost += expected.filter((id) => !emitted.includes(id)).length
          else tally.rowsLost += expected.length
          yield* checkLeaks(hostile)
        }
      }))

    it.scoped(`pagination by ${rule}: cursors that cycle, stall or are ignored end in PaginationError`, () =>
      Effect.gen(function*() {
        for (const kind of ["cycle", "stall", "ignored"] as const) {
          if (kind === "stall" && rule !== "endId") continue
          const hostile = yield* Hostile.make()
          hostile.otherwise(() => ({ _tag: "Handle", answer: hostileCursor(kind, rule) }))
          const { exit } = yield* walk(hostile, rule)
          const error = Exit.isFailure(exit) ? Cause.failureOption(exit.cause) : undefined
          expect(error?._tag === "Some" && (error.value as { _tag: string })._tag, `${rule} ${kind}`).toBe(
            "PaginationError"
          )
          expect(hostile.received.length).toBeLessThan(5)
          yield* checkLeaks(hostile)
        }
      }))
  }

  it.scoped("hostile bodies on a GET and a POST: tagged errors with bounded messages", () =>
    Effect.gen(function*() {
      for (const [name, answer] of bodies) {
        for (const call of [Public.serverTime(), Support.echo({ note: name })] as const) {
          const hostile = yield* Hostile.make()
          hostile.otherwise(() => ({ _tag: "Respond", ...answer }))
          const exit = yield* Effect.exit(
            Effect.provide(
              call as Effect.Effect<unknown, unknown, BitgetClient.BitgetClient>,
              Hostile.client(
                hostile.url,
                Hostile.anyCredentials,
                { maxResponseBytes: 16 << 20 }
              )
            )
          )
          observe(exit)
          expect(Exit.isFailure(exit), name).toBe(true)
          yield* checkLeaks(hostile)
        }
      }
    }))

  it.scoped("timeouts: hang and stall on GET and POST end in a tagged error", () =>
    Effect.gen(function*() {
      for (const action of [{ _tag: "Hang" }, { _tag: "Stall", partial: "{\"code\":" }] as const) {
        for (const post of [false, true]) {
          const hostile = yield* Hostile.make()
          hostile.otherwise(() => action)
          const call = post ? Support.echo({ note: "t" }) : Public.serverTime()
          const exit = yield* Hostile.drive(Effect.exit(
            Effect.provide(
              call as Effect.Effect<unknown, unknown, BitgetClient.BitgetClient>,
              Hostile.client(
                hostile.url,
                Hostile.anyCredentials
              )
            )
          ))
          observe(exit)
          const error = Exit.isFailure(exit) ? Cause.failureOption(exit.cause) : undefined
          expect(error?._tag === "Some" && (error.value as { timedOut?: boolean }).timedOut).toBe(true)
          expect(hostile.received.length).toBe(post ? 1 : 3)
          yield* checkLeaks(hostile)
        }
      }
    }))

  it.scoped("bad input on every declared endpoint (an undeclared key, a lone surrogate): nothing sent", () =>
    Effect.gen(function*() {
      const hostile = yield* Hostile.make()
      // One client for every call (building a client per call made this test take 20–90 s).
      const client = Context.get(
        yield* Layer.build(Hostile.client(hostile.url, Hostile.anyCredentials)),
        BitgetClient.BitgetClient
      )
      const thrower = new Proxy({}, {
        ownKeys: () => {
          throw new Error("hostile")
        }
      })
      for (const endpoint of Registry.endpoints) {
        for (const request of [{ __undeclared: "x" }, { symbol: "\ud800" }, thrower]) {
          const exit = yield* Effect.exit(client.execute(endpoint, request))
          observe(exit)
          const error = Exit.isFailure(exit) ? Cause.failureOption(exit.cause) : undefined
          expect(error?._tag === "Some" && (error.value as { _tag: string })._tag, endpoint.name).toBe("InvalidRequest")
        }
      }
      tally.sentForBadInput += hostile.received.length
      yield* checkLeaks(hostile)
    }))

  it.effect("totals: no defect, duplicate, lost order, lost or repeated row, bad input sent, or leak", () =>
    Effect.sync(() => {
      console.log(`fault suite: ${JSON.stringify(tally)}`)
      expect(tally.cases).toBeGreaterThan(300)
      expect({ ...tally, cases: 0 }).toEqual({
        cases: 0,
        defects: 0,
        duplicateOrders: 0,
        lostOrders: 0,
        unsettledOrders: 0,
        rowsLost: 0,
        rowsRepeated: 0,
        sentForBadInput: 0,
        unboundedMessages: 0,
        leakedSockets: 0
      })
    }))
})
