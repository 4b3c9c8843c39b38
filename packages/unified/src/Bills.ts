/**
 * The unified account's records: its bills (every balance change, per product, with history
 * Streams that split long ranges) and its conversion records.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { categories, CategoryOut } from "./Schemas.js"

/** The five products and `OTHER` (transfers, interest…): financial records' own set (reference §e.21). */
export const BillCategory = Lazy.schema(() => Spelling.literal(...categories, "OTHER"))

export const Bill = Lazy.schema(() =>
  Schema.Struct({
    id: Schema.String,
    category: CategoryOut,
    symbol: Absent.optional(Schema.String),
    coin: Schema.String,
    /** `TRANSFER_IN`, `TRANSFER_OUT`, `TRADE`, … (Bitget's enumeration page). */
    type: Schema.String,
    amount: Decimal,
    fee: Decimal,
    /** The coin's balance after the change. */
    balance: Decimal,
    ts: Timestamp,
    positionType: Absent.optional(OpenEnum("crossed", "isolated")),
    positionAmount: Absent.optional(Decimal),
    positionBalance: Absent.optional(Decimal)
  })
)
export interface Bill extends Schema.Schema.Type<typeof Bill> {}

/** The request of `financialRecords`. */
export const FinancialRecordsRequest = Lazy.schema(() =>
  Schema.Struct({
    category: BillCategory,
    coin: Schema.optional(Schema.String),
    type: Schema.optional(Schema.String),
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Schema.String)
  })
)
export interface FinancialRecordsRequest extends Schema.Schema.Type<typeof FinancialRecordsRequest> {}

/** A page of bills. */
export const BillPage = Lazy.schema(() =>
  Schema.Struct({ list: Schema.Array(Named.as<Bill>()(Bill)), cursor: Absent.optional(Schema.String) })
)
export interface BillPage extends Schema.Schema.Type<typeof BillPage> {}

export const FinancialRecords = Lazy.value(() =>
  Endpoint.list("/api/v3/account/financial-records", {
    name: "unified.bills.financialRecords",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Named.as<FinancialRecordsRequest>()(FinancialRecordsRequest),
    data: Named.as<BillPage>()(BillPage),
    pagination: {
      list: "list",
      // The next page's `cursor` is the answer's (agent-sdk catalog; reference §b.8).
      cursor: Pagination.dataField("cursor", "id", "cursor"),
      limit: { param: "limit", max: 100, source: "https://www.bitget.com/api-doc/uta/account/Get-Financial-Records" },
      // The last 90 days, at most 30 days a request (same page).
      window: Pagination.window("30 days", "ts"),
      history: Pagination.history("90 days", "https://www.bitget.com/api-doc/uta/account/Get-Financial-Records")
    }
  })
)

/**
 * `GET /api/v3/account/financial-records`: the account's bills in a product (or `OTHER`), newest
 * first, at most 100 a page and 30 days a request within the last 90 days. Streams follow the
 * answer's `cursor` and split longer ranges into 30-day windows. 20/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.cursor`; at most 100 a page (`limit`); one request spans at
 * most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window; the exchange keeps the last 90d,
 * `.items` refuses an older `startTime`.
 */
export const financialRecords = Operation.make(FinancialRecords)

export const ConvertRecord = Lazy.schema(() =>
  Schema.Struct({
    fromCoin: Schema.String,
    fromCoinSize: Decimal,
    toCoin: Schema.String,
    toCoinSize: Decimal,
    price: Decimal,
    ts: Timestamp
  })
)
export interface ConvertRecord extends Schema.Schema.Type<typeof ConvertRecord> {}

/** The request of `convertRecords`. */
export const ConvertRecordsRequest = Lazy.schema(() =>
  Schema.Struct({
    fromCoin: Schema.optional(Schema.String),
    toCoin: Schema.optional(Schema.String),
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    // The sources give the parameters, not their bounds (bitget-api `GetConvertRecordsRequestV3`).
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Schema.String)
  })
)
export interface ConvertRecordsRequest extends Schema.Schema.Type<typeof ConvertRecordsRequest> {}

/** A page of conversions. */
export const ConvertRecordPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Named.as<ConvertRecord>()(ConvertRecord)),
    cursor: Absent.optional(Schema.String)
  })
)
export interface ConvertRecordPage extends Schema.Schema.Type<typeof ConvertRecordPage> {}

export const ConvertRecords = Lazy.value(() =>
  Endpoint.get("/api/v3/account/convert-records", {
    name: "unified.bills.convertRecords",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Named.as<ConvertRecordsRequest>()(ConvertRecordsRequest),
    data: Named.as<ConvertRecordPage>()(ConvertRecordPage)
  })
)

/**
 * `GET /api/v3/account/convert-records`: the account's coin conversions; pass the answer's
 * `cursor` back for the next page (rows carry no id a Stream could check). 20/s per UID.
 */
export const convertRecords = Operation.make(ConvertRecords)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [FinancialRecords, ConvertRecords]
