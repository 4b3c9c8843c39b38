/**
 * The P2P declarations as data: route, signing, rate limit, page size, window and cursor of each,
 * as the specification (orders) and Bitget's P2P pages give them.
 */
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { endpoints, Merchant } from "@effect-bitget/p2p"
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

describe("P2P declarations", () => {
  it("four merchant queries, 10/s per UID; orders and adverts in 90-day windows by their min…Id", () => {
    const days90 = 90 * 86_400_000
    const common = { signed: true, rate: "10/1000ms uid" }
    const field = (name: string, id: string) => ({ _tag: "Field", param: "idLessThan", field: name, id })
    expect(endpoints.map(shape)).toEqual([
      {
        name: "p2p.merchant.merchantList",
        route: "GET /api/v2/p2p/merchantList",
        ...common,
        page: 100,
        window: undefined,
        cursor: field("minMerchantId", "merchantId")
      },
      {
        name: "p2p.merchant.merchantInfo",
        route: "GET /api/v2/p2p/merchantInfo",
        ...common,
        page: undefined,
        window: undefined,
        cursor: undefined
      },
      {
        name: "p2p.merchant.advList",
        route: "GET /api/v2/p2p/advList",
        ...common,
        page: 20,
        window: days90,
        cursor: field("minAdvId", "advId")
      },
      {
        name: "p2p.merchant.orderList",
        route: "GET /api/v2/p2p/orderList",
        ...common,
        page: 100,
        window: days90,
        cursor: field("minOrderId", "orderId")
      }
    ])
    expect(Merchant.orderList.endpoint.pagination?.list).toBe("orderList")
    expect(Merchant.orderList.endpoint.pagination?.window?.field).toBe("cTime")
  })
})
