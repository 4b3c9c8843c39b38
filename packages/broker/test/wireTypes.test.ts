/**
 * The agent's reads in the JSON types Bitget sends (the audit of issue 23 point 8): Bitget's own
 * answers, as JKorf/Bitget.Net recorded them from the pages (Bitget.Net.UnitTests/Endpoints/
 * Broker/*.txt), served over loopback and decoded by the client; then the simulator's answer,
 * which must carry the same types on the wire.
 */
import { Agent } from "@effect-bitget/broker"
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import { Simulator } from "@effect-bitget/simulator"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Hostile from "../../core/test/hostile/Hostile.js"

/** A loopback server answering every request with `data`; the client signing against it. */
const answering = (data: unknown) =>
  Effect.gen(function*() {
    const hostile = yield* Hostile.make()
    hostile.otherwise(() => ({
      _tag: "Respond",
      status: 200,
      body: `{"code":"00000","msg":"success","requestTime":1695785738672,"data":${
        typeof data === "string" ? data : JSON.stringify(data)
      }}`
    }))
    return <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
      Effect.provide(effect, Hostile.client(hostile.url, Hostile.anyCredentials))
  })

const dec = (text: string) => BigDecimal.unsafeFromString(text)

describe("broker agent answers in Bitget's JSON types", () => {
  it.scopedLive("customer-list: uid a JSON number (Bitget's page) or a string, read as the id's digits", () =>
    Effect.gen(function*() {
      // GetAgentCustomerList.txt: `uid` a number, `registerTime` a string.
      const via = yield* answering(
        `[{"uid":1235665663,"registerTime":"1679991960110"},{"uid":"18446744073709551615","registerTime":"1679991960110"}]`
      )
      const rows = yield* via(Agent.customerList({}))
      expect(rows.map((row) => [row.uid, row.registerTime.epochMillis])).toEqual([
        ["1235665663", 1679991960110],
        // Past 2^53 as a string: every digit kept.
        ["18446744073709551615", 1679991960110]
      ])
    }))

  it.scopedLive("customer-list: a JSON number past 2^53 (its digits lost to JSON.parse) is refused, not misread", () =>
    Effect.gen(function*() {
      const via = yield* answering(`[{"uid":18446744073709551615,"registerTime":"1679991960110"}]`)
      const failed = yield* Effect.flip(via(Agent.customerList({})))
      expect(failed._tag).toBe("MalformedResponse")
      expect(failed.message).toContain("2^53")
      // The last safe integer is still an id.
      const safe = yield* answering(`[{"uid":9007199254740991,"registerTime":"1679991960110"}]`)
      expect((yield* safe(Agent.customerList({})))[0]!.uid).toBe("9007199254740991")
    }))

  it.scopedLive("customer-commissions: every field of Bitget's row, the deductions and totals as exact decimals", () =>
    Effect.gen(function*() {
      // GetAgentDirectCommissions.txt, as recorded.
      const via = yield* answering({
        endId: "6624",
        commissionList: [{
          uid: "3125195374",
          date: "1694275200000",
          coin: "BTC",
          symbol: "BTCUSDT_SPBL",
          productType: "SPOT",
          dealAmount: "222",
          fee: "0.0000111",
          feeDeduction: "0.00000333",
          activityBonusDeduct: "0.00001",
          spotCouponDeduct: "0.00002",
          futuresCouponDeduct: "0.00003",
          spotFeeDiscountDeduct: "0.00004",
          negativeMakerFeeDeduct: "0.00005",
          feePaid: "0.00000777",
          rebateAmount: "0.00000388",
          userTotalRebateAmount: "0",
          dayTotalRebateAmount: "0.00000389",
          totalRebateAmount: "0.00000390"
        }]
      })
      const page = yield* via(Agent.customerCommissions({}))
      const row = page.commissionList[0]!
      const fields = [
        ["feeDeduction", "0.00000333"],
        ["activityBonusDeduct", "0.00001"],
        ["spotCouponDeduct", "0.00002"],
        ["futuresCouponDeduct", "0.00003"],
        ["spotFeeDiscountDeduct", "0.00004"],
        ["negativeMakerFeeDeduct", "0.00005"],
        ["userTotalRebateAmount", "0"],
        ["dayTotalRebateAmount", "0.00000389"],
        ["totalRebateAmount", "0.00000390"]
      ] as const
      for (const [field, text] of fields) {
        const value = row[field]
        expect([field, value !== undefined && BigDecimal.equals(value, dec(text))]).toEqual([field, true])
      }
      expect(page.endId).toBe("6624")
      // "" is absent, as everywhere.
      const empty = yield* answering({
        commissionList: [{ uid: "1", date: "1694275200000", rebateAmount: "0", spotCouponDeduct: "" }]
      })
      expect((yield* empty(Agent.customerCommissions({}))).commissionList[0]!.spotCouponDeduct).toBeUndefined()
    }))

  it.scopedLive("the simulator answers customer-list with uid a JSON number, and it decodes to the same id", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      const rows = yield* Effect.provide(
        Agent.customerList({}),
        Hostile.client(hostile.url, simulator.credentials)
      )
      const raw = JSON.parse(hostile.arrivals("POST /api/v2/broker/customer-list")[0]!.body) as {
        data: ReadonlyArray<{ uid: unknown }>
      }
      expect(raw.data.length).toBeGreaterThan(0)
      expect(raw.data.map((row) => typeof row.uid)).toEqual(raw.data.map(() => "number"))
      expect(rows.map((row) => row.uid)).toEqual(raw.data.map((row) => String(row.uid)))
    }).pipe(Effect.provide(Layer.fresh(Simulator.layer({ rateLimits: false })))))
})
