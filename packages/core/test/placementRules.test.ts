/**
 * How a placement whose answer is lost is settled (`internal/placement.ts`, `Placement.ts`), as
 * rules: the client's own sends and look-ups are scripted (what the exchange answers to each), so
 * every branch is reached at its edge — three sends at most, a look-up that fails is never taken
 * as "not placed", a duplicate refusal settled by a look-up, a batch resending only the orders not
 * found. The same flows over loopback, with connections reset, closed and timed out by the hostile
 * server, are each line's placement tests (spot, futures, margin, unified).
 */
import * as Errors from "@effect-bitget/core/BitgetError"
import type { WireRequest } from "@effect-bitget/core/Endpoint"
import * as Placing from "@effect-bitget/core/internal/placement"
import * as Placement from "@effect-bitget/core/Placement"
import { describe, expect, it } from "@effect/vitest"
import * as Cause from "effect/Cause"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Schema from "effect/Schema"
import * as TestClock from "effect/TestClock"
import * as Support from "./support.js"

/** The call's span `place` gives its look-ups and failures. */
const span = Effect.runSync(Effect.makeSpan("placement rules"))

/**
 * The error itself: Effect gives an error failed under a span (as a placement's are, under the
 * call's) a wrapper that carries the span, and keeps the error under this key.
 */
const bare = (error: unknown): unknown =>
  (error as Record<symbol, unknown>)[Symbol.for("effect/OriginalAnnotation")] ?? error

const Place = Support.Fail
const Lookup = Support.FailRead
const Other = Support.FailPublic

type Outcome = Effect.Effect<unknown, Errors.BitgetError>

const lost = (sent?: boolean) => new Errors.TransportError({ endpoint: "test.fail", reason: "socket hang up", sent })
const exchange = (code: string) => ({ endpoint: "test.fail", code, msg: `refused ${code}`, status: 400 })
const notFound = Effect.fail(new Errors.OrderNotFound(exchange("43001")))
const duplicate = Effect.fail(new Errors.DuplicateClientOid(exchange("40786")))
const broke: Outcome = Effect.fail(new Errors.ServiceUnavailable({ ...exchange("40010"), status: 503 }))

/** Scripted sends and look-ups, recording what the client asked; an unscripted one fails the test. */
const script = (sends: ReadonlyArray<Outcome>, lookups: ReadonlyArray<Outcome>) => {
  const sent: Array<WireRequest> = []
  const asked: Array<{ readonly endpoint: string; readonly request: WireRequest }> = []
  const run: Placing.Run = (wire) => {
    sent.push(wire)
    return sends[sent.length - 1] ?? Effect.die(`send ${sent.length} not scripted`)
  }
  const call: Placing.Call = (endpoint, request) => {
    asked.push({ endpoint: endpoint.name, request: request as WireRequest })
    return lookups[asked.length - 1] ?? Effect.die(`look-up ${asked.length} not scripted`)
  }
  return { sent, asked, run, call }
}

const single = Placement.one({ lookup: () => Lookup, keys: ["symbol", "side"] })
const order = { symbol: "BTCUSDT", side: "buy", size: "1", clientOid: "c1" }

