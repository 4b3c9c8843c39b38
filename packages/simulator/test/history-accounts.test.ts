// `Simulator.layer({ history, subAccounts })` seeds every account it knows of, each through its own
// ledger: the main account and a virtual sub-account (spot, margin, futures), the demo side
// (`paptrading`), the unified account, its demo side and a unified sub-account (V3). Streamed through the lines' own `items`, each
// account gets its own rows (none of another's), newest first, each once, inside the range to
// the millisecond; the same anchor writes the same rows.
import * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as Timestamp from "@effect-bitget/core/Timestamp"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as MarginRecords from "@effect-bitget/margin/Records"
import * as MarginTrade from "@effect-bitget/margin/Trade"
import { Simulator } from "@effect-bitget/simulator"
import * as Account from "@effect-bitget/spot/Account"
import * as Trade from "@effect-bitget/spot/Trade"
import * as UnifiedDeposit from "@effect-bitget/unified/Deposit"
import * as UnifiedSubAccount from "@effect-bitget/unified/SubAccount"
import * as UnifiedTrade from "@effect-bitget/unified/Trade"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import type * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"

const HOUR = 3_600_000
const DAY = 24 * HOUR
const DAYS = 12
const ROUNDS = DAYS * 4
/** The newest time of the histories: fixed, so the rounds' times are known to the millisecond. */
const ANCHOR = Math.floor(Date.now() / 60_000) * 60_000 - 60_000
/** Round `i`'s start, as `History.roundTime` writes it (four rounds a day, seven minutes past). */
const round = (i: number, days = DAYS, anchor = ANCHOR) => anchor - days * DAY + i * (DAY / 4) + 7 * 60_000
const range = { start: ANCHOR - DAYS * DAY, end: ANCHOR }
const times = (r: { readonly start: number; readonly end: number }) => ({
  startTime: Timestamp.fromMillis(r.start),
  endTime: Timestamp.fromMillis(r.end)
})

type Client = Simulator.ClientOptions
const all = <A, E>(stream: Stream.Stream<A, E, BitgetClient.BitgetClient>, as: Client = {}) =>
  Effect.map(
    Stream.runCollect(stream).pipe(Effect.provide(Simulator.layerClient({ limiter: "none", ...as }))),
    Chunk.toReadonlyArray
  )
const ms = (time: DateTime.Utc) => Timestamp.toMillis(time)

/** Newest first by id, no id twice, every time inside `[start, end]`; the ids. */
const walked = <Row>(rows: ReadonlyArray<Row>, id: (row: Row) => string, time: (row: Row) => number) => {
  const ids = rows.map((row) => BigInt(id(row)))
  for (let i = 1; i < ids.length; i++) {
    expect(ids[i]! < ids[i - 1]!, `row ${i} is not older than row ${i - 1}`).toBe(true)
  }
  expect(rows.every((row) => time(row) >= range.start && time(row) <= range.end)).toBe(true)
  return new Set(ids)
}
const disjoint = (a: ReadonlySet<bigint>, b: ReadonlySet<bigint>) => [...a].filter((id) => b.has(id))

const main: Client = {}
const sub: Client = { subAccount: 0 }
const demo: Client = { demo: true }

