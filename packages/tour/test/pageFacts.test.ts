/**
 * What a list says about itself (issue 23, point 5): the exchange's default page size and how far
 * back it keeps rows, declared beside their source on `pagination`, reach the reference
 * (`docs/endpoints.md`), `llms.txt`, `pnpm endpoints` and the hover (streamDocs.test.ts) from the
 * declaration, and the committed files say what the declarations say.
 */
import { describe, expect, it } from "@effect/vitest"
import * as Duration from "effect/Duration"
import * as Fs from "node:fs"
import * as Catalog from "../src/catalog.js"
import * as Llms from "../src/llms.js"

const root = new URL("../../../", import.meta.url)
const lists = Catalog.entries().filter((e) => e.endpoint.pagination !== undefined)
const named = (name: string) => lists.find((e) => e.endpoint.name === name)!

describe("a list's default page size and history depth", () => {
  it("are declared within bounds, each history with its source", () => {
    const bad = lists.filter((e) => {
      const p = e.endpoint.pagination!
      const d = p.limit.default
      if (d !== undefined && (!Number.isInteger(d) || d < 1 || d > p.limit.max)) return true
      return p.history !== undefined && (p.history.source === "" || Duration.toMillis(p.history.depth) <= 0)
    })
    expect(bad.map((e) => e.endpoint.name)).toEqual([])
    // Most lists state a default (Bitget's pages print one), and the account histories a depth.
    expect(lists.filter((e) => e.endpoint.pagination!.limit.default !== undefined).length).toBeGreaterThan(60)
    expect(lists.filter((e) => e.endpoint.pagination!.history !== undefined).map((e) => e.endpoint.name)).toEqual(
      expect.arrayContaining(["spot.trade.fills", "spot.trade.historyOrders", "futures.orderQuery.ordersHistory"])
    )
  })

  it("reach the paging column of the reference, llms.txt and pnpm endpoints", () => {
    const fills = named("spot.trade.fills")
    expect(Catalog.paging(fills.endpoint)).toBe(
      "pages/items: `idLessThan` ← last row's `tradeId`; ≤ 100 a page (100 without `limit`); window 90d; history 90d"
    )
    const trades = named("spot.market.fillsHistory")
    expect(Catalog.paging(trades.endpoint)).toContain("≤ 1000 a page (500 without `limit`); window 7d; history 30d")
    expect(Catalog.paging(named("spot.account.subaccountAssets").endpoint)).not.toMatch(/without|history/)
    const reference = Fs.readFileSync(new URL("docs/endpoints.md", root), "utf8")
    expect(reference).toContain(
      "| `fills` | `GET /api/v2/spot/trade/fills` | signed | 10/1s UID | yes: `idLessThan` ← last row's `tradeId`; " +
        "≤ 100 a page (100 without `limit`); window 90d; history 90d |"
    )
    const llms = Fs.readFileSync(new URL("llms.txt", root), "utf8")
    expect(llms).toBe(Llms.render())
    expect(llms).toContain("≤ 100 a page (100 without limit); window 90d; history 90d.")
    expect(Catalog.listing(["/api/v2/spot/trade/fills"])[0]).toContain("(100 without limit); window 90d; history 90d")
  })
})
