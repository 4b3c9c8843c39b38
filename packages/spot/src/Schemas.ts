/**
 * Spot values shared by several modules: sides, order types, time in force, order states and
 * the self-trade prevention modes, as closed literals for requests and open enums for answers.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Placement from "@effect-bitget/core/Placement"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"
import { Id } from "./internal/values.js"

/** `buy` or `sell`. */
export const Side = Spelling.literal("buy", "sell")
export const SideOut = OpenEnum("buy", "sell")

/** `limit` or `market`. */
export const OrderType = Spelling.literal("limit", "market")
export const OrderTypeOut = OpenEnum("limit", "market")

/** Time in force. Ignored by the exchange for market orders. */
export const Force = Spelling.literal("gtc", "post_only", "fok", "ioc")
export const ForceOut = OpenEnum("gtc", "post_only", "fok", "ioc")

/** `normal` orders or `tpsl` (take-profit / stop-loss) orders. */
export const TpslType = Spelling.literal("normal", "tpsl")
export const TpslTypeOut = OpenEnum("normal", "tpsl")

/** Self-trade prevention. */
export const StpMode = Spelling.literal("none", "cancel_taker", "cancel_maker", "cancel_both")
export const StpModeOut = OpenEnum("none", "cancel_taker", "cancel_maker", "cancel_both")

/** An order's state; older answers also say `init`, `new` and `full_fill`. */
export const OrderStatus = OpenEnum("live", "partially_filled", "filled", "cancelled", "init", "new", "full_fill")

/** Where an order came from (`WEB`, `API`, `SYS`, `ANDROID`, `IOS`, …). */
export const Source = OpenEnum("WEB", "API", "SYS", "ANDROID", "IOS")

/** Maker or taker side of a fill. */
export const TradeScope = OpenEnum("taker", "maker")

/** Account types of the spot wallet's transfers. */
export const AccountType = Schema.Literal(
  "spot",
  "p2p",
  "coin_futures",
  "usdt_futures",
  "usdc_futures",
  "crossed_margin",
  "isolated_margin"
)
export const AccountTypeOut = OpenEnum(...AccountType.literals)

/** `single` (one symbol for the batch) or `multiple` (a symbol per order). */
export const BatchMode = Spelling.literal("single", "multiple")

/**
 * A client order id: letters, digits and `-+_#`, at most 50 characters (Bitget's FAQ;
 * shared/reference/bitget-endpoint-shapes.md, spot place-order). Generated ones (32 hex digits,
 * `Placement.newClientOid`) fit.
 */
export const ClientOid = Schema.String.pipe(
  Schema.pattern(/^[0-9A-Za-z\-+_#]{1,50}$/, {
    message: () => "clientOid: 1 to 50 of letters, digits and -+_#"
  })
)

/** A request that names an order by `orderId` or `clientOid` needs one of them. */
export const hasId = (request: { readonly orderId?: string | undefined; readonly clientOid?: string | undefined }) =>
  (request.orderId !== undefined && request.orderId !== "") ||
  (request.clientOid !== undefined && request.clientOid !== "") ||
  "orderId or clientOid: one is required"

/** The answer to placing or cancelling one order. */
export const OrderResult = Schema.Struct({
  orderId: Absent.optional(Schema.String),
  clientOid: Absent.optional(Schema.String)
})
export interface OrderResult extends Schema.Schema.Type<typeof OrderResult> {}

/**
 * The answer to placing one order: Bitget always sends the new order's id, and the `clientOid`
 * it was placed under is always known (core `Placement.clientOid`).
 */
export const PlacedOrder = Schema.Struct({
  orderId: Schema.String,
  clientOid: Placement.clientOid
})
export interface PlacedOrder extends Schema.Schema.Type<typeof PlacedOrder> {}

/** One order of a batch that went through. */
export const BatchSuccess = Schema.Struct({
  orderId: Absent.optional(Schema.String),
  clientOid: Absent.optional(Schema.String)
})
export interface BatchSuccess extends Schema.Schema.Type<typeof BatchSuccess> {}

/** One order of a batch that failed, with the exchange's reason. */
export const BatchFailure = Schema.Struct({
  orderId: Absent.optional(Schema.String),
  clientOid: Absent.optional(Schema.String),
  errorMsg: Schema.String,
  /** A string or a JSON number on the wire. */
  errorCode: Absent.optional(Id)
})
export interface BatchFailure extends Schema.Schema.Type<typeof BatchFailure> {}

/** A batch's outcome: each item succeeds or fails on its own; a failure is a value, not an error. */
export const BatchResult = Schema.Struct({
  successList: Schema.Array(Named.as<BatchSuccess>()(BatchSuccess)),
  failureList: Schema.Array(Named.as<BatchFailure>()(BatchFailure))
})
export interface BatchResult extends Schema.Schema.Type<typeof BatchResult> {}

/** A `DateTime` from epoch milliseconds, for request times. */
export const time = (ms: number): DateTime.Utc => DateTime.unsafeMake(ms)
