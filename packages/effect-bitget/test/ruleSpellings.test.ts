/**
 * Request rules see the caller's input before encoding: a `Spelling.literal` field arrives in any
 * letter case there (`"LIMIT"`, `"Isolated_Margin"`), and only encoding turns it into the
 * documented spelling. Every rule comparing such a field (`Spelling.is`) is driven here with its
 * triggering value in upper, lower and mixed case, through the operation users call, over loopback
 * to the simulator behind a recording server: with the rule broken it is refused locally (reason
 * naming the field, nothing on the wire); with the rule satisfied it is sent, the documented
 * spelling on the wire. (Typed code offers only the documented spellings; the casts stand for
 * input from outside it: a config file, Bitget's own examples.)
 */
import * as CopyTrading from "@effect-bitget/copy-trading"
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as BitgetConfig from "@effect-bitget/core/BitgetConfig"
import * as HttpSigner from "@effect-bitget/core/HttpSigner"
import * as Limiter from "@effect-bitget/core/Limiter"
import * as Transport from "@effect-bitget/core/Transport"
import * as Futures from "@effect-bitget/futures"
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import * as Unified from "@effect-bitget/unified"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Either from "effect/Either"
import * as Layer from "effect/Layer"
import * as Hostile from "../../core/test/hostile/Hostile.js"

type Call = (value: any) => Effect.Effect<unknown, { readonly _tag: string }, BitgetClient.BitgetClient>

interface Case {
  /** The line and the rule. */
  readonly rule: string
  readonly unified?: boolean
  /** The request's path and where the field is in it (`settingList.0.settingType`). */
  readonly path: string
  readonly field: string
  /** The value that triggers the rule, as documented. */
  readonly documented: string
  /** The rule broken (refused with `reason`); left out where the old bug was only a wrong refusal. */
  readonly broken?: { readonly call: Call; readonly reason: string }
  /** The rule satisfied: sent. */
  readonly satisfied: Call
}

/** The triggering value as input from outside typed code may spell it, never as documented. */
const spellings = (documented: string) =>
  [
    documented.toUpperCase(),
    documented.toLowerCase(),
    [...documented].map((c, i) => i % 2 === 0 ? c.toUpperCase() : c.toLowerCase()).join("")
  ].filter((spelled, i, all) => spelled !== documented && all.indexOf(spelled) === i)

const { Order, PlanOrder } = Futures
const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
const plan = {
  ...usdt,
  marginMode: "crossed",
  size: "0.01",
  triggerPrice: "61000",
  triggerType: "mark_price",
  side: "buy"
} as const
const planRef = { symbol: "BTCUSDT", productType: "USDT-FUTURES" } as const
const tpsl = { ...usdt, triggerPrice: "55000", holdSide: "buy", size: "0.01" } as const
const spotBuy = { symbol: "BTCUSDT", side: "buy", force: "gtc", size: "0.001" } as const
const marginBase = { symbol: "BTCUSDT", loanType: "normal", force: "gtc" } as const
const v3 = { category: "SPOT", symbol: "BTCUSDT", side: "buy", qty: "0.001" } as const
const perp = { ...v3, category: "USDT-FUTURES", orderType: "market" } as const
const trigger = { ...v3, category: "USDT-FUTURES", type: "trigger", triggerPrice: "50000" } as const
const position = { category: "USDT-FUTURES", symbol: "BTCUSDT", posSide: "long", stopLoss: "40000" } as const
const out = { coin: "USDT", address: "addr", size: "10" } as const
const inner = { ...out, transferType: "internal_transfer" } as const
const ad = {
  token: "USDT",
  fiat: "USD",
  side: "buy",
  priceType: "fixed",
  minAmount: "10",
  maxAmount: "100",
  quantity: "100",
  payMethodIds: [{ payMethodId: "1" }],
  payTimeLimit: 15
} as const
const apiKey = { subUid: "1", passphrase: "pass1234", label: "bot", ipList: [] } as const
const reality = { symbol: "BTCUSDT", side: "buy", qty: "1" } as const
const stock = { symbol: "AAPL", side: "Buy", submittedQuantity: "1", timeInForce: "Day" } as const
const follow = {
  symbol: "BTCUSDT",
  productType: "USDT-FUTURES",
  marginType: "trader",
  traceType: "percent",
  traceValue: "1"
} as const

