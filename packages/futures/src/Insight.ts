/**
 * Futures and margin trading insights beyond the specification's list (public; Bitget's
 * "Trading insights" pages, 1 request per second per IP, ../shared/reference/rate-limits.tsv),
 * and the open-interest limits of a product type.
 */
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { Period } from "./LongShort.js"
import { ProductType } from "./Schemas.js"

/** The periods of the margin insights (default `24h`; https://www.bitget.com/api-doc/common/apidata/Margin-Ls-Ratio). */
export const MarginPeriod = Schema.Literal("24h", "30d")

const futuresRequest = Schema.Struct({ symbol: Schema.String, period: Schema.optional(Period) })

export const AccountLongShortRow = Schema.Struct({
  longAccountRatio: Decimal,
  shortAccountRatio: Decimal,
  longShortAccountRatio: Decimal,
  ts: Timestamp
})

export const AccountLongShort = Endpoint.get("/api/v2/mix/market/account-long-short", {
  name: "futures.insight.accountLongShort",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: futuresRequest,
  data: Schema.Array(AccountLongShortRow)
})
/**
 * `GET /api/v2/mix/market/account-long-short`: the share of accounts long and short on a contract
 * over time (`period` 5m … 1d, default 5m; others refused locally). Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/apidata/Account-Long-Short). 1/s per IP.
 */
export const accountLongShort = Operation.make(AccountLongShort)

export const TakerBuySellRow = Schema.Struct({ buyVolume: Decimal, sellVolume: Decimal, ts: Timestamp })

export const TakerBuySell = Endpoint.get("/api/v2/mix/market/taker-buy-sell", {
  name: "futures.insight.takerBuySell",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: futuresRequest,
  data: Schema.Array(TakerBuySellRow)
})
/**
 * `GET /api/v2/mix/market/taker-buy-sell`: takers' buy and sell volumes on a contract over time
 * (`period` 5m … 1d). Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/apidata/Taker-Buy-Sell). 1/s per IP.
 */
export const takerBuySell = Operation.make(TakerBuySell)

const marginRequest = Schema.Struct({
  symbol: Schema.String,
  period: Schema.optional(MarginPeriod),
  /** Base or quote coin of the symbol (default the base coin). */
  coin: Schema.optional(Schema.String)
})

export const LongShortRatio = Endpoint.get("/api/v2/mix/market/long-short-ratio", {
  name: "futures.insight.longShortRatio",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: marginRequest,
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
  request: marginRequest,
  data: Schema.Array(Schema.Struct({ ts: Timestamp, growthRate: Decimal }))
})
/**
 * `GET /api/v2/mix/market/loan-growth`: the growth rate of margin loans of a symbol's coin
 * (`period` 24h or 30d). Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/apidata/Margin-Loan-Growth). 1/s per IP.
 */
export const loanGrowth = Operation.make(LoanGrowth)

export const IsolatedBorrowRate = Endpoint.get("/api/v2/mix/market/isolated-borrow-rate", {
  name: "futures.insight.isolatedBorrowRate",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Schema.Struct({ symbol: Schema.String, period: Schema.optional(MarginPeriod) }),
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

export const OiLimit = Endpoint.get("/api/v2/mix/market/oi-limit", {
  name: "futures.insight.oiLimit",
  signed: false,
  // 10/s per IP (../shared/reference/rate-limits.tsv).
  rateLimit: RateLimit.ip(10),
  request: Schema.Struct({ productType: ProductType, symbol: Schema.optional(Schema.String) }),
  data: Schema.Array(OiLimitRow)
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
