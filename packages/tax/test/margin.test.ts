/**
 * Margin tax records over loopback, read from the margin domain's own ledger: a margin day
 * driven through the library (a transfer into the cross account, a borrow, a buy and a sell, a
 * repay; an isolated account funded and borrowed on; a second account doing the same) comes back
 * from `Tax.marginRecord` exactly as the margin line's financial records show it, id by id: cross
 * by default, isolated when asked, per coin, only the caller's account, nothing outside the
 * range (edges ±1 ms); a liquidation the price caused shows without a margin call first.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { Tax } from "@effect-bitget/tax"
import { describe, expect, it } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Fiber from "effect/Fiber"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"

const { Account, Records, Trade } = Margin
const env = () => Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const at = DateTime.unsafeMake
const hour = 3_600_000
const day = 24 * hour
const D = Date.UTC(2025, 5, 2)
const text = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : Decimal.format(BigDecimal.normalize(value))

/** Runs `effect` while moving TestClock on in steps (tax queries are limited to 1/s). */
const drive = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.fork(effect)
    for (let i = 0; i < 5000; i++) {
      if ((yield* Fiber.poll(fiber))._tag === "Some") break
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 2)))
      yield* TestClock.adjust("200 millis")
    }
    return yield* Fiber.join(fiber)
  })

const toCross = (amount: string) =>
  Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount })

/** A tax row as the fields the margin line's financial record also has. */
const taxRow = (r: Tax.MarginRecord) => ({
  id: r.id,
  coin: r.coin,
  symbol: r.symbol,
  type: r.marginTaxType,
  amount: text(r.amount),
  fee: text(r.fee),
  total: text(r.total),
  ts: DateTime.toEpochMillis(r.ts)
})
const marginRow = (r: Margin.Records.FinancialRecord) => ({
  id: r.marginId,
  coin: r.coin,
  symbol: r.symbol,
  type: r.marginType,
  amount: text(r.amount),
  fee: text(r.fee ?? BigDecimal.unsafeFromString("0")),
  total: text(r.balance),
  ts: DateTime.toEpochMillis(r.cTime)
})

