/**
 * Every bad input is an `InvalidRequest` before anything is sent, never a defect: text that
 * cannot be encoded, hostile objects, keys the endpoint does not declare (the no-parameter
 * endpoints included). The reason is one line starting with the field.
 */
import * as Public from "@effect-bitget/core/Public"
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Stream from "effect/Stream"
import * as Support from "./support.js"

/** Runs `call`, expects InvalidRequest (not a defect) with a reason starting `start`, and nothing sent. */
const refused = <A, E, R>(call: Effect.Effect<A, E, R>, start: string) =>
  Effect.gen(function*() {
    const simulator = yield* Simulator.Simulator
    const before = simulator.traffic.total()
    const exit = yield* Effect.exit(call)
    expect(Exit.isFailure(exit) && exit.cause._tag).toBe("Fail")
    const error = Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error as any : undefined
    expect(error?._tag).toBe("InvalidRequest")
    expect(error.reason.startsWith(start), error.reason).toBe(true)
    expect(error.reason).not.toContain("\n")
    expect(error.reason.length).toBeLessThanOrEqual(300)
    expect(simulator.traffic.total()).toBe(before)
  })

layer(Support.env(), { excludeTestServices: true })("bad input (simulator)", (it) => {
  for (const [name, text] of [["high", "ab\ud800"], ["low", "\udc00cd"], ["reversed pair", "\udc00\ud800"]] as const) {
    it.effect(`a lone ${name} surrogate in a GET query or a POST body is InvalidRequest naming the field`, () =>
      Effect.gen(function*() {
        yield* refused(Support.query({ bad: text }), "bad: contains a lone surrogate")
        yield* refused(Support.echo({ note: text }), "note: contains a lone surrogate")
        yield* refused(Support.echo({ list: [{ a: "ok" }, { a: text }] }), "list[1].a: contains a lone surrogate")
      }))
  }

  it.effect("a well-formed surrogate pair (an emoji) is sent as it is", () =>
    Effect.gen(function*() {
      const echoed = yield* Support.query({ q: "😀" })
      expect(echoed.q).toBe("😀")
      const body = yield* Support.echo({ note: "😀" })
      expect(body.body).toEqual({ note: "😀" })
    }))

  it.effect("an object whose getter throws is InvalidRequest, not a defect", () =>
    Effect.gen(function*() {
      const hostile = {
        get note(): string {
          throw new Error("boom")
        }
      }
      yield* refused(Support.echo(hostile), "request: cannot be read (boom)")
    }))

  it.effect("a Proxy that throws on reading or listing keys is InvalidRequest", () =>
    Effect.gen(function*() {
      const reads = new Proxy({ note: "x" }, {
        get: () => {
          throw new TypeError("no reads")
        }
      })
      yield* refused(Support.echo(reads), "request: cannot be read (no reads)")
      const keys = new Proxy({}, {
        ownKeys: () => {
          throw new RangeError("no keys")
        }
      })
      yield* refused(Support.echo(keys as {}), "request: cannot be read (no keys)")
      const thrower = new Proxy({}, {
        ownKeys: () => {
          throw "not even an Error"
        }
      })
      yield* refused(Public.serverTime(thrower), "request: cannot be read (not even an Error)")
    }))

  it.effect("a key the endpoint does not declare is refused, on no-parameter endpoints too", () =>
    Effect.gen(function*() {
      yield* refused(Public.serverTime({ symbol: "BTCUSDT" } as {}), "symbol: is not a parameter of this endpoint")
      yield* refused(Support.echo({ note: "x", nte: "y" } as { note: string }), "nte: is not a parameter")
      yield* refused(
        Support.echo({ list: [{ a: "1", b: "2" }] } as unknown as { list: Array<{ a: string }> }),
        "list[0].b: is not a parameter"
      )
      // The same requests without the extra key go out.
      yield* Public.serverTime()
      yield* Support.echo({ note: "x" })
    }))

  // Issue 23 (11): a string's characters (or an array's indices) were sent as query keys.
  it.effect("a request that is not an object (a string, an array, a number) is refused, nothing sent", () =>
    Effect.gen(function*() {
      type Untyped = (request: unknown) => Effect.Effect<unknown, unknown, any>
      for (const op of [Public.serverTime as Untyped, Support.echo as Untyped]) {
        yield* refused(op("abc"), "request: expected an object of parameters, got a string")
        yield* refused(op(["a", "b"]), "request: expected an object of parameters, got an array")
        yield* refused(op([]), "request: expected an object of parameters, got an array")
        yield* refused(op(42), "request: expected an object of parameters, got a number")
      }
      yield* refused(Support.query("k=v" as unknown as Record<string, string>), "request: expected an object")
      yield* refused(Stream.runDrain(Support.byLastRow.items("abc" as {})), "request: expected an object")
      yield* refused(Stream.runDrain(Support.byLastRow.pages(["x"] as {})), "request: expected an object")
      // A number spreads to no keys at all: read as an object, the walk would send `{}`.
      yield* refused(Stream.runDrain(Support.byLastRow.items(42 as {})), "request: expected an object")
      yield* refused(Stream.runDrain(Support.byLastRow.pages(true as {})), "request: expected an object")
      // Left out (undefined or null), the request is `{}`.
      yield* Public.serverTime(undefined)
      yield* Public.serverTime(null as unknown as {})
    }))

  it.effect("a wrong type names the field, what was expected and what came, in one short line", () =>
    Effect.gen(function*() {
      yield* refused(Support.echo({ size: "1e-7" }), "size: ")
      yield* refused(Support.echo({ note: 5 as unknown as string }), "note: expected string, got 5")
      yield* refused(Support.echo({ note: "x".repeat(100_000) + 1 as unknown as string, size: "abc" }), "size: ")
    }))
})
