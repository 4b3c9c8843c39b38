/**
 * Collateral and borrowing in the unified account: which coins count as collateral, what is
 * owed and how to repay it, and the coins, tiers and loan terms the account is eligible for.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Lazy from "@effect-bitget/core/Lazy"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import * as Spelling from "@effect-bitget/core/Spelling"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { CategoryOut } from "./Schemas.js"

/** `mainstream` coins, `all` coins, or a `custom` list. */
export const CollateralType = Lazy.schema(() => Spelling.literal("mainstream", "all", "custom"))

/** Which coins count as collateral. */
export const CollateralSetting = Lazy.schema(() =>
  Schema.Struct({
    collateralType: OpenEnum("mainstream", "all", "custom"),
    /** Comma-separated, with `custom`. */
    collateralCoins: Absent.optional(Schema.String)
  })
)
export interface CollateralSetting extends Schema.Schema.Type<typeof CollateralSetting> {}

export const GetCollateralType = Lazy.value(() =>
  Endpoint.get("/api/v3/account/collateral-type", {
    name: "unified.collateral.collateralType",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Endpoint.NoParams,
    data: Named.as<CollateralSetting>()(CollateralSetting)
  })
)

/** `GET /api/v3/account/collateral-type`: which coins count as collateral. 10/s per UID. */
export const collateralType = Operation.make(GetCollateralType)

/** The request of `setCollateralType`. */
export const SetCollateralTypeRequest = Lazy.schema(() =>
  Schema.Struct({
    collateralType: CollateralType,
    /** Comma-separated coins; required with `custom` (bitget-api 3.2.3). */
    collateralCoins: Schema.optional(Schema.String)
  }).pipe(
    Schema.filter((request) =>
      !Spelling.is(request.collateralType, "custom") || (request.collateralCoins ?? "").trim() !== "" ||
      "collateralCoins: required with collateralType custom"
    )
  )
)
export interface SetCollateralTypeRequest extends Schema.Schema.Type<typeof SetCollateralTypeRequest> {}

export const SetCollateralType = Lazy.value(() =>
  Endpoint.post("/api/v3/account/set-collateral-type", {
    name: "unified.collateral.setCollateralType",
    signed: true,
    rateLimit: RateLimit.uid(2),
    request: Named.as<SetCollateralTypeRequest>()(SetCollateralTypeRequest),
    data: Schema.String
  })
)

/** `POST /api/v3/account/set-collateral-type`: chooses the collateral coins. 2/s per UID. */
export const setCollateralType = Operation.make(SetCollateralType)

export const CustomCollateralCoins = Lazy.value(() =>
  Endpoint.get("/api/v3/account/custom-collateral-coins", {
    name: "unified.collateral.customCollateralCoins",
    // Public in bitget-api and ccxt, signed in go-bitget (reference §e.5): sent signed, which a
    // public endpoint also accepts.
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Endpoint.NoParams,
    data: Schema.Array(Schema.Struct({ collateralCoin: Schema.String }))
  })
)

/** `GET /api/v3/account/custom-collateral-coins`: the coins a `custom` collateral list may hold. 10/s. */
export const customCollateralCoins = Operation.make(CustomCollateralCoins)

export const CoinAmount = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    /** In the coin. */
    size: Decimal,
    /** In USD. */
    amount: Decimal
  })
)
export interface CoinAmount extends Schema.Schema.Type<typeof CoinAmount> {}

/** The coins that can be repaid, and how many may be picked. */
export const RepayableCoinList = Lazy.schema(() =>
  Schema.Struct({ repayableCoinList: Schema.Array(Named.as<CoinAmount>()(CoinAmount)), maxSelection: Decimal })
)
export interface RepayableCoinList extends Schema.Schema.Type<typeof RepayableCoinList> {}

export const RepayableCoins = Lazy.value(() =>
  Endpoint.get("/api/v3/account/repayable-coins", {
    name: "unified.collateral.repayableCoins",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Endpoint.NoParams,
    data: Named.as<RepayableCoinList>()(RepayableCoinList)
  })
)

/** `GET /api/v3/account/repayable-coins`: the coins owed, and how many one repayment may pick. 10/s per UID. */
export const repayableCoins = Operation.make(RepayableCoins)

/** The coins that can pay a repayment, and how many may be picked. */
export const PaymentCoinList = Lazy.schema(() =>
  Schema.Struct({ paymentCoinList: Schema.Array(Named.as<CoinAmount>()(CoinAmount)), maxSelection: Decimal })
)
export interface PaymentCoinList extends Schema.Schema.Type<typeof PaymentCoinList> {}

export const PaymentCoins = Lazy.value(() =>
  Endpoint.get("/api/v3/account/payment-coins", {
    name: "unified.collateral.paymentCoins",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Endpoint.NoParams,
    data: Named.as<PaymentCoinList>()(PaymentCoinList)
  })
)

