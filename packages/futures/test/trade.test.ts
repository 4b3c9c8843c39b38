import * as Account from "@effect-bitget/futures/Account"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as Position from "@effect-bitget/futures/Position"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const fresh = () => Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const fmt = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? undefined : BigDecimal.format(value)
const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const

layer(fresh(), { excludeTestServices: true })("one-way: open long, partial close, history", (it) => {
  it.effect("leverage, open, position, partial close, fills, bills and history", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<FuturesControl>("futures")
      control.setMarkPrice("BTCUSDT", "60000")
      const lev = yield* Account.setLeverage({ ...usdt, leverage: "10" })
      expect(fmt(lev.longLeverage)).toBe("10")
      const before = yield* Account.account(usdt)
      expect(before.posMode).toBe("one_way_mode")
      expect(fmt(before.crossedMarginLeverage)).toBe("10")
      expect(fmt(before.available)).toBe("100000")

      const open = yield* Order.placeOrderIn("one_way_mode", {
        ...usdt,
        marginMode: "crossed",
        size: "0.1",
        side: "buy",
        orderType: "market",
        clientOid: "open-1"
      })
      expect(open.clientOid).toBe("open-1")
      const [long] = yield* Position.singlePosition(usdt)
      expect(long!.holdSide).toBe("long")
      expect(fmt(long!.total)).toBe("0.1")
      expect(fmt(long!.openPriceAvg)).toBe("60000")
      // margin 6000 / 10 = 600, fee 6000 × 0.0006 = 3.6
      expect(fmt(long!.marginSize)).toBe("600")
      const during = yield* Account.account(usdt)
      expect(fmt(during.available)).toBe("99396.4")

      control.setMarkPrice("BTCUSDT", "61000")
      const close = yield* Order.placeOrder({
        ...usdt,
        marginMode: "crossed",
        size: "0.04",
        side: "sell",
        orderType: "market",
        reduceOnly: true
      })
      const [rest] = yield* Position.singlePosition(usdt)
      expect(fmt(rest!.total)).toBe("0.06")
      expect(fmt(rest!.achievedProfits)).toBe("40")

      const detail = yield* OrderQuery.detail({
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        orderId: close.orderId!
      })
      expect(detail.state).toBe("filled")
      expect(detail.reduceOnly).toBe(true)
      expect(fmt(detail.totalProfits)).toBe("40")

      const history = yield* OrderQuery.ordersHistory({ productType: "USDT-FUTURES" })
      expect(history.entrustedList.map((o) => o.orderId)).toEqual([close.orderId, open.orderId])
      expect(history.entrustedList.every((o) => o.status === "filled" && o.posSide === "net")).toBe(true)

      const fills = yield* OrderQuery.fills({ productType: "USDT-FUTURES", symbol: "BTCUSDT" })
      expect(fills.fillList.length).toBe(2)
      const closing = fills.fillList[0]!
      expect(closing.feeDetail[0]!.feeCoin).toBe("USDT")
      expect(closing.feeDetail[0]!.deduction).toBe(false)
      expect(fmt(closing.feeDetail[0]!.totalFee)).toBe("-1.464")
      expect(fmt(closing.profit)).toBe("40")

      const bills = yield* Account.bill({ productType: "USDT-FUTURES" })
      expect(bills.bills.map((b) => b.businessType)).toEqual(["close_long", "open_long"])

      const positions = yield* Position.allPosition({ productType: "USDT-FUTURES" })
      expect(positions.length).toBe(1)
    }))

  it.effect("order history streams across pages by endId", () =>
    Effect.gen(function*() {
      for (let i = 0; i < 5; i++) {
        yield* Order.placeOrder({
          symbol: "ETHUSDT",
          productType: "USDT-FUTURES",
          marginCoin: "USDT",
          marginMode: "crossed",
          size: "0.01",
          side: i % 2 === 0 ? "buy" : "sell",
          orderType: "market"
        })
      }
      const pages = yield* OrderQuery.ordersHistory.pages({ productType: "USDT-FUTURES", symbol: "ETHUSDT", limit: 2 })
        .pipe(Stream.runCollect)
      expect(Chunk.size(pages)).toBe(3)
      const ids = Chunk.toReadonlyArray(
        yield* OrderQuery.ordersHistory.items({ productType: "USDT-FUTURES", symbol: "ETHUSDT", limit: 2 })
          .pipe(Stream.runCollect)
      ).map((o) => o.orderId)
      expect(ids.length).toBe(5)
      expect([...ids].sort().reverse()).toEqual(ids)
      const fills = yield* OrderQuery.fills.items({ productType: "USDT-FUTURES", symbol: "ETHUSDT", limit: 2 })
        .pipe(Stream.runCount)
      expect(fills).toBe(5)
      const bills = yield* Account.bill.items({ productType: "USDT-FUTURES", limit: 3 }).pipe(Stream.runCount)
      expect(bills).toBe(7)
    }))

  it.effect("limit orders rest, fill when the mark crosses, modify and cancel", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<FuturesControl>("futures")
      control.setMarkPrice("BTCUSDT", "60000")
      const base = { ...usdt, marginMode: "crossed", side: "buy", orderType: "limit" } as const
      const resting = yield* Order.placeOrder({ ...base, size: "0.01", price: "59000", presetStopLossPrice: "55000" })
      const other = yield* Order.placeOrder({ ...base, size: "0.01", price: "58000", clientOid: "low-bid" })
      const pending = yield* OrderQuery.ordersPending({ productType: "USDT-FUTURES" })
      expect(pending.entrustedList.map((o) => o.orderId)).toEqual([other.orderId, resting.orderId])
      expect(fmt(pending.entrustedList[1]!.presetStopLossPrice)).toBe("55000")

      const modified = yield* Order.modifyOrder({
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        clientOid: "low-bid",
        newClientOid: "low-bid-2",
        // Bitget takes a new price only with a new size (the same size here).
        newSize: "0.01",
        newPrice: "57000"
      })
      expect(modified.clientOid).toBe("low-bid-2")

      control.setMarkPrice("BTCUSDT", "58500")
      const filled = yield* OrderQuery.detail({
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        orderId: resting.orderId!
      })
      expect(filled.state).toBe("filled")
      expect(fmt(filled.priceAvg)).toBe("59000")

      const cancelled = yield* Order.cancelOrder({
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        clientOid: "low-bid-2"
      })
      expect(cancelled.orderId).toBe(other.orderId)
      const again = yield* Effect.flip(Order.cancelOrder({ ...usdt, orderId: other.orderId! }))
      expect(again._tag).toBe("OrderNotFound")
    }))

  it.effect("batch place and cancel report each item", () =>
    Effect.gen(function*() {
      const placed = yield* Order.batchPlaceOrder({
        ...usdt,
        marginMode: "crossed",
        orderList: [
          { size: "0.01", price: "50000", side: "buy", orderType: "limit", clientOid: "b1" },
          { size: "0.01", price: "50001", side: "buy", orderType: "limit", clientOid: "b1" },
          { size: "0.01", price: "50002", side: "buy", orderType: "limit", clientOid: "b3" }
        ]
      })
      expect(placed.successList.map((s) => s.clientOid)).toEqual(["b1", "b3"])
      expect(placed.failureList[0]!.errorCode).toBe("43118")
      const cancelled = yield* Order.batchCancelOrders({
        ...usdt,
        orderIdList: [{ clientOid: "b1" }, { clientOid: "b3" }, { orderId: "1" }]
      })
      expect(cancelled.successList.length).toBe(2)
      expect(cancelled.failureList.map((f) => f.orderId)).toEqual(["1"])
    }))

  it.effect("close positions and click-backhand", () =>
    Effect.gen(function*() {
      const [before] = yield* Position.singlePosition(usdt)
      const reversed = yield* Order.clickBackhand({ ...usdt, size: before!.total })
      const [short] = yield* Position.singlePosition(usdt)
      expect(short!.holdSide).toBe("short")
      expect(fmt(short!.total)).toBe(fmt(before!.total))
      const detail = yield* OrderQuery.detail({
        symbol: "BTCUSDT",
        productType: "USDT-FUTURES",
        orderId: reversed.orderId!
      })
      expect(detail.orderSource).toBe("reverse")
      const closed = yield* Order.closePositions({ productType: "USDT-FUTURES" })
      expect(closed.successList.map((s) => s.symbol).sort()).toEqual(["BTCUSDT", "ETHUSDT"])
      expect(yield* Position.allPosition({ productType: "USDT-FUTURES" })).toEqual([])
      const none = yield* Effect.flip(Order.closePositions({ productType: "USDT-FUTURES" }))
      expect(none._tag).toBe("InsufficientBalance")
    }))

  it.effect("margin mode, isolated margin and account lists", () =>
    Effect.gen(function*() {
      const eth = { symbol: "ETHUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const
      const mode = yield* Account.setMarginMode({ ...eth, marginMode: "isolated" })
      expect(mode.marginMode).toBe("isolated")
      yield* Order.placeOrder({ ...eth, marginMode: "isolated", size: "1", side: "sell", orderType: "market" })
      const busy = yield* Effect.flip(Account.setMarginMode({ ...eth, marginMode: "crossed" }))
      expect(busy._tag).toBe("ExchangeError")
      yield* Account.setMargin({ ...eth, holdSide: "short", amount: "50" })
      const [short] = yield* Position.singlePosition(eth)
      expect(short!.marginMode).toBe("isolated")
      expect(fmt(short!.marginSize)).toBe("200")
      yield* Account.setMargin({ ...eth, holdSide: "short", amount: "-20" })
      const [after] = yield* Position.singlePosition(eth)
      expect(fmt(after!.marginSize)).toBe("180")
      const bills = yield* Account.bill({ productType: "USDT-FUTURES", businessType: "append_margin" })
      expect(bills.bills.length).toBe(1)
      const accounts = yield* Account.accounts({ productType: "COIN-FUTURES" })
      expect(accounts.map((a) => a.marginCoin).sort()).toEqual(["BTC", "ETH"])
      expect(yield* Account.subAccountAssets({ productType: "USDT-FUTURES" })).toEqual([])
      const count = yield* Account.openCount({ ...usdt, openAmount: "600", openPrice: "60000", leverage: "10" })
      expect(fmt(count.size)).toBe("0.1")
    }))
})