describe("one order", () => {
  it.effect("answered: sent once, no look-up; the clientOid it sent is put in an answer without one", () =>
    Effect.gen(function*() {
      const s = script([Effect.succeed({ orderId: "1", clientOid: null })], [])
      const data = yield* Placing.place(Place, single, order, span, s.run, s.call)
      expect(data).toEqual({ orderId: "1", clientOid: "c1" })
      expect(s.sent).toEqual([order])
      expect(s.asked).toEqual([])
      // The exchange's own clientOid is kept; an answer that is not a row is passed on as it is.
      const own = script([Effect.succeed({ orderId: "1", clientOid: "theirs" })], [])
      expect(yield* Placing.place(Place, single, order, span, own.run, own.call)).toEqual({
        orderId: "1",
        clientOid: "theirs"
      })
      for (const answer of [null, "ok", [{ orderId: "1" }]]) {
        const other = script([Effect.succeed(answer)], [])
        expect(yield* Placing.place(Place, single, order, span, other.run, other.call)).toEqual(answer)
      }
    }))

  it.effect("an order without a clientOid is given a fresh one, sent and answered", () =>
    Effect.gen(function*() {
      const s = script([Effect.succeed({ orderId: "1" })], [])
      const data =
        (yield* Placing.place(Place, single, { symbol: "BTCUSDT", clientOid: "" }, span, s.run, s.call)) as any
      expect(data.clientOid).toMatch(/^[0-9a-f]{32}$/)
      expect(s.sent[0]!.clientOid).toBe(data.clientOid)
      expect(Placement.newClientOid()).not.toBe(Placement.newClientOid())
    }))

  it.effect("refused, or certainly never sent: that error, no look-up, not sent again", () =>
    Effect.gen(function*() {
      for (const error of [new Errors.InsufficientBalance(exchange("43012")), lost(false)]) {
        const s = script([Effect.fail(error)], [])
        expect(bare(yield* Effect.flip(Placing.place(Place, single, order, span, s.run, s.call)))).toBe(error)
        expect([s.sent.length, s.asked.length]).toEqual([1, 0])
      }
    }))

  it.effect("answer lost, the look-up shows it: its id, sent once; the look-up asks by the declared keys", () =>
    Effect.gen(function*() {
      for (const sent of [undefined, true]) {
        const s = script([Effect.fail(lost(sent))], [Effect.succeed({ orderId: "77" })])
        expect(yield* Placing.place(Place, single, order, span, s.run, s.call)).toEqual({
          orderId: "77",
          clientOid: "c1"
        })
        expect(s.sent).toHaveLength(1)
        expect(s.asked).toEqual([{
          endpoint: "test.failRead",
          request: { symbol: "BTCUSDT", side: "buy", clientOid: "c1" }
        }])
      }
      // A key the order leaves out is left out of the look-up.
      const s = script([Effect.fail(lost())], [Effect.succeed([{ orderId: "5" }])])
      yield* Placing.place(Place, single, { symbol: "ETHUSDT", clientOid: "c2" }, span, s.run, s.call)
      expect(s.asked[0]!.request).toStrictEqual({ symbol: "ETHUSDT", clientOid: "c2" })
    }))

  it.effect("not found (no row, or OrderNotFound): sent again under the same clientOid", () =>
    Effect.gen(function*() {
      for (const none of [Effect.succeed(null), Effect.succeed([]), Effect.succeed({ orderId: "" }), notFound]) {
        const s = script([Effect.fail(lost()), Effect.succeed({ orderId: "9" })], [none])
        expect(yield* Placing.place(Place, single, order, span, s.run, s.call)).toEqual({
          orderId: "9",
          clientOid: "c1"
        })
        expect(s.sent).toEqual([order, order])
      }
    }))

  it.effect("lost three times and never found: UnknownOrderFate after the third send, not a fourth", () =>
    Effect.gen(function*() {
      const s = script([Effect.fail(lost()), Effect.fail(lost()), Effect.fail(lost())], [notFound, notFound, notFound])
      const error = yield* Effect.flip(Placing.place(Place, single, order, span, s.run, s.call))
      expect(error).toMatchObject({ _tag: "UnknownOrderFate", endpoint: "test.fail", clientOids: ["c1"], placed: [] })
      expect((error as Errors.UnknownOrderFate).reason).toBe("socket hang up; sent 3 times, no answer and not found")
      expect([s.sent.length, s.asked.length]).toEqual([3, 3])
    }))

  it.effect("lost twice, found on the second look-up: its id, sent twice", () =>
    Effect.gen(function*() {
      const s = script([Effect.fail(lost()), Effect.fail(lost())], [notFound, Effect.succeed({ orderId: "3" })])
      expect(yield* Placing.place(Place, single, order, span, s.run, s.call)).toEqual({ orderId: "3", clientOid: "c1" })
      expect(s.sent).toHaveLength(2)
    }))

  it.effect("a look-up that fails is never taken as 'not placed': UnknownOrderFate, not sent again", () =>
    Effect.gen(function*() {
      const s = script([Effect.fail(lost())], [broke])
      const error = yield* Effect.flip(Placing.place(Place, single, order, span, s.run, s.call))
      expect(error._tag).toBe("UnknownOrderFate")
      expect((error as Errors.UnknownOrderFate).reason).toMatch(
        /^socket hang up; looking it up failed: test\.fail: Bitget 40010/
      )
      expect((error as Errors.UnknownOrderFate).clientOids).toEqual(["c1"])
      expect(s.sent).toHaveLength(1)
    }))

  it.effect("sent again and refused as a duplicate: the lost first one arrived; the look-up settles it", () =>
    Effect.gen(function*() {
      const found = script([Effect.fail(lost()), duplicate], [notFound, Effect.succeed({ orderId: "8" })])
      expect(yield* Placing.place(Place, single, order, span, found.run, found.call)).toEqual({
        orderId: "8",
        clientOid: "c1"
      })
      const missing = script([Effect.fail(lost()), duplicate], [notFound, notFound])
      const error = yield* Effect.flip(Placing.place(Place, single, order, span, missing.run, missing.call))
      expect((error as Errors.UnknownOrderFate).reason).toBe("refused as a duplicate clientOid, yet not found")
      expect((error as Errors.UnknownOrderFate).clientOids).toEqual(["c1"])
      const failing = script([Effect.fail(lost()), duplicate], [notFound, broke])
      const failed = yield* Effect.flip(Placing.place(Place, single, order, span, failing.run, failing.call))
      expect((failed as Errors.UnknownOrderFate).reason).toMatch(/^refused as a duplicate; looking it up failed: /)
      expect((failed as Errors.UnknownOrderFate).clientOids).toEqual(["c1"])
      expect(failing.sent).toHaveLength(2)
    }))

  it.effect("sent again and refused otherwise: that refusal", () =>
    Effect.gen(function*() {
      const refusal = new Errors.InsufficientBalance(exchange("43012"))
      const s = script([Effect.fail(lost()), Effect.fail(refusal)], [notFound])
      expect(bare(yield* Effect.flip(Placing.place(Place, single, order, span, s.run, s.call)))).toBe(refusal)
    }))

  it.effect("an order the clientOid cannot settle is never sent again: UnknownOrderFate at once", () =>
    Effect.gen(function*() {
      const tpsl = Placement.one({
        lookup: () => Lookup,
        unsettled: (order) => order.kind === "tpsl" ? "the exchange ignores clientOid on tpsl orders" : undefined
      })
      const s = script([Effect.fail(lost())], [])
      const error = yield* Effect.flip(Placing.place(Place, tpsl, { ...order, kind: "tpsl" }, span, s.run, s.call))
      expect((error as Errors.UnknownOrderFate).reason).toBe(
        "socket hang up; not sent again: the exchange ignores clientOid on tpsl orders"
      )
      expect((error as Errors.UnknownOrderFate).clientOids).toEqual(["c1"])
      expect([s.sent.length, s.asked.length]).toEqual([1, 0])
      // Refused outright, it is that refusal.
      const refused = script([Effect.fail(new Errors.InsufficientBalance(exchange("43012")))], [])
      expect(
        (yield* Effect.flip(Placing.place(Place, tpsl, { ...order, kind: "tpsl" }, span, refused.run, refused.call)))
          ._tag
      )
        .toBe("InsufficientBalance")
    }))

  it.effect("several look-ups are tried in order until one shows the order", () =>
    Effect.gen(function*() {
      const two = Placement.one({
        lookup: () => [Lookup, Other],
        request: (order, clientOid, now) => ({ symbol: order.symbol, clientOid, startTime: String(now - 1000) }),
        orderId: Placement.orderIdIn("orderList")
      })
      yield* TestClock.setTime(5000)
      const s = script([Effect.fail(lost())], [
        Effect.succeed({ orderList: [{ clientOid: "other", orderId: "1" }] }),
        Effect.succeed({ orderList: [{ clientOid: "c1", orderId: "2" }] })
      ])
      expect(yield* Placing.place(Place, two, order, span, s.run, s.call)).toEqual({ orderId: "2", clientOid: "c1" })
      expect(s.asked).toEqual([
        { endpoint: "test.failRead", request: { symbol: "BTCUSDT", clientOid: "c1", startTime: "4000" } },
        { endpoint: "test.failPublic", request: { symbol: "BTCUSDT", clientOid: "c1", startTime: "4000" } }
      ])
      // The first showing it settles it: the second is not asked.
      const first = script([Effect.fail(lost())], [Effect.succeed({ orderList: [{ clientOid: "c1", orderId: "1" }] })])
      expect(yield* Placing.place(Place, two, order, span, first.run, first.call)).toEqual({
        orderId: "1",
        clientOid: "c1"
      })
      expect(first.asked).toHaveLength(1)
    }))
})

