/**
 * The private channels of one account, pushed from the worlds' state. Each subscription keeps
 * what it last saw (an order's status and fill, a balance, the positions) and a sweep pushes
 * every difference, so any change is pushed whatever made it: a REST call, a WebSocket order,
 * a price that filled a resting order, a test's knob. Sweeps run after each signed REST call
 * and each WebSocket order of the account, after price moves, and on every tick.
 * Shapes: reference §4.3 and Bitget's V2 private channel pages.
 */
import * as BD from "effect/BigDecimal"
import type { FuturesControl } from "../futures/FuturesDomain.js"
import * as PositionValues from "../futures/PositionValues.js"
import { isOpen as futuresOpen } from "../futures/Records.js"
import type { World as SpotWorld } from "../spot/World.js"
import { dec, push } from "./Wire.js"

export interface PrivateTopic {
  readonly argText: string
  readonly uid: string
  readonly initial: (now: number) => ReadonlyArray<string>
  readonly sweep: (now: number) => ReadonlyArray<string>
}

export interface Sources {
  readonly spot: SpotWorld | undefined
  readonly futures: FuturesControl | undefined
}

const ZERO = BD.fromBigInt(0n)

/** Pushes the rows whose signature changed since the last sweep (`initial`: only remember). */
const differ = <A>(rows: () => Iterable<A>, id: (a: A) => string, signature: (a: A) => string) => {
  const seen = new Map<string, string>()
  return (remember: boolean): Array<A> => {
    const changed: Array<A> = []
    for (const row of rows()) {
      const key = id(row)
      const sig = signature(row)
      if (seen.get(key) === sig) continue
      seen.set(key, sig)
      if (!remember) changed.push(row)
    }
    return changed
  }
}

const frames = (argText: string, rows: ReadonlyArray<unknown>, now: number, chunk = 50) => {
  const out: Array<string> = []
  for (let i = 0; i < rows.length; i += chunk) {
    out.push(push("snapshot", argText, JSON.stringify(rows.slice(i, i + chunk)), now))
  }
  return out
}

// ---- spot ---------------------------------------------------------------------------------

type SpotOrder = SpotWorld["orders"] extends Map<string, infer O> ? O : never
type SpotFill = SpotWorld["fills"][number]

const spotOrderRow = (world: SpotWorld, order: SpotOrder) => {
  const fill = order.baseVolume !== undefined && BD.isPositive(order.baseVolume)
    ? [...world.fills].reverse().find((f) => f.orderId === order.orderId)
    : undefined
  const row: Record<string, unknown> = {
    instId: order.symbol,
    orderId: order.orderId,
    clientOid: order.clientOid ?? "",
    size: dec(order.size),
    newSize: dec(order.size),
    notional: dec(order.price === undefined ? order.size : BD.multiply(order.price, order.size)),
    orderType: order.orderType,
    force: order.force,
    side: order.side
  }
  if (order.price !== undefined) row.price = dec(order.price)
  if (fill !== undefined) {
    row.fillPrice = dec(fill.price)
    row.tradeId = fill.tradeId
    row.baseVolume = dec(fill.size)
    row.fillTime = String(fill.cTime)
    row.fillFee = dec(BD.negate(fill.fee))
    row.fillFeeCoin = fill.feeCoin
    row.tradeScope = fill.scope === "taker" ? "T" : "M"
  }
  row.accBaseVolume = dec(order.baseVolume)
  row.priceAvg = order.priceAvg === undefined ? "0" : dec(order.priceAvg)
  row.status = order.status
  row.cTime = String(order.cTime)
  row.uTime = String(order.uTime)
  row.stpMode = "none"
  row.feeDetail = [{ feeCoin: order.feeCoin, fee: dec(BD.negate(order.fee)) }]
  row.enterPointSource = order.source
  return row
}

