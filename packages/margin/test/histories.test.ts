import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import type { MarginControl } from "@effect-bitget/simulator/margin/MarginDomain"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { describe, expect, it } from "@effect/vitest"
import * as Chunk from "effect/Chunk"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import * as TestClock from "effect/TestClock"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const { Account, Records, Trade } = Margin
const { time } = Margin.Schemas
const START = 1_767_225_600_000 // 2026-01-01T00:00:00Z
const DAY = 86_400_000
const ROUNDS = 22
const STEP = 9 * DAY

const market = { symbol: "BTCUSDT", orderType: "market", force: "gtc", loanType: "normal" } as const
const resting = {
  symbol: "BTCUSDT",
  side: "buy",
  orderType: "limit",
  force: "gtc",
  price: "1000",
  baseSize: "0.001",
  loanType: "normal"
} as const

/** One round of margin life in both accounts: borrow, buy, sell, a resting order, a flash repay. */
const round = (i: number) =>
  Effect.gen(function*() {
    yield* TestClock.setTime(START + i * STEP)
    yield* Account.crossBorrow({ coin: "USDT", borrowAmount: "10" })
    yield* Trade.crossPlaceOrder({ ...market, side: "buy", quoteSize: "60" })
    yield* Trade.crossPlaceOrder({ ...market, side: "sell", baseSize: "0.0005" })
    yield* Trade.crossPlaceOrder(resting)
    yield* Account.crossFlashRepay({ coin: "USDT" })
    yield* Account.isolatedBorrow({ symbol: "BTCUSDT", coin: "USDT", borrowAmount: "10" })
    yield* Trade.isolatedPlaceOrder({ ...market, side: "buy", quoteSize: "60" })
    yield* Trade.isolatedPlaceOrder({ ...market, side: "sell", baseSize: "0.0005" })
    yield* Trade.isolatedPlaceOrder(resting)
    yield* Account.isolatedFlashRepay({ symbolList: ["BTCUSDT"] })
  })

/** Every few rounds the isolated ETHUSDT account borrows to the hilt and is liquidated as ETH falls. */
const liquidation = (i: number) =>
  Effect.gen(function*() {
    const spot = yield* Simulator.control<SpotControl>("spot")
    yield* TestClock.setTime(START + i * STEP + DAY)
    spot.setPrice("ETHUSDT", "3000")
    yield* Spot.Wallet.transfer({
      fromType: "spot",
      toType: "isolated_margin",
      symbol: "ETHUSDT",
      coin: "USDT",
      amount: "100"
    })
    yield* Trade.isolatedPlaceOrder({
      symbol: "ETHUSDT",
      side: "buy",
      orderType: "market",
      force: "gtc",
      quoteSize: "480",
      loanType: "autoLoan"
    })
    spot.setPrice("ETHUSDT", "2400")
    yield* Account.isolatedRiskRate({ symbol: "ETHUSDT" })
    spot.setPrice("ETHUSDT", "3000")
  })

/** Collects a stream's rows, then lets a second of TestClock pass (the limiter allows 10 calls a second). */
const collect = <A, E, R>(stream: Stream.Stream<A, E, R>) =>
  Effect.zipLeft(Effect.map(Stream.runCollect(stream), Chunk.toReadonlyArray), TestClock.adjust("1 second"))

const newestFirst = <Row>(rows: ReadonlyArray<Row>, id: (row: Row) => string) =>
  rows.map(id).sort((a, b) => (BigInt(a) < BigInt(b) ? 1 : BigInt(a) > BigInt(b) ? -1 : 0))

