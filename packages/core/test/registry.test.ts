import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Placement from "@effect-bitget/core/Placement"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Registry } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Schema from "effect/Schema"
import * as AST from "effect/SchemaAST"
import * as Fs from "node:fs"

const spec = Fs.readFileSync(new URL("../../../../shared/spec/endpoints.txt", import.meta.url), "utf8")

describe("the declarations", () => {
  const all = Registry.endpoints

  it("name each endpoint once and route each METHOD /path once", () => {
    const names = all.map((e) => e.name)
    expect(new Set(names).size).toBe(names.length)
    const routes = all.map(Endpoint.describe)
    expect(new Set(routes).size).toBe(routes.length)
  })

  it("are named by their import path: `<line>.<module>.<function>` of a registered package", () => {
    const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1)
    const operations = new Map<Endpoint.Endpoint.Any, Array<string>>()
    for (const [line, pkg] of Object.entries(Registry.packages)) {
      for (const [module, namespace] of Object.entries(pkg)) {
        if (typeof namespace !== "object" || namespace === null) continue
        for (const [fn, value] of Object.entries(namespace)) {
          if (typeof value !== "function" || !("endpoint" in value)) continue
          const endpoint = value.endpoint as Endpoint.Endpoint.Any
          operations.set(endpoint, [...(operations.get(endpoint) ?? []), `${line}.${lowerFirst(module)}.${fn}`])
        }
      }
    }
    const misnamed = [...operations].filter(([e, paths]) => paths.length !== 1 || paths[0] !== e.name)
    expect(misnamed.map(([e, paths]) => `${e.name} ≠ ${paths.join(", ")}`)).toEqual([])
    expect(all.filter((e) => !operations.has(e)).map((e) => `${e.name}: no exported operation`)).toEqual([])
    expect(operations.size).toBe(all.length)
  })

  it("answer rows as Structs: no data schema holds a Schema.Class (one convention in every line)", () => {
    const classes = (ast: AST.AST, seen: Set<AST.AST>): Array<string> => {
      if (seen.has(ast)) return []
      seen.add(ast)
      switch (ast._tag) {
        case "Transformation":
          return ast.transformation._tag === "FinalTransformation" && ast.to._tag === "Declaration" &&
              ast.to.typeParameters.length > 0
            ? [String(AST.getIdentifierAnnotation(ast.to).pipe((o) => (o._tag === "Some" ? o.value : "a Class")))]
            : [...classes(ast.from, seen), ...classes(ast.to, seen)]
        case "Refinement":
          return classes(ast.from, seen)
        case "TypeLiteral":
          return ast.propertySignatures.flatMap((p) => classes(p.type, seen))
        case "TupleType":
          return [...ast.elements.map((e) => e.type), ...ast.rest.map((r) => r.type)].flatMap((t) => classes(t, seen))
        case "Union":
          return ast.types.flatMap((t) => classes(t, seen))
        case "Suspend":
          return classes(ast.f(), seen)
        default:
          return []
      }
    }
    const found = all.flatMap((e) => classes(e.data.ast, new Set()).map((c) => `${e.name}: ${c}`))
    expect(found).toEqual([])
    const Row = Schema.Class<{ a: string }>("Row")({ a: Schema.String })
    expect(classes(Schema.Struct({ rows: Schema.Array(Row) }).ast, new Set())).toEqual(["Row"])
  })

  it("are V2 or V3 (unified) paths with a positive rate limit, and list endpoints have a page size", () => {
    for (const e of all) {
      expect(e.path, e.name).toMatch(/^\/api\/v[23]\/[A-Za-z0-9/_-]+$/)
      expect(e.rateLimit.limit, e.name).toBeGreaterThan(0)
      expect(Duration.toMillis(e.rateLimit.window), e.name).toBeGreaterThan(0)
      if (e.pagination !== undefined) expect(e.pagination.limit.max, e.name).toBeGreaterThan(0)
    }
  })

  it("give every list's page size its source: Bitget's page of that endpoint", () => {
    const lists = all.filter((e) => e.pagination !== undefined)
    expect(lists.length).toBeGreaterThanOrEqual(26)
    for (const e of lists) {
      const line = e.path.split("/")[3]
      // Bitget's sections: mix → contract, public → common, copy → copytrading; some pages sit a
      // level deeper (margin/cross/trade/…, common/p2p/…, common/tax/…).
      const sections: Record<string, string> = {
        mix: "contract",
        public: "common",
        copy: "copytrading",
        user: "vsubaccount"
      }
      // BGB convert (under /api/v2/convert/) has its own section: common/bgb-convert/….
      // V3 (unified) pages all sit under Bitget's `uta` section; an affiliate's reads sit under
      // /api/v2/broker/ but are documented in Bitget's affiliate pages.
      const section = e.path.startsWith("/api/v3/")
        ? "uta"
        : e.path.includes("/bgb-convert")
        ? "bgb-convert"
        : e.name.startsWith("broker.agent.")
        ? "affiliate"
        : sections[line!] ?? line
      const source = e.pagination!.limit.source
      // (The affiliate pages' folders are camel case: affiliate/customerInfo/….)
      expect(source, e.name).toMatch(/^https:\/\/www\.bitget\.com\/api-doc(\/[A-Za-z0-9-]+)+\/[A-Za-z0-9-]+$/)
      expect(source.includes(`/${section}/`), `${e.name}: ${source} is not in Bitget's ${section} pages`).toBe(true)
    }
  })

  it("declare every parameter their streams send (page size, cursor, window), since undeclared keys are refused", () => {
    const keys = (ast: AST.AST): ReadonlyArray<string> => {
      if (AST.isTypeLiteral(ast)) return ast.propertySignatures.map((p) => String(p.name))
      if (AST.isRefinement(ast)) return keys(ast.from)
      if (AST.isTransformation(ast)) return keys(ast.to)
      return []
    }
    for (const e of all) {
      const p = e.pagination
      if (p === undefined) continue
      const declared = keys(e.request.ast)
      const sent = [p.limit.param, p.cursor.param, ...(p.window ? [p.window.start, p.window.end] : [])]
      expect(sent.filter((key) => !declared.includes(key)), e.name).toEqual([])
    }
  })

  it("hold the specification's rate limits where it gives one", () => {
    const expected: Record<string, [number, "uid" | "ip"]> = {
      "GET /api/v2/mix/market/long-short": [1, "ip"],
      "GET /api/v2/mix/market/position-long-short": [1, "ip"],
      "GET /api/v2/mix/order/plan-sub-order": [10, "uid"],
      "POST /api/v2/spot/trade/cancel-plan-order": [20, "uid"],
      "GET /api/v2/spot/ins-loan/product-infos": [5, "uid"],
      "GET /api/v2/spot/wallet/subaccount-deposit-address": [10, "uid"],
      "GET /api/v2/p2p/orderList": [10, "uid"],
      "GET /api/v2/tax/future-record": [1, "uid"]
    }
    for (const [route, [limit, key]] of Object.entries(expected)) {
      const e = all.find((d) => Endpoint.describe(d) === route)
      expect(e, route).toBeDefined()
      expect([route, e!.rateLimit.limit, e!.rateLimit.key]).toEqual([route, limit, key])
    }
  })

  it("cover every public, spot and futures line of the specification", () => {
    const routes = new Set(all.map(Endpoint.describe))
    const live = (line: string) =>
      line === "GET /api/v2/public/trade-rate"
        ? "GET /api/v2/common/trade-rate"
        : line.replace("GET api/v2/", "GET /api/v2/")
    const wanted = spec.split("\n").map((l) => l.trim()).filter((l) => /\/(spot|mix|public)\//.test(l)).map(live)
    expect(wanted.length).toBe(86)
    expect(wanted.filter((line) => !routes.has(line))).toEqual([])
  })
})

