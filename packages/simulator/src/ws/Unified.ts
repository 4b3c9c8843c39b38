/**
 * The unified account's (UTA, V3) private topics on `/v3/ws/private`, pushed from the one world:
 * the unified ledger's balances, the futures world's positions, and the orders and fills V3 REST
 * lists (`unified/Orders.ts`), whatever made them change (a V3 REST call, a WebSocket order, the
 * market filling a resting order, a transfer). Each subscription remembers what it last pushed and
 * a sweep pushes the differences, as the V2 topics do (`Private.ts`).
 *
 * Shapes: Bitget's UTA private channel pages (https://www.bitget.com/api-doc/uta/websocket/private/
 * Account-Channel, Positions-Channel, Order-Channel, Fill-Channel, Fast-Fill-Channel; reference
 * websocket.md §4.4), field names as the pages and go-bitget's `uta` types spell them
 * (`unrealisedPnL` on the account, `debts` per coin); every value a string, absent ones `""`,
 * times as millisecond strings, the outer `ts` a number; `category` lower case (`spot`,
 * `usdt-futures`). Push rules, per page: account and position push on subscribe, order, fill,
 * fast-fill and strategy-order do not. Fast-fill's `data` is one object, not a list.
 */
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import * as PositionValues from "../futures/PositionValues.js"
import type { Position } from "../futures/Records.js"
import { MAINTENANCE_RATE } from "../unified/Ledger.js"
import type { Ref, StrategyView, UnifiedOrders } from "../unified/Orders.js"
import type { PrivateTopic } from "./Private.js"
import { dec, pushV3 } from "./Wire.js"

/** The V3 private topics under `instType: "UTA"` (Bitget's UTA WebSocket pages). */
export const TOPICS = new Set([
  "account",
  "position",
  "order",
  "fill",
  "fast-fill",
  "strategy-order",
  "adl-notification"
])

const ZERO = BD.fromBigInt(0n)

/** A decimal, or `""` when absent (Bitget's empty value). */
const str = (value: BD.BigDecimal | undefined): string => value === undefined ? "" : dec(value)
const ms = (value: unknown): string =>
  DateTime.isDateTime(value) ? String(DateTime.toEpochMillis(value)) : typeof value === "number" ? String(value) : ""

/** V3 REST spells categories upper case; the V3 socket lower case. */
export const wireCategory = (category: string): string => category.toLowerCase()

/** The spot world's `live` is V3's `new` (Order-Channel page: new, partially_filled, filled, cancelled). */
const status = (value: string) => value === "live" ? "new" : value === "canceled" ? "cancelled" : value

/** One order as the `order` topic pushes it, from the row V3 REST answers for it. */
export const orderRow = (orders: UnifiedOrders, ref: Ref): Record<string, unknown> => {
  const r = orders.row(ref)
  const futures = ref._tag === "futures"
  const fee = (r.feeDetail as Array<{ feeCoin?: string; fee?: BD.BigDecimal }>)[0] ?? {}
  return {
    category: wireCategory(r.category),
    symbol: r.symbol,
    orderId: r.orderId,
    clientOid: r.clientOid ?? "",
    price: r.orderType === "market" ? "" : str(r.price),
    qty: str(r.qty),
    amount: str(r.amount),
    holdMode: r.holdMode ?? "",
    holdSide: r.posSide ?? "",
    // Plain orders: the order page's example shows `normal` for them, and so does Get Order Details
    // (https://www.bitget.com/api-doc/uta/trade/Get-Order-Details) for a market order, where V2's
    // `orderSource` would say `market`; the spelling for an order a TP/SL or trigger placed is not
    // documented, so every order here says `normal`.
    delegateType: "normal",
    tradeSide: r.tradeSide ?? "",
    orderType: r.orderType,
    timeInForce: r.timeInForce ?? "",
    side: r.side,
    marginMode: r.marginMode ?? "",
    marginCoin: futures ? ref.order.marginCoin : "",
    reduceOnly: r.reduceOnly === true ? "yes" : "no",
    cumExecQty: str(r.cumExecQty ?? ZERO),
    cumExecValue: str(r.cumExecValue ?? ZERO),
    avgPrice: str(r.avgPrice ?? ZERO),
    totalProfit: futures ? dec(ref.order.profit) : "0",
    orderStatus: status(r.orderStatus),
    cancelReason: r.cancelReason ?? "",
    leverage: futures ? dec(ref.order.leverage) : "",
    feeDetail: [{ feeCoin: fee.feeCoin ?? "", fee: str(fee.fee ?? ZERO) }],
    createdTime: ms(r.createdTime),
    updatedTime: ms(r.updatedTime),
    stpMode: r.stpMode ?? "none"
  }
}

