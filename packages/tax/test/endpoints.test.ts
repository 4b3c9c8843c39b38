/**
 * The tax declarations as data: route, signing, rate limit, page size, window and cursor of each,
 * as the specification (futures) and Bitget's tax pages (the other three) give them.
 */
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { endpoints, Tax } from "@effect-bitget/tax"
import { describe, expect, it } from "@effect/vitest"
import * as Duration from "effect/Duration"

const shape = (e: Endpoint.Endpoint.Any) => ({
  name: e.name,
  route: Endpoint.describe(e),
  signed: e.signed,
  rate: `${e.rateLimit.limit}/${Duration.toMillis(e.rateLimit.window)}ms ${e.rateLimit.key}`,
  page: e.pagination?.limit.max,
  window: e.pagination?.window === undefined ? undefined : Duration.toMillis(e.pagination.window.max),
  cursor: e.pagination?.cursor
})

describe("tax declarations", () => {
  it("four record lists: 1/s per UID, 500 a page, 30-day windows, cursor = last row's id", () => {
    const day = 86_400_000
    const cursor = { _tag: "LastRow", param: "idLessThan", field: "id" }
    const common = { signed: true, rate: "1/1000ms uid", page: 500, window: 30 * day, cursor }
    expect(endpoints.map(shape)).toEqual([
      { name: "tax.tax.spotRecord", route: "GET /api/v2/tax/spot-record", ...common },
      { name: "tax.tax.futureRecord", route: "GET /api/v2/tax/future-record", ...common },
      { name: "tax.tax.marginRecord", route: "GET /api/v2/tax/margin-record", ...common },
      { name: "tax.tax.p2pRecord", route: "GET /api/v2/tax/p2p-record", ...common }
    ])
    expect([Tax.spotRecord, Tax.futureRecord, Tax.marginRecord, Tax.p2pRecord].map((op) => op.endpoint)).toEqual(
      endpoints
    )
  })
})
