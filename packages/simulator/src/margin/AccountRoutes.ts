/**
 * The margin domain's account and market routes: assets, borrowing, repaying, flash repayment
 * and its status, risk rates, max borrowable and transferable amounts, and the market terms.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Account from "@effect-bitget/margin/Account"
import * as Market from "@effect-bitget/margin/Market"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Context, type Route, route } from "../Domain.js"
import { reject } from "../Rejection.js"
import * as Ops from "../spot/Operations.js"
import * as Pairs from "../spot/Pairs.js"
import { type Ledger, marginCodes, type Ref } from "./Ledger.js"
import * as Terms from "./Terms.js"

export const cross = (context: Context): Ref => ({ uid: Ops.uidOf(context), kind: "crossed", symbol: undefined })
export const isolated = (context: Context, symbol: string): Ref => ({
  uid: Ops.uidOf(context),
  kind: "isolated",
  symbol
})

const dec = Decimal.unsafeMake

/** A known lending coin, or 50032. */
const known = (coin: string) =>
  Terms.COINS.has(coin) ? Effect.void : reject(marginCodes.coinUnknown, `Currency ${coin} does not exist`)

const assetRows = (ledger: Ledger, ref: Ref, only?: string): Array<Account.Asset> => {
  const rows: Array<Account.Asset> = []
  const debts = ledger.debtsOf(ref)
  for (const [coin, balance] of ledger.coins(ref)) {
    if (only !== undefined && coin !== only) continue
    const debt = debts.get(coin)
    const borrow = debt?.principal ?? Ops.toDec("0")
    const interest = debt?.interest ?? Ops.toDec("0")
    const total = BD.sum(balance.available, balance.frozen)
    rows.push({
      ...(ref.symbol === undefined ? {} : { symbol: ref.symbol }),
      coin,
      totalAmount: total,
      available: balance.available,
      frozen: balance.frozen,
      borrow,
      interest,
      net: BD.subtract(BD.subtract(total, borrow), interest),
      coupon: Ops.toDec("0"),
      cTime: DateTime.unsafeMake(balance.uTime),
      uTime: DateTime.unsafeMake(balance.uTime)
    })
  }
  return rows
}

/** The isolated accounts of the caller (every symbol it funded). */
const isolatedOf = (ledger: Ledger, context: Context, symbol: string | undefined): Array<Ref> =>
  ledger.accounts().filter((ref) =>
    ref.uid === Ops.uidOf(context) && ref.kind === "isolated" && (symbol === undefined || ref.symbol === symbol)
  )