type FillEntry = ReturnType<UnifiedOrders["fills"]>[number]

const fillRow = (fill: FillEntry): Record<string, unknown> => {
  const r = fill.row
  const fee = (r.feeDetail as Array<{ feeCoin?: string; fee?: BD.BigDecimal }>)[0] ?? {}
  return {
    category: wireCategory(fill.category),
    symbol: r.symbol,
    orderId: r.orderId,
    clientOid: r.clientOid ?? "",
    execId: r.execId,
    // One execution per fill here: its link id is its own id.
    execLinkId: r.execId,
    orderType: r.orderType,
    side: r.side,
    holdSide: r.posSide ?? "",
    tradeSide: r.tradeSide ?? "",
    execPrice: dec(r.execPrice),
    execQty: dec(r.execQty),
    execValue: dec(r.execValue),
    execPnl: str(r.execPnl ?? ZERO),
    tradeScope: r.tradeScope,
    feeDetail: [{ feeCoin: fee.feeCoin ?? "", fee: str(fee.fee ?? ZERO) }],
    execTime: String(fill.at),
    updatedTime: ms(r.updatedTime),
    isRPI: "no"
  }
}

const fastFillRow = (fill: FillEntry): Record<string, unknown> => {
  const r = fill.row
  return {
    category: wireCategory(fill.category),
    symbol: r.symbol,
    orderId: r.orderId,
    clientOid: r.clientOid ?? "",
    execId: r.execId,
    side: r.side,
    holdSide: r.posSide ?? "",
    execPrice: dec(r.execPrice),
    execQty: dec(r.execQty),
    tradeScope: r.tradeScope,
    execTime: String(fill.at),
    updatedTime: ms(r.updatedTime)
  }
}

/** A strategy (TP/SL, trigger) order as `strategy-order` pushes it (Strategy-Order-Channel page). */
const strategyRow = (view: StrategyView): Record<string, unknown> => {
  const r = view.row
  return {
    category: wireCategory(r.category),
    symbol: r.symbol,
    orderId: r.orderId,
    clientOid: r.clientOid ?? "",
    qty: str(r.qty),
    side: r.side ?? "",
    posSide: r.posSide ?? "",
    reduceOnly: view.reduceOnly === true ? "yes" : "no",
    type: r.type ?? "",
    status: r.status,
    // The page's example names the TP/SL order's leg; a trigger order has none.
    triggerType: r.type === "tpsl" ? r.takeProfit !== undefined ? "takeProfit" : "stopLoss" : "",
    tpTriggerBy: r.tpTriggerBy ?? "",
    slTriggerBy: r.slTriggerBy ?? "",
    takeProfit: str(r.takeProfit),
    stopLoss: str(r.stopLoss),
    tpOrderType: r.tpOrderType ?? "",
    slOrderType: r.slOrderType ?? "",
    tpLimitPrice: str(r.tpLimitPrice),
    slLimitPrice: str(r.slLimitPrice),
    triggerBy: r.triggerBy ?? "",
    triggerPrice: str(r.triggerPrice),
    triggerOrderType: r.triggerOrderType ?? "",
    triggerOrderPrice: str(r.triggerOrderPrice),
    createdTime: ms(r.createdTime),
    updatedTime: ms(r.updatedTime)
  }
}

const positionKey = (p: Position) => `${p.symbol}|${p.productType}|${p.marginCoin}|${p.holdSide}`

const scale = (value: BD.BigDecimal, places: number) => BD.normalize(BD.scale(value, places))

