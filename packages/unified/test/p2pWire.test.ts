/**
 * V3 P2P on the wire: each of the 18 endpoints' requests as Bitget documents them (recorded by a
 * pass-through server in front of the simulator) with their decoded answers, and every local rule
 * at its boundary: the edge accepted and sent, the first value past it refused with nothing sent.
 */
import type { BitgetConfig } from "@effect-bitget/core"
import { Simulator } from "@effect-bitget/simulator"
import type { P2PControl } from "@effect-bitget/simulator/unified/P2PRoutes"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Redacted from "effect/Redacted"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { refusedLocally } from "../../core/test/refused.js"

const { P2PAds, P2PMerchant, P2POrders } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())
const text = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : BigDecimal.format(BigDecimal.normalize(value))
const DAY = 86_400_000

/** Runs calls through a recording server, signed with `credentials`; `last()` is the latest request. */
const recorder = (credentials: BitgetConfig.Credentials) =>
  Effect.gen(function*() {
    const sim = yield* Simulator.Simulator
    const hostile = yield* Hostile.make({ upstream: sim.url })
    const run = <A, E, R>(call: Effect.Effect<A, E, R>) =>
      Effect.provide(call, Hostile.client(hostile.url, credentials))
    const last = () => {
      const request = hostile.received[hostile.received.length - 1]!
      return {
        route: `${request.method} ${request.path}`,
        query: Object.fromEntries(request.query),
        body: request.body === "" ? undefined : JSON.parse(request.body)
      }
    }
    return { run, last }
  })

const merchant = (nickName: string) =>
  Effect.gen(function*() {
    const control = yield* Simulator.control<P2PControl>("unifiedP2P")
    const opened = control.openMerchant(nickName, "1000")
    return {
      uid: opened.uid,
      control,
      credentials: {
        apiKey: Redacted.make(opened.key.apiKey),
        secret: Redacted.make(opened.key.secret),
        passphrase: Redacted.make(opened.key.passphrase)
      }
    }
  })