describe("reading an order id", () => {
  it("firstOrderId (the default): the object's or the first row's non-empty string orderId", () => {
    const id = Placement.one({ lookup: () => Lookup }).orderId
    expect(id({ orderId: "1" }, "c")).toBe("1")
    expect(id([{ orderId: "2" }, { orderId: "3" }], "c")).toBe("2")
    for (const none of [null, [], [null], { orderId: "" }, { orderId: 5 }, "x"]) expect(id(none, "c")).toBeUndefined()
  })

  it("orderIdIn: the row of the list whose clientOid it is", () => {
    const id = Placement.orderIdIn("orderList")
    const rows = [null, 5, { clientOid: "a", orderId: "1" }, { clientOid: "b", orderId: "" }, {
      clientOid: "b",
      orderId: "2"
    }]
    expect(id({ orderList: rows }, "a")).toBe("1")
    expect(id({ orderList: rows }, "b")).toBe("2")
    expect(id({ orderList: [{ clientOid: "c", orderId: 3 }] }, "c")).toBeUndefined()
    expect(id({ orderList: rows }, "z")).toBeUndefined()
    expect(id({ orderList: "x" }, "a")).toBeUndefined()
    expect(id(null, "a")).toBeUndefined()
    expect(id([{ clientOid: "a", orderId: "1" }], "a")).toBeUndefined()
  })

  it("the answer's clientOid: absent, null and \"\" read as \"\" (the placement fills it in)", () => {
    const Row = Schema.Struct({ clientOid: Placement.clientOid })
    const decode = Schema.decodeUnknownSync(Row)
    expect(decode({})).toEqual({ clientOid: "" })
    expect(decode({ clientOid: null })).toEqual({ clientOid: "" })
    expect(decode({ clientOid: "x" })).toEqual({ clientOid: "x" })
    expect(Schema.encodeSync(Row)({ clientOid: "x" })).toEqual({ clientOid: "x" })
  })

  it("the V2 batch answer reads its two lists, and builds them", () => {
    const answer = Placement.listsAnswer
    expect(answer.read({ successList: [{ clientOid: "a" }], failureList: "x" }, [])).toEqual({
      placed: [{ clientOid: "a" }],
      refused: []
    })
    expect(answer.read(null, [])).toEqual({ placed: [], refused: [] })
    expect(answer.make([{ clientOid: "a" }], [], [])).toEqual({ successList: [{ clientOid: "a" }], failureList: [] })
  })
})

