/**
 * Cancel-and-replace: an open limit order is cancelled and a new limit order of the same symbol
 * and side placed at a new price and size, in one request (or up to 50 in a batch).
 *
 * The exchange does it atomically with one documented exception: "If newClientOid results in
 * idempotency duplication, it may cause the old order to be successfully canceled but the new
 * order placement to fail" (https://www.bitget.com/api-doc/spot/trade/Cancel-Replace-Order). The
 * outcome is in the answer (`success`: `success` or `failure`, with `msg`), not an error.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Schema from "effect/Schema"
import { ClientOid, hasId } from "./Schemas.js"

// The fields of https://www.bitget.com/api-doc/spot/trade/Cancel-Replace-Order (and of each item of
// Batch-Cancel-Replace-Order): symbol, price and size required; orderId or clientOid names the order
// to cancel (one required); the preset TP/SL of the new order.
const replaceFields = {
  symbol: Schema.String,
  /** The new order's limit price. */
  price: PositiveDecimalInput,
  /** The new order's size, in base coin. */
  size: PositiveDecimalInput,
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  newClientOid: Schema.optional(ClientOid),
  presetTakeProfitPrice: Schema.optional(PositiveDecimalInput),
  executeTakeProfitPrice: Schema.optional(PositiveDecimalInput),
  presetStopLossPrice: Schema.optional(PositiveDecimalInput),
  executeStopLossPrice: Schema.optional(PositiveDecimalInput)
}

export const CancelReplaceOrderRequest = Schema.Struct(replaceFields).pipe(Schema.filter(hasId))
export interface CancelReplaceOrderRequest extends Schema.Schema.Type<typeof CancelReplaceOrderRequest> {}

/** The outcome of one replace: the new order's ids on success, the named order's on failure. */
export const ReplaceResult = Schema.Struct({
  orderId: Absent.optional(Schema.String),
  clientOid: Absent.optional(Schema.String),
  success: OpenEnum("success", "failure"),
  msg: Absent.optional(Schema.String)
})
export interface ReplaceResult extends Schema.Schema.Type<typeof ReplaceResult> {}

export const CancelReplaceOrder = Endpoint.post("/api/v2/spot/trade/cancel-replace-order", {
  name: "spot.cancelReplace.cancelReplaceOrder",
  signed: true,
  // "Rate limit: 5 requests/second/UID" (the Cancel-Replace-Order page above).
  rateLimit: RateLimit.uid(5),
  // 43001: the named order is not open (../shared/reference/error-codes.tsv).
  errors: ["OrderNotFound"],
  request: Named.as<CancelReplaceOrderRequest>()(CancelReplaceOrderRequest),
  data: Named.as<ReplaceResult>()(ReplaceResult)
})
/**
 * `POST /api/v2/spot/trade/cancel-replace-order`: cancels the open order named by `orderId` or
 * `clientOid` (one required, checked locally) and places a limit order of the same symbol and side
 * at `price` for `size`; an order that is not open fails with `OrderNotFound`. A refused new order leaves the original open (`success: "failure"`), except
 * when `newClientOid` is a duplicate: then, as Bitget warns, the original is cancelled all the same.
 * Beyond the specification's list (https://www.bitget.com/api-doc/spot/trade/Cancel-Replace-Order).
 * 5/s per UID.
 */
export const cancelReplaceOrder = Operation.make(CancelReplaceOrder)

export const BatchCancelReplaceOrderRequest = Schema.Struct({
  orderList: Schema.Array(CancelReplaceOrderRequest).pipe(Schema.minItems(1), Schema.maxItems(50))
})
export interface BatchCancelReplaceOrderRequest extends Schema.Schema.Type<typeof BatchCancelReplaceOrderRequest> {}

export const BatchCancelReplaceOrder = Endpoint.post("/api/v2/spot/trade/batch-cancel-replace-order", {
  name: "spot.cancelReplace.batchCancelReplaceOrder",
  signed: true,
  // "Rate limit: 5 requests/second/UID"; "orderList … maximum length: 50"
  // (https://www.bitget.com/api-doc/spot/trade/Batch-Cancel-Replace-Order).
  rateLimit: RateLimit.uid(5),
  request: Named.as<BatchCancelReplaceOrderRequest>()(BatchCancelReplaceOrderRequest),
  data: Schema.Array(Named.as<ReplaceResult>()(ReplaceResult))
})
/**
 * `POST /api/v2/spot/trade/batch-cancel-replace-order`: up to 50 cancel-and-replaces (at least
 * one; each names its order by `orderId` or `clientOid`), each succeeding or failing on its own as
 * `cancelReplaceOrder` does; one result per item, in order. Beyond the specification's list
 * (https://www.bitget.com/api-doc/spot/trade/Batch-Cancel-Replace-Order). 5/s per UID.
 */
export const batchCancelReplaceOrder = Operation.make(BatchCancelReplaceOrder)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [CancelReplaceOrder, BatchCancelReplaceOrder]
