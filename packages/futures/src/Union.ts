/**
 * Union margin (multi-asset mode) of USDT-M futures: switching an account between single-asset
 * and union margin, the union's parameters, how much of a coin may come in, converting collateral
 * to USDT, the interest the union's USDT debt accrues, and the public discount, exchange and
 * interest-rate tiers (https://www.bitget.com/api-doc/contract/account/Union-Config and its
 * neighbours). Where a page gives no limit: 10/s per UID private, 20/s per IP public
 * (../shared/reference/README.md).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

/** Union margin exists for USDT-M futures only (real and demo). */
export const UnionProductType = Schema.Literal("USDT-FUTURES", "SUSDT-FUTURES")

export const SetAssetModeRequest = Schema.Struct({
  productType: UnionProductType,
  assetMode: Schema.Literal("single", "union")
})
export interface SetAssetModeRequest extends Schema.Schema.Type<typeof SetAssetModeRequest> {}

export const SetAssetMode = Endpoint.post("/api/v2/mix/account/set-asset-mode", {
  name: "futures.union.setAssetMode",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SetAssetModeRequest>()(SetAssetModeRequest),
  data: Schema.NullOr(Schema.String)
})
/**
 * `POST /api/v2/mix/account/set-asset-mode`: switches USDT-M futures between single-asset margin
 * and union margin (multi-asset: other coins count as collateral). Only USDT-FUTURES (or its demo)
 * is accepted, checked locally. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/account/Set-Asset-Mode). 10/s per UID.
 */
export const setAssetMode = Operation.make(SetAssetMode)

export const UnionMarginConfig = Schema.Struct({
  imr: Decimal,
  mmr: Decimal,
  individualLimit: Decimal,
  individualLimitRatio: Decimal
})
export interface UnionMarginConfig extends Schema.Schema.Type<typeof UnionMarginConfig> {}

export const UnionConfig = Endpoint.get("/api/v2/mix/account/union-config", {
  name: "futures.union.unionConfig",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Endpoint.NoParams,
  data: Named.as<UnionMarginConfig>()(UnionMarginConfig)
})
/**
 * `GET /api/v2/mix/account/union-config`: the union margin account's initial and maintenance
 * margin rates and its individual limits. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/account/Union-Config). 10/s per UID.
 */
export const unionConfig = Operation.make(UnionConfig)

export const SwitchUnionUsdt = Endpoint.get("/api/v2/mix/account/switch-union-usdt", {
  name: "futures.union.switchUnionUsdt",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Endpoint.NoParams,
  data: Schema.Struct({ usdtAmount: Decimal })
})
/**
 * `GET /api/v2/mix/account/switch-union-usdt`: the USDT a switch back to single-asset mode would
 * convert the union's collateral to. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/account/Switch-Union-Usdt). 10/s per UID.
 */
export const switchUnionUsdt = Operation.make(SwitchUnionUsdt)

export const TransferLimitsRequest = Schema.Struct({ coin: Schema.String })
export interface TransferLimitsRequest extends Schema.Schema.Type<typeof TransferLimitsRequest> {}

export const TransferLimits = Endpoint.get("/api/v2/mix/account/transfer-limits", {
  name: "futures.union.transferLimits",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<TransferLimitsRequest>()(TransferLimitsRequest),
  data: Schema.Struct({ coin: Schema.String, maxTransferIn: Decimal })
})
/**
 * `GET /api/v2/mix/account/transfer-limits`: the most of a coin the union margin account takes in.
 * Beyond the specification's list (https://www.bitget.com/api-doc/contract/account/Transfer-Limits).
 * 10/s per UID.
 */
export const transferLimits = Operation.make(TransferLimits)

export const UnionConvertRequest = Schema.Struct({ coin: Schema.String, amount: PositiveDecimalInput })
export interface UnionConvertRequest extends Schema.Schema.Type<typeof UnionConvertRequest> {}

export const UnionConvert = Endpoint.post("/api/v2/mix/account/union-convert", {
  name: "futures.union.unionConvert",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<UnionConvertRequest>()(UnionConvertRequest),
  data: Schema.Struct({ usdtAmount: Decimal })
})
/**
 * `POST /api/v2/mix/account/union-convert`: converts `amount` of a collateral coin (above zero,
 * checked locally) in the union margin account to USDT; answers the USDT received. Beyond the
 * specification's list (https://www.bitget.com/api-doc/contract/account/Union-Convert). 10/s per UID.
 */
export const unionConvert = Operation.make(UnionConvert)

export const Interest = Schema.Struct({
  coin: Schema.String,
  liability: Decimal,
  interestFreeLimit: Decimal,
  interestLimit: Decimal,
  hourInterestRate: Decimal,
  interest: Decimal,
  cTime: Timestamp
})
export interface Interest extends Schema.Schema.Type<typeof Interest> {}

export const InterestHistoryRequest = Schema.Struct({
  productType: UnionProductType,
  coin: Schema.optional(Schema.String),
  idLessThan: Schema.optional(Limit.Cursor),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize)
})
export interface InterestHistoryRequest extends Schema.Schema.Type<typeof InterestHistoryRequest> {}