describe("the call's span", () => {
  it.effect("the look-ups run under the call's span, under a program's own span too", () =>
    Effect.gen(function*() {
      const under: Array<string> = []
      const call: Placing.Call = () =>
        Effect.map(Effect.orElseSucceed(Effect.currentSpan, () => undefined), (current) => {
          under.push(current?.name ?? "none")
          return { orderId: "1" }
        })
      const s = script([Effect.fail(lost())], [])
      yield* Placing.place(Place, single, order, span, s.run, call).pipe(Effect.withSpan("program.own"))
      const t = script([Effect.fail(lost())], [])
      yield* Placing.place(Place, many, { symbol: "BTCUSDT", orderList: [{ clientOid: "a" }] }, span, t.run, call)
      expect(under).toEqual(["placement rules", "placement rules"])
    }))

  it.effect("a failure's trace names the call's span, even when it failed under a program's own span", () =>
    Effect.gen(function*() {
      const refusal = new Errors.InsufficientBalance(exchange("43012"))
      for (const placement of [single, many]) {
        const wire = placement === single ? order : { symbol: "BTCUSDT", orderList: [{ clientOid: "a" }] }
        const s = script([Effect.fail(refusal)], [])
        const exit = yield* Effect.exit(
          Placing.place(Place, placement, wire, span, s.run, s.call).pipe(Effect.withSpan("program.own"))
        )
        const trace = Exit.isFailure(exit) ? Cause.pretty(exit.cause) : ""
        expect(trace).toContain("InsufficientBalance")
        expect(trace).toContain("at placement rules")
      }
    }))
})

