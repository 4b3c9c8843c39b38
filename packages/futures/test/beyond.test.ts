/**
 * The futures endpoints beyond the specification's list that move state, as flows over loopback
 * against the simulator: cancel-all, modify-tpsl, the liquidation price of an opening and the
 * ADL rank, each also refusing its bad input before anything is sent.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Account from "@effect-bitget/futures/Account"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as PlanOrder from "@effect-bitget/futures/PlanOrder"
import * as Position from "@effect-bitget/futures/Position"
import * as TpslOrder from "@effect-bitget/futures/TpslOrder"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"

const fmt = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? undefined : Decimal.format(value)
const fresh = () => Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const btc = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
const eth = { symbol: "ETHUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
const futures = Simulator.control<FuturesControl>("futures")
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

const rest = (market: typeof btc | typeof eth, side: "buy" | "sell", price: string, clientOid: string) =>
  Order.placeOrder({ ...market, marginMode: "crossed", size: "0.01", side, orderType: "limit", price, clientOid })

layer(fresh(), { excludeTestServices: true })("futures cancel-all-orders", (it) => {
  it.effect("cancels every open order of the product type (or of one symbol), then has nothing to cancel", () =>
    Effect.gen(function*() {
      const control = yield* futures
      control.setMarkPrice("BTCUSDT", "60000")
      control.setMarkPrice("ETHUSDT", "3000")
      yield* rest(btc, "buy", "50000", "all-1")
      yield* rest(btc, "sell", "70000", "all-2")
      yield* rest(eth, "buy", "2500", "all-3")
      yield* Order.placeOrder({
        symbol: "BTCPERP",
        productType: "USDC-FUTURES",
        marginCoin: "USDC",
        marginMode: "crossed",
        size: "0.01",
        side: "buy",
        orderType: "limit",
        price: "50000",
        clientOid: "all-usdc"
      })
      // One symbol first: the ETH order stays.
      const one = yield* Order.cancelAllOrders({ productType: "USDT-FUTURES", symbol: "BTCUSDT" })
      expect(one.successList.map((o) => o.clientOid).sort()).toEqual(["all-1", "all-2"])
      const left = yield* OrderQuery.ordersPending({ productType: "USDT-FUTURES" })
      expect(left.entrustedList.map((o) => o.clientOid)).toEqual(["all-3"])
      // Then the whole product type: the USDC-FUTURES order is another product's and stays.
      const all = yield* Order.cancelAllOrders({ productType: "USDT-FUTURES" })
      expect([all.successList.map((o) => o.clientOid), all.failureList]).toEqual([["all-3"], []])
      expect((yield* OrderQuery.ordersPending({ productType: "USDT-FUTURES" })).entrustedList).toEqual([])
      const usdc = yield* OrderQuery.ordersPending({ productType: "USDC-FUTURES" })
      expect(usdc.entrustedList.map((o) => o.clientOid)).toEqual(["all-usdc"])
      const cancelled = yield* OrderQuery.detail({ symbol: "BTCUSDT", productType: "USDT-FUTURES", clientOid: "all-1" })
      expect(cancelled.state).toBe("cancelled")
      // Nothing open: Bitget's 22001.
      const none = yield* Effect.flip(Order.cancelAllOrders({ productType: "USDT-FUTURES" }))
      expect("code" in none ? none.code : none._tag).toBe("22001")
    }))

  it.effect("an unknown product type is refused before anything is sent", () =>
    Effect.gen(function*() {
      yield* refusedLocally(
        Order.cancelAllOrders({ productType: "SPOT" as "USDT-FUTURES" }),
        "productType",
        yield* sent
      )
    }))
})

layer(fresh(), { excludeTestServices: true })("futures modify-tpsl-order", (it) => {
  it.effect("the next trigger uses the modified trigger price and size; the plan keeps its id", () =>
    Effect.gen(function*() {
      const control = yield* futures
      control.setMarkPrice("BTCUSDT", "60000")
      yield* Order.placeOrder({ ...btc, marginMode: "crossed", size: "0.1", side: "buy", orderType: "market" })
      const tp = yield* PlanOrder.placeTpslOrder({
        ...btc,
        planType: "profit_plan",
        triggerPrice: "66000",
        triggerType: "mark_price",
        holdSide: "buy",
        size: "0.04",
        clientOid: "tp-1"
      })
      const modified = yield* TpslOrder.modifyTpslOrder({
        ...btc,
        clientOid: "tp-1",
        triggerPrice: "62000",
        triggerType: "mark_price",
        executePrice: "0",
        size: "0.03"
      })
      expect(modified.orderId).toBe(tp.orderId)
      const pending = yield* PlanOrder.ordersPlanPending({ productType: "USDT-FUTURES", planType: "profit_loss" })
      const plan = pending.entrustedList.find((p) => p.orderId === tp.orderId)!
      expect([fmt(plan.triggerPrice), fmt(plan.size)]).toEqual(["62000", "0.03"])
      // The old trigger (66000) is not reached, the new one is: 0.03 of the 0.1 is closed.
      control.setMarkPrice("BTCUSDT", "62000")
      const [position] = yield* Position.singlePosition(btc)
      expect(fmt(position!.total)).toBe("0.07")
      const history = yield* PlanOrder.ordersPlanHistory({ productType: "USDT-FUTURES", planType: "profit_loss" })
      expect(history.entrustedList.find((p) => p.orderId === tp.orderId)?.planStatus).toBe("executed")
      // An executed plan can no longer be modified.
      const gone = yield* Effect.flip(TpslOrder.modifyTpslOrder({ ...btc, orderId: tp.orderId, triggerPrice: "63000" }))
      expect(gone._tag).toBe("OrderNotFound")
    }))

  it.effect("without orderId or clientOid, or with a negative executePrice, nothing is sent", () =>
    Effect.gen(function*() {
      const count = yield* sent
      yield* refusedLocally(TpslOrder.modifyTpslOrder({ ...btc, triggerPrice: "1" }), "orderId or clientOid", count)
      yield* refusedLocally(
        TpslOrder.modifyTpslOrder({ ...btc, orderId: "1", triggerPrice: "1", executePrice: "-1" }),
        "executePrice",
        count
      )
      yield* refusedLocally(
        TpslOrder.modifyTpslOrder({ ...btc, orderId: "1", triggerPrice: "0" }),
        "triggerPrice",
        count
      )
    }))
})

layer(fresh(), { excludeTestServices: true })("futures liq-price and adlRank", (it) => {
  it.effect("the liquidation price of an opening: entry × (1 − 1/leverage) alone, moved by what the side holds", () =>
    Effect.gen(function*() {
      const control = yield* futures
      control.setMarkPrice("BTCUSDT", "60000")
      yield* Account.setLeverage({ ...btc, leverage: "20" })
      const alone = yield* Account.liqPrice({ ...btc, posSide: "long", orderType: "market", openAmount: "100" })
      expect(fmt(alone.liqPrice)).toBe("57000")
      const short = yield* Account.liqPrice({
        ...btc,
        posSide: "short",
        orderType: "limit",
        openAmount: "100",
        openPrice: "50000"
      })
      expect(fmt(short.liqPrice)).toBe("52500")
      // A long of 0.1 opened at 60000 (margin 300), then the mark at 66000: the new 100 USDT buys
      // 100 × 20 / 66000 more; average 8000 / 0.130303… = 61395.35…, margin 400, so
      // 61395.35 − 400 / 0.130303… = 58325.58… (one decimal place for BTCUSDT).
      yield* Order.placeOrder({ ...btc, marginMode: "crossed", size: "0.1", side: "buy", orderType: "market" })
      control.setMarkPrice("BTCUSDT", "66000")
      const held = yield* Account.liqPrice({ ...btc, posSide: "long", orderType: "market", openAmount: "100" })
      expect(fmt(held.liqPrice)).toBe("58325.6")
      const nothingHeld = yield* Account.liqPrice({ ...btc, posSide: "short", orderType: "market", openAmount: "100" })
      expect(fmt(nothingHeld.liqPrice)).toBe("69300")
    }))

  it.effect("a limit opening without openPrice is refused before anything is sent", () =>
    Effect.gen(function*() {
      yield* refusedLocally(
        Account.liqPrice({ ...btc, posSide: "long", orderType: "limit", openAmount: "100" }),
        "openPrice: required for a limit order",
        yield* sent
      )
      yield* refusedLocally(
        Account.liqPrice({ ...btc, posSide: "long", orderType: "market", openAmount: "0" }),
        "openAmount",
        yield* sent
      )
    }))

  it.effect("the ADL rank rises with the position's profit and is 0 in a loss", () =>
    Effect.gen(function*() {
      const control = yield* futures
      const rank = Effect.map(
        Position.adlRank({ productType: "USDT-FUTURES" }),
        (rows) => rows.map((r) => [r.symbol, r.holdSide, fmt(r.rank), fmt(r.adlRank)])
      )
      // The long of 0.1 BTC from 60000 (margin 300, 20x) of the test above is still open.
      control.setMarkPrice("BTCUSDT", "60000")
      expect(yield* rank).toEqual([["BTCUSDT", "long", "0", "1"]])
      // +30 USDT on 300 of margin at 20x: score 2, rank 2/3.
      control.setMarkPrice("BTCUSDT", "60300")
      expect(yield* rank).toEqual([["BTCUSDT", "long", "0.6667", "0.3333"]])
      control.setMarkPrice("BTCUSDT", "61500")
      expect(yield* rank).toEqual([["BTCUSDT", "long", "0.9091", "0.0909"]])
      control.setMarkPrice("BTCUSDT", "59000")
      expect(yield* rank).toEqual([["BTCUSDT", "long", "0", "1"]])
      expect(yield* Position.adlRank({ productType: "COIN-FUTURES" })).toEqual([])
    }))
})
