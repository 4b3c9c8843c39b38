/**
 * V3 P2P over loopback against the simulator, two accounts: a merchant (a unified account opened
 * by the simulator's P2P knob, signing with its own key) and a buyer (the simulator's unified main
 * account). Ads and orders move the one ledger's P2P balances, seen by both sides.
 */
import { Simulator } from "@effect-bitget/simulator"
import type { P2PControl } from "@effect-bitget/simulator/unified/P2PRoutes"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { advance, drive } from "./drive.js"

const { P2PAds, P2PMerchant, P2POrders, Transfer } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const text = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : BigDecimal.format(BigDecimal.normalize(value))

/** A merchant with `usdt` in its P2P balance, and a way to run calls signed with its key. */
const merchant = (nickName: string, usdt = "1000") =>
  Effect.gen(function*() {
    const control = yield* Simulator.control<P2PControl>("unifiedP2P")
    const opened = control.openMerchant(nickName, usdt)
    const as = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.provide(effect, Simulator.layerClient({ key: opened.key }))
    return { uid: opened.uid, as, control }
  })

const balance = (token = "USDT") =>
  Effect.map(P2PMerchant.balance({ token }), (b) => ({
    available: text(b.availableBalance),
    frozen: text(b.frozenBalance),
    total: text(b.totalBalance)
  }))

