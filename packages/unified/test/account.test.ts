/**
 * The V3 account over loopback against the simulator's unified account: assets, settings,
 * leverage and hold mode (the futures world's), fee rates, bills and their Streams, borrowing
 * and repayment, and the account switch both ways (V3 back to Classic, V2 upgrade to unified),
 * refused while orders are open. Every local rule at its boundary.
 */
import type * as BitgetClient from "@effect-bitget/core/BitgetClient"
import * as Decimal from "@effect-bitget/core/Decimal"
import { Simulator } from "@effect-bitget/simulator"
import type { UnifiedControl } from "@effect-bitget/simulator/unified/UnifiedDomain"
import * as Spot from "@effect-bitget/spot"
import * as Unified from "@effect-bitget/unified"
import { expect, layer } from "@effect/vitest"
import * as BigDecimal from "effect/BigDecimal"
import * as Chunk from "effect/Chunk"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import * as Layer from "effect/Layer"
import * as Stream from "effect/Stream"
import { refusedLocally } from "../../core/test/refused.js"

const { Account, Bills, Collateral, Leverage, Mode } = Unified
const dec = Decimal.unsafeMake
const DAY = 86_400_000

const Env = Simulator.layerClient({ unified: true }).pipe(Layer.provideMerge(Simulator.layer()))
const sent = Effect.map(Simulator.Simulator, (sim) => () => sim.traffic.total())
const unified = Effect.map(Simulator.control<UnifiedControl>("unified"), (control) => control)

/** A resting spot buy of the unified account, through the spot world's matching. */
const restingOrder = Effect.gen(function*() {
  const sim = yield* Simulator.Simulator
  const { spot } = yield* unified
  return yield* spot.place({
    uid: sim.unified.uid,
    symbol: "BTCUSDT",
    side: "buy",
    orderType: "limit",
    force: "gtc",
    price: dec("1000"),
    size: dec("0.01"),
    clientOid: undefined
  }, Date.now())
})