describe("every margin history as one Stream (TestClock)", () => {
  it.scoped(
    "200 days of cross and isolated life: each history walks its windows and pages, no row twice or missing",
    () =>
      Effect.gen(function*() {
        yield* TestClock.setTime(START)
        const spot = yield* Simulator.control<SpotControl>("spot")
        spot.setPrice("BTCUSDT", "60000")
        yield* Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "5000" })
        yield* Spot.Wallet.transfer({
          fromType: "spot",
          toType: "isolated_margin",
          symbol: "BTCUSDT",
          coin: "USDT",
          amount: "5000"
        })
        for (let i = 0; i < ROUNDS; i++) {
          yield* round(i)
          if (i % 6 === 0) yield* liquidation(i)
        }
        const end = START + ROUNDS * STEP
        yield* TestClock.setTime(end)
        const range = { startTime: time(START), endTime: time(end) }
        const { ledger } = yield* Simulator.control<MarginControl>("margin")
        const mine = <Row extends { readonly key: string }>(rows: ReadonlyArray<Row>, key: string) =>
          rows.filter((r) => r.key === key)
        const cross = "crossed_margin"
        const btc = "isolated_margin:BTCUSDT"
        const eth = "isolated_margin:ETHUSDT"

        const check = <Row>(
          streamed: ReadonlyArray<Row>,
          id: (row: Row) => string,
          expected: ReadonlyArray<string>
        ) => {
          expect(expected.length).toBeGreaterThan(3)
          expect(streamed.map(id)).toEqual(expected)
        }

        check(
          yield* collect(Records.crossBorrowHistory.items({ ...range, limit: 5 })),
          (r) => r.loanId,
          newestFirst(mine(ledger.borrows, cross), (r) => r.loanId)
        )
        check(
          yield* collect(Records.isolatedBorrowHistory.items({ symbol: "BTCUSDT", ...range, limit: 5 })),
          (r) => r.loanId,
          newestFirst(mine(ledger.borrows, btc), (r) => r.loanId)
        )
        check(
          yield* collect(Records.crossRepayHistory.items({ ...range, limit: 5 })),
          (r) => r.repayId,
          newestFirst(mine(ledger.repays, cross), (r) => r.repayId)
        )
        check(
          yield* collect(Records.isolatedRepayHistory.items({ symbol: "ETHUSDT", ...range, limit: 2 })),
          (r) => r.repayId,
          newestFirst(mine(ledger.repays, eth), (r) => r.repayId)
        )
        check(
          yield* collect(Records.crossInterestHistory.items({ ...range, limit: 5 })),
          (r) => r.interestId,
          newestFirst(mine(ledger.interests, cross), (r) => r.interestId)
        )
        check(
          yield* collect(Records.isolatedInterestHistory.items({ symbol: "BTCUSDT", ...range, limit: 5 })),
          (r) => r.interestId,
          newestFirst(mine(ledger.interests, btc), (r) => r.interestId)
        )
        const liquidations = yield* collect(
          Records.isolatedLiquidationHistory.items({ symbol: "ETHUSDT", ...range, limit: 1 })
        )
        expect(liquidations.map((r) => r.liqId)).toEqual(newestFirst(mine(ledger.liquidations, eth), (r) => r.liqId))
        expect(liquidations.length).toBe(4)
        expect(yield* collect(Records.crossLiquidationHistory.items(range))).toEqual([])
        check(
          yield* collect(Records.crossFinancialRecords.items(range)),
          (r) => r.marginId,
          newestFirst(mine(ledger.finance, cross), (r) => r.marginId)
        )
        check(
          yield* collect(Records.isolatedFinancialRecords.items({ symbol: "BTCUSDT", ...range, limit: 50 })),
          (r) => r.marginId,
          newestFirst(mine(ledger.finance, btc), (r) => r.marginId)
        )

        const orders = (key: string, open: boolean) =>
          newestFirst(
            [...spot.world.orders.values()].filter((o) =>
              o.account === key && o.symbol === "BTCUSDT" && (o.status === "live") === open
            ),
            (o) => o.orderId
          )
        check(
          yield* collect(Trade.crossHistoryOrders.items({ symbol: "BTCUSDT", ...range, limit: 10 })),
          (o) => o.orderId,
          orders(cross, false)
        )
        check(
          yield* collect(Trade.isolatedHistoryOrders.items({ symbol: "BTCUSDT", ...range, limit: 10 })),
          (o) => o.orderId,
          orders(btc, false)
        )
        check(
          yield* collect(Trade.crossOpenOrders.items({ symbol: "BTCUSDT", ...range, limit: 5 })),
          (o) => o.orderId,
          orders(cross, true)
        )
        check(
          yield* collect(Trade.isolatedOpenOrders.items({ symbol: "BTCUSDT", ...range, limit: 5 })),
          (o) => o.orderId,
          orders(btc, true)
        )
        const fills = (key: string) =>
          newestFirst(spot.world.fills.filter((f) => f.account === key && f.symbol === "BTCUSDT"), (f) => f.tradeId)
        check(
          yield* collect(Trade.crossFills.items({ symbol: "BTCUSDT", ...range, limit: 10 })),
          (f) => f.tradeId,
          fills(cross)
        )
        check(
          yield* collect(Trade.isolatedFills.items({ symbol: "BTCUSDT", ...range, limit: 10 })),
          (f) => f.tradeId,
          fills(btc)
        )
      }).pipe(Effect.provide(Env)),
    60_000
  )
})
