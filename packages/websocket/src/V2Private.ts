/**
 * Classic (V2) private channels on `wss://ws.bitget.com/v2/ws/private`, subscribed after the login
 * (reference §4.3): spot account, orders, fills and plan orders; futures account, positions,
 * position history, orders, plan orders, fills, equity and ADL notices; margin accounts and orders.
 * `orders` pushes nothing on subscribe (only changes): `Orders.spot`/`Orders.futures` add the REST
 * read that makes the stream complete. WS `reduceOnly` is `yes`/`no`, unlike REST.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import * as Channel from "./Channel.js"
import { Symbol } from "./Values.js"

const opt = Absent.optional

/** Futures product types of the private channels. */
export const FuturesType = Schema.Literal("USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES")
export type FuturesType = typeof FuturesType.Type

/** One symbol, or all of them when left out (`instId: "default"`). */
export const SpotSelector = Schema.Struct({ instId: Schema.optional(Symbol) })
export interface SpotSelector extends Schema.Schema.Type<typeof SpotSelector> {}

export const FuturesSelector = Schema.Struct({ instType: FuturesType, instId: Schema.optional(Symbol) })
export interface FuturesSelector extends Schema.Schema.Type<typeof FuturesSelector> {}

export const ProductSelector = Schema.Struct({ instType: FuturesType })
export interface ProductSelector extends Schema.Schema.Type<typeof ProductSelector> {}

const NoSelector = Schema.Struct({})

/**
 * The subscribe arg of a per-instrument private channel: `instType` (fixed, or the selector's),
 * the channel, and `instId`, `"default"` meaning every instrument (reference §4.3).
 */
const instrumentArg =
  (channel: string, instType?: string) =>
  (s: { readonly instType?: string | undefined; readonly instId?: string | undefined }): Channel.WireArg => ({
    instType: instType ?? s.instType ?? "",
    channel,
    instId: s.instId ?? "default"
  })

/** The subscribe arg of an account channel: every coin (`coin: "default"`). */
const accountArg =
  (channel: string, instType?: string) => (s: { readonly instType?: string | undefined }): Channel.WireArg => ({
    instType: instType ?? s.instType ?? "",
    channel,
    coin: "default"
  })

const FeeDetail = Schema.Array(Schema.Struct({
  feeCoin: opt(Schema.String),
  fee: opt(Decimal),
  totalFee: opt(Decimal),
  totalDeductionFee: opt(Decimal)
}))

// ---- spot -------------------------------------------------------------------------------------

export const SpotAccountRow = Schema.Struct({
  coin: Schema.String,
  available: Decimal,
  frozen: opt(Decimal),
  locked: opt(Decimal),
  limitAvailable: opt(Decimal),
  uTime: opt(Timestamp)
})
export interface SpotAccountRow extends Schema.Schema.Type<typeof SpotAccountRow> {}

export const SpotAccount = Channel.v2({
  name: "websocket.v2Private.spotAccount",
  access: "private",
  request: NoSelector,
  arg: accountArg("account", "SPOT"),
  row: SpotAccountRow,
  pushes: "snapshot"
})
/** Spot balances: every coin on subscribe, then each change. */
export const spotAccount = Channel.make(SpotAccount)

/** Order states; spot spells the cancelled one `cancelled`, futures `canceled`. */
export const OrderStatus = OpenEnum("live", "partially_filled", "filled", "cancelled", "canceled")

