/**
 * V3 account routes over the unified ledger: assets and the funding account, settings, leverage
 * and hold mode (the futures world's, for the uid), fee rates, bills (the spot and futures
 * worlds' bills of the uid), borrowing and repayment, and the account switch both ways: V3
 * `account/switch` back to Classic and V2 `spot/account/upgrade` to unified, refused while
 * positions or orders are open. A switch takes effect at once here (Bitget's takes about a
 * minute); its status then says `success`.
 */
import * as SpotAccount from "@effect-bitget/spot/Account"
import * as UnifiedAccount from "@effect-bitget/unified/Account"
import * as Bills from "@effect-bitget/unified/Bills"
import * as Collateral from "@effect-bitget/unified/Collateral"
import * as Leverage from "@effect-bitget/unified/Leverage"
import * as Mode from "@effect-bitget/unified/Mode"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import type { AccountMode } from "../Accounts.js"
import * as Domain from "../Domain.js"
import { Refusal } from "../futures/Records.js"
import { MAKER_FEE, TAKER_FEE } from "../futures/World.js"
import { reject, type Rejection } from "../Rejection.js"
import * as Pairs from "../spot/Pairs.js"
import { FEE_RATE } from "../spot/World.js"
import type { UnifiedControl } from "./UnifiedDomain.js"

type BD = BigDecimal.BigDecimal
const ZERO = BigDecimal.fromBigInt(0n)
const time = (ms: number) => DateTime.unsafeMake(ms)
const millis = (value: unknown): number | undefined =>
  value === undefined ? undefined : DateTime.isDateTime(value) ? DateTime.toEpochMillis(value) : Number(value)
const toDec = (value: BD | string): BD => typeof value === "string" ? BigDecimal.unsafeFromString(value) : value

/** Unsupported account-mode switch (reference §b.4): what a busy or sub-account switch gets here. */
const SWITCH_REFUSED = "25009"
/** Unsupported position-mode switch. */
const HOLD_MODE_REFUSED = "25010"

const FUTURES = ["USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"] as const

/** The futures world's refusals (thrown) as Bitget's answers. */
const attempt = <A>(f: () => A): Effect.Effect<A, Rejection> => {
  try {
    return Effect.succeed(f())
  } catch (error) {
    if (error instanceof Refusal) return reject(error.code, error.msg)
    throw error
  }
}

