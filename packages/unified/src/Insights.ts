/**
 * V3 market insights (public, 1 request per second per IP, reference §c): who buys a spot pair
 * (whale, dolphin and fish flows), how margin traders lean (long/short, loan growth, isolated
 * borrowing) and how futures traders lean (taker volume, long/short by account and position).
 * Parameters and row fields as bitget-api's `Get…RequestV3`/`…V3` types and go-bitget's `uta`
 * services give them; the periods each takes are go-bitget's (bitget-api types most as strings).
 */
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Named from "@effect-bitget/core/Named"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"

/** Spot fund-flow periods (default `15m`; go-bitget `GetSpotFundFlowService.SetPeriod`). */
export const FundFlowPeriod = Lazy.schema(() => Spelling.literal("15m", "30m", "1h", "2h", "4h", "1d"))
/** Margin windows (default `24h`; bitget-api `GetMarginLongShortRequestV3`, go-bitget). */
export const MarginPeriod = Lazy.schema(() => Spelling.literal("24h", "30d"))
/** Futures periods (default `5m`; go-bitget, as V2's `/api/v2/mix/market/long-short`). */
export const FuturesPeriod = Lazy.schema(() =>
  Spelling.literal("5m", "15m", "30m", "1h", "2h", "4h", "6h", "12h", "1d")
)

const symbolOnly = Lazy.schema(() => Schema.Struct({ symbol: Schema.String }))
/** The request of the futures insights. */
export const FuturesInsightRequest = Lazy.schema(() =>
  Schema.Struct({ symbol: Schema.String, period: Schema.optional(FuturesPeriod) })
)
export interface FuturesInsightRequest extends Schema.Schema.Type<typeof FuturesInsightRequest> {}
/** The request of `marginLongShort` and `marginLoanGrowth`. */
export const MarginInsightRequest = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    period: Schema.optional(MarginPeriod),
    /** The base or the quote coin (default the base coin). */
    coin: Schema.optional(Schema.String)
  })
)
export interface MarginInsightRequest extends Schema.Schema.Type<typeof MarginInsightRequest> {}

const insight = <Req, ReqEncoded, Data, DataEncoded>(
  path: string,
  name: string,
  request: Schema.Schema<Req, ReqEncoded>,
  data: Schema.Schema<Data, DataEncoded>
) => Endpoint.get(path, { name: `unified.insights.${name}`, signed: false, rateLimit: RateLimit.ip(1), request, data })

export const WhaleFlow = Lazy.schema(() =>
  Schema.Struct({
    /** Whales' net buying (negative: net selling) of the day, in the quote coin. */
    volume: Decimal,
    /** The day's start. */
    date: Timestamp
  })
)
export interface WhaleFlow extends Schema.Schema.Type<typeof WhaleFlow> {}

export const SpotWhaleFlow = Lazy.value(() =>
  insight(
    "/api/v3/market/spot-whale-flow",
    "spotWhaleFlow",
    symbolOnly,
    Schema.Array(Named.as<WhaleFlow>()(WhaleFlow))
  )
)
/** `GET /api/v3/market/spot-whale-flow`: a spot pair's daily whale net flow. 1/s per IP. */
export const spotWhaleFlow = Operation.make(SpotWhaleFlow)

