import { Agent } from "@effect-bitget/broker"
import { Simulator } from "@effect-bitget/simulator"
import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Beyond from "../examples/beyond.js"
import * as Guide from "../examples/guide.js"

layer(Guide.Local, { excludeTestServices: true })("docs/broker.md examples", (it) => {
  it.effect("a strategy sub-account trades with its own key, and is refused once frozen", () =>
    Effect.map(Guide.tradeThenFreeze, (outcome) => expect(outcome).toBe("refused: 40024")))
  it.effect("every sub-account, one Stream", () =>
    Effect.map(Guide.allSubAccounts, (rows) => {
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatch(/^\d+ alphabot@virtual-bitget\.com freeze$/)
    }))
  it.effect("a label over 20 characters fails locally", () =>
    Effect.map(Guide.longLabel, (tag) => expect(tag).toBe("InvalidRequest")))
  it.effect("a broker customer: address and a read-only key", () =>
    Effect.map(Guide.brokerCustomer, ({ address, assets, key }) => {
      expect(address.chain).toBe("TRC20")
      expect(key.permType).toBe("readonly")
      expect(assets).toEqual([])
    }))
})

// The "Beyond the specification" examples, copied into docs/broker.md by `pnpm docs` (docs:check proves it).
layer(Beyond.Local, { excludeTestServices: true })("docs/broker.md beyond-the-specification examples", (it) => {
  it.effect("a month of sub-accounts' deposits and withdrawals, walked in 7-day windows", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const before = sim.traffic.total()
      const rows = yield* Beyond.lastMonth
      expect(rows.every((row) => row.type === "deposit" || row.type === "withdrawal")).toBe(true)
      // 30 days are 5 windows of at most 7 days: at least 5 requests.
      expect(sim.traffic.total() - before).toBeGreaterThanOrEqual(5)
    }))
  it.effect("8 days in one call are refused locally", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const before = sim.traffic.total()
      expect(yield* Beyond.tooLong).toContain(
        "invalid request: startTime to endTime spans 8d, more than the endpoint's 7d"
      )
      expect(sim.traffic.total()).toBe(before)
    }))
  it.effect("an agent's customers, every page; a page of 1001 refused locally", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const before = sim.traffic.count("POST /api/v2/broker/customer-list")
      const { customers, refused } = yield* Beyond.customers
      expect(customers.every((row) => /^\d+$/.test(row.uid))).toBe(true)
      expect(sim.traffic.count("POST /api/v2/broker/customer-list") - before).toBeGreaterThanOrEqual(1)
      expect(refused).toBe(
        "broker.agent.customerList: invalid request: pageSize must be an integer from 1 to 1000, got 1001"
      )
      // The refused call sent nothing: only the walk's pages reached the simulator.
      const walked = sim.traffic.count("POST /api/v2/broker/customer-list")
      yield* Effect.flip(Agent.customerList({ pageSize: 1001 }))
      expect(sim.traffic.count("POST /api/v2/broker/customer-list")).toBe(walked)
    }))
})
