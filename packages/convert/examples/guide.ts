/**
 * The examples of `docs/convert.md`, kept here so the type check proves they compile and
 * `test/guide.test.ts` runs each against the simulator. Run the walk yourself with
 * `npx tsx packages/convert/examples/guide.ts` (simulator; against Bitget with `BITGET_*` set it
 * converts real coins, so it refuses to run there).
 */
import { BgbConvert, Convert } from "@effect-bitget/convert"
import { Decimal } from "@effect-bitget/core"
import { Simulator } from "@effect-bitget/simulator"
import type { ConvertControl } from "@effect-bitget/simulator/convert/ConvertDomain"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Chunk, Console, DateTime, Effect, Layer, Stream } from "effect"

// #region Local
// — The client against the local simulator (tests, demos, this walk).
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
// #endregion

// #region coins
// — Which coins convert, and how much.
export const coins = Effect.gen(function*() {
  const currencies = yield* Convert.currencies()
  for (const c of currencies) {
    yield* Console.log(
      `${c.coin}: available ${Decimal.format(c.available)}, ` +
        `${Decimal.format(c.minAmount)} to ${Decimal.format(c.maxAmount)} a conversion`
    )
  }
  return currencies
})
// #endregion

// #region usdtToEth
// — Quote, then trade the quote within its 8 seconds.
export const usdtToEth = Effect.gen(function*() {
  const quote = yield* Convert.quote({ fromCoin: "USDT", fromCoinSize: "250", toCoin: "ETH" })
  yield* Console.log(
    `250 USDT → ${Decimal.format(quote.toCoinSize)} ETH at ${Decimal.format(quote.cnvtPrice)}; ` +
      `quote ${quote.traceId} holds until ${DateTime.formatIso(quote.expiresAt)}`
  )
  const done = yield* Convert.tradeQuote(quote)
  return { quote, done }
})
// #endregion

// #region tooLate
// — A quote traded too late: Bitget's 12021, handled by code.
export const tooLate = (quote: Convert.Quote) =>
  Convert.tradeQuote(quote).pipe(
    Effect.as("traded"),
    Effect.catchTag("ExchangeError", (error) =>
      error.code === "12021" ? Effect.succeed("expired: ask for a new quote") : Effect.fail(error))
  )
// #endregion

// #region bothSizes
// — Exactly one of fromCoinSize and toCoinSize: anything else fails before sending.
export const bothSizes = Convert.quotedPrice({ fromCoin: "USDT", fromCoinSize: "10", toCoin: "ETH", toCoinSize: "1" })
  .pipe(Effect.flip, Effect.map((error) => error._tag))
// #endregion

// #region lastYear
// — The history of a whole year: one Stream, walked in 90-day windows by `endId`.
export const lastYear = Effect.gen(function*() {
  const now = yield* DateTime.now
  const records = yield* Stream.runCollect(Convert.convertRecord.items({
    startTime: DateTime.subtract(now, { days: 365 }),
    endTime: now
  }))
  for (const r of records) {
    yield* Console.log(
      `${DateTime.formatIso(r.ts)} ${Decimal.format(r.fromCoinSize)} ${r.fromCoin} → ` +
        `${Decimal.format(r.toCoinSize)} ${r.toCoin}`
    )
  }
  return Chunk.toReadonlyArray(records)
})
// #endregion

// #region dustToBgb
// — Small balances into BGB: what each coin would give, then convert one; the order is in the records.
export const dustToBgb = (coin: string) =>
  Effect.gen(function*() {
    const { coinList } = yield* BgbConvert.coinList()
    const estimate = coinList.find((c) => c.coin === coin)
    if (estimate === undefined) return yield* Effect.fail(`${coin} does not convert to BGB`)
    yield* Console.log(
      `${Decimal.format(estimate.available)} ${coin} → about ${Decimal.format(estimate.bgbEstAmount)} BGB`
    )
    const { orderList } = yield* BgbConvert.convert({ coinList: [coin] })
    const [record] = yield* BgbConvert.records({ orderId: orderList[0]!.orderId })
    return { estimate, record }
  })
// #endregion

// — The simulator's state, for assertions.
// #region knobs
export const knobs = Effect.gen(function*() {
  const convert = yield* Simulator.control<ConvertControl>("convert")
  const quotes = convert.quotes // every quote by traceId, with expiresAt and whether it was traded
  const records = convert.records // every conversion
  const bgbRecords = convert.bgbRecords // every conversion into BGB
  return { quotes, records, bgbRecords }
})
// #endregion

const walk = Effect.gen(function*() {
  yield* coins
  const { quote } = yield* usdtToEth
  yield* Console.log(yield* tooLate(quote))
  yield* Console.log(`both sizes: ${yield* bothSizes}`)
  yield* lastYear
  yield* dustToBgb("BTC")
})

if (import.meta.url === `file://${process.argv[1]}`) {
  NodeRuntime.runMain(walk.pipe(Effect.provide(Local)))
}