const spotFillRow = (fill: SpotFill) => ({
  orderId: fill.orderId,
  tradeId: fill.tradeId,
  symbol: fill.symbol,
  orderType: fill.orderType,
  side: fill.side,
  priceAvg: dec(fill.price),
  size: dec(fill.size),
  amount: dec(fill.amount),
  feeDetail: [{ feeCoin: fill.feeCoin, deduction: "no", totalDeductionFee: "0", totalFee: dec(BD.negate(fill.fee)) }],
  tradeScope: fill.scope,
  cTime: String(fill.cTime),
  uTime: String(fill.cTime)
})

/** New fills of an account since the subscription (the fills list only grows). */
const newFills = <F>(list: () => ReadonlyArray<F>, mine: (f: F) => boolean) => {
  let index = list().length
  return (): Array<F> => {
    const all = list()
    const out: Array<F> = []
    for (; index < all.length; index++) if (mine(all[index]!)) out.push(all[index]!)
    return out
  }
}

/**
 * A spot or margin private topic: `account` (balances of `accountType`), `orders`, `fill`.
 * Margin channels read the margin accounts' balances and orders kept in the spot world.
 */
export const spotTopic = (
  world: SpotWorld,
  argText: string,
  uid: string,
  channel: string,
  instId: string,
  accountType: (account: string) => boolean
): PrivateTopic | undefined => {
  const symbolOk = (symbol: string) => instId === "default" || instId === symbol
  if (channel === "account") {
    const balances = () => {
      const out: Array<
        {
          coin: string
          type: string
          b: { available: BD.BigDecimal; frozen: BD.BigDecimal; locked: BD.BigDecimal; uTime: number }
        }
      > = []
      // Opens the account as REST does on first sight (a main account starts with its seeded coins).
      world.account(uid)
      for (const [type, coins] of world.balances.get(uid) ?? []) {
        if (!accountType(type)) continue
        for (const [coin, b] of coins) out.push({ coin, type, b })
      }
      return out
    }
    const diff = differ(
      balances,
      (r) => `${r.type}|${r.coin}`,
      (r) => `${dec(r.b.available)}|${dec(r.b.frozen)}|${dec(r.b.locked)}`
    )
    const row = (r: ReturnType<typeof balances>[number]) => ({
      coin: r.coin,
      available: dec(r.b.available),
      frozen: dec(r.b.frozen),
      locked: dec(r.b.locked),
      limitAvailable: "0",
      uTime: String(r.b.uTime)
    })
    return {
      argText,
      uid,
      initial: (now) => {
        diff(true)
        // Bitget pushes the whole account first (only coins ever held).
        return frames(argText, balances().map(row), now)
      },
      sweep: (now) => frames(argText, diff(false).map(row), now)
    }
  }
  if (channel === "orders" || channel.startsWith("orders-")) {
    const diff = differ(
      () => [...world.orders.values()].filter((o) => o.uid === uid && accountType(o.account) && symbolOk(o.symbol)),
      (o) => o.orderId,
      (o) => `${o.status}|${dec(o.baseVolume)}|${o.uTime}`
    )
    return {
      argText,
      uid,
      // The orders channel pushes nothing on subscribe, only changes (reference §1.10).
      initial: () => {
        diff(true)
        return []
      },
      sweep: (now) => frames(argText, diff(false).map((o) => spotOrderRow(world, o)), now)
    }
  }
  if (channel === "fill") {
    const next = newFills(() => world.fills, (f) => f.uid === uid && accountType(f.account) && symbolOk(f.symbol))
    return { argText, uid, initial: () => [], sweep: (now) => frames(argText, next().map(spotFillRow), now) }
  }
  return undefined
}

// ---- futures ------------------------------------------------------------------------------

type FuturesWorld = FuturesControl["world"]
type FuturesOrder = FuturesWorld["orders"][number]
type FuturesFill = FuturesWorld["fills"][number]
type FuturesPosition = FuturesWorld["positions"] extends Map<string, infer P> ? P : never

