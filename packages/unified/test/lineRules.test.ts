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
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refused, sent } from "../../core/test/ruleCases.js"
import { drive } from "./drive.js"

const {
  Broker,
  Collateral,
  CryptoLoan,
  Deposit,
  GridBot,
  P2PAds,
  Reality,
  StockPlusAsset,
  StockPlusTrade,
  SubAccountApiKey
} = Unified
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
      yield* refused(StockPlusTrade.cancelOrder({ symbol: "AAPL.US" }), none)
      yield* refused(StockPlusTrade.cancelOrder({ symbol: "AAPL.US", orderId: "" }), none)
      yield* refused(StockPlusTrade.cancelOrder({ symbol: "AAPL.US", clientOid: "" }), none)
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
      yield* sent(GridBot.createBot({ ...grid, fundsSource: ["uta"] }))
      const neutral = { ...futures, category: "USDT-FUTURES" } as const
      yield* refused(GridBot.createNeutralBot({ ...neutral, fundsSource: [] }), "fundsSource: at least one")
      yield* sent(GridBot.createNeutralBot({ ...neutral, fundsSource: ["uta"] }))
      const add = { category: "USDT-FUTURES", botId: "1", coin: "USDT", size: "10", fundsSource: ["uta"] } as const
      yield* refused(GridBot.addInvestment(add), "adjustType: required for a futures grid")
      yield* sent(GridBot.addInvestment({ ...add, adjustType: "increase" }))
      yield* sent(GridBot.addInvestment({ ...add, category: "SPOT" }))
    })))
})

layer(Env)("unified account rules", (it) => {
  it.effect("sub-account keys: passphrase 8 to 32 letters and digits, IPv4 octets to 255, 30 addresses, a note's first letter", () =>
    drive(Effect.gen(function*() {
      const key = { subUid: "1", note: "k", type: "read_only", permissions: ["uta_mgt"], ips: [] } as const
      const pass = "passphrase: 8 to 32 letters and digits"
      yield* sent(SubAccountApiKey.createSubApi({ ...key, passphrase: "Abcd1234" }))
      yield* sent(SubAccountApiKey.createSubApi({ ...key, passphrase: "Z9".repeat(16) }))
      yield* refused(SubAccountApiKey.createSubApi({ ...key, passphrase: "Abcd123" }), `${pass}, got 7 characters`)
      yield* refused(SubAccountApiKey.createSubApi({ ...key, passphrase: "Z9".repeat(16) + "x" }), pass)
      yield* refused(SubAccountApiKey.createSubApi({ ...key, passphrase: "abcd_1234" }), pass)
      const withIps = (ips: ReadonlyArray<string>) =>
        SubAccountApiKey.createSubApi({ ...key, passphrase: "abcd1234", ips })
      yield* sent(withIps(["255.255.255.255", "0.0.0.0", "10.199.249.9", "100.20.3.4"]))
      // Each alternative of the first octet at its edges (the later octets' are above).
      yield* sent(withIps(["250.0.0.1", "249.0.0.1", "200.0.0.1", "199.0.0.1", "99.0.0.1", "9.0.0.1"]))
      for (const ip of ["256.1.1.1", "1.1.1.260", "01.1.1.1", "1.1.1", "1.1.1.1.1", " 1.1.1.1", "1.1.1.1 "]) {
        yield* refused(withIps([ip]), `ips[0]: ips: ${JSON.stringify(ip)} is not an IPv4 address`)
      }
      const many = (n: number) => Array.from({ length: n }, (_, i) => `10.0.0.${i}`)
      yield* sent(withIps(many(30)))
      yield* refused(withIps(many(31)), "ips: at most 30 addresses, got 31")
      const note = "note: a letter, then letters, digits, - and _"
      yield* sent(SubAccountApiKey.createSubApi({ ...key, passphrase: "abcd1234", note: "Key_1-b" }))
      for (const bad of ["1key", "_key", "ke y", "", "key!"]) {
        yield* refused(SubAccountApiKey.createSubApi({ ...key, passphrase: "abcd1234", note: bad }), note)
      }
      yield* refused(
        SubAccountApiKey.createSubApi({ ...key, passphrase: "abcd1234", permissions: [] }),
        "permissions: at least one of uta_mgt, uta_trade"
      )
      const update = { apiKey: "k", passphrase: "abcd1234" } as const
      const both = "type and permissions: give both or neither"
      yield* refused(SubAccountApiKey.updateSubApi({ ...update, type: "read_only" }), both)
      yield* refused(SubAccountApiKey.updateSubApi({ ...update, permissions: ["uta_trade"] }), both)
      yield* sent(SubAccountApiKey.updateSubApi(update))
      yield* sent(SubAccountApiKey.updateSubApi({ ...update, type: "read_write", permissions: ["uta_trade"] }))
    })))

  it.effect("collateral and loans: custom coins named, coins to repay with, exactly one loan amount, an amount unless all", () =>
    drive(Effect.gen(function*() {
      const custom = "collateralCoins: required with collateralType custom"
      yield* refused(Collateral.setCollateralType({ collateralType: "custom" }), custom)
      yield* refused(Collateral.setCollateralType({ collateralType: "custom", collateralCoins: " " }), custom)
      yield* sent(Collateral.setCollateralType({ collateralType: "custom", collateralCoins: "BTC" }))
      yield* sent(Collateral.setCollateralType({ collateralType: "all" }))
      yield* refused(Collateral.repay({ repayableCoinList: [], paymentCoinList: ["USDT"] }), "repayableCoinList")
      yield* refused(Collateral.repay({ repayableCoinList: ["BTC"], paymentCoinList: [] }), "paymentCoinList")
      yield* sent(Collateral.repay({ repayableCoinList: ["BTC"], paymentCoinList: ["USDT"] }))
      const loan = { loanCoin: "USDT", pledgeCoin: "BTC", daily: "SEVEN" } as const
      const one = "pledgeAmount or loanAmount: give exactly one (the exchange derives the other)"
      yield* refused(CryptoLoan.borrow(loan), one)
      yield* refused(CryptoLoan.borrow({ ...loan, pledgeAmount: "1", loanAmount: "100" }), one)
      yield* sent(CryptoLoan.borrow({ ...loan, pledgeAmount: "1" }))
      yield* sent(CryptoLoan.borrow({ ...loan, loanAmount: "100" }))
      const repay = { orderId: "1", method: "borrowed_coin" } as const
      yield* refused(CryptoLoan.repay({ ...repay, repayAll: false }), "amount: required unless repayAll is true")
      yield* sent(CryptoLoan.repay({ ...repay, repayAll: false, amount: "1" }))
      yield* sent(CryptoLoan.repay({ ...repay, repayAll: true }))
    })))

  it.effect("Reality orders, a Lightning invoice's size, a Stock+ cash-flow window", () =>
    drive(Effect.gen(function*() {
      const order = { symbol: "AAPLUSDT", side: "buy", qty: "1" } as const
      yield* refused(Reality.placeOrder({ ...order, orderType: "limit" }), "price: required for a limit order")
      yield* sent(Reality.placeOrder({ ...order, orderType: "limit", price: "200" }))
      yield* refused(
        Reality.placeOrder({ ...order, orderType: "market", price: "200" }),
        "price: a market order takes no price"
      )
      yield* sent(Reality.placeOrder({ ...order, orderType: "market" }))
      const size = "size: size (Lightning) must be from 0.000001 to 0.01"
      for (const ok of ["0.000001", "0.01"]) yield* sent(Deposit.depositAddress({ coin: "BTC", size: ok }))
      for (const bad of ["0.00000099", "0.0100001"]) {
        yield* refused(Deposit.depositAddress({ coin: "BTC", size: bad }), size)
      }
      const t = DateTime.unsafeMake(Date.UTC(2026, 5, 1))
      yield* sent(StockPlusAsset.cashFlow({ startTime: t, endTime: t }))
      yield* refused(
        StockPlusAsset.cashFlow({ startTime: DateTime.add(t, { millis: 1 }), endTime: t }),
        "endTime: must not be before startTime"
      )
    })))
})

