/**
 * What each error says (`message`, what a log or a thrown error shows): the endpoint first, then
 * Bitget's code and HTTP status for an exchange's answer, and the family's own words for the rest.
 * Written out whole, so a changed word, a dropped field or a swapped branch fails (issue 25's
 * mutation run of `BitgetError.ts`). A local rate-limit refusal shows no code or status (nothing
 * was sent), an account-mode error says which line the key belongs on.
 */
import * as Errors from "@effect-bitget/core/BitgetError"
import { describe, expect, it } from "@effect/vitest"
import * as Schema from "effect/Schema"

const fields = { endpoint: "spot.trade.placeOrder", code: "43012", msg: "Insufficient balance", status: 400 }

describe("error messages", () => {
  it("an exchange family: `<endpoint>: Bitget <code> (HTTP <status>) <msg>`", () => {
    const families = [
      Errors.AuthenticationError,
      Errors.TimestampError,
      Errors.PermissionError,
      Errors.InsufficientBalance,
      Errors.OrderNotFound,
      Errors.DuplicateClientOid,
      Errors.InvalidParameter,
      Errors.DemoMismatch,
      Errors.ServiceUnavailable,
      Errors.ExchangeError
    ]
    for (const Family of families) {
      const error = new Family(fields)
      expect([error._tag, error.message]).toEqual([
        error._tag,
        "spot.trade.placeOrder: Bitget 43012 (HTTP 400) Insufficient balance"
      ])
    }
  })

  it("a rate limit: the exchange's with code and status; a local one says nothing was sent", () => {
    const exchange = new Errors.RateLimitError({
      ...fields,
      code: "429",
      msg: "Too Many Requests",
      status: 429,
      source: "exchange"
    })
    expect(exchange.message).toBe("spot.trade.placeOrder: Bitget 429 (HTTP 429) Too Many Requests")
    const local = new Errors.RateLimitError({ ...fields, code: "", msg: "bucket empty", status: 0, source: "local" })
    expect(local.message).toBe("spot.trade.placeOrder: local rate limit, nothing sent: bucket empty")
  })

  it("an account-mode error names the line the key belongs on", () => {
    const unified = new Errors.AccountModeError({ ...fields, code: "40085", msg: "m", account: "unified" })
    expect(unified.message).toBe(
      "spot.trade.placeOrder: Bitget 40085 (HTTP 400) m: this API key belongs to a unified (UTA) account, which " +
        "Bitget's V2 API refuses: call Bitget's V3 API (@effect-bitget/unified) with it, or use the key of a " +
        "Classic sub-account for the V2 lines"
    )
    const classic = new Errors.AccountModeError({ ...fields, code: "40084", msg: "m", account: "classic" })
    expect(classic.message).toBe(
      "spot.trade.placeOrder: Bitget 40084 (HTTP 400) m: this API key belongs to a Classic account, which " +
        "Bitget's V3 (UTA) API refuses: use the V2 API (@effect-bitget/spot, futures, margin, …) with it, or " +
        "upgrade the account to unified (spot `Account.upgrade`) and then use V3"
    )
  })

  it("the client's own failures", () => {
    expect(new Errors.InvalidRequest({ endpoint: "e.x", reason: "size: must be positive" }).message).toBe(
      "e.x: invalid request: size: must be positive"
    )
    expect(new Errors.TransportError({ endpoint: "e.x", reason: "ECONNRESET: socket hang up" }).message).toBe(
      "e.x: transport failed: ECONNRESET: socket hang up"
    )
    expect(new Errors.PaginationError({ endpoint: "e.x", reason: "a row came twice" }).message).toBe(
      "e.x: pagination stopped: a row came twice"
    )
    expect(
      new Errors.MalformedResponse({ endpoint: "e.x", status: 502, reason: "body is not JSON", excerpt: "<html>" })
        .message
    ).toBe("e.x: malformed response (HTTP 502): body is not JSON: <html>")
    expect(
      new Errors.UnknownOrderFate({ endpoint: "e.x", clientOids: ["a", "b"], placed: [], reason: "connection reset" })
        .message
    ).toBe(
      "e.x: order fate unknown for clientOid a, b: connection reset; look the order up by clientOid before placing it again"
    )
  })

  it("every error survives the BitgetError schema round trip with its class and message", () => {
    const errors = [
      new Errors.RateLimitError({ ...fields, source: "local", retryAfterMillis: 250 }),
      new Errors.AccountModeError({ ...fields, account: "classic" }),
      new Errors.TransportError({ endpoint: "e.x", reason: "r", timedOut: true, sent: false }),
      new Errors.UnknownOrderFate({
        endpoint: "e.x",
        clientOids: ["a"],
        placed: [{ clientOid: "b", orderId: "1" }],
        reason: "r"
      })
    ]
    for (const error of errors) {
      const back = Schema.decodeUnknownSync(Errors.BitgetError)(
        JSON.parse(JSON.stringify(Schema.encodeSync(Errors.BitgetError)(error)))
      )
      expect([back._tag, back.message]).toEqual([error._tag, error.message])
    }
  })
})
