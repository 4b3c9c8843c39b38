/**
 * The request rules of the margin line reviewed against Bitget's parameter tables (issue 13):
 * each limit's boundary is sent and the first value past it refused with nothing sent; each enum
 * is accepted in any letter case and sent in the documented spelling, asserted on what reached
 * the server (a pass-through server in front of the simulator records the wire), and a filter
 * is honoured by the simulator's state.
 */
import type { BitgetClient } from "@effect-bitget/core/BitgetClient"
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import type * as Scope from "effect/Scope"
import * as Hostile from "../../core/test/hostile/Hostile.js"
import { refusedLocally } from "../../core/test/refused.js"

const { Account, Records, Trade } = Margin
const { time } = Margin.Schemas
const DAY = 86_400_000
const untyped = <A>(value: unknown) => value as A

const setup = Effect.gen(function*() {
  const simulator = yield* Simulator.Simulator
  const spot = yield* Simulator.control<SpotControl>("spot")
  spot.setPrice("BTCUSDT", "60000")
  spot.setPrice("ETHUSDT", "3000")
  const hostile = yield* Hostile.make({ upstream: simulator.url })
  const via = <A, E>(effect: Effect.Effect<A, E, BitgetClient>) =>
    Effect.provide(effect, Hostile.client(hostile.url, simulator.credentials))
  yield* via(Effect.all([
    Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "1000" }),
    Spot.Wallet.transfer({
      fromType: "spot",
      toType: "isolated_margin",
      coin: "USDT",
      amount: "500",
      symbol: "BTCUSDT"
    }),
    Spot.Wallet.transfer({
      fromType: "spot",
      toType: "isolated_margin",
      coin: "USDT",
      amount: "500",
      symbol: "ETHUSDT"
    })
  ]))
  hostile.received.length = 0
  /** What the last request to `route` carried: its query, or its JSON body. */
  const sent = (route: string) => {
    const last = hostile.received.filter((r) => `${r.method} ${r.path}` === route).at(-1)!
    return last.method === "GET" ? Object.fromEntries(last.query) : JSON.parse(last.body)
  }
  /** `call` fails locally with a reason starting with `reason`, and nothing reaches the server. */
  const refused = <A, E extends { readonly _tag: string }>(call: Effect.Effect<A, E, BitgetClient>, reason: string) =>
    refusedLocally(via(call), reason, () => hostile.received.length, { start: true })
  const since = { symbol: "BTCUSDT", startTime: time(Date.now() - DAY) }
  return { hostile, via, sent, refused, since }
})

const live = <A, E>(name: string, test: () => Effect.Effect<A, E, Simulator.Simulator | Scope.Scope>) =>
  it.scopedLive(name, () => test().pipe(Effect.provide(Layer.fresh(Simulator.layer()))))

