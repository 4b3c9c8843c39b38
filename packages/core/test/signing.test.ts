import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import { bodyText, queryString } from "@effect-bitget/core/internal/wire"
import * as Public from "@effect-bitget/core/Public"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import { describe, expect, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as FastCheck from "effect/FastCheck"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Crypto from "node:crypto"
import * as Support from "./support.js"

describe("prehash and signatures", () => {
  it("signs timestamp + METHOD + path + ?query + body", () => {
    expect(HttpSigner.prehash({ timestamp: "1", method: "get", path: "/p", query: "a=1", body: "" })).toBe("1GET/p?a=1")
    expect(HttpSigner.prehash({ timestamp: "1", method: "POST", path: "/p", query: "", body: "{}" })).toBe("1POST/p{}")
  })

  it("HMAC agrees with an independent WebCrypto implementation", async () => {
    const inputs = FastCheck.sample(
      FastCheck.record({
        secret: FastCheck.string({ minLength: 1 }),
        path: FastCheck.string(),
        body: FastCheck.string()
      }),
      { numRuns: 50, seed: 7 }
    )
    for (const input of inputs) {
      const sign = { timestamp: "1700000000000", method: "POST", path: input.path, query: "", body: input.body }
      const key = await crypto.subtle.importKey(
        "raw",
        new TextEncoder().encode(input.secret),
        { name: "HMAC", hash: "SHA-256" },
        false,
        ["sign"]
      )
      const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(HttpSigner.prehash(sign)))
      expect(HttpSigner.hmac(input.secret, sign)).toBe(Buffer.from(mac).toString("base64"))
    }
  })

  it("RSA signatures verify with the public key (PKCS#1 v1.5, SHA-256)", () => {
    const { privateKey, publicKey } = Crypto.generateKeyPairSync("rsa", { modulusLength: 2048 })
    const input = { timestamp: "1", method: "GET", path: "/api/v2/x", query: "a=1&b=2", body: "" }
    const signature = HttpSigner.rsa(privateKey, input)
    expect(Crypto.verify("sha256", Buffer.from(HttpSigner.prehash(input)), publicKey, Buffer.from(signature, "base64")))
      .toBe(true)
  })
})

describe("query string", () => {
  it("sorts keys, encodes each value once and leaves out absent values", () => {
    expect(queryString({ symbol: "BTCUSDT", limit: "20", empty: "", none: undefined, nil: null })).toBe(
      "limit=20&symbol=BTCUSDT"
    )
    expect(queryString({ zero: 0, no: false })).toBe("no=false&zero=0")
    expect(queryString({ q: "a b&c=d/é" })).toBe("q=a%20b%26c%3Dd%2F%C3%A9")
    // The URL parser would re-encode a bare `'` after signing; these are encoded up front.
    expect(queryString({ q: "it's (ok)*!" })).toBe("q=it%27s%20%28ok%29%2A%21")
  })

  it("the body: the JSON text of the fields, or nothing at all when there are none", () => {
    expect(bodyText({})).toBe("")
    expect(bodyText({ a: "1", n: null })).toBe("{\"a\":\"1\",\"n\":null}")
  })

  it("round-trips any record through URLSearchParams in sorted order", () => {
    FastCheck.assert(
      FastCheck.property(
        FastCheck.dictionary(FastCheck.string({ minLength: 1 }), FastCheck.string({ minLength: 1 })),
        (record) => {
          const text = queryString(record)
          const parsed = [...new URLSearchParams(text.replace(/\+/g, "%2B"))]
          expect(parsed.map(([k]) => k)).toEqual(Object.keys(record).sort())
          for (const [k, v] of parsed) expect(v).toBe(record[k])
        }
      ),
      { numRuns: 200 }
    )
  })
})

// The whole client path over both transports: core's undici transport (the default) and the
// adapter over an @effect/platform HttpClient (here global fetch).
const transports = [
  ["undici", Transport.layerUndici],
  ["HttpClient adapter over fetch", Transport.layerHttpClient.pipe(Layer.provide(FetchHttpClient.layer))]
] as const

for (const [name, transport] of transports) {
  layer(Support.env({ transport }), { excludeTestServices: true })(`signed requests over loopback (${name})`, (it) => {
    it.effect("the exchange verifies the exact query string sent, special characters included", () =>
      Effect.gen(function*() {
        const params = { z: "last", a: "first", space: "a b", plus: "1+1", unicode: "ü€", sym: "!*'()~" }
        const answer = yield* Support.query(params)
        expect(answer).toEqual(params)
      }))

    it.effect("the exchange verifies the exact body bytes sent, and digits arrive as written", () =>
      Effect.gen(function*() {
        const answer = yield* Support.echo({ size: "0.1000", note: "quote \" and ü", list: [{ a: "1" }] })
        expect(answer.body).toEqual({ size: "0.1000", note: "quote \" and ü", list: [{ a: "1" }] })
      }))

    it.effect("property: any query values sign and verify", () =>
      Effect.gen(function*() {
        const samples = FastCheck.sample(
          FastCheck.dictionary(
            FastCheck.stringMatching(/^[a-zA-Z][a-zA-Z0-9]{0,8}$/),
            FastCheck.string({ minLength: 1 }),
            {
              maxKeys: 5
            }
          ),
          { numRuns: 25, seed: 11 }
        )
        for (const params of samples) expect(yield* Support.query(params)).toEqual(params)
      }))

    it.effect("an exchange error arrives as its family with the code and HTTP status", () =>
      Effect.gen(function*() {
        const error = yield* Effect.flip(Support.fail({ code: "40009", status: 401 }))
        expect(error._tag).toBe("AuthenticationError")
        if (error._tag === "AuthenticationError") expect([error.code, error.status]).toEqual(["40009", 401])
      }))
  })
}

layer(Support.env({ rsa: true }), { excludeTestServices: true })("RSA keys", (it) => {
  it.effect("a signed call with the RSA key is accepted", () =>
    Effect.gen(function*() {
      const rate = yield* Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" })
      expect(rate.makerFeeRate).toBeDefined()
    }))
})

const wrongRsa = Layer.unwrapEffect(Effect.sync(() => {
  const other = Crypto.generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({
    type: "pkcs8",
    format: "pem"
  }) as string
  return Simulator.layerClient({ rsa: Redacted.make(other) })
})).pipe(Layer.provideMerge(Support.simulator()))

layer(wrongRsa, { excludeTestServices: true })("a wrong RSA key", (it) => {
  it.effect("is refused with AuthenticationError 40009", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(Public.tradeRate({ symbol: "BTCUSDT", businessType: "spot" }))
      expect(error._tag).toBe("AuthenticationError")
      if (error._tag === "AuthenticationError") expect(error.code).toBe("40009")
    }))
})