layer(fresh(), { excludeTestServices: true })("hedge mode", (it) => {
  const perp = { symbol: "BTCPERP", productType: "USDC-FUTURES", marginCoin: "USDC" } as const
  it.effect("open long and short at once, close the short", () =>
    Effect.gen(function*() {
      const mode = yield* Account.setPositionMode({ productType: "USDC-FUTURES", posMode: "hedge_mode" })
      expect(mode.posMode).toBe("hedge_mode")
      const account = yield* Account.account(perp)
      expect(account.posMode).toBe("hedge_mode")
      const order = { ...perp, marginMode: "crossed", size: "0.2", orderType: "market" } as const
      yield* Order.placeOrderIn("hedge_mode", { ...order, side: "buy", tradeSide: "open" })
      yield* Order.placeOrderIn("hedge_mode", { ...order, side: "sell", tradeSide: "open" })
      const both = yield* Position.singlePosition(perp)
      expect(both.map((p) => p.holdSide).sort()).toEqual(["long", "short"])
      expect(both.every((p) => p.posMode === "hedge_mode")).toBe(true)
      // Hedge mode: sell + close closes the short.
      const close = yield* Order.placeOrderIn("hedge_mode", { ...order, size: "0.2", side: "sell", tradeSide: "close" })
      const left = yield* Position.singlePosition(perp)
      expect(left.map((p) => p.holdSide)).toEqual(["long"])
      const detail = yield* OrderQuery.detail({
        symbol: "BTCPERP",
        productType: "USDC-FUTURES",
        orderId: close.orderId!
      })
      expect(detail.tradeSide).toBe("close")
      expect(detail.posSide).toBe("short")
      // The exchange refuses a hedge-mode order without tradeSide; the mode cannot change with positions open.
      const refused = yield* Effect.flip(Order.placeOrder({ ...order, side: "buy" }))
      expect(refused._tag).toBe("InvalidParameter")
      const busy = yield* Effect.flip(Account.setPositionMode({ productType: "USDC-FUTURES", posMode: "one_way_mode" }))
      expect(busy._tag).toBe("ExchangeError")
    }))

  it.effect("placeOrderIn checks tradeSide against the known mode before sending", () =>
    Effect.gen(function*() {
      const order = { ...perp, marginMode: "crossed", size: "0.2", orderType: "market", side: "buy" } as const
      const missing = yield* Effect.flip(Order.placeOrderIn("hedge_mode" as Order.PositionMode, order))
      expect(missing._tag).toBe("InvalidRequest")
      const extra = yield* Effect.flip(
        Order.placeOrderIn("one_way_mode" as Order.PositionMode, { ...order, tradeSide: "open" })
      )
      expect(extra._tag === "InvalidRequest" && extra.reason.includes("one-way")).toBe(true)
      const batch = yield* Effect.flip(
        Order.batchPlaceOrderIn("hedge_mode", {
          ...perp,
          marginMode: "crossed",
          orderList: [{ size: "0.1", side: "buy", orderType: "market", tradeSide: "open" }, {
            size: "0.1",
            side: "buy",
            orderType: "market"
          }]
        })
      )
      expect(batch._tag === "InvalidRequest" && batch.reason.startsWith("orderList[1]")).toBe(true)
      // Nothing was sent: the long is still 0.2.
      const [long] = yield* Position.singlePosition(perp)
      expect(fmt(long!.total)).toBe("0.2")
    }))
})
