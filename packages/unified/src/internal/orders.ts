/**
 * The V3 order vocabulary the trade, position and strategy modules share: an order's fields on a
 * request (with the local rules that tie them together), the rows of orders and fills as the
 * answers carry them, and the batch answer the client reads when it settles a lost batch itself.
 * Field sources: shared/reference/v3-unified-api.md §d.1 (Trade) and §b.7.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Lazy from "@effect-bitget/core/Lazy"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import type * as Placement from "@effect-bitget/core/Placement"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Schema from "effect/Schema"
import {
  type BatchItem,
  CategoryOut,
  ClientOid,
  ExecType,
  HoldModeOut,
  MarginMode,
  MarginModeOut,
  OrderStatus,
  OrderType,
  OrderTypeOut,
  PosSide,
  PosSideOut,
  ReduceOnly,
  Side,
  SideOut,
  StpMode,
  StpModeOut,
  TimeInForce,
  TimeInForceOut,
  times,
  TradeScope
} from "../Schemas.js"

/** The price a take-profit, stop-loss or trigger watches: the last trade or the mark price. */
export const TriggerBy = Lazy.schema(() => Spelling.literal("market", "mark"))
export const TriggerByOut = Lazy.schema(() => OpenEnum("market", "mark"))

/** Whether a fill opened or closed a position. */
export const TradeSide = Lazy.schema(() => OpenEnum("open", "close"))

const futures = (category: string) => category.toUpperCase().endsWith("FUTURES")

/** Preset take-profit / stop-loss of an order (futures only), as place-order and modify-order take them. */
export const presetFields = Lazy.value(() => ({
  takeProfit: Schema.optional(PositiveDecimalInput),
  stopLoss: Schema.optional(PositiveDecimalInput),
  tpTriggerBy: Schema.optional(TriggerBy),
  slTriggerBy: Schema.optional(TriggerBy),
  tpOrderType: Schema.optional(OrderType),
  slOrderType: Schema.optional(OrderType),
  /** Only with `tpOrderType: "limit"`. */
  tpLimitPrice: Schema.optional(PositiveDecimalInput),
  /** Only with `slOrderType: "limit"`. */
  slLimitPrice: Schema.optional(PositiveDecimalInput)
}))

/** The fields of one order, shared by place-order and the items of place-batch. */
export const orderFields = Lazy.value(() => ({
  symbol: Schema.String,
  /**
   * Spot and margin: base coin, but a market buy's is the quote coin to spend; USDT/USDC futures:
   * base coin; coin futures: "quote coin" (Bitget's catalog wording).
   */
  qty: PositiveDecimalInput,
  /** Required for limit orders, not used for market ones. */
  price: Schema.optional(PositiveDecimalInput),
  side: Side,
  orderType: OrderType,
  /** `gtc` by default for limit orders. */
  timeInForce: Schema.optional(TimeInForce),
  /** Futures in hedge mode: required (`buy`+`long` opens a long, `sell`+`long` closes it). */
  posSide: Schema.optional(PosSide),
  clientOid: Schema.optional(ClientOid),
  /** One-way mode: `true` closes (the opposite side) without opening. Sent `yes`/`no`. */
  reduceOnly: Schema.optional(ReduceOnly),
  stpMode: Schema.optional(StpMode),
  /**
   * Futures: `crossed` (default) or `isolated`. Only bitget-api and go-bitget send it, the
   * catalog leaves it out; the reference (§e.14) keeps it as an optional newer parameter.
   */
  marginMode: Schema.optional(MarginMode)
}))

type OrderLike = {
  readonly category: string
  readonly orderType?: typeof OrderType.Type | undefined
  readonly price?: unknown
  readonly posSide?: string | undefined
  readonly marginMode?: string | undefined
  readonly takeProfit?: unknown
  readonly stopLoss?: unknown
  readonly tpOrderType?: typeof OrderType.Type | undefined
  readonly slOrderType?: typeof OrderType.Type | undefined
  readonly tpLimitPrice?: unknown
  readonly slLimitPrice?: unknown
}

/**
 * The rules tying an order's fields together, checked before anything is sent (Bitget's
 * place-order page, reference §d.1): a limit order has a price; `posSide`, `marginMode` and
 * preset TP/SL are futures fields; a TP/SL limit price goes with a limit TP/SL.
 */
export const orderRules = (order: OrderLike): true | string => {
  if (Spelling.is(order.orderType, "limit") && order.price === undefined) return "price: required for a limit order"
  if (!futures(order.category)) {
    if (order.posSide !== undefined) return `posSide: only futures orders have one, not ${order.category}`
    if (order.marginMode !== undefined) return `marginMode: only for futures orders, not ${order.category}`
    if (order.takeProfit !== undefined || order.stopLoss !== undefined) {
      return `takeProfit/stopLoss: preset only on futures orders, not ${order.category}`
    }
  }
  if (order.tpLimitPrice !== undefined && !Spelling.is(order.tpOrderType, "limit")) {
    return "tpLimitPrice: only with tpOrderType \"limit\""
  }
  if (order.slLimitPrice !== undefined && !Spelling.is(order.slOrderType, "limit")) {
    return "slLimitPrice: only with slOrderType \"limit\""
  }
  return true
}