layer(Simulator.layer({ history: DAYS, subAccounts: 2, unifiedSubAccounts: 1, anchor: ANCHOR, rateLimits: false }), {
  excludeTestServices: true,
  timeout: 60_000
})("seeded histories of every account", (it) => {
  it.effect("spot: the main account and a sub-account each get their own four buys and four sells a round", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      expect(simulator.subAccounts.length).toBe(2)
      const fills = (as: Client) => all(Trade.fills.items({ symbol: "BTCUSDT", ...times(range) }), as)
      const [ours, theirs] = [yield* fills(main), yield* fills(sub)]
      expect(ours.length).toBe(ROUNDS * 2)
      expect(theirs.length).toBe(ROUNDS * 2)
      const a = walked(ours, (f) => f.tradeId, (f) => ms(f.cTime))
      const b = walked(theirs, (f) => f.tradeId, (f) => ms(f.cTime))
      expect(disjoint(a, b)).toEqual([])
      // The oldest is the first round's buy, a second in; the newest the last round's sell, three hours in.
      expect(ms(ours[ours.length - 1]!.cTime)).toBe(round(0) + 1000)
      expect(ms(ours[0]!.cTime)).toBe(round(ROUNDS - 1) + 3 * HOUR)
      // The sub-account's bills: the deposit that funds it first (a minute before the first
      // round, 1000 USDT and 10 a day), then its rounds' own.
      const bills = yield* all(Account.bills.items({ coin: "USDT", ...times(range) }), sub)
      expect(bills[bills.length - 1]!.businessType).toBe("deposit")
      expect(BigDecimal.format(bills[bills.length - 1]!.size)).toBe(String(1000 + 10 * DAYS))
      expect(ms(bills[bills.length - 1]!.cTime)).toBe(round(0) - 60_000)
      expect(bills.length).toBe(1 + DAYS * (4 * 5 + 2 + 4))
      walked(bills, (bill) => bill.billId, (bill) => ms(bill.cTime))
    }))

  it.effect("the range edges, to the millisecond: a row at startTime or endTime is in, one millisecond past is out", () =>
    Effect.gen(function*() {
      const oldest = round(0) + 1000
      const newest = round(ROUNDS - 1) + 3 * HOUR
      const count = (start: number, end: number) =>
        Effect.map(all(Trade.fills.items({ symbol: "BTCUSDT", ...times({ start, end }) })), (rows) => rows.length)
      expect(yield* count(oldest, newest)).toBe(ROUNDS * 2)
      expect(yield* count(oldest + 1, newest)).toBe(ROUNDS * 2 - 1)
      expect(yield* count(oldest, newest - 1)).toBe(ROUNDS * 2 - 1)
      expect(yield* count(oldest - 1, newest + 1)).toBe(ROUNDS * 2)
      // The same on the futures line: its first open an hour into the first round.
      const futures = (start: number) =>
        Effect.map(
          all(
            OrderQuery.fills.items({ productType: "USDT-FUTURES", symbol: "BTCUSDT", ...times({ start, end: ANCHOR }) })
          ),
          (rows) => rows.length
        )
      expect(yield* futures(round(0) + HOUR)).toBe(ROUNDS * 2)
      expect(yield* futures(round(0) + HOUR + 1)).toBe(ROUNDS * 2 - 1)
    }))

  it.effect("margin: a cross and an isolated round a day per account, loans repaid with their interest", () =>
    Effect.gen(function*() {
      const symbol = "BTCUSDT"
      for (const as of [main, sub]) {
        const cross = yield* all(MarginTrade.crossFills.items({ symbol, ...times(range) }), as)
        const isolated = yield* all(MarginTrade.isolatedFills.items({ symbol, ...times(range) }), as)
        expect(cross.length).toBe(DAYS * 2)
        expect(isolated.length).toBe(DAYS * 2)
        walked(cross, (f) => f.tradeId, (f) => ms(f.cTime))
        const orders = yield* all(MarginTrade.crossHistoryOrders.items({ symbol, ...times(range) }), as)
        expect(orders.map((o) => o.side)).toEqual(Array.from({ length: DAYS }, () => ["sell", "buy"]).flat())
        const borrows = yield* all(MarginRecords.crossBorrowHistory.items({ coin: "USDT", ...times(range) }), as)
        const repays = yield* all(MarginRecords.crossRepayHistory.items({ coin: "USDT", ...times(range) }), as)
        const interest = yield* all(MarginRecords.crossInterestHistory.items({ coin: "USDT", ...times(range) }), as)
        expect(borrows.length).toBe(DAYS)
        expect(repays.length).toBe(DAYS)
        // At the borrow, then at each of the two hours before the sell.
        expect(interest.map((i) => i.interstType)).toEqual(
          Array.from({ length: DAYS }, () => ["scheduled", "scheduled", "first"]).flat()
        )
        // Each repayment pays its loan and the interest charged on it: nothing is owed between rounds.
        const charged = interest.reduce((sum, i) => BigDecimal.sum(sum, i.interestAmount), BigDecimal.fromBigInt(0n))
        const paid = repays.reduce((sum, r) => BigDecimal.sum(sum, r.repayInterest), BigDecimal.fromBigInt(0n))
        expect(BigDecimal.equals(charged, paid)).toBe(true)
        expect(repays.every((r, i) => BigDecimal.equals(r.repayPrincipal, borrows[i]!.borrowAmount))).toBe(true)
        // Every USDT movement of the cross account, summed: what came in all went out again.
        const moves = yield* all(MarginRecords.crossFinancialRecords.items({ coin: "USDT", ...times(range) }), as)
        expect(moves.length).toBe(DAYS * 6)
        const net = moves.reduce((sum, m) => BigDecimal.sum(sum, m.amount), BigDecimal.fromBigInt(0n))
        expect(BigDecimal.isZero(net)).toBe(true)
        expect(BigDecimal.isZero(moves[0]!.balance)).toBe(true)
        const isolatedBorrows = yield* all(MarginRecords.isolatedBorrowHistory.items({ symbol, ...times(range) }), as)
        expect(isolatedBorrows.length).toBe(DAYS)
      }
      const ids = (as: Client) =>
        Effect.map(
          all(MarginRecords.crossBorrowHistory.items({ coin: "USDT", ...times(range) }), as),
          (rows) => new Set(rows.map((r) => BigInt(r.loanId)))
        )
      expect(disjoint(yield* ids(main), yield* ids(sub))).toEqual([])
    }))

  it.effect("futures: each account and the demo side trade apart, demo ids from 8888", () =>
    Effect.gen(function*() {
      const fills = (as: Client) =>
        all(OrderQuery.fills.items({ productType: "USDT-FUTURES", symbol: "BTCUSDT", ...times(range) }), as)
      const [ours, theirs, play] = [yield* fills(main), yield* fills(sub), yield* fills(demo)]
      for (const rows of [ours, theirs, play]) expect(rows.length).toBe(ROUNDS * 2)
      const [a, b, c] = [ours, theirs, play].map((rows) => walked(rows, (f) => f.tradeId, (f) => ms(f.cTime)))
      expect(disjoint(a!, b!)).toEqual([])
      expect(disjoint(a!, c!)).toEqual([])
      expect(play.every((f) => f.tradeId.startsWith("8888"))).toBe(true)
      expect(ours.some((f) => f.tradeId.startsWith("8888"))).toBe(false)
      // A minute after the real account's, on its own demo account.
      expect(ms(play[play.length - 1]!.cTime)).toBe(ms(ours[ours.length - 1]!.cTime) + 60_000)
    }))

  it.effect("spot demo: the demo pair with demo coins, its own bills", () =>
    Effect.gen(function*() {
      const fills = yield* all(Trade.fills.items({ symbol: "SBTCSUSDT", ...times(range) }), demo)
      expect(fills.length).toBe(ROUNDS * 2)
      walked(fills, (f) => f.tradeId, (f) => ms(f.cTime))
      const real = yield* all(Trade.fills.items({ symbol: "BTCUSDT", ...times(range) }), demo)
      expect(disjoint(new Set(fills.map((f) => BigInt(f.tradeId))), new Set(real.map((f) => BigInt(f.tradeId)))))
        .toEqual([])
      // Per round the buy's payment, the sell's proceeds and its fee; no deposit or withdrawal.
      const bills = yield* all(Account.bills.items({ coin: "SUSDT", ...times(range) }), demo)
      expect(bills.length).toBe(ROUNDS * 3)
    }))

  it.effect("unified: V3 spot and futures fills and orders, on the unified account only", () =>
    Effect.gen(function*() {
      const unified: Client = { unified: true }
      const fills = (category: "SPOT" | "USDT-FUTURES") =>
        all(UnifiedTrade.fills.items({ category, ...times(range) }), unified)
      const spot = yield* fills("SPOT")
      const futures = yield* fills("USDT-FUTURES")
      expect(spot.length).toBe(ROUNDS * 2)
      expect(futures.length).toBe(ROUNDS * 2)
      const a = walked(spot, (f) => f.execId, (f) => ms(f.createdTime))
      const b = walked(futures, (f) => f.execId, (f) => ms(f.createdTime))
      expect(disjoint(a, b)).toEqual([])
      expect(ms(spot[spot.length - 1]!.createdTime)).toBe(round(0) + 30 * 60_000)
      const orders = yield* all(UnifiedTrade.historyOrders.items({ category: "SPOT", ...times(range) }), unified)
      expect(orders.length).toBe(ROUNDS * 2)
      walked(orders, (o) => o.orderId, (o) => ms(o.createdTime))
      // The classic main account has none of them.
      const classic = yield* all(Trade.fills.items({ symbol: "BTCUSDT", ...times(range) }))
      expect(disjoint(a, new Set(classic.map((f) => BigInt(f.tradeId))))).toEqual([])
      // Its demo side (paptrading) trades the same rounds on its own ledger, futures ids from the demo range.
      const unifiedDemo: Client = { unified: true, demo: true }
      const demoFutures = yield* all(
        UnifiedTrade.fills.items({ category: "USDT-FUTURES", ...times(range) }),
        unifiedDemo
      )
      expect(demoFutures.length).toBe(ROUNDS * 2)
      expect(demoFutures.every((f) => f.execId.startsWith("8888") && f.orderId.startsWith("8888"))).toBe(true)
      const demoSpot = walked(
        yield* all(UnifiedTrade.fills.items({ category: "SPOT", ...times(range) }), unifiedDemo),
        (f) => f.execId,
        (f) => ms(f.createdTime)
      )
      expect(demoSpot.size).toBe(ROUNDS * 2)
      expect(disjoint(a, demoSpot)).toEqual([])
    }))

  it.effect("a unified sub-account: funded by a deposit, then its own V3 fills and orders; listed by its main", () =>
    Effect.gen(function*() {
      const simulator = yield* Simulator.Simulator
      expect(simulator.unified.subAccounts.length).toBe(1)
      const uid = simulator.unified.subAccounts[0]!.uid
      const unifiedSub: Client = { unifiedSubAccount: 0 }
      const fills = (category: "SPOT" | "USDT-FUTURES", as: Client) =>
        all(UnifiedTrade.fills.items({ category, ...times(range) }), as)
      for (const category of ["SPOT", "USDT-FUTURES"] as const) {
        const theirs = yield* fills(category, unifiedSub)
        expect(theirs.length).toBe(ROUNDS * 2)
        const b = walked(theirs, (f) => f.execId, (f) => ms(f.createdTime))
        const a = walked(yield* fills(category, { unified: true }), (f) => f.execId, (f) => ms(f.createdTime))
        expect(disjoint(a, b)).toEqual([])
      }
      const orders = yield* all(
        UnifiedTrade.historyOrders.items({ category: "USDT-FUTURES", ...times(range) }),
        unifiedSub
      )
      expect(orders.length).toBe(ROUNDS * 2)
      // The funding deposit before the first round (1000 + 10 a day), then one of 1 USDT a day.
      const deposits = yield* all(UnifiedDeposit.depositRecords.items({ coin: "USDT", ...times(range) }), unifiedSub)
      expect(deposits.map((d) => BigDecimal.format(d.size))).toEqual([
        ...Array.from({ length: DAYS }, () => "1"),
        String(1000 + 10 * DAYS)
      ])
      expect(ms(deposits[DAYS]!.createdTime)).toBe(round(0) - 60_000)
      // The unified main account lists it among its sub-accounts.
      const subs = yield* UnifiedSubAccount.subList({}).pipe(
        Effect.provide(Simulator.layerClient({ limiter: "none", unified: true }))
      )
      expect(subs.list.map((s) => [s.subUid, s.username, s.accountMode])).toEqual([[uid, "simuta01", "UNIFIED"]])
    }))

  it.effect("the same anchor writes the same rows; another anchor other prices", () =>
    Effect.gen(function*() {
      const rows = (anchor: number) =>
        Effect.map(
          Stream.runCollect(
            Trade.fills.items({ symbol: "BTCUSDT", ...times({ start: anchor - 2 * DAY, end: anchor }) })
          ).pipe(
            Effect.provide(
              Simulator.layerClient({ limiter: "none", subAccount: 0 }).pipe(
                Layer.provideMerge(Simulator.layer({ history: 2, subAccounts: 1, anchor, rateLimits: false }))
              )
            )
          ),
          (chunk) => Chunk.toReadonlyArray(chunk).map((f) => [f.tradeId, BigDecimal.format(f.priceAvg), ms(f.cTime)])
        )
      const first = yield* rows(ANCHOR)
      expect(first.length).toBe(2 * 4 * 2)
      expect(yield* rows(ANCHOR)).toEqual(first)
      const other = yield* rows(ANCHOR - 3 * HOUR)
      expect(other.map((row) => row[1])).not.toEqual(first.map((row) => row[1]))
    }))
})
