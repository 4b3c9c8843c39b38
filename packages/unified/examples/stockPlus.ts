/**
 * The Stock+ and Reality examples of `docs/unified.md`, kept here so the type check proves they
 * compile and `test/stockPlusGuide.test.ts` runs each against the simulator's unified account.
 * Run them yourself with `npx tsx packages/unified/examples/stockPlus.ts` (simulator) or against
 * Bitget with `BITGET_*` set to a unified account's key with Stock+ opened (they buy shares: read
 * first).
 */
import { BitgetClient } from "@effect-bitget/core"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import { RealityCompany, StockPlusAsset, StockPlusMarket, StockPlusTrade } from "@effect-bitget/unified"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { BigDecimal, Console, Effect, Layer } from "effect"

// — Layer + Config: a unified account's key from BITGET_* environment variables.
export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

// — The same client against the local simulator, signing as its funded unified account.
export const Local = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))

// #region buyShares
// — Fund Stock+ from the unified balance, buy two AAPL shares at the best ask, read the position.
export const buyShares = Effect.gen(function*() {
  yield* StockPlusAsset.transfer({ coin: "USDT", amount: "1000", direction: "in" })
  const { asks } = yield* StockPlusMarket.depth({ symbol: "AAPL.US" })
  const { orderId } = yield* StockPlusTrade.placeOrder({
    symbol: "AAPL.US",
    orderType: "LO",
    side: "Buy",
    submittedQuantity: "2",
    timeInForce: "Day",
    submittedPrice: asks[0]!.price
  })
  const order = yield* StockPlusTrade.orderDetail({ orderId })
  const { channels } = yield* StockPlusAsset.stockPosition({ symbol: "AAPL.US" })
  return { order, positions: channels.flatMap((channel) => channel.positions) }
})
// #endregion

// #region dividendsOf
// — Every dividend and split of the company behind a Reality pair, page after page by the answer's cursor.
export const dividendsOf = (code: string) =>
  Effect.gen(function*() {
    const rows: Array<RealityCompany.Dividend> = []
    let cursor: string | undefined
    do {
      const page = yield* RealityCompany.dividends({ code, limit: 5, ...(cursor === undefined ? {} : { cursor }) })
      rows.push(...page.list)
      cursor = page.cursor
    } while (cursor !== undefined)
    return rows
  })
// #endregion

if (import.meta.url === `file://${process.argv[1]}`) {
  const walk = Effect.gen(function*() {
    const { order, positions } = yield* buyShares
    const price = order.executedPrice === undefined ? "-" : BigDecimal.format(order.executedPrice)
    yield* Console.log(`${order.status} at ${price}; ${positions.length} position(s)`)
    yield* Console.log(`${(yield* dividendsOf("AAPL")).length} AAPL dividends and splits`)
  })
  const main: Effect.Effect<void, unknown> = process.env.BITGET_API_KEY === undefined
    ? Effect.provide(walk, Local)
    : Effect.provide(walk, Live)
  NodeRuntime.runMain(main)
}
