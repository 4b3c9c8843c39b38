/**
 * The edges of an answer's bounds, through the client over loopback (survivors of the mutation
 * run on Envelope.ts, docs/testing.md): a body of exactly 800 characters is read whole for its
 * excerpt, one more is cut; a `msg` of 300 characters is kept, one more is cut with "…". And the
 * envelope's `requestTime` as `Envelope.parse` gives it: a number, digits in a string, or absent.
 */
import * as Envelope from "@effect-bitget/core/Envelope"
import * as Public from "@effect-bitget/core/Public"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Exit from "effect/Exit"
import * as Hostile from "./Hostile.js"

const RATE = "GET /api/v2/common/trade-rate"

const failure = (answer: Hostile.Answer) =>
  Effect.gen(function*() {
    const hostile = yield* Hostile.make()
    hostile.next({ _tag: "Respond", ...answer }, RATE, 50)
    const exit = yield* Hostile.drive(
      Effect.exit(
        Effect.provide(
          Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }),
          Hostile.client(hostile.url, Hostile.anyCredentials)
        )
      )
    )
    expect(Exit.isFailure(exit) && exit.cause._tag).toBe("Fail")
    return (Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error : undefined) as {
      readonly _tag: string
      readonly msg?: string
      readonly excerpt?: string
    }
  })

describe("the edges of an answer's bounds (hostile server)", () => {
  it.scoped("an excerpt reads the first 800 characters: exactly 800 blank ones are nothing, 801 are cut", () =>
    Effect.gen(function*() {
      expect((yield* failure({ status: 502, body: " ".repeat(800) })).excerpt).toBe("")
      expect((yield* failure({ status: 502, body: " ".repeat(801) })).excerpt).toBe("…")
      expect((yield* failure({ status: 502, body: " ".repeat(799) + "z" })).excerpt).toBe("z")
    }))

  it.scoped("a msg of 300 characters is kept whole; one of 301 keeps 300 and ends in …", () =>
    Effect.gen(function*() {
      const body = (msg: string) => `{"code":"40808","msg":"${msg}","data":null}`
      const kept = "m".repeat(300)
      expect((yield* failure({ status: 400, body: body(kept) })).msg).toBe(kept)
      expect((yield* failure({ status: 400, body: body(kept + "n") })).msg).toBe(kept + "…")
    }))
})

describe("Envelope.parse", () => {
  const requestTime = (value: string) =>
    Either.map(Envelope.parse("e", 200, `{"code":"00000","msg":"success"${value},"data":null}`), (e) => e.requestTime)

  it("reads requestTime as a number or as digits in a string; absent, empty or another type is undefined", () => {
    expect(requestTime(`,"requestTime":1750000000001`)).toEqual(Either.right(1750000000001))
    expect(requestTime(`,"requestTime":"1750000000002"`)).toEqual(Either.right(1750000000002))
    expect(requestTime(`,"requestTime":""`)).toEqual(Either.right(undefined))
    expect(requestTime(`,"requestTime":null`)).toEqual(Either.right(undefined))
    expect(requestTime(`,"requestTime":true`)).toEqual(Either.right(undefined))
    expect(requestTime("")).toEqual(Either.right(undefined))
  })
})