export const routes = (control: UnifiedControl): ReadonlyArray<Domain.Route> => {
  const { futures, ledger, spot } = control
  const accounts = ledger.accounts
  const uidOf = (context: Domain.Context): string => context.account!.uid

  // Per-account settings V3 reports that no world keeps.
  const levels = new Map<string, string>()
  const switches = new Map<string, { status: string; reason?: string }>()
  const deducts = new Map<string, "on" | "off">()
  const collateral = new Map<string, { type: string; coins: string | undefined }>()
  const symbolConfig = new Map<
    string,
    Map<string, { category: string; symbol: string; marginMode: string; leverage: BD }>
  >()
  const coinLeverage = new Map<string, Map<string, BD>>()

  const configOf = <V>(map: Map<string, Map<string, V>>, uid: string) => {
    let inner = map.get(uid)
    if (inner === undefined) map.set(uid, inner = new Map())
    return inner
  }

  /** The margin coin of a futures contract in a category: USDT, USDC, or the base coin. */
  const marginCoin = (category: string, base: string) =>
    category === "USDT-FUTURES" ? "USDT" : category === "USDC-FUTURES" ? "USDC" : base

  /** Moves `uid` to `mode` (the switch's rules), remembering the outcome for the status endpoints. */
  const move = (uid: string, mode: AccountMode, now: number) => {
    const record = accounts.accounts.get(uid)
    if (mode === "classic" && record?.parentUid !== undefined) {
      return reject(SWITCH_REFUSED, "Only a main account can switch back to the Classic account")
    }
    const reason = ledger.switchTo(uid, mode, now)
    if (reason !== undefined) {
      switches.set(`${uid}|${mode}`, { status: "fail", reason })
      return reject(SWITCH_REFUSED, `The account cannot switch now: ${reason}`)
    }
    switches.set(`${uid}|${mode}`, { status: "success" })
    return Effect.succeed(null)
  }

  const bills = (uid: string, category: string): Array<Bills.Bill> => {
    if (category === "SPOT" || category === "OTHER") {
      const transfer = (groupType: string) =>
        groupType === "transfer" || groupType === "deposit" ||
        groupType === "withdraw"
      return spot.bills.filter((b) => b.uid === uid && (category === "OTHER") === transfer(b.groupType)).map((b) => ({
        id: b.billId,
        category,
        coin: b.coin,
        type: b.businessType.toUpperCase().replace(/ /g, "_"),
        amount: b.size,
        fee: b.fees,
        balance: b.balance,
        ts: time(b.cTime)
      }))
    }
    if (category === "MARGIN") return []
    return futures.bills.filter((b) => b.account === uid && b.productType === category).map((b) => ({
      id: b.billId,
      category,
      ...(b.symbol === undefined ? {} : { symbol: b.symbol }),
      coin: b.coin,
      type: b.businessType.toUpperCase(),
      amount: b.amount,
      fee: b.fee,
      balance: b.balance,
      ts: time(b.cTime)
    }))
  }

  const feeRates = (category: string, symbol: string) =>
    category === "SPOT" || category === "MARGIN"
      ? { symbol, makerFeeRate: FEE_RATE, takerFeeRate: FEE_RATE }
      : { symbol, makerFeeRate: MAKER_FEE, takerFeeRate: TAKER_FEE }

  const symbolsOf = (category: string) =>
    category === "SPOT" || category === "MARGIN"
      ? Pairs.pairs.map((p) => p.symbol)
      : [...futures.contracts.values()].filter((c) => c.productType === category).map((c) => c.symbol)

  const debts = (uid: string) =>
    ledger.assets(uid).assets.filter((a) => BigDecimal.isPositive(a.debt)).map((a) => ({
      coin: a.coin,
      size: a.debt,
      amount: BigDecimal.multiply(a.debt, ledger.usd(a.coin))
    }))

  return [
    Domain.route(UnifiedAccount.Assets, (_, context) => {
      const summary = ledger.assets(uidOf(context))
      return Effect.succeed({
        ...summary,
        assets: summary.assets.map((asset) => ({
          coin: asset.coin,
          equity: asset.equity,
          usdValue: asset.usdValue,
          balance: asset.balance,
          available: asset.available,
          debt: asset.debt,
          locked: BigDecimal.sum(asset.frozen, asset.locked)
        }))
      })
    }),
    Domain.route(UnifiedAccount.FundingAssets, (request, context) => {
      // The funding account lives beside the one balance, as the spot world's `funding` type (Funds.ts).
      const rows = [...spot.account(uidOf(context), "funding")].filter(([coin, b]) =>
        (request.coin === undefined || coin === request.coin.toUpperCase()) &&
        (BigDecimal.isPositive(b.available) || BigDecimal.isPositive(b.frozen))
      ).map(([coin, b]) => ({
        coin,
        available: b.available,
        frozen: b.frozen,
        balance: BigDecimal.sum(b.available, b.frozen)
      }))
      return Effect.succeed(rows)
    }),
    Domain.route(UnifiedAccount.Info, (_, context) => {
      const record = accounts.accounts.get(uidOf(context))
      return Effect.succeed({
        userId: uidOf(context),
        ...(record?.parentUid === undefined ? {} : { parentId: record.parentUid }),
        permType: "read-and-write",
        permissions: ["uta_mgt", "uta_trade", "withdraw"],
        regisTime: time(record?.createdAt ?? 0)
      })
    }),
    Domain.route(UnifiedAccount.Settings, (_, context) => {
      const uid = uidOf(context)
      return Effect.succeed({
        uid,
        accountMode: "unified",
        assetMode: "multi_assets",
        accountLevel: levels.get(uid) ?? "advanced",
        holdMode: futures.posMode(uid, "USDT-FUTURES"),
        stpMode: "none",
        symbolConfigList: [...configOf(symbolConfig, uid).values()],
        coinConfigList: [...configOf(coinLeverage, uid)].map(([coin, leverage]) => ({ coin, leverage }))
      })
    }),
    Domain.route(UnifiedAccount.FeeRate, (request) => {
      const known = symbolsOf(request.category).includes(request.symbol.toUpperCase())
      if (!known) return reject("25100", `The trading pair ${request.symbol} does not exist`)
      const { makerFeeRate, takerFeeRate } = feeRates(request.category, request.symbol)
      return Effect.succeed({ makerFeeRate, takerFeeRate })
    }),
    Domain.route(UnifiedAccount.AllFeeRates, (request) =>
      Effect.succeed(
        symbolsOf(request.category).filter((s) => request.symbol === undefined || s === request.symbol.toUpperCase())
          .map((symbol) => feeRates(request.category, symbol))
      )),
    Domain.route(UnifiedAccount.MaxTransferable, (request, context) => {
      const available = ledger.balance(uidOf(context), request.coin).available
      const free = BigDecimal.max(available, ZERO)
      return Effect.succeed({ coin: request.coin.toUpperCase(), maxTransfer: free, borrowMaxTransfer: free })
    }),
    Domain.route(UnifiedAccount.SwitchDeduct, (request, context) => {
      deducts.set(uidOf(context), request.deduct)
      return Effect.succeed(true)
    }),
    Domain.route(
      UnifiedAccount.DeductInfo,
      (_, context) => Effect.succeed({ deduct: deducts.get(uidOf(context)) ?? "off" })
    ),
    Domain.route(Leverage.SetLeverage, (request, context) => {
      const uid = uidOf(context)
      const leverage = toDec(request.leverage)
      if (request.category === "MARGIN") {
        // Margin leverage: 1 to 10 here (the simulator's margin pairs' ceiling).
        if (BigDecimal.lessThan(leverage, toDec("1")) || BigDecimal.greaterThan(leverage, toDec("10"))) {
          return reject("25200", "leverage must be from 1 to 10 for margin")
        }
        configOf(coinLeverage, uid).set(request.coin!.toUpperCase(), leverage)
        return Effect.succeed("success")
      }
      return attempt(() => {
        const contract = futures.contract(request.symbol!, request.category)
        const coin = marginCoin(request.category, contract.baseCoin)
        if (request.marginMode !== undefined) futures.setMarginMode(uid, contract, coin, request.marginMode)
        const sides = {
          long: request.longLeverage === undefined ? undefined : toDec(request.longLeverage),
          short: request.shortLeverage === undefined ? undefined : toDec(request.shortLeverage)
        }
        const settings = futures.setLeverage(uid, contract, coin, leverage, request.posSide, sides)
        configOf(symbolConfig, uid).set(contract.symbol, {
          category: request.category,
          symbol: contract.symbol,
          marginMode: settings.marginMode,
          leverage: settings.marginMode === "crossed" ? settings.crossLeverage : settings.longLeverage
        })
        return "success"
      })
    }),
    Domain.route(Leverage.SetHoldMode, (request, context) => {
      const uid = uidOf(context)
      const busy = ledger.busy(uid)
      if (busy !== undefined) return reject(HOLD_MODE_REFUSED, `The position mode cannot change: ${busy}`)
      return attempt(() => {
        for (const category of FUTURES) futures.setPosMode(uid, category, request.holdMode)
        return "success"
      })
    }),
    Domain.route(Bills.FinancialRecords, (request, context) => {
      let rows = bills(uidOf(context), request.category)
      const start = millis(request.startTime)
      const end = millis(request.endTime)
      if (request.coin !== undefined) rows = rows.filter((r) => r.coin === request.coin!.toUpperCase())
      if (request.type !== undefined) rows = rows.filter((r) => r.type === request.type!.toUpperCase())
      if (start !== undefined) rows = rows.filter((r) => DateTime.toEpochMillis(r.ts) >= start)
      if (end !== undefined) rows = rows.filter((r) => DateTime.toEpochMillis(r.ts) <= end)
      rows.sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? 1 : -1))
      if (request.cursor !== undefined) rows = rows.filter((r) => BigInt(r.id) < BigInt(request.cursor!))
      const page = rows.slice(0, request.limit ?? 100)
      const last = page[page.length - 1]
      return Effect.succeed(last === undefined ? { list: page } : { list: page, cursor: last.id })
    }),
    Domain.route(Collateral.GetCollateralType, (_, context) => {
      const chosen = collateral.get(uidOf(context))
      return Effect.succeed(
        chosen === undefined
          ? { collateralType: "all" }
          : { collateralType: chosen.type, ...(chosen.coins === undefined ? {} : { collateralCoins: chosen.coins }) }
      )
    }),
    Domain.route(Collateral.SetCollateralType, (request, context) => {
      collateral.set(uidOf(context), { type: request.collateralType, coins: request.collateralCoins })
      return Effect.succeed("success")
    }),
    Domain.route(
      Collateral.RepayableCoins,
      (_, context) => Effect.succeed({ repayableCoinList: debts(uidOf(context)), maxSelection: toDec("5") })
    ),
    Domain.route(Collateral.PaymentCoins, (_, context) => {
      const uid = uidOf(context)
      const coins = ledger.assets(uid).assets.filter((a) => BigDecimal.isPositive(a.available)).map((a) => ({
        coin: a.coin,
        size: a.available,
        amount: BigDecimal.multiply(a.available, ledger.usd(a.coin))
      }))
      return Effect.succeed({ paymentCoinList: coins, maxSelection: toDec("5") })
    }),
    Domain.route(Collateral.Repay, (request, context) => {
      const uid = uidOf(context)
      let repaid = ZERO
      for (const coin of request.repayableCoinList) {
        repaid = BigDecimal.sum(repaid, BigDecimal.multiply(ledger.repay(uid, coin, context.now), ledger.usd(coin)))
      }
      return Effect.succeed({ result: "success", repayAmount: repaid })
    }),
    Domain.route(Collateral.LoanData, (_, context) => {
      const owed = debts(uidOf(context))
      return Effect.succeed({
        currentLoans: owed.reduce((sum, d) => BigDecimal.sum(sum, d.amount), ZERO),
        debtCoinList: owed.map((d) => ({ coin: d.coin, debt: d.size }))
      })
    }),
    Domain.route(Mode.SwitchToClassic, (_, context) => move(uidOf(context), "classic", context.now)),
    Domain.route(
      Mode.SwitchStatus,
      (_, context) =>
        Effect.succeed(switches.get(`${uidOf(context)}|classic`) ?? { status: "fail", reason: "no switch requested" })
    ),
    Domain.route(Mode.AdjustAccountMode, (request, context) => {
      const target = request.targetUid ?? uidOf(context)
      const record = accounts.accounts.get(target)
      if (record === undefined || (target !== uidOf(context) && record.parentUid !== uidOf(context))) {
        return reject("40068", "targetUid is not a sub-account of this account")
      }
      levels.set(target, request.mode)
      return Effect.succeed(null)
    }),
    Domain.route(SpotAccount.Upgrade, (request, context) => {
      const uid = request.subUid ?? uidOf(context)
      const record = accounts.accounts.get(uid)
      if (record === undefined || (uid !== uidOf(context) && record.parentUid !== uidOf(context))) {
        return reject("40068", "subUid is not a sub-account of this account")
      }
      return move(uid, "unified", context.now)
    }),
    Domain.route(SpotAccount.UpgradeStatus, (request, context) =>
      Effect.succeed(
        switches.get(`${request.subUid ?? uidOf(context)}|unified`) ??
          { status: "fail", reason: "no upgrade requested" }
      ))
  ]
}
