/**
 * P2P advertisements of a unified account (`/api/v3/p2p/ad-*`, `my-ads`, `exchange-rate`,
 * `fee-simulate`): the public ads a user can take, and a merchant's own ads, created, updated,
 * taken off the shelf (`delist`), put back (`publish`) or removed. A sell ad's quantity is held
 * out of the merchant's P2P balance while it is listed. Parameters and answers are from Bitget's
 * UTA P2P pages (https://www.bitget.com/api-doc/uta/p2p/ad-management/Create-Ad and its
 * siblings), agreeing with bitget-api (`types/request/v3/p2p.ts`) and go-bitget (`uta/p2p.go`).
 * Every P2P endpoint is limited to 10 requests a second per UID (each page).
 */
import * as Absent from "@effect-bitget/core/Absent"
import * as Decimal from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as BigDecimal from "effect/BigDecimal"
import * as Schema from "effect/Schema"

export const P2P_RATE = RateLimit.uid(10)
const PAGES = "https://www.bitget.com/api-doc/uta/p2p"
const given = (value: unknown) => value !== undefined && value !== ""

/** The side of an ad or order, from the merchant's point of view: `buy` or `sell`. */
export const Side = Lazy.schema(() => Spelling.literal("buy", "sell"))
export const SideOut = Lazy.schema(() => OpenEnum("buy", "sell"))

/** `fixed` (a price in fiat) or `floating` (a premium over the reference rate). */
export const PriceType = Lazy.schema(() => Spelling.literal("fixed", "floating"))
export const PriceTypeOut = Lazy.schema(() => OpenEnum("fixed", "floating"))

/** `publish` (on the shelf), `delist` (off the shelf) or `remove` (removed): the ad's status. */
export const AdStatus = Lazy.schema(() => Spelling.literal("publish", "delist", "remove"))
export const AdStatusOut = Lazy.schema(() => OpenEnum("publish", "delist", "remove"))

/** `public` (the marketplace) or `private` (by invitation). */
export const MarketType = Lazy.schema(() => Spelling.literal("public", "private"))

/**
 * Minutes the buyer has to pay: a whole number above zero. Bitget's Create-Ad page lists "5, 10"
 * while its own example sends "15", and Get-Currencies answers each fiat's allowed values
 * (`payTimeLimit`, e.g. `[10, 20]`): the exchange checks the value against the fiat's list
 * (60006), so locally only its shape is checked.
 */
export const PayTimeLimit = Lazy.schema(() =>
  Schema.NumberFromString.pipe(
    Schema.int({ message: () => "payTimeLimit: minutes as a whole number" }),
    Schema.positive({ message: () => "payTimeLimit: minutes above zero" })
  )
)

/** A payment method the ad accepts, and (sell ads) the merchant's own account of it to be paid into. */
export const PayMethodRef = Lazy.schema(() =>
  Schema.Struct({
    payMethodId: Limit.NonEmpty,
    userPayMethodId: Schema.optional(Limit.NonEmpty)
  })
)
export interface PayMethodRef extends Schema.Schema.Type<typeof PayMethodRef> {}

type Amount = BigDecimal.BigDecimal | string

const lte = (a: Amount | undefined, b: Amount | undefined) =>
  a === undefined || b === undefined || BigDecimal.lessThanOrEqualTo(Decimal.toBigDecimal(a), Decimal.toBigDecimal(b))

interface AdTerms {
  readonly side?: "buy" | "sell" | undefined
  readonly priceType?: "fixed" | "floating" | undefined
  readonly price?: Amount | undefined
  readonly premium?: Amount | undefined
  readonly minAmount?: Amount | undefined
  readonly maxAmount?: Amount | undefined
  readonly payMethodIds?: ReadonlyArray<PayMethodRef> | undefined
}

/**
 * The rules of Bitget's Create-Ad and Update-Ad pages that tie fields together: `price` is
 * required for a fixed price and `premium` for a floating one; a sell ad names, for every method,
 * the merchant's account to be paid into (`userPayMethodId`); an order's least fiat amount is not
 * above its most.
 */
