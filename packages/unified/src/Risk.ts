/**
 * V3 risk figures (public, keyed by IP): the futures risk reserve (insurance fund) by day, by
 * hour and in total, collateral discount tiers, and margin loan terms of a coin.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { FuturesCategory } from "./Schemas.js"

export const ReserveRequest = Lazy.schema(() =>
  Schema.Struct({
    category: FuturesCategory,
    symbol: Schema.String,
    marginCoin: Schema.optional(Schema.String)
  })
)
export interface ReserveRequest extends Schema.Schema.Type<typeof ReserveRequest> {}

export const ReserveRecord = Lazy.schema(() =>
  Schema.Struct({
    balance: Decimal,
    amount: Decimal,
    ts: Timestamp,
    type: Absent.optional(Schema.String)
  })
)
export interface ReserveRecord extends Schema.Schema.Type<typeof ReserveRecord> {}

/** A contract's risk reserve, day by day. */
export const RiskReserveDaily = Lazy.schema(() =>
  Schema.Struct({
    totalBalance: Absent.optional(Decimal),
    coin: Schema.String,
    riskReserveRecords: Schema.Array(Named.as<ReserveRecord>()(ReserveRecord))
  })
)
export interface RiskReserveDaily extends Schema.Schema.Type<typeof RiskReserveDaily> {}

export const RiskReserve = Lazy.value(() =>
  Endpoint.get("/api/v3/market/risk-reserve", {
    name: "unified.risk.riskReserve",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<ReserveRequest>()(ReserveRequest),
    data: Named.as<RiskReserveDaily>()(RiskReserveDaily)
  })
)

/** `GET /api/v3/market/risk-reserve`: a contract's risk reserve balance, day by day. 20/s per IP. */
export const riskReserve = Operation.make(RiskReserve)

/** A contract's risk reserve, hour by hour. */
export const RiskReserveHourly = Lazy.schema(() =>
  Schema.Struct({ coin: Schema.String, riskReserveRecords: Schema.Array(Named.as<ReserveRecord>()(ReserveRecord)) })
)
export interface RiskReserveHourly extends Schema.Schema.Type<typeof RiskReserveHourly> {}

export const RiskReserveHour = Lazy.value(() =>
  Endpoint.get("/api/v3/market/risk-reserve-hour", {
    name: "unified.risk.riskReserveHour",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<ReserveRequest>()(ReserveRequest),
    data: Named.as<RiskReserveHourly>()(RiskReserveHourly)
  })
)

/** `GET /api/v3/market/risk-reserve-hour`: a contract's risk reserve balance, hour by hour. 20/s per IP. */
export const riskReserveHour = Operation.make(RiskReserveHour)

/** The risk reserve of every coin and the contracts it covers. */
export const RiskReserves = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Schema.Struct({ symbols: Schema.Array(Schema.String), coin: Schema.String, balance: Decimal }))
  })
)
export interface RiskReserves extends Schema.Schema.Type<typeof RiskReserves> {}

export const RiskReserveAll = Lazy.value(() =>
  Endpoint.get("/api/v3/market/risk-reserve-all", {
    name: "unified.risk.riskReserveAll",
    signed: false,
    rateLimit: RateLimit.ip(3),
    request: Schema.Struct({ category: FuturesCategory }),
    data: Named.as<RiskReserves>()(RiskReserves)
  })
)

/** `GET /api/v3/market/risk-reserve-all`: the risk reserve of every coin and the contracts it covers. 3/s per IP. */
export const riskReserveAll = Operation.make(RiskReserveAll)

export const DiscountTier = Lazy.schema(() =>
  Schema.Struct({
    /** The holding (USD) from which the tier's rate applies. */
    tierStartValue: Decimal,
    /** The share of the holding counted as collateral. */
    discountRate: Decimal
  })
)

export const CoinDiscount = Lazy.schema(() => Schema.Struct({ coin: Schema.String, list: Schema.Array(DiscountTier) }))
export interface CoinDiscount extends Schema.Schema.Type<typeof CoinDiscount> {}

export const DiscountRate = Lazy.value(() =>
  Endpoint.get("/api/v3/market/discount-rate", {
    name: "unified.risk.discountRate",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Endpoint.NoParams,
    data: Schema.Array(Named.as<CoinDiscount>()(CoinDiscount))
  })
)

/**
 * `GET /api/v3/market/discount-rate`: how much of each coin counts as collateral in a unified
 * account, by tiers of holding. 20/s per IP.
 */
export const discountRate = Operation.make(DiscountRate)

/** A coin's borrowing interest and limits. */
export const MarginLoan = Lazy.schema(() =>
  Schema.Struct({
    dailyInterest: Decimal,
    annualInterest: Decimal,
    /** The most one account may borrow. */
    limit: Decimal,
    masterSubLimit: Absent.optional(Decimal),
    /** Spelled so by Bitget: what the platform still lends. */
    platformRemaingQuota: Absent.optional(Decimal)
  })
)
export interface MarginLoan extends Schema.Schema.Type<typeof MarginLoan> {}

export const MarginLoans = Lazy.value(() =>
  Endpoint.get("/api/v3/market/margin-loans", {
    name: "unified.risk.marginLoans",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Schema.Struct({ coin: Schema.String }),
    data: Named.as<MarginLoan>()(MarginLoan)
  })
)

/** `GET /api/v3/market/margin-loans`: a coin's borrowing interest and limits. 20/s per IP. */
export const marginLoans = Operation.make(MarginLoans)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  RiskReserve,
  RiskReserveHour,
  RiskReserveAll,
  DiscountRate,
  MarginLoans
]
