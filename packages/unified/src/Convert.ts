/**
 * Dust conversion of a unified account (`/api/v3/convert/small-assets*`): the coins whose balance
 * is too small to trade, what they would bring in BGB, converting them in one order, and the
 * record of past conversions. Declared from ccxt 4.5.84's paths and go-bitget's typed requests and
 * answers (`uta/account_small_assets.go`); Bitget's pages for them were not found.
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as DateTime from "effect/DateTime"
import * as Schema from "effect/Schema"

const FeeDetail = Lazy.schema(() =>
  Schema.Struct({
    feeRate: Absent.optional(Decimal.Decimal),
    fee: Absent.optional(Decimal.Decimal)
  })
)

export const SmallAsset = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    available: Decimal.Decimal,
    /** What it converts into (BGB) and about how much. */
    estimatedCoin: Schema.String,
    estimatedAmount: Decimal.Decimal,
    feeDetail: Absent.optional(FeeDetail),
    cTime: Absent.optional(Timestamp)
  })
)
export interface SmallAsset extends Schema.Schema.Type<typeof SmallAsset> {}

export const SmallAssets = Lazy.value(() =>
  Endpoint.get("/api/v3/convert/small-assets", {
    name: "unified.convert.smallAssets",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Endpoint.NoParams,
    data: Schema.Array(Named.as<SmallAsset>()(SmallAsset))
  })
)

/**
 * `GET /api/v3/convert/small-assets`: the coins small enough to convert to BGB, each with the BGB
 * it would bring and the fee. 10/s per UID.
 */
export const smallAssets = Operation.make(SmallAssets)

export const SmallAssetsTrade = Lazy.value(() =>
  Endpoint.post("/api/v3/convert/small-assets-trade", {
    name: "unified.convert.smallAssetsTrade",
    signed: true,
    rateLimit: RateLimit.uid(10),
    errors: ["InsufficientBalance"],
    request: Schema.Struct({
      fromCoinList: Schema.Array(Limit.NonEmpty).pipe(
        Schema.filter((coins) => coins.length > 0 || "fromCoinList: at least one coin")
      )
    }),
    data: Schema.Struct({
      fromCoin: Schema.Array(Schema.String),
      toCoin: Schema.String,
      orderId: Schema.String
    })
  })
)

/**
 * `POST /api/v3/convert/small-assets-trade`: converts all of each coin in `fromCoinList` (at least
 * one, checked locally) into BGB in one order; a coin that is not small enough is refused. 10/s
 * per UID.
 */
export const smallAssetsTrade = Operation.make(SmallAssetsTrade)

export const SmallAssetsConversion = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.String,
    fromCoin: Schema.String,
    fromAmount: Decimal.Decimal,
    fromCoinPrice: Absent.optional(Decimal.Decimal),
    toCoin: Schema.String,
    toAmount: Decimal.Decimal,
    toCoinPrice: Absent.optional(Decimal.Decimal),
    feeDetail: Absent.optional(FeeDetail),
    status: OpenEnum("success", "fail", "processing"),
    createdTime: Timestamp
  })
)
export interface SmallAssetsConversion extends Schema.Schema.Type<typeof SmallAssetsConversion> {}

const DAY = 86_400_000

/** The request of `smallAssetsHistory`. */
export const SmallAssetsHistoryRequest = Lazy.schema(() =>
  Schema.Struct({
    orderId: Schema.optional(Schema.String),
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    /** At most 100 (go-bitget: default 20, max 100). */
    limit: Schema.optional(Limit.PageSize.pipe(Schema.lessThanOrEqualTo(100))),
    /** The smallest `orderId` of the last page. */
    cursor: Schema.optional(Limit.Cursor)
  }).pipe(
    Schema.filter((request) =>
      request.startTime === undefined || request.endTime === undefined ||
      DateTime.toEpochMillis(request.endTime) - DateTime.toEpochMillis(request.startTime) <= 30 * DAY ||
      "endTime: at most 30 days after startTime"
    )
  )
)
export interface SmallAssetsHistoryRequest extends Schema.Schema.Type<typeof SmallAssetsHistoryRequest> {}

/** A page of small-asset conversions. */
export const SmallAssetsConversionPage = Lazy.schema(() =>
  Schema.Struct({
    list: Schema.Array(Named.as<SmallAssetsConversion>()(SmallAssetsConversion)),
    cursor: Absent.optional(Schema.String)
  })
)
export interface SmallAssetsConversionPage extends Schema.Schema.Type<typeof SmallAssetsConversionPage> {}

export const SmallAssetsHistory = Lazy.value(() =>
  Endpoint.get("/api/v3/convert/small-assets-history", {
    name: "unified.convert.smallAssetsHistory",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<SmallAssetsHistoryRequest>()(SmallAssetsHistoryRequest),
    data: Named.as<SmallAssetsConversionPage>()(SmallAssetsConversionPage)
  })
)

/**
 * `GET /api/v3/convert/small-assets-history`: past dust conversions, newest first, one row per
 * coin converted; `startTime`–`endTime` at most 30 days apart (checked locally) within the last 90
 * days, at most 100 a page, the next page below `cursor` (the smallest `orderId` so far). A plain
 * call, not a Stream: no Bitget page confirms the paging. 10/s per UID.
 */
export const smallAssetsHistory = Operation.make(SmallAssetsHistory)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [SmallAssets, SmallAssetsTrade, SmallAssetsHistory]
