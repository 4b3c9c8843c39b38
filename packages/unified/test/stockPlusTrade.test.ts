/**
 * Stock+ flows over loopback against the simulator's Stock+ state (clock driven by TestClock):
 * USDT moved from the unified balance into Stock+ cash and back; a limit order resting, amended
 * and cancelled with its cash frozen and released; orders filling against the book read from the
 * stock's price path (at once when marketable, at their limit when `setPrice` crosses them); the
 * position, executions and cash flow after the fills; today's reads emptied into history by the
 * next day.
 */
import { Simulator } from "@effect-bitget/simulator"
import type { StockPlusControl } from "@effect-bitget/simulator/unified/StockPlusRoutes"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Clock from "effect/Clock"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { advance, drive } from "./drive.js"

const { Account, Bills, StockPlusAsset, StockPlusMarket, StockPlusTrade } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const text = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : BigDecimal.format(BigDecimal.normalize(value))

const held = (coin: string) =>
  Effect.map(Account.assets(), (a) => a.assets.find((row) => row.coin === coin)?.available ?? BigDecimal.fromBigInt(0n))
const cash = Effect.map(StockPlusAsset.account(), ({ list: [usd] }) => usd!.cashInfos[0]!)
const position = (symbol: string) =>
  Effect.map(
    StockPlusAsset.stockPosition({ symbol }),
    ({ channels }) => channels.flatMap((c) => c.positions).find((p) => p.symbol === symbol)
  )

