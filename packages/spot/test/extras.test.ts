/**
 * The spot endpoints beyond the specification's list that need no state (insights, deduction,
 * records, institutional loans): each called through the client over loopback, its request checked
 * as the exchange received it and its generated answer decoded; and their local rules.
 */
import { Simulator, Wiretap } from "@effect-bitget/simulator"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { check, type WireCase } from "../../core/test/wiretap.js"

const { Account, Insight, InsLoan, PlanOrder, Wallet } = Spot
const time = Spot.Schemas.time
const T0 = 1_767_225_600_000

const cases: ReadonlyArray<WireCase> = [
  { endpoint: Insight.AuctionOf, call: Insight.auction({ symbol: "NEWUSDT" }), wire: { symbol: "NEWUSDT" } },
  {
    endpoint: Insight.FundFlow,
    call: Insight.fundFlow({ symbol: "BTCUSDT", period: "1d" }),
    wire: { symbol: "BTCUSDT", period: "1d" }
  },
  { endpoint: Insight.FundNetFlow, call: Insight.fundNetFlow({ symbol: "BTCUSDT" }), wire: { symbol: "BTCUSDT" } },
  { endpoint: Insight.WhaleNetFlows, call: Insight.whaleNetFlow({ symbol: "BTCUSDT" }), wire: { symbol: "BTCUSDT" } },
  { endpoint: Insight.SupportSymbols, call: Insight.supportSymbols(), wire: {} },
  { endpoint: Account.DeductInfo, call: Account.deductInfo(), wire: {} },
  { endpoint: Account.SwitchDeduct, call: Account.switchDeduct({ deduct: true }), wire: { deduct: true } },
  {
    endpoint: Account.SubMainTransRecord,
    call: Account.subMainTransRecord({
      coin: "USDT",
      role: "receiver",
      subUid: "2000000002",
      startTime: time(T0),
      endTime: time(T0 + 86_400_000),
      limit: 100,
      idLessThan: "99"
    }),
    wire: {
      coin: "USDT",
      role: "receiver",
      subUid: "2000000002",
      startTime: String(T0),
      endTime: String(T0 + 86_400_000),
      limit: "100",
      idLessThan: "99"
    }
  },
  {
    endpoint: Wallet.SubaccountDepositRecords,
    call: Wallet.subaccountDepositRecords({ subUid: "2000000002", coin: "USDT", limit: 5 }),
    wire: { subUid: "2000000002", coin: "USDT", limit: "5" }
  },
  {
    endpoint: Wallet.ModifyDepositAccount,
    call: Wallet.modifyDepositAccount({ coin: "USDT", accountType: "funding" }),
    wire: { coin: "USDT", accountType: "funding" }
  },
  {
    endpoint: PlanOrder.PlanSubOrder,
    call: PlanOrder.planSubOrder({ planOrderId: "123" }),
    wire: { planOrderId: "123" }
  },
  {
    endpoint: InsLoan.EnsureCoinsConvert,
    call: InsLoan.ensureCoinsConvert({ productId: "p1" }),
    wire: { productId: "p1" }
  },
  { endpoint: InsLoan.Symbols, call: InsLoan.symbols({ productId: "p1" }), wire: { productId: "p1" } },
  { endpoint: InsLoan.RiskUnit, call: InsLoan.riskUnit(), wire: {} },
  { endpoint: InsLoan.LtvConvert, call: InsLoan.ltvConvert({ riskUnitId: "r1" }), wire: { riskUnitId: "r1" } },
  {
    endpoint: InsLoan.LoanOrders,
    call: InsLoan.loanOrder({ startTime: time(T0), endTime: time(T0 + 1000) }),
    wire: { startTime: String(T0), endTime: String(T0 + 1000) }
  },
  {
    endpoint: InsLoan.RepaidHistory,
    call: InsLoan.repaidHistory({ limit: 100 }),
    wire: { limit: "100" }
  }
]

const tap = Wiretap.make(cases.map((c) => c.endpoint))
const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer({ domains: [tap.domain] })))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

layer(Env, { excludeTestServices: true })("spot endpoints beyond the specification (generated answers)", (it) => {
  for (const c of cases) {
    it.effect(`${c.endpoint.name}: the request on the wire, the answer decoded`, () => check(tap, c))
  }

  it.effect("a lists' paging: subMainTransRecord walks by the last transferId", () =>
    Effect.sync(() => {
      expect(Account.SubMainTransRecord.pagination?.cursor).toEqual({
        _tag: "LastRow",
        param: "idLessThan",
        field: "transferId"
      })
      expect(Wallet.SubaccountDepositRecords.pagination?.limit.max).toBe(100)
    }))

  it.effect("local rules: page sizes, periods, required fields and a 90-day window; nothing sent", () =>
    Effect.gen(function*() {
      const count = yield* sent
      yield* refusedLocally(InsLoan.repaidHistory({ limit: 101 }), "limit: at most 100", count)
      yield* refusedLocally(Insight.fundFlow({ symbol: "BTCUSDT", period: "5m" as "15m" }), "period", count)
      yield* refusedLocally(Account.subMainTransRecord({ limit: 101 }), "limit", count)
      yield* refusedLocally(
        Account.subMainTransRecord({ startTime: time(T0), endTime: time(T0 + 91 * 86_400_000) }),
        "90",
        count
      )
      yield* refusedLocally(
        Wallet.modifyDepositAccount({ coin: "USDT", accountType: "margin" as "spot" }),
        "accountType",
        count
      )
    }))
})
