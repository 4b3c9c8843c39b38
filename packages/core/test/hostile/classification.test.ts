/**
 * How an answer is classified, observed through the client over loopback (issue 25's blind
 * spots): a code the table does not know is decided by the HTTP status, at each edge of each
 * range (499 | 500, 428 | 429 | 430, 400 | 401 | 402, 403 | 404, 599); the envelope's fields are
 * read in every spelling Bitget uses (`msg` or `message`, a number or a string `code`), and a body
 * that is not an envelope says why, with an excerpt on one line of at most 200 characters.
 */
import * as Public from "@effect-bitget/core/Public"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Hostile from "./Hostile.js"

// A signed endpoint, so every family is in its error type (an unsigned one narrows 401/403 away).
const RATE = "GET /api/v2/common/trade-rate"

interface Failure {
  readonly _tag: string
  readonly code?: string
  readonly msg?: string
  readonly status?: number
  readonly reason?: string
  readonly excerpt?: string
}

/** The error of a `tradeRate` call every answer of which is `answer` (retries included). */
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
    return (Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error : undefined) as Failure
  })

const unknownCode = (status: number) =>
  failure({ status, body: `{"code":"99991","msg":"made up","requestTime":1750000000000,"data":null}` })

describe("classification of an answer (hostile server)", () => {
  const byStatus: ReadonlyArray<readonly [number, string]> = [
    [200, "ExchangeError"],
    [400, "ExchangeError"],
    [401, "AuthenticationError"],
    [402, "ExchangeError"],
    [403, "PermissionError"],
    [404, "ExchangeError"],
    [428, "ExchangeError"],
    [429, "RateLimitError"],
    [430, "ExchangeError"],
    [499, "ExchangeError"],
    [500, "ServiceUnavailable"],
    [501, "ServiceUnavailable"],
    [599, "ServiceUnavailable"]
  ]
  for (const [status, tag] of byStatus) {
    it.scoped(`an unknown code with HTTP ${status} is ${tag}, keeping the code, message and status`, () =>
      Effect.gen(function*() {
        const error = yield* unknownCode(status)
        expect([error._tag, error.code, error.msg, error.status]).toEqual([tag, "99991", "made up", status])
      }))
  }

  it.scoped("a known code is its family whatever the status (43012 with HTTP 400 and with HTTP 500)", () =>
    Effect.gen(function*() {
      for (const status of [400, 500]) {
        const error = yield* failure({ status, body: `{"code":"40808","msg":"bad","requestTime":1,"data":null}` })
        expect([error._tag, error.status]).toEqual(["InvalidParameter", status])
      }
    }))

  it.scoped("`message` stands in for a missing `msg`; a number code is read as its digits", () =>
    Effect.gen(function*() {
      const error = yield* failure({ status: 400, body: `{"code":40808,"message":"spelled message","data":null}` })
      expect([error._tag, error.code, error.msg]).toEqual(["InvalidParameter", "40808", "spelled message"])
      const both = yield* failure({ status: 400, body: `{"code":"40808","msg":"the msg","message":"other"}` })
      expect(both.msg).toBe("the msg")
      const none = yield* failure({ status: 400, body: `{"code":"40808","msg":17}` })
      expect(none.msg).toBe("")
    }))

  for (
    const [body, reason] of [
      // An array is an object to JSON, but no envelope: it has no code.
      ["[1,2]", "body has no code"],
      ["null", "body is not an object"],
      ["\"00000\"", "body is not an object"],
      ["{\"msg\":\"no code\"}", "body has no code"],
      ["{\"code\":null}", "body has no code"],
      ["{\"code\":true}", "body has no code"],
      ["<html>busy</html>", "body is not JSON"]
    ] as const
  ) {
    it.scoped(`${body} is MalformedResponse: ${reason}`, () =>
      Effect.gen(function*() {
        const error = yield* failure({ status: 200, body })
        expect([error._tag, error.reason, error.excerpt]).toEqual(["MalformedResponse", reason, body])
      }))
  }

  it.scoped("the excerpt is the body's head on one line: whitespace runs are one space, at most 200 characters", () =>
    Effect.gen(function*() {
      const short = yield* failure({ status: 502, body: "  <html>\n\t<b>bad   gateway</b>\n</html>  " })
      expect(short.excerpt).toBe("<html> <b>bad gateway</b> </html>")
      const exact = "x".repeat(200)
      expect((yield* failure({ status: 502, body: exact })).excerpt).toBe(exact)
      const over = "y".repeat(201)
      expect((yield* failure({ status: 502, body: over })).excerpt).toBe("y".repeat(200) + "…")
      // A body whose first 800 characters are whitespace and tags: its excerpt still ends in "…"
      // when more follows, though what was read flattens to fewer than 200 characters.
      const spaced = " ".repeat(800) + "z"
      expect((yield* failure({ status: 502, body: spaced })).excerpt).toBe("…")
    }))
})
