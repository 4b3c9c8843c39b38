/**
 * The rule functions of unified's Stock+, P2P-ad and grid-bot requests at both sides of each
 * branch (issue 25: their mutants killed by a rule test of their own, beside `requestRules.test.ts`):
 * each field a rule asks for left out alone and refused with the whole reason (nothing sent), and
 * the same request with it given sent. Stock+ and grid endpoints allow one request a second, so the
 * calls run on TestClock through `drive` (no real waiting).
 */
import { Simulator } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refused, sent } from "../../core/test/ruleCases.js"
import { drive } from "./drive.js"

const { GridBot, P2PAds, StockPlusTrade } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))

const stock = { symbol: "AAPL.US", side: "Buy", submittedQuantity: "1", timeInForce: "Day" } as const

layer(Env)("unified line rules", (it) => {
  it.effect("Stock+ orders: each order type's own fields, each left out alone; a market order takes no price", () =>
    drive(Effect.gen(function*() {
      const place = StockPlusTrade.placeOrder
      yield* refused(place({ ...stock, orderType: "LO" }), "submittedPrice: required for a LO order")
      yield* sent(place({ ...stock, orderType: "LO", submittedPrice: "1" }))
      const lit = { ...stock, orderType: "LIT", submittedPrice: "1", triggerPrice: "2" } as const
      yield* refused(place({ ...lit, submittedPrice: undefined }), "submittedPrice: required for a LIT order")
      yield* refused(place({ ...lit, triggerPrice: undefined }), "triggerPrice: required for a LIT order")
      yield* sent(place(lit))
      yield* refused(place({ ...stock, orderType: "MO", submittedPrice: "1" }), "submittedPrice: a MO (market)")
      yield* sent(place({ ...stock, orderType: "MO" }))
      yield* refused(place({ ...stock, orderType: "MIT" }), "triggerPrice: required for a MIT order")
      yield* sent(place({ ...stock, orderType: "MIT", triggerPrice: "2" }))
      // Each trail is its own type's: the other one does not stand for it.
      yield* refused(
        place({ ...stock, orderType: "TSLPAMT", trailingPercent: "1" }),
        "trailingAmount: required for a TSLPAMT order"
      )
      yield* sent(place({ ...stock, orderType: "TSLPAMT", trailingAmount: "1" }))
      yield* refused(
        place({ ...stock, orderType: "TSLPPCT", trailingAmount: "1" }),
        "trailingPercent: required for a TSLPPCT order"
      )
      yield* sent(place({ ...stock, orderType: "TSLPPCT", trailingPercent: "1" }))
      const gtd = { ...stock, orderType: "LO", submittedPrice: "1", timeInForce: "GoodTilDate" } as const
      yield* refused(place(gtd), "expireDate: required with timeInForce GoodTilDate")
      yield* sent(place({ ...gtd, expireDate: "2026-06-30" }))
    })))

  it.effect("Stock+ cancel: orderId or clientOid, an empty one counts as none", () =>
    drive(Effect.gen(function*() {
      const none = "orderId or clientOid: one is required"
      yield* refused(StockPlusTrade.cancelOrder({ symbol: "AAPL.US", orderId: "", clientOid: "" }), none)
      yield* sent(StockPlusTrade.cancelOrder({ symbol: "AAPL.US", orderId: "7", clientOid: "" }))
      yield* sent(StockPlusTrade.cancelOrder({ symbol: "AAPL.US", orderId: "", clientOid: "c-7" }))
    })))

  it.effect("P2P ads: a fixed price, a floating premium, a sell ad's accounts, least not above most", () =>
    drive(Effect.gen(function*() {
      const ad = {
        token: "USDT",
        fiat: "CNY",
        side: "buy",
        priceType: "fixed",
        price: "7.2",
        minAmount: "100",
        maxAmount: "200",
        quantity: "20",
        payMethodIds: [{ payMethodId: "2" }],
        payTimeLimit: 10
      } as const
      yield* sent(P2PAds.createAd(ad))
      yield* refused(P2PAds.createAd({ ...ad, price: undefined }), "price: required when priceType is fixed")
      const floating = { ...ad, priceType: "floating", price: undefined } as const
      yield* refused(P2PAds.createAd(floating), "premium: required when priceType is floating")
      yield* sent(P2PAds.createAd({ ...floating, premium: "0" }))
      yield* refused(P2PAds.createAd({ ...ad, payMethodIds: [] }), "payMethodIds: at least one method")
      const accounts = [{ payMethodId: "2", userPayMethodId: "21" }, { payMethodId: "3", userPayMethodId: "31" }]
      yield* sent(P2PAds.createAd({ ...ad, side: "sell", payMethodIds: accounts }))
      yield* refused(
        P2PAds.createAd({ ...ad, side: "sell", payMethodIds: [accounts[0]!, { payMethodId: "3" }] }),
        "payMethodIds: userPayMethodId is required for every method of a sell ad"
      )
      yield* refused(P2PAds.createAd({ ...ad, minAmount: "200.01" }), "minAmount: must not be above maxAmount")
      // An update names only what changes: one bound alone is not compared.
      yield* sent(P2PAds.updateAd({ advId: "1", minAmount: "500", payTimeLimit: 10 }))
      yield* sent(P2PAds.updateAd({ advId: "1", maxAmount: "50", payTimeLimit: 10 }))
      yield* sent(P2PAds.updateAd({ advId: "1", minAmount: "150", maxAmount: "150", payTimeLimit: 10 }))
      yield* refused(
        P2PAds.updateAd({ advId: "1", minAmount: "150.1", maxAmount: "150", payTimeLimit: 10 }),
        "minAmount: must not be above maxAmount"
      )
    })))

  it.effect("grid bots: maxPrice above minPrice, a futures grid's direction and adjustment, at least one source", () =>
    drive(Effect.gen(function*() {
      const grid = {
        category: "SPOT",
        symbol: "BTCUSDT",
        minPrice: "60000",
        maxPrice: "60000.1",
        gridNum: 2,
        gridOrderMode: "arithmetic",
        investmentAmount: [{ coin: "USDT", amount: "100" }]
      } as const
      yield* sent(GridBot.validate(grid))
      yield* refused(GridBot.validate({ ...grid, maxPrice: "60000" }), "maxPrice: must be above minPrice")
      yield* refused(GridBot.validate({ ...grid, maxPrice: "59999.9" }), "maxPrice: must be above minPrice")
      yield* refused(GridBot.validate({ ...grid, gridNum: 1 }), "gridNum: at least 2")
      yield* refused(GridBot.validate({ ...grid, investmentAmount: [] }), "investmentAmount: at least one coin")
      const futures = { ...grid, category: "USDT-FUTURES" } as const
      yield* refused(GridBot.validate(futures), "gridType: required for a futures grid")
      yield* sent(GridBot.validate({ ...futures, gridType: "long" }))
      yield* refused(GridBot.createBot({ ...grid, fundsSource: [] }), "fundsSource: at least one")
      yield* refused(
        GridBot.createNeutralBot({ ...futures, fundsSource: [], category: "USDT-FUTURES" }),
        "fundsSource: at least one"
      )
      const add = { category: "USDT-FUTURES", botId: "1", coin: "USDT", size: "10", fundsSource: ["uta"] } as const
      yield* refused(GridBot.addInvestment(add), "adjustType: required for a futures grid")
      yield* sent(GridBot.addInvestment({ ...add, adjustType: "increase" }))
      yield* sent(GridBot.addInvestment({ ...add, category: "SPOT" }))
    })))
})
