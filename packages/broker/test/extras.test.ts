/**
 * The broker and affiliate endpoints beyond the specification's list (commissions, volumes,
 * records, customers, the agent sub-account): each called through the client over loopback, its
 * request checked as the exchange received it (the customer-* reads as POST bodies) and its
 * generated answer decoded; and their local rules.
 */
import { Agent, Commission } from "@effect-bitget/broker"
import { Simulator, Wiretap } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import { refusedLocally } from "../../core/test/refused.js"
import { check, type WireCase } from "../../core/test/wiretap.js"

const T0 = 1_767_225_600_000
const at = (ms: number) => DateTime.unsafeMake(ms)
const DAY = 86_400_000

const cases: ReadonlyArray<WireCase> = [
  {
    endpoint: Commission.Subaccounts,
    call: Commission.subaccounts({ pageNo: 2, pageSize: 50 }),
    wire: { pageNo: "2", pageSize: "50" }
  },
  {
    endpoint: Commission.Commissions,
    call: Commission.commissions({ bizType: "futures", subBizType: "usdt_futures", startTime: at(T0) }),
    wire: { bizType: "futures", subBizType: "usdt_futures", startTime: String(T0) }
  },
  { endpoint: Commission.TradeVolume, call: Commission.tradeVolume({ pageNo: 1 }), wire: { pageNo: "1" } },
  {
    endpoint: Commission.TotalCommission,
    call: Commission.totalCommission({ startTime: at(T0), endTime: at(T0 + DAY) }),
    wire: { startTime: String(T0), endTime: String(T0 + DAY) }
  },
  {
    endpoint: Commission.OrderCommission,
    call: Commission.orderCommission({ uid: "123", limit: 10, idLessThan: "99" }),
    wire: { uid: "123", limit: "10", idLessThan: "99" }
  },
  { endpoint: Commission.RebateInfo, call: Commission.rebateInfo({ uid: "123" }), wire: { uid: "123" } },
  {
    endpoint: Commission.AllSubDepositWithdrawal,
    call: Commission.allSubDepositWithdrawal({ type: "deposit", startTime: at(T0), endTime: at(T0 + 7 * DAY) }),
    wire: { type: "deposit", startTime: String(T0), endTime: String(T0 + 7 * DAY) }
  },
  {
    endpoint: Commission.SubaccountDeposit,
    call: Commission.subaccountDeposit({ userId: "123", limit: 100 }),
    wire: { userId: "123", limit: "100" }
  },
  {
    endpoint: Commission.SubaccountWithdrawal,
    call: Commission.subaccountWithdrawal({ orderId: "77" }),
    wire: { orderId: "77" }
  },
  {
    endpoint: Agent.AgentCommission,
    call: Agent.agentCommission({ limit: 100 }),
    wire: { limit: "100" }
  },
  {
    endpoint: Agent.CustomerCommissions,
    call: Agent.customerCommissions({ uid: "5", showSub: true, coin: "USDT" }),
    wire: { uid: "5", showSub: "yes", coin: "USDT" }
  },
  { endpoint: Agent.CustomerKycResult, call: Agent.customerKycResult({ uid: "5" }), wire: { uid: "5" } },
  { endpoint: Agent.SubCustomerList, call: Agent.subCustomerList({ showSub: false }), wire: { showSub: "no" } },
  {
    endpoint: Agent.CustomerAsset,
    call: Agent.customerAsset({ pageNo: 1, pageSize: 20 }),
    wire: { pageNo: "1", pageSize: "20" }
  },
  {
    endpoint: Agent.CustomerDeposit,
    call: Agent.customerDeposit({ uid: "5", startTime: at(T0) }),
    wire: { uid: "5", startTime: String(T0) }
  },
  {
    endpoint: Agent.CustomerList,
    call: Agent.customerList({ referralCode: "ABC" }),
    wire: { referralCode: "ABC" }
  },
  { endpoint: Agent.CustomerTradeVolume, call: Agent.customerTradeVolume({ uid: "5" }), wire: { uid: "5" } },
  {
    endpoint: Agent.CreateAgentSubaccount,
    call: Agent.createAgentSubaccount({ username: "desk", passphrase: "Passw0rd1", note: "n" }),
    wire: { username: "desk", passphrase: "Passw0rd1", note: "n" }
  }
]

const tap = Wiretap.make(cases.map((c) => c.endpoint))
const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer({ domains: [tap.domain] })))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())

layer(Env, { excludeTestServices: true })("broker endpoints beyond the specification (generated answers)", (it) => {
  for (const c of cases) {
    it.effect(`${c.endpoint.name}: the request on the wire, the answer decoded`, () => check(tap, c))
  }

  it.effect("the customer-* reads travel as POST", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      expect(
        [Agent.CustomerAsset, Agent.CustomerDeposit, Agent.CustomerList, Agent.CustomerTradeVolume].map((e) => e.method)
      )
        .toEqual(["POST", "POST", "POST", "POST"])
      const before = sim.traffic.count("POST /api/v2/broker/customer-list")
      yield* Agent.customerList({})
      expect(sim.traffic.count("POST /api/v2/broker/customer-list")).toBe(before + 1)
    }))

  it.effect("local rules: the 7-day window, both ends or neither, usernames and passphrases; nothing sent", () =>
    Effect.gen(function*() {
      const count = yield* sent
      yield* refusedLocally(
        Commission.allSubDepositWithdrawal({ startTime: at(T0), endTime: at(T0 + 7 * DAY + 1) }),
        "7",
        count
      )
      yield* refusedLocally(Commission.allSubDepositWithdrawal({ startTime: at(T0) }), "both or neither", count)
      yield* refusedLocally(Commission.allSubDepositWithdrawal({ limit: 101 }), "limit", count)
      yield* refusedLocally(
        Commission.subaccountDeposit({ startTime: at(T0), endTime: at(T0 + 91 * DAY) }),
        "90",
        count
      )
      yield* refusedLocally(
        Agent.createAgentSubaccount({ username: "Desk1", passphrase: "Passw0rd1" }),
        "username",
        count
      )
      yield* refusedLocally(Agent.createAgentSubaccount({ username: "desk", passphrase: "short" }), "passphrase", count)
    }))
})
