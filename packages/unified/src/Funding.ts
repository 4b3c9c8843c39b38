/**
 * V3 futures market figures (public, keyed by IP): funding rates now and in history, open
 * interest and its limits, position tiers (margin and futures) and recent liquidations.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
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

export const CurrentFundRate = Lazy.value(() =>
  Endpoint.get("/api/v3/market/current-fund-rate", {
    name: "unified.funding.currentFundRate",
    signed: false,
    rateLimit: RateLimit.ip(20),
    // `symbol` required (agent-sdk); `category` optional, sent by go-bitget only (reference §e.20).
    request: Schema.Struct({ symbol: Schema.String, category: Schema.optional(FuturesCategory) }),
    data: Schema.Array(FundRate)
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

export const HistoryFundRate = Lazy.value(() =>
  Endpoint.list("/api/v3/market/history-fund-rate", {
    name: "unified.funding.historyFundRate",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Schema.Struct({
      category: FuturesCategory,
      symbol: Schema.String,
      // A page number here, 1 to 100 (agent-sdk catalog; reference §b.8).
      cursor: Schema.optional(Limit.PageNumber.pipe(Schema.lessThanOrEqualTo(100))),
      limit: Schema.optional(Limit.PageSize)
    }),
    // `{resultList}` (Bitget.Net's recorded answer, go-bitget); bitget-api types a bare array (§e.12).
    data: Schema.Struct({ resultList: Schema.Array(PastFundRate) }),
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

export const OpenInterest = Lazy.value(() =>
  Endpoint.get("/api/v3/market/open-interest", {
    name: "unified.funding.openInterest",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Schema.Struct({ category: FuturesCategory, symbol: Schema.optional(Schema.String) }),
    data: Schema.Struct({
      list: Schema.Array(Schema.Struct({ symbol: Schema.String, openInterest: Decimal })),
      ts: Timestamp
    })
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

export const OiLimit = Lazy.value(() =>
  Endpoint.get("/api/v3/market/oi-limit", {
    name: "unified.funding.oiLimit",
    signed: false,
    rateLimit: RateLimit.ip(10),
    request: Schema.Struct({ category: FuturesCategory, symbol: Schema.optional(Schema.String) }),
    data: Schema.Array(OpenInterestLimit)
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

export const PositionTier = Lazy.value(() =>
  Endpoint.get("/api/v3/market/position-tier", {
    name: "unified.funding.positionTier",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Schema.Struct({
      category: LeveragedCategory,
      /** Futures: the contract. */
      symbol: Schema.optional(Schema.String),
      /** Margin: the coin. */
      coin: Schema.optional(Schema.String)
    }),
    data: Schema.Array(PositionTierRow)
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

export const Liquidations = Lazy.value(() =>
  Endpoint.get("/api/v3/market/liquidations", {
    name: "unified.funding.liquidations",
    signed: false,
    rateLimit: RateLimit.ip(5),
    request: Schema.Struct({
      category: FuturesCategory,
      symbol: Schema.optional(Schema.String),
      // No source gives the largest page; the exchange caps it (bitget-api `GetLiquidationsRequestV3`).
      limit: Schema.optional(Limit.PageSize),
      cursor: Schema.optional(Schema.String)
    }),
    data: Schema.Struct({ list: Schema.Array(Liquidation), cursor: Absent.optional(Schema.String) })
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
