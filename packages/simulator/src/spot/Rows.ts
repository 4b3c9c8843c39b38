/**
 * The spot world's records as the decoded rows of the spot endpoints' schemas (the exchange
 * encodes them on the way out, so the wire is exactly what the client decodes).
 */
import type * as Account from "@effect-bitget/spot/Account"
import type * as PlanOrder from "@effect-bitget/spot/PlanOrder"
import type * as Trade from "@effect-bitget/spot/Trade"
import type * as Wallet from "@effect-bitget/spot/Wallet"
import * as BD from "effect/BigDecimal"
import * as DateTime from "effect/DateTime"
import type { Bill, Dec, Fill, Order, Plan, TransferRecord, WalletRecord } from "./World.js"
import { zero } from "./World.js"

type Row<A> = { -readonly [K in keyof A]: A[K] }

const time = (ms: number) => DateTime.unsafeMake(ms)

/** Sets optional keys only when they have a value (`exactOptionalPropertyTypes`). */
const withOptional = <A extends object>(row: A, optional: Record<string, unknown>): A => {
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) (row as Record<string, unknown>)[key] = value
  }
  return row
}

const orderFee = (order: Order) => {
  const paid = BD.negate(order.fee)
  return {
    newFees: { c: zero, d: zero, deduction: false, r: paid, t: paid, totalDeductionFee: zero },
    coins: {
      [order.feeCoin]: { deduction: false, feeCoinCode: order.feeCoin, totalDeductionFee: zero, totalFee: paid }
    }
  }
}

export const order = (o: Order): Trade.Order =>
  withOptional(
    {
      userId: o.uid,
      symbol: o.symbol,
      orderId: o.orderId,
      price: o.price ?? zero,
      size: o.size,
      orderType: o.orderType,
      side: o.side,
      status: o.status,
      baseVolume: o.baseVolume,
      quoteVolume: o.quoteVolume,
      enterPointSource: o.source,
      orderSource: o.orderType === "market" ? "market" : "normal",
      tpslType: "normal",
      cTime: time(o.cTime),
      uTime: time(o.uTime)
    } as Row<Trade.Order>,
    {
      clientOid: o.clientOid,
      priceAvg: o.priceAvg,
      feeDetail: o.status === "filled" ? orderFee(o) : undefined,
      cancelReason: o.status === "cancelled" ? "normal_cancel" : undefined
    }
  )

export const openOrder = (o: Order): Trade.OpenOrder =>
  withOptional(
    {
      userId: o.uid,
      symbol: o.symbol,
      orderId: o.orderId,
      size: o.size,
      orderType: o.orderType,
      side: o.side,
      status: o.status,
      basePrice: zero,
      baseVolume: o.baseVolume,
      quoteVolume: o.quoteVolume,
      enterPointSource: o.source,
      orderSource: "normal",
      tpslType: "normal",
      cTime: time(o.cTime),
      uTime: time(o.uTime)
    } as Row<Trade.OpenOrder>,
    { clientOid: o.clientOid, priceAvg: o.price }
  )

export const fill = (f: Fill): Trade.Fill =>
  ({
    userId: f.uid,
    symbol: f.symbol,
    orderId: f.orderId,
    tradeId: f.tradeId,
    orderType: f.orderType,
    side: f.side,
    priceAvg: f.price,
    size: f.size,
    amount: f.amount,
    feeDetail: { deduction: false, feeCoin: f.feeCoin, totalFee: BD.negate(f.fee) },
    tradeScope: f.scope,
    cTime: time(f.cTime),
    uTime: time(f.cTime)
  }) as Trade.Fill

export const bill = (b: Bill): Account.Bill =>
  ({
    cTime: time(b.cTime),
    coin: b.coin,
    groupType: b.groupType,
    businessType: b.businessType,
    size: b.size,
    balance: b.balance,
    fees: b.fees,
    billId: b.billId
  }) as Account.Bill

export const transfer = (t: TransferRecord): Account.TransferRecord =>
  withOptional(
    {
      coin: t.coin,
      status: "Successful",
      toType: t.toType,
      fromType: t.fromType,
      size: t.size,
      ts: time(t.ts),
      transferId: t.transferId
    } as Row<Account.TransferRecord>,
    { clientOid: t.clientOid }
  )

export const deposit = (r: WalletRecord): Wallet.DepositRecord =>
  ({
    orderId: r.orderId,
    tradeId: r.orderId,
    coin: r.coin,
    type: "deposit",
    size: r.size,
    status: "success",
    toAddress: r.address,
    dest: r.dest,
    chain: r.chain,
    fromAddress: "sim-external",
    cTime: time(r.cTime),
    uTime: time(r.cTime)
  }) as Wallet.DepositRecord

/**
 * How long an on-chain withdrawal stays pending (cancellable): Bitget's one-minute "regret
 * period" (https://www.bitget.com/api-doc/spot/account/Cancel-Withdrawal). Internal transfers
 * complete at once.
 */
export const REGRET_PERIOD_MS = 60_000

/** A withdrawal's status at `now`: pending in its regret period, then success; `fail` once cancelled. */
export const withdrawalStatus = (r: WalletRecord, now: number): "pending" | "success" | "fail" =>
  r.cancelled !== undefined
    ? "fail"
    : r.dest === "on_chain" && now - r.cTime < REGRET_PERIOD_MS
    ? "pending"
    : "success"

export const withdrawal = (now: number) => (r: WalletRecord): Wallet.WithdrawalRecord =>
  withOptional(
    {
      orderId: r.orderId,
      tradeId: r.orderId,
      coin: r.coin,
      dest: r.dest,
      type: "withdraw",
      size: r.size,
      fee: BD.negate(r.fee),
      // Bitget's record lists only pending, fail and success: a cancelled withdrawal shows as fail.
      status: withdrawalStatus(r, now),
      toAddress: r.address,
      chain: r.chain,
      confirm: "1",
      cTime: time(r.cTime),
      uTime: time(r.cancelled ?? r.cTime)
    } as Row<Wallet.WithdrawalRecord>,
    { clientOid: r.clientOid }
  )

export const plan = (p: Plan): PlanOrder.PlanOrder =>
  withOptional(
    {
      orderId: p.orderId,
      symbol: p.symbol,
      size: p.size,
      triggerPrice: p.triggerPrice,
      status: p.status,
      orderType: p.orderType,
      side: p.side,
      planType: p.planType,
      triggerType: p.triggerType,
      enterPointSource: "API",
      uTime: time(p.uTime),
      cTime: time(p.cTime)
    } as Row<PlanOrder.PlanOrder>,
    { clientOid: p.clientOid, executePrice: p.executePrice }
  )

/** `value * (1 + ratio)`, for prices around the market. */
export const offset = (value: Dec, ratio: string): Dec =>
  BD.round(BD.multiply(value, BD.sum(BD.unsafeFromString("1"), BD.unsafeFromString(ratio))), {
    scale: Math.max(2, value.scale),
    mode: "half-even"
  })