describe("margin requests against Bitget's parameter tables", () => {
  live(
    "loanType in any letter case is sent as the table writes it; another word is refused unsent",
    () =>
      Effect.gen(function*() {
        const { refused, sent, via } = yield* setup
        const order = {
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "limit",
          force: "gtc",
          price: "50000",
          baseSize: "0.001"
        } as const
        yield* via(Trade.crossPlaceOrder({ ...order, loanType: untyped("AUTOLOAN") }))
        expect(sent("POST /api/v2/margin/crossed/place-order").loanType).toBe("autoLoan")
        const { symbol: _, ...item } = order
        yield* via(Trade.isolatedBatchPlaceOrder({
          symbol: "BTCUSDT",
          orderList: [{ ...item, loanType: untyped("AutoLoanAndRepay") }, { ...item, loanType: "normal" }]
        }))
        expect(
          sent("POST /api/v2/margin/isolated/batch-place-order").orderList.map((o: { loanType: string }) => o.loanType)
        )
          .toEqual(["autoLoanAndRepay", "normal"])
        yield* refused(Trade.crossPlaceOrder({ ...order, loanType: untyped("auto-loan") }), "loanType: expected")
      })
  )

  live(
    "enterPointSource filters history orders: any letter case, sent in capitals; another source finds none",
    () =>
      Effect.gen(function*() {
        const { refused, sent, since, via } = yield* setup
        const placed = yield* via(Trade.crossPlaceOrder({
          symbol: "BTCUSDT",
          side: "buy",
          orderType: "market",
          force: "gtc",
          quoteSize: "20",
          loanType: "normal"
        }))
        const api = yield* via(Trade.crossHistoryOrders({ ...since, enterPointSource: untyped("api") }))
        expect(sent("GET /api/v2/margin/crossed/history-orders").enterPointSource).toBe("API")
        expect(api.orderList.map((o) => o.orderId)).toEqual([placed.orderId])
        const web = yield* via(Trade.isolatedHistoryOrders({ ...since, enterPointSource: untyped("Web") }))
        expect(sent("GET /api/v2/margin/isolated/history-orders").enterPointSource).toBe("WEB")
        expect(web.orderList).toEqual([])
        // The filter is honoured, not ignored: a WEB filter does not list the API order.
        expect((yield* via(Trade.crossHistoryOrders({ ...since, enterPointSource: "WEB" }))).orderList).toEqual([])
        yield* refused(Trade.crossHistoryOrders({ ...since, enterPointSource: untyped("PHONE") }), "enterPointSource:")
      })
  )

  live(
    "marginType filters financial records: `Repay` is sent as `repay`, `TRANSFER_IN` as `transfer_in`; an unknown type is refused unsent",
    () =>
      Effect.gen(function*() {
        const { refused, sent, since, via } = yield* setup
        yield* via(Account.crossBorrow({ coin: "USDT", borrowAmount: "10" }))
        yield* via(Account.crossRepay({ coin: "USDT", repayAmount: "4" }))
        const repays = yield* via(
          Records.crossFinancialRecords({ startTime: since.startTime, marginType: untyped("Repay") })
        )
        expect(sent("GET /api/v2/margin/crossed/financial-records").marginType).toBe("repay")
        expect(repays.resultList.length).toBeGreaterThan(0)
        expect(new Set(repays.resultList.map((r) => r.marginType))).toEqual(new Set(["repay"]))
        const isolated = yield* via(Records.isolatedFinancialRecords({ ...since, marginType: untyped("TRANSFER_IN") }))
        expect(sent("GET /api/v2/margin/isolated/financial-records").marginType).toBe("transfer_in")
        expect(isolated.resultList.map((r) => r.marginType)).toEqual(["transfer_in"])
        yield* refused(
          Records.crossFinancialRecords({ startTime: since.startTime, marginType: untyped("repaid") }),
          "marginType:"
        )
      })
  )

  live(
    "isolated risk rate pages: pageSize 500 is sent, 501 refused; pageNum walks the accounts",
    () =>
      Effect.gen(function*() {
        const { refused, sent, via } = yield* setup
        const all = yield* via(Account.isolatedRiskRate({ pageSize: 500 }))
        expect(sent("GET /api/v2/margin/isolated/account/risk-rate").pageSize).toBe("500")
        expect(all.map((row) => row.symbol).sort()).toEqual(["BTCUSDT", "ETHUSDT"])
        const pages = yield* Effect.forEach(
          [1, 2, 3],
          (pageNum) => via(Account.isolatedRiskRate({ pageNum, pageSize: 1 }))
        )
        expect(pages.map((page) => page.length)).toEqual([1, 1, 0])
        expect(pages.flatMap((page) => page.map((row) => row.symbol)).sort()).toEqual(["BTCUSDT", "ETHUSDT"])
        yield* refused(Account.isolatedRiskRate({ pageSize: 501 }), "pageSize: at most 500")
        yield* refused(Account.isolatedRiskRate({ pageNum: 0 }), "pageNum:")
      })
  )

  live(
    "open orders: an isolated page of 500 is sent and 501 refused; a cross page of 100 sent and 101 refused",
    () =>
      Effect.gen(function*() {
        const { refused, sent, since, via } = yield* setup
        yield* via(Trade.isolatedOpenOrders({ ...since, limit: 500 }))
        expect(sent("GET /api/v2/margin/isolated/open-orders").limit).toBe("500")
        yield* refused(Trade.isolatedOpenOrders({ ...since, limit: 501 }), "limit must be an integer from 1 to 500")
        yield* via(Trade.crossOpenOrders({ ...since, limit: 100 }))
        expect(sent("GET /api/v2/margin/crossed/open-orders").limit).toBe("100")
        yield* refused(Trade.crossOpenOrders({ ...since, limit: 101 }), "limit must be an integer from 1 to 100")
      })
  )

  live(
    "flash repayment lists: 100 ids and 100 symbols are sent, 101 refused unsent, an empty list too",
    () =>
      Effect.gen(function*() {
        const { hostile, refused, sent, via } = yield* setup
        const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i + 1))
        expect(yield* via(Account.crossFlashRepayStatus({ idList: ids(100) }))).toEqual([])
        expect(sent("POST /api/v2/margin/crossed/account/query-flash-repay-status").idList).toHaveLength(100)
        yield* refused(Account.isolatedFlashRepayStatus({ idList: ids(101) }), "idList: at most 100 repay ids")
        yield* refused(Account.crossFlashRepayStatus({ idList: [] }), "idList: at least one repay id")
        const symbols = (n: number) => Array.from({ length: n }, (_, i) => `S${i}USDT`)
        // 100 symbols leave the client (the simulator knows none of them and refuses them itself).
        const before = hostile.received.length
        const error = yield* Effect.flip(via(Account.isolatedFlashRepay({ symbolList: symbols(100) })))
        expect(error._tag).not.toBe("InvalidRequest")
        expect(hostile.received.length).toBe(before + 1)
        expect(sent("POST /api/v2/margin/isolated/account/flash-repay").symbolList).toHaveLength(100)
        yield* refused(Account.isolatedFlashRepay({ symbolList: symbols(101) }), "symbolList: at most 100 symbols")
        yield* refused(Account.isolatedFlashRepay({ symbolList: [] }), "symbolList: at least one symbol")
      })
  )
})
