/**
 * The spot endpoints beyond the specification's list that move state, as flows over loopback
 * against the simulator: cancel-and-replace (atomic: a refused new order leaves the original, but
 * for a duplicate `newClientOid`, as Bitget warns) and its batch.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const fmt = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : Decimal.format(BigDecimal.normalize(value))
const { CancelReplace, Trade } = Spot
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())
const usdt = Effect.map(
  Spot.Account.assets({ coin: "USDT" }),
  (rows) => [fmt(rows[0]!.available), fmt(rows[0]!.frozen)]
)

const bid = (price: string, size: string, clientOid: string) =>
  Trade.placeOrder({ symbol: "BTCUSDT", side: "buy", orderType: "limit", force: "gtc", price, size, clientOid })

layer(Env, { excludeTestServices: true })("spot cancel-replace", (it) => {
  it.effect("replaces an open order: the original cancelled, the new one open at the new price and size", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<SpotControl>("spot")
      control.setPrice("BTCUSDT", "60000")
      const before = yield* usdt
      yield* bid("50000", "0.01", "cr-1")
      const replaced = yield* CancelReplace.cancelReplaceOrder({
        symbol: "BTCUSDT",
        clientOid: "cr-1",
        price: "51000",
        size: "0.02",
        newClientOid: "cr-2"
      })
      expect([replaced.success, replaced.clientOid]).toEqual(["success", "cr-2"])
      const [old] = yield* Trade.orderInfo({ clientOid: "cr-1" })
      expect(old!.status).toBe("cancelled")
      const [now] = yield* Trade.orderInfo({ orderId: replaced.orderId! })
      expect([now!.status, fmt(now!.price), fmt(now!.size)]).toEqual(["live", "51000", "0.02"])
      // Only the new order's 1020 USDT is frozen.
      const [available, frozen] = before
      expect(yield* usdt).toEqual([
        fmt(BigDecimal.subtract(Decimal.unsafeMake(available!), Decimal.unsafeMake("1020"))),
        fmt(BigDecimal.sum(Decimal.unsafeMake(frozen!), Decimal.unsafeMake("1020")))
      ])
      yield* Trade.cancelOrder({ symbol: "BTCUSDT", clientOid: "cr-2" })
      expect(yield* usdt).toEqual(before)
    }))

  it.effect("a refused new order leaves the original open, its funds still frozen", () =>
    Effect.gen(function*() {
      yield* bid("50000", "0.01", "cr-3")
      const frozen = yield* usdt
      // 1000 BTC at 50000 is far beyond the balance: 43012, the original stays.
      const failed = yield* CancelReplace.cancelReplaceOrder({
        symbol: "BTCUSDT",
        clientOid: "cr-3",
        price: "50000",
        size: "1000",
        newClientOid: "cr-4"
      })
      expect([failed.success, failed.clientOid]).toEqual(["failure", "cr-3"])
      expect(failed.msg).toContain("Insufficient balance")
      const [kept] = yield* Trade.orderInfo({ clientOid: "cr-3" })
      expect([kept!.status, fmt(kept!.price), fmt(kept!.size)]).toEqual(["live", "50000", "0.01"])
      expect(yield* usdt).toEqual(frozen)
      expect(yield* Effect.flip(Trade.orderInfo({ clientOid: "cr-4" }))).toMatchObject({ _tag: "OrderNotFound" })
    }))

  it.effect("a duplicate newClientOid: the original is cancelled all the same, as Bitget warns", () =>
    Effect.gen(function*() {
      yield* bid("50000", "0.01", "cr-5")
      const duplicate = yield* CancelReplace.cancelReplaceOrder({
        symbol: "BTCUSDT",
        clientOid: "cr-5",
        price: "50500",
        size: "0.01",
        newClientOid: "cr-3"
      })
      expect(duplicate.success).toBe("failure")
      const [gone] = yield* Trade.orderInfo({ clientOid: "cr-5" })
      expect(gone!.status).toBe("cancelled")
      // An order that is no longer open cannot be replaced.
      const notOpen = yield* Effect.flip(
        CancelReplace.cancelReplaceOrder({ symbol: "BTCUSDT", clientOid: "cr-5", price: "1", size: "1" })
      )
      expect(notOpen._tag).toBe("OrderNotFound")
    }))

  it.effect("a batch: each item on its own, one result per item in order", () =>
    Effect.gen(function*() {
      yield* bid("49000", "0.01", "cb-1")
      yield* bid("49500", "0.01", "cb-2")
      const results = yield* CancelReplace.batchCancelReplaceOrder({
        orderList: [
          { symbol: "BTCUSDT", clientOid: "cb-1", price: "49100", size: "0.01", newClientOid: "cb-1b" },
          { symbol: "BTCUSDT", clientOid: "cb-2", price: "49600", size: "5000", newClientOid: "cb-2b" },
          { symbol: "BTCUSDT", orderId: "1", price: "1", size: "1" }
        ]
      })
      expect(results.map((r) => [r.success, r.clientOid])).toEqual([
        ["success", "cb-1b"],
        ["failure", "cb-2"],
        ["failure", undefined]
      ])
      const open = yield* Trade.unfilledOrders({ symbol: "BTCUSDT" })
      expect(open.map((o) => o.clientOid).sort()).toEqual(["cb-1b", "cb-2", "cr-3"])
    }))

  it.effect("no order reference, an empty batch or 51 items are refused before anything is sent", () =>
    Effect.gen(function*() {
      const count = yield* sent
      yield* refusedLocally(
        CancelReplace.cancelReplaceOrder({ symbol: "BTCUSDT", price: "1", size: "1" }),
        "orderId or clientOid",
        count
      )
      yield* refusedLocally(CancelReplace.batchCancelReplaceOrder({ orderList: [] }), "orderList", count)
      const item = { symbol: "BTCUSDT", orderId: "1", price: "1", size: "1" }
      yield* refusedLocally(
        CancelReplace.batchCancelReplaceOrder({ orderList: Array.from({ length: 51 }, () => item) }),
        "orderList",
        count
      )
      // 50 is accepted: the exchange answers each.
      const fifty = yield* CancelReplace.batchCancelReplaceOrder({ orderList: Array.from({ length: 50 }, () => item) })
      expect(fifty.length).toBe(50)
    }))
})
