/**
 * Rotation (make before break) and the login clock, against the simulator's WebSocket server: on
 * the maintenance notice (30033) a new socket logs in and resubscribes while the old one still
 * delivers, so no push is lost; a login refused for its timestamp (30014) resyncs the clock over
 * REST and logs in again at once, not after a backoff.
 */
import { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import { Simulator } from "@effect-bitget/simulator"
import * as Hostile from "@effect-bitget/simulator/ws/Hostile"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as Clock from "effect/Clock"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as BitgetSocket from "../src/BitgetSocket.js"
import * as Book from "../src/Book.js"
import * as V2Private from "../src/V2Private.js"
import * as V2Public from "../src/V2Public.js"
import * as V2Trade from "../src/V2Trade.js"
import { eventually, withServer } from "./support/env.js"
import type * as Server from "./support/server.js"

const Socket = Layer.unwrapEffect(
  Effect.map(
    Simulator.Simulator,
    (simulator) =>
      BitgetSocket.layer({ url: simulator.wsUrl, backoffBase: "2 seconds" }).pipe(
        Layer.provide(BitgetConfig.layer({ credentials: simulator.credentials }))
      )
  )
)

const Env = () =>
  Layer.mergeAll(Socket, Simulator.layerClient()).pipe(
    Layer.provideMerge(Simulator.layer({ ws: { tickMillis: 20 } }))
  )

describe("rotation and the login clock", () => {
  it.live(
    "30033: the new socket takes over before the old one closes; every order placed meanwhile is pushed",
    () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const socket = yield* BitgetSocket.BitgetSocket
        const seen = new Map<string, number>()
        const fiber = yield* Effect.fork(
          Stream.runForEach(V2Private.spotOrders({}), (push) =>
            Effect.sync(() => {
              for (const row of push.rows) seen.set(row.clientOid ?? "", (seen.get(row.clientOid ?? "") ?? 0) + 1)
            }))
        )
        yield* eventually(() => simulator.ws.open() === 1, "subscribed")
        yield* Effect.sleep("100 millis")
        // The old socket is closed by the server 2 s after the notice (Bitget: about 60 s; enough for
        // the new socket to log in and subscribe on a loaded machine); orders are placed before,
        // during and after the handover (a reconnect would lose the ones placed while it was down:
        // the orders channel sends nothing on subscribe).
        simulator.ws.notice(2000)
        const placed: Array<string> = []
        for (let i = 0; i < 16; i++) {
          const clientOid = `rot-${i}`
          yield* Spot.Trade.placeOrder({
            symbol: "BTCUSDT",
            side: "buy",
            orderType: "limit",
            force: "gtc",
            price: "1000",
            size: "0.01",
            clientOid
          })
          placed.push(clientOid)
          yield* Effect.sleep("30 millis")
        }
        yield* eventually(() => placed.every((c) => seen.has(c)), "every order pushed", 2000)
        // Each once: the pushes both sockets carried during the handover are not taken twice.
        expect(placed.filter((c) => seen.get(c) !== 1)).toEqual([])
        const stats = yield* socket.stats
        expect(stats.rotations).toBe(1)
        // One new socket, no reconnect: the backoff (2 s) was never waited.
        expect(simulator.ws.stats.connects).toBe(2)
        expect(simulator.ws.open()).toBe(1)
        yield* Fiber.interrupt(fiber)
      }).pipe(Effect.provide(Env())),
    15_000
  )

  it.live("a socket past its age is replaced: the old one is still open when the new one subscribes", () => {
    let first: Server.Client | undefined
    let oldOpenAtResubscribe: boolean | undefined
    const onSubscribe = (client: Server.Client) => {
      if (first === undefined) first = client
      else if (client !== first && oldOpenAtResubscribe === undefined) {
        oldOpenAtResubscribe = first.socket.readyState === 1
      }
    }
    return withServer({ onSubscribe }, { maxAge: "300 millis" }, (server) =>
      Effect.gen(function*() {
        const socket = yield* BitgetSocket.BitgetSocket
        const fiber = yield* Effect.fork(Stream.runDrain(V2Public.ticker({ instType: "SPOT", instId: "BTCUSDT" })))
        yield* eventually(() => oldOpenAtResubscribe !== undefined, "the new socket subscribed")
        expect(oldOpenAtResubscribe).toBe(true)
        // Then the old one is closed by the client (nothing left on it).
        yield* eventually(() => first!.socket.readyState === 3, "old socket closed")
        expect(server.open().length).toBe(1)
        expect((yield* socket.stats).rotations).toBeGreaterThanOrEqual(1)
        yield* Fiber.interrupt(fiber)
      }))
  })

  it.live("a socket carrying only an order request past its age: answered there, closed, no new socket opened", () => {
    const answer = (client: Server.Client, frame: any) => {
      const arg = frame.args[0]
      setTimeout(() =>
        client.socket.send(JSON.stringify({
          event: "trade",
          arg: [{ ...arg, params: { orderId: "ws-9", clientOid: arg.params.clientOid } }],
          code: 0,
          msg: "success"
        })), 250)
    }
    return withServer({ onTrade: answer }, { maxAge: "100 millis" }, (server) =>
      Effect.gen(function*() {
        const socket = yield* BitgetSocket.BitgetSocket
        const placed = yield* V2Trade.cancelOrder({ instType: "SPOT", symbol: "BTCUSDT", orderId: "1" })
        expect(placed.orderId).toBe("ws-9")
        expect((yield* socket.stats).rotations).toBe(1)
        yield* eventually(() => server.open().length === 0, "closed")
        expect(server.connections).toBe(1)
        expect((yield* socket.stats).connections).toBe(0)
      }))
  })

  it.live("a book resync past the hourly subscribe budget moves to a new socket made before the old one closes", () =>
    Effect.scoped(Effect.gen(function*() {
      // Every 15th update lost: a gap, a resync; one subscribe an hour, so each resync needs a new socket.
      const hostile = yield* Hostile.make({ skipEvery: 15 })
      const reasons: Array<string> = []
      let books = 0
      const layer = BitgetSocket.layer({ url: hostile.url, subscribesPerHour: 1, backoffBase: "5 seconds" }).pipe(
        Layer.provide(BitgetConfig.layer({}))
      )
      const stats = yield* Effect.gen(function*() {
        const socket = yield* BitgetSocket.BitgetSocket
        const fiber = yield* Effect.fork(Stream.runForEach(
          Book.stream(V2Public.Books, { instType: "USDT-FUTURES", instId: "BTCUSDT" }, {
            depth: 5,
            onResync: (reason) => reasons.push(reason)
          }),
          () =>
            Effect.sync(() => {
              books++
            })
        ))
        yield* eventually(() => reasons.length >= 2 && books >= 20, "books through two resyncs", 5000)
        const stats = yield* socket.stats
        yield* Fiber.interrupt(fiber)
        return stats
      }).pipe(Effect.provide(layer))
      expect(stats.rotations).toBeGreaterThanOrEqual(1)
      // New sockets only for the resyncs, each opened while the old one was still open (2 at most at once).
      expect(hostile.stats.connects).toBe(stats.rotations + 1)
      expect(hostile.stats.maxOpen).toBe(2)
    })))

  it.live(
    "30014 at login: the clock is resynced over REST and the next login signs the server's time",
    () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const client = yield* BitgetClient
        // The local clock runs 5 minutes behind: every login timestamp is stale.
        const behind = () => Date.now() - 300_000
        const skewed: Clock.Clock = Object.assign(Object.create(Clock.make()), {
          unsafeCurrentTimeMillis: behind,
          currentTimeMillis: Effect.sync(behind),
          unsafeCurrentTimeNanos: () => BigInt(behind()) * 1_000_000n,
          currentTimeNanos: Effect.sync(() => BigInt(behind()) * 1_000_000n)
        })
        return yield* Effect.scoped(Effect.gen(function*() {
          const context = yield* Layer.build(
            BitgetSocket.layer({ url: simulator.wsUrl, backoffBase: "5 seconds" }).pipe(
              Layer.provide(Layer.succeed(BitgetClient, client)),
              Layer.provide(BitgetConfig.layer({ credentials: simulator.credentials }))
            )
          ).pipe(Effect.withClock(skewed))
          const account = yield* Stream.runHead(V2Private.spotAccount({})).pipe(
            Effect.provide(context),
            Effect.timeout("3 seconds"),
            Effect.either
          )
          expect(account._tag === "Right" && account.right._tag).toBe("Some")
          // Refused once (30014), then accepted at once: no 5 s backoff waited, within the 3 s above.
          expect(simulator.ws.stats.logins).toBe(2)
          // The offset REST measured: the 5 minutes the local clock is behind.
          expect(Math.abs((yield* client.clockOffset) - 300_000)).toBeLessThan(2_000)
        }))
      }).pipe(Effect.provide(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer())))),
    10_000
  )

  it.live("30014 without a REST client to measure the clock: backs off, no hot loop", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const behind = () => Date.now() - 300_000
      const skewed: Clock.Clock = Object.assign(Object.create(Clock.make()), {
        unsafeCurrentTimeMillis: behind,
        currentTimeMillis: Effect.sync(behind),
        unsafeCurrentTimeNanos: () => BigInt(behind()) * 1_000_000n,
        currentTimeNanos: Effect.sync(() => BigInt(behind()) * 1_000_000n)
      })
      return yield* Effect.scoped(Effect.gen(function*() {
        const context = yield* Layer.build(
          BitgetSocket.layer({ url: simulator.wsUrl, backoffBase: "200 millis" }).pipe(
            Layer.provide(BitgetConfig.layer({ credentials: simulator.credentials }))
          )
        ).pipe(Effect.withClock(skewed))
        const fiber = yield* Effect.fork(Stream.runDrain(V2Private.spotAccount({})).pipe(Effect.provide(context)))
        yield* Effect.sleep("500 millis")
        // 0 ms, then ≥ 100 ms (200 ms × jitter 0.5–1), then ≥ 200 ms more: at most 3 in 500 ms.
        expect(simulator.ws.stats.logins).toBeGreaterThanOrEqual(2)
        expect(simulator.ws.stats.logins).toBeLessThanOrEqual(3)
        yield* Fiber.interrupt(fiber)
      }))
    }).pipe(Effect.provide(Simulator.layer())))
})
