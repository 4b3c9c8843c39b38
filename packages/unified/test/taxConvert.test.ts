import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedWalletControl } from "@effect-bitget/simulator/unified/WalletDomain"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as Clock from "effect/Clock"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { refusedLocally } from "../../core/test/refused.js"
import { drive } from "./drive.js"

const { Account, Convert, Tax } = Unified
const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const wallet = Simulator.control<UnifiedWalletControl>("unifiedWallet")
const day = 86_400_000
const time = (ms: number) => DateTime.unsafeMake(ms)
const text = (value: BigDecimal.BigDecimal | undefined) =>
  value === undefined ? undefined : BigDecimal.format(BigDecimal.normalize(value))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())
const held = (coin: string) =>
  Effect.map(Account.assets(), (a) => a.assets.find((row) => row.coin === coin)?.available ?? BigDecimal.fromBigInt(0n))

layer(Env)("unified tax records and dust conversion", (it) => {
  it.effect("tax records read the ledger the wallet writes, streamed week by week with no row twice or lost", () =>
    drive(Effect.gen(function*() {
      const control = yield* wallet
      const now = yield* Clock.currentTimeMillis
      const from = now - 30 * day
      // One deposit and one withdrawal a day for 30 days: 60 movements of the unified balance.
      control.history({ count: 30, from, step: day })
      const range = { bizType: "OTHER" as const, startTime: time(from), endTime: time(now) }
      const pages = Chunk.toReadonlyArray(yield* Stream.runCollect(Tax.records.pages({ ...range, limit: 4 })))
      const rows = pages.flat()
      expect(rows.length).toBe(60)
      expect(new Set(rows.map((r) => r.id)).size).toBe(60)
      expect(rows.filter((r) => r.type === "deposit").length).toBe(30)
      expect(rows.filter((r) => r.type === "withdraw").every((r) => text(r.amount) === "-1")).toBe(true)
      const times = rows.map((r) => DateTime.toEpochMillis(r.ts))
      expect([...times].sort((a, b) => b - a)).toEqual(times)
      // Five 7-day windows over 30 days, each walked in pages of at most 4.
      expect(pages.every((p) => p.length <= 4)).toBe(true)
      // Trades are SPOT records, not OTHER ones: none here.
      expect(yield* Tax.records({ ...range, bizType: "SPOT", startTime: time(now - 7 * day) })).toEqual([])

      yield* Tax.records({ ...range, startTime: time(now - 7 * day), limit: 500 })
      const after = yield* sent
      yield* refusedLocally(
        Tax.records({ ...range, startTime: time(now - 7 * day - 1) }),
        "more than the endpoint's 7d",
        after
      )
      yield* refusedLocally(
        Tax.records({ ...range, startTime: time(now - day), limit: 501 }),
        "limit must be an integer from 1 to 500",
        after
      )
      yield* refusedLocally(
        Tax.records({ ...range, bizType: "FUTURES" as "OTHER", startTime: time(now - day) }),
        "expected \"SPOT\"",
        after
      )
    })))

  it.effect("dust listed, converted into BGB on the price path less the fee, and recorded", () =>
    drive(Effect.gen(function*() {
      const control = yield* wallet
      // 0.05 SOL at 150 USDT: 7.5 USD, under the simulator's 10 USD line.
      control.deposit("SOL", "0.05")
      const dust = yield* Convert.smallAssets()
      const sol = dust.find((row) => row.coin === "SOL")!
      expect(sol.estimatedCoin).toBe("BGB")
      expect(text(sol.estimatedAmount)).toBe("6.125")
      expect(dust.map((row) => row.coin)).not.toContain("USDT")
      const bgb = yield* held("BGB")
      const order = yield* Convert.smallAssetsTrade({ fromCoinList: ["SOL"] })
      expect(order.toCoin).toBe("BGB")
      expect(text(BigDecimal.subtract(yield* held("BGB"), bgb))).toBe("6.125")
      expect(text(yield* held("SOL"))).toBe("0")
      const history = yield* Convert.smallAssetsHistory({})
      expect(history.list.map((row) => [row.orderId, row.fromCoin, text(row.fromAmount)])).toEqual([
        [order.orderId, "SOL", "0.05"]
      ])
      // A coin worth more than dust is refused by the exchange.
      const big = yield* Effect.flip(Convert.smallAssetsTrade({ fromCoinList: ["USDT"] }))
      expect(big._tag).toBe("InvalidParameter")

      const now = yield* Clock.currentTimeMillis
      const count = yield* sent
      yield* refusedLocally(Convert.smallAssetsTrade({ fromCoinList: [] }), "fromCoinList: at least one coin", count)
      yield* refusedLocally(
        Convert.smallAssetsHistory({ startTime: time(now - 30 * day - 1), endTime: time(now) }),
        "endTime: at most 30 days after startTime",
        count
      )
      yield* refusedLocally(
        Convert.smallAssetsHistory({ limit: 101 }),
        "limit: expected a number less than or equal to 100",
        count
      )
      yield* Convert.smallAssetsHistory({ startTime: time(now - 30 * day), endTime: time(now), limit: 100 })
    })))
})
