/**
 * V3 instruments: the trading rules of every spot pair, margin pair and futures contract
 * (precision, order sizes, limits, leverage, status), one list per `category`.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import { YesNo } from "@effect-bitget/core/Flag"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { Category, CategoryOut } from "./Schemas.js"

/** A count or a number of decimal places: a string of digits on the wire. */
const Count = Lazy.schema(() => Schema.NumberFromString.pipe(Schema.int()))

export const InstrumentStatus = Lazy.schema(() =>
  OpenEnum("listed", "online", "limit_open", "limit_close", "offline", "restrictedAPI")
)

export const Instrument = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    category: CategoryOut,
    baseCoin: Schema.String,
    quoteCoin: Schema.String,
    symbolType: Absent.optional(OpenEnum("crypto", "metal", "stock", "commodity")),
    /** Spot: a Reality (tokenised stock) pair. */
    isReality: Absent.optional(YesNo),
    /** Futures: a real-world-asset contract. */
    isRwa: Absent.optional(YesNo),
    buyLimitPriceRatio: Absent.optional(Decimal),
    sellLimitPriceRatio: Absent.optional(Decimal),
    feeRateUpRatio: Absent.optional(Decimal),
    minOrderQty: Decimal,
    maxOrderQty: Absent.optional(Decimal),
    maxMarketOrderQty: Absent.optional(Decimal),
    /** The smallest order value in the quote coin. */
    minOrderAmount: Absent.optional(Decimal),
    pricePrecision: Count,
    quantityPrecision: Count,
    quotePrecision: Absent.optional(Count),
    maxSymbolOrderNum: Absent.optional(Count),
    maxProductOrderNum: Absent.optional(Count),
    maxPositionNum: Absent.optional(Count),
    status: InstrumentStatus,
    maintainTime: Absent.optional(Schema.String),
    launchTime: Absent.optional(Timestamp),
    /** Epoch ms as text, `"-1"` when unset (Bitget.Net's recorded answers). */
    offTime: Absent.optional(Schema.String),
    limitOpenTime: Absent.optional(Schema.String),
    // Futures only.
    type: Absent.optional(OpenEnum("perpetual", "delivery")),
    makerFeeRate: Absent.optional(Decimal),
    takerFeeRate: Absent.optional(Decimal),
    openCostUpRatio: Absent.optional(Decimal),
    priceMultiplier: Absent.optional(Decimal),
    quantityMultiplier: Absent.optional(Decimal),
    /** Hours between fundings. */
    fundInterval: Absent.optional(Count),
    minLeverage: Absent.optional(Decimal),
    maxLeverage: Absent.optional(Decimal),
    deliveryTime: Absent.optional(Timestamp),
    deliveryStartTime: Absent.optional(Timestamp),
    deliveryPeriod: Absent.optional(Schema.String),
    // Margin only (bitget-api 3.2.3 `InstrumentV3`).
    isIsolatedBaseBorrowable: Absent.optional(YesNo),
    isIsolatedQuotedBorrowable: Absent.optional(YesNo),
    warningRiskRatio: Absent.optional(Decimal),
    liquidationRiskRatio: Absent.optional(Decimal),
    maxCrossedLeverage: Absent.optional(Decimal),
    maxIsolatedLeverage: Absent.optional(Decimal),
    userMinBorrow: Absent.optional(Decimal)
  })
)
export interface Instrument extends Schema.Schema.Type<typeof Instrument> {}

/** The request of `instruments`. */
export const InstrumentsRequest = Lazy.schema(() =>
  Schema.Struct({ category: Category, symbol: Schema.optional(Schema.String) })
)
export interface InstrumentsRequest extends Schema.Schema.Type<typeof InstrumentsRequest> {}

export const Instruments = Lazy.value(() =>
  Endpoint.get("/api/v3/market/instruments", {
    name: "unified.instruments.instruments",
    signed: false,
    rateLimit: RateLimit.ip(20),
    request: Named.as<InstrumentsRequest>()(InstrumentsRequest),
    data: Schema.Array(Named.as<Instrument>()(Instrument))
  })
)

/**
 * `GET /api/v3/market/instruments`: the trading rules of a product's symbols (or of one):
 * precision, order size and value bounds, status, and for futures leverage, fees and delivery.
 * https://www.bitget.com/api-doc/uta/public/Instruments. 20/s per IP.
 */
export const instruments = Operation.make(Instruments)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [Instruments]