export const SpotOrderRow = Schema.Struct({
  instId: Schema.String,
  orderId: Schema.String,
  clientOid: opt(Schema.String),
  price: opt(Decimal),
  size: opt(Decimal),
  newSize: opt(Decimal),
  notional: opt(Decimal),
  orderType: OpenEnum("limit", "market"),
  force: opt(OpenEnum("gtc", "post_only", "fok", "ioc")),
  side: OpenEnum("buy", "sell"),
  fillPrice: opt(Decimal),
  tradeId: opt(Schema.String),
  baseVolume: opt(Decimal),
  fillTime: opt(Timestamp),
  fillFee: opt(Decimal),
  fillFeeCoin: opt(Schema.String),
  tradeScope: opt(OpenEnum("T", "M", "taker", "maker")),
  accBaseVolume: opt(Decimal),
  priceAvg: opt(Decimal),
  status: OrderStatus,
  cancelReason: opt(Schema.String),
  stpMode: opt(Schema.String),
  feeDetail: opt(FeeDetail),
  enterPointSource: opt(Schema.String),
  cTime: Timestamp,
  uTime: Timestamp
})
export interface SpotOrderRow extends Schema.Schema.Type<typeof SpotOrderRow> {}

export const SpotOrders = Channel.v2({
  name: "websocket.v2Private.spotOrders",
  access: "private",
  request: SpotSelector,
  arg: instrumentArg("orders", "SPOT"),
  row: SpotOrderRow,
  pushes: "events"
})
/** Spot order changes (none on subscribe); see `Orders.spot` for the stream that loses nothing. */
export const spotOrders = Channel.make(SpotOrders)

export const SpotFillRow = Schema.Struct({
  orderId: Schema.String,
  tradeId: Schema.String,
  symbol: Schema.String,
  orderType: opt(OpenEnum("limit", "market")),
  side: OpenEnum("buy", "sell"),
  priceAvg: Decimal,
  size: Decimal,
  amount: opt(Decimal),
  tradeScope: opt(OpenEnum("taker", "maker")),
  feeDetail: opt(FeeDetail),
  cTime: Timestamp,
  uTime: opt(Timestamp)
})
export interface SpotFillRow extends Schema.Schema.Type<typeof SpotFillRow> {}

export const SpotFill = Channel.v2({
  name: "websocket.v2Private.spotFill",
  access: "private",
  request: SpotSelector,
  arg: instrumentArg("fill", "SPOT"),
  row: SpotFillRow,
  pushes: "events"
})
/** Spot fills, as they happen. */
export const spotFill = Channel.make(SpotFill)

export const PlanOrderRow = Schema.Struct({
  instId: Schema.String,
  orderId: Schema.String,
  clientOid: opt(Schema.String),
  triggerPrice: opt(Decimal),
  triggerType: opt(OpenEnum("fill_price", "mark_price")),
  planType: opt(Schema.String),
  price: opt(Decimal),
  size: opt(Decimal),
  actualSize: opt(Decimal),
  orderType: opt(OpenEnum("limit", "market")),
  side: opt(OpenEnum("buy", "sell")),
  posSide: opt(Schema.String),
  tradeSide: opt(Schema.String),
  status: OpenEnum("live", "executed", "fail_execute", "cancelled", "executing", "not_trigger", "triggered"),
  executePrice: opt(Decimal),
  cTime: opt(Timestamp),
  uTime: opt(Timestamp)
})
export interface PlanOrderRow extends Schema.Schema.Type<typeof PlanOrderRow> {}

export const SpotPlanOrders = Channel.v2({
  name: "websocket.v2Private.spotPlanOrders",
  access: "private",
  request: SpotSelector,
  arg: instrumentArg("orders-algo", "SPOT"),
  row: PlanOrderRow,
  pushes: "events"
})
/** Spot plan (trigger) order changes. */
export const spotPlanOrders = Channel.make(SpotPlanOrders)

// ---- futures ----------------------------------------------------------------------------------

export const FuturesAccountRow = Schema.Struct({
  marginCoin: Schema.String,
  frozen: opt(Decimal),
  available: Decimal,
  maxOpenPosAvailable: opt(Decimal),
  maxTransferOut: opt(Decimal),
  equity: opt(Decimal),
  usdtEquity: opt(Decimal),
  crossedRiskRate: opt(Decimal),
  unrealizedPL: opt(Decimal)
})
export interface FuturesAccountRow extends Schema.Schema.Type<typeof FuturesAccountRow> {}

