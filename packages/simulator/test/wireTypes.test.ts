// Every field the simulator sends has the JSON type Bitget sends. `fixtures/wire-types.json` holds,
// per `METHOD /path`, the JSON type of each field of `data` in the answers captured from Bitget's
// pages (JKorf/Bitget.Net at ed0db8f, Bitget.Net.UnitTests/Endpoints/**, 184 bodies: a path like
// `data.list[].price`, `[]` an element). Each declared endpoint's answers, as the exchange writes
// them (its encoder, then `WireTypes`), must use only those types, and still decode with the
// library; a few answers are also read raw over loopback.
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import { Simulator } from "@effect-bitget/simulator"
import * as Generate from "@effect-bitget/simulator/Generate"
import * as Registry from "@effect-bitget/simulator/Registry"
import * as WireTypes from "@effect-bitget/simulator/WireTypes"
import { describe, expect, it, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import * as Schema from "effect/Schema"
import { readFileSync } from "node:fs"

type Types = Record<string, Record<string, ReadonlyArray<string>>>
/** The file spells each field's types as `string|number`. */
const captured: Types = Object.fromEntries(
  Object.entries(
    JSON.parse(readFileSync(new URL("./fixtures/wire-types.json", import.meta.url), "utf8")) as Record<
      string,
      Record<string, string>
    >
  ).map(([key, fields]) => [key, Object.fromEntries(Object.entries(fields).map(([path, t]) => [path, t.split("|")]))])
)

/**
 * Numbers in answers the captures lack, from ../shared/reference/bitget-docs-facts.md (quirk 6)
 * and bitget-endpoint-shapes.md (convert, virtual sub-accounts).
 */
const fromReference: Types = {
  "GET /api/v2/convert/quoted-price": { "data.fromCoinSize": ["number"] },
  "GET /api/v2/convert/convert-record": { "data.dataList[].fromCoinSize": ["number"] },
  "GET /api/v2/spot/account/subaccount-assets": { "data[].userId": ["number"] }
}
/** The same, for answers only a domain gives (read over loopback): the generated stand-in ids are too long. */
const fromReferenceLive: Types = {
  "GET /api/v2/user/virtual-subaccount-list": { "data.endId": ["number"] }
}
const samples: Types = { ...captured, ...fromReference }

const typeOf = (v: unknown) =>
  v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "object" ? "object" : typeof v

/** The JSON types seen at each path of `value`, into `into`. */
const walk = (value: unknown, path: string, into: Map<string, Set<string>>) => {
  let set = into.get(path)
  if (set === undefined) into.set(path, set = new Set())
  set.add(typeOf(value))
  if (Array.isArray(value)) { for (const v of value) walk(v, path + "[]", into) }
  else if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, into)
  }
}

/** `path: bitget T, simulator U` for each field whose type Bitget never sends (null is absence). */
const compare = (key: string, seen: Map<string, Set<string>>): Array<string> =>
  Object.entries(samples[key] ?? fromReferenceLive[key]!).flatMap(([path, types]) => {
    const expected = types.filter((t) => t !== "null")
    const sent = [...(seen.get(path) ?? [])].filter((t) => t !== "null")
    const wrong = sent.filter((t) => !expected.includes(t))
    return expected.length > 0 && wrong.length > 0
      ? [`${key} ${path}: bitget ${expected.join("|")}, simulator ${sent.join("|")}`]
      : []
  })

const byKey = new Map(Registry.endpoints.map((e) => [`${e.method} ${e.path}`, e]))

/**
 * Captures under another method than the declaration's, for the same answer: Bitget.Net sends
 * max-open-available as GET, the catalog, bitget-api, ccxt and go-bitget as POST (declared so,
 * ../shared/reference/v3-unified-api.md, variant 3).
 */
const sameAnswer: Readonly<Record<string, string>> = {
  "GET /api/v3/account/max-open-available": "POST /api/v3/account/max-open-available"
}

