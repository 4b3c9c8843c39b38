/**
 * Changing a take-profit / stop-loss plan in place: the trigger, its execution price, its size and
 * (trailing TP/SL) its callback range. The plan keeps its id; the next trigger uses the new terms.
 */
import { DecimalInput, PositiveDecimalInput, toBigDecimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as BigDecimal from "effect/BigDecimal"
import * as Schema from "effect/Schema"
import { hasOrderRef, MarginCoin, OrderIds, ProductType, TriggerType } from "./Schemas.js"

/** `executePrice`: `0` means market, so zero is allowed; a negative price is not. */
const ExecutePrice = DecimalInput.pipe(
  Schema.filter((input) => !BigDecimal.isNegative(toBigDecimal(input)) || "executePrice: must be zero or more")
)

// https://www.bitget.com/api-doc/contract/plan/Modify-Tpsl-Order: orderId or clientOid, marginCoin,
// productType, symbol, triggerPrice and size required ("For the position take profit and position
// stop loss orders, the size should be \"size\":\"\"" — leave it out here: the whole position is
// closed), executePrice 0 / absent = market, rangeRate the callback range of a moving_plan.
export const ModifyTpslOrderRequest = Schema.Struct({
  orderId: Schema.optional(Schema.String),
  clientOid: Schema.optional(Schema.String),
  marginCoin: MarginCoin,
  productType: ProductType,
  symbol: Schema.String,
  triggerPrice: PositiveDecimalInput,
  triggerType: Schema.optional(TriggerType),
  executePrice: Schema.optional(ExecutePrice),
  /** In base coin; left out for `pos_profit` / `pos_loss` (they close the whole position). */
  size: Schema.optional(PositiveDecimalInput),
  /** The callback range (percent) of a `moving_plan`. */
  rangeRate: Schema.optional(PositiveDecimalInput)
}).pipe(Schema.filter(hasOrderRef))
export interface ModifyTpslOrderRequest extends Schema.Schema.Type<typeof ModifyTpslOrderRequest> {}

export const ModifyTpslOrder = Endpoint.post("/api/v2/mix/order/modify-tpsl-order", {
  name: "futures.tpslOrder.modifyTpslOrder",
  signed: true,
  // "Speed limit is 10 times/s (UID)" (Modify-Tpsl-Order page above).
  rateLimit: RateLimit.uid(10),
  // 40768 (../shared/reference/error-codes.tsv)
  errors: ["OrderNotFound"],
  request: Named.as<ModifyTpslOrderRequest>()(ModifyTpslOrderRequest),
  data: Named.as<OrderIds>()(OrderIds)
})
/**
 * `POST /api/v2/mix/order/modify-tpsl-order`: new trigger price (and trigger type), execution price
 * (`0` or left out: market), size or callback range of a pending take-profit / stop-loss plan
 * (`orderId` or `clientOid`, one required, checked locally). The plan keeps its id and the next
 * trigger uses the new terms. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/plan/Modify-Tpsl-Order). 10/s per UID.
 */
export const modifyTpslOrder = Operation.make(ModifyTpslOrder)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [ModifyTpslOrder]
