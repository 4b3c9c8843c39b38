/** The futures domain's market, account and position routes. */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Account from "@effect-bitget/futures/Account"
import * as Market from "@effect-bitget/futures/Market"
import * as Position from "@effect-bitget/futures/Position"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import * as Contracts from "./Contracts.js"
import * as Rows from "./Rows.js"
import type { Shared } from "./Shared.js"
import { accountOf, dec, opt, run } from "./Shared.js"
import { canonical } from "./World.js"

export const routes = (shared: Shared): ReadonlyArray<Route> => {
  const { world, byProductType, marginCoins, summary } = shared
  return [
    // ---- market ----
    route(Market.Contracts, (request) =>
      Effect.succeed(
        byProductType(request.productType).filter((c) =>
          request.symbol === undefined || c.symbol === request.symbol.toUpperCase()
        ).map(Rows.contractRow)
      )),
    // ---- account ----
    route(Account.SingleAccount, (request, context) =>
      run(() => {
        const account = accountOf(context)
        const c = world.contract(request.symbol, request.productType)
        world.checkMarginCoin(c, request.marginCoin)
        const settings = world.settingsOf(account, c.symbol, request.marginCoin)
        return {
          ...summary(account, request.marginCoin),
          crossedMarginLeverage: settings.crossLeverage,
          isolatedLongLever: settings.longLeverage,
          isolatedShortLever: settings.shortLeverage,
          marginMode: settings.marginMode,
          posMode: world.posMode(account, c.productType)
        }
      })),
    route(
      Account.Accounts,
      (request, context) =>
        Effect.succeed(marginCoins(request.productType).map((coin) => summary(accountOf(context), coin)))
    ),
    route(Account.SubAccountAssets, () => Effect.succeed([])),
    route(Account.OpenCount, (request) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const amount = dec(request.openAmount)
        const leverage = opt(request.leverage) ?? Decimal.unsafeMake("20")
        const margin = BigDecimal.multiply(amount, leverage)
        const size = Contracts.linearCoins.has(request.marginCoin.toUpperCase())
          ? BigDecimal.unsafeDivide(margin, dec(request.openPrice))
          : margin
        return { size: BigDecimal.normalize(BigDecimal.scale(size, c.volumePlace)) }
      })),
    route(Account.SetLeverage, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const s = world.setLeverage(
          accountOf(context),
          c,
          request.marginCoin,
          opt(request.leverage),
          request.holdSide,
          {
            long: opt(request.longLeverage),
            short: opt(request.shortLeverage)
          }
        )
        return {
          symbol: c.symbol,
          marginCoin: request.marginCoin.toUpperCase(),
          longLeverage: s.longLeverage,
          shortLeverage: s.shortLeverage,
          crossMarginLeverage: s.crossLeverage,
          marginMode: s.marginMode
        }
      })),
    route(Account.SetMargin, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        world.adjustMargin(
          accountOf(context),
          c,
          request.marginCoin,
          request.holdSide,
          dec(request.amount),
          context.now
        )
        return ""
      })),
    route(Account.SetMarginMode, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        const s = world.setMarginMode(accountOf(context), c, request.marginCoin, request.marginMode)
        return {
          symbol: c.symbol,
          marginCoin: request.marginCoin.toUpperCase(),
          longLeverage: s.longLeverage,
          shortLeverage: s.shortLeverage,
          marginMode: s.marginMode
        }
      })),
    route(Account.SetPositionMode, (request, context) =>
      run(() => {
        world.setPosMode(accountOf(context), request.productType, request.posMode)
        return { posMode: request.posMode }
      })),
    route(Account.Bills, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        const rows = Rows.newest(world.bills).filter((b) =>
          b.account === account && b.productType === canonical(request.productType) &&
          (request.symbol === undefined || b.symbol === request.symbol.toUpperCase()) &&
          (request.coin === undefined || b.coin === request.coin.toUpperCase()) &&
          (request.businessType === undefined || b.businessType === request.businessType)
        )
        const result = Rows.page(rows, (b) => b.billId, (b) => b.cTime, request)
        return Rows.compact<any>({
          bills: result.rows.map((b) =>
            Rows.compact<any>({
              billId: b.billId,
              symbol: b.symbol,
              amount: b.amount,
              fee: b.fee,
              businessType: b.businessType,
              coin: b.coin,
              balance: b.balance,
              cTime: Rows.time(b.cTime)
            })
          ),
          endId: result.endId
        })
      })),
    // ---- positions ----
    route(Position.SinglePosition, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        return world.positionsOf(accountOf(context), c.symbol, request.marginCoin).map((p) =>
          Rows.positionRow(world, p)
        )
      })),
    route(
      Position.AllPosition,
      (request, context) =>
        Effect.sync(() =>
          world.openPositions(accountOf(context), request.productType, request.marginCoin).map((p) =>
            Rows.positionRow(world, p)
          )
        )
    )
  ]
}
