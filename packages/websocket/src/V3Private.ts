/**
 * Unified-account (V3) private channels on `wss://ws.bitget.com/v3/ws/private`, subscribed after
 * the login with `instType: "UTA"` and no symbol (reference §4.4): account, position, order, fill,
 * fast-fill (no initial push), strategy orders and ADL notices. Every row names its `category`.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import * as Channel from "./Channel.js"

const opt = Absent.optional

const NoSelector = Schema.Struct({})

const uta = (topic: string) => () => ({ instType: "UTA", topic })

export const Category = OpenEnum("spot", "margin", "usdt-futures", "coin-futures", "usdc-futures")

const FeeDetail = Schema.Array(Schema.Struct({ feeCoin: opt(Schema.String), fee: opt(Decimal) }))

export const CoinRow = Schema.Struct({
  coin: Schema.String,
  equity: opt(Decimal),
  usdValue: opt(Decimal),
  balance: opt(Decimal),
  available: opt(Decimal),
  locked: opt(Decimal),
  /** Pushed as `debts` (Bitget's account-channel page); `debt` kept for older shapes. */
  debts: opt(Decimal),
  debt: opt(Decimal),
  borrow: opt(Decimal),
  unrealisedPnl: opt(Decimal)
})
export interface CoinRow extends Schema.Schema.Type<typeof CoinRow> {}

export const AccountRow = Schema.Struct({
  totalEquity: opt(Decimal),
  effEquity: opt(Decimal),
  /** Pushed as `unrealisedPnL` (capital L, Bitget's account-channel page); `unrealisedPnl` kept for older shapes. */
  unrealisedPnL: opt(Decimal),
  unrealisedPnl: opt(Decimal),
  mmr: opt(Decimal),
  imr: opt(Decimal),
  mgnRatio: opt(Decimal),
  positionMgnRatio: opt(Decimal),
  coin: opt(Schema.Array(CoinRow)),
  uTime: opt(Timestamp)
})
export interface AccountRow extends Schema.Schema.Type<typeof AccountRow> {}

export const Account = Channel.v3({
  name: "websocket.v3Private.account",
  access: "private",
  request: NoSelector,
  arg: uta("account"),
  row: AccountRow,
  pushes: "snapshot"
})
/** The unified account: equity, margin ratios and each coin's balance. */
export const account = Channel.make(Account)

/**
 * One position side. The channel names no `category` (Bitget's position-channel page, go-bitget);
 * a closed position is pushed once with `size` 0 and `positionStatus` `ended`.
 */
export const PositionRow = Schema.Struct({
  symbol: Schema.String,
  category: opt(Category),
  marginCoin: opt(Schema.String),
  marginSize: opt(Decimal),
  posSide: opt(OpenEnum("long", "short", "net")),
  holdMode: opt(Schema.String),
  marginMode: opt(OpenEnum("crossed", "isolated")),
  positionStatus: opt(OpenEnum("opening", "ended")),
  size: opt(Decimal),
  total: opt(Decimal),
  available: opt(Decimal),
  frozen: opt(Decimal),
  avgPrice: opt(Decimal),
  openPriceAvg: opt(Decimal),
  markPrice: opt(Decimal),
  leverage: opt(Decimal),
  unrealisedPnl: opt(Decimal),
  curRealisedPnl: opt(Decimal),
  liqPrice: opt(Decimal),
  mmr: opt(Decimal),
  breakEvenPrice: opt(Decimal),
  profitRate: opt(Decimal),
  openFeeTotal: opt(Decimal),
  closeFeeTotal: opt(Decimal),
  totalFundingFee: opt(Decimal),
  createdTime: opt(Timestamp),
  updatedTime: opt(Timestamp)
})
export interface PositionRow extends Schema.Schema.Type<typeof PositionRow> {}

export const Position = Channel.v3({
  name: "websocket.v3Private.position",
  access: "private",
  request: NoSelector,
  arg: uta("position"),
  row: PositionRow,
  pushes: "snapshot"
})
/** Open positions: all on subscribe, then each change. */
export const position = Channel.make(Position)

export const OrderStatus = OpenEnum("new", "live", "partially_filled", "filled", "cancelled", "canceled")

