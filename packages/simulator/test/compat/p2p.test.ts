// bitget-api's RestClientV3, unpatched, through the V3 P2P flow against the simulator: a merchant
// (a unified account the simulator's P2P knob opens) publishes a sell ad, the unified main account
// takes it and pays, the merchant releases. Only the host points at the loopback simulator.
import { Simulator } from "@effect-bitget/simulator"
import type { P2PControl } from "@effect-bitget/simulator/unified/P2PRoutes"
import { expect, layer } from "@effect/vitest"
import { RestClientV3 } from "bitget-api"
import * as Effect from "effect/Effect"
import * as Redacted from "effect/Redacted"
import { layer as simulatorLayer } from "./setup.js"

layer(simulatorLayer(), { excludeTestServices: true })("bitget-api's P2P calls against the simulator", (it) => {
  it.effect("RestClientV3: an ad published, listed, taken, paid and released; balances read", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const control = yield* Simulator.control<P2PControl>("unifiedP2P")
      const opened = control.openMerchant("peerMerchant", "500")
      const merchant = new RestClientV3({
        apiKey: opened.key.apiKey,
        apiSecret: opened.key.secret,
        apiPass: opened.key.passphrase,
        baseUrl: simulator.url
      })
      const buyer = new RestClientV3({
        apiKey: Redacted.value(simulator.unified.credentials.apiKey),
        apiSecret: Redacted.value(simulator.unified.credentials.secret),
        apiPass: Redacted.value(simulator.unified.credentials.passphrase),
        baseUrl: simulator.url
      })
      const advId = yield* Effect.promise(async () => {
        const [method] = (await merchant.getP2pPayMethods()).data
        const created = await merchant.createP2pAd({
          token: "USDT",
          fiat: "EUR",
          side: "sell",
          priceType: "fixed",
          price: "0.92",
          minAmount: "10",
          maxAmount: "92",
          quantity: "100",
          payMethodIds: [{ payMethodId: method!.payMethodId, userPayMethodId: method!.userPayMethodId }],
          payTimeLimit: "15"
        })
        return created.data.advId
      })
      const orderId = yield* control.take(simulator.unified.uid, advId, "46")
      yield* Effect.promise(async () => {
        const mine = (await merchant.getP2pMyAds({ status: "publish" })).data
        expect(mine.items.map((ad) => [ad.advId, ad.lastAmount])).toEqual([[advId, "50"]])
        const listed =
          (await buyer.getP2pAdList({ token: "USDT", fiat: "EUR", side: "sell", pageNum: "1", limit: "10" }))
            .data
        expect(listed.find((ad) => ad.advId === advId)?.merchantName).toBe("peerMerchant")
        const pending = (await buyer.getP2pPendingOrders()).data
        expect(pending.items.map((o) => [o.orderId, o.side, o.quantity, o.status])).toEqual([
          [orderId, "buy", "50", "pending_payment"]
        ])
        expect((await buyer.confirmP2pOrderPayment({ orderId })).data).toBe("success")
        expect((await merchant.releaseP2pOrderAsset({ orderId })).data).toBe("success")
        const info = (await merchant.getP2pOrderInfo({ orderId })).data
        expect([info.status, info.side, info.fee, info.buyUserInfo.nickName]).toEqual([
          "completed",
          "sell",
          "0.05",
          "user0001"
        ])
        expect((await buyer.getP2pBalance({ token: "USDT" })).data.availableBalance).toBe("50")
        // 100 and its 0.1 fee held, 50 and its 0.05 spent.
        const held = (await merchant.getP2pBalance({ token: "USDT" })).data
        expect([held.availableBalance, held.frozenBalance, held.totalBalance]).toEqual(["399.9", "50.05", "449.95"])
        const all = (await merchant.getP2pAllOrders({ status: "completed" })).data
        expect(all.items.map((o) => o.orderId)).toEqual([orderId])
        const rate = (await buyer.getP2pExchangeRate({ token: "USDT", fiat: "EUR" })).data
        expect(rate.rate).toBe("0.92")
        expect((await buyer.getP2pUserInfo()).data.completedOrderNum).toBe("1")
        expect((await buyer.getP2pCurrencies()).data.fiatDetailList.map((f) => f.fiat)).toContain("EUR")
      })
    }))
})
