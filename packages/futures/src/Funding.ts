/**
 * Funding: the next settlement time, the current rate, and the rate history of a perpetual.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { ProductType } from "./Schemas.js"

export const FundingTimeRequest = Schema.Struct({ symbol: Schema.String, productType: ProductType })
export interface FundingTimeRequest extends Schema.Schema.Type<typeof FundingTimeRequest> {}

export const NextFunding = Schema.Struct({
  symbol: Schema.String,
  nextFundingTime: Timestamp,
  /** Hours between settlements. */
  ratePeriod: Absent.optional(Decimal)
})
export interface NextFunding extends Schema.Schema.Type<typeof NextFunding> {}

export const FundingTime = Endpoint.get("/api/v2/mix/market/funding-time", {
  name: "futures.funding.fundingTime",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<FundingTimeRequest>()(FundingTimeRequest),
  data: Schema.Array(Named.as<NextFunding>()(NextFunding))
})
/** `GET /api/v2/mix/market/funding-time`: the next funding settlement and the period in hours. 20/s per IP. */
export const fundingTime = Operation.make(FundingTime)

export const CurrentFundRate = Schema.Struct({
  symbol: Schema.String,
  fundingRate: Decimal,
  /** Hours. */
  fundingRateInterval: Absent.optional(Decimal),
  nextUpdate: Absent.optional(Timestamp),
  minFundingRate: Absent.optional(Decimal),
  maxFundingRate: Absent.optional(Decimal)
})
export interface CurrentFundRate extends Schema.Schema.Type<typeof CurrentFundRate> {}

export const CurrentFundRateRequest = Schema.Struct({
  symbol: Schema.optional(Schema.String),
  productType: ProductType
})
export interface CurrentFundRateRequest extends Schema.Schema.Type<typeof CurrentFundRateRequest> {}

export const CurrentFundRates = Endpoint.get("/api/v2/mix/market/current-fund-rate", {
  name: "futures.funding.currentFundRate",
  signed: false,
  rateLimit: RateLimit.ip(20),
  // `symbol` is optional (all symbols of the product type) on the current page,
  // https://www.bitget.com/api-doc/contract/market/Get-Current-Funding-Rate (older copies say required).
  request: Named.as<CurrentFundRateRequest>()(CurrentFundRateRequest),
  data: Schema.Array(Named.as<CurrentFundRate>()(CurrentFundRate))
})
/** `GET /api/v2/mix/market/current-fund-rate`: the current funding rate (of one symbol, or of all). 20/s per IP. */
export const currentFundRate = Operation.make(CurrentFundRates)

export const FundingRate = Schema.Struct({
  symbol: Schema.String,
  fundingRate: Decimal,
  fundingTime: Timestamp
})
export interface FundingRate extends Schema.Schema.Type<typeof FundingRate> {}

export const HistoryFundRateRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  pageSize: Schema.optional(Limit.PageSize),
  pageNo: Schema.optional(Limit.PageNumber)
})
export interface HistoryFundRateRequest extends Schema.Schema.Type<typeof HistoryFundRateRequest> {}

export const HistoryFundRate = Endpoint.list("/api/v2/mix/market/history-fund-rate", {
  name: "futures.funding.historyFundRate",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<HistoryFundRateRequest>()(HistoryFundRateRequest),
  data: Schema.Array(Named.as<FundingRate>()(FundingRate)),
  pagination: {
    cursor: Pagination.page("pageNo"),
    limit: {
      param: "pageSize",
      max: 100,
      default: 20,
      source: "https://www.bitget.com/api-doc/contract/market/Get-History-Funding-Rate"
    }
  }
})
/**
 * `GET /api/v2/mix/market/history-fund-rate`: settled funding rates, newest first, by page
 * (`pageNo` from 1, `pageSize` at most 100). 20/s per IP.
 * Streams (`.pages`, `.items`): cursor `pageNo` (1, 2, …); at most 100 a page (`pageSize`, 20 when omitted).
 */
export const historyFundRate = Operation.make(HistoryFundRate)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [FundingTime, CurrentFundRates, HistoryFundRate]