export const FuturesAccount = Channel.v2({
  name: "websocket.v2Private.futuresAccount",
  access: "private",
  request: ProductSelector,
  arg: accountArg("account"),
  row: FuturesAccountRow,
  pushes: "snapshot"
})
/** Futures margin balances of a product type: a snapshot, then each change. */
export const futuresAccount = Channel.make(FuturesAccount)

export const PositionRow = Schema.Struct({
  posId: Schema.String,
  instId: Schema.String,
  marginCoin: opt(Schema.String),
  marginSize: opt(Decimal),
  marginMode: opt(OpenEnum("crossed", "isolated")),
  holdSide: OpenEnum("long", "short", "net"),
  posMode: opt(OpenEnum("one_way_mode", "hedge_mode")),
  total: Decimal,
  available: opt(Decimal),
  frozen: opt(Decimal),
  openPriceAvg: opt(Decimal),
  leverage: opt(Decimal),
  achievedProfits: opt(Decimal),
  unrealizedPL: opt(Decimal),
  unrealizedPLR: opt(Decimal),
  liquidationPrice: opt(Decimal),
  keepMarginRate: opt(Decimal),
  marginRate: opt(Decimal),
  markPrice: opt(Decimal),
  breakEvenPrice: opt(Decimal),
  /** Funding fees accumulated over the position; absent until one is settled (Bitget sends ""). */
  totalFee: opt(Decimal),
  /** Trading fees paid over the position, positive (not `totalFee`, which is funding). */
  deductedFee: opt(Decimal),
  assetMode: opt(OpenEnum("single", "union")),
  autoMargin: opt(OpenEnum("on", "off")),
  cTime: opt(Timestamp),
  uTime: opt(Timestamp)
})
export interface PositionRow extends Schema.Schema.Type<typeof PositionRow> {}

export const Positions = Channel.v2({
  name: "websocket.v2Private.positions",
  access: "private",
  request: ProductSelector,
  arg: instrumentArg("positions"),
  row: PositionRow,
  pushes: "snapshot"
})
/** Open positions of a product type: all of them on subscribe, then each change. */
export const positions = Channel.make(Positions)

export const PositionHistoryRow = Schema.Struct({
  posId: Schema.String,
  instId: Schema.String,
  marginCoin: opt(Schema.String),
  marginMode: opt(OpenEnum("crossed", "isolated")),
  holdSide: opt(OpenEnum("long", "short", "net")),
  posMode: opt(OpenEnum("one_way_mode", "hedge_mode")),
  openPriceAvg: opt(Decimal),
  closePriceAvg: opt(Decimal),
  openSize: opt(Decimal),
  closeSize: opt(Decimal),
  achievedProfits: opt(Decimal),
  settleFee: opt(Decimal),
  openFee: opt(Decimal),
  closeFee: opt(Decimal),
  cTime: opt(Timestamp),
  uTime: opt(Timestamp)
})
export interface PositionHistoryRow extends Schema.Schema.Type<typeof PositionHistoryRow> {}

export const PositionsHistory = Channel.v2({
  name: "websocket.v2Private.positionsHistory",
  access: "private",
  request: ProductSelector,
  arg: instrumentArg("positions-history"),
  row: PositionHistoryRow,
  pushes: "events"
})
/** Positions when fully closed. */
export const positionsHistory = Channel.make(PositionsHistory)

