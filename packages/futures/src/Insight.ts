/**
 * Futures and margin trading insights beyond the specification's list (public; Bitget's
 * "Trading insights" pages, 1 request per second per IP, ../shared/reference/rate-limits.tsv),
 * and the open-interest limits of a product type.
 */
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { Period } from "./LongShort.js"
import { ProductType } from "./Schemas.js"

/** The periods of the margin insights (default `24h`; https://www.bitget.com/api-doc/common/apidata/Margin-Ls-Ratio). */
export const MarginPeriod = Schema.Literal("24h", "30d")

export const RatioRequest = Schema.Struct({ symbol: Schema.String, period: Schema.optional(Period) })
export interface RatioRequest extends Schema.Schema.Type<typeof RatioRequest> {}

export const AccountLongShortRow = Schema.Struct({
  longAccountRatio: Decimal,
  shortAccountRatio: Decimal,
  longShortAccountRatio: Decimal,
  ts: Timestamp
})
export interface AccountLongShortRow extends Schema.Schema.Type<typeof AccountLongShortRow> {}

export const AccountLongShort = Endpoint.get("/api/v2/mix/market/account-long-short", {
  name: "futures.insight.accountLongShort",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Named.as<RatioRequest>()(RatioRequest),
  data: Schema.Array(Named.as<AccountLongShortRow>()(AccountLongShortRow))
})
/**
 * `GET /api/v2/mix/market/account-long-short`: the share of accounts long and short on a contract
 * over time (`period` 5m … 1d, default 5m; others refused locally). Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/apidata/Account-Long-Short). 1/s per IP.
 */
export const accountLongShort = Operation.make(AccountLongShort)

export const TakerBuySellRow = Schema.Struct({ buyVolume: Decimal, sellVolume: Decimal, ts: Timestamp })
export interface TakerBuySellRow extends Schema.Schema.Type<typeof TakerBuySellRow> {}

export const TakerBuySell = Endpoint.get("/api/v2/mix/market/taker-buy-sell", {
  name: "futures.insight.takerBuySell",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Named.as<RatioRequest>()(RatioRequest),
  data: Schema.Array(Named.as<TakerBuySellRow>()(TakerBuySellRow))
})
/**
 * `GET /api/v2/mix/market/taker-buy-sell`: takers' buy and sell volumes on a contract over time
 * (`period` 5m … 1d). Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/apidata/Taker-Buy-Sell). 1/s per IP.
 */
export const takerBuySell = Operation.make(TakerBuySell)

export const MarginRatioRequest = Schema.Struct({
  symbol: Schema.String,
  period: Schema.optional(MarginPeriod),
  /** Base or quote coin of the symbol (default the base coin). */
  coin: Schema.optional(Schema.String)
})
export interface MarginRatioRequest extends Schema.Schema.Type<typeof MarginRatioRequest> {}

export const LongShortRatio = Endpoint.get("/api/v2/mix/market/long-short-ratio", {
  name: "futures.insight.longShortRatio",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Named.as<MarginRatioRequest>()(MarginRatioRequest),
  data: Schema.Array(Schema.Struct({ ts: Timestamp, longShortRatio: Decimal }))
})
/**
 * `GET /api/v2/mix/market/long-short-ratio`: the margin long/short ratio of a symbol (`period`
 * 24h or 30d). Served under `mix/market` though it is margin data. Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/apidata/Margin-Ls-Ratio). 1/s per IP.
 */
export const longShortRatio = Operation.make(LongShortRatio)

export const LoanGrowth = Endpoint.get("/api/v2/mix/market/loan-growth", {
  name: "futures.insight.loanGrowth",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Named.as<MarginRatioRequest>()(MarginRatioRequest),
  data: Schema.Array(Schema.Struct({ ts: Timestamp, growthRate: Decimal }))
})
/**
 * `GET /api/v2/mix/market/loan-growth`: the growth rate of margin loans of a symbol's coin
 * (`period` 24h or 30d). Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/apidata/Margin-Loan-Growth). 1/s per IP.
 */
export const loanGrowth = Operation.make(LoanGrowth)

export const IsolatedBorrowRateRequest = Schema.Struct({ symbol: Schema.String, period: Schema.optional(MarginPeriod) })
export interface IsolatedBorrowRateRequest extends Schema.Schema.Type<typeof IsolatedBorrowRateRequest> {}

export const IsolatedBorrowRate = Endpoint.get("/api/v2/mix/market/isolated-borrow-rate", {
  name: "futures.insight.isolatedBorrowRate",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Named.as<IsolatedBorrowRateRequest>()(IsolatedBorrowRateRequest),
  data: Schema.Array(Schema.Struct({ ts: Timestamp, borrowRate: Decimal }))
})
/**
 * `GET /api/v2/mix/market/isolated-borrow-rate`: the isolated margin borrowing ratio of a symbol
 * (`period` 24h or 30d). Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/apidata/Isolated-Margin-Borrowing-Ratio). 1/s per IP.
 */
export const isolatedBorrowRate = Operation.make(IsolatedBorrowRate)

export const OiLimitRow = Schema.Struct({
  symbol: Schema.String,
  /** The account's limit, in USDT notional. */
  notionalValue: Decimal,
  totalNotionalValue: Decimal
})
export interface OiLimitRow extends Schema.Schema.Type<typeof OiLimitRow> {}

export const OiLimitRequest = Schema.Struct({ productType: ProductType, symbol: Schema.optional(Schema.String) })
export interface OiLimitRequest extends Schema.Schema.Type<typeof OiLimitRequest> {}

export const OiLimit = Endpoint.get("/api/v2/mix/market/oi-limit", {
  name: "futures.insight.oiLimit",
  signed: false,
  // 10/s per IP (../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.ip(10),
  request: Named.as<OiLimitRequest>()(OiLimitRequest),
  data: Schema.Array(Named.as<OiLimitRow>()(OiLimitRow))
})
/**
 * `GET /api/v2/mix/market/oi-limit`: the open-interest limits (notional) of a product type's
 * contracts, or of one `symbol`. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/market/Get-Open-Interest-Limit). 10/s per IP.
 */
export const oiLimit = Operation.make(OiLimit)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  AccountLongShort,
  TakerBuySell,
  LongShortRatio,
  LoanGrowth,
  IsolatedBorrowRate,
  OiLimit
]