export const OrderRow = Schema.Struct({
  orderId: Schema.String,
  clientOid: opt(Schema.String),
  category: Category,
  symbol: Schema.String,
  orderType: OpenEnum("limit", "market"),
  side: OpenEnum("buy", "sell"),
  price: opt(Decimal),
  qty: opt(Decimal),
  amount: opt(Decimal),
  cumExecQty: opt(Decimal),
  cumExecValue: opt(Decimal),
  avgPrice: opt(Decimal),
  timeInForce: opt(OpenEnum("gtc", "ioc", "fok", "post_only", "rpi")),
  orderStatus: OrderStatus,
  posSide: opt(OpenEnum("long", "short")),
  /** The channel's name for the position side. */
  holdSide: opt(OpenEnum("long", "short")),
  holdMode: opt(Schema.String),
  tradeSide: opt(Schema.String),
  delegateType: opt(Schema.String),
  marginCoin: opt(Schema.String),
  leverage: opt(Decimal),
  totalProfit: opt(Decimal),
  reduceOnly: opt(OpenEnum("yes", "no")),
  stpMode: opt(Schema.String),
  cancelReason: opt(Schema.String),
  feeDetail: opt(FeeDetail),
  createdTime: Timestamp,
  updatedTime: Timestamp
})
export interface OrderRow extends Schema.Schema.Type<typeof OrderRow> {}

export const Order = Channel.v3({
  name: "websocket.v3Private.order",
  access: "private",
  request: NoSelector,
  arg: uta("order"),
  row: OrderRow,
  pushes: "events"
})
/** Order changes of every category. */
export const order = Channel.make(Order)

export const FillRow = Schema.Struct({
  orderId: Schema.String,
  clientOid: opt(Schema.String),
  execId: Schema.String,
  category: Category,
  symbol: Schema.String,
  side: OpenEnum("buy", "sell"),
  orderType: opt(OpenEnum("limit", "market")),
  execPrice: Decimal,
  execQty: Decimal,
  execValue: opt(Decimal),
  execPnl: opt(Decimal),
  tradeScope: opt(OpenEnum("taker", "maker")),
  feeDetail: opt(FeeDetail),
  holdSide: opt(OpenEnum("long", "short")),
  tradeSide: opt(Schema.String),
  execLinkId: opt(Schema.String),
  /** The fill's time; the channel sends `execTime` (no `createdTime`). */
  execTime: opt(Timestamp),
  createdTime: opt(Timestamp),
  updatedTime: opt(Timestamp)
})
export interface FillRow extends Schema.Schema.Type<typeof FillRow> {}

export const Fill = Channel.v3({
  name: "websocket.v3Private.fill",
  access: "private",
  request: NoSelector,
  arg: uta("fill"),
  row: FillRow,
  pushes: "events"
})
/** Fills of every category. */
export const fill = Channel.make(Fill)

export const FastFillRow = Schema.Struct({
  orderId: Schema.String,
  clientOid: opt(Schema.String),
  execId: opt(Schema.String),
  category: opt(Category),
  symbol: Schema.String,
  side: OpenEnum("buy", "sell"),
  execPrice: Decimal,
  execQty: Decimal,
  holdSide: opt(OpenEnum("long", "short")),
  tradeScope: opt(OpenEnum("taker", "maker")),
  execTime: opt(Timestamp),
  createdTime: opt(Timestamp),
  updatedTime: opt(Timestamp)
})
export interface FastFillRow extends Schema.Schema.Type<typeof FastFillRow> {}

export const FastFill = Channel.v3({
  name: "websocket.v3Private.fastFill",
  access: "private",
  request: NoSelector,
  arg: uta("fast-fill"),
  row: FastFillRow,
  pushes: "events"
})
/** Fills with fewer fields, sooner; nothing on subscribe. Its `data` is one object, not an array: it arrives as one row. */
export const fastFill = Channel.make(FastFill)

export const StrategyOrderRow = Schema.Struct({
  orderId: Schema.String,
  clientOid: opt(Schema.String),
  category: opt(Category),
  symbol: Schema.String,
  type: opt(Schema.String),
  side: opt(OpenEnum("buy", "sell")),
  triggerPrice: opt(Decimal),
  price: opt(Decimal),
  qty: opt(Decimal),
  status: opt(Schema.String),
  createdTime: opt(Timestamp),
  updatedTime: opt(Timestamp)
})
export interface StrategyOrderRow extends Schema.Schema.Type<typeof StrategyOrderRow> {}

export const StrategyOrder = Channel.v3({
  name: "websocket.v3Private.strategyOrder",
  access: "private",
  request: NoSelector,
  arg: uta("strategy-order"),
  row: StrategyOrderRow,
  pushes: "events"
})
/** Strategy (trigger, TP/SL) order changes. */
export const strategyOrder = Channel.make(StrategyOrder)

export const AdlRow = Schema.Struct({
  symbol: opt(Schema.String),
  category: opt(Category),
  posSide: opt(OpenEnum("long", "short")),
  qty: opt(Decimal),
  price: opt(Decimal),
  ts: opt(Timestamp)
})
export interface AdlRow extends Schema.Schema.Type<typeof AdlRow> {}

export const AdlNotification = Channel.v3({
  name: "websocket.v3Private.adlNotification",
  access: "private",
  request: NoSelector,
  arg: uta("adl-notification"),
  row: AdlRow,
  pushes: "events"
})
/** Auto-deleveraging notices. */
export const adlNotification = Channel.make(AdlNotification)
