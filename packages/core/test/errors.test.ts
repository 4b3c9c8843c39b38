import * as BitgetError from "@effect-bitget/core/BitgetError"
import * as Envelope from "@effect-bitget/core/Envelope"
import { errorCodes } from "@effect-bitget/core/internal/errorCodes"
import { describe, expect, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Schema from "effect/Schema"
import * as Fs from "node:fs"
import * as Support from "./support.js"

const tsv = Fs.readFileSync(new URL("../../../../shared/reference/error-codes.tsv", import.meta.url), "utf8")
const rows = tsv.trim().split("\n").slice(1).map((line) => line.split("\t"))

describe("error code table", () => {
  it("classifies every code of the reference list", () => {
    const codes = rows.map(([code]) => code!).filter((code) => code !== "00000")
    expect(codes.length).toBeGreaterThan(800)
    const missing = codes.filter((code) => errorCodes[code] === undefined)
    expect(missing).toEqual([])
  })

  it("puts the codes users handle by name in their families", () => {
    const expected: Record<string, BitgetError.ErrorFamily> = {
      "429": "RateLimitError",
      "40001": "AuthenticationError",
      "40006": "AuthenticationError",
      "40009": "AuthenticationError",
      "40012": "AuthenticationError",
      "40037": "AuthenticationError",
      "40005": "TimestampError",
      "40008": "TimestampError",
      "40014": "PermissionError",
      "43012": "InsufficientBalance",
      "43001": "OrderNotFound",
      "43118": "DuplicateClientOid",
      "45034": "DuplicateClientOid",
      "50060": "DuplicateClientOid",
      "40017": "InvalidParameter",
      "40034": "InvalidParameter",
      "00001": "InvalidParameter",
      "40081": "DemoMismatch",
      "40725": "ServiceUnavailable"
    }
    for (const [code, family] of Object.entries(expected)) expect([code, errorCodes[code]]).toEqual([code, family])
  })

  it("decides unknown codes by HTTP status", () => {
    expect(Envelope.family("99999", 429)).toBe("RateLimitError")
    expect(Envelope.family("99999", 503)).toBe("ServiceUnavailable")
    expect(Envelope.family("99999", 401)).toBe("AuthenticationError")
    expect(Envelope.family("99999", 400)).toBe("ExchangeError")
  })
})

describe("envelope", () => {
  it("reads requestTime as a number or a string, and `message` for `msg`", () => {
    const a = Envelope.parse(
      "e",
      200,
      "{\"code\":\"00000\",\"msg\":\"success\",\"requestTime\":\"1627354109502\",\"data\":[]}"
    )
    expect(Either.getOrThrow(a).requestTime).toBe(1627354109502)
    const b = Envelope.parse("e", 200, "{\"code\":\"00000\",\"message\":\"success\",\"requestTime\":1,\"data\":null}")
    expect(Either.getOrThrow(b).msg).toBe("success")
  })

  it("turns a body that is not the envelope into MalformedResponse with status and excerpt", () => {
    const html = Envelope.parse("e", 502, "<html><body>Bad   gateway</body></html>")
    expect(Either.isLeft(html)).toBe(true)
    const error = Either.flip(html).pipe(Either.getOrThrow)
    expect(error.status).toBe(502)
    expect(error.excerpt).toBe("<html><body>Bad gateway</body></html>")
    expect(Either.isLeft(Envelope.parse("e", 200, "[1,2]"))).toBe(true)
    expect(Either.isLeft(Envelope.parse("e", 200, "{\"data\":1}"))).toBe(true)
  })

  it("errors are serialisable and keep their fields", () => {
    const error = new BitgetError.InsufficientBalance({ endpoint: "spot.x", code: "43012", msg: "no", status: 400 })
    const json = Schema.encodeSync(BitgetError.BitgetError)(error)
    const back = Schema.decodeUnknownSync(BitgetError.BitgetError)(JSON.parse(JSON.stringify(json)))
    expect(back).toBeInstanceOf(BitgetError.InsufficientBalance)
    expect(back).toMatchObject({ endpoint: "spot.x", code: "43012", status: 400 })
  })
})

layer(Support.env(), { excludeTestServices: true })("exchange errors over loopback", (it) => {
  const families: Array<[string, number, BitgetError.ErrorFamily]> = [
    ["40006", 400, "AuthenticationError"],
    ["40008", 400, "TimestampError"],
    ["40014", 400, "PermissionError"],
    ["43012", 400, "InsufficientBalance"],
    ["43001", 400, "OrderNotFound"],
    ["43118", 400, "DuplicateClientOid"],
    ["40017", 400, "InvalidParameter"],
    ["40081", 400, "DemoMismatch"],
    ["40725", 500, "ServiceUnavailable"],
    ["31999", 400, "ExchangeError"]
  ]
  for (const [code, status, family] of families) {
    it.effect(`${code} becomes ${family} with endpoint, code, message and status`, () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(Support.fail({ code, status }))
        expect(error._tag).toBe(family)
        expect(error).toMatchObject({ endpoint: "test.fail", code, msg: `failure ${code}`, status })
      }))
  }
})

layer(Support.env(), { excludeTestServices: true })("an operation fails only with its declared families", (it) => {
  // code, status, family on the wire; what a public read, a signed read with no documented
  // family, and a signed write documenting all three each see.
  const cases: Array<[string, number, BitgetError.ErrorFamily, string, string, string]> = [
    ["40006", 400, "AuthenticationError", "ExchangeError", "AuthenticationError", "AuthenticationError"],
    ["40008", 400, "TimestampError", "ExchangeError", "TimestampError", "TimestampError"],
    ["40014", 403, "PermissionError", "ExchangeError", "PermissionError", "PermissionError"],
    ["40081", 400, "DemoMismatch", "ExchangeError", "DemoMismatch", "DemoMismatch"],
    ["43012", 400, "InsufficientBalance", "ExchangeError", "ExchangeError", "InsufficientBalance"],
    ["43001", 400, "OrderNotFound", "ExchangeError", "ExchangeError", "OrderNotFound"],
    ["43118", 400, "DuplicateClientOid", "ExchangeError", "ExchangeError", "DuplicateClientOid"],
    ["40017", 400, "InvalidParameter", "InvalidParameter", "InvalidParameter", "InvalidParameter"],
    ["40725", 500, "ServiceUnavailable", "ServiceUnavailable", "ServiceUnavailable", "ServiceUnavailable"]
  ]
  for (const [code, status, family, publicRead, signedRead, signedWrite] of cases) {
    it.effect(`${code} (${family}): public read ${publicRead}, signed read ${signedRead}, write ${signedWrite}`, () =>
      Effect.gen(function*() {
        const request = { code, status }
        const seen = [
          yield* Effect.flip(Support.failPublic(request)),
          yield* Effect.flip(Support.failRead(request)),
          yield* Effect.flip(Support.fail(request))
        ]
        expect(seen.map((e) => e._tag)).toEqual([publicRead, signedRead, signedWrite])
        const names = ["test.failPublic", "test.failRead", "test.fail"]
        seen.forEach((error, i) =>
          expect(error).toMatchObject({ endpoint: names[i], code, msg: `failure ${code}`, status })
        )
      }))
  }
})
