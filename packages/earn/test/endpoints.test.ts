/**
 * Every earn declaration: the names and counts, and each endpoint without simulator state (shark
 * fin, elite, loan terms and histories, subscription terms) called through the client over
 * loopback, its request checked as the exchange received it and its generated answer decoded.
 */
import * as Earn from "@effect-bitget/earn"
import { Simulator, Wiretap } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { check, type WireCase } from "../../core/test/wiretap.js"

const { Elite, Loan, Savings, SharkFin } = Earn
const T0 = 1_767_225_600_000
const at = (ms: number) => DateTime.unsafeMake(ms)
const range = { startTime: at(T0), endTime: at(T0 + 86_400_000) }
const wireRange = { startTime: String(T0), endTime: String(T0 + 86_400_000) }

const cases: ReadonlyArray<WireCase> = [
  {
    endpoint: Savings.SubscribeInfo,
    call: Savings.subscribeInfo({ productId: "1001", periodType: "flexible" }),
    wire: { productId: "1001", periodType: "flexible" }
  },
  {
    endpoint: SharkFin.Products,
    call: SharkFin.product({ coin: "BTC", limit: 100 }),
    wire: { coin: "BTC", limit: "100" }
  },
  { endpoint: SharkFin.Account, call: SharkFin.account(), wire: {} },
  {
    endpoint: SharkFin.Assets,
    call: SharkFin.assets({ status: "subscribed", idLessThan: "5" }),
    wire: { status: "subscribed", idLessThan: "5" }
  },
  {
    endpoint: SharkFin.Records,
    call: SharkFin.records({ type: "settle", coin: "BTC", ...range }),
    wire: { type: "settle", coin: "BTC", ...wireRange }
  },
  { endpoint: SharkFin.SubscribeInfo, call: SharkFin.subscribeInfo({ productId: "7" }), wire: { productId: "7" } },
  {
    endpoint: SharkFin.Subscribe,
    call: SharkFin.subscribe({ productId: "7", amount: "0.01" }),
    wire: { productId: "7", amount: "0.01" }
  },
  { endpoint: SharkFin.SubscribeResult, call: SharkFin.subscribeResult({ orderId: "9" }), wire: { orderId: "9" } },
  { endpoint: Elite.Products, call: Elite.product(), wire: {} },
  { endpoint: Elite.Assets, call: Elite.assets(), wire: {} },
  {
    endpoint: Elite.Records,
    call: Elite.records({ type: "interest", limit: 50, cursor: "8" }),
    wire: { type: "interest", limit: "50", cursor: "8" }
  },
  { endpoint: Elite.SubscribeInfo, call: Elite.subscribeInfo({ productId: "3" }), wire: { productId: "3" } },
  {
    endpoint: Elite.Subscribe,
    call: Elite.subscribe({ productSubId: "3a", amount: "100", paymentAccount: "spot" }),
    wire: { productSubId: "3a", amount: "100", paymentAccount: "spot" }
  },
  { endpoint: Elite.SubscribeResult, call: Elite.subscribeResult({ orderId: "4" }), wire: { orderId: "4" } },
  { endpoint: Elite.RedeemInfo, call: Elite.redeemInfo({ productId: "3" }), wire: { productId: "3" } },
  {
    endpoint: Elite.Redeem,
    call: Elite.redeem({
      productId: "3",
      productSubId: "3a",
      redeemType: "fast",
      amount: "50",
      receiveAccount: "spot",
      advancedSettle: false
    }),
    wire: {
      productId: "3",
      productSubId: "3a",
      redeemType: "fast",
      amount: "50",
      receiveAccount: "spot",
      advancedSettle: "no"
    }
  },
  { endpoint: Loan.CoinInfos, call: Loan.coinInfos({ coin: "USDT" }), wire: { coin: "USDT" } },
  {
    endpoint: Loan.HourInterest,
    call: Loan.hourInterest({ loanCoin: "USDT", pledgeCoin: "BTC", daily: "THIRTY", pledgeAmount: "0.5" }),
    wire: { loanCoin: "USDT", pledgeCoin: "BTC", daily: "THIRTY", pledgeAmount: "0.5" }
  },
  {
    endpoint: Loan.RevisePledge,
    call: Loan.revisePledge({ orderId: "1", amount: "0.1", pledgeCoin: "BTC", reviseType: "IN" }),
    wire: { orderId: "1", amount: "0.1", pledgeCoin: "BTC", reviseType: "IN" }
  },
  {
    endpoint: Loan.RepayHistory,
    call: Loan.repayHistory({ ...range, pageNo: 2, pageSize: 100 }),
    wire: { ...wireRange, pageNo: "2", pageSize: "100" }
  },
  {
    endpoint: Loan.ReviseHistory,
    call: Loan.reviseHistory({ ...range, reviseSide: "up" }),
    wire: { ...wireRange, reviseSide: "up" }
  },
  {
    endpoint: Loan.BorrowHistory,
    call: Loan.borrowHistory({ ...range, status: "REPAY" }),
    wire: { ...wireRange, status: "REPAY" }
  },
  {
    endpoint: Loan.Reduces,
    call: Loan.reduces({ ...range, status: "COMPLETE" }),
    wire: { ...wireRange, status: "COMPLETE" }
  }
]

const tap = Wiretap.make(cases.map((c) => c.endpoint))
const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer({ domains: [tap.domain] })))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

layer(Env, { excludeTestServices: true })("every earn endpoint", (it) => {
  it.effect("36 declarations, named by their import path, each path once", () =>
    Effect.sync(() => {
      expect(Earn.endpoints.length).toBe(36)
      expect(new Set(Earn.endpoints.map((e) => `${e.method} ${e.path}`)).size).toBe(36)
      const modules: Record<string, Record<string, unknown>> = {
        account: Earn.Account,
        savings: Earn.Savings,
        sharkFin: Earn.SharkFin,
        elite: Earn.Elite,
        loan: Earn.Loan
      }
      for (const endpoint of Earn.endpoints) {
        const [line, module, operation] = endpoint.name.split(".")
        expect(line).toBe("earn")
        expect((modules[module!]?.[operation!] as { endpoint?: unknown } | undefined)?.endpoint, endpoint.name).toBe(
          endpoint
        )
      }
    }))

  for (const c of cases) {
    it.effect(`${c.endpoint.name}: the request on the wire, the answer decoded`, () => check(tap, c))
  }

  it.effect("local rules: amounts above zero, the documented values, 100 a page; nothing sent", () =>
    Effect.gen(function*() {
      const count = yield* sent
      yield* refusedLocally(SharkFin.subscribe({ productId: "7", amount: "-1" }), "amount", count)
      yield* refusedLocally(SharkFin.assets({ status: "open" as "subscribed" }), "status", count)
      yield* refusedLocally(Elite.records({ type: "interest", limit: 101 }), "limit", count)
      yield* refusedLocally(
        Elite.redeem({
          productId: "3",
          productSubId: "3a",
          redeemType: "slow" as "fast",
          amount: "1",
          receiveAccount: "spot"
        }),
        "redeemType",
        count
      )
      yield* refusedLocally(Loan.repayHistory({ startTime: at(T0) } as never), "endTime", count)
    }))
})