export const FundFlow = Lazy.schema(() =>
  Schema.Struct({
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
)
export interface FundFlow extends Schema.Schema.Type<typeof FundFlow> {}

/** The request of `spotFundFlow`. */
export const FundFlowRequest = Lazy.schema(() =>
  Schema.Struct({ symbol: Schema.String, period: Schema.optional(FundFlowPeriod) })
)
export interface FundFlowRequest extends Schema.Schema.Type<typeof FundFlowRequest> {}

export const SpotFundFlow = Lazy.value(() =>
  insight(
    "/api/v3/market/spot-fund-flow",
    "spotFundFlow",
    Named.as<FundFlowRequest>()(FundFlowRequest),
    Named.as<FundFlow>()(FundFlow)
  )
)
/**
 * `GET /api/v3/market/spot-fund-flow`: a spot pair's buy and sell volume over the last `period`
 * (15m … 1d, default 15m) by holder size, with each one's share of the total. 1/s per IP.
 */
export const spotFundFlow = Operation.make(SpotFundFlow)

export const NetFlow = Lazy.schema(() => Schema.Struct({ netFlow: Decimal, ts: Timestamp }))
export interface NetFlow extends Schema.Schema.Type<typeof NetFlow> {}

export const SpotNetFlow = Lazy.value(() =>
  insight("/api/v3/market/spot-net-flow", "spotNetFlow", symbolOnly, Schema.Array(Named.as<NetFlow>()(NetFlow)))
)
/** `GET /api/v3/market/spot-net-flow`: a spot pair's net capital inflow, hour by hour over 24 h. 1/s per IP. */
export const spotNetFlow = Operation.make(SpotNetFlow)

export const MarginLongShortRatio = Lazy.schema(() => Schema.Struct({ longShortRatio: Decimal, ts: Timestamp }))
export interface MarginLongShortRatio extends Schema.Schema.Type<typeof MarginLongShortRatio> {}

export const MarginLongShort = Lazy.value(() =>
  insight(
    "/api/v3/market/margin-long-short",
    "marginLongShort",
    Named.as<MarginInsightRequest>()(MarginInsightRequest),
    Schema.Array(Named.as<MarginLongShortRatio>()(MarginLongShortRatio))
  )
)
/** `GET /api/v3/market/margin-long-short`: margin traders' long/short ratio over `24h` (default) or `30d`. 1/s per IP. */
export const marginLongShort = Operation.make(MarginLongShort)

export const LoanGrowth = Lazy.schema(() => Schema.Struct({ growthRate: Decimal, ts: Timestamp }))
export interface LoanGrowth extends Schema.Schema.Type<typeof LoanGrowth> {}

export const MarginLoanGrowth = Lazy.value(() =>
  insight(
    "/api/v3/market/margin-loan-growth",
    "marginLoanGrowth",
    Named.as<MarginInsightRequest>()(MarginInsightRequest),
    Schema.Array(Named.as<LoanGrowth>()(LoanGrowth))
  )
)
/** `GET /api/v3/market/margin-loan-growth`: the growth rate of a margin coin's loans over `24h` or `30d`. 1/s per IP. */
export const marginLoanGrowth = Operation.make(MarginLoanGrowth)

export const IsolatedBorrow = Lazy.schema(() => Schema.Struct({ borrowRate: Decimal, ts: Timestamp }))
export interface IsolatedBorrow extends Schema.Schema.Type<typeof IsolatedBorrow> {}

export const MarginIsolatedBorrow = Lazy.value(() =>
  insight(
    "/api/v3/market/margin-isolated-borrow",
    "marginIsolatedBorrow",
    Schema.Struct({ symbol: Schema.String, period: Schema.optional(MarginPeriod) }),
    Schema.Array(Named.as<IsolatedBorrow>()(IsolatedBorrow))
  )
)
/** `GET /api/v3/market/margin-isolated-borrow`: the isolated-margin borrowing ratio over `24h` or `30d`. 1/s per IP. */
export const marginIsolatedBorrow = Operation.make(MarginIsolatedBorrow)

export const ActiveBuySell = Lazy.schema(() =>
  Schema.Struct({ buyVolume: Decimal, sellVolume: Decimal, ts: Timestamp })
)
export interface ActiveBuySell extends Schema.Schema.Type<typeof ActiveBuySell> {}

export const FuturesActiveBuySell = Lazy.value(() =>
  insight(
    "/api/v3/market/futures-active-buy-sell",
    "futuresActiveBuySell",
    Named.as<FuturesInsightRequest>()(FuturesInsightRequest),
    Schema.Array(Named.as<ActiveBuySell>()(ActiveBuySell))
  )
)
/** `GET /api/v3/market/futures-active-buy-sell`: a contract's taker buy and sell volume per `period` (default 5m). 1/s per IP. */
export const futuresActiveBuySell = Operation.make(FuturesActiveBuySell)

/** The same fields as V2's `futures.longShort.longShort` rows. */
export const LongShortRatio = Lazy.schema(() =>
  Schema.Struct({
    longRatio: Decimal,
    shortRatio: Decimal,
    longShortRatio: Decimal,
    ts: Timestamp
  })
)
export interface LongShortRatio extends Schema.Schema.Type<typeof LongShortRatio> {}

export const FuturesLongShort = Lazy.value(() =>
  insight(
    "/api/v3/market/futures-long-short",
    "futuresLongShort",
    Named.as<FuturesInsightRequest>()(FuturesInsightRequest),
    Schema.Array(Named.as<LongShortRatio>()(LongShortRatio))
  )
)
/** `GET /api/v3/market/futures-long-short`: a contract's long/short ratio per `period` (default 5m). 1/s per IP. */
export const futuresLongShort = Operation.make(FuturesLongShort)

/** The same fields as V2's `futures.longShort.positionLongShort` rows. */
export const PositionLongShortRatio = Lazy.schema(() =>
  Schema.Struct({
    longPositionRatio: Decimal,
    shortPositionRatio: Decimal,
    longShortPositionRatio: Decimal,
    ts: Timestamp
  })
)
export interface PositionLongShortRatio extends Schema.Schema.Type<typeof PositionLongShortRatio> {}

export const FuturesPositionLongShort = Lazy.value(() =>
  insight(
    "/api/v3/market/futures-position-long-short",
    "futuresPositionLongShort",
    Named.as<FuturesInsightRequest>()(FuturesInsightRequest),
    Schema.Array(Named.as<PositionLongShortRatio>()(PositionLongShortRatio))
  )
)
/** `GET /api/v3/market/futures-position-long-short`: the active long/short position ratio per `period`. 1/s per IP. */
export const futuresPositionLongShort = Operation.make(FuturesPositionLongShort)

export const AccountLongShortRatio = Lazy.schema(() =>
  Schema.Struct({
    longAccountRatio: Decimal,
    shortAccountRatio: Decimal,
    longShortAccountRatio: Decimal,
    ts: Timestamp
  })
)
export interface AccountLongShortRatio extends Schema.Schema.Type<typeof AccountLongShortRatio> {}

export const FuturesAccountLongShort = Lazy.value(() =>
  insight(
    "/api/v3/market/futures-account-long-short",
    "futuresAccountLongShort",
    Named.as<FuturesInsightRequest>()(FuturesInsightRequest),
    Schema.Array(Named.as<AccountLongShortRatio>()(AccountLongShortRatio))
  )
)
/** `GET /api/v3/market/futures-account-long-short`: the long/short account ratio per `period`. 1/s per IP. */
export const futuresAccountLongShort = Operation.make(FuturesAccountLongShort)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  SpotWhaleFlow,
  SpotFundFlow,
  SpotNetFlow,
  MarginLongShort,
  MarginLoanGrowth,
  MarginIsolatedBorrow,
  FuturesActiveBuySell,
  FuturesLongShort,
  FuturesPositionLongShort,
  FuturesAccountLongShort
]
