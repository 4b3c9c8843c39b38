/**
 * The unified account: its assets (one balance per coin across spot, margin and futures, and the
 * account's equity and margin), the funding account, the key's account info and settings, fee
 * rates, transfer and open-interest limits, the Delta account's figures and BGB fee deduction.
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
import { Category, CategoryOut, FuturesCategory, HoldModeOut, StpModeOut } from "./Schemas.js"

/** One coin of the unified account (only coins with something in them are listed). */
export const CoinAsset = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    equity: Decimal,
    usdValue: Decimal,
    /** Cash held in the coin. */
    balance: Decimal,
    available: Decimal,
    /** Borrowed. */
    debt: Decimal,
    /** Held by open orders. */
    locked: Decimal
  })
)
export interface CoinAsset extends Schema.Schema.Type<typeof CoinAsset> {}

export const AccountAssets = Lazy.schema(() =>
  Schema.Struct({
    /** Total equity in USD. */
    accountEquity: Decimal,
    usdtEquity: Decimal,
    btcEquity: Decimal,
    unrealisedPnl: Decimal,
    usdtUnrealisedPnl: Absent.optional(Decimal),
    /** Spelled so by Bitget. */
    btcUnrealizedPnl: Absent.optional(Decimal),
    /** Equity counted as collateral (USD). */
    effEquity: Absent.optional(Decimal),
    /** Maintenance margin, a USD amount (not a ratio). */
    mmr: Absent.optional(Decimal),
    /** Initial margin, a USD amount. */
    imr: Absent.optional(Decimal),
    /** Maintenance margin over equity. */
    mgnRatio: Absent.optional(Decimal),
    positionMgnRatio: Absent.optional(Decimal),
    assets: Schema.Array(CoinAsset)
  })
)
export interface AccountAssets extends Schema.Schema.Type<typeof AccountAssets> {}

export const Assets = Lazy.value(() =>
  Endpoint.get("/api/v3/account/assets", {
    name: "unified.account.assets",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Endpoint.NoParams,
    data: Named.as<AccountAssets>()(AccountAssets)
  })
)

/**
 * `GET /api/v3/account/assets`: the unified account's equity, margin and every coin it holds or
 * owes (https://www.bitget.com/api-doc/uta/account/Get-Account). 20/s per UID. A Classic
 * account's key gets 40084 (`AccountModeError`), which is how `AccountMode.probe` tells the modes.
 */
export const assets = Operation.make(Assets)

export const FundingAsset = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    available: Decimal,
    frozen: Decimal,
    balance: Decimal
  })
)
export interface FundingAsset extends Schema.Schema.Type<typeof FundingAsset> {}

export const FundingAssets = Lazy.value(() =>
  Endpoint.get("/api/v3/account/funding-assets", {
    name: "unified.account.fundingAssets",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Schema.Struct({ coin: Schema.optional(Schema.String) }),
    data: Schema.Array(Named.as<FundingAsset>()(FundingAsset))
  })
)

/**
 * `GET /api/v3/account/funding-assets`: the funding account's coins (deposits land here or in
 * the unified account, by the coin's deposit setting). 20/s per UID.
 */
export const fundingAssets = Operation.make(FundingAssets)

export const AccountInfo = Lazy.schema(() =>
  Schema.Struct({
    userId: Schema.String,
    inviterId: Absent.optional(Schema.String),
    parentId: Absent.optional(Schema.String),
    channelCode: Absent.optional(Schema.String),
    channel: Absent.optional(Schema.String),
    /** The key's IP whitelist, comma separated. */
    ips: Absent.optional(Schema.String),
    permType: Absent.optional(OpenEnum("read-only", "read-and-write")),
    permissions: Schema.Array(
      OpenEnum("uta_mgt", "uta_trade", "withdraw", "copy_futures_position", "copy_futures_order")
    ),
    regisTime: Absent.optional(Timestamp)
  })
)
export interface AccountInfo extends Schema.Schema.Type<typeof AccountInfo> {}

export const Info = Lazy.value(() =>
  Endpoint.get("/api/v3/account/info", {
    name: "unified.account.info",
    signed: true,
    // 5/s (bitget-api's doc comment, ccxt); Bitget.Net guards 20/s (reference §e.6).
    rateLimit: RateLimit.uid(5),
    request: Endpoint.NoParams,
    data: Named.as<AccountInfo>()(AccountInfo)
  })
)

/** `GET /api/v3/account/info`: the key's account: uid, parent, permissions and IP whitelist. 5/s per UID. */
export const info = Operation.make(Info)

