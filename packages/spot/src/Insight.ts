/**
 * Spot trading insights (public, 1 request per second per IP: Bitget's "Trading insights"
 * pages, ../shared/reference/rate-limits.tsv) and the call auction of a newly listed symbol.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

export const Auction = Schema.Struct({
  stage: OpenEnum("pre_market", "stage_1", "stage_2", "stage_3", "success", "failure"),
  stageEndTime: Absent.optional(Timestamp),
  /** `null` until the auction has a price. */
  estOpeningPrice: Absent.optional(Decimal),
  /** In base coin; `null` until orders match. */
  matchedVolume: Absent.optional(Decimal),
  auctionEndTime: Absent.optional(Timestamp)
})
export interface Auction extends Schema.Schema.Type<typeof Auction> {}

export const AuctionRequest = Schema.Struct({ symbol: Schema.String })
export interface AuctionRequest extends Schema.Schema.Type<typeof AuctionRequest> {}

export const AuctionOf = Endpoint.get("/api/v2/spot/market/auction", {
  name: "spot.insight.auction",
  signed: false,
  // "Frequency limit: 20 times/1s (IP)" (https://www.bitget.com/api-doc/spot/market/Get-Auction).
  rateLimit: RateLimit.ip(20),
  request: Named.as<AuctionRequest>()(AuctionRequest),
  data: Named.as<Auction>()(Auction)
})
/**
 * `GET /api/v2/spot/market/auction`: the call auction of a symbol about to open: its stage
 * (`pre_market`, `stage_1`…`stage_3`, `success`, `failure`), when the stage and the auction end,
 * and the estimated opening price and matched volume once known. Beyond the specification's list
 * (https://www.bitget.com/api-doc/spot/market/Get-Auction). 20/s per IP.
 */
export const auction = Operation.make(AuctionOf)

/** The periods of the fund flow (default `15m`; https://www.bitget.com/api-doc/common/apidata/Get-Spot-Fund-Flow). */
export const FlowPeriod = Schema.Literal("15m", "30m", "1h", "2h", "4h", "1d")

export const FundFlowData = Schema.Struct({
  whaleBuyVolume: Decimal,
  dolphinBuyVolume: Decimal,
  fishBuyVolume: Decimal,
  whaleSellVolume: Decimal,
  dolphinSellVolume: Decimal,
  fishSellVolume: Decimal,
  whaleBuyRatio: Decimal,
  dolphinBuyRatio: Decimal,
  fishBuyRatio: Decimal,
  whaleSellRatio: Decimal,
  dolphinSellRatio: Decimal,
  fishSellRatio: Decimal
})
export interface FundFlowData extends Schema.Schema.Type<typeof FundFlowData> {}

export const FundFlowRequest = Schema.Struct({ symbol: Schema.String, period: Schema.optional(FlowPeriod) })
export interface FundFlowRequest extends Schema.Schema.Type<typeof FundFlowRequest> {}

export const FundFlow = Endpoint.get("/api/v2/spot/market/fund-flow", {
  name: "spot.insight.fundFlow",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Named.as<FundFlowRequest>()(FundFlowRequest),
  data: Named.as<FundFlowData>()(FundFlowData)
})
/**
 * `GET /api/v2/spot/market/fund-flow`: buy and sell volumes and ratios of large (whale), medium
 * (dolphin) and small (fish) orders over a `period` (15m default … 1d; others refused locally).
 * Beyond the specification's list (https://www.bitget.com/api-doc/common/apidata/Get-Spot-Fund-Flow).
 * 1/s per IP.
 */
export const fundFlow = Operation.make(FundFlow)

export const NetFlow = Schema.Struct({ netFlow: Decimal, ts: Timestamp })
export interface NetFlow extends Schema.Schema.Type<typeof NetFlow> {}

export const FundNetFlowRequest = Schema.Struct({ symbol: Schema.String })
export interface FundNetFlowRequest extends Schema.Schema.Type<typeof FundNetFlowRequest> {}

export const FundNetFlow = Endpoint.get("/api/v2/spot/market/fund-net-flow", {
  name: "spot.insight.fundNetFlow",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Named.as<FundNetFlowRequest>()(FundNetFlowRequest),
  data: Schema.Array(Named.as<NetFlow>()(NetFlow))
})
/**
 * `GET /api/v2/spot/market/fund-net-flow`: a symbol's net fund inflow over time. Beyond the
 * specification's list (https://www.bitget.com/api-doc/common/apidata/Get-Fund-Net-Flow). 1/s per IP.
 */
export const fundNetFlow = Operation.make(FundNetFlow)

export const WhaleNetFlow = Schema.Struct({ volume: Decimal, date: Timestamp })
export interface WhaleNetFlow extends Schema.Schema.Type<typeof WhaleNetFlow> {}

export const WhaleNetFlowRequest = Schema.Struct({ symbol: Schema.String })
export interface WhaleNetFlowRequest extends Schema.Schema.Type<typeof WhaleNetFlowRequest> {}

export const WhaleNetFlows = Endpoint.get("/api/v2/spot/market/whale-net-flow", {
  name: "spot.insight.whaleNetFlow",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Named.as<WhaleNetFlowRequest>()(WhaleNetFlowRequest),
  data: Schema.Array(Named.as<WhaleNetFlow>()(WhaleNetFlow))
})
/**
 * `GET /api/v2/spot/market/whale-net-flow`: the net volume of large orders by day. Public on
 * Bitget's page (bitget-api signs it; a signature is not needed). Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/apidata/Get-Whale-Net-Flow). 1/s per IP.
 */
export const whaleNetFlow = Operation.make(WhaleNetFlows)

export const SupportSymbols = Endpoint.get("/api/v2/spot/market/support-symbols", {
  name: "spot.insight.supportSymbols",
  signed: false,
  rateLimit: RateLimit.ip(1),
  request: Endpoint.NoParams,
  data: Schema.Struct({ spotList: Schema.Array(Schema.String), futureList: Schema.Array(Schema.String) })
})
/**
 * `GET /api/v2/spot/market/support-symbols`: the spot and futures symbols the trading insights
 * cover. Beyond the specification's list
 * (https://www.bitget.com/api-doc/common/apidata/Get-Support-Symbols). 1/s per IP.
 */
export const supportSymbols = Operation.make(SupportSymbols)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  AuctionOf,
  FundFlow,
  FundNetFlow,
  WhaleNetFlows,
  SupportSymbols
]