const cases: ReadonlyArray<Case> = [
  {
    rule: "futures placeOrder: a limit order needs a price",
    path: "/api/v2/mix/order/place-order",
    field: "orderType",
    documented: "limit",
    broken: {
      call: (v) => Order.placeOrder({ ...usdt, marginMode: "crossed", size: "0.01", side: "buy", orderType: v }),
      reason: "price: required for a limit order"
    },
    satisfied: (v) =>
      Order.placeOrder({ ...usdt, marginMode: "crossed", size: "0.01", side: "buy", orderType: v, price: "50000" })
  },
  {
    rule: "futures placePlanOrder: a track_plan needs callbackRatio",
    path: "/api/v2/mix/order/place-plan-order",
    field: "planType",
    documented: "track_plan",
    broken: {
      call: (v) => PlanOrder.placePlanOrder({ ...plan, planType: v, orderType: "market" }),
      reason: "callbackRatio: required for a track_plan"
    },
    satisfied: (v) => PlanOrder.placePlanOrder({ ...plan, planType: v, orderType: "market", callbackRatio: "1" })
  },
  {
    rule: "futures placePlanOrder: a limit normal_plan needs a price",
    path: "/api/v2/mix/order/place-plan-order",
    field: "orderType",
    documented: "limit",
    broken: {
      call: (v) => PlanOrder.placePlanOrder({ ...plan, planType: "normal_plan", orderType: v }),
      reason: "price: required for a limit trigger order"
    },
    satisfied: (v) => PlanOrder.placePlanOrder({ ...plan, planType: "normal_plan", orderType: v, price: "61000" })
  },
  {
    rule: "futures placeTpslOrder: a moving_plan needs rangeRate",
    path: "/api/v2/mix/order/place-tpsl-order",
    field: "planType",
    documented: "moving_plan",
    broken: {
      call: (v) => PlanOrder.placeTpslOrder({ ...tpsl, planType: v }),
      reason: "rangeRate: required for planType moving_plan"
    },
    satisfied: (v) => PlanOrder.placeTpslOrder({ ...tpsl, planType: v, rangeRate: "1" })
  },
  {
    rule: "futures placeTpslOrder: a moving_plan takes no executePrice",
    path: "/api/v2/mix/order/place-tpsl-order",
    field: "planType",
    documented: "moving_plan",
    broken: {
      call: (v) => PlanOrder.placeTpslOrder({ ...tpsl, planType: v, rangeRate: "1", executePrice: "0" }),
      reason: "executePrice: not allowed for planType moving_plan"
    },
    satisfied: (v) => PlanOrder.placeTpslOrder({ ...tpsl, planType: v, rangeRate: "1" })
  },
  {
    rule: "futures modifyPlanOrder: no newPrice for a track_plan; newCallbackRatio only for one",
    path: "/api/v2/mix/order/modify-plan-order",
    field: "planType",
    documented: "track_plan",
    broken: {
      call: (v) => PlanOrder.modifyPlanOrder({ ...planRef, planType: v, orderId: "1", newPrice: "61500" }),
      reason: "newPrice: not for a track_plan"
    },
    satisfied: (v) => PlanOrder.modifyPlanOrder({ ...planRef, planType: v, orderId: "1", newCallbackRatio: "2" })
  },
  {
    rule: "spot placeOrder: a limit order needs a price",
    path: "/api/v2/spot/trade/place-order",
    field: "orderType",
    documented: "limit",
    broken: { call: (v) => Spot.Trade.placeOrder({ ...spotBuy, orderType: v }), reason: "price: required" },
    satisfied: (v) => Spot.Trade.placeOrder({ ...spotBuy, orderType: v, price: "50000" })
  },
  {
    rule: "spot placeOrder: a tpsl order needs triggerPrice",
    path: "/api/v2/spot/trade/place-order",
    field: "tpslType",
    documented: "tpsl",
    broken: {
      call: (v) => Spot.Trade.placeOrder({ ...spotBuy, orderType: "market", tpslType: v }),
      reason: "triggerPrice: required for a tpsl order"
    },
    satisfied: (v) => Spot.Trade.placeOrder({ ...spotBuy, orderType: "market", tpslType: v, triggerPrice: "70000" })
  },
  {
    rule: "spot batchOrders: multiple mode needs each order's symbol",
    path: "/api/v2/spot/trade/batch-orders",
    field: "batchMode",
    documented: "multiple",
    broken: {
      call: (v) =>
        Spot.Trade.batchOrders({
          batchMode: v,
          orderList: [{ side: "buy", force: "gtc", size: "0.001", orderType: "market" }]
        }),
      reason: "orderList[0].symbol: required in multiple batch mode"
    },
    satisfied: (v) =>
      Spot.Trade.batchOrders({
        batchMode: v,
        orderList: [{ symbol: "BTCUSDT", side: "buy", force: "gtc", size: "0.001", orderType: "market" }]
      })
  },
  {
    rule: "spot placePlanOrder: a limit plan order needs executePrice",
    path: "/api/v2/spot/trade/place-plan-order",
    field: "orderType",
    documented: "limit",
    broken: {
      call: (v) =>
        Spot.PlanOrder.placePlanOrder({ ...spotBuy, triggerPrice: "70000", triggerType: "fill_price", orderType: v }),
      reason: "executePrice: required for a limit plan order"
    },
    satisfied: (v) =>
      Spot.PlanOrder.placePlanOrder({
        ...spotBuy,
        triggerPrice: "70000",
        triggerType: "fill_price",
        orderType: v,
        executePrice: "70000"
      })
  },
  {
    rule: "margin placeOrder: a limit order needs a price",
    path: "/api/v2/margin/crossed/place-order",
    field: "orderType",
    documented: "limit",
    broken: {
      call: (v) => Margin.Trade.crossPlaceOrder({ ...marginBase, side: "sell", orderType: v, baseSize: "0.001" }),
      reason: "price: a limit order needs a price"
    },
    satisfied: (v) =>
      Margin.Trade.crossPlaceOrder({ ...marginBase, side: "sell", orderType: v, baseSize: "0.001", price: "70000" })
  },
  {
    rule: "margin placeOrder: a market buy is sized by quoteSize",
    path: "/api/v2/margin/isolated/place-order",
    field: "side",
    documented: "buy",
    broken: {
      call: (v) => Margin.Trade.isolatedPlaceOrder({ ...marginBase, side: v, orderType: "market", baseSize: "0.001" }),
      reason: "baseSize: a market buy is sized by quoteSize"
    },
    satisfied: (v) => Margin.Trade.isolatedPlaceOrder({ ...marginBase, side: v, orderType: "market", quoteSize: "10" })
  },
  {
    rule: "unified transfer: isolated margin names its symbol",
    unified: true,
    path: "/api/v3/account/transfer",
    field: "toType",
    documented: "isolated_margin",
    broken: {
      call: (v) => Unified.Transfer.transfer({ fromType: "uta", toType: v, coin: "USDT", amount: "1" }),
      reason: "symbol: required when fromType or toType is isolated_margin"
    },
    satisfied: (v) =>
      Unified.Transfer.transfer({ fromType: "uta", toType: v, coin: "USDT", amount: "1", symbol: "BTCUSDT" })
  },
  {
    rule: "unified placeOrder: a limit order needs a price",
    unified: true,
    path: "/api/v3/trade/place-order",
    field: "orderType",
    documented: "limit",
    broken: { call: (v) => Unified.Trade.placeOrder({ ...v3, orderType: v }), reason: "price: required" },
    satisfied: (v) => Unified.Trade.placeOrder({ ...v3, orderType: v, price: "20000" })
  },
  {
    rule: "unified placeOrder: a futures category takes posSide",
    unified: true,
    path: "/api/v3/trade/place-order",
    field: "category",
    documented: "USDT-FUTURES",
    satisfied: (v) => Unified.Trade.placeOrder({ ...perp, category: v, posSide: "long" })
  },
  {
    rule: "unified placeOrder: tpLimitPrice with a limit TP",
    unified: true,
    path: "/api/v3/trade/place-order",
    field: "tpOrderType",
    documented: "limit",
    satisfied: (v) => Unified.Trade.placeOrder({ ...perp, takeProfit: "30000", tpLimitPrice: "30010", tpOrderType: v })
  },
  {
    rule: "unified maxOpenAvailable: a limit order needs a price",
    unified: true,
    path: "/api/v3/account/max-open-available",
    field: "orderType",
    documented: "limit",
    broken: {
      call: (v) => Unified.Trade.maxOpenAvailable({ category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: v }),
      reason: "price: required for a limit order"
    },
    satisfied: (v) =>
      Unified.Trade.maxOpenAvailable({ category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: v, price: "1" })
  },
  {
    rule: "unified placeStrategyOrder: a trigger order has a side",
    unified: true,
    path: "/api/v3/trade/place-strategy-order",
    field: "type",
    documented: "trigger",
    broken: {
      call: (v) => {
        const { side: _side, ...noSide } = trigger
        return Unified.Strategy.placeStrategyOrder({ ...noSide, type: v, triggerOrderType: "market" })
      },
      reason: "side: required for a trigger order"
    },
    satisfied: (v) => Unified.Strategy.placeStrategyOrder({ ...trigger, type: v, triggerOrderType: "market" })
  },
  {
    rule: "unified placeStrategyOrder: a limit trigger order has triggerOrderPrice",
    unified: true,
    path: "/api/v3/trade/place-strategy-order",
    field: "triggerOrderType",
    documented: "limit",
    broken: {
      call: (v) => Unified.Strategy.placeStrategyOrder({ ...trigger, triggerOrderType: v }),
      reason: "triggerOrderPrice: required for a limit trigger order"
    },
    satisfied: (v) =>
      Unified.Strategy.placeStrategyOrder({ ...trigger, triggerOrderType: v, triggerOrderPrice: "50010" })
  },
  {
    rule: "unified placeStrategyOrder: a partial tpsl order has qty",
    unified: true,
    path: "/api/v3/trade/place-strategy-order",
    field: "tpslMode",
    documented: "partial",
    broken: {
      call: (v) => Unified.Strategy.placeStrategyOrder({ ...position, tpslMode: v }),
      reason: "qty: required for a partial tpsl order"
    },
    satisfied: (v) => Unified.Strategy.placeStrategyOrder({ ...position, tpslMode: v, qty: "0.01" })
  },
  {
    rule: "unified placeStrategyOrder: tpsl orders are on a futures category",
    unified: true,
    path: "/api/v3/trade/place-strategy-order",
    field: "category",
    documented: "USDT-FUTURES",
    satisfied: (v) => Unified.Strategy.placeStrategyOrder({ ...position, category: v })
  },
  {
    rule: "unified setLeverage: MARGIN names a coin",
    unified: true,
    path: "/api/v3/account/set-leverage",
    field: "category",
    documented: "MARGIN",
    broken: {
      call: (v) => Unified.Leverage.setLeverage({ category: v, symbol: "BTCUSDT", leverage: "3" }),
      reason: "coin: required for MARGIN"
    },
    satisfied: (v) => Unified.Leverage.setLeverage({ category: v, coin: "USDT", leverage: "3" })
  },
  {
    rule: "unified setCollateralType: custom names its coins",
    unified: true,
    path: "/api/v3/account/set-collateral-type",
    field: "collateralType",
    documented: "custom",
    broken: {
      call: (v) => Unified.Collateral.setCollateralType({ collateralType: v }),
      reason: "collateralCoins: required with collateralType custom"
    },
    satisfied: (v) => Unified.Collateral.setCollateralType({ collateralType: v, collateralCoins: "BTC" })
  },
  {
    rule: "unified withdrawal: on_chain names its chain",
    unified: true,
    path: "/api/v3/account/withdrawal",
    field: "transferType",
    documented: "on_chain",
    broken: {
      call: (v) => Unified.Withdrawal.withdrawal({ ...out, transferType: v }),
      reason: "chain: required for an on_chain withdrawal"
    },
    satisfied: (v) => Unified.Withdrawal.withdrawal({ ...out, transferType: v, chain: "TRC20" })
  },
  {
    rule: "unified withdrawal: to a mobile number names its areaCode",
    unified: true,
    path: "/api/v3/account/withdrawal",
    field: "innerToType",
    documented: "mobile",
    broken: {
      call: (v) => Unified.Withdrawal.withdrawal({ ...inner, innerToType: v }),
      reason: "areaCode: required when innerToType is mobile"
    },
    satisfied: (v) => Unified.Withdrawal.withdrawal({ ...inner, innerToType: v, areaCode: "86" })
  },
  {
    rule: "unified withdrawal: a company names itself",
    unified: true,
    path: "/api/v3/account/withdrawal",
    field: "identityType",
    documented: "company",
    broken: {
      call: (v) => Unified.Withdrawal.withdrawal({ ...inner, identityType: v }),
      reason: "companyName: required when identityType is company"
    },
    satisfied: (v) => Unified.Withdrawal.withdrawal({ ...inner, identityType: v, companyName: "Acme" })
  },
  {
    rule: "unified withdrawal: a user names first and last name",
    unified: true,
    path: "/api/v3/account/withdrawal",
    field: "identityType",
    documented: "user",
    broken: {
      call: (v) => Unified.Withdrawal.withdrawal({ ...inner, identityType: v, firstName: "Ada" }),
      reason: "firstName and lastName: required when identityType is user"
    },
    satisfied: (v) =>
      Unified.Withdrawal.withdrawal({ ...inner, identityType: v, firstName: "Ada", lastName: "Lovelace" })
  },
  {
    rule: "unified placeBatch: one category in any letter case",
    unified: true,
    path: "/api/v3/trade/place-batch",
    field: "1.category",
    documented: "SPOT",
    satisfied: (v) =>
      Unified.Trade.placeBatch([{ ...v3, orderType: "market" }, { ...v3, orderType: "market", category: v }])
  },
  {
    rule: "unified grid validate: a spot grid needs no gridType",
    unified: true,
    path: "/api/v3/trade/grid/validate",
    field: "category",
    documented: "SPOT",
    satisfied: (v) =>
      Unified.GridBot.validate({
        category: v,
        symbol: "BTCUSDT",
        minPrice: "60000",
        maxPrice: "70000",
        gridNum: 10,
        gridOrderMode: "arithmetic",
        investmentAmount: [{ coin: "USDT", amount: "100" }]
      })
  },
  {
    rule: "unified grid addInvestment: a spot grid needs no adjustType",
    unified: true,
    path: "/api/v3/trade/grid/add-investment",
    field: "category",
    documented: "SPOT",
    satisfied: (v) =>
      Unified.GridBot.addInvestment({ category: v, botId: "1", coin: "USDT", size: "10", fundsSource: ["uta"] })
  },
  {
    rule: "unified P2P createAd: a fixed price names its price",
    unified: true,
    path: "/api/v3/p2p/ad-create",
    field: "priceType",
    documented: "fixed",
    broken: { call: (v) => Unified.P2PAds.createAd({ ...ad, priceType: v }), reason: "price: required" },
    satisfied: (v) => Unified.P2PAds.createAd({ ...ad, priceType: v, price: "1" })
  },
  {
    rule: "unified P2P createAd: a sell ad names the account paid into",
    unified: true,
    path: "/api/v3/p2p/ad-create",
    field: "side",
    documented: "sell",
    broken: {
      call: (v) => Unified.P2PAds.createAd({ ...ad, side: v, price: "1" }),
      reason: "payMethodIds: userPayMethodId is required"
    },
    satisfied: (v) =>
      Unified.P2PAds.createAd({
        ...ad,
        side: v,
        price: "1",
        payMethodIds: [{ payMethodId: "1", userPayMethodId: "2" }]
      })
  },
  {
    rule: "unified broker createSubApikey: withdraw needs read_and_write (permType)",
    unified: true,
    path: "/api/v3/broker/create-sub-apikey",
    field: "permType",
    documented: "readonly",
    broken: {
      call: (v) => Unified.Broker.createSubApikey({ ...apiKey, permType: v, permList: ["withdraw"] }),
      reason: "permList: withdraw needs permType read_and_write"
    },
    satisfied: (v) => Unified.Broker.createSubApikey({ ...apiKey, permType: v, permList: ["uta_trade"] })
  },
  {
    rule: "unified broker createSubApikey: withdraw needs read_and_write (permList)",
    unified: true,
    path: "/api/v3/broker/create-sub-apikey",
    field: "permList.0",
    documented: "withdraw",
    broken: {
      call: (v) => Unified.Broker.createSubApikey({ ...apiKey, permType: "readonly", permList: [v] }),
      reason: "permList: withdraw needs permType read_and_write"
    },
    satisfied: (v) => Unified.Broker.createSubApikey({ ...apiKey, permType: "read_and_write", permList: [v] })
  },
  {
    rule: "unified broker commission: subBizType belongs to its bizType",
    unified: true,
    path: "/api/v3/broker/commission",
    field: "bizType",
    documented: "spot",
    broken: {
      call: (v) => Unified.Broker.commission({ bizType: v, subBizType: "usdt_futures" }),
      reason: "subBizType: usdt_futures is not a"
    },
    satisfied: (v) => Unified.Broker.commission({ bizType: v, subBizType: "spot_trade" })
  },
  {
    rule: "unified broker commission: subBizType spelled in any case",
    unified: true,
    path: "/api/v3/broker/commission",
    field: "subBizType",
    documented: "spot_trade",
    satisfied: (v) => Unified.Broker.commission({ bizType: "spot", subBizType: v })
  },
  {
    rule: "unified reality placeOrder: a limit order needs a price",
    unified: true,
    path: "/api/v3/trade/place-reality-order",
    field: "orderType",
    documented: "limit",
    broken: { call: (v) => Unified.Reality.placeOrder({ ...reality, orderType: v }), reason: "price: required" },
    satisfied: (v) => Unified.Reality.placeOrder({ ...reality, orderType: v, price: "1" })
  },
  {
    rule: "unified reality placeOrder: a market order takes no price",
    unified: true,
    path: "/api/v3/trade/place-reality-order",
    field: "orderType",
    documented: "market",
    broken: {
      call: (v) => Unified.Reality.placeOrder({ ...reality, orderType: v, price: "1" }),
      reason: "price: a market order takes no price"
    },
    satisfied: (v) => Unified.Reality.placeOrder({ ...reality, orderType: v })
  },
  {
    rule: "unified stock placeOrder: a LO order has submittedPrice",
    unified: true,
    path: "/api/v3/stockplus/trade/place-order",
    field: "orderType",
    documented: "LO",
    broken: {
      call: (v) => Unified.StockPlusTrade.placeOrder({ ...stock, orderType: v }),
      reason: "submittedPrice: required for a"
    },
    satisfied: (v) => Unified.StockPlusTrade.placeOrder({ ...stock, orderType: v, submittedPrice: "100" })
  },
  {
    rule: "unified stock placeOrder: a MIT order has triggerPrice",
    unified: true,
    path: "/api/v3/stockplus/trade/place-order",
    field: "orderType",
    documented: "MIT",
    broken: {
      call: (v) => Unified.StockPlusTrade.placeOrder({ ...stock, orderType: v }),
      reason: "triggerPrice: required for a"
    },
    satisfied: (v) => Unified.StockPlusTrade.placeOrder({ ...stock, orderType: v, triggerPrice: "100" })
  },
  {
    rule: "unified stock placeOrder: GoodTilDate has expireDate",
    unified: true,
    path: "/api/v3/stockplus/trade/place-order",
    field: "timeInForce",
    documented: "GoodTilDate",
    broken: {
      call: (v) => Unified.StockPlusTrade.placeOrder({ ...stock, orderType: "MO", timeInForce: v }),
      reason: "expireDate: required with timeInForce GoodTilDate"
    },
    satisfied: (v) =>
      Unified.StockPlusTrade.placeOrder({ ...stock, orderType: "MO", timeInForce: v, expireDate: "2027-01-04" })
  },
  {
    rule: "copy-trading settingSymbols: UPDATE needs a ratio",
    path: "/api/v2/copy/mix-trader/config-setting-symbols",
    field: "settingList.0.settingType",
    documented: "UPDATE",
    broken: {
      call: (v) =>
        CopyTrading.FuturesTrader.settingSymbols({
          settingList: [{ symbol: "BTCUSDT", productType: "USDT-FUTURES", settingType: v }]
        }),
      reason: "stopSurplusRatio or stopLossRatio is required when settingType is UPDATE"
    },
    satisfied: (v) =>
      CopyTrading.FuturesTrader.settingSymbols({
        settingList: [{ symbol: "BTCUSDT", productType: "USDT-FUTURES", settingType: v, stopLossRatio: "10" }]
      })
  },
  {
    rule: "copy-trading follower settings: specify names a leverage",
    path: "/api/v2/copy/mix-follower/settings",
    field: "settings.0.leverType",
    documented: "specify",
    broken: {
      call: (v) =>
        CopyTrading.FuturesFollower.settings({ traderId: Simulator.UID, settings: [{ ...follow, leverType: v }] }),
      reason: "longLeverage or shortLeverage is required when leverType is specify"
    },
    satisfied: (v) =>
      CopyTrading.FuturesFollower.settings({
        traderId: Simulator.UID,
        settings: [{ ...follow, leverType: v, longLeverage: "2" }]
      })
  }
]