export const AccountMode = Lazy.schema(() => OpenEnum("unified", "hybrid", "upgrading", "switching"))
export const AccountLevel = Lazy.schema(() => OpenEnum("basic", "advanced", "isolated", "delta"))

export const AccountSettings = Lazy.schema(() =>
  Schema.Struct({
    uid: Schema.String,
    /** `unified`, or `upgrading`/`switching` while a switch runs. */
    accountMode: AccountMode,
    assetMode: Absent.optional(Schema.String),
    accountLevel: Absent.optional(AccountLevel),
    holdMode: HoldModeOut,
    stpMode: Absent.optional(StpModeOut),
    symbolConfigList: Schema.Array(Schema.Struct({
      category: CategoryOut,
      symbol: Schema.String,
      marginMode: Schema.String,
      leverage: Decimal
    })),
    coinConfigList: Schema.Array(Schema.Struct({ coin: Schema.String, leverage: Decimal }))
  })
)
export interface AccountSettings extends Schema.Schema.Type<typeof AccountSettings> {}

export const Settings = Lazy.value(() =>
  Endpoint.get("/api/v3/account/settings", {
    name: "unified.account.settings",
    signed: true,
    rateLimit: RateLimit.uid(20),
    // No parameters, and no `?` either: a bare `?` broke ccxt's signature (ccxt PR #30237).
    request: Endpoint.NoParams,
    data: Named.as<AccountSettings>()(AccountSettings)
  })
)

/**
 * `GET /api/v3/account/settings`: the account's mode and level, position (hold) mode,
 * self-trade prevention, and leverage and margin mode per symbol and per coin. 20/s per UID.
 */
export const settings = Operation.make(Settings)

/** The request of `feeRate`. */
export const FeeRateRequest = Lazy.schema(() => Schema.Struct({ category: Category, symbol: Schema.String }))
export interface FeeRateRequest extends Schema.Schema.Type<typeof FeeRateRequest> {}

/** The account's maker and taker fee rates. */
export const FeeRates = Lazy.schema(() => Schema.Struct({ makerFeeRate: Decimal, takerFeeRate: Decimal }))
export interface FeeRates extends Schema.Schema.Type<typeof FeeRates> {}

export const FeeRate = Lazy.value(() =>
  Endpoint.get("/api/v3/account/fee-rate", {
    name: "unified.account.feeRate",
    signed: true,
    rateLimit: RateLimit.uid(3),
    request: Named.as<FeeRateRequest>()(FeeRateRequest),
    data: Named.as<FeeRates>()(FeeRates)
  })
)

/** `GET /api/v3/account/fee-rate`: the account's maker and taker fee rates on a symbol. 3/s per UID. */
export const feeRate = Operation.make(FeeRate)

export const SymbolFeeRate = Lazy.schema(() =>
  Schema.Struct({ symbol: Schema.String, makerFeeRate: Decimal, takerFeeRate: Decimal })
)
export interface SymbolFeeRate extends Schema.Schema.Type<typeof SymbolFeeRate> {}

/** The request of `allFeeRates`. */
export const AllFeeRatesRequest = Lazy.schema(() =>
  Schema.Struct({ category: Category, symbol: Schema.optional(Schema.String) })
)
export interface AllFeeRatesRequest extends Schema.Schema.Type<typeof AllFeeRatesRequest> {}

export const AllFeeRates = Lazy.value(() =>
  Endpoint.get("/api/v3/account/all-fee-rate", {
    name: "unified.account.allFeeRates",
    signed: true,
    rateLimit: RateLimit.uid(3),
    request: Named.as<AllFeeRatesRequest>()(AllFeeRatesRequest),
    data: Schema.Array(Named.as<SymbolFeeRate>()(SymbolFeeRate))
  })
)

/** `GET /api/v3/account/all-fee-rate`: the account's fee rates on every symbol of a product. 3/s per UID. */
export const allFeeRates = Operation.make(AllFeeRates)

/** How much of a coin can leave the unified account. */
export const MaxTransfer = Lazy.schema(() =>
  Schema.Struct({
    coin: Schema.String,
    /** Without borrowing. */
    maxTransfer: Decimal,
    /** Borrowing what may be borrowed. */
    borrowMaxTransfer: Absent.optional(Decimal)
  })
)
export interface MaxTransfer extends Schema.Schema.Type<typeof MaxTransfer> {}

export const MaxTransferable = Lazy.value(() =>
  Endpoint.get("/api/v3/account/max-transferable", {
    name: "unified.account.maxTransferable",
    signed: true,
    rateLimit: RateLimit.uid(3),
    request: Schema.Struct({ coin: Schema.String }),
    data: Named.as<MaxTransfer>()(MaxTransfer)
  })
)