const adTerms = (ad: AdTerms): true | string => {
  if (Spelling.is(ad.priceType, "fixed") && !given(ad.price)) return "price: required when priceType is fixed"
  if (Spelling.is(ad.priceType, "floating") && !given(ad.premium)) return "premium: required when priceType is floating"
  if (ad.payMethodIds !== undefined && ad.payMethodIds.length === 0) return "payMethodIds: at least one method"
  if (Spelling.is(ad.side, "sell") && ad.payMethodIds?.some((method) => !given(method.userPayMethodId))) {
    return "payMethodIds: userPayMethodId is required for every method of a sell ad"
  }
  if (!lte(ad.minAmount, ad.maxAmount)) return "minAmount: must not be above maxAmount"
  return true
}

export const CreateAdRequest = Lazy.schema(() =>
  Schema.Struct({
    token: Limit.NonEmpty,
    fiat: Limit.NonEmpty,
    side: Side,
    priceType: PriceType,
    /** The fixed unit price in fiat (`priceType: "fixed"`). */
    price: Schema.optional(Decimal.PositiveDecimalInput),
    /** The premium rate over the reference rate (`priceType: "floating"`). */
    premium: Schema.optional(Decimal.DecimalInput),
    /** The least and most fiat one order may take. */
    minAmount: Decimal.PositiveDecimalInput,
    maxAmount: Decimal.PositiveDecimalInput,
    /** The ad's whole quantity, in the token. */
    quantity: Decimal.PositiveDecimalInput,
    payMethodIds: Schema.Array(PayMethodRef),
    remark: Schema.optional(Schema.String),
    tradeTerms: Schema.optional(Schema.String),
    payTimeLimit: PayTimeLimit
  }).pipe(Schema.filter(adTerms))
)
export interface CreateAdRequest extends Schema.Schema.Type<typeof CreateAdRequest> {}

export const CreateAd = Lazy.value(() =>
  Endpoint.post("/api/v3/p2p/ad-create", {
    name: "unified.p2PAds.createAd",
    signed: true,
    rateLimit: P2P_RATE,
    errors: ["InsufficientBalance"],
    request: Named.as<CreateAdRequest>()(CreateAdRequest),
    data: Schema.Struct({ advId: Schema.String })
  })
)

/**
 * `POST /api/v3/p2p/ad-create`: publishes an ad to buy or sell `quantity` of `token` for `fiat`,
 * at a fixed `price` or a floating `premium`, orders of `minAmount`–`maxAmount` fiat. Checked
 * locally: the price of its price type, `minAmount` not above `maxAmount`, at least one payment
 * method and, for a sell ad, the merchant's account for each (`userPayMethodId`). A sell ad holds
 * its quantity out of the P2P balance (`P2PMerchant.balance`'s `frozenBalance`). 10/s per UID.
 */
export const createAd = Operation.make(CreateAd)

export const UpdateAdRequest = Lazy.schema(() =>
  Schema.Struct({
    advId: Limit.NonEmpty,
    priceType: Schema.optional(PriceType),
    price: Schema.optional(Decimal.PositiveDecimalInput),
    premium: Schema.optional(Decimal.DecimalInput),
    minAmount: Schema.optional(Decimal.PositiveDecimalInput),
    maxAmount: Schema.optional(Decimal.PositiveDecimalInput),
    quantity: Schema.optional(Decimal.PositiveDecimalInput),
    payMethodIds: Schema.optional(Schema.Array(PayMethodRef)),
    /** Required on every update (Bitget's Update-Ad page; go-bitget `NewUpdateP2PAdService`). */
    payTimeLimit: PayTimeLimit,
    remark: Schema.optional(Schema.String),
    tradeTerms: Schema.optional(Schema.String)
  }).pipe(Schema.filter(adTerms))
)
export interface UpdateAdRequest extends Schema.Schema.Type<typeof UpdateAdRequest> {}

export const UpdateAd = Lazy.value(() =>
  Endpoint.post("/api/v3/p2p/ad-update", {
    name: "unified.p2PAds.updateAd",
    signed: true,
    rateLimit: P2P_RATE,
    errors: ["InsufficientBalance"],
    request: Named.as<UpdateAdRequest>()(UpdateAdRequest),
    data: Schema.Unknown
  })
)