layer(Env, { excludeTestServices: true })("V3 account", (it) => {
  it.effect("settings: unified, one-way, and the leverage set per symbol; the futures world holds it", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const { futures } = yield* unified
      const before = yield* Account.settings()
      expect(before).toMatchObject({ uid: sim.unified.uid, accountMode: "unified", holdMode: "one_way_mode" })
      expect(yield* Leverage.setLeverage({ category: "USDT-FUTURES", symbol: "BTCUSDT", leverage: "10" })).toBe(
        "success"
      )
      const after = yield* Account.settings()
      expect(after.symbolConfigList).toEqual([
        { category: "USDT-FUTURES", symbol: "BTCUSDT", marginMode: "crossed", leverage: dec("10") }
      ])
      expect(Decimal.format(futures.settingsOf(sim.unified.uid, "BTCUSDT", "USDT").crossLeverage)).toBe("10")
      yield* Leverage.setLeverage({ category: "MARGIN", coin: "BTC", leverage: "3" })
      expect((yield* Account.settings()).coinConfigList).toEqual([{ coin: "BTC", leverage: dec("3") }])
      const far = yield* Effect.flip(
        Leverage.setLeverage({ category: "USDT-FUTURES", symbol: "BTCUSDT", leverage: "126" })
      )
      expect(far).toMatchObject({ code: "40017" })
    }))

  it.effect("set-leverage: the target each category needs, checked before anything is sent", () =>
    Effect.gen(function*() {
      const total = yield* sent
      yield* refusedLocally(Leverage.setLeverage({ category: "MARGIN", leverage: "3" }), "coin: required", total)
      yield* refusedLocally(
        Leverage.setLeverage({ category: "USDT-FUTURES", leverage: "3" }),
        "symbol: required",
        total
      )
      yield* refusedLocally(
        Leverage.setLeverage({ category: "SPOT" as "MARGIN", coin: "BTC", leverage: "3" }),
        "category",
        total
      )
      yield* refusedLocally(
        Leverage.setLeverage({ category: "MARGIN", coin: "BTC", leverage: "0" }),
        "greater than zero",
        total
      )
    }))

  it.effect("hold mode: hedge for every futures product, refused while an order is open", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const { futures, spot } = yield* unified
      expect(yield* Leverage.setHoldMode({ holdMode: "hedge_mode" })).toBe("success")
      expect((yield* Account.settings()).holdMode).toBe("hedge_mode")
      expect(futures.posMode(sim.unified.uid, "COIN-FUTURES")).toBe("hedge_mode")
      const order = yield* restingOrder
      const busy = yield* Effect.flip(Leverage.setHoldMode({ holdMode: "one_way_mode" }))
      expect(busy).toMatchObject({ code: "25010" })
      yield* spot.cancel(sim.unified.uid, order.orderId, undefined, Date.now())
      expect(yield* Leverage.setHoldMode({ holdMode: "one_way_mode" })).toBe("success")
    }))

  it.effect("fee rates: spot's and futures' own, for one symbol or all", () =>
    Effect.gen(function*() {
      const spotFee = yield* Account.feeRate({ category: "SPOT", symbol: "BTCUSDT" })
      expect(Decimal.format(spotFee.takerFeeRate)).toBe("0.001")
      const futuresFee = yield* Account.feeRate({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
      expect(Decimal.format(futuresFee.takerFeeRate)).toBe("0.0006")
      const all = yield* Account.allFeeRates({ category: "USDT-FUTURES" })
      const instruments = yield* Unified.Instruments.instruments({ category: "USDT-FUTURES" })
      expect(all.map((r) => r.symbol).sort()).toEqual(instruments.map((i) => i.symbol).sort())
    }))

  it.effect("bills: a spot trade's bills; the Stream follows the cursor and splits 60 days into 30-day windows", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const { spot } = yield* unified
      const uid = sim.unified.uid
      const now = Date.now()
      for (let i = 0; i < 150; i++) spot.bill(uid, "USDT", "transaction", "buy", dec("-1"), dec("0"), now - i * 1000)
      for (let i = 0; i < 40; i++) {
        spot.bill(uid, "BTC", "transaction", "sell", dec("-0.001"), dec("0"), now - 40 * DAY - i)
      }
      const page = yield* Bills.financialRecords({ category: "SPOT", limit: 100 })
      expect(page.list.length).toBe(100)
      expect(page.cursor).toBe(page.list[99]!.id)
      const rows = yield* Stream.runCollect(Bills.financialRecords.items({
        category: "SPOT",
        startTime: DateTime.unsafeMake(now - 60 * DAY),
        endTime: DateTime.unsafeMake(now)
      }))
      const ids = Chunk.toReadonlyArray(rows).map((r) => r.id)
      expect(ids.length).toBe(190)
      expect(new Set(ids).size).toBe(190)
      yield* refusedLocally(
        Bills.financialRecords({
          category: "SPOT",
          startTime: DateTime.unsafeMake(now - 30 * DAY - 1),
          endTime: DateTime.unsafeMake(now)
        }),
        "more than the endpoint's 30d",
        yield* sent
      )
      const month = yield* Bills.financialRecords({
        category: "SPOT",
        startTime: DateTime.unsafeMake(now - 30 * DAY),
        endTime: DateTime.unsafeMake(now)
      })
      expect(month.list.length).toBe(100)
      yield* refusedLocally(Bills.financialRecords({ category: "SPOT", limit: 101 }), "limit", yield* sent)
      const other = yield* Bills.financialRecords({ category: "other" as "OTHER" })
      expect(other.list.every((b) => b.category === "OTHER")).toBe(true)
    }))

  it.effect("borrowing: what is owed is listed, and repaid from the one balance", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const { ledger } = yield* unified
      const uid = sim.unified.uid
      const before = ledger.balance(uid, "ETH").available
      ledger.borrow(uid, "ETH", dec("2"), Date.now())
      const owed = yield* Collateral.repayableCoins()
      expect(owed.repayableCoinList).toEqual([{ coin: "ETH", size: dec("2"), amount: expect.anything() }])
      const assets = yield* Account.assets()
      expect(Decimal.format(assets.assets.find((a) => a.coin === "ETH")!.debt)).toBe("2")
      expect(Decimal.format((yield* Collateral.loanData()).debtCoinList[0]!.debt)).toBe("2")
      const repaid = yield* Collateral.repay({ repayableCoinList: ["ETH"], paymentCoinList: ["ETH"] })
      expect(repaid.result).toBe("success")
      expect(BigDecimal.equals(ledger.balance(uid, "ETH").available, before)).toBe(true)
      expect((yield* Collateral.repayableCoins()).repayableCoinList).toEqual([])
      yield* refusedLocally(
        Collateral.repay({ repayableCoinList: [], paymentCoinList: ["ETH"] }),
        "at least one coin",
        yield* sent
      )
      const max = yield* Account.maxTransferable({ coin: "USDT" })
      expect(BigDecimal.equals(max.maxTransfer, ledger.balance(uid, "USDT").available)).toBe(true)
    }))

  it.effect("level, deduction and collateral settings are kept", () =>
    Effect.gen(function*() {
      yield* Mode.adjustAccountMode({ mode: "BASIC" as "basic" })
      expect((yield* Account.settings()).accountLevel).toBe("basic")
      yield* Account.switchDeduct({ deduct: "on" })
      expect((yield* Account.deductInfo()).deduct).toBe("on")
      yield* Collateral.setCollateralType({ collateralType: "custom", collateralCoins: "BTC,ETH" })
      expect(yield* Collateral.collateralType()).toEqual({ collateralType: "custom", collateralCoins: "BTC,ETH" })
      yield* refusedLocally(
        Collateral.setCollateralType({ collateralType: "custom" }),
        "collateralCoins: required",
        yield* sent
      )
    }))

  it.effect("the rest of the account endpoints answer and decode", () =>
    Effect.gen(function*() {
      yield* Account.fundingAssets()
      const info = yield* Account.info()
      expect(info.userId).toBe((yield* Simulator.Simulator).unified.uid)
      yield* Account.openInterestLimit({ category: "USDT-FUTURES", symbol: "BTCUSDT" })
      yield* Account.deltaInfo()
      yield* Leverage.preSetLeverage({
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        marginMode: "cross",
        leverage: "5"
      })
      yield* Leverage.setMargin({
        category: "USDT-FUTURES",
        symbol: "BTCUSDT",
        posSide: "long",
        operation: "add",
        amount: "1"
      })
      yield* Collateral.customCollateralCoins()
      yield* Collateral.paymentCoins()
      yield* Collateral.eligibleSymbols()
      yield* Collateral.eligibleMarginTier({ coin: "BTC" })
      yield* Collateral.eligibleLoanInfo()
      yield* Bills.convertRecords()
    }))
})