const futuresOrderRow = (world: FuturesWorld, order: FuturesOrder) => {
  const fill = BD.isPositive(order.filled)
    ? [...world.fills].reverse().find((f) => f.orderId === order.orderId)
    : undefined
  const row: Record<string, unknown> = {
    accBaseVolume: dec(order.filled),
    cTime: String(order.cTime),
    clientOid: order.clientOid,
    feeDetail: [{ feeCoin: order.marginCoin, fee: dec(order.fee) }]
  }
  if (fill !== undefined) {
    row.fillFee = dec(fill.fee)
    row.fillFeeCoin = order.marginCoin
    row.fillNotionalUsd = dec(BD.multiply(fill.price, fill.size))
    row.fillPrice = dec(fill.price)
    row.baseVolume = dec(fill.size)
    row.fillTime = String(fill.cTime)
    row.tradeId = fill.tradeId
    row.tradeScope = fill.tradeScope === "taker" ? "T" : "M"
  }
  Object.assign(row, {
    force: order.force,
    instId: order.symbol,
    leverage: dec(order.leverage),
    marginCoin: order.marginCoin,
    marginMode: order.marginMode,
    notionalUsd: dec(BD.multiply(order.price ?? order.priceAvg ?? ZERO, order.size)),
    orderId: order.orderId,
    orderType: order.orderType,
    pnl: dec(order.profit),
    posMode: order.posMode,
    posSide: order.posMode === "hedge_mode"
      ? (order.side === "buy") === (order.tradeSide !== "close") ? "long" : "short"
      : "net",
    price: order.price === undefined ? "0" : dec(order.price),
    priceAvg: order.priceAvg === undefined ? "0" : dec(order.priceAvg),
    reduceOnly: order.reduceOnly ? "yes" : "no",
    stpMode: "none",
    side: order.side,
    size: dec(order.size),
    enterPointSource: "API",
    status: order.status === "cancelled" ? "canceled" : order.status,
    tradeSide: order.posMode === "hedge_mode" ? order.tradeSide ?? "open" : `${order.side}_single`,
    totalProfits: dec(order.profit),
    cancelReason: order.cancelReason ?? "",
    uTime: String(order.uTime)
  })
  if (order.presetStopSurplusPrice !== undefined) row.presetStopSurplusPrice = dec(order.presetStopSurplusPrice)
  if (order.presetStopLossPrice !== undefined) row.presetStopLossPrice = dec(order.presetStopLossPrice)
  return row
}

const futuresFillRow = (order: FuturesOrder | undefined, fill: FuturesFill) => ({
  orderId: fill.orderId,
  tradeId: fill.tradeId,
  symbol: fill.symbol,
  side: fill.side,
  orderType: order?.orderType ?? "market",
  posMode: fill.posMode,
  price: dec(fill.price),
  baseVolume: dec(fill.size),
  quoteVolume: dec(BD.multiply(fill.price, fill.size)),
  profit: dec(fill.profit),
  tradeSide: fill.tradeSide,
  tradeScope: fill.tradeScope,
  feeDetail: [{ feeCoin: fill.marginCoin, deduction: "no", totalDeductionFee: "0", totalFee: dec(fill.fee) }],
  cTime: String(fill.cTime),
  uTime: String(fill.cTime),
  clientOid: order?.clientOid ?? ""
})

const positionRow = (world: FuturesWorld, p: FuturesPosition) => {
  const mark = world.mark(p.symbol)
  // The same values as V2 REST's position rows (futures/PositionValues.ts).
  const frozen = PositionValues.frozen(world, p)
  return {
    posId: `${p.symbol}-${p.holdSide}-${p.cTime}`,
    instId: p.symbol,
    marginCoin: p.marginCoin,
    marginSize: dec(p.margin),
    marginMode: p.marginMode,
    holdSide: p.holdSide,
    posMode: p.posMode,
    total: dec(p.total),
    available: dec(BD.subtract(p.total, frozen)),
    frozen: dec(frozen),
    openPriceAvg: dec(p.openPriceAvg),
    // A number on the wire, unlike every other value (reference §4.3).
    leverage: Number(dec(p.leverage)),
    achievedProfits: dec(p.achievedProfits),
    unrealizedPL: dec(world.unrealized(p, mark)),
    liquidationPrice: dec(world.liquidationPrice(p)),
    keepMarginRate: dec(PositionValues.MAINTENANCE_RATE),
    marginRate: dec(PositionValues.marginRatio(world, p)),
    markPrice: dec(mark),
    breakEvenPrice: dec(PositionValues.breakEvenPrice(p) ?? p.openPriceAvg),
    // As on REST (futures/Rows.ts): `totalFee` is accumulated funding, "" while none is settled;
    // `deductedFee` the trading fees paid, positive. Captured pushes (pybotters' BitgetV2DataStore
    // test, XRPUSDT 2025-03): `"deductedFee":"0.002818116","totalFee":""` after one fill, and
    // `deductedFee` growing by the next fill's fee.
    deductedFee: dec(PositionValues.feesPaid(p)),
    totalFee: "",
    cTime: String(p.cTime),
    uTime: String(p.uTime)
  }
}

