/**
 * The P2P request schemas against Bitget's request tables (issue 13): the merchant list's
 * `merchantId` filter reaches the exchange and is honoured; order and advert enums are taken in
 * any letter case and sent in the documented spelling (observed on the wire through a
 * pass-through server in front of the simulator); page sizes and the 90-day window at their
 * edges.
 */
import { Merchant } from "@effect-bitget/p2p"
import { Simulator } from "@effect-bitget/simulator"
import type { P2PControl } from "@effect-bitget/simulator/p2p/P2PDomain"
import { describe, expect, it } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { refusedLocally } from "../../core/test/refused.js"

const day = 86_400_000
const at = DateTime.unsafeMake

/** The simulator behind a pass-through server that records every request as it arrived. */
const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const control = yield* Simulator.control<P2PControl>("p2p")
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, any>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials)) as Effect.Effect<A, E>
  /** The query of the last request to `path`, as it arrived. */
  const lastQuery = (path: string) =>
    Object.fromEntries([...hostile.received].reverse().find((r) => r.path === path)!.query)
  return { simulator, control, hostile, via, lastQuery }
})

const scoped = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  // Live clock: the simulator's "now" (the default endTime) is the wall clock the seeds use.
  it.scopedLive(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

const refused = <A, E extends { readonly _tag: string }>(
  hostile: Hostile.Hostile,
  call: Effect.Effect<A, E>,
  reason: string
) => refusedLocally(call, reason, () => hostile.received.length)

describe("P2P request schemas", () => {
  scoped("merchantList: merchantId is sent and picks that merchant only", () =>
    Effect.gen(function*() {
      const { control, lastQuery, via } = yield* setup
      const [first, second] = control.world.merchants
      const one = yield* via(Merchant.merchantList({ merchantId: second!.merchantId }))
      expect(lastQuery("/api/v2/p2p/merchantList")).toEqual({ merchantId: second!.merchantId })
      expect(one.merchantList.map((m) => m.merchantId)).toEqual([second!.merchantId])
      expect(one.merchantList[0]!.nickName).toBe(second!.nickName)
      const other = yield* via(Merchant.merchantList({ merchantId: first!.merchantId, online: first!.online }))
      expect(other.merchantList.map((m) => m.merchantId)).toEqual([first!.merchantId])
      // With the other online flag, the same merchant is not listed.
      const none = yield* via(Merchant.merchantList({ merchantId: first!.merchantId, online: !first!.online }))
      expect(none.merchantList).toEqual([])
    }))

  scoped(
    "orderList: status in any case (paid, PAID, Paid) is sent as Paid; side BUY as buy",
    () =>
      Effect.gen(function*() {
        const { control, lastQuery, via } = yield* setup
        const now = Date.now()
        const advert = control.addAdvert({ cTime: now - 20 * day, fiat: "SEK" })
        control.addOrder({ advNo: advert.advNo, cTime: now - 10 * day, status: "Paid" })
        control.addOrder({ advNo: advert.advNo, cTime: now - 9 * day, status: "Completed" })
        const base = { startTime: at(now - 30 * day), advNo: advert.advNo, language: "en-US" } as const
        for (const status of ["paid", "PAID", "Paid"]) {
          const page = yield* via(Merchant.orderList({ ...base, status: status as "Paid" }))
          expect(lastQuery("/api/v2/p2p/orderList").status).toBe("Paid")
          expect(page.orderList.map((o) => o.status)).toEqual(["Paid"])
        }
        yield* via(Merchant.orderList({ ...base, status: "COMPLETED" as "Completed", side: "BUY" as "buy" }))
        const sent = lastQuery("/api/v2/p2p/orderList")
        expect([sent.status, sent.side]).toEqual(["Completed", "buy"])
      })
  )

  scoped("advList: status ONLINE and side SELL are sent as online and sell", () =>
    Effect.gen(function*() {
      const { control, lastQuery, via } = yield* setup
      const now = Date.now()
      const made = control.addAdvert({ cTime: now - day, coin: "USDT", fiat: "NOK", side: "sell", status: "online" })
      const page = yield* via(
        Merchant.advList({
          startTime: at(now - 2 * day),
          status: "ONLINE" as "online",
          side: "Sell" as "sell",
          coin: "USDT",
          fiat: "NOK"
        })
      )
      const sent = lastQuery("/api/v2/p2p/advList")
      expect([sent.status, sent.side]).toEqual(["online", "sell"])
      expect(page.advList.map((a) => a.advId)).toEqual([made.advId])
    }))

  scoped(
    "page sizes and the 90-day window at their edges; other values refused with nothing sent",
    () =>
      Effect.gen(function*() {
        const { hostile, via } = yield* setup
        const start = Date.now() - 100 * day
        const order = { startTime: at(start), advNo: "1", language: "en-US" } as const
        const advert = { startTime: at(start), status: "online", side: "buy", coin: "USDT", fiat: "USD" } as const
        yield* refused(hostile, via(Merchant.orderList({ ...order, status: "paying" as "Paid" })), "status")
        yield* refused(hostile, via(Merchant.orderList({ ...order, language: "en_US" as "en-US" })), "language")
        yield* refused(hostile, via(Merchant.advList({ ...advert, side: "both" as "buy" })), "side")
        yield* refused(hostile, via(Merchant.merchantList({ limit: 101 })), "limit must be an integer from 1 to 100")
        yield* refused(
          hostile,
          via(Merchant.orderList({ ...order, endTime: at(start + 90 * day + 1) })),
          "more than the endpoint's"
        )
        yield* refused(
          hostile,
          via(Merchant.advList({ ...advert, endTime: at(start + 90 * day + 1) })),
          "more than the endpoint's"
        )
        const before = hostile.received.length
        yield* via(Merchant.merchantList({ limit: 100 }))
        yield* via(Merchant.orderList({ ...order, endTime: at(start + 90 * day), limit: 100 }))
        yield* via(Merchant.advList({ ...advert, endTime: at(start + 90 * day), limit: 20 }))
        expect(hostile.received.length).toBe(before + 3)
      })
  )
})
