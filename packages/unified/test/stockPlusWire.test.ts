/**
 * Every Stock+ declaration over loopback with generated answers (a `Wiretap` domain takes the 24
 * endpoints over): the request as the exchange received it, the answer decoded as sent, the
 * names, and each local rule at its edge (the first value refused, nothing sent). The flows
 * against the simulator's Stock+ state are `stockPlusTrade.test.ts` and `stockPlusMarket.test.ts`.
 */
import { Simulator, Wiretap } from "@effect-bitget/simulator"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { check, type WireCase } from "../../core/test/wiretap.js"
import { drive } from "./drive.js"

const { StockPlusAsset, StockPlusMarket, StockPlusTrade } = Unified
const T0 = Date.UTC(2026, 5, 1)
const at = (ms: number) => DateTime.unsafeMake(ms)

const cases: ReadonlyArray<WireCase> = [
  {
    endpoint: StockPlusMarket.OptionQuotes,
    call: StockPlusMarket.optionQuote({ symbol: "AAPL260619C230000.US" }),
    wire: { symbol: "AAPL260619C230000.US" }
  },
  {
    endpoint: StockPlusMarket.OptionChainInfo,
    call: StockPlusMarket.optionChainInfo({ symbol: "AAPL.US", expiryDate: "20260619" }),
    wire: { symbol: "AAPL.US", expiryDate: "20260619" }
  },
  {
    endpoint: StockPlusMarket.OptionExpiryDate,
    call: StockPlusMarket.optionExpiryDate({ symbol: "AAPL.US" }),
    wire: { symbol: "AAPL.US" }
  },
  {
    endpoint: StockPlusMarket.OptionVolume,
    call: StockPlusMarket.optionVolume({ symbol: "NVDA.US" }),
    wire: { symbol: "NVDA.US" }
  },
  {
    endpoint: StockPlusMarket.Static,
    call: StockPlusMarket.staticInfo({ symbol: "NVDA.US,AAPL.US" }),
    wire: { symbol: "NVDA.US,AAPL.US" }
  },
  { endpoint: StockPlusMarket.Quotes, call: StockPlusMarket.quote({ symbol: "TSLA.US" }), wire: { symbol: "TSLA.US" } },
  {
    endpoint: StockPlusMarket.Trades,
    call: StockPlusMarket.trades({ symbol: "TSLA.US", count: 50 }),
    wire: { symbol: "TSLA.US", count: "50" }
  },
  {
    endpoint: StockPlusMarket.Intraday,
    call: StockPlusMarket.intraday({ symbol: "AAPL.US" }),
    wire: { symbol: "AAPL.US" }
  },
  {
    endpoint: StockPlusMarket.Candlestick,
    call: StockPlusMarket.candlestick({ symbol: "AAPL.US", period: "day", count: 30, adjustType: "0" }),
    wire: { symbol: "AAPL.US", period: "day", count: "30", adjustType: "0" }
  },
  {
    endpoint: StockPlusMarket.HistoryCandlestick,
    call: StockPlusMarket.historyCandlestick({
      symbol: "AAPL.US",
      period: "1m",
      count: 10,
      forward: false,
      time: "1780000000000",
      tradeSessions: "All"
    }),
    wire: {
      symbol: "AAPL.US",
      period: "1m",
      count: "10",
      forward: "false",
      time: "1780000000000",
      tradeSessions: "All"
    }
  },
  { endpoint: StockPlusMarket.Depth, call: StockPlusMarket.depth({ symbol: "AAPL.US" }), wire: { symbol: "AAPL.US" } },
  {
    endpoint: StockPlusTrade.PlaceOrder,
    // Any letter case in, Bitget's spelling out.
    call: StockPlusTrade.placeOrder({
      symbol: "AAPL.US",
      orderType: "lo" as "LO",
      side: "buy" as "Buy",
      submittedQuantity: "3",
      timeInForce: "day" as "Day",
      submittedPrice: "200.5",
      outsideRth: "anytime" as "AnyTime",
      remark: "note"
    }),
    wire: {
      symbol: "AAPL.US",
      orderType: "LO",
      side: "Buy",
      submittedQuantity: "3",
      timeInForce: "Day",
      submittedPrice: "200.5",
      outsideRth: "AnyTime",
      remark: "note"
    }
  },
  {
    endpoint: StockPlusTrade.ModifyOrder,
    call: StockPlusTrade.modifyOrder({ orderId: "7", quantity: "5", price: "199" }),
    wire: { orderId: "7", quantity: "5", price: "199" }
  },
  {
    endpoint: StockPlusTrade.CancelOrder,
    call: StockPlusTrade.cancelOrder({ symbol: "AAPL.US", orderId: "7" }),
    wire: { symbol: "AAPL.US", orderId: "7" }
  },
  {
    endpoint: StockPlusTrade.TodayOrders,
    call: StockPlusTrade.todayOrders({ symbol: "AAPL.US", status: "NewStatus", side: "Sell" }),
    wire: { symbol: "AAPL.US", status: "NewStatus", side: "Sell" }
  },
  {
    endpoint: StockPlusTrade.HistoryOrders,
    call: StockPlusTrade.historyOrders({ market: "US", startAt: "1", endAt: "2" }),
    wire: { market: "US", startAt: "1", endAt: "2" }
  },
  { endpoint: StockPlusTrade.OrderInfo, call: StockPlusTrade.orderDetail({ orderId: "7" }), wire: { orderId: "7" } },
  {
    endpoint: StockPlusTrade.TodayExecutions,
    call: StockPlusTrade.todayExecutions({ orderId: "7" }),
    wire: { orderId: "7" }
  },
  {
    endpoint: StockPlusTrade.HistoryExecutions,
    call: StockPlusTrade.historyExecutions({ symbol: "AAPL.US", startAt: "1", endAt: "2" }),
    wire: { symbol: "AAPL.US", startAt: "1", endAt: "2" }
  },
  { endpoint: StockPlusAsset.Account, call: StockPlusAsset.account({ currency: "USD" }), wire: { currency: "USD" } },
  {
    endpoint: StockPlusAsset.CashFlows,
    call: StockPlusAsset.cashFlow({ startTime: at(T0), endTime: at(T0 + 1), businessType: "trade", page: 2, size: 5 }),
    wire: { startTime: String(T0), endTime: String(T0 + 1), businessType: "trade", page: "2", size: "5" }
  },
  { endpoint: StockPlusAsset.StockPosition, call: StockPlusAsset.stockPosition(), wire: {} },
  {
    endpoint: StockPlusAsset.Transfer,
    call: StockPlusAsset.transfer({ coin: "USDT", amount: "100", direction: "IN" as "in" }),
    wire: { coin: "USDT", amount: "100", direction: "in" }
  },
  {
    endpoint: StockPlusAsset.TransferRecords,
    call: StockPlusAsset.transferRecords({ limit: 10, cursor: "55" }),
    wire: { limit: "10", cursor: "55" }
  }
]