export const FuturesOrderRow = Schema.Struct({
  instId: Schema.String,
  orderId: Schema.String,
  clientOid: opt(Schema.String),
  price: opt(Decimal),
  size: Decimal,
  orderType: OpenEnum("limit", "market"),
  force: opt(OpenEnum("gtc", "post_only", "fok", "ioc")),
  side: OpenEnum("buy", "sell"),
  posSide: opt(OpenEnum("long", "short", "net")),
  tradeSide: opt(Schema.String),
  marginMode: opt(OpenEnum("crossed", "isolated")),
  marginCoin: opt(Schema.String),
  status: OrderStatus,
  fillPrice: opt(Decimal),
  tradeId: opt(Schema.String),
  baseVolume: opt(Decimal),
  fillTime: opt(Timestamp),
  fillFee: opt(Decimal),
  fillFeeCoin: opt(Schema.String),
  tradeScope: opt(OpenEnum("T", "M", "taker", "maker")),
  accBaseVolume: opt(Decimal),
  priceAvg: opt(Decimal),
  cancelReason: opt(Schema.String),
  feeDetail: opt(FeeDetail),
  leverage: opt(Decimal),
  /** `yes`/`no` on the socket (REST says `YES`/`NO`). */
  reduceOnly: opt(OpenEnum("yes", "no")),
  stpMode: opt(Schema.String),
  presetStopSurplusPrice: opt(Decimal),
  presetStopLossPrice: opt(Decimal),
  cTime: Timestamp,
  uTime: Timestamp
})
export interface FuturesOrderRow extends Schema.Schema.Type<typeof FuturesOrderRow> {}

export const FuturesOrders = Channel.v2({
  name: "websocket.v2Private.futuresOrders",
  access: "private",
  request: FuturesSelector,
  arg: instrumentArg("orders"),
  row: FuturesOrderRow,
  pushes: "events"
})
/** Futures order changes (created, filled, cancelled); see `Orders.futures`. */
export const futuresOrders = Channel.make(FuturesOrders)

export const FuturesPlanOrders = Channel.v2({
  name: "websocket.v2Private.futuresPlanOrders",
  access: "private",
  request: FuturesSelector,
  arg: instrumentArg("orders-algo"),
  row: PlanOrderRow,
  pushes: "events"
})
/** Futures plan orders (trigger, TP/SL, trailing): opened, cancelled, modified, triggered. WS plan types are short codes (`pl`, `tp`, `sl` …). */
export const futuresPlanOrders = Channel.make(FuturesPlanOrders)

export const FuturesFillRow = Schema.Struct({
  orderId: Schema.String,
  tradeId: Schema.String,
  symbol: Schema.String,
  clientOid: opt(Schema.String),
  side: OpenEnum("buy", "sell"),
  orderType: opt(OpenEnum("limit", "market")),
  posMode: opt(OpenEnum("one_way_mode", "hedge_mode")),
  price: Decimal,
  baseVolume: Decimal,
  quoteVolume: opt(Decimal),
  profit: opt(Decimal),
  tradeSide: opt(Schema.String),
  tradeScope: opt(OpenEnum("taker", "maker")),
  feeDetail: opt(FeeDetail),
  cTime: Timestamp,
  uTime: opt(Timestamp)
})
export interface FuturesFillRow extends Schema.Schema.Type<typeof FuturesFillRow> {}

export const FuturesFill = Channel.v2({
  name: "websocket.v2Private.futuresFill",
  access: "private",
  request: FuturesSelector,
  arg: instrumentArg("fill"),
  row: FuturesFillRow,
  pushes: "events"
})
/** Futures fills (`clientOid` since 2025-04-30). */
export const futuresFill = Channel.make(FuturesFill)

export const EquityRow = Schema.Struct({
  marginCoin: opt(Schema.String),
  equity: opt(Decimal),
  usdtEquity: opt(Decimal),
  btcEquity: opt(Decimal),
  unrealizedPL: opt(Decimal),
  available: opt(Decimal),
  ts: opt(Timestamp)
})
export interface EquityRow extends Schema.Schema.Type<typeof EquityRow> {}

export const Equity = Channel.v2({
  name: "websocket.v2Private.equity",
  access: "private",
  request: ProductSelector,
  // instType and channel only (changelog 2025-11-08).
  arg: (s: ProductSelector) => ({ instType: s.instType, channel: "equity" }),
  row: EquityRow,
  pushes: "events"
})
/** Equity changes after a transfer or a fill. */
export const equity = Channel.make(Equity)