describe("Endpoint.post", () => {
  // Declarations are module-level, so a per-test mutation run never sees them built: this builds two in the test.
  const options = {
    name: "test.trade.place",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({ clientOid: Schema.optional(Schema.String) }),
    data: Schema.Struct({ clientOid: Schema.String })
  } as const

  it("keeps the placement it is given, and has no placement key when given none", () => {
    const lookup = Endpoint.get("/api/v2/test/order", { ...options, name: "test.trade.info", signed: true })
    const placement = Placement.one({ lookup: () => lookup })
    const placed = Endpoint.post("/api/v2/test/place", { ...options, placement })
    const plain = Endpoint.post("/api/v2/test/place", options)
    expect(placed.placement).toBe(placement)
    expect("placement" in plain).toBe(false)
    expect(Object.keys(plain)).not.toContain("placement")
    expect(plain.errors).toEqual(placed.errors)
  })

  it("declares the common families, the signed ones when signed, then its own (its operation's error type)", () => {
    const signed = Endpoint.post("/api/v2/test/place", { ...options, errors: ["InsufficientBalance"] })
    const open = Endpoint.get("/api/v2/test/open", { ...options, signed: false })
    expect(signed.errors).toEqual([
      "RateLimitError",
      "ServiceUnavailable",
      "InvalidParameter",
      "ExchangeError",
      "AuthenticationError",
      "TimestampError",
      "PermissionError",
      "DemoMismatch",
      "AccountModeError",
      "InsufficientBalance"
    ])
    expect(open.errors).toEqual(["RateLimitError", "ServiceUnavailable", "InvalidParameter", "ExchangeError"])
  })
})
