import * as Endpoint from "@effect-bitget/core/Endpoint"
import { Registry } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as SchemaAST from "effect/SchemaAST"
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

  it("are V2 paths with a positive rate limit, and list endpoints have a page size", () => {
    for (const e of all) {
      expect(e.path, e.name).toMatch(/^\/api\/v2\/[A-Za-z0-9/_-]+$/)
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
      const section = line === "mix" ? "contract" : line === "public" ? "common" : line
      expect(e.pagination!.limit.source, e.name).toMatch(
        new RegExp(`^https://www\\.bitget\\.com/api-doc/${section}/[a-z]+/[A-Za-z-]+$`)
      )
    }
  })

  it("declare every parameter their streams send (page size, cursor, window), since undeclared keys are refused", () => {
    const keys = (ast: SchemaAST.AST): ReadonlyArray<string> => {
      if (SchemaAST.isTypeLiteral(ast)) return ast.propertySignatures.map((p) => String(p.name))
      if (SchemaAST.isRefinement(ast)) return keys(ast.from)
      if (SchemaAST.isTransformation(ast)) return keys(ast.to)
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
      "GET /api/v2/spot/wallet/subaccount-deposit-address": [10, "uid"]
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
