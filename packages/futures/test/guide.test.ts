import { expect, layer } from "@effect/vitest"
import * as Effect from "effect/Effect"
import * as Plan from "../examples/plan.js"

// docs/futures.md's plan-order example, run as written against the simulator (issue 23, point 6).
layer(Plan.Local, { excludeTestServices: true })("docs/futures.md examples", (it) => {
  it.effect("plan orders, a trailing stop, and a stop loss on the long it opens", () =>
    Effect.map(Plan.program, (stop) => {
      expect(stop.orderId.length).toBeGreaterThan(0)
      expect(stop.clientOid.length).toBeGreaterThan(0)
    }))
})
