import * as Endpoint from "@effect-bitget/core/Endpoint"
import { Registry } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Catalog from "../src/catalog.js"

const entries = Catalog.entries()

describe("the endpoint catalog", () => {
  it("finds one exported operation per registered endpoint", () => {
    expect(entries.map((e) => e.endpoint.name).sort()).toEqual(Registry.endpoints.map((e) => e.name).sort())
  })

  it("reads each operation's one doc comment, which opens with its own `METHOD /path`", () => {
    const wrong = entries.filter((e) => !e.doc.startsWith(`\`${Endpoint.describe(e.endpoint)}\``))
    expect(wrong.map((e) => `${e.module}.${e.fn}: ${e.doc.slice(0, 60)}`)).toEqual([])
    const place = entries.find((e) => e.endpoint.name === "spot.trade.placeOrder")!
    expect(place).toMatchObject({ importPath: "@effect-bitget/spot", module: "Trade", fn: "placeOrder" })
    expect(Catalog.text(place)).toMatch(/^Places a limit or market order\. .*10\/s per UID/)
  })

  it("turns a doc comment into one paragraph", () => {
    expect(Catalog.docText("/**\n * `GET /a`: one\n *   two.\n *\n * three\n */")).toBe("`GET /a`: one two. three")
    expect(Catalog.docText("/** single */")).toBe("single")
  })

  it("prints `METHOD /path` first on every line of `pnpm endpoints`, filtered by every word given", () => {
    const run = (...words: Array<string>) => Catalog.listing(words)
    const all = run()
    expect(all.length).toBe(Registry.endpoints.length)
    for (const line of all) {
      expect(line).toMatch(
        /^(GET|POST) \/api\/v[23]\/\S+  \S+\.\S+  @effect-bitget\/\S+  (signed|public)(; [A-Za-z, ]+)?  \d+\/\S+ (UID|IP)  /
      )
    }
    const trade = run("/spot/trade/", "Cancel")
    expect(trade.length).toBeGreaterThan(0)
    expect(trade.length).toBeLessThan(all.length)
    for (const line of trade) expect(line.toLowerCase()).toMatch(/\/spot\/trade\/.*cancel/)
    expect(run("GET /api/v2/spot/market/tickers")[0]).toMatch(/  public  20\/1s IP  single call  /)
    expect(run("POST /api/v2/spot/trade/place-order")).toEqual([
      expect.stringMatching(
        /^POST \/api\/v2\/spot\/trade\/place-order  Trade\.placeOrder  @effect-bitget\/spot  signed; InsufficientBalance, DuplicateClientOid  10\/1s UID  single call  Places/
      )
    ])
  })
})
