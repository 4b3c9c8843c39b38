/**
 * Margin market terms: the pairs that trade on margin, interest rates (daily and yearly) and
 * borrowing limits per VIP level, and the leverage tiers, cross (by coin) and isolated (by
 * symbol) side by side. Sources: https://www.bitget.com/api-doc/margin/common/support-currencies,
 * .../margin/cross/account/Get-Cross-Interest-Rate-and-Borrowable and their isolated twins.
 */
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { TrueFalse } from "@effect-bitget/core/Flag"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { Coin, Symbol } from "./Schemas.js"

// Every margin endpoint: 10 requests a second per UID (../shared/reference/rate-limits.tsv;
// Bitget's pages say "IP" for the three term endpoints, the table keys them by UID).
const limit = RateLimit.uid(10)

/** A pair that trades on margin, with its leverage and risk lines. */
export const Currency = Schema.Struct({
  symbol: Schema.String,
  baseCoin: Schema.String,
  quoteCoin: Schema.String,
  maxCrossedLeverage: Decimal,
  maxIsolatedLeverage: Decimal,
  /** The risk rate at which the exchange warns. */
  warningRiskRatio: Decimal,
  /** The risk rate at which the account is liquidated. */
  liquidationRiskRatio: Decimal,
  minTradeAmount: Decimal,
  maxTradeAmount: Decimal,
  takerFeeRate: Decimal,
  makerFeeRate: Decimal,
  pricePrecision: Decimal,
  quantityPrecision: Decimal,
  minTradeUSDT: Decimal,
  /** Documented as "ignore": use the three flags below. */
  isBorrowable: Schema.optional(TrueFalse),
  userMinBorrow: Decimal,
  /** `1` tradable, `2` under maintenance. */
  status: OpenEnum("1", "2"),
  isIsolatedBaseBorrowable: TrueFalse,
  isIsolatedQuoteBorrowable: TrueFalse,
  isCrossBorrowable: TrueFalse
})
export interface Currency extends Schema.Schema.Type<typeof Currency> {}

/**
 * `GET /api/v2/margin/currencies`: every pair that trades on margin. Public (no key): ccxt's
 * bitget.ts lists it under `public.margin` and loads it unsigned with its markets. 10/s per IP.
 */
export const currencies = Operation.make(Endpoint.get("/api/v2/margin/currencies", {
  name: "margin.market.currencies",
  signed: false,
  // Source: Bitget's page (https://www.bitget.com/api-doc/margin/common/support-currencies), 10/s.
  rateLimit: RateLimit.ip(10),
  request: Endpoint.NoParams,
  data: Schema.Array(Named.as<Currency>()(Currency))
}))

/** The rate and limit of one VIP level (cross spells the yearly rate `annualInterestRate`). */
export const CrossVipRate = Schema.Struct({
  level: Schema.String,
  limit: Decimal,
  dailyInterestRate: Decimal,
  annualInterestRate: Decimal,
  /** 1 is no discount; 0.97 pays 97% of the rate. */
  discountRate: Decimal
})
export interface CrossVipRate extends Schema.Schema.Type<typeof CrossVipRate> {}

/** A coin's interest rate and borrowing limit in the cross account. */
export const CrossInterestRate = Schema.Struct({
  coin: Schema.String,
  leverage: Decimal,
  transferable: TrueFalse,
  borrowable: TrueFalse,
  dailyInterestRate: Decimal,
  annualInterestRate: Decimal,
  maxBorrowableAmount: Decimal,
  vipList: Schema.Array(Named.as<CrossVipRate>()(CrossVipRate))
})
export interface CrossInterestRate extends Schema.Schema.Type<typeof CrossInterestRate> {}

export const CrossInterestRateAndLimitRequest = Schema.Struct({ coin: Coin })
export interface CrossInterestRateAndLimitRequest extends Schema.Schema.Type<typeof CrossInterestRateAndLimitRequest> {}

/** `GET /api/v2/margin/crossed/interest-rate-and-limit`: `coin`'s interest rates (daily, yearly) and limits by VIP level. 10/s. */
export const crossInterestRateAndLimit = Operation.make(
  Endpoint.get("/api/v2/margin/crossed/interest-rate-and-limit", {
    name: "margin.market.crossInterestRateAndLimit",
    signed: true,
    rateLimit: limit,
    request: Named.as<CrossInterestRateAndLimitRequest>()(CrossInterestRateAndLimitRequest),
    data: Schema.Array(Named.as<CrossInterestRate>()(CrossInterestRate))
  })
)

/** The rate and limit of one VIP level (isolated spells the yearly rate `annuallyInterestRate`). */
export const IsolatedVipRate = Schema.Struct({
  level: Schema.String,
  limit: Decimal,
  dailyInterestRate: Decimal,
  annuallyInterestRate: Decimal,
  discountRate: Decimal
})
export interface IsolatedVipRate extends Schema.Schema.Type<typeof IsolatedVipRate> {}

