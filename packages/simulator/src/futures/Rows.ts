/**
 * The futures domain's answers: the world's records turned into the endpoints' decoded rows,
 * and the `idLessThan` / `endId` paging the futures lists share.
 */
import * as BigDecimal from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import type { ContractDef } from "./Contracts.js"
import * as PositionValues from "./PositionValues.js"
import type { Fill, Order, Plan, Position } from "./Records.js"
import { type BD, type World, ZERO } from "./World.js"

/** Drops `undefined` values: optional fields are left out, never sent as `undefined`. */
export const compact = <A>(fields: Record<string, unknown>): A => {
  const out: Record<string, unknown> = {}
  for (const key in fields) if (fields[key] !== undefined) out[key] = fields[key]
  return out as A
}

export const time = (ms: number) => DateTime.unsafeMake(ms)

const ms = (value: DateTime.DateTime | undefined) => value === undefined ? undefined : DateTime.toEpochMillis(value)

export interface PageRequest {
  readonly idLessThan?: string | undefined
  readonly startTime?: DateTime.Utc | undefined
  readonly endTime?: DateTime.Utc | undefined
  readonly limit?: number | undefined
}

/** One page of `rows` (newest first): time range, ids below the cursor, at most `limit`; `endId` is the last id. */
export const page = <R>(
  rows: ReadonlyArray<R>,
  id: (row: R) => string,
  at: (row: R) => number,
  request: PageRequest,
  max = 100
): { readonly rows: ReadonlyArray<R>; readonly endId: string | undefined } => {
  const start = ms(request.startTime)
  const end = ms(request.endTime)
  const below = request.idLessThan === undefined ? undefined : BigInt(request.idLessThan)
  const selected = rows.filter((row) =>
    (start === undefined || at(row) >= start) && (end === undefined || at(row) <= end) &&
    (below === undefined || BigInt(id(row)) < below)
  ).slice(0, Math.min(request.limit ?? max, max))
  const last = selected[selected.length - 1]
  return { rows: selected, endId: last === undefined ? undefined : id(last) }
}

/** Newest first. */
export const newest = <R>(rows: ReadonlyArray<R>): ReadonlyArray<R> => [...rows].reverse()

export const contractRow = (c: ContractDef) =>
  compact<any>({
    symbol: c.symbol,
    baseCoin: c.baseCoin,
    quoteCoin: c.quoteCoin,
    symbolStatus: "normal",
    symbolType: c.symbolType,
    supportMarginCoins: c.marginCoins,
    buyLimitPriceRatio: BigDecimal.unsafeFromString("0.05"),
    sellLimitPriceRatio: BigDecimal.unsafeFromString("0.05"),
    feeRateUpRatio: BigDecimal.unsafeFromString("0.005"),
    openCostUpRatio: BigDecimal.unsafeFromString("0.01"),
    makerFeeRate: BigDecimal.unsafeFromString("0.0002"),
    takerFeeRate: BigDecimal.unsafeFromString("0.0006"),
    minTradeNum: BigDecimal.unsafeFromString(c.minTradeNum),
    sizeMultiplier: BigDecimal.unsafeFromString(c.minTradeNum),
    pricePlace: BigDecimal.fromNumber(c.pricePlace),
    priceEndStep: BigDecimal.fromNumber(1),
    volumePlace: BigDecimal.fromNumber(c.volumePlace),
    minTradeUSDT: BigDecimal.fromNumber(5),
    deliveryTime: c.deliveryTime === undefined ? undefined : time(c.deliveryTime),
    fundInterval: c.symbolType === "perpetual" ? BigDecimal.fromNumber(8) : undefined,
    minLever: BigDecimal.fromNumber(1),
    maxLever: BigDecimal.fromNumber(125),
    posLimit: BigDecimal.unsafeFromString("0.05")
  })

const quote = (size: BD, price: BD | undefined) => price === undefined ? ZERO : BigDecimal.multiply(size, price)

const orderFields = (o: Order) => ({
  symbol: o.symbol,
  size: o.size,
  orderId: o.orderId,
  clientOid: o.clientOid,
  baseVolume: o.filled,
  fee: o.fee,
  price: o.price,
  priceAvg: o.priceAvg,
  side: o.side,
  force: o.force,
  totalProfits: o.profit,
  posSide: o.posMode === "one_way_mode" ? "net" : o.side === "buy" ? "long" : "short",
  marginCoin: o.marginCoin,
  quoteVolume: quote(o.filled, o.priceAvg),
  leverage: o.leverage,
  marginMode: o.marginMode,
  enterPointSource: "api",
  tradeSide: o.posMode === "hedge_mode" ? o.tradeSide : `${o.side}_single`,
  posMode: o.posMode,
  orderType: o.orderType,
  orderSource: o.orderSource,
  reduceOnly: o.reduceOnly,
  presetStopSurplusPrice: o.presetStopSurplusPrice,
  presetStopLossPrice: o.presetStopLossPrice,
  cTime: time(o.cTime),
  uTime: time(o.uTime)
})

