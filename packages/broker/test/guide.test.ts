import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
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
