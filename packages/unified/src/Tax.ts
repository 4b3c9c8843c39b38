/**
 * Tax records of a unified account (`/api/v3/tax/records`): every movement of its balance, per
 * product line (`bizType`), for tax reporting: trades, fees, funding, deposits, withdrawals and
 * transfers (`OTHER`). The same ledger the financial records (`Bills`) show.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

/** The product line of a record: the five categories and `OTHER` (reference §b.6, §e.21). */
export const BizType = Lazy.schema(() =>
  Spelling.literal("SPOT", "MARGIN", "USDT-FUTURES", "COIN-FUTURES", "USDC-FUTURES", "OTHER")
)

export const TaxRecord = Lazy.schema(() =>
  Schema.Struct({
    id: Schema.String,
    coin: Schema.String,
    /** What moved the balance (`deposit`, `withdraw`, `transfer-in`, `buy`, `sell`, …). */
    type: Schema.String,
    amount: Decimal.Decimal,
    fee: Absent.optional(Decimal.Decimal),
    /** The coin's balance after it. */
    balance: Absent.optional(Decimal.Decimal),
    ts: Timestamp
  })
)
export interface TaxRecord extends Schema.Schema.Type<typeof TaxRecord> {}

/** The request of `records`. */
export const RecordsRequest = Lazy.schema(() =>
  Schema.Struct({
    bizType: BizType,
    /** For `MARGIN`: `crossed` (the default) or `isolated`. */
    marginType: Schema.optional(Spelling.literal("crossed", "isolated")),
    coin: Schema.optional(Schema.String),
    startTime: Limit.Time,
    endTime: Limit.Time,
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Limit.Cursor)
  })
)
export interface RecordsRequest extends Schema.Schema.Type<typeof RecordsRequest> {}

export const Records = Lazy.value(() =>
  Endpoint.list("/api/v3/tax/records", {
    name: "unified.tax.records",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Named.as<RecordsRequest>()(RecordsRequest),
    data: Schema.Array(Named.as<TaxRecord>()(TaxRecord)),
    pagination: {
      // The next page: rows below the last row's `id` (agent-sdk catalog, getTaxRecords).
      cursor: Pagination.lastRow("id", "cursor"),
      limit: { param: "limit", max: 500, source: "https://www.bitget.com/api-doc/uta/tax/Get-Tax-Records" },
      // At most 7 days a request (go-bitget `GetTaxRecordsService`; reference §d.2 tax: "7-day span").
      window: Pagination.window("7 days", "ts")
    }
  })
)

/**
 * `GET /api/v3/tax/records`: the movements of one product line's balance (`bizType`, `MARGIN`
 * crossed or isolated) between `startTime` and `endTime` (both required, at most 7 days apart,
 * checked locally; `items` walks a longer range week by week; the range reaches back a year),
 * newest first, at most 500 a page, cursor `cursor` = the last row's `id`. 1/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← last row's `id`; at most 500 a page (`limit`); one request spans at
 * most 7d of `startTime`–`endTime`, `.items` walks a longer range window by window.
 */
export const records = Operation.make(Records)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [Records]