/** One position as the `position` topic pushes it; a closed one as `ended` with size 0. */
const positionRow = (orders: UnifiedOrders, p: Position, ended: boolean): Record<string, unknown> => {
  const world = orders.futures
  const mark = world.mark(p.symbol)
  const size = ended ? ZERO : p.total
  const unrealised = ended ? ZERO : world.unrealized(p, mark)
  return {
    symbol: p.symbol,
    marginCoin: p.marginCoin,
    marginSize: dec(ended ? ZERO : p.margin),
    marginMode: p.marginMode,
    posSide: p.holdSide,
    holdMode: p.posMode,
    positionStatus: ended ? "ended" : "opening",
    size: dec(size),
    available: dec(ended ? ZERO : PositionValues.available(world, p)),
    frozen: dec(ended ? ZERO : PositionValues.frozen(world, p)),
    avgPrice: dec(ended ? ZERO : p.openPriceAvg),
    leverage: dec(p.leverage),
    curRealisedPnl: dec(p.achievedProfits),
    unrealisedPnl: dec(unrealised),
    liqPrice: ended ? "" : dec(world.liquidationPrice(p)),
    mmr: ended ? "" : dec(MAINTENANCE_RATE),
    markPrice: dec(mark),
    openFeeTotal: dec(BD.negate(p.totalFee)),
    closeFeeTotal: dec(BD.negate(p.closeFee ?? ZERO)),
    breakEvenPrice: ended ? "" : str(PositionValues.breakEvenPrice(p)),
    profitRate: ended || BD.isZero(p.margin) ? "" : dec(scale(BD.unsafeDivide(unrealised, p.margin), 6)),
    // The world settles no funding.
    totalFundingFee: "0",
    createdTime: String(p.cTime),
    updatedTime: String(p.uTime)
  }
}

const snapshot = (
  argText: string,
  rows: ReadonlyArray<unknown>,
  now: number,
  action: "snapshot" | "update" = "snapshot"
) => rows.length === 0 ? [] : [pushV3(action, argText, JSON.stringify(rows), now)]

/**
 * A V3 private topic of `uid`, or `undefined` for a topic the worlds keep nothing for
 * (adl-notification: one trader in the simulated market is never auto-deleveraged; acked, quiet).
 */