layer(Env, { excludeTestServices: true })("unified P2P on the wire", (it) => {
  it.scoped("every endpoint's request as documented, and its answer decoded", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const m = yield* merchant("wireMerchant")
      const seller = yield* recorder(m.credentials)
      const buyer = yield* recorder(sim.unified.credentials)

      const methods = yield* seller.run(P2PMerchant.payMethods())
      expect(seller.last()).toEqual({ route: "GET /api/v3/p2p/pay-method", query: {}, body: undefined })
      expect(methods.map((row) => row.payMethodId)).toEqual(["1", "2", "3"])
      const userPayMethodId = methods[0]!.userPayMethodId!

      const created = yield* seller.run(P2PAds.createAd({
        token: "USDT",
        fiat: "CNY",
        // Bitget's examples' spellings in any case go out as documented.
        side: "SELL" as "sell",
        priceType: "Fixed" as "fixed",
        price: "7.2",
        minAmount: "100",
        maxAmount: "720",
        quantity: "50",
        payMethodIds: [{ payMethodId: "1", userPayMethodId }],
        payTimeLimit: 15
      }))
      expect(seller.last()).toEqual({
        route: "POST /api/v3/p2p/ad-create",
        query: {},
        body: {
          token: "USDT",
          fiat: "CNY",
          side: "sell",
          priceType: "fixed",
          price: "7.2",
          minAmount: "100",
          maxAmount: "720",
          quantity: "50",
          payMethodIds: [{ payMethodId: "1", userPayMethodId }],
          payTimeLimit: "15"
        }
      })
      const { advId } = created

      yield* seller.run(P2PAds.updateAd({ advId, maxAmount: "360", payTimeLimit: 30, remark: "r" }))
      expect(seller.last()).toEqual({
        route: "POST /api/v3/p2p/ad-update",
        query: {},
        body: { advId, maxAmount: "360", payTimeLimit: "30", remark: "r" }
      })
      const info = yield* seller.run(P2PAds.adInfo({ advId }))
      expect(seller.last()).toMatchObject({ route: "GET /api/v3/p2p/ad-info", query: { advId } })
      expect([text(info.maxAmount), info.payDuration, info.side, info.priceType]).toEqual([
        "360",
        "30",
        "sell",
        "fixed"
      ])
      expect(info.payMethodIds).toEqual([{ payMethodId: "1", userPayMethodId }])

      const now = Date.now()
      // Generous: a loaded machine takes seconds between here and the orders below.
      const window = { startTime: DateTime.unsafeMake(now - DAY), endTime: DateTime.unsafeMake(now + DAY) }
      const mine = yield* seller.run(P2PAds.myAds({ ...window, status: "publish", limit: 10 }))
      expect(seller.last()).toMatchObject({
        route: "GET /api/v3/p2p/my-ads",
        query: { startTime: String(now - DAY), endTime: String(now + DAY), status: "publish", limit: "10" }
      })
      expect(mine.items.map((ad) => ad.advId)).toEqual([advId])
      expect(mine.nextId).toBeUndefined()

      const listed = yield* buyer.run(
        P2PAds.adList({ token: "USDT", fiat: "CNY", side: "sell", amount: "200", pageNum: 1, limit: 10 })
      )
      expect(buyer.last()).toMatchObject({
        route: "GET /api/v3/p2p/ad-list",
        query: { token: "USDT", fiat: "CNY", side: "sell", amount: "200", pageNum: "1", limit: "10" }
      })
      expect(listed.map((ad) => ad.advId)).toContain(advId)
      // Outside the ad's order range: not offered.
      const outside = yield* buyer.run(P2PAds.adList({ token: "USDT", fiat: "CNY", side: "sell", amount: "361" }))
      expect(outside.map((ad) => ad.advId)).not.toContain(advId)

      const rate = yield* buyer.run(P2PAds.exchangeRate({ token: "BTC", fiat: "USD" }))
      expect(buyer.last()).toMatchObject({
        route: "GET /api/v3/p2p/exchange-rate",
        query: { token: "BTC", fiat: "USD" }
      })
      const spot = yield* Unified.Market.tickers({ category: "SPOT", symbol: "BTCUSDT" })
      // One price path: BTC in USD is the spot price.
      expect(BigDecimal.equals(rate.rate, spot[0]!.lastPrice)).toBe(true)

      const fee = yield* seller.run(
        P2PAds.feeSimulate({ token: "USDT", fiat: "CNY", side: "buy", marketType: "private", amount: "30" })
      )
      expect(seller.last()).toEqual({
        route: "POST /api/v3/p2p/fee-simulate",
        query: {},
        body: { token: "USDT", fiat: "CNY", side: "buy", marketType: "private", amount: "30" }
      })
      expect(text(fee.feeAmount)).toBe("0.03")
      const limits = yield* seller.run(P2PAds.adLimit({ token: "USDT", fiat: "CNY", side: "buy" }))
      expect(seller.last()).toMatchObject({
        route: "GET /api/v3/p2p/ad-limit",
        query: { token: "USDT", fiat: "CNY", side: "buy" }
      })
      expect([text(limits.sellMinTokenAmount), text(limits.sellMaxTokenAmount)]).toEqual(["10", "100000"])

      const orderId = yield* m.control.take(sim.unified.uid, advId, "144")
      const pending = yield* buyer.run(P2POrders.pendingOrders({ side: "buy", limit: 10 }))
      expect(buyer.last()).toMatchObject({
        route: "GET /api/v3/p2p/pending-orders",
        query: { side: "buy", limit: "10" }
      })
      expect(pending.items.map((o) => [o.orderId, text(o.quantity), text(o.amount)])).toEqual([[orderId, "20", "144"]])
      const order = yield* buyer.run(P2POrders.orderInfo({ orderId }))
      expect(buyer.last()).toMatchObject({ route: "GET /api/v3/p2p/order-info", query: { orderId } })
      expect([order.status, order.verifyCapital, order.payMethodDetail?.payMethodInfo.length]).toEqual([
        "pending_payment",
        false,
        1
      ])
      yield* buyer.run(P2POrders.pay({ orderId }))
      expect(buyer.last()).toEqual({ route: "POST /api/v3/p2p/order-pay", query: {}, body: { orderId } })
      yield* seller.run(P2POrders.release({ orderId }))
      expect(seller.last()).toEqual({ route: "POST /api/v3/p2p/order-release", query: {}, body: { orderId } })
      const all = yield* seller.run(P2POrders.allOrders({ ...window, orderId, status: "completed", side: "sell" }))
      expect(seller.last()).toMatchObject({
        route: "GET /api/v3/p2p/all-orders",
        query: { orderId, status: "completed", side: "sell" }
      })
      expect(all.items.map((o) => [o.orderId, o.counterparty])).toEqual([[orderId, "user0001"]])

      yield* seller.run(P2PAds.operateAd({ advId, operation: "DELIST" as "delist" }))
      expect(seller.last()).toEqual({
        route: "POST /api/v3/p2p/ad-operate",
        query: {},
        body: { advId, operation: "delist" }
      })

      const user = yield* seller.run(P2PMerchant.userInfo())
      expect(seller.last()).toEqual({ route: "GET /api/v3/p2p/user-info", query: {}, body: undefined })
      expect([user.uid, user.nickName, user.completedOrderNum]).toEqual([m.uid, "wireMerchant", 1])
      const currencies = yield* seller.run(P2PMerchant.currencies())
      expect(seller.last()).toEqual({ route: "GET /api/v3/p2p/currencies", query: {}, body: undefined })
      const cny = currencies.fiatDetailList.find((row) => row.fiat === "CNY")!
      expect(cny.payTimeLimit).toEqual([10, 15, 30])
      expect(currencies.tokenDetailList.map((row) => row.token)).toContain("USDT")
      const balance = yield* seller.run(P2PMerchant.balance({ token: "usdt" }))
      expect(seller.last()).toMatchObject({ route: "GET /api/v3/p2p/balance", query: { token: "usdt" } })
      // 20 sold with its 0.02 fee; the rest given back when the ad went off the shelf.
      expect([text(balance.availableBalance), text(balance.frozenBalance)]).toEqual(["979.98", "0"])
    }))

  it.effect("ad rules at their boundaries: the edge sent, the first value past it refused with nothing sent", () =>
    Effect.gen(function*() {
      const total = yield* sent
      const base = {
        token: "USDT",
        fiat: "CNY",
        side: "buy",
        priceType: "fixed",
        price: "7.2",
        minAmount: "100",
        maxAmount: "100",
        quantity: "20",
        payMethodIds: [{ payMethodId: "2" }],
        payTimeLimit: 10
      } as const
      // minAmount equal to maxAmount: accepted, and the exchange creates it.
      const { advId } = yield* P2PAds.createAd(base)
      yield* refusedLocally(
        P2PAds.createAd({ ...base, minAmount: "100.01" }),
        "minAmount: must not be above maxAmount",
        total
      )
      yield* refusedLocally(
        P2PAds.createAd({ ...base, price: undefined }),
        "price: required when priceType is fixed",
        total
      )
      yield* refusedLocally(
        P2PAds.createAd({ ...base, priceType: "floating", price: undefined }),
        "premium: required when priceType is floating",
        total
      )
      yield* refusedLocally(
        P2PAds.createAd({ ...base, side: "sell" }),
        "payMethodIds: userPayMethodId is required for every method of a sell ad",
        total
      )
      yield* refusedLocally(P2PAds.createAd({ ...base, payMethodIds: [] }), "payMethodIds: at least one method", total)
      yield* refusedLocally(P2PAds.createAd({ ...base, quantity: "0" }), "quantity", total)
      yield* refusedLocally(P2PAds.createAd({ ...base, payTimeLimit: 0 }), "payTimeLimit: minutes above zero", total)
      yield* refusedLocally(
        P2PAds.createAd({ ...base, payTimeLimit: 1.5 }),
        "payTimeLimit: minutes as a whole number",
        total
      )
      yield* refusedLocally(P2PAds.createAd({ ...base, side: "hold" as "buy" }), "side", total)
      // 1 minute is a whole number above zero: sent, and the exchange refuses it (not one of the fiat's times).
      const oneMinute = yield* Effect.flip(P2PAds.createAd({ ...base, payTimeLimit: 1 }))
      expect([oneMinute._tag, (oneMinute as { code?: string }).code]).toEqual(["InvalidParameter", "60006"])

      yield* refusedLocally(
        P2PAds.updateAd({ advId, priceType: "floating", payTimeLimit: 10 }),
        "premium: required when priceType is floating",
        total
      )
      yield* refusedLocally(
        P2PAds.updateAd({ advId, minAmount: "200", maxAmount: "150", payTimeLimit: 10 }),
        "minAmount: must not be above maxAmount",
        total
      )
      yield* refusedLocally(P2PAds.operateAd({ advId, operation: "pause" as "delist" }), "operation", total)
      yield* refusedLocally(
        P2PAds.feeSimulate({ token: "USDT", fiat: "CNY", side: "buy", marketType: "public", amount: "0" }),
        "amount",
        total
      )
      yield* refusedLocally(
        P2PAds.feeSimulate({ token: "USDT", fiat: "CNY", side: "buy", marketType: "vip" as "public", amount: "1" }),
        "marketType",
        total
      )
      yield* refusedLocally(P2POrders.orderInfo({ orderId: "" }), "orderId", total)
      yield* refusedLocally(P2POrders.pay({ orderId: " " }), "orderId", total)
      yield* refusedLocally(P2PMerchant.balance({ token: "" }), "token", total)
    }))

  it.effect("page sizes and windows at their boundaries", () =>
    Effect.gen(function*() {
      const total = yield* sent
      const now = Date.now()
      const days30 = { startTime: DateTime.unsafeMake(now - 30 * DAY), endTime: DateTime.unsafeMake(now) }
      const past = { ...days30, startTime: DateTime.unsafeMake(now - 30 * DAY - 1) }
      const before = total()
      yield* P2PAds.myAds({ ...days30, limit: 10 })
      yield* P2POrders.allOrders({ ...days30, limit: 10 })
      yield* P2POrders.pendingOrders({ limit: 10 })
      yield* P2PAds.adList({ token: "USDT", fiat: "CNY", side: "buy", limit: 10 })
      expect(total() - before).toBe(4)
      yield* refusedLocally(P2PAds.myAds({ limit: 11 }), "limit must be an integer from 1 to 10, got 11", total)
      yield* refusedLocally(P2POrders.allOrders({ limit: 11 }), "limit must be an integer from 1 to 10, got 11", total)
      yield* refusedLocally(
        P2POrders.pendingOrders({ limit: 11 }),
        "limit must be an integer from 1 to 10, got 11",
        total
      )
      yield* refusedLocally(
        P2PAds.adList({ token: "USDT", fiat: "CNY", side: "buy", limit: 11 }),
        "limit must be an integer from 1 to 10, got 11",
        total
      )
      yield* refusedLocally(P2PAds.myAds(past), "startTime to endTime spans", total)
      yield* refusedLocally(P2POrders.allOrders(past), "startTime to endTime spans", total)
      yield* refusedLocally(P2PAds.myAds({ cursor: "next" }), "cursor", total)
      // Order cursors are any string (Bitget's examples write order ids as `ORD123456`): sent.
      const sentBefore = total()
      expect((yield* P2POrders.pendingOrders({ cursor: "ORD123455" })).items).toEqual([])
      expect(total() - sentBefore).toBe(1)
      // More than 90 days back: Bitget keeps 90 (the simulator refuses as the exchange does).
      const old = yield* Effect.flip(P2POrders.allOrders({
        startTime: DateTime.unsafeMake(now - 91 * DAY),
        endTime: DateTime.unsafeMake(now - 90 * DAY)
      }))
      expect(old._tag).toBe("InvalidParameter")
    }))
})