/** What an order paid, per coin (`{feeCoin: null, fee: null}` on an unfilled one: absent here). */
export const FeeDetail = Lazy.schema(() =>
  Schema.Struct({
    feeCoin: Absent.optional(Schema.String),
    fee: Absent.optional(Decimal)
  })
)

/** An order as order-info, unfilled-orders and history-orders answer it. */
export const Order = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    clientOid: Absent.optional(Schema.String),
    category: CategoryOut,
    symbol: Schema.String,
    orderType: OrderTypeOut,
    side: SideOut,
    /** `0` for market orders. */
    price: Absent.optional(Decimal),
    qty: Absent.optional(Decimal),
    /** A spot market buy's quote amount. */
    amount: Absent.optional(Decimal),
    cumExecQty: Absent.optional(Decimal),
    cumExecValue: Absent.optional(Decimal),
    avgPrice: Absent.optional(Decimal),
    timeInForce: Absent.optional(TimeInForceOut),
    orderStatus: OrderStatus,
    posSide: Absent.optional(PosSideOut),
    holdMode: Absent.optional(HoldModeOut),
    tradeSide: Absent.optional(TradeSide),
    delegateType: Absent.optional(Schema.String),
    /** Answers say `"NO"`/`"YES"` (reference §e.18); any case decodes. */
    reduceOnly: Absent.optional(ReduceOnly),
    marginMode: Absent.optional(MarginModeOut),
    stpMode: Absent.optional(StpModeOut),
    takeProfit: Absent.optional(Decimal),
    stopLoss: Absent.optional(Decimal),
    tpTriggerBy: Absent.optional(TriggerByOut),
    slTriggerBy: Absent.optional(TriggerByOut),
    tpOrderType: Absent.optional(OrderTypeOut),
    slOrderType: Absent.optional(OrderTypeOut),
    tpLimitPrice: Absent.optional(Decimal),
    slLimitPrice: Absent.optional(Decimal),
    feeDetail: Absent.optional(Schema.Array(FeeDetail)),
    /** e.g. `normal_cancel`, `cancel_receiveWindow`. */
    cancelReason: Absent.optional(Schema.String),
    execType: Absent.optional(ExecType),
    ...times
  })
)
export interface Order extends Schema.Schema.Type<typeof Order> {}

/** One fill of one of the account's orders. */
export const Fill = Lazy.schema(() =>
  Schema.Struct({
    execId: Schema.String,
    execLinkId: Absent.optional(Schema.String),
    orderId: Schema.String,
    clientOid: Absent.optional(Schema.String),
    category: CategoryOut,
    symbol: Schema.String,
    orderType: OrderTypeOut,
    side: SideOut,
    posSide: Absent.optional(PosSideOut),
    execPrice: Decimal,
    execQty: Decimal,
    execValue: Decimal,
    tradeScope: TradeScope,
    tradeSide: Absent.optional(TradeSide),
    feeDetail: Absent.optional(Schema.Array(FeeDetail)),
    /** Realised profit and loss of a closing fill. */
    execPnl: Absent.optional(Decimal),
    /** Whether it was a retail-price-improvement trade: `"no"`/`"NO"` both decode (reference §e.19). */
    isRPI: Absent.optional(ReduceOnly),
    ...times
  })
)
export interface Fill extends Schema.Schema.Type<typeof Fill> {}

/**
 * V3's batch answer for the client's own settling of a lost batch (core `Placement.batchArray`):
 * one `BatchItem` per order sent, in the order sent, each naming its `clientOid` (the client gives
 * every order one; an item that leaves it out is matched by its place in the array).
 */
export const batchAnswer: Placement.BatchAnswer = {
  read: (data, sent) => {
    const placed: Array<Placement.Placed> = []
    const refused: Array<Placement.Refused> = []
    const items = Array.isArray(data) ? data as ReadonlyArray<BatchItem> : []
    items.forEach((item, i) => {
      const clientOid = item.clientOid ?? (sent[i]?.clientOid as string | undefined)
      if (clientOid === undefined) return
      if (item._tag === "Succeeded") {
        placed.push(item.orderId === undefined ? { clientOid } : { clientOid, orderId: item.orderId })
      } else refused.push({ clientOid, errorMsg: item.msg, errorCode: item.code })
    })
    return { placed, refused }
  },
  make: (placed, refused, orders) => {
    const out: Array<BatchItem> = []
    for (const order of orders) {
      const clientOid = order.clientOid as string
      const ok = placed.find((row) => row.clientOid === clientOid)
      if (ok !== undefined) {
        out.push({ _tag: "Succeeded", clientOid, ...(ok.orderId === undefined ? {} : { orderId: ok.orderId }) })
        continue
      }
      const no = refused.find((row) => row.clientOid === clientOid)
      if (no !== undefined) out.push({ _tag: "Failed", clientOid, code: no.errorCode ?? "", msg: no.errorMsg })
    }
    return out
  }
}
