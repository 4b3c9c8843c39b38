/**
 * Trading insight: the long/short account ratio and the active long/short position ratio of
 * a contract. Both are public and limited to 1 request per second per IP (the limiter holds
 * that); `period` is one of 5m 15m 30m 1h 2h 4h 6h 12h 1d, anything else fails locally.
 */
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

/** The periods of the ratio queries (default `5m`). */
export const Period = Schema.Literal("5m", "15m", "30m", "1h", "2h", "4h", "6h", "12h", "1d")
export type Period = typeof Period.Type

export const RatioRequest = Schema.Struct({ symbol: Schema.String, period: Schema.optional(Period) })
export interface RatioRequest extends Schema.Schema.Type<typeof RatioRequest> {}

export const LongShortRatio = Schema.Struct({
  longRatio: Decimal,
  shortRatio: Decimal,
  longShortRatio: Decimal,
  ts: Timestamp
})
export interface LongShortRatio extends Schema.Schema.Type<typeof LongShortRatio> {}

export const LongShort = Endpoint.get("/api/v2/mix/market/long-short", {
  name: "futures.longShort.longShort",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Named.as<RatioRequest>()(RatioRequest),
  data: Schema.Array(Named.as<LongShortRatio>()(LongShortRatio))
})
/**
 * `GET /api/v2/mix/market/long-short`: long/short account ratio over time. 1/s per IP. `period` 5m
 * … 1d (default 5m).
 */
export const longShort = Operation.make(LongShort)

export const PositionLongShortRatio = Schema.Struct({
  longPositionRatio: Decimal,
  shortPositionRatio: Decimal,
  longShortPositionRatio: Decimal,
  ts: Timestamp
})
export interface PositionLongShortRatio extends Schema.Schema.Type<typeof PositionLongShortRatio> {}

export const PositionLongShort = Endpoint.get("/api/v2/mix/market/position-long-short", {
  name: "futures.longShort.positionLongShort",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Named.as<RatioRequest>()(RatioRequest),
  data: Schema.Array(Named.as<PositionLongShortRatio>()(PositionLongShortRatio))
})
/**
 * `GET /api/v2/mix/market/position-long-short`: active long/short position ratio over time. 1/s
 * per IP. `period` 5m … 1d (default 5m).
 */
export const positionLongShort = Operation.make(PositionLongShort)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [LongShort, PositionLongShort]
