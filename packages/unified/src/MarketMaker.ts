/**
 * V3 market-maker programme terms (public, keyed by IP): fee groups and their tiers, and the
 * score weights of quoted symbols. `category` here is `SPOT` or `FUTURES` (bitget-api 3.2.3).
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import * as Schema from "effect/Schema"

/** The programme's own product split. */
export const MakerCategory = Lazy.schema(() => Spelling.literal("SPOT", "FUTURES"))

export const FeeGroupRow = Lazy.schema(() =>
  Schema.Struct({
    category: Schema.String,
    group: Schema.String,
    labelList: Schema.Array(
      Schema.Struct({ weight: Decimal, label: Schema.String, symbols: Schema.Array(Schema.String) })
    ),
    tierList: Schema.Array(
      Schema.Struct({ level: Schema.String, makerFeeRate: Decimal, takerFeeRate: Absent.optional(Decimal) })
    )
  })
)
export interface FeeGroupRow extends Schema.Schema.Type<typeof FeeGroupRow> {}

/** The request of `feeGroup`. */
export const FeeGroupRequest = Lazy.schema(() =>
  Schema.Struct({
    category: MakerCategory,
    group: Schema.optional(Spelling.literal("DEFAULT", "GROUP_A", "GROUP_B", "GROUP_C"))
  })
)
export interface FeeGroupRequest extends Schema.Schema.Type<typeof FeeGroupRequest> {}

export const FeeGroup = Lazy.value(() =>
  Endpoint.get("/api/v3/market/fee-group", {
    name: "unified.marketMaker.feeGroup",
    signed: false,
    rateLimit: RateLimit.ip(5),
    request: Named.as<FeeGroupRequest>()(FeeGroupRequest),
    data: Schema.Array(Named.as<FeeGroupRow>()(FeeGroupRow))
  })
)

/** `GET /api/v3/market/fee-group`: market-maker fee groups, their symbols and fee tiers. 5/s per IP. */
export const feeGroup = Operation.make(FeeGroup)

export const ScoreWeight = Lazy.schema(() =>
  Schema.Struct({
    category: Schema.String,
    label: Schema.String,
    symbol: Schema.String,
    requiredSpread: Decimal,
    minMakerVolume: Decimal,
    weight: Decimal
  })
)
export interface ScoreWeight extends Schema.Schema.Type<typeof ScoreWeight> {}

export const ScoreWeights = Lazy.value(() =>
  Endpoint.get("/api/v3/market/score-weights", {
    name: "unified.marketMaker.scoreWeights",
    signed: false,
    rateLimit: RateLimit.ip(5),
    request: Schema.Struct({ category: Schema.optional(MakerCategory) }),
    data: Schema.Array(Named.as<ScoreWeight>()(ScoreWeight))
  })
)

/** `GET /api/v3/market/score-weights`: market-maker score weights, spreads and volumes per symbol. 5/s per IP. */
export const scoreWeights = Operation.make(ScoreWeights)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [FeeGroup, ScoreWeights]
