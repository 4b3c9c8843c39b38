/**
 * The examples of `docs/tax.md`, kept here so the type check proves they compile and
 * `test/guide.test.ts` runs each against the simulator. Run the walk yourself with
 * `npx tsx packages/tax/examples/guide.ts` (simulator) or with `BITGET_*` set (Bitget; every call
 * here only reads, at 1 request a second).
 */
import { BitgetClient, Decimal } from "@effect-bitget/core"
import * as Transport from "@effect-bitget/core/Transport"
import { Simulator } from "@effect-bitget/simulator"
import type { MarginMovement, TaxControl } from "@effect-bitget/simulator/tax/TaxDomain"
import { Tax } from "@effect-bitget/tax"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { BigDecimal, Chunk, Console, DateTime, Effect, Layer, Stream } from "effect"

// — Layer + Config: credentials from BITGET_* environment variables.
export const Live = BitgetClient.layerConfig.pipe(Layer.provide(Transport.layerUndici))

// — The same client against the local simulator.
export const Local = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))

// #region futuresFees
// — Futures records of the last `days` days (a year: 365) as one Stream, walked in 30-day
//   windows at the endpoint's 1 request a second; fees summed per margin coin.
export const futuresFees = (days: number) =>
  Effect.gen(function*() {
    const now = yield* DateTime.now
    const records = yield* Stream.runCollect(Tax.futureRecord.items({
      startTime: DateTime.subtract(now, { days }),
      endTime: now
    }))
    const fees = new Map<string, BigDecimal.BigDecimal>()
    for (const r of records) {
      fees.set(r.marginCoin, BigDecimal.sum(fees.get(r.marginCoin) ?? BigDecimal.fromBigInt(0n), r.fee))
    }
    for (const [coin, fee] of fees) yield* Console.log(`${coin} fees: ${Decimal.format(fee)}`)
    return { records: Chunk.toReadonlyArray(records), fees }
  })
// #endregion

// #region spotMonth
// — One month of spot records: buys, sells, fees, deposits, transfers, conversions.
export const spotMonth = (month: DateTime.Utc) =>
  Effect.gen(function*() {
    const records = yield* Tax.spotRecord({
      startTime: month,
      endTime: DateTime.subtract(DateTime.add(month, { days: 30 }), { millis: 1 })
    })
    for (const r of records) {
      yield* Console.log(`${DateTime.formatIso(r.ts)} ${r.spotTaxType}: ${Decimal.format(r.amount)} ${r.coin}`)
    }
    return records
  })
// #endregion

// #region tooLong
// — More than 30 days in one call fails before sending; `items` above splits it instead.
export const tooLong = Effect.gen(function*() {
  const now = yield* DateTime.now
  return yield* Tax.p2pRecord({ startTime: DateTime.subtract(now, { days: 31 }), endTime: now }).pipe(
    Effect.flip,
    Effect.map((error) => error._tag)
  )
})
// #endregion

// — The simulator's knob: margin movements from a source of yours, until the margin domain plugs in.
// #region knobs
// Your test's margin changes of account `uid`, newest first (none here).
const marginMovements = (_uid: string): ReadonlyArray<MarginMovement> => []

export const knobs = Effect.gen(function*() {
  const tax = yield* Simulator.control<TaxControl>("tax")
  tax.setMarginSource((uid) => marginMovements(uid)) // until the margin domain does it itself
})
// #endregion

const walk = Effect.gen(function*() {
  yield* futuresFees(365)
  yield* spotMonth(DateTime.subtract(yield* DateTime.now, { days: 30 }))
  yield* Console.log(`31 days: ${yield* tooLong}`)
})

if (import.meta.url === `file://${process.argv[1]}`) {
  const program: Effect.Effect<void, unknown> = process.env.BITGET_BASE_URL === undefined
    ? walk.pipe(Effect.provide(Local))
    : walk.pipe(Effect.provide(Live))
  NodeRuntime.runMain(program)
}