export const accountRoutes = (ledger: Ledger): ReadonlyArray<Route> => [
  route(
    Account.crossAssets.endpoint,
    (request, context) => Effect.succeed(assetRows(ledger, cross(context), request.coin))
  ),
  route(Account.isolatedAssets.endpoint, (request, context) =>
    Effect.gen(function*() {
      if (request.symbol !== undefined) yield* ledger.pair(request.symbol)
      return isolatedOf(ledger, context, request.symbol).flatMap((ref) => assetRows(ledger, ref))
    })),
  route(Account.crossBorrow.endpoint, (request, context) =>
    Effect.gen(function*() {
      yield* known(request.coin)
      const amount = Ops.input(request.borrowAmount)
      const loanId = yield* ledger.borrow(cross(context), request.coin, amount, "manual_loan", context.now)
      return { loanId, coin: request.coin, borrowAmount: amount }
    })),
  route(Account.isolatedBorrow.endpoint, (request, context) =>
    Effect.gen(function*() {
      yield* ledger.pair(request.symbol)
      const amount = Ops.input(request.borrowAmount)
      const ref = isolated(context, request.symbol)
      const loanId = yield* ledger.borrow(ref, request.coin, amount, "manual_loan", context.now)
      return { loanId, symbol: request.symbol, coin: request.coin, borrowAmount: amount }
    })),
  route(Account.crossRepay.endpoint, (request, context) =>
    Effect.gen(function*() {
      yield* known(request.coin)
      const amount = Ops.input(request.repayAmount)
      const { remain, repayId } = yield* ledger.repay(cross(context), request.coin, amount, "manual_repay", context.now)
      return { repayId, coin: request.coin, repayAmount: amount, remainDebtAmount: remain }
    })),
  route(Account.isolatedRepay.endpoint, (request, context) =>
    Effect.gen(function*() {
      yield* ledger.pair(request.symbol)
      const amount = Ops.input(request.repayAmount)
      const ref = isolated(context, request.symbol)
      const { remain, repayId } = yield* ledger.repay(ref, request.coin, amount, "manual_repay", context.now)
      return { repayId, symbol: request.symbol, coin: request.coin, repayAmount: amount, remainDebtAmount: remain }
    })),
  route(
    Account.crossRiskRate.endpoint,
    (_, context) => Effect.succeed({ riskRateRatio: ledger.riskRate(cross(context)) })
  ),
  route(Account.isolatedRiskRate.endpoint, (request, context) =>
    Effect.gen(function*() {
      if (request.symbol !== undefined) yield* ledger.pair(request.symbol)
      // Page `pageNum` (from 1) of `pageSize` rows (default 100), as Bitget pages it.
      const size = request.pageSize ?? 100
      const from = ((request.pageNum ?? 1) - 1) * size
      return isolatedOf(ledger, context, request.symbol).slice(from, from + size).map((ref) => ({
        symbol: ref.symbol!,
        riskRateRatio: ledger.riskRate(ref)
      }))
    })),
  route(Account.crossMaxBorrowableAmount.endpoint, (request, context) =>
    Effect.as(known(request.coin), {
      coin: request.coin,
      maxBorrowableAmount: ledger.maxBorrowable(cross(context), request.coin)
    })),
  route(
    Account.isolatedMaxBorrowableAmount.endpoint,
    (request, context) =>
      Effect.map(ledger.pair(request.symbol), ({ base, quote }) => {
        const ref = isolated(context, request.symbol)
        return {
          symbol: request.symbol,
          baseCoin: base,
          baseCoinMaxBorrowAmount: ledger.maxBorrowable(ref, base),
          quoteCoin: quote,
          quoteCoinMaxBorrowAmount: ledger.maxBorrowable(ref, quote)
        }
      })
  ),
  route(Account.crossMaxTransferOutAmount.endpoint, (request, context) =>
    Effect.as(known(request.coin), {
      coin: request.coin,
      maxTransferOutAmount: ledger.maxTransferOut(cross(context), request.coin)
    })),
  route(
    Account.isolatedMaxTransferOutAmount.endpoint,
    (request, context) =>
      Effect.map(ledger.pair(request.symbol), ({ base, quote }) => {
        const ref = isolated(context, request.symbol)
        return {
          symbol: request.symbol,
          baseCoin: base,
          baseCoinMaxTransferOutAmount: ledger.maxTransferOut(ref, base),
          quoteCoin: quote,
          quoteCoinMaxTransferOutAmount: ledger.maxTransferOut(ref, quote)
        }
      })
  ),
  route(Account.crossFlashRepay.endpoint, (request, context) =>
    Effect.gen(function*() {
      if (request.coin !== undefined) yield* known(request.coin)
      const repayId = ledger.flashRepay(cross(context), request.coin, context.now)
      return [request.coin === undefined ? { repayId } : { repayId, coin: request.coin }]
    })),
  route(Account.isolatedFlashRepay.endpoint, (request, context) =>
    Effect.gen(function*() {
      for (const symbol of request.symbolList ?? []) yield* ledger.pair(symbol)
      const refs = request.symbolList === undefined
        ? isolatedOf(ledger, context, undefined)
        : request.symbolList.map((symbol) => isolated(context, symbol))
      return refs.map((ref) => {
        const repayId = ledger.flashRepay(ref, undefined, context.now)
        const status = ledger.flashRepays.get(repayId)!.status
        return { repayId, symbol: ref.symbol!, result: status === "FINISH" ? "success" : "fail" }
      })
    })),
  ...[Account.crossFlashRepayStatus, Account.isolatedFlashRepayStatus].map((operation) =>
    route(operation.endpoint, (request, context) =>
      Effect.succeed(request.idList.flatMap((repayId) => {
        const known = ledger.flashRepays.get(repayId)
        return known === undefined || known.uid !== Ops.uidOf(context) ? [] : [{ repayId, status: known.status }]
      })))
  )
]

const crossRate = (ledger: Ledger, coin: string, context: Context): typeof Market.CrossInterestRate.Type => {
  const terms = Terms.COINS.get(coin)!
  return {
    coin,
    leverage: dec(String(Terms.CROSS_LEVERAGE)),
    transferable: true,
    borrowable: true,
    dailyInterestRate: terms.dailyInterestRate,
    annualInterestRate: Terms.yearly(terms.dailyInterestRate),
    maxBorrowableAmount: ledger.maxBorrowable(cross(context), coin),
    vipList: [0, 1].map((level) => ({
      level: String(level),
      limit: terms.tiers[0]!.maxBorrowable,
      dailyInterestRate: terms.dailyInterestRate,
      annualInterestRate: Terms.yearly(terms.dailyInterestRate),
      discountRate: dec("1")
    }))
  }
}

const vip = (daily: BD.BigDecimal, limit: BD.BigDecimal) => [{
  level: "0",
  limit,
  dailyInterestRate: daily,
  annuallyInterestRate: Terms.yearly(daily),
  discountRate: dec("1")
}]

