/**
 * P2P over loopback against the simulator: the order history streamed across 90-day windows
 * by `minOrderId` with nothing repeated or missing (window edges ±1 ms), orders in every status,
 * the merchant list by `minMerchantId`, adverts by `minAdvId`, and every local rule refused
 * with nothing sent.
 */
import { Merchant } from "@effect-bitget/p2p"
import { Simulator } from "@effect-bitget/simulator"
import type { P2PControl } from "@effect-bitget/simulator/p2p/P2PDomain"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { refusedLocally } from "../../core/test/refused.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const p2p = Simulator.control<P2PControl>("p2p")
const day = 86_400_000
const at = DateTime.unsafeMake
const ORDERS = "GET /api/v2/p2p/orderList"

const collect = <A, E, R>(stream: Stream.Stream<A, E, R>) =>
  Effect.map(Stream.runCollect(stream), Chunk.toReadonlyArray)

layer(Env, { excludeTestServices: true })("P2P", (it) => {
  it.effect("orders stream across 90-day windows by minOrderId: each once, edges ±1 ms, nothing outside", () =>
    Effect.gen(function*() {
      const control = yield* p2p
      const end = Date.now() - day
      const start = end - 250 * day
      // A fiat no seeded advert uses, so the other tests' queries never meet it.
      const advert = control.addAdvert({ cTime: start - 10 * day, fiat: "GBP" })
      // Window edges of [start, end] walked newest first: [end − 90 d, end], [end − 180 d − 1,
      // end − 90 d − 1], [start, end − 180 d − 2].
      const edges = [start, end - 180 * day - 2, end - 180 * day - 1, end - 90 * day - 1, end - 90 * day, end]
      // 230 more in the newest window: three pages of 100 there.
      const busy = Array.from({ length: 230 }, (_, i) => end - 90 * day + 1 + i * 3_000_000)
      const times = [start - 1, ...edges, ...busy, end + 1].sort((a, b) => a - b)
      const inRange = new Set<string>()
      for (const [i, cTime] of times.entries()) {
        const order = control.addOrder({
          advNo: advert.advNo,
          cTime,
          status: ["Completed", "cancelled", "Paid"][i % 3] as any
        })
        if (cTime >= start && cTime <= end) inRange.add(order.orderId)
      }
      // Newest first: ids count up with time, so descending ids.
      const expected = control.world.orders.filter((o) => inRange.has(o.orderId)).map((o) => o.orderId).reverse()
      expect(expected).toHaveLength(236)

      const simulator = yield* Simulator.Simulator
      const request = { startTime: at(start), endTime: at(end), advNo: advert.advNo, language: "en-US" } as const
      const rows = yield* collect(Merchant.orderList.items(request))
      expect(rows.map((o) => o.orderId)).toEqual(expected)
      expect(rows.every((o) => o.advNo === advert.advNo)).toBe(true)
      // Window by window: the newest (232 rows) in pages of 100, then 2 rows in each older one.
      // A short page does not end a window's walk (the exchange may cap pages below the request):
      // closing requests that answer nothing are not emitted, and no window costs more than two.
      simulator.traffic.reset()
      const walked = yield* collect(Merchant.orderList.pages(request))
      expect(walked.map((p) => p.orderList.length)).toEqual([100, 100, 32, 2, 2])
      expect(simulator.traffic.count(ORDERS)).toBeGreaterThan(walked.length)
      expect(simulator.traffic.count(ORDERS)).toBeLessThanOrEqual(walked.length + 2 * 3)

      // The pages carry the cursor the rule names: the smallest order id of each page.
      const pages = yield* collect(
        Merchant.orderList.pages({
          startTime: at(end - 90 * day),
          endTime: at(end),
          advNo: advert.advNo,
          language: "zh-CN"
        })
      )
      expect(pages.map((p) => p.orderList.length)).toEqual([100, 100, 32])
      for (const page of pages) {
        expect(page.minOrderId).toBe(page.orderList[page.orderList.length - 1]!.orderId)
      }
    }))

  it.effect("an idLessThan cursor returns only smaller ids; a status filter only that status", () =>
    Effect.gen(function*() {
      const control = yield* p2p
      // The seeded advert with the most orders in the last 80 days.
      const since = Date.now() - 80 * day
      const recent = control.world.orders.filter((o) => o.cTime >= since && !o.advNo.startsWith("T"))
      const counts = new Map<string, number>()
      for (const o of recent) counts.set(o.advNo, (counts.get(o.advNo) ?? 0) + 1)
      const advNo = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0]
      const start = at(since)
      const first = yield* Merchant.orderList({ startTime: start, advNo, language: "en-US", limit: 3 })
      expect(first.orderList).toHaveLength(3)
      const next = yield* Merchant.orderList({
        startTime: start,
        advNo,
        language: "en-US",
        limit: 3,
        idLessThan: first.minOrderId!
      })
      for (const row of next.orderList) expect(BigInt(row.orderId) < BigInt(first.minOrderId!)).toBe(true)
      const completed = yield* Merchant.orderList({ startTime: start, advNo, language: "en-US", status: "Completed" })
      expect(completed.orderList.length).toBeGreaterThan(0)
      expect(completed.orderList.every((o) => o.status === "Completed" && o.releaseTime !== undefined)).toBe(true)
    }))

  it.effect("seeded orders come in every status, with the times each status implies", () =>
    Effect.gen(function*() {
      const control = yield* p2p
      const now = Date.now()
      // The adverts with orders in the last week (older orders are settled).
      const adverts = new Set(control.world.orders.filter((o) => o.cTime > now - 8 * day).map((o) => o.advNo))
      const seen = new Map<string, number>()
      for (const advert of control.world.adverts.filter((a) => adverts.has(a.advNo))) {
        const rows = yield* collect(
          Merchant.orderList.items({
            startTime: at(now - 10 * day),
            endTime: at(now),
            advNo: advert.advNo,
            language: "en-US"
          })
        )
        for (const row of rows) {
          seen.set(row.status, (seen.get(row.status) ?? 0) + 1)
          expect(row.coin).toBe(advert.coin)
          expect(row.price.value > 0n).toBe(true)
          if (row.status === "pending_pay") expect(row.paymentTime).toBeUndefined()
          if (row.status === "Paid") expect([row.paymentTime !== undefined, row.releaseTime]).toEqual([true, undefined])
          if (row.status === "Appeal") expect(row.representTime).toBeDefined()
          if (row.status === "cancelled") expect(row.withdrawTime).toBeDefined()
        }
      }
      expect([...seen.keys()].sort()).toEqual(["Appeal", "Completed", "Paid", "cancelled", "pending_pay"])
    }))

  it.effect("the merchant list walks by minMerchantId: every merchant once; online filters", () =>
    Effect.gen(function*() {
      const control = yield* p2p
      const all = yield* collect(Merchant.merchantList.items())
      expect(all).toHaveLength(control.world.merchants.length)
      expect(new Set(all.map((m) => m.nickName)).size).toBe(all.length)
      const online = yield* collect(Merchant.merchantList.items({ online: true }))
      expect(online).toHaveLength(control.world.merchants.filter((m) => m.online).length)
      expect(online.every((m) => m.isOnline)).toBe(true)
      const page = yield* Merchant.merchantList({ limit: 10 })
      expect(page.minMerchantId).toBe(
        control.world.merchants.map((m) => m.merchantId).sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : -1))[9]
      )
    }))

  it.effect("merchant information is the signed-in account's merchant", () =>
    Effect.gen(function*() {
      const control = yield* p2p
      const info = yield* Merchant.merchantInfo()
      expect(info.merchantId).toBe(control.world.self.merchantId)
      expect(info.nickName).toBe("sim-merchant")
      expect(info.kycStatus).toBe(true)
    }))

  it.effect("adverts by status, side, coin and fiat, 20 a page by minAdvId, across windows", () =>
    Effect.gen(function*() {
      const control = yield* p2p
      const own = control.world.adverts.filter((a) => a.merchantId === control.world.self.merchantId)
      const { coin, fiat, side, status } = own[own.length - 1]!
      const expected = own.filter((a) => a.coin === coin && a.fiat === fiat && a.side === side && a.status === status)
      const now = Date.now()
      const rows = yield* collect(
        Merchant.advList.items({ startTime: at(now - 300 * day), endTime: at(now), status, side, coin, fiat })
      )
      expect(rows.map((a) => a.advId)).toEqual(expected.map((a) => a.advId).reverse())
      const others = yield* collect(
        Merchant.advList.items({
          startTime: at(now - 300 * day),
          endTime: at(now),
          status,
          side,
          coin,
          fiat,
          sourceType: "competitior"
        })
      )
      expect(others.some((a) => expected.some((e) => e.advId === a.advId))).toBe(false)
    }))

  it.effect("orderBy price orders a page by price, highest first; the cursor stays the advert id", () =>
    Effect.gen(function*() {
      const control = yield* p2p
      const now = Date.now()
      const made = ["1.01", "1.03", "1.02"].map((price, i) =>
        control.addAdvert({
          cTime: now - (10 - i) * day,
          coin: "USDT",
          fiat: "CHF",
          side: "sell",
          status: "online",
          price: BigDecimal.unsafeFromString(price)
        })
      )
      const query = {
        startTime: at(now - 30 * day),
        status: "online",
        side: "sell",
        coin: "USDT",
        fiat: "CHF"
      } as const
      const newest = yield* Merchant.advList(query)
      expect(newest.advList.map((a) => a.advId)).toEqual([made[2]!.advId, made[1]!.advId, made[0]!.advId])
      const byPrice = yield* Merchant.advList({ ...query, orderBy: "price" })
      expect(byPrice.advList.map((a) => a.advId)).toEqual([made[1]!.advId, made[2]!.advId, made[0]!.advId])
      expect(byPrice.minAdvId).toBe(made[0]!.advId)
    }))

  it.effect("local rules: InvalidRequest, the field named first, nothing sent", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const refused = <A, E extends { readonly _tag: string }, R>(call: Effect.Effect<A, E, R>, reason: string) =>
        refusedLocally(call, reason, () => simulator.traffic.total())
      const start = Date.UTC(2026, 0, 1)
      const base = { startTime: at(start), advNo: "1", language: "en-US" } as const
      yield* refused(Merchant.orderList({ ...base, endTime: at(start + 90 * day + 1) }), "more than the endpoint's")
      yield* refused(Merchant.orderList({ ...base, endTime: at(start - 1) }), "endTime is before startTime")
      yield* refused(Merchant.orderList({ ...base, advNo: "" }), "advNo: must not be empty")
      yield* refused(Merchant.orderList({ ...base, limit: 101 }), "limit must be an integer from 1 to 100")
      yield* refused(Merchant.orderList({ ...base, limit: 0 }), "limit")
      yield* refused(Merchant.orderList({ ...base, language: "fr-FR" as any }), "language")
      yield* refused(Merchant.orderList({ ...base, status: "finished" as any }), "status")
      const { startTime: _, ...noStart } = base
      yield* refused(Merchant.orderList(noStart as any), "startTime")
      const { language: __, ...noLanguage } = base
      yield* refused(Merchant.orderList(noLanguage as any), "language")
      const advert = { startTime: at(start), status: "online", side: "buy", coin: "USDT", fiat: "USD" } as const
      yield* refused(Merchant.advList({ ...advert, limit: 21 }), "limit must be an integer from 1 to 20")
      yield* refused(Merchant.advList({ ...advert, endTime: at(start + 90 * day + 1) }), "more than the endpoint's")
      yield* refused(Merchant.advList({ ...advert, coin: "" }), "coin: must not be empty")
      yield* refused(Merchant.merchantList({ limit: 101 }), "limit")
      // Exactly 90 days, and the largest pages, are sent.
      const sent = simulator.traffic.total()
      yield* Merchant.orderList({ ...base, endTime: at(start + 90 * day), limit: 100 })
      yield* Merchant.advList({ ...advert, endTime: at(start + 90 * day), limit: 20 })
      expect(simulator.traffic.total()).toBe(sent + 2)
    }))

  it.effect("the exchange refuses a startTime more than 90 days back without endTime (00001)", () =>
    Effect.gen(function*() {
      const error = yield* Effect.flip(
        Merchant.orderList({ startTime: at(Date.now() - 91 * day), advNo: "1", language: "en-US" })
      )
      expect(error).toMatchObject({ code: "00001", status: 400 })
    }))
})
