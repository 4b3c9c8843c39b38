/**
 * The records of the futures world (positions, orders, fills, bills, plan orders) and the
 * refusal the world throws; the rules that change them live in World.ts.
 */
import type * as BigDecimal from "effect/BigDecimal"

type BD = BigDecimal.BigDecimal

/** A refusal: a Bitget code and message. */
export class Refusal {
  constructor(readonly code: string, readonly msg: string) {}
}

export type HoldSide = "long" | "short"
export type PosMode = "one_way_mode" | "hedge_mode"

export interface Settings {
  marginMode: "crossed" | "isolated"
  longLeverage: BD
  shortLeverage: BD
  crossLeverage: BD
}

export interface Position {
  readonly account: string
  readonly symbol: string
  readonly productType: string
  readonly marginCoin: string
  readonly holdSide: HoldSide
  total: BD
  openPriceAvg: BD
  margin: BD
  achievedProfits: BD
  /** Fees paid on the opening fills, positive (V2 shows them in `deductedFee`; its `totalFee` is funding). */
  totalFee: BD
  marginMode: "crossed" | "isolated"
  leverage: BD
  posMode: PosMode
  readonly cTime: number
  uTime: number
  /** Size opened over the position's life, closed so far, the value closed at and its fees. */
  opened?: BD
  closed?: BD
  closeValue?: BD
  closeFee?: BD
}

/** A position that was closed to zero, as the position history shows it. */
export interface ClosedPosition {
  readonly positionId: string
  readonly account: string
  readonly symbol: string
  readonly productType: string
  readonly marginCoin: string
  readonly holdSide: HoldSide
  readonly marginMode: "crossed" | "isolated"
  readonly openAvgPrice: BD
  readonly closeAvgPrice: BD
  readonly openTotalPos: BD
  readonly closeTotalPos: BD
  readonly pnl: BD
  readonly openFee: BD
  readonly closeFee: BD
  readonly cTime: number
  readonly uTime: number
}

export interface Order {
  readonly account: string
  readonly orderId: string
  readonly clientOid: string
  readonly symbol: string
  readonly productType: string
  readonly marginCoin: string
  readonly marginMode: "crossed" | "isolated"
  size: BD
  price: BD | undefined
  readonly side: "buy" | "sell"
  readonly tradeSide: "open" | "close" | undefined
  readonly orderType: "limit" | "market"
  readonly force: string
  readonly reduceOnly: boolean
  presetStopSurplusPrice: BD | undefined
  presetStopLossPrice: BD | undefined
  readonly posMode: PosMode
  readonly leverage: BD
  readonly orderSource: string
  status: "live" | "partially_filled" | "filled" | "cancelled"
  filled: BD
  priceAvg: BD | undefined
  fee: BD
  profit: BD
  cancelReason: string | undefined
  readonly cTime: number
  uTime: number
}

export interface Fill {
  readonly account: string
  readonly tradeId: string
  readonly orderId: string
  readonly symbol: string
  readonly productType: string
  readonly marginCoin: string
  readonly price: BD
  readonly size: BD
  readonly side: "buy" | "sell"
  readonly tradeSide: string
  readonly posMode: PosMode
  readonly tradeScope: "taker" | "maker"
  readonly fee: BD
  readonly profit: BD
  readonly cTime: number
}

export interface Bill {
  readonly account: string
  readonly billId: string
  readonly productType: string
  readonly symbol: string | undefined
  readonly amount: BD
  readonly fee: BD
  readonly businessType: string
  readonly coin: string
  readonly balance: BD
  readonly cTime: number
}

export interface SubOrder {
  orderId: string | undefined
  price: BD | undefined
  type: "limit" | "market"
  status: "success" | "fail" | "cancelled" | "in_progress" | "in_progress_tracking"
}

/** The take-profit / stop-loss plan types (`place-tpsl-order`); the plan lists query them as `profit_loss`. */
export type TpslPlanType = "profit_plan" | "loss_plan" | "moving_plan" | "pos_profit" | "pos_loss"

export interface Plan {
  readonly account: string
  readonly orderId: string
  readonly clientOid: string
  readonly planType: "normal_plan" | "track_plan" | TpslPlanType
  /** TP/SL plans: the position they close; `whole`: all of it when they fire (`pos_profit`, `pos_loss`). */
  readonly holdSide?: HoldSide
  readonly whole?: boolean
  readonly symbol: string
  readonly productType: string
  readonly marginCoin: string
  readonly marginMode: "crossed" | "isolated"
  size: BD
  price: BD | undefined
  callbackRatio: BD | undefined
  triggerPrice: BD
  triggerType: string
  readonly side: "buy" | "sell"
  readonly tradeSide: "open" | "close" | undefined
  readonly orderType: "limit" | "market"
  readonly reduceOnly: boolean
  readonly posMode: PosMode
  readonly tpsl: Readonly<Record<string, BD | string | undefined>>
  /** Whether the trigger fires on a rise (`up`) or a fall (`down`) to `triggerPrice`. */
  direction: "up" | "down"
  /** Trailing stops: tracking since activation, and the best price seen. */
  best: BD | undefined
  status: "live" | "executed" | "fail_trigger" | "cancelled"
  executeOrderId: string | undefined
  readonly subOrders: Array<SubOrder>
  readonly cTime: number
  uTime: number
}

/** A plan as placed, before the state every new plan starts with. */
export type NewPlan = Omit<Plan, "best" | "status" | "executeOrderId" | "subOrders" | "cTime" | "uTime">

/** What an order asks for, as the routes decode it. */
export interface OrderInput {
  readonly symbol: string
  readonly productType: string
  readonly marginCoin: string
  readonly marginMode: "crossed" | "isolated"
  readonly size: BD
  readonly price?: BD | undefined
  readonly side: "buy" | "sell"
  readonly tradeSide?: "open" | "close" | undefined
  readonly orderType: "limit" | "market"
  readonly force?: string | undefined
  readonly clientOid?: string | undefined
  readonly reduceOnly?: boolean | undefined
  readonly presetStopSurplusPrice?: BD | undefined
  readonly presetStopLossPrice?: BD | undefined
  readonly orderSource?: string | undefined
}

/** One executed leg of an order, as the world tells its listeners (copy trading). */
export interface FillEvent {
  readonly order: Order
  readonly side: HoldSide
  readonly size: BD
  readonly price: BD
  /** Whether the leg opened (or added to) a position rather than reduced one. */
  readonly open: boolean
  readonly profit: BD
  /** The fee paid (positive). */
  readonly fee: BD
  readonly now: number
}

export const isOpen = (order: Order): boolean => order.status === "live" || order.status === "partially_filled"