layer(Env)("unified P2P", (it) => {
  it.effect("a sell ad created, updated, taken, paid and released: the token moves between the two P2P balances", () =>
    drive(Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const m = yield* merchant("merchantA")
      const buyer = sim.unified.uid
      expect(yield* m.as(balance())).toEqual({ available: "1000", frozen: "0", total: "1000" })
      const rate = yield* P2PAds.exchangeRate({ token: "USDT", fiat: "CNY" })
      expect(text(rate.rate)).toBe("7.2")
      const fee = yield* m.as(
        P2PAds.feeSimulate({ token: "USDT", fiat: "CNY", side: "sell", marketType: "public", amount: "500" })
      )
      expect([fee.feeToken, text(fee.feeAmount), text(fee.taxAmount)]).toEqual(["USDT", "0.5", "0"])
      const [method] = yield* m.as(P2PMerchant.payMethods())
      expect(method!.userPayMethodId).toBeDefined()
      const payMethodIds = [{ payMethodId: method!.payMethodId, userPayMethodId: method!.userPayMethodId! }]

      const { advId } = yield* m.as(P2PAds.createAd({
        token: "USDT",
        fiat: "CNY",
        side: "sell",
        priceType: "fixed",
        price: "7.2",
        minAmount: "100",
        maxAmount: "3600",
        quantity: "500",
        payMethodIds,
        payTimeLimit: 15,
        remark: "fast release"
      }))
      // The ad holds its quantity and the fee on it (what fee-simulate said).
      expect(yield* m.as(balance())).toEqual({ available: "499.5", frozen: "500.5", total: "1000" })
      yield* m.as(P2PAds.updateAd({ advId, quantity: "600", payTimeLimit: 15 }))
      expect(yield* m.as(balance())).toEqual({ available: "399.4", frozen: "600.6", total: "1000" })
      const info = yield* m.as(P2PAds.adInfo({ advId }))
      expect([text(info.amount), text(info.lastAmount), info.payDuration, info.remark]).toEqual([
        "600",
        "600",
        "15",
        "fast release"
      ])

      // The buyer sees it on the marketplace and takes 720 CNY of it (as Bitget's app does).
      const listed = yield* P2PAds.adList({ token: "USDT", fiat: "CNY", side: "sell" })
      const ad = listed.find((row) => row.advId === advId)!
      expect([ad.merchantId, ad.merchantName, text(ad.quantity), text(ad.price)]).toEqual([
        m.uid,
        "merchantA",
        "600",
        "7.2"
      ])
      const before = yield* balance()
      const orderId = yield* m.control.take(buyer, advId, "720")

      const mine = yield* P2POrders.pendingOrders()
      const theirs = yield* m.as(P2POrders.pendingOrders())
      expect(mine.items.map((o) => [o.orderId, o.side, o.status, text(o.quantity), o.counterparty])).toEqual([
        [orderId, "buy", "pending_payment", "100", "merchantA"]
      ])
      expect(theirs.items.map((o) => [o.orderId, o.side, text(o.fee)])).toEqual([[orderId, "sell", "0.1"]])
      const order = yield* P2POrders.orderInfo({ orderId })
      expect([order.advId, order.orderCancelCountdown, order.payMethodDetail?.payMethodId]).toEqual([advId, 900, "1"])
      expect([order.sellUserInfo?.nickName, text(order.amount), text(order.price)]).toEqual(["merchantA", "720", "7.2"])

      // Only the buyer pays, only the seller releases, each once and in that order.
      expect((yield* Effect.flip(m.as(P2POrders.release({ orderId }))))._tag).toBe("InvalidParameter")
      expect((yield* Effect.flip(m.as(P2POrders.pay({ orderId }))))._tag).toBe("InvalidParameter")
      yield* P2POrders.pay({ orderId })
      expect((yield* Effect.flip(P2POrders.pay({ orderId })))._tag).toBe("InvalidParameter")
      expect((yield* P2POrders.orderInfo({ orderId })).status).toBe("pending_release")
      expect((yield* Effect.flip(P2POrders.release({ orderId })))._tag).toBe("InvalidParameter")
      yield* m.as(P2POrders.release({ orderId }))
      expect((yield* Effect.flip(m.as(P2POrders.release({ orderId }))))._tag).toBe("InvalidParameter")

      // 100 USDT left the merchant's hold (with its 0.1 fee) and arrived in the buyer's balance.
      const after = yield* balance()
      expect(
        text(
          BigDecimal.subtract(
            BigDecimal.unsafeFromString(after.available!),
            BigDecimal.unsafeFromString(before.available!)
          )
        )
      )
        .toBe("100")
      expect(yield* m.as(balance())).toEqual({ available: "399.4", frozen: "500.5", total: "899.9" })
      expect((yield* P2POrders.pendingOrders()).items).toEqual([])
      const done = yield* P2POrders.allOrders({ status: "completed" })
      expect(done.items.map((o) => [o.orderId, o.side, text(o.fee)])).toEqual([[orderId, "buy", "0"]])
      const [row] = (yield* m.as(P2PAds.myAds({ advId }))).items
      expect([row!.status, text(row!.soldAmount), text(row!.lastAmount)]).toEqual(["publish", "100", "500"])
      expect((yield* P2PMerchant.userInfo()).completedOrderNum).toBe(1)
      expect((yield* m.as(P2PMerchant.userInfo())).accountLevel).toBe("advanced")

      // Off the shelf: the hold is given back and buyers no longer see it; back on, held again.
      yield* m.as(P2PAds.operateAd({ advId, operation: "delist" }))
      expect(yield* m.as(balance())).toEqual({ available: "899.9", frozen: "0", total: "899.9" })
      const off = yield* P2PAds.adList({ token: "USDT", fiat: "CNY", side: "sell" })
      expect(off.some((row) => row.advId === advId)).toBe(false)
      yield* m.as(P2PAds.operateAd({ advId, operation: "publish" }))
      expect(yield* m.as(balance())).toEqual({ available: "399.4", frozen: "500.5", total: "899.9" })
      yield* m.as(P2PAds.operateAd({ advId, operation: "remove" }))
      expect((yield* m.as(balance())).frozen).toBe("0")
      const removed = yield* Effect.flip(m.as(P2PAds.updateAd({ advId, price: "7.1", payTimeLimit: 15 })))
      expect(removed._tag).toBe("InvalidParameter")
      const again = yield* Effect.flip(m.as(P2PAds.operateAd({ advId, operation: "publish" })))
      expect(again._tag).toBe("InvalidParameter")

      // Another account's ad and order are unknown to a stranger: Bitget's codes.
      const stranger = yield* Effect.flip(P2PAds.adInfo({ advId }))
      expect([stranger._tag, (stranger as { code?: string }).code]).toEqual(["ExchangeError", "60004"])
      const other = yield* merchant("merchantB")
      const unknown = yield* Effect.flip(other.as(P2POrders.orderInfo({ orderId })))
      expect([unknown._tag, (unknown as { code?: string }).code]).toEqual(["OrderNotFound", "60003"])
    })))

  it.effect("an unpaid order is cancelled when its pay time runs out; a buy ad holds the taker's tokens", () =>
    drive(Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const m = yield* merchant("merchantC")
      const [method] = yield* m.as(P2PMerchant.payMethods())
      const { advId } = yield* m.as(P2PAds.createAd({
        token: "USDT",
        fiat: "USD",
        side: "sell",
        priceType: "floating",
        premium: "1.02",
        minAmount: "10",
        maxAmount: "1000",
        quantity: "100",
        payMethodIds: [{ payMethodId: method!.payMethodId, userPayMethodId: method!.userPayMethodId! }],
        payTimeLimit: 10
      }))
      // A floating price is the reference rate times the premium.
      expect(text((yield* m.as(P2PAds.adInfo({ advId }))).price)).toBe("1.02")
      const orderId = yield* m.control.take(sim.unified.uid, advId, "51")
      expect(text((yield* m.as(P2PAds.adInfo({ advId }))).lastAmount)).toBe("50")
      yield* advance("9 minutes")
      expect((yield* P2POrders.orderInfo({ orderId })).orderCancelCountdown).toBe(60)
      yield* advance("61 seconds")
      const cancelled = yield* P2POrders.orderInfo({ orderId })
      expect([cancelled.status, cancelled.orderCancelCountdown]).toEqual(["cancelled", 0])
      expect((yield* Effect.flip(P2POrders.pay({ orderId })))._tag).toBe("InvalidParameter")
      // The quantity is back on the ad, still held for it.
      expect(text((yield* m.as(P2PAds.adInfo({ advId }))).lastAmount)).toBe("100")
      expect((yield* m.as(balance())).frozen).toBe("100.1")

      // A buy ad holds nothing of the merchant's; the taker (the seller) has its tokens held.
      const buyAd = yield* m.as(P2PAds.createAd({
        token: "USDT",
        fiat: "USD",
        side: "buy",
        priceType: "fixed",
        price: "1",
        minAmount: "10",
        maxAmount: "1000",
        quantity: "200",
        payMethodIds: [{ payMethodId: "2" }],
        payTimeLimit: 30
      }))
      expect((yield* m.as(balance())).frozen).toBe("100.1")
      yield* Transfer.transfer({ fromType: "uta", toType: "p2p", coin: "USDT", amount: "80" })
      const start = yield* balance()
      const sold = yield* m.control.take(sim.unified.uid, buyAd.advId, "50")
      const held = yield* balance()
      expect(
        text(
          BigDecimal.subtract(
            BigDecimal.unsafeFromString(start.available!),
            BigDecimal.unsafeFromString(held.available!)
          )
        )
      )
        .toBe("50")
      expect(held.frozen).toBe("50")
      const merchantBefore = (yield* m.as(balance())).available!
      yield* m.as(P2POrders.pay({ orderId: sold }))
      yield* P2POrders.release({ orderId: sold })
      expect((yield* balance()).frozen).toBe("0")
      // The merchant receives 50 less its 0.05 fee.
      const merchantAfter = (yield* m.as(balance())).available!
      expect(
        text(
          BigDecimal.subtract(BigDecimal.unsafeFromString(merchantAfter), BigDecimal.unsafeFromString(merchantBefore))
        )
      )
        .toBe("49.95")
      const mine = yield* P2POrders.allOrders({ side: "sell" })
      expect(mine.items.map((o) => [o.orderId, o.status])).toEqual([[sold, "completed"]])
    })))

  it.effect("the exchange's own bounds: a short P2P balance, the ad quantity limits, a price far from the rate", () =>
    drive(Effect.gen(function*() {
      const m = yield* merchant("merchantE", "100")
      const [method] = yield* m.as(P2PMerchant.payMethods())
      const limits = yield* m.as(P2PAds.adLimit({ token: "USDT", fiat: "USD", side: "sell" }))
      expect([text(limits.sellMinTokenAmount), text(limits.sellMaxTokenAmount)]).toEqual(["10", "100000"])
      const ad = (quantity: string, price = "1") =>
        m.as(P2PAds.createAd({
          token: "USDT",
          fiat: "USD",
          side: "sell",
          priceType: "fixed",
          price,
          minAmount: "10",
          maxAmount: "50",
          quantity,
          payMethodIds: [{ payMethodId: method!.payMethodId, userPayMethodId: method!.userPayMethodId! }],
          payTimeLimit: 10
        }))
      const code = (error: { readonly _tag: string }) => [error._tag, (error as { code?: string }).code]
      // 99.9 and its 0.0999 fee fit in 100; 100 and its 0.1 fee do not (60013).
      expect(code(yield* Effect.flip(ad("100")))).toEqual(["InsufficientBalance", "60013"])
      const { advId } = yield* ad("99.9")
      expect((yield* m.as(balance())).available).toBe("0.0001")
      // The quantity bound (worth 10 USDT at least) and the price bound (0.8–1.2 of the rate): 60006.
      yield* m.as(P2PAds.operateAd({ advId, operation: "remove" }))
      expect(code(yield* Effect.flip(ad("9.99")))).toEqual(["InvalidParameter", "60006"])
      yield* m.as(P2PAds.operateAd({ advId: (yield* ad("10")).advId, operation: "remove" }))
      expect(code(yield* Effect.flip(ad("10", "1.21")))).toEqual(["InvalidParameter", "60006"])
      expect((yield* m.as(balance())).frozen).toBe("0")
    })))

  it.effect("ads page by number, my ads and orders by nextId, 10 at most a page", () =>
    drive(Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const m = yield* merchant("merchantD", "5000")
      const [method] = yield* m.as(P2PMerchant.payMethods())
      const ids: Array<string> = []
      for (let i = 0; i < 12; i++) {
        const { advId } = yield* m.as(P2PAds.createAd({
          token: "USDT",
          fiat: "EUR",
          side: "sell",
          priceType: "fixed",
          price: ((92 + i) / 100).toFixed(2),
          minAmount: "10",
          maxAmount: "100",
          quantity: "20",
          payMethodIds: [{ payMethodId: method!.payMethodId, userPayMethodId: method!.userPayMethodId! }],
          payTimeLimit: 30
        }))
        ids.push(advId)
        yield* advance("1 second")
      }
      const mine = Chunk.toReadonlyArray(yield* m.as(Stream.runCollect(P2PAds.myAds.pages({ fiat: "EUR", limit: 5 }))))
      expect(mine.map((p) => p.items.length)).toEqual([5, 5, 2])
      expect(mine.flatMap((p) => p.items.map((ad) => ad.advId))).toEqual([...ids].reverse())
      const market = Chunk.toReadonlyArray(
        yield* Stream.runCollect(P2PAds.adList.pages({ token: "USDT", fiat: "EUR", side: "sell", limit: 5 }))
      )
      expect(market.map((p) => p.length)).toEqual([5, 5, 2])
      // Cheapest first for a buyer.
      expect(market.flat().map((ad) => ad.advId)).toEqual(ids)
      for (const advId of ids.slice(0, 11)) yield* m.control.take(sim.unified.uid, advId, "10")
      const pending = Chunk.toReadonlyArray(yield* Stream.runCollect(P2POrders.pendingOrders.items({ limit: 10 })))
      expect(pending.length).toBe(11)
      const all = Chunk.toReadonlyArray(yield* m.as(Stream.runCollect(P2POrders.allOrders.pages({ limit: 4 }))))
      expect(all.map((p) => p.items.length)).toEqual([4, 4, 3])
    })))
})
