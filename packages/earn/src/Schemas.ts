/** What the earn modules share: the page rules of their lists and the answers of their writes. */
import * as Absent from "@effect-bitget/core/Absent"
import * as Limit from "@effect-bitget/core/Limit"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Schema from "effect/Schema"

/**
 * The earn pages print no rate limit of their own for most reads and writes: 10 requests a second
 * per UID, the default of private endpoints (../shared/reference/README.md).
 */
export const limit = RateLimit.uid(10)

/** The earn lists' page size: "Default: 20, maximum: 100" (the savings and shark-fin record pages). */
export const PAGE = { param: "limit", max: 100, source: "https://www.bitget.com/api-doc/earn/savings/Savings-Records" }

/** A cursor walk: `idLessThan` ← the answer's `endId`, rows identified by `id`. */
export const endIdPages = <const L extends string>(list: L, id: string) => ({
  list,
  cursor: Pagination.dataField("endId", id),
  limit: PAGE
})

/** The request fields of a cursor list. */
export const cursorQuery = {
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize),
  idLessThan: Schema.optional(Limit.Cursor)
}

/** Savings terms: flexible (redeem any time) or fixed (a period). */
export const PeriodType = Schema.Literal("flexible", "fixed")

/** The answer of a subscription or redemption: its order and status. */
export const OrderStatus = Schema.Struct({ orderId: Schema.String, status: Absent.optional(Schema.String) })
export interface OrderStatus extends Schema.Schema.Type<typeof OrderStatus> {}

/** Whether a subscription or redemption went through. */
export const Result = Schema.Struct({ result: OpenEnum("success", "fail"), msg: Absent.optional(Schema.String) })
export interface Result extends Schema.Schema.Type<typeof Result> {}
