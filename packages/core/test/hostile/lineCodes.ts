/**
 * A line's own exchange codes classified at their edges, observed through the line's operation
 * over loopback (issue 25: exact boundaries, in every line). For one operation of the line:
 * - each known code is its family with HTTP 200, 400 and exactly 500 (the table wins over the
 *   status both ways: a balance error at 500 is not "unavailable", a 5xx-family code at 200 is);
 *   a family the endpoint does not declare reaches the caller as `ExchangeError`, code kept;
 * - each unknown code beside the line's range is decided by the status at each edge
 *   (400, 401, 403, 428 | 429 | 430, 499 | 500).
 */
import { expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Exit from "effect/Exit"
import * as Hostile from "./Hostile.js"

export interface LineCodes {
  /** `METHOD /path` of the operation. */
  readonly route: string
  /** The operation, any client (the hostile one is provided). */
  readonly call: Effect.Effect<unknown, unknown, any>
  /** `[code, the family the caller sees]`. */
  readonly known: ReadonlyArray<readonly [string, string]>
  /** Codes the table does not know, next to the line's known ones. */
  readonly unknown: ReadonlyArray<string>
}

interface Failure {
  readonly _tag: string
  readonly code?: string
  readonly status?: number
}

/** The error of `call` when every answer (retries included) is `status` with `code`. */
const failure = (lines: LineCodes, code: string, status: number) =>
  Effect.gen(function*() {
    const hostile = yield* Hostile.make()
    hostile.next(
      { _tag: "Respond", status, body: `{"code":"${code}","msg":"edge","requestTime":1750000000000,"data":null}` },
      lines.route,
      50
    )
    const exit = yield* Hostile.drive(
      Effect.exit(Effect.provide(lines.call, Hostile.client(hostile.url, Hostile.anyCredentials)))
    )
    expect(hostile.count(lines.route)).toBeGreaterThan(0)
    const error = Exit.isFailure(exit) && exit.cause._tag === "Fail" ? exit.cause.error as Failure : undefined
    return error === undefined ? ["no failure"] : [error._tag, error.code, error.status]
  })

const byStatus: ReadonlyArray<readonly [number, string]> = [
  [400, "ExchangeError"],
  [401, "AuthenticationError"],
  [403, "PermissionError"],
  [428, "ExchangeError"],
  [429, "RateLimitError"],
  [430, "ExchangeError"],
  [499, "ExchangeError"],
  [500, "ServiceUnavailable"]
]

/** The tests of one line's codes. */
export const lineCodes = (name: string, lines: LineCodes) => {
  for (const [code, family] of lines.known) {
    it.scoped(`${name}: ${code} is ${family} with HTTP 200, 400 and 500`, () =>
      Effect.gen(function*() {
        for (const status of [200, 400, 500]) {
          expect([status, ...(yield* failure(lines, code, status))]).toEqual([status, family, code, status])
        }
      }))
  }
  for (const code of lines.unknown) {
    it.scoped(`${name}: unknown ${code} is decided by the status at each edge`, () =>
      Effect.gen(function*() {
        for (const [status, family] of byStatus) {
          expect([status, ...(yield* failure(lines, code, status))]).toEqual([status, family, code, status])
        }
      }))
  }
}
