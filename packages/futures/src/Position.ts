/**
 * Open positions: one symbol's (both sides in hedge mode) or every position of a product type.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { ProductType } from "./Schemas.js"

/** One side of a position. Unset take-profit and stop-loss arrive as `""` (absent here). */
export const Position = Schema.Struct({
  marginCoin: Schema.String,
  symbol: Schema.String,
  holdSide: OpenEnum("long", "short"),
  /** Size of open orders that would add to this position. */
  openDelegateSize: Absent.optional(Decimal),
  marginSize: Decimal,
  available: Decimal,
  locked: Decimal,
  total: Decimal,
  leverage: Decimal,
  achievedProfits: Absent.optional(Decimal),
  openPriceAvg: Decimal,
  marginMode: OpenEnum("crossed", "isolated"),
  posMode: OpenEnum("one_way_mode", "hedge_mode"),
  unrealizedPL: Absent.optional(Decimal),
  liquidationPrice: Absent.optional(Decimal),
  keepMarginRate: Absent.optional(Decimal),
  markPrice: Absent.optional(Decimal),
  marginRatio: Absent.optional(Decimal),
  breakEvenPrice: Absent.optional(Decimal),
  totalFee: Absent.optional(Decimal),
  deductedFee: Absent.optional(Decimal),
  grant: Absent.optional(Decimal),
  assetMode: Absent.optional(OpenEnum("single", "union")),
  autoMargin: Absent.optional(OpenEnum("on", "off")),
  takeProfit: Absent.optional(Decimal),
  stopLoss: Absent.optional(Decimal),
  takeProfitId: Absent.optional(Schema.String),
  stopLossId: Absent.optional(Schema.String),
  cTime: Timestamp,
  uTime: Absent.optional(Timestamp)
})
export type Position = typeof Position.Type

export const SinglePosition = Endpoint.get("/api/v2/mix/position/single-position", {
  name: "futures.position.singlePosition",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Schema.Struct({ symbol: Schema.String, productType: ProductType, marginCoin: Schema.String }),
  data: Schema.Array(Position)
})
/**
 * `GET /api/v2/mix/position/single-position`: a symbol's position (an array: both sides in hedge
 * mode). 10/s per UID.
 */
export const singlePosition = Operation.make(SinglePosition)

export const AllPosition = Endpoint.get("/api/v2/mix/position/all-position", {
  name: "futures.position.allPosition",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Schema.Struct({ productType: ProductType, marginCoin: Schema.optional(Schema.String) }),
  data: Schema.Array(Position)
})
/**
 * `GET /api/v2/mix/position/all-position`: every open position of a product type. 5/s per UID.
 * `marginCoin` narrows it to one margin coin.
 */
export const allPosition = Operation.make(AllPosition)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [SinglePosition, AllPosition]
