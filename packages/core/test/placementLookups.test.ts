/**
 * The look-ups that settle a lost placement, walked over every declaration with a `placement`
 * (issue 25 §3: removing a look-up's `OrderNotFound` from its declaration was caught by no test).
 *
 * Where "not placed" is decided: the client runs a placement's look-ups through
 * `BitgetClient.execute`, which classifies an answer by its code alone (`internal/errorCodes`), and
 * `internal/placement`'s `findIn` takes only `OrderNotFound` (or a data showing no row) as "not
 * placed"; any other failure is an unknown fate. The look-up's declared `errors` are not read on
 * that path; they decide what a caller of the look-up itself (`spot.trade.orderInfo`, …) gets: a
 * family it does not declare reaches that caller as `ExchangeError` (Operation's narrowing). So
 * each look-up is pinned twice here, on the code Bitget answers for a missing order (written here
 * with its source, not read from the declarations): through the operation users run (the declared
 * family) and through the client's own path, the one the placement takes (the family that means
 * "send it again").
 */
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import type * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Envelope from "@effect-bitget/core/Envelope"
import * as Lazy from "@effect-bitget/core/Lazy"
import type * as Placement from "@effect-bitget/core/Placement"
import { Registry, Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as Context from "effect/Context"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

/** How a look-up shows that it holds no order with the clientOid asked for. */
type Missing =
  | {
    /** Refused with one of these codes (the first: the simulator's); each must be `OrderNotFound`. */
    readonly codes: readonly [string, ...Array<string>]
    readonly source: string
  }
  | {
    /** Answered with a list that has no row of that clientOid. */
    readonly list: true
    readonly source: string
  }

const tsv = "../shared/reference/error-codes.tsv"

/** Each look-up of a placement, by name → how Bitget answers it for a clientOid it does not hold. */
const documented: Readonly<Record<string, Missing>> = {
  "spot.trade.orderInfo": {
    codes: ["43001"],
    source:
      `${tsv} (43001, HTTP 400, "Order does not exist"); bitget-docs-facts.md (43001 seen at HTTP 400 in bitget-api's live tests)`
  },
  "futures.orderQuery.detail": {
    codes: ["40768", "40109"],
    source: `${tsv} (40768 "Order does not exist", 40109 "Order data not found; check order id"); ` +
      "40109 answered to a futures order look-up by clientOid (ccxt/ccxt#18683, 2023)"
  },
  "unified.trade.orderInfo": {
    codes: ["25204"],
    source: `${tsv} (25204 "Order does not exist", UTA)`
  },
  "spot.planOrder.currentPlanOrder": {
    list: true,
    source:
      "reference/pagination-audit.md row 8 (spot/plan/Get-Current-Plan-Order: `{nextFlag, idLessThan, orderList}`)"
  },
  "spot.planOrder.historyPlanOrder": {
    list: true,
    source: "reference/pagination-audit.md row 9 (spot/plan/Get-History-Plan-Order: `orderList`)"
  },
  "futures.planOrder.ordersPlanPending": {
    list: true,
    source:
      "https://www.bitget.com/api-doc/contract/plan/get-orders-plan-pending (pagination-audit.md row 25: `entrustedList`)"
  },
  "futures.planOrder.ordersPlanHistory": {
    list: true,
    source:
      "https://www.bitget.com/api-doc/contract/plan/orders-plan-history (pagination-audit.md row 26: `entrustedList`)"
  },
  "margin.trade.crossOpenOrders": {
    list: true,
    source: "docs/margin.md (margin's histories answer `orderList`); the open orders' page too (margin/src/Trade.ts)"
  },
  "margin.trade.crossHistoryOrders": {
    list: true,
    source: "https://www.bitget.com/api-doc/margin/cross/trade/Get-Cross-History-Orders (`orderList`)"
  },
  "margin.trade.isolatedOpenOrders": {
    list: true,
    source: "docs/margin.md (margin's histories answer `orderList`); the open orders' page too (margin/src/Trade.ts)"
  },
  "margin.trade.isolatedHistoryOrders": {
    list: true,
    source: "docs/margin.md (margin's histories answer `orderList`); the open orders' page too (margin/src/Trade.ts)"
  },
  "unified.strategy.unfilledStrategyOrders": {
    list: true,
    source: "reference/v3-unified-api.md (place-strategy-order: the open list is a bare array)"
  },
  "unified.strategy.historyStrategyOrders": {
    list: true,
    source: "reference/v3-unified-api.md (history-strategy-orders: `{list, cursor}`)"
  }
}

/** Every declaration with a placement, and each of its look-ups. */
const placements = Registry.endpoints.flatMap((declared) => {
  const endpoint = Lazy.unwrap(declared) as Endpoint.Endpoint.Any
  const placement = endpoint.placement
  return placement === undefined ? [] : placement.lookups().map((lookup) => ({
    endpoint,
    placement,
    lookup: Lazy.unwrap(lookup) as Endpoint.Endpoint.Any
  }))
})

/** The exported operation users run for `endpoint` (found in the registered packages). */
const operationOf = (endpoint: Endpoint.Endpoint.Any) => {
  for (const pkg of Object.values(Registry.packages)) {
    for (const namespace of Object.values(pkg)) {
      if (typeof namespace !== "object" || namespace === null) continue
      for (const value of Object.values(namespace)) {
        if (typeof value === "function" && "endpoint" in value && Lazy.unwrap(value.endpoint) === endpoint) {
          return value as unknown as (request: unknown) => Effect.Effect<unknown, { readonly _tag: string }, any>
        }
      }
    }
  }
  throw new Error(`${endpoint.name}: no exported operation`)
}

/** An order with every field a look-up's request is built from (symbol, productType, planType, category). */
const order = { symbol: "BTCUSDT", productType: "USDT-FUTURES", planType: "normal_plan", category: "USDT-FUTURES" }
const missingOid = "neverplaced0000000000000000000001"

describe("the look-ups of every placement", () => {
  it("each has how Bitget answers a missing order written here, and no entry is stale", () => {
    expect(placements.length).toBeGreaterThanOrEqual(13)
    expect([...new Set(placements.map((p) => p.lookup.name))].sort()).toEqual(Object.keys(documented).sort())
  })

  it("a look-up refusing a missing order declares OrderNotFound, and each code it answers is that family", () => {
    for (const { endpoint, lookup } of placements) {
      const missing = documented[lookup.name]!
      if (!("codes" in missing)) continue
      expect([endpoint.name, lookup.name, lookup.errors.includes("OrderNotFound")]).toEqual([
        endpoint.name,
        lookup.name,
        true
      ])
      for (const code of missing.codes) {
        // At HTTP 400 (what Bitget answers business errors with) and 200: the code decides, not the status.
        expect([lookup.name, code, Envelope.family(code, 400), Envelope.family(code, 200)]).toEqual([
          lookup.name,
          code,
          "OrderNotFound",
          "OrderNotFound"
        ])
      }
    }
  })

  it.scopedLive("asked for a clientOid never placed: OrderNotFound (or no row) for its caller and for the placement", () =>
    Effect.gen(function*() {
      const classic = Context.get(yield* Layer.build(Simulator.layerClient()), BitgetClient.BitgetClient)
      const unified = Context.get(
        yield* Layer.build(Simulator.layerClient({ unified: true })),
        BitgetClient.BitgetClient
      )
      const now = Date.now()
      const seen: Array<string> = []
      for (const { endpoint, lookup, placement } of placements) {
        const client = lookup.name.startsWith("unified.") ? unified : classic
        const request = (placement as Placement.Placement).lookupRequest(order, missingOid, now)
        const missing = documented[lookup.name]!
        // The operation users run, and the client's own call (the placement's path).
        const asCaller = yield* Effect.either(
          Effect.provideService(operationOf(lookup)(request), BitgetClient.BitgetClient, client)
        )
        const asPlacement = yield* Effect.either(client.execute(lookup, request))
        for (const [path, result] of [["operation", asCaller], ["placement", asPlacement]] as const) {
          const key = `${endpoint.name} → ${lookup.name} (${path})`
          if ("codes" in missing) {
            const error = result._tag === "Left" ? result.left as { _tag: string; code?: string } : undefined
            seen.push(`${key}: ${error?._tag} ${error?.code}`)
            expect([key, error?._tag, missing.codes.includes(error?.code ?? "")]).toEqual([key, "OrderNotFound", true])
          } else {
            const shows = result._tag === "Right" ? placement.orderId(result.right, missingOid) : "refused"
            seen.push(`${key}: ${shows}`)
            expect([key, result._tag, shows]).toEqual([key, "Right", undefined])
          }
        }
      }
      expect(seen).toHaveLength(placements.length * 2)
    }).pipe(Effect.provide(Layer.fresh(Simulator.layer()))))
})