const fresh = <A, E>(effect: Effect.Effect<A, E, Simulator.Simulator | BitgetClient.BitgetClient>) =>
  Effect.provide(effect, Layer.fresh(Env))

// Real clock: the switch endpoints allow one call a second, and the limiter waits for the next.
layer(Layer.empty, { excludeTestServices: true })("the account switch", (it) => {
  it.effect("unified → Classic (V3 switch) → unified (V2 upgrade), each status success, each line answering in turn", () =>
    fresh(Effect.gen(function*() {
      expect(yield* Mode.switchToClassic()).toBeNull()
      expect((yield* Mode.switchStatus()).status).toBe("success")
      expect(yield* Effect.flip(Account.assets())).toMatchObject({ _tag: "AccountModeError", account: "classic" })
      const v2 = yield* Spot.Account.assets({ coin: "USDT" })
      expect(Decimal.format(v2[0]!.available)).toBe("100000")
      expect(yield* Spot.Account.upgrade()).toBeNull()
      expect((yield* Spot.Account.upgradeStatus()).status).toBe("success")
      expect(yield* Effect.flip(Spot.Account.assets())).toMatchObject({ _tag: "AccountModeError", account: "unified" })
      expect((yield* Account.assets()).assets.length).toBeGreaterThan(0)
    })))

  it.effect("refused with an open order, in both directions", () =>
    fresh(Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const { ledger, spot } = yield* unified
      const order = yield* restingOrder
      expect(yield* Effect.flip(Mode.switchToClassic())).toMatchObject({ code: "25009" })
      expect((yield* Mode.switchStatus()).status).toBe("fail")
      expect(ledger.modeOf(sim.unified.uid)).toBe("unified")
      yield* spot.cancel(sim.unified.uid, order.orderId, undefined, Date.now())
      yield* Mode.switchToClassic()
      yield* restingOrder
      expect(yield* Effect.flip(Spot.Account.upgrade())).toMatchObject({ code: "25009" })
      expect((yield* Spot.Account.upgradeStatus()).status).toBe("fail")
    })))

  it.effect("a Classic account (the simulator's main one) upgrades, and its futures cash joins the one balance", () =>
    Effect.gen(function*() {
      const sim = yield* Simulator.Simulator
      const { ledger } = yield* unified
      expect(yield* Spot.Account.upgrade()).toBeNull()
      expect(ledger.modeOf(sim.uid)).toBe("unified")
      // 100000 USDT in spot and 100000 in USDT-M futures: one balance of 200000.
      const usdt = (yield* Account.assets()).assets.find((a) => a.coin === "USDT")!
      expect(Decimal.format(usdt.balance)).toBe("200000")
    }).pipe(Effect.provide(Layer.fresh(Simulator.layerClient().pipe(Layer.provideMerge(Simulator.layer()))))))
})
