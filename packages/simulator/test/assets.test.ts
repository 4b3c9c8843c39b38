/**
 * The whole account's overview (`core.assets.allAccountBalance`) over loopback: each account
 * type's USDT value is exactly the sum of what that account's own endpoints report (spot assets at
 * the simulator's prices, the futures accounts' USDT equity, the funding account, margin net of
 * debt), and moving money between them leaves the total unchanged.
 */
import * as Assets from "@effect-bitget/core/Assets"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Futures from "@effect-bitget/futures"
import * as Margin from "@effect-bitget/margin"
import { Simulator } from "@effect-bitget/simulator"
import type { SpotControl } from "@effect-bitget/simulator/spot/SpotDomain"
import * as Spot from "@effect-bitget/spot"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"

const Env = Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))
const ZERO = BigDecimal.fromBigInt(0n)
const total = (values: ReadonlyArray<BigDecimal.BigDecimal>) => values.reduce(BigDecimal.sum, ZERO)
const fmt = (value: BigDecimal.BigDecimal) =>
  Decimal.format(BigDecimal.normalize(BigDecimal.round(value, { scale: 8, mode: "half-from-zero" })))

/** The USDT value of each account type, from the accounts' own endpoints. */
const fromTheAccounts = Effect.gen(function*() {
  const spot = yield* Simulator.control<SpotControl>("spot")
  const value = (coin: string, amount: BigDecimal.BigDecimal) => spot.world.usdtValue(coin, amount) ?? ZERO
  const spotRows = yield* Spot.Account.assets({ assetType: "all" })
  const futures = yield* Effect.forEach(
    ["USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"] as const,
    (productType) => Futures.Account.accounts({ productType })
  )
  const funding = yield* Assets.fundingAssets()
  const cross = yield* Margin.Account.crossAssets({})
  return {
    spot: fmt(
      total(spotRows.map((r) => value(r.coin, BigDecimal.sum(BigDecimal.sum(r.available, r.frozen), r.locked))))
    ),
    futures: fmt(total(futures.flat().map((a) => a.usdtEquity))),
    funding: fmt(total(funding.map((r) => value(r.coin, BigDecimal.sum(r.available, r.frozen))))),
    margin: fmt(total(cross.map((r) => value(r.coin, r.net))))
  }
})

const overview = Effect.map(
  Assets.allAccountBalance(),
  (rows) => Object.fromEntries(rows.map((r) => [r.accountType, fmt(r.usdtBalance)]))
)

layer(Env, { excludeTestServices: true })("all-account-balance", (it) => {
  it.effect("each account type is the exact sum of that account's balances; transfers keep the total", () =>
    Effect.gen(function*() {
      const spot = yield* Simulator.control<SpotControl>("spot")
      spot.setPrice("BTCUSDT", "60000")
      spot.setPrice("ETHUSDT", "3000")
      yield* Spot.Wallet.transfer({ fromType: "spot", toType: "p2p", coin: "USDT", amount: "500" })
      yield* Spot.Wallet.transfer({ fromType: "spot", toType: "p2p", coin: "BTC", amount: "0.5" })
      yield* Spot.Wallet.transfer({ fromType: "spot", toType: "crossed_margin", coin: "USDT", amount: "1000" })
      yield* Margin.Account.crossBorrow({ coin: "USDT", borrowAmount: "200" })

      const first = yield* overview
      const accounts = yield* fromTheAccounts
      expect(first).toMatchObject(accounts)
      // 500 USDT and 0.5 BTC at 60000.
      expect(first.funding).toBe("30500")
      expect([first.earn, first.bots]).toEqual(["0", "0"])
      expect(Object.keys(first).sort()).toEqual(["bots", "earn", "funding", "futures", "margin", "spot"])

      // Money moved between accounts changes the parts, not the sum.
      const sum = (o: Record<string, string>) => fmt(total(Object.values(o).map(Decimal.unsafeMake)))
      yield* Spot.Wallet.transfer({ fromType: "p2p", toType: "spot", coin: "BTC", amount: "0.25" })
      const second = yield* overview
      expect(second.funding).toBe("15500")
      expect(sum(second)).toBe(sum(first))
      expect(second).toMatchObject(yield* fromTheAccounts)

      // A price move revalues what is held.
      spot.setPrice("BTCUSDT", "62000")
      const third = yield* overview
      expect(third.funding).toBe("16000")
      expect(third).toMatchObject(yield* fromTheAccounts)
    }))

  it.effect("funding-assets filters by coin; bot-assets is empty (no bots run here)", () =>
    Effect.gen(function*() {
      const btc = yield* Assets.fundingAssets({ coin: "BTC" })
      expect(btc.map((r) => [r.coin, fmt(r.available)])).toEqual([["BTC", "0.25"]])
      expect(yield* Assets.botAssets({ accountType: "futures" })).toEqual([])
    }))
})