describe("margin tax records from the margin ledger", () => {
  it.scoped("the margin day comes back as the margin line recorded it: by account type, coin, caller and range", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      const spot = yield* Simulator.control<SpotControl>("spot")
      spot.setPrice("BTCUSDT", "60000")
      const sub = simulator.accounts.open({ parentUid: simulator.uid, kind: "virtual", now: D - day })
      const subKey = simulator.accounts.issueKey(sub.uid, { passphrase: "pass-sub", now: D - day })
      const asSub = Simulator.layerClient({ key: subKey })
      spot.credit("USDT", "1000", { uid: sub.uid })

      // One ms before the day, its first and last ms, and one ms after it.
      yield* TestClock.setTime(D - 1)
      yield* toCross("7")
      yield* TestClock.setTime(D)
      yield* toCross("1000")
      yield* TestClock.setTime(D + hour)
      yield* Account.crossBorrow({ coin: "USDT", borrowAmount: "500" })
      yield* TestClock.setTime(D + 2 * hour)
      yield* Trade.crossPlaceOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        force: "gtc",
        quoteSize: "600",
        loanType: "normal"
      })
      yield* TestClock.setTime(D + 3 * hour)
      yield* Trade.crossPlaceOrder({
        symbol: "BTCUSDT",
        side: "sell",
        orderType: "market",
        force: "gtc",
        baseSize: "0.005",
        loanType: "normal"
      })
      yield* TestClock.setTime(D + 4 * hour)
      yield* Account.crossRepay({ coin: "USDT", repayAmount: "200" })
      yield* TestClock.setTime(D + 5 * hour)
      yield* Spot.Wallet.transfer({
        fromType: "spot",
        toType: "isolated_margin",
        coin: "USDT",
        amount: "400",
        symbol: "BTCUSDT"
      })
      yield* TestClock.setTime(D + 6 * hour)
      yield* Account.isolatedBorrow({ symbol: "BTCUSDT", coin: "USDT", borrowAmount: "150" })
      // The second account's own cross margin day.
      yield* TestClock.setTime(D + 7 * hour)
      yield* toCross("300").pipe(Effect.provide(asSub))
      yield* TestClock.setTime(D + 8 * hour)
      yield* Account.crossBorrow({ coin: "USDT", borrowAmount: "100" }).pipe(Effect.provide(asSub))
      yield* TestClock.setTime(D + day - 1)
      yield* toCross("3")
      yield* TestClock.setTime(D + day)
      yield* toCross("11")
      yield* TestClock.setTime(D + day + 2 * hour)

      const range = { startTime: at(D), endTime: at(D + day - 1) }
      const marginRange = { startTime: Margin.Schemas.time(D), endTime: Margin.Schemas.time(D + day - 1) }
      const crossLedger = Chunk.toReadonlyArray(
        yield* Stream.runCollect(Records.crossFinancialRecords.items(marginRange))
      )
        .map(marginRow)

      // Cross by default: the day's cross movements, newest first, as the margin line has them.
      const cross = (yield* drive(Tax.marginRecord(range))).map(taxRow)
      expect(cross).toEqual(crossLedger)
      expect(cross.map((r) => [r.coin, r.type, r.amount])).toEqual([
        ["USDT", "transfer_in", "3"],
        ["USDT", "repay", "-200"],
        ["USDT", "deal_in", cross[2]!.amount],
        ["BTC", "deal_out", "-0.005"],
        ["BTC", "deal_in", cross[4]!.amount],
        ["USDT", "deal_out", "-600"],
        ["USDT", "borrow", "500"],
        ["USDT", "transfer_in", "1000"]
      ])
      // The buy's fee is taken from the BTC received; the balances follow the account.
      expect(BigDecimal.isPositive(Decimal.unsafeMake(cross[4]!.fee!))).toBe(true)
      expect(cross[4]!.amount).toBe(
        text(BigDecimal.subtract(Decimal.unsafeMake("0.01"), Decimal.unsafeMake(cross[4]!.fee!)))
      )
      expect(cross.slice(5).map((r) => r.total)).toEqual(["907", "1507", "1007"])
      expect(cross.every((r) => r.symbol === undefined && r.ts >= D && r.ts <= D + day - 1)).toBe(true)

      // Per coin.
      const btc = (yield* drive(Tax.marginRecord({ ...range, coin: "BTC" }))).map(taxRow)
      expect(btc).toEqual(crossLedger.filter((r) => r.coin === "BTC"))
      expect(btc).toHaveLength(2)

      // Isolated when asked: the pair's account, with its symbol.
      const isolatedLedger = Chunk.toReadonlyArray(
        yield* Stream.runCollect(Records.isolatedFinancialRecords.items({ ...marginRange, symbol: "BTCUSDT" }))
      ).map(marginRow)
      const isolated = (yield* drive(Tax.marginRecord({ ...range, marginType: "isolated" }))).map(taxRow)
      expect(isolated).toEqual(isolatedLedger)
      expect(isolated.map((r) => [r.symbol, r.coin, r.type, r.amount, r.total])).toEqual([
        ["BTCUSDT", "USDT", "borrow", "150", "550"],
        ["BTCUSDT", "USDT", "transfer_in", "400", "400"]
      ])
      expect(yield* drive(Tax.marginRecord({ ...range, marginType: "crossed" }))).toHaveLength(cross.length)

      // The second account sees its own movements only, and the main account none of them.
      // One client for the second account, so its 1/s tax limit is kept by one limiter.
      const [subLedger, subRows, subIsolated] = yield* Effect.gen(function*() {
        const ledger = yield* Stream.runCollect(Records.crossFinancialRecords.items(marginRange))
        const rows = yield* drive(Tax.marginRecord(range))
        const isolated = yield* drive(Tax.marginRecord({ ...range, marginType: "isolated" }))
        return [Chunk.toReadonlyArray(ledger).map(marginRow), rows.map(taxRow), isolated] as const
      }).pipe(Effect.provide(asSub))
      expect(subRows).toEqual(subLedger)
      expect(subRows.map((r) => [r.type, r.amount, r.total])).toEqual([
        ["borrow", "100", "400"],
        ["transfer_in", "300", "300"]
      ])
      expect(subIsolated).toEqual([])
      const mainIds = new Set([...cross, ...isolated].map((r) => r.id))
      expect(subRows.some((r) => mainIds.has(r.id))).toBe(false)

      // Range edges ±1 ms: a ms in from each side drops the edge records; the ones outside stay out.
      const inner = (yield* drive(Tax.marginRecord({ startTime: at(D + 1), endTime: at(D + day - 2) }))).map(taxRow)
      expect(inner).toEqual(cross.slice(1, -1))
      const before = (yield* drive(Tax.marginRecord({ startTime: at(D - 1), endTime: at(D - 1) }))).map(taxRow)
      expect(before.map((r) => [r.type, r.amount, r.ts])).toEqual([["transfer_in", "7", D - 1]])
      const after = (yield* drive(Tax.marginRecord({ startTime: at(D + day), endTime: at(D + 2 * day) }))).map(taxRow)
      expect(after.map((r) => [r.type, r.amount, r.ts])).toEqual([["transfer_in", "11", D + day]])
      expect(simulator.limits.refused).toBe(0)
    }).pipe(Effect.provide(env())))

  it.scoped("a liquidation the price brought about is in the tax records even when no margin call came first", () =>
    Effect.gen(function*() {
      const spot = yield* Simulator.control<SpotControl>("spot")
      yield* TestClock.setTime(D)
      spot.setPrice("BTCUSDT", "60000")
      yield* toCross("1000")
      // 3000 USDT of BTC on 1000 of equity: the account borrows its maximum.
      yield* Trade.crossPlaceOrder({
        symbol: "BTCUSDT",
        side: "buy",
        orderType: "market",
        force: "gtc",
        quoteSize: "3000",
        loanType: "autoLoan"
      })
      // The price falls through the liquidation line; the next thing asked is the tax record.
      spot.setPrice("BTCUSDT", "44000")
      yield* TestClock.setTime(D + hour)
      const range = { startTime: at(D), endTime: at(D + day - 1) }
      const rows = (yield* drive(Tax.marginRecord(range))).map(taxRow)
      expect(rows.slice(0, 4).map((r) => [r.coin, r.type])).toEqual([
        ["USDT", "liquidation_fee"],
        ["USDT", "repay"],
        ["USDT", "deal_in"],
        ["BTC", "deal_out"]
      ])
      expect(rows[0]!.fee).toBe(text(BigDecimal.negate(Decimal.unsafeMake(rows[0]!.amount!))))
      const ledger = Chunk.toReadonlyArray(
        yield* Stream.runCollect(
          Records.crossFinancialRecords.items({
            startTime: Margin.Schemas.time(D),
            endTime: Margin.Schemas.time(D + day - 1)
          })
        )
      ).map(marginRow)
      expect(rows).toEqual(ledger)
    }).pipe(Effect.provide(env())))
})