export const topic = (orders: UnifiedOrders, argText: string, uid: string, name: string): PrivateTopic | undefined => {
  const ledger = orders.control.ledger
  if (name === "account") {
    // Pushed on balance changes (fills, transfers, loans; Account-Channel page), not on every price move.
    const signature = () => {
      const summary = ledger.assets(uid)
      const coins = summary.assets.map((a) =>
        `${a.coin}:${dec(a.balance)}:${dec(a.available)}:${dec(a.frozen)}:${dec(a.locked)}:${dec(a.debt)}`
      )
      const margins = ledger.positions(uid).map((p) => `${positionKey(p)}:${dec(p.total)}:${dec(p.margin)}`)
      return { summary, sig: [...coins, ...margins].join(";") }
    }
    const row = (summary: ReturnType<typeof ledger.assets>) => ({
      unrealisedPnL: dec(summary.unrealisedPnl),
      totalEquity: dec(summary.accountEquity),
      positionMgnRatio: dec(summary.positionMgnRatio),
      mmr: dec(summary.mmr),
      effEquity: dec(summary.effEquity),
      imr: dec(summary.imr),
      mgnRatio: dec(summary.mgnRatio),
      coin: summary.assets.map((a) => ({
        debts: dec(a.debt),
        balance: dec(a.balance),
        available: dec(a.available),
        borrow: dec(a.debt),
        // V3 has no `frozen`: what open spot orders hold is `locked` ("only for spot order placement").
        locked: dec(BD.sum(a.frozen, a.locked)),
        equity: dec(a.equity),
        coin: a.coin,
        usdValue: dec(a.usdValue)
      }))
    })
    let last = ""
    return {
      argText,
      uid,
      initial: (now) => {
        const { sig, summary } = signature()
        last = sig
        return [pushV3("snapshot", argText, JSON.stringify([row(summary)]), now)]
      },
      sweep: (now) => {
        const { sig, summary } = signature()
        if (sig === last) return []
        last = sig
        return [pushV3("snapshot", argText, JSON.stringify([row(summary)]), now)]
      }
    }
  }
  if (name === "position") {
    const mine = () => [...orders.futures.positions.values()].filter((p) => p.account === uid)
    const seen = new Map<string, { readonly sig: string; readonly position: Position }>()
    // A closing order placed or cancelled changes what is frozen, not the position's update time.
    const sig = (p: Position) =>
      `${dec(p.total)}|${dec(p.margin)}|${p.uTime}|${dec(PositionValues.frozen(orders.futures, p))}`
    return {
      argText,
      uid,
      // Every open position on subscribe (an empty list when flat), then the positions that changed.
      initial: (now) => {
        seen.clear()
        const open = mine().filter((p) => BD.isPositive(p.total))
        for (const p of open) seen.set(positionKey(p), { sig: sig(p), position: p })
        return [pushV3("snapshot", argText, JSON.stringify(open.map((p) => positionRow(orders, p, false))), now)]
      },
      sweep: (now) => {
        const rows: Array<Record<string, unknown>> = []
        const present = new Set<string>()
        for (const p of mine()) {
          const key = positionKey(p)
          const open = BD.isPositive(p.total)
          if (!open && !seen.has(key)) continue
          present.add(key)
          if (!open) {
            seen.delete(key)
            rows.push(positionRow(orders, p, true))
            continue
          }
          const now_ = sig(p)
          if (seen.get(key)?.sig === now_) continue
          seen.set(key, { sig: now_, position: p })
          rows.push(positionRow(orders, p, false))
        }
        // A position the world dropped once flat: pushed once more, ended.
        for (const [key, last] of [...seen]) {
          if (present.has(key)) continue
          seen.delete(key)
          rows.push(positionRow(orders, last.position, true))
        }
        return snapshot(argText, rows, now, "update")
      }
    }
  }
  if (name === "order") {
    const seen = new Map<string, string>()
    const sig = (ref: Ref) =>
      ref._tag === "spot"
        ? `${ref.order.status}|${dec(ref.order.baseVolume)}|${ref.order.uTime}`
        : `${ref.order.status}|${dec(ref.order.filled)}|${ref.order.uTime}`
    const changed = () => {
      const out: Array<Ref> = []
      for (const ref of orders.all(uid)) {
        const s = sig(ref)
        if (seen.get(ref.id) === s) continue
        seen.set(ref.id, s)
        out.push(ref)
      }
      return out
    }
    return {
      argText,
      uid,
      // No push on subscribe (Order-Channel page): only what changes from now on.
      initial: () => {
        changed()
        return []
      },
      sweep: (now) => snapshot(argText, changed().map((ref) => orderRow(orders, ref)), now)
    }
  }
  if (name === "strategy-order") {
    const seen = new Map<string, string>()
    const changed = () => {
      const out: Array<StrategyView> = []
      for (const view of orders.strategyOrders(uid)) {
        if (seen.get(view.row.orderId) === view.signature) continue
        seen.set(view.row.orderId, view.signature)
        out.push(view)
      }
      return out
    }
    return {
      argText,
      uid,
      // No push on subscribe (Strategy-Order-Channel page).
      initial: () => {
        changed()
        return []
      },
      sweep: (now) => snapshot(argText, changed().map(strategyRow), now)
    }
  }
  if (name === "fill" || name === "fast-fill") {
    const seen = new Set<string>()
    // Both worlds' fill lists only grow: nothing to look at while their lengths stay put.
    let lengths = -1
    const fresh = () => {
      const now = orders.spot.fills.length + orders.futures.fills.length
      if (now === lengths) return []
      lengths = now
      const out: Array<FillEntry> = []
      for (const fill of orders.fills(uid)) {
        if (seen.has(fill.id)) continue
        seen.add(fill.id)
        out.push(fill)
      }
      return out.sort((a, b) => a.at - b.at)
    }
    return {
      argText,
      uid,
      initial: () => {
        fresh()
        return []
      },
      sweep: (now) =>
        name === "fill"
          ? snapshot(argText, fresh().map(fillRow), now)
          // Fast-fill pushes one fill per frame, `data` an object (Fast-Fill-Channel page).
          : fresh().map((fill) => pushV3("update", argText, JSON.stringify(fastFillRow(fill)), now))
    }
  }
  return undefined
}
