/**
 * The rotation race, staged push by push on the test server: on the maintenance notice (30033) a
 * new socket subscribes while the old one still delivers, and an `events` push (an order update)
 * can reach the old socket only (it happened before the new socket subscribed) yet arrive after
 * the new socket's acknowledgement, or reach both sockets in either order. Each is delivered
 * exactly once. The old socket's `pong` is held back so pushes sent on it after the new socket's
 * ack are still ahead of the pong, as on one TCP stream; the old socket closes only after it.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Stream from "effect/Stream"
import * as BitgetSocket from "../src/BitgetSocket.js"
import * as Book from "../src/Book.js"
import * as V2Private from "../src/V2Private.js"
import * as V2Public from "../src/V2Public.js"
import { eventually, withServer } from "./support/env.js"
import type * as Server from "./support/server.js"

type Side = "old" | "new"
type Step = readonly [Side, string]

/** Time between two staged frames: enough for the client to read one before the next is sent. */
const STEP = 25

const ordersArg = { instType: "SPOT", channel: "orders", instId: "default" }

const order = (orderId: string) => ({
  instId: "BTCUSDT",
  orderId,
  orderType: "limit",
  side: "buy",
  status: "live",
  price: "1000",
  size: "0.01",
  cTime: "1700000000000",
  uTime: "1700000000000"
})

interface Scenario {
  readonly name: string
  /** Pushes on the old socket after the new one's subscribe arrived, before its ack goes out. */
  readonly before: ReadonlyArray<Step>
  /** Pushes after the new socket's ack (the old socket's pong still held). */
  readonly after: ReadonlyArray<Step>
}

const scenarios: ReadonlyArray<Scenario> = [
  { name: "on the old socket before the new one confirms", before: [["old", "a"]], after: [] },
  {
    name: "on the old socket before the new one confirms, and on the new one after",
    before: [["old", "a"]],
    after: [["new", "a"]]
  },
  { name: "on the old socket right after the new one confirms", before: [], after: [["old", "b"], ["old", "c"]] },
  {
    name: "on both sockets, either first",
    before: [],
    after: [["old", "c"], ["new", "c"], ["new", "d"], ["old", "d"]]
  }
]

/** Runs a scenario: every id pushed, how many times the Stream delivered it, and the server. */
const run = (scenario: Scenario) => {
  let old: Server.Client | undefined
  let fresh: Server.Client | undefined
  let server: Server.Server | undefined
  const push = (client: Server.Client, orderId: string) =>
    server!.send(client, { action: "snapshot", arg: ordersArg, data: [order(orderId)], ts: 1700000000000 })
  const stage = (steps: ReadonlyArray<Step>, from: number) =>
    steps.forEach(([side, id], i) => setTimeout(() => push(side === "old" ? old! : fresh!, id), from + i * STEP))
  const options: Server.Options = {
    ackDelay: (client) => {
      if (old === undefined || client === old) return 0
      fresh = client
      stage(scenario.before, 0)
      return (scenario.before.length + 1) * STEP
    },
    onSubscribe: (client) => {
      if (old === undefined) {
        old = client
        // The notice: the client makes a new socket before this one goes.
        setTimeout(() => server!.send(client, { event: "error", code: 30033, msg: "service upgrade" }), STEP)
        return
      }
      if (client !== fresh) return
      stage(scenario.after, STEP)
      // Last, a push on the new socket only: when it is in, everything before it is too.
      setTimeout(() => push(fresh!, "z"), (scenario.after.length + 2) * STEP)
    },
    pongDelay: (client) => client === old ? (scenario.after.length + 1) * STEP + STEP / 2 : 0
  }
  return withServer(options, {}, (s) =>
    Effect.gen(function*() {
      server = s
      const socket = yield* BitgetSocket.BitgetSocket
      const delivered = new Map<string, number>()
      const fiber = yield* Effect.fork(Stream.runForEach(V2Private.spotOrders({}), (push) =>
        Effect.sync(() => {
          for (const row of push.rows) delivered.set(row.orderId, (delivered.get(row.orderId) ?? 0) + 1)
        })))
      yield* eventually(() => delivered.has("z"), "the last push", 5000)
      // The old socket closes after its held pong; nothing arrives twice meanwhile.
      yield* eventually(() => s.open().length === 1 && s.open()[0]!.socket === fresh!.socket, "old socket closed")
      yield* Effect.sleep(STEP * 2)
      const stats = yield* socket.stats
      yield* Fiber.interrupt(fiber)
      return { delivered, stats }
    }))
}

describe("the rotation race: an events push across the handover is delivered exactly once", () => {
  for (const scenario of scenarios) {
    it.live(scenario.name, () =>
      Effect.gen(function*() {
        const { delivered, stats } = yield* run(scenario)
        const ids = new Set([...scenario.before, ...scenario.after].map(([, id]) => id))
        expect(Object.fromEntries(delivered)).toEqual(Object.fromEntries([...ids, "z"].map((id) => [id, 1])))
        expect(stats.rotations).toBe(1)
      }), 10_000)
  }

  it.live("a book across the handover: the old socket's late updates are not applied over the new snapshot", () => {
    let old: Server.Client | undefined
    let server: Server.Server | undefined
    const arg = { instType: "USDT-FUTURES", channel: "books", instId: "BTCUSDT" }
    const frame = (action: string, seq: number, pseq: number, bid: string) => ({
      action,
      arg,
      data: [{ asks: [["101", "1"]], bids: [[bid, "1"]], seq, pseq, ts: "1700000000000" }],
      ts: 1700000000000
    })
    const options: Server.Options = {
      onSubscribe: (client) => {
        if (old === undefined) {
          old = client
          server!.send(client, frame("snapshot", 10, 0, "99"))
          server!.send(client, frame("update", 11, 10, "99.5"))
          setTimeout(() => server!.send(client, { event: "error", code: 30033, msg: "service upgrade" }), STEP)
          return
        }
        // The new socket's snapshot, then a late update on the old one (seq 12, already in the snapshot).
        server!.send(client, frame("snapshot", 12, 0, "100"))
        setTimeout(() => server!.send(old!, frame("update", 12, 11, "98")), STEP)
        setTimeout(() => server!.send(client, frame("update", 13, 12, "100.5")), 2 * STEP)
      },
      pongDelay: (client) => client === old ? 2 * STEP : 0
    }
    return withServer(options, {}, (s) =>
      Effect.gen(function*() {
        server = s
        const books: Array<Book.Book> = []
        const resyncs: Array<string> = []
        const fiber = yield* Effect.fork(Stream.runForEach(
          Book.stream(V2Public.Books, { instType: "USDT-FUTURES", instId: "BTCUSDT" }, {
            onResync: (reason) => resyncs.push(reason)
          }),
          (book) => Effect.sync(() => books.push(book))
        ))
        yield* eventually(() => books.some((b) => b.seq === 13n), "the update after the new snapshot")
        yield* Fiber.interrupt(fiber)
        expect(books.map((b) => [b.seq, Decimal.format(b.bids[0]!.price)])).toEqual([
          [10n, "99"],
          [11n, "99.5"],
          [12n, "100"],
          [13n, "100.5"]
        ])
        expect(resyncs).toEqual([])
      }))
  })
})
