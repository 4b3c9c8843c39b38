/**
 * Spot trading: placing, cancelling and querying orders, and the account's fills.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YesNo } from "@effect-bitget/core/Flag"
import * as Limit from "@effect-bitget/core/Limit"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { OrderTypeOut, SideOut, TradeScope } from "./Schemas.js"

/** The fee of one fill: a real JSON object here (unlike orders' `feeDetail`). */
export const FillFee = Schema.Struct({
  /** Whether the fee was paid with a deduction coin (BGB). */
  deduction: YesNo,
  feeCoin: Schema.String,
  totalDeductionFee: Absent.optional(Decimal),
  /** Negative: what was paid. */
  totalFee: Decimal
})

/** One fill of one of the account's orders. */
export class Fill extends Schema.Class<Fill>("Fill")({
  userId: Schema.String,
  symbol: Schema.String,
  orderId: Schema.String,
  tradeId: Schema.String,
  orderType: OrderTypeOut,
  side: SideOut,
  priceAvg: Decimal,
  size: Decimal,
  amount: Decimal,
  feeDetail: FillFee,
  tradeScope: TradeScope,
  cTime: Timestamp,
  uTime: Timestamp
}) {}

/**
 * `GET /api/v2/spot/trade/fills`: the account's fills, newest first. At most 100 a page, cursor
 * `idLessThan` = the last `tradeId`; `startTime`–`endTime` at most 90 days. 10/s per UID.
 */
export const Fills = Endpoint.list("/api/v2/spot/trade/fills", {
  name: "spot.trade.fills",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Schema.Struct({
    symbol: Schema.optional(Schema.String),
    orderId: Schema.optional(Schema.String),
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    limit: Schema.optional(Limit.PageSize),
    idLessThan: Schema.optional(Limit.Cursor)
  }),
  data: Schema.Array(Fill),
  pagination: {
    cursor: Pagination.lastRow("tradeId"),
    limit: { param: "limit", max: 100 },
    window: Pagination.window("90 days", "cTime")
  },
  description: "Fills newest first; cursor idLessThan = last tradeId; at most 100 a page; 90-day window. 10/s UID."
})

export const fills = Operation.make(Fills)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [Fills]