export const orderRow = (o: Order) => compact<any>({ ...orderFields(o), status: o.status })

export const orderDetail = (o: Order) =>
  compact<any>({ ...orderFields(o), state: o.status, cancelReason: o.cancelReason })

export const fillRow = (f: Fill) =>
  compact<any>({
    tradeId: f.tradeId,
    symbol: f.symbol,
    orderId: f.orderId,
    price: f.price,
    baseVolume: f.size,
    feeDetail: [{ deduction: false, feeCoin: f.marginCoin, totalDeductionFee: ZERO, totalFee: f.fee }],
    side: f.side,
    quoteVolume: BigDecimal.multiply(f.price, f.size),
    profit: f.profit,
    enterPointSource: "api",
    tradeSide: f.tradeSide,
    posMode: f.posMode,
    tradeScope: f.tradeScope,
    cTime: time(f.cTime)
  })

export const positionRow = (world: World, p: Position) => {
  const mark = world.mark(p.symbol)
  const unrealized = world.unrealized(p, mark)
  let delegated = ZERO
  for (const o of world.openOrders()) {
    if (
      o.account === p.account && o.symbol === p.symbol && world.sides(o.posMode, o.side).open === p.holdSide &&
      (o.posMode === "one_way_mode" || o.tradeSide === "open")
    ) delegated = BigDecimal.sum(delegated, o.size)
  }
  const locked = PositionValues.frozen(world, p)
  return compact<any>({
    marginCoin: p.marginCoin,
    symbol: p.symbol,
    holdSide: p.holdSide,
    openDelegateSize: delegated,
    marginSize: p.margin,
    available: BigDecimal.subtract(p.total, locked),
    locked,
    total: p.total,
    leverage: p.leverage,
    achievedProfits: p.achievedProfits,
    openPriceAvg: p.openPriceAvg,
    marginMode: p.marginMode,
    posMode: p.posMode,
    unrealizedPL: unrealized,
    liquidationPrice: world.liquidationPrice(p),
    keepMarginRate: PositionValues.MAINTENANCE_RATE,
    markPrice: mark,
    marginRatio: PositionValues.marginRatio(world, p),
    breakEvenPrice: PositionValues.breakEvenPrice(p),
    // Bitget's `totalFee` here is the funding fee accumulated over the position, sent "" (so left
    // out, as every blank) until one is settled, and the world settles none; the trading fees paid
    // are `deductedFee`, positive. Sources: the field table of Bitget's Get All Positions page
    // (as JKorf/Bitget.Net's FuturesPosition documents it: "totalFee: Funding fee, the accumulated
    // value of funding fee during the position"; "deductedFee: Deducted transaction fees"), and a
    // captured demo answer (0.016 BTC at 100975.8: `"totalFee":"","deductedFee":"0.32312256"`, the
    // 0.02% fee of the fill). The V2 `positions` push sends the same (ws/Private.ts).
    deductedFee: PositionValues.feesPaid(p),
    assetMode: "single",
    autoMargin: "off",
    cTime: time(p.cTime),
    uTime: time(p.uTime)
  })
}

const planFields = (p: Plan) => ({
  planType: p.planType,
  symbol: p.symbol,
  size: p.size,
  orderId: p.orderId,
  clientOid: p.clientOid,
  price: p.price,
  executePrice: p.price,
  callbackRatio: p.callbackRatio,
  triggerPrice: p.triggerPrice,
  triggerType: p.triggerType,
  side: p.side,
  // Hedge mode: the position the plan opens or closes (a sell that closes works on the long).
  posSide: p.posMode === "one_way_mode"
    ? "net"
    : p.holdSide ?? ((p.side === "buy") === (p.tradeSide !== "close") ? "long" : "short"),
  marginCoin: p.marginCoin,
  marginMode: p.marginMode,
  enterPointSource: "api",
  tradeSide: p.posMode === "hedge_mode" ? p.tradeSide : `${p.side}_single`,
  posMode: p.posMode,
  orderType: p.orderType,
  orderSource: p.planType,
  reduceOnly: p.reduceOnly,
  ...p.tpsl,
  cTime: time(p.cTime),
  uTime: time(p.uTime)
})

export const planRow = (p: Plan) => compact<any>({ ...planFields(p), planStatus: "live" })

export const historyPlanRow = (world: World, p: Plan) => {
  const executed = p.executeOrderId === undefined ? undefined : world.orders.find((o) => o.orderId === p.executeOrderId)
  return compact<any>({
    ...planFields(p),
    planStatus: p.status,
    executeOrderId: p.executeOrderId,
    priceAvg: executed?.priceAvg,
    baseVolume: executed?.filled
  })
}
