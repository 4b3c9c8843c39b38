/**
 * Leverage and position settings of the unified account: leverage per futures symbol or margin
 * coin, its preview, the position (hold) mode, and isolated margin added to or taken from a position.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Schema from "effect/Schema"
import { FuturesCategory, HoldMode, LeveragedCategory, MarginMode, PosSide } from "./Schemas.js"

/**
 * What leverage applies to (https://www.bitget.com/api-doc/uta/account/Change-Leverage): a
 * futures category needs `symbol`, `MARGIN` needs `coin`.
 */
const target = (
  request: {
    readonly category: typeof LeveragedCategory.Type
    readonly symbol?: string | undefined
    readonly coin?: string | undefined
  }
) =>
  Spelling.is(request.category, "MARGIN")
    ? (request.coin !== undefined && request.coin !== "") || "coin: required for MARGIN"
    : (request.symbol !== undefined && request.symbol !== "") || "symbol: required for a futures category"

export const SetLeverageRequest = Lazy.schema(() =>
  Schema.Struct({
    category: LeveragedCategory,
    symbol: Schema.optional(Schema.String),
    coin: Schema.optional(Schema.String),
    leverage: PositiveDecimalInput,
    /** Isolated margin: the side whose leverage changes. */
    posSide: Schema.optional(PosSide),
    /** Futures; `crossed` by default (bitget-api, go-bitget: newer than the catalog, reference §e.14). */
    marginMode: Schema.optional(MarginMode),
    /** Isolated hedge mode: each side's leverage, over `leverage` when given. */
    longLeverage: Schema.optional(PositiveDecimalInput),
    shortLeverage: Schema.optional(PositiveDecimalInput)
  }).pipe(Schema.filter(target))
)
export interface SetLeverageRequest extends Schema.Schema.Type<typeof SetLeverageRequest> {}

export const SetLeverage = Lazy.value(() =>
  Endpoint.post("/api/v3/account/set-leverage", {
    name: "unified.leverage.setLeverage",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<SetLeverageRequest>()(SetLeverageRequest),
    data: Schema.String
  })
)

/**
 * `POST /api/v3/account/set-leverage`: a futures symbol's leverage (`symbol`), or a margin coin's
 * (`category: "MARGIN"`, `coin`). Answers `"success"`. 10/s per UID.
 */
export const setLeverage = Operation.make(SetLeverage)

/** The request of `preSetLeverage`. */
export const PreSetLeverageRequest = Lazy.schema(() =>
  Schema.Struct({
    category: LeveragedCategory,
    symbol: Schema.optional(Schema.String),
    coin: Schema.optional(Schema.String),
    // `cross`, not `crossed`, here (bitget-api 3.2.3 `PreSetLeverageRequestV3`).
    marginMode: Spelling.literal("isolated", "cross"),
    leverage: Schema.optional(PositiveDecimalInput),
    longLeverage: Schema.optional(PositiveDecimalInput),
    shortLeverage: Schema.optional(PositiveDecimalInput)
  }).pipe(Schema.filter(target))
)
export interface PreSetLeverageRequest extends Schema.Schema.Type<typeof PreSetLeverageRequest> {}

/** What a leverage change would do. */
export const LeveragePreview = Lazy.schema(() =>
  Schema.Struct({
    estMaxOpen: Absent.optional(Decimal),
    estMaxBorrowable: Absent.optional(Decimal),
    requiredMargin: Decimal,
    marginChange: Decimal
  })
)
export interface LeveragePreview extends Schema.Schema.Type<typeof LeveragePreview> {}

export const PreSetLeverage = Lazy.value(() =>
  Endpoint.get("/api/v3/account/pre-set-leverage", {
    name: "unified.leverage.preSetLeverage",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<PreSetLeverageRequest>()(PreSetLeverageRequest),
    data: Named.as<LeveragePreview>()(LeveragePreview)
  })
)

/**
 * `GET /api/v3/account/pre-set-leverage`: what a leverage change would do (margin needed, the
 * largest position) before making it. 10/s per UID.
 */
export const preSetLeverage = Operation.make(PreSetLeverage)

export const SetHoldMode = Lazy.value(() =>
  Endpoint.post("/api/v3/account/set-hold-mode", {
    name: "unified.leverage.setHoldMode",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({ holdMode: HoldMode }),
    data: Schema.String
  })
)

/**
 * `POST /api/v3/account/set-hold-mode`: one-way or hedge positions for the whole account. Refused
 * while positions or orders are open. Answers `"success"`. 10/s per UID.
 */
export const setHoldMode = Operation.make(SetHoldMode)

/** The request of `setMargin`. */
export const SetMarginRequest = Lazy.schema(() =>
  Schema.Struct({
    category: FuturesCategory,
    symbol: Schema.String,
    posSide: PosSide,
    operation: Spelling.literal("add", "remove"),
    amount: PositiveDecimalInput
  })
)
export interface SetMarginRequest extends Schema.Schema.Type<typeof SetMarginRequest> {}

export const SetMargin = Lazy.value(() =>
  Endpoint.post("/api/v3/account/set-margin", {
    name: "unified.leverage.setMargin",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Named.as<SetMarginRequest>()(SetMarginRequest),
    data: Schema.String,
    errors: ["InsufficientBalance"]
  })
)

/** `POST /api/v3/account/set-margin`: adds margin to an isolated position or takes some out. 10/s per UID. */
export const setMargin = Operation.make(SetMargin)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [SetLeverage, PreSetLeverage, SetHoldMode, SetMargin]