/** A futures private topic: `account`, `positions`, `orders`, `fill` of one product type. */
export const futuresTopic = (
  control: FuturesControl,
  argText: string,
  uid: string,
  instType: string,
  channel: string,
  instId: string
): PrivateTopic | undefined => {
  const world = control.world
  const symbolOk = (symbol: string) => instId === "default" || instId === symbol
  if (channel === "account") {
    const rows = () => control.summaries(uid, instType)
    const diff = differ(
      rows,
      (r) => r.marginCoin,
      (r) => `${dec(r.available)}|${dec(r.accountEquity)}|${dec(r.unrealizedPL)}`
    )
    const row = (r: ReturnType<typeof rows>[number]) => ({
      marginCoin: r.marginCoin,
      frozen: dec(r.locked),
      available: dec(r.available),
      maxOpenPosAvailable: dec(r.crossedMaxAvailable),
      maxTransferOut: dec(r.maxTransferOut),
      equity: dec(r.accountEquity),
      usdtEquity: dec(r.usdtEquity),
      crossedRiskRate: dec(r.crossedRiskRate),
      unrealizedPL: dec(r.unrealizedPL)
    })
    return {
      argText,
      uid,
      initial: (now) => {
        diff(true)
        return frames(argText, rows().map(row), now)
      },
      sweep: (now) => frames(argText, diff(false).map(row), now)
    }
  }
  if (channel === "positions") {
    const open = () =>
      [...world.positions.values()].filter((p) =>
        p.account === uid && p.productType === instType && BD.isPositive(p.total)
      )
    let last = ""
    const current = () => {
      const list = open()
      return {
        list,
        sig: list.map((p) =>
          `${p.symbol}|${p.holdSide}|${dec(p.total)}|${dec(p.margin)}|${p.uTime}|${
            dec(PositionValues.frozen(world, p))
          }`
        ).join(";")
      }
    }
    return {
      argText,
      uid,
      // The positions channel pushes the full list: on subscribe, then on each change (an empty list once flat).
      initial: (now) => {
        const { list, sig } = current()
        last = sig
        return [push("snapshot", argText, JSON.stringify(list.map((p) => positionRow(world, p))), now)]
      },
      sweep: (now) => {
        const { list, sig } = current()
        if (sig === last) return []
        last = sig
        return [push("snapshot", argText, JSON.stringify(list.map((p) => positionRow(world, p))), now)]
      }
    }
  }
  if (channel === "orders") {
    const diff = differ(
      () => world.orders.filter((o) => o.account === uid && o.productType === instType && symbolOk(o.symbol)),
      (o) => o.orderId,
      (o) => `${o.status}|${dec(o.filled)}|${o.uTime}|${futuresOpen(o)}`
    )
    return {
      argText,
      uid,
      initial: () => {
        diff(true)
        return []
      },
      sweep: (now) => frames(argText, diff(false).map((o) => futuresOrderRow(world, o)), now)
    }
  }
  if (channel === "fill") {
    const next = newFills(
      () => world.fills,
      (f) => f.account === uid && f.productType === instType && symbolOk(f.symbol)
    )
    return {
      argText,
      uid,
      initial: () => [],
      sweep: (now) =>
        frames(argText, next().map((f) => futuresFillRow(world.orders.find((o) => o.orderId === f.orderId), f)), now)
    }
  }
  return undefined
}
