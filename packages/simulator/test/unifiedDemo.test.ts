// The unified account's demo side: V3 requests with `paptrading: 1` (the client's `demo: true`)
// trade an account of their own (its own ledger, futures ids from the demo range, `8888…`), and the
// live account sees none of it; nor does the demo side see the live account's orders.
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import * as Account from "@effect-bitget/unified/Account"
import * as Position from "@effect-bitget/unified/Position"
import * as Trade from "@effect-bitget/unified/Trade"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"

const live = Simulator.layerClient({ unified: true, limiter: "none" })
const demo = Simulator.layerClient({ unified: true, demo: true, limiter: "none" })
const as = (client: typeof live) => <A, E>(effect: Effect.Effect<A, E, BitgetClient.BitgetClient>) =>
  Effect.provide(effect, client)
const onLive = as(live)
const onDemo = as(demo)

const coin = (name: string) =>
  Effect.map(Account.assets(), (a) => {
    const row = a.assets.find((r) => r.coin === name)
    return row === undefined ? "0" : BigDecimal.format(row.balance)
  })
const positions = Effect.map(
  Position.currentPosition({ category: "USDT-FUTURES" }),
  (p) => p.list.map((row) => [row.symbol, row.posSide, BigDecimal.format(row.total)])
)
const futuresBuy = (qty: string) =>
  Trade.placeOrder({ category: "USDT-FUTURES", symbol: "BTCUSDT", side: "buy", orderType: "market", qty })

layer(Simulator.layer({ rateLimits: false }), { excludeTestServices: true })("the unified demo side", (it) => {
  it.effect("a demo order trades the demo ledger with a demo id; the live account is untouched, and the reverse", () =>
    Effect.gen(function*() {
      const unified = yield* Simulator.control<UnifiedControl>("unified")
      unified.futures.setMark("BTCUSDT", BigDecimal.unsafeFromString("60000"), Date.now())
      // Both sides start funded alike.
      const [liveUsdt, demoUsdt] = [yield* onLive(coin("USDT")), yield* onDemo(coin("USDT"))]
      expect(demoUsdt).toBe(liveUsdt)
      expect(Number(liveUsdt)).toBeGreaterThan(0)

      // A demo futures buy: its id from the demo range, a position on the demo side only.
      const placed = yield* onDemo(futuresBuy("0.1"))
      expect(placed.orderId).toMatch(/^8888\d{15}$/)
      expect(yield* onDemo(positions)).toEqual([["BTCUSDT", "long", "0.1"]])
      expect(yield* onLive(positions)).toEqual([])
      const info = yield* onDemo(Trade.orderInfo({ orderId: placed.orderId }))
      expect([info.orderId, info.orderStatus]).toEqual([placed.orderId, "filled"])
      const unseen = yield* onLive(Effect.flip(Trade.orderInfo({ orderId: placed.orderId })))
      expect(unseen._tag).toBe("OrderNotFound")
      // The fee (0.06% of 6000) came out of the demo side's USDT, not the live one's.
      expect(yield* onLive(coin("USDT"))).toBe(liveUsdt)
      expect(Number(yield* onDemo(coin("USDT")))).toBeLessThan(Number(demoUsdt))

      // A demo spot buy of 100 USDT of BTC: the demo side's BTC grows, the live side's does not.
      const liveBtc = yield* onLive(coin("BTC"))
      const demoBtc = yield* onDemo(coin("BTC"))
      yield* onDemo(
        Trade.placeOrder({ category: "SPOT", symbol: "BTCUSDT", side: "buy", orderType: "market", qty: "100" })
      )
      expect(yield* onLive(coin("BTC"))).toBe(liveBtc)
      expect(Number(yield* onDemo(coin("BTC")))).toBeGreaterThan(Number(demoBtc))

      // A live futures buy: a live id and position; the demo side sees neither.
      const livePlaced = yield* onLive(futuresBuy("0.2"))
      expect(livePlaced.orderId).toMatch(/^1\d{18}$/)
      expect(yield* onLive(positions)).toEqual([["BTCUSDT", "long", "0.2"]])
      expect(yield* onDemo(positions)).toEqual([["BTCUSDT", "long", "0.1"]])
      const hidden = yield* onDemo(Effect.flip(Trade.orderInfo({ orderId: livePlaced.orderId })))
      expect(hidden._tag).toBe("OrderNotFound")
    }))
})