export const InterestHistoryPage = Schema.Struct({
  nextSettleTime: Absent.optional(Timestamp),
  borrowAmount: Absent.optional(Decimal),
  borrowLimit: Absent.optional(Decimal),
  interestList: Schema.Array(Named.as<Interest>()(Interest)),
  endId: Absent.optional(Schema.String)
})
export interface InterestHistoryPage extends Schema.Schema.Type<typeof InterestHistoryPage> {}

export const InterestHistory = Endpoint.list("/api/v2/mix/account/interest-history", {
  name: "futures.union.interestHistory",
  signed: true,
  // "Frequency limit: 5 times/s (UID)" (https://www.bitget.com/api-doc/contract/account/Interest-History).
  rateLimit: RateLimit.uid(5),
  request: Named.as<InterestHistoryRequest>()(InterestHistoryRequest),
  data: Named.as<InterestHistoryPage>()(InterestHistoryPage),
  pagination: {
    list: "interestList",
    // The rows carry no id of their own: the walk follows `endId` without a per-row check.
    cursor: Pagination.dataField("endId", "id"),
    // "Number of queries: Default: 20, maximum: 100" (the page above; the zh page says default 100).
    limit: { param: "limit", max: 100, source: "https://www.bitget.com/api-doc/contract/account/Interest-History" }
  }
})
/**
 * `GET /api/v2/mix/account/interest-history`: the hourly interest the union margin account's USDT
 * debt accrued, with the debt, its limit and the next settlement; at most 100 a page, cursor
 * `endId`. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/account/Interest-History). 5/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`).
 */
export const interestHistory = Operation.make(InterestHistory)

const Tier = { tier: Schema.String, minAmount: Decimal, maxAmount: Absent.optional(Decimal) }

export const CoinDiscountRate = Schema.Struct({
  coin: Schema.String,
  userLimit: Absent.optional(Decimal),
  totalLimit: Absent.optional(Decimal),
  discountRateList: Schema.Array(Schema.Struct({ ...Tier, discountRate: Decimal }))
})
export interface CoinDiscountRate extends Schema.Schema.Type<typeof CoinDiscountRate> {}

export const DiscountRate = Endpoint.get("/api/v2/mix/market/discount-rate", {
  name: "futures.union.discountRate",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Endpoint.NoParams,
  data: Schema.Array(Named.as<CoinDiscountRate>()(CoinDiscountRate))
})
/**
 * `GET /api/v2/mix/market/discount-rate`: each collateral coin's discount (haircut) tiers in union
 * margin. Beyond the specification's list (https://www.bitget.com/api-doc/contract/market/Get-Discount-Rate).
 * 20/s per IP.
 */
export const discountRate = Operation.make(DiscountRate)

export const CoinExchangeRate = Schema.Struct({
  coin: Schema.String,
  exchangeRateList: Schema.Array(Schema.Struct({ ...Tier, exchangeRate: Decimal }))
})
export interface CoinExchangeRate extends Schema.Schema.Type<typeof CoinExchangeRate> {}

export const ExchangeRate = Endpoint.get("/api/v2/mix/market/exchange-rate", {
  name: "futures.union.exchangeRate",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Endpoint.NoParams,
  data: Schema.Array(Named.as<CoinExchangeRate>()(CoinExchangeRate))
})
/**
 * `GET /api/v2/mix/market/exchange-rate`: the tiers at which union margin converts a coin's debt.
 * Beyond the specification's list (https://www.bitget.com/api-doc/contract/market/Get-Interest-Exchange-Rate).
 * 20/s per IP.
 */
export const exchangeRate = Operation.make(ExchangeRate)

export const UnionInterestRateHistoryRequest = Schema.Struct({ coin: Schema.String })
export interface UnionInterestRateHistoryRequest extends Schema.Schema.Type<typeof UnionInterestRateHistoryRequest> {}

export const InterestRateHistory = Schema.Struct({
  coin: Schema.String,
  historyInterestRateList: Schema.Array(Schema.Struct({
    ts: Timestamp,
    annualInterestRate: Decimal,
    dailyInterestRate: Decimal
  }))
})
export interface InterestRateHistory extends Schema.Schema.Type<typeof InterestRateHistory> {}

export const UnionInterestRateHistory = Endpoint.get("/api/v2/mix/market/union-interest-rate-history", {
  name: "futures.union.unionInterestRateHistory",
  signed: false,
  rateLimit: RateLimit.ip(20),
  request: Named.as<UnionInterestRateHistoryRequest>()(UnionInterestRateHistoryRequest),
  data: Named.as<InterestRateHistory>()(InterestRateHistory)
})
/**
 * `GET /api/v2/mix/market/union-interest-rate-history`: a coin's past union margin interest rates
 * (annual and daily). Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/market/Get-Interest-Rate-History). 20/s per IP.
 */
export const unionInterestRateHistory = Operation.make(UnionInterestRateHistory)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  SetAssetMode,
  UnionConfig,
  SwitchUnionUsdt,
  TransferLimits,
  UnionConvert,
  InterestHistory,
  DiscountRate,
  ExchangeRate,
  UnionInterestRateHistory
]