/**
 * `POST /api/v3/p2p/ad-update`: changes the fields given of one of your ads (`payTimeLimit` is
 * always sent). The same local rules as `createAd` for what is given; a sell ad's new `quantity`
 * holds more of the P2P balance, or gives some back. 10/s per UID.
 */
export const updateAd = Operation.make(UpdateAd)

export const OperateAd = Lazy.value(() =>
  Endpoint.post("/api/v3/p2p/ad-operate", {
    name: "unified.p2PAds.operateAd",
    signed: true,
    rateLimit: P2P_RATE,
    errors: ["InsufficientBalance"],
    request: Schema.Struct({
      advId: Limit.NonEmpty,
      /** `publish` (back on the shelf), `delist` (off the shelf) or `remove` (for good). */
      operation: AdStatus
    }),
    data: Schema.Unknown
  })
)

/**
 * `POST /api/v3/p2p/ad-operate`: takes one of your ads off the shelf (`delist`), puts it back
 * (`publish`) or removes it (`remove`, final). A sell ad taken off or removed gives its remaining
 * quantity back to the P2P balance; published again, holds it again. 10/s per UID.
 */
export const operateAd = Operation.make(OperateAd)

export const AdPayMethod = Lazy.schema(() =>
  Schema.Struct({
    payMethodId: Schema.String,
    userPayMethodId: Absent.optional(Schema.String)
  })
)

export const AdInfo = Lazy.schema(() =>
  Schema.Struct({
    advId: Schema.String,
    side: SideOut,
    priceType: PriceTypeOut,
    token: Schema.String,
    fiat: Schema.String,
    price: Decimal.Decimal,
    /** The ad's whole quantity, what was sold of it, and what remains (token). */
    amount: Decimal.Decimal,
    soldAmount: Absent.optional(Decimal.Decimal),
    lastAmount: Absent.optional(Decimal.Decimal),
    minAmount: Decimal.Decimal,
    maxAmount: Decimal.Decimal,
    /** Minutes the buyer has to pay. */
    payDuration: Absent.optional(Schema.String),
    premium: Absent.optional(Decimal.Decimal),
    turnover: Absent.optional(Decimal.Decimal),
    remark: Absent.optional(Schema.String),
    tradeTerm: Absent.optional(Schema.String),
    payMethodIds: Schema.Array(AdPayMethod),
    tokenPrecision: Absent.optional(Schema.String),
    fiatPrecision: Absent.optional(Schema.String),
    market: Absent.optional(OpenEnum("public", "private")),
    avgTime: Absent.optional(Schema.String),
    createdTime: Timestamp,
    updatedTime: Absent.optional(Timestamp)
  })
)
export interface AdInfo extends Schema.Schema.Type<typeof AdInfo> {}

export const AdInfoOf = Lazy.value(() =>
  Endpoint.get("/api/v3/p2p/ad-info", {
    name: "unified.p2PAds.adInfo",
    signed: true,
    rateLimit: P2P_RATE,
    request: Schema.Struct({ advId: Limit.NonEmpty }),
    data: Named.as<AdInfo>()(AdInfo)
  })
)

/** `GET /api/v3/p2p/ad-info`: one of your ads in full (quantities, price, methods, times). 10/s per UID. */
export const adInfo = Operation.make(AdInfoOf)

export const MyAd = Lazy.schema(() =>
  Schema.Struct({
    advId: Schema.String,
    side: SideOut,
    priceType: PriceTypeOut,
    token: Schema.String,
    fiat: Schema.String,
    price: Decimal.Decimal,
    soldAmount: Absent.optional(Decimal.Decimal),
    lastAmount: Absent.optional(Decimal.Decimal),
    payMethods: Schema.Array(Schema.Struct({ payMethodId: Schema.String })),
    status: AdStatusOut,
    createdTime: Timestamp,
    updatedTime: Absent.optional(Timestamp)
  })
)
export interface MyAd extends Schema.Schema.Type<typeof MyAd> {}

/** A cursor page of P2P rows: `items`, and `nextId` to ask for the rows after them. */
export const CursorPage = <S extends Schema.Schema.Any>(row: S) =>
  Schema.Struct({ items: Schema.Array(row), nextId: Absent.optional(Schema.String) })