layer(Env)("Stock+ trading and assets", (it) => {
  it.effect("a transfer in, an order rested, amended, cancelled, filled; a position sold; the day rolls into history", () =>
    drive(Effect.gen(function*() {
      const control = yield* Simulator.control<StockPlusControl>("stockPlus")
      const usdt = yield* held("USDT")

      // In: the unified balance pays, Stock+ cash receives, one transfer record and one flow.
      const { transferId } = yield* StockPlusAsset.transfer({ coin: "USDT", amount: "10000", direction: "in" })
      expect(text(BigDecimal.subtract(usdt, yield* held("USDT")))).toBe("10000")
      expect(text((yield* cash).availableCash)).toBe("10000")
      // The one ledger: the unified balance's financial records show the transfer out of it.
      const bills = (yield* Bills.financialRecords({ category: "OTHER", coin: "USDT" })).list
      expect(bills.map((b) => [b.type, text(b.amount)])).toContainEqual(["TRANSFER-OUT", "-10000"])
      const [record] = yield* StockPlusAsset.transferRecords({ limit: 5 })
      expect(record).toMatchObject({ transferId, coin: "USDT", direction: "in" })
      expect(text(record!.amount)).toBe("10000")

      // The book around AAPL's price: 228.50, one step (0.01) either side.
      const depth = yield* StockPlusMarket.depth({ symbol: "AAPL.US" })
      expect([text(depth.bids[0]!.price), text(depth.asks[0]!.price)]).toEqual(["228.49", "228.51"])

      // A buy below the ask rests, its cost frozen.
      const resting = yield* StockPlusTrade.placeOrder({
        symbol: "AAPL.US",
        orderType: "LO",
        side: "Buy",
        submittedQuantity: "10",
        timeInForce: "Day",
        submittedPrice: "220"
      })
      const [open] = (yield* StockPlusTrade.todayOrders({ orderId: resting.orderId })).orders
      expect(open).toMatchObject({ status: "NewStatus", side: "Buy", orderType: "LO", symbol: "AAPL.US" })
      expect([text((yield* cash).availableCash), text((yield* cash).frozenCash)]).toEqual(["7800", "2200"])

      // Amended to 20 shares: twice the cash frozen.
      yield* StockPlusTrade.modifyOrder({ orderId: resting.orderId, quantity: "20", price: "220" })
      expect(text((yield* cash).frozenCash)).toBe("4400")
      const amended = yield* StockPlusTrade.orderDetail({ orderId: resting.orderId })
      expect(amended.status).toBe("ReplacedStatus")
      expect(amended.history!.map((h) => h.status)).toEqual(["NewStatus", "ReplacedStatus"])
      // More than the cash can freeze is refused, and the order stands as it was.
      const tooMuch = yield* Effect.flip(StockPlusTrade.modifyOrder({ orderId: resting.orderId, quantity: "100" }))
      expect(tooMuch._tag).toBe("InsufficientBalance")
      expect(text((yield* cash).frozenCash)).toBe("4400")

      // Cancelled: everything released; a second cancel finds no open order.
      yield* StockPlusTrade.cancelOrder({ symbol: "AAPL.US", orderId: resting.orderId })
      expect([text((yield* cash).availableCash), text((yield* cash).frozenCash)]).toEqual(["10000", "0"])
      expect((yield* StockPlusTrade.orderDetail({ orderId: resting.orderId })).status).toBe("CanceledStatus")
      const twice = yield* Effect.flip(StockPlusTrade.cancelOrder({ symbol: "AAPL.US", orderId: resting.orderId }))
      expect(twice._tag).toBe("OrderNotFound")

      // A marketable buy takes the best ask at once (not its own, higher limit).
      const taker = yield* StockPlusTrade.placeOrder({
        symbol: "AAPL.US",
        orderType: "LO",
        side: "Buy",
        submittedQuantity: "10",
        timeInForce: "Day",
        submittedPrice: "230"
      })
      const filled = yield* StockPlusTrade.orderDetail({ orderId: taker.orderId })
      expect([filled.status, text(filled.executedPrice), text(filled.executedQuantity)]).toEqual([
        "FilledStatus",
        "228.51",
        "10"
      ])
      expect(text((yield* cash).availableCash)).toBe("7714.9")

      // A buy at 225 rests until the stock falls below it, then fills at 225.
      const dip = yield* StockPlusTrade.placeOrder({
        symbol: "AAPL.US",
        orderType: "LO",
        side: "Buy",
        submittedQuantity: "10",
        timeInForce: "GoodTilCanceled",
        submittedPrice: "225"
      })
      control.setPrice("AAPL.US", "226")
      expect((yield* StockPlusTrade.orderDetail({ orderId: dip.orderId })).status).toBe("NewStatus")
      control.setPrice("AAPL.US", "224.5")
      const dipped = yield* StockPlusTrade.orderDetail({ orderId: dip.orderId })
      expect([dipped.status, text(dipped.executedPrice)]).toEqual(["FilledStatus", "225"])
      // The quote and the book follow the moved price.
      const [quote] = (yield* StockPlusMarket.quote({ symbol: "AAPL.US" })).list
      expect(text(quote!.lastDone)).toBe("224.5")
      const held20 = (yield* position("AAPL.US"))!
      expect([text(held20.quantity), text(held20.availableQuantity), text(held20.costPrice)]).toEqual([
        "20",
        "20",
        "226.755"
      ])

      // A sell at market takes the best bid; selling more than is held is refused.
      const short = yield* Effect.flip(StockPlusTrade.placeOrder({
        symbol: "AAPL.US",
        orderType: "MO",
        side: "Sell",
        submittedQuantity: "21",
        timeInForce: "Day"
      }))
      expect(short._tag).toBe("InsufficientBalance")
      const sold = yield* StockPlusTrade.placeOrder({
        symbol: "AAPL.US",
        orderType: "MO",
        side: "Sell",
        submittedQuantity: "20",
        timeInForce: "Day"
      })
      expect(text((yield* StockPlusTrade.orderDetail({ orderId: sold.orderId })).executedPrice)).toBe("224.49")
      expect(yield* position("AAPL.US")).toBeUndefined()
      // 10000 − 2285.1 − 2250 + 4489.8
      expect(text((yield* cash).availableCash)).toBe("9954.7")

      const today = yield* StockPlusTrade.todayExecutions({ symbol: "AAPL.US" })
      expect(today.trades.map((t) => text(t.price))).toEqual(["224.49", "225", "228.51"])
      expect(today.trades[0]!.orderId).toBe(sold.orderId)
      const now = yield* Clock.currentTimeMillis
      const flows = yield* StockPlusAsset.cashFlow({
        startTime: DateTime.unsafeMake(now - 3_600_000),
        endTime: DateTime.unsafeMake(now)
      })
      expect(flows.list.map((f) => [f.businessType, f.direction, text(f.balance)])).toEqual([
        ["trade", "2", "4489.8"],
        ["trade", "1", "2250"],
        ["trade", "1", "2285.1"],
        ["transfer", "2", "10000"]
      ])
      const trades = yield* StockPlusAsset.cashFlow({
        startTime: DateTime.unsafeMake(now - 3_600_000),
        endTime: DateTime.unsafeMake(now),
        businessType: "trade",
        page: 2,
        size: 2
      })
      expect(trades.list.map((f) => text(f.balance))).toEqual(["2285.1"])
      expect((yield* StockPlusTrade.todayOrders({ symbol: "AAPL.US" })).orders.length).toBe(4)

      // The next day: today's reads are empty, the history has them.
      yield* advance("1 day")
      expect((yield* StockPlusTrade.todayOrders()).orders).toEqual([])
      expect((yield* StockPlusTrade.todayExecutions()).trades).toEqual([])
      const history = yield* StockPlusTrade.historyOrders({ symbol: "AAPL.US" })
      expect([history.hasMore, history.orders.map((o) => o.status)]).toEqual([false, [
        "FilledStatus",
        "FilledStatus",
        "FilledStatus",
        "CanceledStatus"
      ]])
      const filledOnly = yield* StockPlusTrade.historyOrders({ status: "CanceledStatus" })
      expect(filledOnly.orders.map((o) => o.orderId)).toEqual([resting.orderId])
      expect((yield* StockPlusTrade.historyExecutions()).trades.length).toBe(3)

      // Out: more than the cash is refused; all of it goes back to the unified balance.
      const over = yield* Effect.flip(StockPlusAsset.transfer({ coin: "USDT", amount: "9954.71", direction: "out" }))
      expect(over._tag).toBe("InsufficientBalance")
      yield* StockPlusAsset.transfer({ coin: "USDT", amount: "9954.7", direction: "out" })
      expect(text(BigDecimal.subtract(usdt, yield* held("USDT")))).toBe("45.3")
      const records = yield* StockPlusAsset.transferRecords({})
      expect(records.map((r) => r.direction)).toEqual(["out", "in"])
      // Each row's cursor leads past it.
      const older = yield* StockPlusAsset.transferRecords({ cursor: records[0]!.cursor! })
      expect(older.map((r) => r.transferId)).toEqual([transferId])
      control.setPrice("AAPL.US", "228.50")
    })))

  it.effect("short cash, an unknown stock, an unknown order: Bitget's errors", () =>
    drive(Effect.gen(function*() {
      const broke = yield* Effect.flip(StockPlusTrade.placeOrder({
        symbol: "NVDA.US",
        orderType: "LO",
        side: "Buy",
        submittedQuantity: "1000000",
        timeInForce: "Day",
        submittedPrice: "100"
      }))
      expect(broke._tag).toBe("InsufficientBalance")
      const unknown = yield* Effect.flip(StockPlusMarket.quote({ symbol: "NOPE.US" }))
      expect(JSON.stringify(unknown)).toContain("25100")
      const missing = yield* Effect.flip(StockPlusTrade.orderDetail({ orderId: "1" }))
      expect(missing._tag).toBe("OrderNotFound")
      const coin = yield* Effect.flip(StockPlusAsset.transfer({ coin: "BTC", amount: "1", direction: "in" }))
      expect(JSON.stringify(coin)).toContain("25200")
    })))
})
