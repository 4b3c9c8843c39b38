// The endpoints other clients call on every load or trade (beyond the specification's list),
// through the library against the simulator's state.
import * as Account from "@effect-bitget/futures/Account"
import * as Order from "@effect-bitget/futures/Order"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as Position from "@effect-bitget/futures/Position"
import { Simulator } from "@effect-bitget/simulator"
import type { FuturesControl } from "@effect-bitget/simulator/futures/FuturesDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Market from "@effect-bitget/spot/Market"
import * as Wallet from "@effect-bitget/spot/Wallet"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const fresh = (demo = false) => Simulator.layerClient({ demo }).pipe(Layer.provideMerge(Simulator.layer()))
const fmt = (value: BigDecimal.BigDecimal | undefined) => value === undefined ? undefined : BigDecimal.format(value)
const usdt = { symbol: "BTCUSDT", productType: "USDT-FUTURES", marginCoin: "USDT" } as const

layer(fresh(), { excludeTestServices: true })("endpoints beyond the specification", (it) => {
  it.effect("spot merge-depth: levels on the chosen precision's step, bids below asks, the step reported", () =>
    Effect.gen(function*() {
      const book = yield* Market.orderBook({ symbol: "BTCUSDT", limit: 5 })
      const fine = yield* Market.mergeDepth({ symbol: "BTCUSDT", limit: 5 })
      expect([fine.bids.length, fine.asks.length, fmt(fine.scale), fine.precision]).toEqual([5, 5, "0.01", "scale0"])
      expect(fine.bids.map((l) => fmt(l.price))).toEqual(book.bids.map((l) => fmt(l.price)))
      const coarse = yield* Market.mergeDepth({ symbol: "BTCUSDT", precision: "scale3", limit: 5 })
      expect([fmt(coarse.scale), coarse.isMaxPrecision]).toEqual(["10", true])
      for (const level of [...coarse.bids, ...coarse.asks]) {
        expect(BigDecimal.isZero(BigDecimal.unsafeRemainder(level.price, BigDecimal.unsafeFromString("10")))).toBe(true)
      }
      expect(BigDecimal.lessThan(coarse.bids[0]!.price, coarse.asks[0]!.price)).toBe(true)
      expect(BigDecimal.lessThan(coarse.bids[1]!.price, coarse.bids[0]!.price)).toBe(true)
      // Merging adds sizes up: the best merged bid holds at least the best fine bid.
      expect(BigDecimal.greaterThanOrEqualTo(coarse.bids[0]!.size, fine.bids[0]!.size)).toBe(true)
    }))

  it.effect("transfer-coin-info: a futures account's margin coins, or the coins the source account holds", () =>
    Effect.gen(function*() {
      expect(yield* Wallet.transferCoinInfo({ fromType: "spot", toType: "usdt_futures" })).toEqual(["USDT"])
      expect(yield* Wallet.transferCoinInfo({ fromType: "usdc_futures", toType: "spot" })).toEqual(["USDC"])
      const control = yield* Simulator.control<SpotControl>("spot")
      const before = yield* Wallet.transferCoinInfo({ fromType: "spot", toType: "p2p" })
      expect(before).not.toContain("SOL")
      control.credit("SOL", "3")
      const after = yield* Wallet.transferCoinInfo({ fromType: "spot", toType: "p2p" })
      expect(after).toEqual([...before, "SOL"])
      expect(yield* Wallet.transferCoinInfo({ fromType: "p2p", toType: "spot" })).toEqual([])
      const same = yield* Effect.flip(Wallet.transferCoinInfo({ fromType: "spot", toType: "spot" }))
      expect([same._tag, "code" in same ? same.code : ""]).toEqual(["InvalidParameter", "40017"])
    }))

  it.effect("max-open: available margin times leverage at the mark (market) or the open price (limit)", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<FuturesControl>("futures")
      control.setMarkPrice("BTCUSDT", "60000")
      yield* Account.setLeverage({ ...usdt, leverage: "5" })
      const market = yield* Account.maxOpen({ ...usdt, posSide: "long", orderType: "market" })
      expect(fmt(market.maxOpen)).toBe("8.333")
      const limit = yield* Account.maxOpen({ ...usdt, posSide: "short", orderType: "limit", openPrice: "50000" })
      expect(fmt(limit.maxOpen)).toBe("10")
      const simulator = yield* Simulator.Simulator
      const sent = simulator.traffic.count("GET /api/v2/mix/account/max-open")
      const missing = yield* Effect.flip(Account.maxOpen({ ...usdt, posSide: "long", orderType: "limit" }))
      expect(missing._tag).toBe("InvalidRequest")
      expect(missing.message).toMatch(/openPrice/)
      expect(simulator.traffic.count("GET /api/v2/mix/account/max-open")).toBe(sent)
    }))

  it.effect("fill-history and history-position follow a position from open to close", () =>
    Effect.gen(function*() {
      const control = yield* Simulator.control<FuturesControl>("futures")
      control.setMarkPrice("BTCUSDT", "60000")
      const base = { ...usdt, marginMode: "crossed", orderType: "market" } as const
      const open = yield* Order.placeOrder({ ...base, size: "0.02", side: "buy" })
      control.setMarkPrice("BTCUSDT", "61000")
      const close = yield* Order.placeOrder({ ...base, size: "0.02", side: "sell", reduceOnly: true })
      const fills = yield* OrderQuery.fillHistory({ productType: "USDT-FUTURES", symbol: "BTCUSDT" })
      expect(fills.fillList.map((f) => [f.orderId, fmt(f.price), f.marginCoin])).toEqual([
        [close.orderId, "61000", "USDT"],
        [open.orderId, "60000", "USDT"]
      ])
      const history = yield* Position.historyPosition({ symbol: "BTCUSDT" })
      expect(history.list.map((p) => [p.holdSide, fmt(p.openAvgPrice), fmt(p.closeAvgPrice), fmt(p.pnl)])).toEqual([
        ["long", "60000", "61000", "20"]
      ])
      const row = history.list[0]!
      expect([fmt(row.openTotalPos), fmt(row.closeTotalPos)]).toEqual(["0.02", "0.02"])
      // Fees are 0.06% a side: 0.72 to open, 0.732 to close; net profit is the PnL less both.
      expect([fmt(row.openFee), fmt(row.closeFee), fmt(row.netProfit)]).toEqual(["-0.72", "-0.732", "18.548"])
      // Another product type has no closed positions; a range of more than a week fails locally.
      expect((yield* Position.historyPosition({ productType: "COIN-FUTURES" })).list).toEqual([])
      const now = Date.now()
      const wide = yield* Effect.flip(OrderQuery.fillHistory({
        productType: "USDT-FUTURES",
        startTime: DateTime.unsafeMake(now - 8 * 86_400_000),
        endTime: DateTime.unsafeMake(now)
      }))
      expect(wide._tag).toBe("InvalidRequest")
    }))
})

layer(fresh(true), { excludeTestServices: true })("fill-history in demo mode", (it) => {
  it.effect("serves no demo data, as the exchange documents", () =>
    Effect.gen(function*() {
      yield* Order.placeOrder({ ...usdt, marginMode: "crossed", orderType: "market", size: "0.01", side: "buy" })
      const fills = yield* OrderQuery.fills({ productType: "USDT-FUTURES" })
      expect(fills.fillList.length).toBe(1)
      expect((yield* OrderQuery.fillHistory({ productType: "USDT-FUTURES" })).fillList).toEqual([])
    }))
})
