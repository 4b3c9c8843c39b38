/**
 * BitgetClient's edges found by the whole-core mutation run (issue 25, `BitgetClient.ts`'s part):
 * which transport failures are known never sent (the socket code anywhere in the cause chain, up to
 * five levels, whatever the chain holds), a schema whose decoding throws, and who keeps a call's
 * deadline (the transport under Effect's own clock, Effect's timeout under any other).
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as TimerLists from "@effect-bitget/core/internal/timerLists"
import * as Operation from "@effect-bitget/core/Operation"
import * as Public from "@effect-bitget/core/Public"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Schema from "effect/Schema"
import * as Undici from "undici"
import { anyCredentials } from "./hostile/Hostile.js"
import * as Support from "./support.js"

/** A dispatcher of the caller's own that throws `error` for every request, counting them. */
class Throwing extends Undici.Dispatcher {
  calls = 0
  constructor(private readonly error: unknown) {
    super()
  }
  override dispatch(): boolean {
    this.calls++
    throw this.error
  }
}

/** `error` with a chain of `depth` causes above the last one, `last`. */
const chain = (depth: number, last: unknown): Error => {
  let at: unknown = last
  for (let i = 0; i < depth; i++) at = new Error(`level ${depth - 1 - i}`, { cause: at })
  return at as Error
}

const refused = () => Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" })

const failingWith = (error: unknown) => {
  const dispatcher = new Throwing(error)
  const layer = BitgetClient.layerWith({ baseUrl: "http://127.0.0.1:1", credentials: anyCredentials }).pipe(
    Layer.provide(Layer.succeed(Transport.Transport, Transport.fromUndici(dispatcher)))
  )
  return { dispatcher, layer }
}

describe("BitgetClient: a transport failure known never sent", () => {
  it.effect("a refusal's code at the top or up to four causes down: sent false; five down: not known", () =>
    Effect.gen(function*() {
      for (const [depth, sent] of [[0, false], [1, false], [4, false], [5, undefined], [6, undefined]] as const) {
        const { dispatcher, layer } = failingWith(chain(depth, refused()))
        const error = yield* Effect.flip(Effect.provide(Support.echo({ note: "x" }), layer))
        expect([depth, error._tag, error._tag === "TransportError" && error.sent]).toEqual([
          depth,
          "TransportError",
          sent
        ])
        // A POST is never sent again, known unsent or not.
        expect(dispatcher.calls).toBe(1)
      }
    }))

  it.effect("a chain that loops, ends in null or holds text: a TransportError of unknown fate, not a defect", () =>
    Effect.gen(function*() {
      const loop = new Error("loops")
      ;(loop as { cause?: unknown }).cause = loop
      const twoLoop = new Error("a")
      twoLoop.cause = new Error("b", { cause: twoLoop })
      for (const error of [loop, twoLoop, new Error("x", { cause: null }), new Error("y", { cause: "ECONNREFUSED" })]) {
        const { layer } = failingWith(error)
        const failure = yield* Effect.flip(Effect.provide(Support.echo({ note: "x" }), layer))
        expect(failure).toMatchObject({ _tag: "TransportError", endpoint: "test.echo", reason: error.message })
        expect(failure._tag === "TransportError" && failure.sent).toBeUndefined()
      }
    }))
})

/** The server's time, read through a schema whose check throws what it is given. */
const throwing = (thrown: unknown) =>
  Operation.make(Endpoint.get("/api/v2/public/time", {
    name: "test.throwingDecode",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Schema.Struct({}),
    data: Schema.Struct({
      serverTime: Schema.String.pipe(Schema.filter(() => {
        throw thrown
      }))
    })
  }))

describe("BitgetClient: a schema that throws while decoding", () => {
  it.scoped("is a MalformedResponse: a RangeError reads as nested too deep, anything else as unreadable", () =>
    Effect.gen(function*() {
      const deep = yield* Effect.flip(throwing(new RangeError("Maximum call stack size exceeded"))({}))
      expect(deep).toMatchObject({
        _tag: "MalformedResponse",
        endpoint: "test.throwingDecode",
        status: 200,
        reason: "data does not match the schema: nested too deep to read"
      })
      for (const thrown of [new TypeError("no"), "a text"]) {
        const other = yield* Effect.flip(throwing(thrown)({}))
        expect(other).toMatchObject({
          _tag: "MalformedResponse",
          reason: "data does not match the schema: unreadable data"
        })
        expect(other._tag === "MalformedResponse" && other.excerpt).toMatch(/"serverTime"/)
      }
    }).pipe(Effect.provide(Support.env())))
})

// The transport keeps a deadline as one native timer, kept in its duration's list (internal/timerLists.ts):
// what that list holds tells who kept the call's deadline.
describe("BitgetClient: who keeps a call's deadline", () => {
  const client = (timeout: Duration.DurationInput) =>
    Layer.unwrapEffect(
      Effect.map(Simulator.Simulator, (simulator) => BitgetClient.layerWith({ baseUrl: simulator.url, timeout }))
    ).pipe(Layer.provide(Transport.layerUndici), Layer.provideMerge(Support.simulator()))

  it.live("under Effect's own clock, the transport (its duration's timer list is kept)", () =>
    Effect.gen(function*() {
      TimerLists.release()
      yield* Public.serverTime()
      expect([...TimerLists.kept().keys()]).toEqual([4321])
    }).pipe(Effect.provide(client(Duration.millis(4321))), Effect.ensuring(Effect.sync(TimerLists.release))))

  it.scoped("under a TestClock, Effect's timeout on that clock (no transport deadline)", () =>
    Effect.gen(function*() {
      TimerLists.release()
      yield* Public.serverTime()
      expect([...TimerLists.kept().keys()]).toEqual([])
    }).pipe(Effect.provide(client(Duration.millis(4322))), Effect.ensuring(Effect.sync(TimerLists.release))))
})
