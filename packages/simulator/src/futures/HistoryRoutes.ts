/**
 * The futures routes other clients call on every load or trade, beyond the specification's list:
 * the largest openable size from the account's margin and leverage, the fill history (one-week
 * ranges, no demo data) and the history of closed positions.
 */
import * as Account from "@effect-bitget/futures/Account"
import * as OrderQuery from "@effect-bitget/futures/OrderQuery"
import * as Position from "@effect-bitget/futures/Position"
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as Effect from "effect/Effect"
import { type Route, route } from "../Domain.js"
import * as Contracts from "./Contracts.js"
import * as Rows from "./Rows.js"
import type { Shared } from "./Shared.js"
import { accountOf, dec, run } from "./Shared.js"
import { canonical } from "./World.js"

const time = (ms: number) => DateTime.unsafeMake(ms)

export const routes = (shared: Shared): ReadonlyArray<Route> => {
  const { world } = shared
  return [
    route(Account.MaxOpen, (request, context) =>
      run(() => {
        const c = world.contract(request.symbol, request.productType)
        world.checkMarginCoin(c, request.marginCoin)
        const account = accountOf(context)
        const settings = world.settingsOf(account, c.symbol, request.marginCoin)
        const leverage = settings.marginMode === "crossed"
          ? settings.crossLeverage
          : request.posSide === "long"
          ? settings.longLeverage
          : settings.shortLeverage
        const price = request.orderType === "limit" ? dec(request.openPrice!) : world.mark(c.symbol)
        const buying = BigDecimal.multiply(world.free(account, request.marginCoin), leverage)
        const size = Contracts.linearCoins.has(request.marginCoin.toUpperCase())
          ? BigDecimal.unsafeDivide(buying, price)
          : buying
        return { maxOpen: BigDecimal.normalize(BigDecimal.round(size, { scale: c.volumePlace, mode: "floor" })) }
      })),
    route(OrderQuery.FillHistory, (request, context) =>
      Effect.sync(() => {
        // The fill history serves no demo data (https://www.bitget.com/api-doc/contract/trade/Get-Fill-History).
        if (context.demo || request.productType.toUpperCase().startsWith("S")) return { fillList: [] }
        const account = accountOf(context)
        const rows = Rows.newest(world.fills).filter((f) =>
          f.account === account && f.productType === canonical(request.productType) &&
          (request.symbol === undefined || f.symbol === request.symbol.toUpperCase()) &&
          (request.orderId === undefined || f.orderId === request.orderId)
        )
        const result = Rows.page(rows, (f) => f.tradeId, (f) => f.cTime, request)
        return Rows.compact<any>({
          fillList: result.rows.map((f) => ({ ...Rows.fillRow(f), marginCoin: f.marginCoin })),
          endId: result.endId
        })
      })),
    route(Position.HistoryPosition, (request, context) =>
      Effect.sync(() => {
        const account = accountOf(context)
        // `productType` defaults to USDT-FUTURES and is ignored when a symbol is given.
        const productType = canonical(request.productType ?? "USDT-FUTURES")
        const rows = [...world.closedPositions].reverse().filter((p) =>
          p.account === account &&
          (request.symbol === undefined ? p.productType === productType : p.symbol === request.symbol.toUpperCase())
        )
        const result = Rows.page(rows, (p) => p.positionId, (p) => p.uTime, { ...request, limit: request.limit ?? 20 })
        return Rows.compact<any>({
          list: result.rows.map((p) => ({
            positionId: p.positionId,
            marginCoin: p.marginCoin,
            symbol: p.symbol,
            holdSide: p.holdSide,
            openAvgPrice: BigDecimal.normalize(p.openAvgPrice),
            closeAvgPrice: BigDecimal.normalize(p.closeAvgPrice),
            marginMode: p.marginMode,
            openTotalPos: p.openTotalPos,
            closeTotalPos: p.closeTotalPos,
            pnl: p.pnl,
            netProfit: BigDecimal.subtract(BigDecimal.subtract(p.pnl, p.openFee), p.closeFee),
            totalFunding: BigDecimal.unsafeFromString("0"),
            openFee: BigDecimal.negate(p.openFee),
            closeFee: BigDecimal.negate(p.closeFee),
            cTime: time(p.cTime),
            uTime: time(p.uTime)
          })),
          endId: result.endId
        })
      }))
  ]
}
