/**
 * V3 real-world-asset (tokenised stock) events (public, keyed by IP): cash dividends of stock
 * futures and stock splits of Reality pairs.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

export const CashDividend = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    /** A calendar date as Bitget writes it. */
    exDividendDate: Schema.String,
    cashDividendPerShare: Decimal,
    cashDividendTimestamp: Timestamp
  })
)
export interface CashDividend extends Schema.Schema.Type<typeof CashDividend> {}

/** The request of `cashDividendRecords`. */
export const CashDividendRecordsRequest = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    type: Spelling.literal("pending", "paid"),
    // The sources give the parameters, not their bounds (bitget-api `GetCashDividendRecordsRequestV3`).
    cursor: Schema.optional(Schema.String),
    limit: Schema.optional(Limit.PageSize)
  })
)
export interface CashDividendRecordsRequest extends Schema.Schema.Type<typeof CashDividendRecordsRequest> {}

export const CashDividendRecords = Lazy.value(() =>
  Endpoint.get("/api/v3/market/cash-dividend-records", {
    name: "unified.rwa.cashDividendRecords",
    signed: false,
    rateLimit: RateLimit.ip(10),
    request: Named.as<CashDividendRecordsRequest>()(CashDividendRecordsRequest),
    data: Schema.Array(Named.as<CashDividend>()(CashDividend))
  })
)

/**
 * `GET /api/v3/market/cash-dividend-records`: a stock contract's `pending` or `paid` cash
 * dividends. 10/s per IP.
 */
export const cashDividendRecords = Operation.make(CashDividendRecords)

export const SplitRecord = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    type: OpenEnum("split", "reverse_split"),
    status: OpenEnum("pending", "ongoing", "completed"),
    /** Shares after per share before: above 1 for a split, below for a reverse split. */
    adjustmentRatio: Decimal,
    /** `yyyyMMdd` as the exchange sends it (go-bitget). */
    exDividendDate: Schema.String,
    exDividendDateTimezone: Absent.optional(Schema.String),
    tradingHaltStartTime: Absent.optional(Schema.String),
    tradingHaltEndTime: Absent.optional(Schema.String)
  })
)
export interface SplitRecord extends Schema.Schema.Type<typeof SplitRecord> {}

export const SplitRecords = Lazy.value(() =>
  Endpoint.get("/api/v3/market/split-records", {
    name: "unified.rwa.splitRecords",
    signed: false,
    rateLimit: RateLimit.ip(5),
    request: Endpoint.NoParams,
    data: Schema.Array(Named.as<SplitRecord>()(SplitRecord))
  })
)

/**
 * `GET /api/v3/market/split-records`: stock splits and reverse splits of Reality pairs (go-bitget;
 * ccxt names the path). 5/s per IP.
 */
export const splitRecords = Operation.make(SplitRecords)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [CashDividendRecords, SplitRecords]
