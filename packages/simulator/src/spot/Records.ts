/**
 * The records the spot world keeps: balances, orders, fills, bills, plan orders, transfers and
 * wallet (deposit and withdrawal) records, in decoded values (BigDecimal, epoch ms).
 */
import type * as BD from "effect/BigDecimal"

export type Dec = BD.BigDecimal

export interface Balance {
  available: Dec
  frozen: Dec
  locked: Dec
  uTime: number
}

export interface Order {
  readonly orderId: string
  readonly clientOid: string | undefined
  readonly uid: string
  /** The balances it trades: `spot`, or a margin account (`crossed_margin`, `isolated_margin:<symbol>`). */
  readonly account: string
  readonly symbol: string
  readonly base: string
  readonly quote: string
  readonly side: "buy" | "sell"
  readonly orderType: "limit" | "market"
  readonly force: string
  readonly price: Dec | undefined
  readonly size: Dec
  status: "live" | "partially_filled" | "filled" | "cancelled"
  priceAvg: Dec | undefined
  baseVolume: Dec
  quoteVolume: Dec
  fee: Dec
  feeCoin: string
  /** What is frozen for it (quote for buys, base for sells). */
  frozen: Dec
  readonly source: string
  readonly cTime: number
  uTime: number
}

export interface Fill {
  readonly tradeId: string
  readonly orderId: string
  readonly uid: string
  readonly account: string
  readonly symbol: string
  readonly side: "buy" | "sell"
  readonly orderType: "limit" | "market"
  readonly price: Dec
  readonly size: Dec
  readonly amount: Dec
  readonly fee: Dec
  readonly feeCoin: string
  readonly scope: "maker" | "taker"
  readonly cTime: number
}

export interface Bill {
  readonly billId: string
  readonly uid: string
  readonly coin: string
  readonly groupType: string
  readonly businessType: string
  readonly size: Dec
  readonly balance: Dec
  readonly fees: Dec
  readonly cTime: number
}

export interface Plan {
  readonly orderId: string
  readonly clientOid: string | undefined
  readonly uid: string
  readonly symbol: string
  side: "buy" | "sell"
  orderType: "limit" | "market"
  triggerPrice: Dec
  executePrice: Dec | undefined
  size: Dec
  readonly planType: string
  readonly triggerType: string
  readonly force: string
  /** Triggers when the price reaches the trigger from this side. */
  direction: "up" | "down"
  status: "not_trigger" | "triggered" | "fail_trigger" | "cancelled"
  /** The order placed when it triggered. */
  placedOrderId: string | undefined
  readonly cTime: number
  uTime: number
}

/** A transfer between account types, as the spot world moves it (before any balance changes). */
export interface TransferMove {
  readonly fromUid: string
  readonly toUid: string
  /** Balance keys: an isolated margin account is `isolated_margin:<symbol>`. */
  readonly fromType: string
  readonly toType: string
  readonly coin: string
  readonly amount: Dec
}

export interface TransferRecord {
  readonly transferId: string
  readonly clientOid: string | undefined
  readonly uid: string
  readonly coin: string
  readonly fromType: string
  readonly toType: string
  readonly fromUserId: string
  readonly toUserId: string
  readonly size: Dec
  readonly ts: number
}

export interface WalletRecord {
  readonly orderId: string
  readonly clientOid: string | undefined
  readonly uid: string
  readonly coin: string
  readonly kind: "deposit" | "withdraw"
  readonly size: Dec
  readonly fee: Dec
  readonly address: string
  readonly chain: string
  readonly dest: string
  readonly cTime: number
  /** A withdrawal cancelled in its regret period: when (its amount went back). */
  cancelled?: number
}