/** The value at `field` (dotted, array indexes as numbers) of a recorded request. */
const valueAt = (received: Hostile.Received, field: string): unknown => {
  if (received.method === "GET") return received.query.get(field)
  let at: unknown = JSON.parse(received.body)
  for (const step of field.split(".")) at = (at as Record<string, unknown> | undefined)?.[step]
  return at
}

describe("request rules on Spelling fields: any letter case is the documented value", () => {
  it("every case's triggering value has spellings other than the documented one", () => {
    for (const c of cases) expect([c.rule, spellings(c.documented).length >= 2]).toEqual([c.rule, true])
  })

  it.live("refused (naming the field, nothing sent) when broken; sent as documented when satisfied", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const hostile = yield* Hostile.make({ upstream: simulator.url })
      // No client-side limiter: some of these endpoints allow one call a second, and none is retried.
      const client = (credentials: typeof simulator.credentials) =>
        Layer.build(
          BitgetClient.layer.pipe(
            Layer.provide(Layer.mergeAll(HttpSigner.layerHmac, Limiter.layerNone, Transport.layerUndici)),
            Layer.provide(BitgetConfig.layer({ baseUrl: hostile.url, credentials, timeout: "5 seconds" }))
          )
        )
      const v2 = yield* client(simulator.credentials)
      const v3 = yield* client(simulator.unified.credentials)
      const seen: Array<unknown> = []
      for (const c of cases) {
        const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient.BitgetClient>) =>
          Effect.provide(effect, c.unified === true ? v3 : v2)
        for (const spelled of spellings(c.documented)) {
          if (c.broken !== undefined) {
            const before = hostile.received.length
            const result = yield* Effect.either(via(c.broken.call(spelled)))
            const error = Either.isLeft(result) && result.left._tag === "InvalidRequest"
              ? result.left as unknown as { readonly reason: string; readonly message: string }
              : undefined
            // The reason starts with the field; a nested field's is within its item's message.
            const named = error !== undefined &&
              (c.field.includes(".")
                ? error.message.includes(c.broken.reason)
                : error.reason.startsWith(c.broken.reason))
            const outcome = hostile.received.length > before
              ? "sent"
              : named
              ? "refused"
              : error?.reason ?? (Either.isLeft(result) ? result.left._tag : "answered")
            seen.push([c.rule, spelled, "broken", outcome])
          }
          const before = hostile.received.length
          const result = yield* Effect.either(via(c.satisfied(spelled)))
          const refused = Either.isLeft(result) && result.left._tag === "InvalidRequest"
          const first = hostile.received.slice(before).find((r) => r.path === c.path)
          const outcome = refused ? "refused" : first === undefined ? "not sent" : valueAt(first, c.field)
          seen.push([c.rule, spelled, "satisfied", outcome])
        }
      }
      // One line per case, spelling and side: a failure shows every case that went wrong.
      expect(seen).toEqual(cases.flatMap((c) =>
        spellings(c.documented).flatMap((spelled) => [
          ...(c.broken === undefined ? [] : [[c.rule, spelled, "broken", "refused"]]),
          [c.rule, spelled, "satisfied", c.documented]
        ])
      ))
    }).pipe(Effect.scoped, Effect.provide(Layer.fresh(Simulator.layer({ rateLimits: false })))))
})