/** `GET /api/v3/account/max-transferable`: how much of a coin can leave the unified account. 3/s per UID. */
export const maxTransferable = Operation.make(MaxTransferable)

/** The request of `openInterestLimit`. */
export const OpenInterestLimitRequest = Lazy.schema(() =>
  Schema.Struct({ category: FuturesCategory, symbol: Schema.String })
)
export interface OpenInterestLimitRequest extends Schema.Schema.Type<typeof OpenInterestLimitRequest> {}

/** The account's open-interest limits on a contract. */
export const OpenInterestLimits = Lazy.schema(() =>
  Schema.Struct({
    symbol: Schema.String,
    singleUserLimit: Decimal,
    masterSubLimit: Absent.optional(Decimal),
    marketMakerLimit: Absent.optional(Decimal)
  })
)
export interface OpenInterestLimits extends Schema.Schema.Type<typeof OpenInterestLimits> {}

export const OpenInterestLimit = Lazy.value(() =>
  Endpoint.get("/api/v3/account/open-interest-limit", {
    name: "unified.account.openInterestLimit",
    signed: true,
    rateLimit: RateLimit.uid(5),
    request: Named.as<OpenInterestLimitRequest>()(OpenInterestLimitRequest),
    data: Named.as<OpenInterestLimits>()(OpenInterestLimits)
  })
)

/** `GET /api/v3/account/open-interest-limit`: the account's open-interest limits on a contract. 5/s per UID. */
export const openInterestLimit = Operation.make(OpenInterestLimit)

/** A Delta-level account's delta ratios and thresholds. */
export const Delta = Lazy.schema(() =>
  Schema.Struct({
    deltaEquityRatio: Decimal,
    deltaThreshold: Decimal,
    positionThreshold: Decimal,
    list: Schema.Array(Schema.Struct({ coin: Schema.String, positionRatio: Decimal }))
  })
)
export interface Delta extends Schema.Schema.Type<typeof Delta> {}

export const DeltaInfo = Lazy.value(() =>
  Endpoint.get("/api/v3/account/delta-info", {
    name: "unified.account.deltaInfo",
    signed: true,
    rateLimit: RateLimit.uid(20),
    request: Endpoint.NoParams,
    data: Named.as<Delta>()(Delta)
  })
)

/** `GET /api/v3/account/delta-info`: a Delta-level account's delta ratios and thresholds. 20/s per UID. */
export const deltaInfo = Operation.make(DeltaInfo)

/** BGB fee deduction: `on` or `off`. */
export const Deduct = Lazy.schema(() => Spelling.literal("on", "off"))

/**
 * The switch's answer: the JSON boolean `true` at Bitget (the page's example as recorded by
 * JKorf/Bitget.Net, Bitget.Net.UnitTests/Endpoints/Unified/Account/SwitchDeduct.txt). The
 * `"success"` most V3 writes answer (../shared/reference/v3-unified-api.md §(d)) reads as `true`.
 */
const Switched = Lazy.schema(() =>
  Schema.Union(
    Schema.Boolean,
    Schema.transform(Schema.Literal("success"), Schema.Literal(true), {
      strict: true,
      decode: () => true as const,
      encode: () => "success" as const
    })
  )
)

export const SwitchDeduct = Lazy.value(() =>
  Endpoint.post("/api/v3/account/switch-deduct", {
    name: "unified.account.switchDeduct",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Schema.Struct({ deduct: Deduct }),
    data: Switched
  })
)

/**
 * `POST /api/v3/account/switch-deduct`: pays trading fees in BGB (`on`) or not (`off`); `true`
 * once switched. 1/s per UID.
 */
export const switchDeduct = Operation.make(SwitchDeduct)

export const DeductInfo = Lazy.value(() =>
  Endpoint.get("/api/v3/account/deduct-info", {
    name: "unified.account.deductInfo",
    signed: true,
    rateLimit: RateLimit.uid(1),
    request: Endpoint.NoParams,
    data: Schema.Struct({ deduct: OpenEnum("on", "off") })
  })
)

/** `GET /api/v3/account/deduct-info`: whether fees are paid in BGB. 1/s per UID. */
export const deductInfo = Operation.make(DeductInfo)

/** Every declaration of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  Assets,
  FundingAssets,
  Info,
  Settings,
  FeeRate,
  AllFeeRates,
  MaxTransferable,
  OpenInterestLimit,
  DeltaInfo,
  SwitchDeduct,
  DeductInfo
]