/** A symbol's base and quote interest rates and limits in its isolated account. */
export const IsolatedInterestRate = Schema.Struct({
  symbol: Schema.String,
  leverage: Decimal,
  baseCoin: Schema.String,
  baseTransferable: TrueFalse,
  baseBorrowable: TrueFalse,
  baseDailyInterestRate: Decimal,
  baseAnnuallyInterestRate: Decimal,
  baseMaxBorrowableAmount: Decimal,
  baseVipList: Schema.Array(Named.as<IsolatedVipRate>()(IsolatedVipRate)),
  quoteCoin: Schema.String,
  quoteTransferable: TrueFalse,
  quoteBorrowable: TrueFalse,
  quoteDailyInterestRate: Decimal,
  quoteAnnuallyInterestRate: Decimal,
  quoteMaxBorrowableAmount: Decimal,
  quoteList: Schema.Array(Named.as<IsolatedVipRate>()(IsolatedVipRate))
})
export interface IsolatedInterestRate extends Schema.Schema.Type<typeof IsolatedInterestRate> {}

export const IsolatedInterestRateAndLimitRequest = Schema.Struct({ symbol: Symbol })
export interface IsolatedInterestRateAndLimitRequest
  extends Schema.Schema.Type<typeof IsolatedInterestRateAndLimitRequest>
{}

/** `GET /api/v2/margin/isolated/interest-rate-and-limit`: the `symbol`'s base and quote rates (daily, yearly) and limits. 10/s. */
export const isolatedInterestRateAndLimit = Operation.make(
  Endpoint.get("/api/v2/margin/isolated/interest-rate-and-limit", {
    name: "margin.market.isolatedInterestRateAndLimit",
    signed: true,
    rateLimit: limit,
    request: Named.as<IsolatedInterestRateAndLimitRequest>()(IsolatedInterestRateAndLimitRequest),
    data: Schema.Array(Named.as<IsolatedInterestRate>()(IsolatedInterestRate))
  })
)

/** One leverage tier of a coin in the cross account. */
export const CrossTier = Schema.Struct({
  tier: Schema.String,
  leverage: Decimal,
  coin: Schema.String,
  maxBorrowableAmount: Decimal,
  maintainMarginRate: Decimal
})
export interface CrossTier extends Schema.Schema.Type<typeof CrossTier> {}

export const CrossTierDataRequest = Schema.Struct({ coin: Coin })
export interface CrossTierDataRequest extends Schema.Schema.Type<typeof CrossTierDataRequest> {}

/** `GET /api/v2/margin/crossed/tier-data`: `coin`'s leverage tiers (for the caller's VIP level). 10/s. */
export const crossTierData = Operation.make(Endpoint.get("/api/v2/margin/crossed/tier-data", {
  name: "margin.market.crossTierData",
  signed: true,
  rateLimit: limit,
  request: Named.as<CrossTierDataRequest>()(CrossTierDataRequest),
  data: Schema.Array(Named.as<CrossTier>()(CrossTier))
}))

/** One leverage tier of an isolated symbol. */
export const IsolatedTier = Schema.Struct({
  tier: Schema.String,
  symbol: Schema.String,
  leverage: Decimal,
  baseCoin: Schema.String,
  quoteCoin: Schema.String,
  baseMaxBorrowableAmount: Decimal,
  quoteMaxBorrowableAmount: Decimal,
  maintainMarginRate: Decimal,
  initRate: Decimal
})
export interface IsolatedTier extends Schema.Schema.Type<typeof IsolatedTier> {}

export const IsolatedTierDataRequest = Schema.Struct({ symbol: Symbol })
export interface IsolatedTierDataRequest extends Schema.Schema.Type<typeof IsolatedTierDataRequest> {}

/** `GET /api/v2/margin/isolated/tier-data`: the `symbol`'s leverage tiers. 10/s. */
export const isolatedTierData = Operation.make(Endpoint.get("/api/v2/margin/isolated/tier-data", {
  name: "margin.market.isolatedTierData",
  signed: true,
  rateLimit: limit,
  request: Named.as<IsolatedTierDataRequest>()(IsolatedTierDataRequest),
  data: Schema.Array(Named.as<IsolatedTier>()(IsolatedTier))
}))

/** A coin's current margin interest rate. */
export const InterestRate = Schema.Struct({
  coin: Schema.String,
  dailyInterestRate: Decimal,
  annualInterestRate: Decimal,
  updatedTime: Timestamp
})
export interface InterestRate extends Schema.Schema.Type<typeof InterestRate> {}

export const InterestRateRecordRequest = Schema.Struct({ coin: Coin })
export interface InterestRateRecordRequest extends Schema.Schema.Type<typeof InterestRateRecordRequest> {}

/**
 * `GET /api/v2/margin/interest-rate-record`: `coin`'s margin interest rate now, daily and yearly,
 * with when it last changed (https://www.bitget.com/api-doc/margin/common/interest-rate-record,
 * added 2025-05-08 by Bitget's changelog). `coin` is required (go-bitget's and Bitget's own
 * Python client send only it); signed, 10/s per UID, as Bitget.Net sends it
 * (../shared/reference/rate-limits.tsv). The answer's fields: the page's example as recorded by
 * JKorf/Bitget.Net (its `BitgetInterestRate`).
 */
export const interestRateRecord = Operation.make(Endpoint.get("/api/v2/margin/interest-rate-record", {
  name: "margin.market.interestRateRecord",
  signed: true,
  rateLimit: limit,
  request: Named.as<InterestRateRecordRequest>()(InterestRateRecordRequest),
  data: Named.as<InterestRate>()(InterestRate)
}))

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  currencies,
  crossInterestRateAndLimit,
  isolatedInterestRateAndLimit,
  crossTierData,
  isolatedTierData,
  interestRateRecord
].map((operation) => operation.endpoint)