/** The request of `myAds`. */
export const MyAdsRequest = Lazy.schema(() =>
  Schema.Struct({
    startTime: Schema.optional(Limit.Time),
    endTime: Schema.optional(Limit.Time),
    limit: Schema.optional(Limit.PageSize),
    cursor: Schema.optional(Limit.Cursor),
    advId: Schema.optional(Schema.String),
    token: Schema.optional(Schema.String),
    fiat: Schema.optional(Schema.String),
    status: Schema.optional(AdStatus)
  })
)
export interface MyAdsRequest extends Schema.Schema.Type<typeof MyAdsRequest> {}

/** A page of the account's ads. */
export const MyAdPage = Lazy.schema(() => CursorPage(Named.as<MyAd>()(MyAd)))
export interface MyAdPage extends Schema.Schema.Type<typeof MyAdPage> {}

export const MyAds = Lazy.value(() =>
  Endpoint.list("/api/v3/p2p/my-ads", {
    name: "unified.p2PAds.myAds",
    signed: true,
    rateLimit: P2P_RATE,
    request: Named.as<MyAdsRequest>()(MyAdsRequest),
    data: Named.as<MyAdPage>()(MyAdPage),
    pagination: {
      list: "items",
      cursor: Pagination.dataField("nextId", "advId", "cursor"),
      // The page gives the default, 10, and no larger maximum; pending-orders and ad-list state 10.
      limit: { param: "limit", max: 10, default: 10, source: `${PAGES}/ad-management/Get-My-Ads` },
      // "Maximum query range: 90 days; single query range: 30 days" (same page).
      window: Pagination.window("30 days", "createdTime"),
      // "Maximum query range: 90 days" back (the page above).
      history: Pagination.history("90 days", `${PAGES}/ad-management/Get-My-Ads`)
    }
  })
)

/**
 * `GET /api/v3/p2p/my-ads`: your ads, newest first, of every status unless `status` is given; 10 a
 * page, the next from the page's `nextId`; `startTime`–`endTime` at most 30 days (checked locally;
 * `items` walks longer ranges window by window) within the last 90. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `cursor` ← `data.nextId`; at most 10 a page (`limit`, 10 when omitted); one
 * request spans at most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window; the exchange
 * keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const myAds = Operation.make(MyAds)

export const PublicAd = Lazy.schema(() =>
  Schema.Struct({
    advId: Schema.String,
    merchantId: Schema.String,
    merchantName: Absent.optional(Schema.String),
    token: Schema.String,
    fiat: Schema.String,
    side: SideOut,
    price: Decimal.Decimal,
    minAmount: Decimal.Decimal,
    maxAmount: Decimal.Decimal,
    /** What remains to trade, in the token. */
    quantity: Decimal.Decimal,
    payMethods: Schema.Array(
      Schema.Struct({ payMethodId: Schema.String, payMethodName: Absent.optional(Schema.String) })
    ),
    completedOrderNum: Absent.optional(Schema.String),
    completedRate: Absent.optional(Decimal.Decimal),
    avgReleaseTime: Absent.optional(Schema.String),
    createdTime: Timestamp
  })
)
export interface PublicAd extends Schema.Schema.Type<typeof PublicAd> {}

/** The request of `adList`. */
export const AdListRequest = Lazy.schema(() =>
  Schema.Struct({
    token: Limit.NonEmpty,
    fiat: Limit.NonEmpty,
    side: Side,
    /** Only ads that can fill an order of this much fiat. */
    amount: Schema.optional(Decimal.PositiveDecimalInput),
    pageNum: Schema.optional(Limit.PageNumber),
    limit: Schema.optional(Limit.PageSize)
  })
)
export interface AdListRequest extends Schema.Schema.Type<typeof AdListRequest> {}

export const AdList = Lazy.value(() =>
  Endpoint.list("/api/v3/p2p/ad-list", {
    name: "unified.p2PAds.adList",
    signed: true,
    rateLimit: P2P_RATE,
    request: Named.as<AdListRequest>()(AdListRequest),
    data: Schema.Array(Named.as<PublicAd>()(PublicAd)),
    pagination: {
      cursor: Pagination.page("pageNum"),
      limit: { param: "limit", max: 10, source: `${PAGES}/ad-management/Get-Ad-List` }
    }
  })
)

