/**
 * The convert declarations as data: route (the quote is a GET on the live exchange, see the
 * errata), signing, rate limit (trade 5/s since 2024-12-24), and the history's page, window and cursor.
 */
import { Convert, endpoints } from "@effect-bitget/convert"
import * as Endpoint from "@effect-bitget/core/Endpoint"
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

describe("convert declarations", () => {
  it("currencies, quote (GET), trade (POST, 5/s), history (100 a page, 90 days, endId); BGB convert's three", () => {
    const none = { page: undefined, window: undefined, cursor: undefined }
    expect(endpoints.map(shape)).toEqual([
      {
        name: "convert.convert.currencies",
        route: "GET /api/v2/convert/currencies",
        signed: true,
        rate: "10/1000ms uid",
        ...none
      },
      {
        name: "convert.convert.quotedPrice",
        route: "GET /api/v2/convert/quoted-price",
        signed: true,
        rate: "10/1000ms uid",
        ...none
      },
      {
        name: "convert.convert.trade",
        route: "POST /api/v2/convert/trade",
        signed: true,
        rate: "5/1000ms uid",
        ...none
      },
      {
        name: "convert.convert.convertRecord",
        route: "GET /api/v2/convert/convert-record",
        signed: true,
        rate: "10/1000ms uid",
        page: 100,
        window: 90 * 86_400_000,
        cursor: { _tag: "Field", param: "idLessThan", field: "endId", id: "id" }
      },
      {
        name: "convert.bgbConvert.coinList",
        route: "GET /api/v2/convert/bgb-convert-coin-list",
        signed: true,
        rate: "10/1000ms uid",
        ...none
      },
      {
        name: "convert.bgbConvert.convert",
        route: "POST /api/v2/convert/bgb-convert",
        signed: true,
        rate: "10/1000ms uid",
        ...none
      },
      {
        name: "convert.bgbConvert.records",
        route: "GET /api/v2/convert/bgb-convert-records",
        signed: true,
        rate: "10/1000ms uid",
        page: 100,
        window: 90 * 86_400_000,
        cursor: { _tag: "LastRow", param: "idLessThan", field: "orderId" }
      }
    ])
    expect(Duration.toMillis(Convert.quoteValidity)).toBe(8000)
  })
})