const many = Placement.batch("orderList", { lookup: () => Lookup, keys: ["symbol", "side"] })
const orders = [{ side: "buy", clientOid: "a" }, { side: "sell", clientOid: "b" }, { side: "buy", clientOid: "c" }]
const request = { symbol: "BTCUSDT", orderList: orders }

describe("a batch", () => {
  it.effect("answered: sent once, the answer as it is; orders without a clientOid are given one", () =>
    Effect.gen(function*() {
      const s = script([Effect.succeed({ successList: [], failureList: [] })], [])
      const wire = { symbol: "BTCUSDT", orderList: [{ side: "buy" }, { side: "sell", clientOid: "own" }] }
      expect(yield* Placing.place(Place, many, wire, span, s.run, s.call)).toEqual({ successList: [], failureList: [] })
      const sent = s.sent[0]!.orderList as ReadonlyArray<WireRequest>
      expect(sent[0]!.clientOid).toMatch(/^[0-9a-f]{32}$/)
      expect(sent[1]!.clientOid).toBe("own")
      expect(s.sent[0]!.symbol).toBe("BTCUSDT")
    }))

  it.effect("refused, or never sent: that error, no look-up", () =>
    Effect.gen(function*() {
      const s = script([Effect.fail(lost(false))], [])
      expect((yield* Effect.flip(Placing.place(Place, many, request, span, s.run, s.call)))._tag).toBe("TransportError")
      expect(s.asked).toHaveLength(0)
    }))

  it.effect("answer lost, every order found: the batch's answer built from the look-ups, each merged with the shared fields", () =>
    Effect.gen(function*() {
      const s = script([Effect.fail(lost())], orders.map((_, i) => Effect.succeed({ orderId: String(i + 1) })))
      expect(yield* Placing.place(Place, many, request, span, s.run, s.call)).toEqual({
        successList: [{ clientOid: "a", orderId: "1" }, { clientOid: "b", orderId: "2" }, {
          clientOid: "c",
          orderId: "3"
        }],
        failureList: []
      })
      expect(s.sent).toHaveLength(1)
      expect(s.asked.map((a) => a.request)).toEqual([
        { symbol: "BTCUSDT", side: "buy", clientOid: "a" },
        { symbol: "BTCUSDT", side: "sell", clientOid: "b" },
        { symbol: "BTCUSDT", side: "buy", clientOid: "c" }
      ])
    }))

  it.effect("some found: only the others are sent again, with the shared fields; the answers merge", () =>
    Effect.gen(function*() {
      const s = script(
        [Effect.fail(lost()), Effect.succeed({ successList: [{ clientOid: "b", orderId: "22" }], failureList: [] })],
        [Effect.succeed({ orderId: "11" }), notFound, Effect.succeed({ orderId: "33" })]
      )
      expect(yield* Placing.place(Place, many, request, span, s.run, s.call)).toEqual({
        successList: [{ clientOid: "a", orderId: "11" }, { clientOid: "c", orderId: "33" }, {
          clientOid: "b",
          orderId: "22"
        }],
        failureList: []
      })
      expect(s.sent[1]).toEqual({ symbol: "BTCUSDT", orderList: [{ side: "sell", clientOid: "b" }] })
    }))

  it.effect("a look-up that fails: UnknownOrderFate naming the orders not found, the found ones placed", () =>
    Effect.gen(function*() {
      const s = script([Effect.fail(lost())], [Effect.succeed({ orderId: "11" }), broke, notFound])
      const error =
        (yield* Effect.flip(Placing.place(Place, many, request, span, s.run, s.call))) as Errors.UnknownOrderFate
      expect(error._tag).toBe("UnknownOrderFate")
      expect(error.clientOids).toEqual(["b", "c"])
      expect(error.placed).toEqual([{ clientOid: "a", orderId: "11" }])
      expect(error.reason).toMatch(/^socket hang up; looking up failed: test\.fail: Bitget 40010/)
      expect(s.sent).toHaveLength(1)
    }))

  it.effect("lost three times: UnknownOrderFate after the third send", () =>
    Effect.gen(function*() {
      const one = { symbol: "BTCUSDT", orderList: [{ side: "buy", clientOid: "a" }] }
      const s = script([Effect.fail(lost()), Effect.fail(lost()), Effect.fail(lost())], [notFound, notFound, notFound])
      const error =
        (yield* Effect.flip(Placing.place(Place, many, one, span, s.run, s.call))) as Errors.UnknownOrderFate
      expect(error.reason).toBe("socket hang up; sent 3 times, no answer and not found")
      expect(error.clientOids).toEqual(["a"])
      expect([s.sent.length, s.asked.length]).toEqual([3, 3])
    }))

  it.effect("the rest refused as a whole: each order refused with that code, the found ones kept", () =>
    Effect.gen(function*() {
      const refusal = new Errors.InvalidParameter(exchange("40017"))
      const s = script([Effect.fail(lost()), Effect.fail(refusal)], [
        Effect.succeed({ orderId: "11" }),
        notFound,
        notFound
      ])
      expect(yield* Placing.place(Place, many, request, span, s.run, s.call)).toEqual({
        successList: [{ clientOid: "a", orderId: "11" }],
        failureList: [
          { clientOid: "b", errorMsg: refusal.message, errorCode: "40017" },
          { clientOid: "c", errorMsg: refusal.message, errorCode: "40017" }
        ]
      })
      // A refusal without a code (never sent) has none on the rows.
      const never = lost(false)
      const t = script([Effect.fail(lost()), Effect.fail(never)], [
        Effect.succeed({ orderId: "11" }),
        notFound,
        notFound
      ])
      expect(yield* Placing.place(Place, many, request, span, t.run, t.call)).toEqual({
        successList: [{ clientOid: "a", orderId: "11" }],
        failureList: [{ clientOid: "b", errorMsg: never.message }, { clientOid: "c", errorMsg: never.message }]
      })
      // None found: the refusal itself.
      const whole = new Errors.InvalidParameter(exchange("40017"))
      const u = script([Effect.fail(lost()), Effect.fail(whole)], [notFound, notFound, notFound])
      expect(bare(yield* Effect.flip(Placing.place(Place, many, request, span, u.run, u.call)))).toBe(whole)
      // An UnknownOrderFate from the resend passes through.
      const fate = new Errors.UnknownOrderFate({ endpoint: "x", clientOids: ["b"], placed: [], reason: "r" })
      const v = script([Effect.fail(lost()), Effect.fail(fate)], [
        Effect.succeed({ orderId: "11" }),
        notFound,
        notFound
      ])
      expect(bare(yield* Effect.flip(Placing.place(Place, many, request, span, v.run, v.call)))).toBe(fate)
    }))

  it.effect("resent rows refused as duplicates were placed by the lost send: looked up and confirmed", () =>
    Effect.gen(function*() {
      const resent = Effect.succeed({
        successList: [],
        failureList: [
          { clientOid: "a", errorMsg: "duplicate", errorCode: "40786" },
          { clientOid: "b", errorMsg: "no money", errorCode: "43012" },
          { clientOid: "c", errorMsg: "no code" }
        ]
      })
      const s = script([Effect.fail(lost()), resent], [notFound, notFound, notFound, Effect.succeed({ orderId: "1" })])
      expect(yield* Placing.place(Place, many, request, span, s.run, s.call)).toEqual({
        successList: [{ clientOid: "a", orderId: "1" }],
        failureList: [
          { clientOid: "b", errorMsg: "no money", errorCode: "43012" },
          { clientOid: "c", errorMsg: "no code" }
        ]
      })
      expect(s.asked[3]!.request).toEqual({ symbol: "BTCUSDT", side: "buy", clientOid: "a" })
      // Not found after all: UnknownOrderFate naming it.
      const t = script([Effect.fail(lost()), resent], [notFound, notFound, notFound, notFound])
      const error =
        (yield* Effect.flip(Placing.place(Place, many, request, span, t.run, t.call))) as Errors.UnknownOrderFate
      expect(error.clientOids).toEqual(["a"])
      expect(error.reason).toBe("refused as duplicate clientOids, yet not found")
      const u = script([Effect.fail(lost()), resent], [notFound, notFound, notFound, broke])
      expect(
        ((yield* Effect.flip(Placing.place(Place, many, request, span, u.run, u.call))) as Errors.UnknownOrderFate)
          .clientOids
      )
        .toEqual(["a"])
    }))

  it.effect("the orders of a batch are looked up four at a time, never more", () =>
    Effect.gen(function*() {
      let running = 0
      let most = 0
      const asked: Array<string> = []
      const call: Placing.Call = (_, request) =>
        Effect.gen(function*() {
          running++
          most = Math.max(most, running)
          asked.push((request as WireRequest).clientOid as string)
          for (let i = 0; i < 5; i++) yield* Effect.yieldNow()
          running--
          return { orderId: `id-${(request as WireRequest).clientOid as string}` }
        })
      const six = { symbol: "BTCUSDT", orderList: ["a", "b", "c", "d", "e", "f"].map((clientOid) => ({ clientOid })) }
      const s = script([Effect.fail(lost())], [])
      const answer = (yield* Placing.place(Place, many, six, span, s.run, call)) as any
      expect(answer.successList.map((row: Placement.Placed) => row.orderId)).toEqual(
        ["a", "b", "c", "d", "e", "f"].map((oid) => `id-${oid}`)
      )
      expect([asked.length, most]).toEqual([6, 4])
    }))

  it.effect("a V3 batch has no shared fields: each look-up is built from its own order only", () =>
    Effect.gen(function*() {
      const whole = Placement.batchArray({
        lookup: () => Lookup,
        request: (order, clientOid) => ({ ...order, clientOid }),
        answer: Placement.listsAnswer
      })
      const wire = [{ symbol: "BTCUSDT", clientOid: "a" }, { symbol: "ETHUSDT", clientOid: "b" }]
      const s = script([Effect.fail(lost())], [Effect.succeed({ orderId: "1" }), Effect.succeed({ orderId: "2" })])
      yield* Placing.place(Place, whole, wire as unknown as WireRequest, span, s.run, s.call)
      expect(s.asked.map((a) => a.request)).toEqual(wire)
    }))

  it.effect("a V3 batch is the array itself: resent as an array of the missing orders", () =>
    Effect.gen(function*() {
      const array = Placement.batchArray({ lookup: () => Lookup, keys: ["symbol"], answer: Placement.listsAnswer })
      const wire = [{ symbol: "BTCUSDT", clientOid: "a" }, { symbol: "ETHUSDT", clientOid: "b" }]
      const s = script([Effect.fail(lost()), Effect.succeed({ successList: [], failureList: [] })], [
        Effect.succeed({ orderId: "1" }),
        notFound
      ])
      yield* Placing.place(Place, array, wire as unknown as WireRequest, span, s.run, s.call)
      expect(s.sent[1]).toEqual([{ symbol: "ETHUSDT", clientOid: "b" }])
      expect(s.asked.map((a) => a.request)).toEqual([
        { symbol: "BTCUSDT", clientOid: "a" },
        { symbol: "ETHUSDT", clientOid: "b" }
      ])
    }))
})