/**
 * `GET /api/v3/p2p/ad-list`: the published ads of the marketplace for `token`/`fiat` on one
 * `side`, by page number, at most 10 a page; with `amount`, only those whose order range holds
 * it. 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `pageNum` (1, 2, …); at most 10 a page (`limit`).
 */
export const adList = Operation.make(AdList)

export const ExchangeRate = Lazy.value(() =>
  Endpoint.get("/api/v3/p2p/exchange-rate", {
    name: "unified.p2PAds.exchangeRate",
    signed: true,
    rateLimit: P2P_RATE,
    request: Schema.Struct({ token: Limit.NonEmpty, fiat: Limit.NonEmpty }),
    data: Schema.Struct({ rate: Decimal.Decimal })
  })
)

/**
 * `GET /api/v3/p2p/exchange-rate`: the reference rate of `token` in `fiat`, which a floating ad's
 * premium applies to. 10/s per UID.
 */
export const exchangeRate = Operation.make(ExchangeRate)

/** The request of `feeSimulate`. */
export const FeeSimulateRequest = Lazy.schema(() =>
  Schema.Struct({
    token: Limit.NonEmpty,
    fiat: Limit.NonEmpty,
    side: Side,
    marketType: MarketType,
    /** The ad's quantity, in the token. */
    amount: Decimal.PositiveDecimalInput
  })
)
export interface FeeSimulateRequest extends Schema.Schema.Type<typeof FeeSimulateRequest> {}

/** The fee (and tax) an ad would pay. */
export const SimulatedFee = Lazy.schema(() =>
  Schema.Struct({
    feeToken: Schema.String,
    feeAmount: Decimal.Decimal,
    taxToken: Absent.optional(Schema.String),
    taxAmount: Absent.optional(Decimal.Decimal)
  })
)
export interface SimulatedFee extends Schema.Schema.Type<typeof SimulatedFee> {}

export const FeeSimulate = Lazy.value(() =>
  Endpoint.post("/api/v3/p2p/fee-simulate", {
    name: "unified.p2PAds.feeSimulate",
    signed: true,
    rateLimit: P2P_RATE,
    request: Named.as<FeeSimulateRequest>()(FeeSimulateRequest),
    data: Named.as<SimulatedFee>()(SimulatedFee)
  })
)

/**
 * `POST /api/v3/p2p/fee-simulate`: the fee (and tax) an ad of `amount` of `token` would be
 * charged, before creating it. 10/s per UID.
 */
export const feeSimulate = Operation.make(FeeSimulate)

/** The request of `adLimit`. */
export const AdLimitRequest = Lazy.schema(() =>
  Schema.Struct({ token: Limit.NonEmpty, fiat: Limit.NonEmpty, side: Side })
)
export interface AdLimitRequest extends Schema.Schema.Type<typeof AdLimitRequest> {}

/** The token amounts an ad may carry. */
export const AdLimits = Lazy.schema(() =>
  Schema.Struct({
    buyMinTokenAmount: Decimal.Decimal,
    buyMaxTokenAmount: Decimal.Decimal,
    sellMinTokenAmount: Decimal.Decimal,
    sellMaxTokenAmount: Decimal.Decimal
  })
)
export interface AdLimits extends Schema.Schema.Type<typeof AdLimits> {}

export const AdLimit = Lazy.value(() =>
  Endpoint.get("/api/v3/p2p/ad-limit", {
    name: "unified.p2PAds.adLimit",
    signed: true,
    rateLimit: P2P_RATE,
    request: Named.as<AdLimitRequest>()(AdLimitRequest),
    data: Named.as<AdLimits>()(AdLimits)
  })
)

/**
 * `GET /api/v3/p2p/ad-limit`: the least and most quantity (in USDT) a buy or sell ad may offer;
 * `createAd` past them is refused by the exchange (60006). 10/s per UID.
 */
export const adLimit = Operation.make(AdLimit)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  AdList,
  ExchangeRate,
  FeeSimulate,
  AdLimit,
  CreateAd,
  UpdateAd,
  OperateAd,
  AdInfoOf,
  MyAds
]