const tap = Wiretap.make(cases.map((c) => c.endpoint))
const Env = Simulator.layerClient({ unified: true }).pipe(
  Layer.provideMerge(Simulator.layer({ domains: [tap.domain] }))
)
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

layer(Env)("every Stock+ endpoint", (it) => {
  it.effect("24 declarations, named by their import path, each path once, signed", () =>
    Effect.sync(() => {
      const all = [...StockPlusMarket.endpoints, ...StockPlusTrade.endpoints, ...StockPlusAsset.endpoints]
      expect(all.length).toBe(24)
      expect(new Set(all.map((e) => e.path)).size).toBe(24)
      expect(all.every((e) => e.signed && e.path.startsWith("/api/v3/stockplus/"))).toBe(true)
      const modules: Record<string, Record<string, unknown>> = {
        stockPlusMarket: StockPlusMarket,
        stockPlusTrade: StockPlusTrade,
        stockPlusAsset: StockPlusAsset
      }
      for (const endpoint of all) {
        const [line, module, operation] = endpoint.name.split(".")
        expect(line).toBe("unified")
        expect((modules[module!]?.[operation!] as { endpoint?: unknown } | undefined)?.endpoint, endpoint.name).toBe(
          endpoint
        )
        expect(Unified.endpoints).toContain(endpoint)
      }
      // Rate limits (ccxt): trading 1/s, market and assets 10/s, a transfer 5/s.
      expect(StockPlusTrade.endpoints.every((e) => e.rateLimit.limit === 1)).toBe(true)
      expect(StockPlusMarket.endpoints.every((e) => e.rateLimit.limit === 10)).toBe(true)
      expect(StockPlusAsset.Transfer.rateLimit.limit).toBe(5)
    }))

  it.effect("each request as the exchange receives it, each answer decoded as sent", () =>
    drive(Effect.forEach(cases, (c) => check(tap, c), { discard: true })))

  it.effect("local rules: refused at the first value past each, nothing sent", () =>
    drive(Effect.gen(function*() {
      const total = yield* sent
      const base = {
        symbol: "AAPL.US",
        orderType: "LO",
        side: "Buy",
        submittedQuantity: "1",
        timeInForce: "Day",
        submittedPrice: "1"
      } as const
      // The accepted edge: the smallest positive quantity.
      yield* StockPlusTrade.placeOrder({ ...base, submittedQuantity: "0.0001" })
      yield* refusedLocally(StockPlusTrade.placeOrder({ ...base, submittedQuantity: "0" }), "submittedQuantity", total)
      yield* refusedLocally(
        StockPlusTrade.placeOrder({ ...base, submittedPrice: undefined }),
        "submittedPrice: required for a LO order",
        total
      )
      yield* refusedLocally(
        StockPlusTrade.placeOrder({ ...base, orderType: "MO" }),
        "submittedPrice: a MO (market) order takes no price",
        total
      )
      yield* refusedLocally(
        StockPlusTrade.placeOrder({ ...base, orderType: "MIT", submittedPrice: undefined }),
        "triggerPrice: required for a MIT order",
        total
      )
      yield* refusedLocally(
        StockPlusTrade.placeOrder({ ...base, orderType: "TSLPPCT", submittedPrice: undefined }),
        "trailingPercent: required",
        total
      )
      yield* refusedLocally(
        StockPlusTrade.placeOrder({ ...base, timeInForce: "GoodTilDate" }),
        "expireDate: required",
        total
      )
      yield* refusedLocally(
        StockPlusTrade.placeOrder({ ...base, timeInForce: "GoodTilDate", expireDate: "20260601" }),
        "yyyy-MM-dd",
        total
      )
      yield* refusedLocally(StockPlusTrade.placeOrder({ ...base, orderType: "LIMIT" as "LO" }), "orderType", total)
      yield* refusedLocally(StockPlusTrade.cancelOrder({ symbol: "AAPL.US" }), "orderId or clientOid", total)
      yield* refusedLocally(StockPlusTrade.modifyOrder({ orderId: "7", quantity: "-1" }), "quantity", total)
      yield* refusedLocally(StockPlusTrade.orderDetail({ orderId: "" }), "orderId", total)
      yield* refusedLocally(StockPlusMarket.trades({ symbol: "AAPL.US", count: 0 }), "count", total)
      yield* refusedLocally(StockPlusMarket.quote({ symbol: " " }), "symbol", total)
      yield* refusedLocally(StockPlusAsset.transfer({ coin: "USDT", amount: "0", direction: "in" }), "amount", total)
      yield* refusedLocally(
        StockPlusAsset.transfer({ coin: "USDT", amount: "1", direction: "sideways" as "in" }),
        "direction",
        total
      )
      // The edge of the cash-flow range: equal ends are accepted, an end before the start is not.
      yield* StockPlusAsset.cashFlow({ startTime: at(T0), endTime: at(T0) })
      yield* refusedLocally(
        StockPlusAsset.cashFlow({ startTime: at(T0), endTime: at(T0 - 1) }),
        "endTime: must not be before startTime",
        total
      )
    })))
})