export const marketRoutes = (ledger: Ledger): ReadonlyArray<Route> => [
  route(Market.currencies.endpoint, () =>
    Effect.succeed(Terms.SYMBOLS.map((symbol): Market.Currency => {
      const { base, quote } = Effect.runSync(ledger.pair(symbol))
      // The pair's trading rules are the spot market's own: one table (spot/Pairs.ts).
      const rules = Pairs.bySymbol.get(symbol)!
      return {
        symbol,
        baseCoin: base,
        quoteCoin: quote,
        maxCrossedLeverage: dec(String(Terms.CROSS_LEVERAGE)),
        maxIsolatedLeverage: dec(String(Terms.ISOLATED_LEVERAGE)),
        warningRiskRatio: Terms.WARNING_RISK,
        liquidationRiskRatio: Terms.LIQUIDATION_RISK,
        minTradeAmount: dec(rules.minTradeAmount),
        maxTradeAmount: dec(rules.maxTradeAmount),
        takerFeeRate: dec("0.001"),
        makerFeeRate: dec("0.001"),
        pricePrecision: dec(String(rules.pricePrecision)),
        quantityPrecision: dec(String(rules.quantityPrecision)),
        minTradeUSDT: dec(rules.minTradeUSDT),
        isBorrowable: true,
        userMinBorrow: dec("0.00000001"),
        status: "1",
        isIsolatedBaseBorrowable: Terms.COINS.has(base),
        isIsolatedQuoteBorrowable: Terms.COINS.has(quote),
        isCrossBorrowable: Terms.COINS.has(base)
      }
    }))),
  route(
    Market.crossInterestRateAndLimit.endpoint,
    (request, context) => Effect.as(known(request.coin), [crossRate(ledger, request.coin, context)])
  ),
  // The simulator's rates are fixed terms: they last changed at the start of the current day.
  route(Market.interestRateRecord.endpoint, (request, context) =>
    Effect.map(known(request.coin), () => {
      const daily = Terms.COINS.get(request.coin)!.dailyInterestRate
      return {
        coin: request.coin,
        dailyInterestRate: daily,
        annualInterestRate: Terms.yearly(daily),
        updatedTime: DateTime.unsafeMake(context.now - context.now % 86_400_000)
      }
    })),
  route(
    Market.isolatedInterestRateAndLimit.endpoint,
    (request, context) =>
      Effect.map(ledger.pair(request.symbol), ({ base, quote }) => {
        const ref = isolated(context, request.symbol)
        const b = Terms.COINS.get(base)!
        const q = Terms.COINS.get(quote)!
        return [{
          symbol: request.symbol,
          leverage: dec(String(Terms.ISOLATED_LEVERAGE)),
          baseCoin: base,
          baseTransferable: true,
          baseBorrowable: true,
          baseDailyInterestRate: b.dailyInterestRate,
          baseAnnuallyInterestRate: Terms.yearly(b.dailyInterestRate),
          baseMaxBorrowableAmount: ledger.maxBorrowable(ref, base),
          baseVipList: vip(b.dailyInterestRate, b.tiers[0]!.maxBorrowable),
          quoteCoin: quote,
          quoteTransferable: true,
          quoteBorrowable: true,
          quoteDailyInterestRate: q.dailyInterestRate,
          quoteAnnuallyInterestRate: Terms.yearly(q.dailyInterestRate),
          quoteMaxBorrowableAmount: ledger.maxBorrowable(ref, quote),
          quoteList: vip(q.dailyInterestRate, q.tiers[0]!.maxBorrowable)
        }]
      })
  ),
  route(Market.crossTierData.endpoint, (request) =>
    Effect.as(
      known(request.coin),
      Terms.COINS.get(request.coin)?.tiers.map((tier) => ({
        tier: String(tier.tier),
        leverage: dec(String(tier.leverage)),
        coin: request.coin,
        maxBorrowableAmount: tier.maxBorrowable,
        maintainMarginRate: tier.maintainMarginRate
      })) ?? []
    )),
  route(
    Market.isolatedTierData.endpoint,
    (request) =>
      Effect.map(ledger.pair(request.symbol), ({ base, quote }) =>
        Terms.COINS.get(base)!.tiers.map((tier, i) => ({
          tier: String(tier.tier),
          symbol: request.symbol,
          leverage: dec(String(Terms.ISOLATED_LEVERAGE - i)),
          baseCoin: base,
          quoteCoin: quote,
          baseMaxBorrowableAmount: tier.maxBorrowable,
          quoteMaxBorrowableAmount: Terms.COINS.get(quote)!.tiers[i]!.maxBorrowable,
          maintainMarginRate: tier.maintainMarginRate,
          initRate: BD.unsafeDivide(dec("1"), dec(String(Terms.ISOLATED_LEVERAGE - i)))
        })))
  )
]
