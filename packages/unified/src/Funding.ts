/**
 * V3 futures market figures (public, keyed by IP): funding rates now and in history, open
 * interest and its limits, position tiers (margin and futures) and recent liquidations.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { FuturesCategory, LeveragedCategory, SideOut } from "./Schemas.js"

export const FundRate = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    fundingRate: Decimal,
    /** Hours between fundings. */
    fundingRateInterval: Decimal,
    nextUpdate: Timestamp,
    minFundingRate: Decimal,
    maxFundingRate: Decimal,
    /** Real-world-asset contracts: the cash dividend and when it is next paid (bitget-api). */
    cashDividend: Absent.optional(Decimal),
    cashDividendNextUpdate: Absent.optional(Timestamp)
  })
)
export interface FundRate extends Schema.Schema.Type<typeof FundRate> {}

/** The request of `currentFundRate`. */
export const CurrentFundRateRequest = Lazy.schema(() =>
  Schema.Struct({ symbol: Schema.String, category: Schema.optional(FuturesCategory) })
)
export interface CurrentFundRateRequest extends Schema.Schema.Type<typeof CurrentFundRateRequest> {}

export const CurrentFundRate = Lazy.value(() =>
  Endpoint.get("/api/v3/market/current-fund-rate", {
    name: "unified.funding.currentFundRate",
    signed: false,
    rateLimit: RateLimit.ip(20),
    // `symbol` required (agent-sdk); `category` optional, sent by go-bitget only (reference §e.20).
    request: Named.as<CurrentFundRateRequest>()(CurrentFundRateRequest),
    data: Schema.Array(Named.as<FundRate>()(FundRate))
  })
)

/**
 * `GET /api/v3/market/current-fund-rate`: a contract's funding rate now, its bounds, interval
 * and next settlement. 20/s per IP.
 */
export const currentFundRate = Operation.make(CurrentFundRate)

export const PastFundRate = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    fundingRate: Decimal,
    fundingRateTimestamp: Timestamp
  })
)
export interface PastFundRate extends Schema.Schema.Type<typeof PastFundRate> {}

/** The request of `historyFundRate`. */
export const HistoryFundRateRequest = Lazy.schema(() =>
  Schema.Struct({
    category: FuturesCategory,
    symbol: Schema.String,
    // A page number here, 1 to 100 (agent-sdk catalog; reference §b.8).
    cursor: Schema.optional(Limit.PageNumber.pipe(Schema.lessThanOrEqualTo(100))),
    limit: Schema.optional(Limit.PageSize)
  })
)
export interface HistoryFundRateRequest extends Schema.Schema.Type<typeof HistoryFundRateRequest> {}

/** A page of past funding rates. */
export const PastFundRatePage = Lazy.schema(() =>
  Schema.Struct({ resultList: Schema.Array(Named.as<PastFundRate>()(PastFundRate)) })
)
export interface PastFundRatePage extends Schema.Schema.Type<typeof PastFundRatePage> {}

export const HistoryFundRate = Lazy.value(() =>
  Endpoint.list("/api/v3/market/history-fund-rate", {
    name: "unified.funding.historyFundRate",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<HistoryFundRateRequest>()(HistoryFundRateRequest),
    // `{resultList}` (Bitget.Net's recorded answer, go-bitget); bitget-api types a bare array (§e.12).
    data: Named.as<PastFundRatePage>()(PastFundRatePage),
    pagination: {
      list: "resultList",
      cursor: Pagination.page("cursor"),
      limit: { param: "limit", max: 200, source: "https://www.bitget.com/api-doc/uta/public/Get-History-Funding-Rate" }
    }
  })
)

/**
 * `GET /api/v3/market/history-fund-rate`: past funding rates, newest first, by page number
 * (`cursor`, 1 to 100) of up to 200. Streams count the pages. 20/s per IP.
 * Streams (`.pages`, `.items`): cursor `cursor` (1, 2, …); at most 200 a page (`limit`).
 */
export const historyFundRate = Operation.make(HistoryFundRate)

/** The request of `openInterest`. */
export const OpenInterestRequest = Lazy.schema(() =>
  Schema.Struct({ category: FuturesCategory, symbol: Schema.optional(Schema.String) })
)
export interface OpenInterestRequest extends Schema.Schema.Type<typeof OpenInterestRequest> {}

/** Open interest per contract, and when it was read. */
export const OpenInterests = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Schema.Struct({ symbol: Schema.String, openInterest: Decimal })),
    ts: Timestamp
  })
)
export interface OpenInterests extends Schema.Schema.Type<typeof OpenInterests> {}

