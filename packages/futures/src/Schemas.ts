/**
 * Values the futures (`mix`) endpoints share: product types (and their case rules), sides,
 * modes, order and plan types, and the results of placing, cancelling and batch calls.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Named from "@effect-bitget/core/Named"
import * as Placement from "@effect-bitget/core/Placement"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Option from "effect/Option"
import * as Schema from "effect/Schema"

/** The real product types: USDT-M perpetuals, Coin-M (perpetual and delivery), USDC-M perpetuals. */
export const realProductTypes = ["USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES"] as const

/** The demo product types, upper-case (as the trigger sub-order query wants them). */
export const demoProductTypes = ["SUSDT-FUTURES", "SCOIN-FUTURES", "SUSDC-FUTURES"] as const

/**
 * A product type in a request. The exchange accepts either case; the demo ones are written
 * lower-case in Bitget's examples (`susdt-futures`) and upper-case elsewhere, so both are here.
 */
export const ProductType = Schema.Literal(
  ...realProductTypes,
  ...demoProductTypes,
  "usdt-futures",
  "coin-futures",
  "usdc-futures",
  "susdt-futures",
  "scoin-futures",
  "susdc-futures"
)
export type ProductType = typeof ProductType.Type

/** The contracts query: real product types, and the demo ones in lower case as Bitget documents it. */
export const ContractsProductType = Schema.Literal(
  ...realProductTypes,
  "usdt-futures",
  "coin-futures",
  "usdc-futures",
  "susdt-futures",
  "scoin-futures",
  "susdc-futures"
)
export type ContractsProductType = typeof ContractsProductType.Type

/** The trigger sub-order query: upper case only, demo ones included. */
export const SubOrderProductType = Schema.Literal(...realProductTypes, ...demoProductTypes)
export type SubOrderProductType = typeof SubOrderProductType.Type

/**
 * A margin coin in a request. Bitget's tables say "Margin coin must be capitalized" while its
 * examples send `usdt` (https://www.bitget.com/api-doc/contract/account/Change-Leverage,
 * https://www.bitget.com/api-doc/contract/trade/Batch-Cancel-Orders): any letter case is
 * accepted and the coin is sent upper-case.
 */
export const MarginCoin = Schema.transform(Schema.String, Schema.String, {
  strict: true,
  decode: (wire) => wire,
  encode: (coin) => coin.toUpperCase()
})

export const MarginMode = Spelling.literal("isolated", "crossed")
export type MarginMode = typeof MarginMode.Type

/** `one_way_mode`: one net position per symbol; `hedge_mode`: a long and a short side at once. */
export const PositionMode = Spelling.literal("one_way_mode", "hedge_mode")
export type PositionMode = typeof PositionMode.Type

export const Side = Spelling.literal("buy", "sell")
export type Side = typeof Side.Type

/** Hedge mode only: `open` or `close` the side named by `side` (see `Order.placeOrderIn`). */
export const TradeSide = Spelling.literal("open", "close")
export type TradeSide = typeof TradeSide.Type

export const HoldSide = Spelling.literal("long", "short")
export type HoldSide = typeof HoldSide.Type

export const OrderType = Spelling.literal("limit", "market")
export type OrderType = typeof OrderType.Type

/** Time in force; ignored for market orders. */
export const Force = Spelling.literal("gtc", "ioc", "fok", "post_only")
export type Force = typeof Force.Type

/** Self-trade prevention. */
export const StpMode = Spelling.literal("none", "cancel_taker", "cancel_maker", "cancel_both")

/** `normal_plan`: a trigger order; `track_plan`: a trailing stop (with `callbackRatio`). */
export const PlanType = Spelling.literal("normal_plan", "track_plan")
export type PlanType = typeof PlanType.Type

/** The price a trigger watches. */
export const TriggerType = Spelling.literal("mark_price", "fill_price")

/** The price a preset take-profit or stop-loss of a plan order watches. */
export const TpslTriggerType = Spelling.literal("mark_price", "fill_price", "index_price")

/**
 * A time that may be unset: `""`, `null`, or `-1` (contract `offTime`, `limitOpenTime`) all
 * decode to a missing key.
 */
export const optionalTime = Schema.optionalToOptional(
  Schema.Union(Schema.Literal("", null, "-1", -1, "0", 0), Timestamp) as Schema.Schema<
    "" | null | "-1" | -1 | "0" | 0 | Timestamp,
    "" | null | "-1" | -1 | "0" | 0 | string
  >,
  Schema.typeSchema(Timestamp),
  {
    decode: (value) =>
      Option.filter(
        value,
        (v) => v !== "" && v !== null && v !== "-1" && v !== -1 && v !== "0" && v !== 0
      ) as Option.Option<Timestamp>,
    encode: (value) => value
  }
)
type Timestamp = Schema.Schema.Type<typeof Timestamp>

/** An id that some examples send as a JSON number: always a string in code (core's one schema). */
export { IdString } from "@effect-bitget/core/Id"

/** `{ orderId, clientOid }`: the answer of placing, modifying or cancelling one order. */
export const OrderIds = Schema.Struct({
  /** Missing when a one-way reduce-only order cancelled older ones: look it up by `clientOid`. */
  orderId: Absent.optional(Schema.String),
  clientOid: Absent.optional(Schema.String)
})
export interface OrderIds extends Schema.Schema.Type<typeof OrderIds> {}

/**
 * The answer to placing one order: the `clientOid` it was placed under is always known (core
 * `Placement.clientOid`); `orderId` is missing when a one-way reduce-only order cancelled older
 * ones (look it up by `clientOid`).
 */
export const PlacedOrder = Schema.Struct({
  orderId: Absent.optional(Schema.String),
  clientOid: Placement.clientOid
})
export interface PlacedOrder extends Schema.Schema.Type<typeof PlacedOrder> {}

/** The answer to placing one plan or TP/SL order: its id and the `clientOid` it was placed under. */
export const PlacedPlanOrder = Schema.Struct({
  orderId: Schema.String,
  clientOid: Placement.clientOid
})
export interface PlacedPlanOrder extends Schema.Schema.Type<typeof PlacedPlanOrder> {}

/** One failed item of a batch call: its ids and the exchange's error. */
export const BatchFailure = Schema.Struct({
  orderId: Absent.optional(Schema.String),
  clientOid: Absent.optional(Schema.String),
  errorMsg: Absent.optional(Schema.String),
  errorCode: Absent.optional(Schema.String)
})
export interface BatchFailure extends Schema.Schema.Type<typeof BatchFailure> {}

/** The per-item results of a batch call: a batch succeeds as a whole and reports each item here. */
export const BatchResult = Schema.Struct({
  successList: Schema.Array(Named.as<OrderIds>()(OrderIds)),
  failureList: Schema.Array(Named.as<BatchFailure>()(BatchFailure))
})
export interface BatchResult extends Schema.Schema.Type<typeof BatchResult> {}

/** "orderId or clientOid": one of them identifies the order. */
export const hasOrderRef = (
  request: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }
) =>
  (request.orderId !== undefined && request.orderId !== "") ||
  (request.clientOid !== undefined && request.clientOid !== "") || "orderId or clientOid: one is required"

/** The reference to one order: `orderId` or `clientOid`. */
export const OrderRef = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String)
}).pipe(Schema.filter(hasOrderRef))