describe("JSON types of answers", () => {
  it("every sampled field of every declared endpoint's answer has the type Bitget sends, and decodes", () => {
    const found: Array<string> = []
    let fields = 0
    for (const key of Object.keys(samples)) {
      const endpoint = byKey.get(sameAnswer[key] ?? key)
      // Undeclared, or answered by a domain with data the declaration leaves open (read below over loopback).
      if (endpoint === undefined || endpoint.data.ast._tag === "UnknownKeyword") {
        continue
      }
      const seen = new Map<string, Set<string>>()
      for (const value of Generate.sample(endpoint.data, Generate.seedOf(endpoint.name), 8, { plausible: true })) {
        const encoded = Schema.encodeSync(endpoint.data)(value)
        // A list the domain answers with exactly one row (the cross account's flash repayment):
        // an empty sample is not an answer it gives (read over loopback below).
        if (WireTypes.overrides[endpoint.name]?.[""] === "one" && Array.isArray(encoded) && encoded.length === 0) {
          continue
        }
        const wire = JSON.parse(JSON.stringify(WireTypes.apply(endpoint.name, encoded)))
        walk(wire, "data", seen)
        // What is sent still decodes with the library's own schema.
        expect(() => Schema.decodeUnknownSync(endpoint.data)(wire), key).not.toThrow()
      }
      fields += Object.keys(samples[key]!).filter((path) => seen.has(path)).length
      found.push(...compare(key, seen))
    }
    expect(found).toEqual([])
    // Every sampled answer belongs to a declaration (interest-rate-record and max-open-available were the last).
    expect(Object.keys(samples).filter((key) => !byKey.has(sameAnswer[key] ?? key))).toEqual([])
    // The walk covered the samples, not a handful of them.
    expect(fields).toBeGreaterThan(1700)
  })

  it("the declarations the audit found wrong now send Bitget's types: customer-list's uid, V3 switch-deduct's true", () => {
    for (
      const [key, path, type] of [
        ["POST /api/v2/broker/customer-list", "data[].uid", "number"],
        ["POST /api/v3/account/switch-deduct", "data", "boolean"]
      ] as const
    ) {
      const endpoint = byKey.get(key)!
      const seen = new Map<string, Set<string>>()
      for (const value of Generate.sample(endpoint.data, 1, 5)) {
        walk(JSON.parse(JSON.stringify(Schema.encodeSync(endpoint.data)(value))), "data", seen)
      }
      expect([...seen.get(path) ?? []], key).toEqual([type])
    }
  })
})

const signed = (simulator: Simulator.Service, method: "GET" | "POST", path: string, query: string, body = "") =>
  Effect.promise(async () => {
    const key = {
      apiKey: Redacted.value(simulator.credentials.apiKey),
      secret: Redacted.value(simulator.credentials.secret),
      passphrase: Redacted.value(simulator.credentials.passphrase)
    }
    const timestamp = String(Date.now())
    const sign = HttpSigner.hmac(key.secret, { timestamp, method, path, query, body })
    const response = await fetch(`${simulator.url}${path}${query === "" ? "" : "?" + query}`, {
      method,
      ...(method === "POST" ? { body } : {}),
      headers: {
        "Content-Type": "application/json",
        "ACCESS-KEY": key.apiKey,
        "ACCESS-SIGN": sign,
        "ACCESS-TIMESTAMP": timestamp,
        "ACCESS-PASSPHRASE": key.passphrase
      }
    })
    return await response.json() as { code: string; data: unknown }
  })

// A day of history, so the account's lists have rows to type.
layer(Simulator.layer({ rateLimits: false, history: 1 }), { excludeTestServices: true })(
  "JSON types on the wire",
  (it) => {
    it.effect("domain answers over loopback carry Bitget's numbers and booleans", () =>
      Effect.gen(function*() {
        const simulator = yield* Simulator.Simulator
        const created = yield* signed(
          simulator,
          "POST",
          "/api/v2/user/create-virtual-subaccount",
          "",
          JSON.stringify({ subAccountList: ["wiretype"] })
        )
        expect(created.code).toBe("00000")
        const found: Array<string> = []
        for (
          const [path, query] of [
            ["/api/v2/margin/currencies", ""],
            ["/api/v2/margin/crossed/interest-rate-and-limit", "coin=USDT"],
            ["/api/v2/margin/interest-rate-record", "coin=USDT"],
            ["/api/v2/mix/market/merge-depth", "symbol=BTCUSDT&productType=USDT-FUTURES"],
            ["/api/v3/market/orderbook", "category=SPOT&symbol=BTCUSDT"],
            ["/api/v2/spot/account/info", ""],
            ["/api/v2/spot/market/vip-fee-rate", ""],
            ["/api/v2/spot/trade/fills", "symbol=BTCUSDT"],
            ["/api/v2/mix/account/accounts", "productType=USDT-FUTURES"],
            ["/api/v2/user/virtual-subaccount-list", "limit=1"]
          ] as const
        ) {
          const answer = yield* signed(simulator, "GET", path, query)
          expect(answer.code, path).toBe("00000")
          const seen = new Map<string, Set<string>>()
          walk(answer.data, "data", seen)
          found.push(...compare(`GET ${path}`, seen))
          expect(seen.size, path).toBeGreaterThan(1)
        }
        const repay = yield* signed(
          simulator,
          "POST",
          "/api/v2/margin/crossed/account/flash-repay",
          "",
          "{\"coin\":\"USDT\"}"
        )
        expect(repay.code).toBe("00000")
        const seen = new Map<string, Set<string>>()
        walk(repay.data, "data", seen)
        found.push(...compare("POST /api/v2/margin/crossed/account/flash-repay", seen))
        expect(typeOf(repay.data)).toBe("object")
        expect(found).toEqual([])
      }))
  }
)