export const OpenInterest = Lazy.value(() =>
  Endpoint.get("/api/v3/market/open-interest", {
    name: "unified.funding.openInterest",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<OpenInterestRequest>()(OpenInterestRequest),
    data: Named.as<OpenInterests>()(OpenInterests)
  })
)

/** `GET /api/v3/market/open-interest`: open interest (in the base coin) of a product's contracts, or one. 20/s per IP. */
export const openInterest = Operation.make(OpenInterest)

export const OpenInterestLimit = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    /** The limit for one account (USD). */
    notionalValue: Decimal,
    /** The limit for the whole platform (USD). */
    totalNotionalValue: Decimal
  })
)
export interface OpenInterestLimit extends Schema.Schema.Type<typeof OpenInterestLimit> {}

/** The request of `oiLimit`. */
export const OiLimitRequest = Lazy.schema(() =>
  Schema.Struct({ category: FuturesCategory, symbol: Schema.optional(Schema.String) })
)
export interface OiLimitRequest extends Schema.Schema.Type<typeof OiLimitRequest> {}

export const OiLimit = Lazy.value(() =>
  Endpoint.get("/api/v3/market/oi-limit", {
    name: "unified.funding.oiLimit",
    signed: false,
    rateLimit: RateLimit.ip(10),
    request: Named.as<OiLimitRequest>()(OiLimitRequest),
    data: Schema.Array(Named.as<OpenInterestLimit>()(OpenInterestLimit))
  })
)

/** `GET /api/v3/market/oi-limit`: open-interest limits per contract (bitget-api `getContractsOi`). 10/s per IP. */
export const oiLimit = Operation.make(OiLimit)

export const PositionTierRow = Lazy.schema(() =>
  Schema.Struct({
    tier: Decimal,
    minTierValue: Decimal,
    maxTierValue: Decimal,
    leverage: Decimal,
    /** Maintenance margin rate of the tier. */
    mmr: Decimal
  })
)
export interface PositionTierRow extends Schema.Schema.Type<typeof PositionTierRow> {}

/** The request of `positionTier`. */
export const PositionTierRequest = Lazy.schema(() =>
  Schema.Struct({
    category: LeveragedCategory,
    /** Futures: the contract. */
    symbol: Schema.optional(Schema.String),
    /** Margin: the coin. */
    coin: Schema.optional(Schema.String)
  })
)
export interface PositionTierRequest extends Schema.Schema.Type<typeof PositionTierRequest> {}

export const PositionTier = Lazy.value(() =>
  Endpoint.get("/api/v3/market/position-tier", {
    name: "unified.funding.positionTier",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<PositionTierRequest>()(PositionTierRequest),
    data: Schema.Array(Named.as<PositionTierRow>()(PositionTierRow))
  })
)

/**
 * `GET /api/v3/market/position-tier`: leverage and maintenance margin by position size, for a
 * futures `symbol` or a margin `coin` (`MARGIN` or a futures category). 20/s per IP.
 */
export const positionTier = Operation.make(PositionTier)

export const Liquidation = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    side: SideOut,
    price: Decimal,
    amount: Decimal,
    ts: Timestamp
  })
)
export interface Liquidation extends Schema.Schema.Type<typeof Liquidation> {}

/** The request of `liquidations`. */
export const LiquidationsRequest = Lazy.schema(() =>
  Schema.Struct({
    category: FuturesCategory,
    symbol: Schema.optional(Schema.String),
    // No source gives the largest page; the exchange caps it (bitget-api `GetLiquidationsRequestV3`).
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Schema.String)
  })
)
export interface LiquidationsRequest extends Schema.Schema.Type<typeof LiquidationsRequest> {}

/** A page of liquidations. */
export const LiquidationPage = Lazy.schema(() =>
  Schema.Struct({ list: Schema.Array(Named.as<Liquidation>()(Liquidation)), cursor: Absent.optional(Schema.String) })
)
export interface LiquidationPage extends Schema.Schema.Type<typeof LiquidationPage> {}

export const Liquidations = Lazy.value(() =>
  Endpoint.get("/api/v3/market/liquidations", {
    name: "unified.funding.liquidations",
    signed: false,
    rateLimit: RateLimit.ip(5),
    request: Named.as<LiquidationsRequest>()(LiquidationsRequest),
    data: Named.as<LiquidationPage>()(LiquidationPage)
  })
)

/**
 * `GET /api/v3/market/liquidations`: liquidation orders of the last three days; pass the answer's
 * `cursor` back for the next page. 5/s per IP.
 */
export const liquidations = Operation.make(Liquidations)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  CurrentFundRate,
  HistoryFundRate,
  OpenInterest,
  OiLimit,
  PositionTier,
  Liquidations
]