layer(Env)("unified broker rules", (it) => {
  it.effect("broker: withdraw only on a read-and-write key, in any letter case; a sub-business of its business; day spans", () =>
    drive(Effect.gen(function*() {
      const key = { subUid: "1", passphrase: "pass1234", label: "bot", ipList: [] } as const
      const write = "permList: withdraw needs permType read_and_write"
      yield* sent(Broker.createSubApikey({ ...key, permType: "readonly", permList: ["uta_trade", "uta_mgt"] }))
      yield* sent(Broker.createSubApikey({ ...key, permType: "read_and_write", permList: ["withdraw"] }))
      yield* refused(
        Broker.createSubApikey({ ...key, permType: "readonly", permList: ["uta_trade", "withdraw"] }),
        write
      )
      yield* refused(
        Broker.createSubApikey({ ...key, permType: "READONLY" as "readonly", permList: ["WITHDRAW" as "withdraw"] }),
        write
      )
      yield* refused(
        Broker.modifySubApikey({
          subUid: "1",
          passphrase: "pass1234",
          apiKey: "k",
          permType: "readonly",
          permList: ["withdraw"]
        }),
        write
      )
      yield* sent(Broker.modifySubApikey({ subUid: "1", passphrase: "pass1234", apiKey: "k", permList: ["withdraw"] }))
      yield* sent(Broker.modifySubApikey({ subUid: "1", passphrase: "pass1234", apiKey: "k", permType: "readonly" }))
      yield* sent(Broker.commission({ bizType: "spot", subBizType: "spot_margin" }))
      yield* sent(Broker.commission({ bizType: "SPOT" as "spot", subBizType: "SPOT_TRADE" as "spot_trade" }))
      yield* sent(Broker.commission({ bizType: "futures", subBizType: "coin_futures" }))
      yield* sent(Broker.commission({ subBizType: "spot_trade" }))
      yield* sent(Broker.commission({ bizType: "futures" }))
      yield* refused(
        Broker.commission({ bizType: "futures", subBizType: "spot_trade" }),
        "subBizType: spot_trade is not a futures type"
      )
      yield* refused(
        Broker.commission({ bizType: "spot", subBizType: "USDC_FUTURES" as "usdc_futures" }),
        "subBizType: USDC_FUTURES is not a spot type"
      )
      const end = DateTime.unsafeMake(Date.UTC(2026, 5, 1))
      const before = (days: number, millis = 0) => DateTime.subtract(end, { days, millis })
      yield* sent(Broker.allSubDepositWithdrawal({ startTime: before(7), endTime: end }))
      yield* refused(
        Broker.allSubDepositWithdrawal({ startTime: before(7, 1), endTime: end }),
        "endTime: at most 7 days after startTime"
      )
      yield* sent(Broker.allSubDepositWithdrawal({ startTime: before(70) }))
      yield* sent(Broker.commission({ startTime: before(30), endTime: end }))
      yield* refused(
        Broker.commission({ startTime: before(30, 1), endTime: end }),
        "endTime: at most 30 days after startTime"
      )
    })))
})