/** `GET /api/v3/account/payment-coins`: the coins a repayment may be paid with. 10/s per UID. */
export const paymentCoins = Operation.make(PaymentCoins)

const Coins = Lazy.schema(() =>
  Schema.Array(Schema.String).pipe(
    Schema.filter((coins) => coins.length > 0 || "must name at least one coin")
  )
)

export const Repay = Lazy.value(() =>
  Endpoint.post("/api/v3/account/repay", {
    name: "unified.collateral.repay",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: Schema.Struct({ repayableCoinList: Coins, paymentCoinList: Coins }),
    data: Schema.Struct({ result: Schema.String, repayAmount: Absent.optional(Decimal) }),
    errors: ["InsufficientBalance"]
  })
)

/** `POST /api/v3/account/repay`: repays the coins owed with the coins given. 5/s per UID. */
export const repay = Operation.make(Repay)

/** The account's current loans, coin by coin. */
export const Loans = Lazy.schema(() =>
  Schema.Struct({
    currentLoans: Decimal,
    interestPaymentTime: Absent.optional(Timestamp),
    debtCoinList: Schema.Array(Schema.Struct({
      coin: Schema.String,
      debt: Decimal,
      interestFreeAmount: Absent.optional(Decimal),
      interestRateNextHour: Absent.optional(Decimal)
    }))
  })
)
export interface Loans extends Schema.Schema.Type<typeof Loans> {}

export const LoanData = Lazy.value(() =>
  Endpoint.get("/api/v3/trade/loan-data", {
    name: "unified.collateral.loanData",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Endpoint.NoParams,
    data: Named.as<Loans>()(Loans)
  })
)

/** `GET /api/v3/trade/loan-data`: what the account owes per coin and the next interest. 10/s per UID. */
export const loanData = Operation.make(LoanData)

export const EligibleSymbol = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    category: CategoryOut,
    baseCoin: Schema.String,
    quoteCoin: Schema.String,
    minOrderQty: Absent.optional(Decimal),
    maxOrderQty: Absent.optional(Decimal),
    pricePrecision: Absent.optional(Decimal),
    quantityPrecision: Absent.optional(Decimal),
    status: Absent.optional(Schema.String)
  })
)
export interface EligibleSymbol extends Schema.Schema.Type<typeof EligibleSymbol> {}

export const EligibleSymbols = Lazy.value(() =>
  Endpoint.get("/api/v3/account/eligible-symbols", {
    name: "unified.collateral.eligibleSymbols",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({ symbol: Schema.optional(Schema.String) }),
    data: Schema.Array(Named.as<EligibleSymbol>()(EligibleSymbol))
  })
)

/** `GET /api/v3/account/eligible-symbols`: the symbols the account may trade on margin. 10/s per UID. */
export const eligibleSymbols = Operation.make(EligibleSymbols)

/** A coin's margin tiers. */
export const CoinMarginTiers = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    tiers: Schema.Array(Schema.Struct({
      tier: Decimal,
      minTierValue: Decimal,
      maxTierValue: Decimal,
      leverage: Decimal,
      mmr: Decimal
    }))
  })
)
export interface CoinMarginTiers extends Schema.Schema.Type<typeof CoinMarginTiers> {}

export const EligibleMarginTier = Lazy.value(() =>
  Endpoint.get("/api/v3/account/eligible-margin-tier", {
    name: "unified.collateral.eligibleMarginTier",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({ coin: Schema.optional(Schema.String) }),
    data: Schema.Array(Named.as<CoinMarginTiers>()(CoinMarginTiers))
  })
)

/** `GET /api/v3/account/eligible-margin-tier`: the account's margin tiers per coin. 10/s per UID. */
export const eligibleMarginTier = Operation.make(EligibleMarginTier)

/** A borrowing limit. */
export const LoanLimit = Lazy.schema(() =>
  Schema.Struct({
    limit: Decimal,
    masterSubLimit: Absent.optional(Decimal),
    /** Spelled so by Bitget. */
    platformRemaingQuota: Absent.optional(Decimal)
  })
)
export interface LoanLimit extends Schema.Schema.Type<typeof LoanLimit> {}

export const EligibleLoanInfo = Lazy.value(() =>
  Endpoint.get("/api/v3/account/eligible-loan-info", {
    name: "unified.collateral.eligibleLoanInfo",
    signed: true,
    rateLimit: RateLimit.uid(10),
    request: Schema.Struct({ coin: Schema.optional(Schema.String) }),
    data: Schema.Array(Named.as<LoanLimit>()(LoanLimit))
  })
)

/** `GET /api/v3/account/eligible-loan-info`: how much the account may borrow. 10/s per UID. */
export const eligibleLoanInfo = Operation.make(EligibleLoanInfo)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  GetCollateralType,
  SetCollateralType,
  CustomCollateralCoins,
  RepayableCoins,
  PaymentCoins,
  Repay,
  LoanData,
  EligibleSymbols,
  EligibleMarginTier,
  EligibleLoanInfo
]
