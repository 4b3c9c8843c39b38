/**
 * The V3 position routes of a unified account: open positions (the futures world's, with their
 * `posSide`, leverage and margin mode), closed positions and ADL ranks.
 */
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Position from "@effect-bitget/unified/Position"
import * as BigDecimal from "effect/BigDecimal"
import * as Effect from "effect/Effect"
import { type Context, MAIN_UID, type Route, route } from "../Domain.js"
import * as PositionValues from "../futures/PositionValues.js"
import { MAINTENANCE_RATE } from "./Ledger.js"
import { compact, futuresId, page, time, type UnifiedOrders } from "./Orders.js"

const uidOf = (context: Context) => context.account?.uid ?? MAIN_UID
const scale = (value: BigDecimal.BigDecimal, places = 8) => BigDecimal.normalize(BigDecimal.scale(value, places))

export const positionRoutes = (orders: UnifiedOrders): ReadonlyArray<Route> => {
  const world = orders.futures
  return [
    route(Position.CurrentPosition, (request, context) => {
      const held = orders.control.ledger.positions(uidOf(context)).filter((p) =>
        p.productType === request.category &&
        (request.symbol === undefined || p.symbol === request.symbol.toUpperCase()) &&
        (request.posSide === undefined || p.holdSide === request.posSide)
      )
      const list = held.map((p) => {
        const mark = world.mark(p.symbol)
        const unrealised = world.unrealized(p, mark)
        return compact({
          category: p.productType,
          symbol: p.symbol,
          marginCoin: p.marginCoin,
          holdMode: p.posMode,
          posSide: p.holdSide,
          marginMode: p.marginMode,
          positionBalance: p.margin,
          available: PositionValues.available(world, p),
          frozen: PositionValues.frozen(world, p),
          total: p.total,
          leverage: p.leverage,
          curRealisedPnl: p.achievedProfits,
          avgPrice: p.openPriceAvg,
          positionStatus: "normal",
          unrealisedPnl: unrealised,
          liquidationPrice: world.liquidationPrice(p),
          mmr: MAINTENANCE_RATE,
          profitRate: BigDecimal.isZero(p.margin) ? undefined : scale(BigDecimal.unsafeDivide(unrealised, p.margin), 6),
          markPrice: mark,
          breakEvenPrice: PositionValues.breakEvenPrice(p),
          // The world settles no funding.
          totalFunding: Decimal.unsafeMake("0"),
          openFeeTotal: BigDecimal.negate(p.totalFee),
          closeFeeTotal: BigDecimal.negate(p.closeFee ?? Decimal.unsafeMake("0")),
          createdTime: time(p.cTime),
          updatedTime: time(p.uTime)
        })
      })
      return Effect.succeed({ list } as any)
    }),
    route(Position.HistoryPositions, (request, context) => {
      const uid = uidOf(context)
      const rows = world.closedPositions.filter((p) =>
        p.account === uid && p.productType === request.category &&
        (request.symbol === undefined || p.symbol === request.symbol.toUpperCase())
      )
      const result = page(rows, (p) => futuresId(p.positionId), (p) => p.uTime, request)
      const list = result.list.map((p) =>
        compact({
          positionId: futuresId(p.positionId),
          category: p.productType,
          symbol: p.symbol,
          marginCoin: p.marginCoin,
          posSide: p.holdSide,
          marginMode: p.marginMode,
          openPriceAvg: p.openAvgPrice,
          closePriceAvg: p.closeAvgPrice,
          openTotalPos: p.openTotalPos,
          closeTotalPos: p.closeTotalPos,
          cumRealisedPnl: p.pnl,
          netProfit: BigDecimal.subtract(BigDecimal.subtract(p.pnl, p.openFee), p.closeFee),
          openFeeTotal: BigDecimal.negate(p.openFee),
          closeFeeTotal: BigDecimal.negate(p.closeFee),
          createdTime: time(p.cTime),
          updatedTime: time(p.uTime)
        })
      )
      return Effect.succeed(compact({ list, cursor: result.cursor }) as any)
    }),
    route(Position.AdlRanks, (_, context) =>
      Effect.succeed(
        orders.control.ledger.positions(uidOf(context)).map((p) => ({
          symbol: p.symbol,
          marginCoin: p.marginCoin,
          // One trader in the simulated market: every position is first in line.
          adlRank: Decimal.unsafeMake("1"),
          holdSide: p.holdSide
        }))
      ))
  ]
}