export const AdlRow = Schema.Struct({
  symbol: opt(Schema.String),
  instId: opt(Schema.String),
  holdSide: opt(OpenEnum("long", "short", "net")),
  size: opt(Decimal),
  price: opt(Decimal),
  adlRank: opt(Schema.String),
  ts: opt(Timestamp),
  cTime: opt(Timestamp)
})
export interface AdlRow extends Schema.Schema.Type<typeof AdlRow> {}

export const AdlNotice = Channel.v2({
  name: "websocket.v2Private.adlNotice",
  access: "private",
  request: ProductSelector,
  arg: instrumentArg("adl-noti"),
  row: AdlRow,
  pushes: "events"
})
/** Auto-deleveraging notices (changelog 2025-11-26). */
export const adlNotice = Channel.make(AdlNotice)

// ---- margin -----------------------------------------------------------------------------------

export const MarginAccountRow = Schema.Struct({
  coin: Schema.String,
  symbol: opt(Schema.String),
  available: Decimal,
  frozen: opt(Decimal),
  borrow: opt(Decimal),
  interest: opt(Decimal),
  totalAmount: opt(Decimal),
  coupon: opt(Decimal),
  uTime: opt(Timestamp)
})
export interface MarginAccountRow extends Schema.Schema.Type<typeof MarginAccountRow> {}

const marginAccount = (mode: "crossed" | "isolated") =>
  Channel.v2({
    name: `websocket.v2Private.marginAccount${mode === "crossed" ? "Crossed" : "Isolated"}`,
    access: "private",
    request: NoSelector,
    arg: accountArg(`account-${mode}`, "MARGIN"),
    row: MarginAccountRow,
    pushes: "snapshot"
  })

export const MarginAccountCrossed = marginAccount("crossed")
/** Cross margin balances and debts. */
export const marginAccountCrossed = Channel.make(MarginAccountCrossed)
export const MarginAccountIsolated = marginAccount("isolated")
/** Isolated margin balances and debts, per symbol. */
export const marginAccountIsolated = Channel.make(MarginAccountIsolated)

export const MarginOrderRow = Schema.Struct({
  symbol: opt(Schema.String),
  instId: opt(Schema.String),
  orderId: Schema.String,
  clientOid: opt(Schema.String),
  price: opt(Decimal),
  size: opt(Decimal),
  notional: opt(Decimal),
  orderType: OpenEnum("limit", "market"),
  force: opt(OpenEnum("gtc", "post_only", "fok", "ioc")),
  side: OpenEnum("buy", "sell"),
  loanType: opt(Schema.String),
  fillPrice: opt(Decimal),
  baseVolume: opt(Decimal),
  fillTime: opt(Timestamp),
  fillFee: opt(Decimal),
  fillFeeCoin: opt(Schema.String),
  accBaseVolume: opt(Decimal),
  priceAvg: opt(Decimal),
  status: OrderStatus,
  cTime: Timestamp,
  uTime: opt(Timestamp)
})
export interface MarginOrderRow extends Schema.Schema.Type<typeof MarginOrderRow> {}

const MarginSelector = Schema.Struct({ instId: Symbol })

const marginOrders = (mode: "crossed" | "isolated") =>
  Channel.v2({
    name: `websocket.v2Private.marginOrders${mode === "crossed" ? "Crossed" : "Isolated"}`,
    access: "private",
    request: MarginSelector,
    arg: instrumentArg(`orders-${mode}`, "MARGIN"),
    row: MarginOrderRow,
    pushes: "events"
  })

export const MarginOrdersCrossed = marginOrders("crossed")
/** Cross margin order changes of one symbol (`uTime` since 2025-05-08). */
export const marginOrdersCrossed = Channel.make(MarginOrdersCrossed)
export const MarginOrdersIsolated = marginOrders("isolated")
/** Isolated margin order changes of one symbol. */
export const marginOrdersIsolated = Channel.make(MarginOrdersIsolated)
