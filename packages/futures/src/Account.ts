/**
 * Futures accounts (one per margin coin and product type): balances, leverage and modes, the
 * sub-accounts' assets, the openable size, and the bill (ledger). Setting leverage, margin,
 * margin mode and position mode lives here too.
 */
import * as Absent from "@effect-bitget/core/Absent"
import { Decimal, DecimalInput, PositiveDecimalInput } from "@effect-bitget/core/Decimal"
import * as Endpoint from "@effect-bitget/core/Endpoint"
import * as Limit from "@effect-bitget/core/Limit"
import * as Named from "@effect-bitget/core/Named"
import { OpenEnum } from "@effect-bitget/core/OpenEnum"
import * as Operation from "@effect-bitget/core/Operation"
import * as Pagination from "@effect-bitget/core/Pagination"
import * as RateLimit from "@effect-bitget/core/RateLimit"
import { Timestamp } from "@effect-bitget/core/Timestamp"
import * as Schema from "effect/Schema"
import { HoldSide, IdString, MarginCoin, MarginMode, PositionMode, ProductType } from "./Schemas.js"

const ResponseMarginMode = OpenEnum("crossed", "isolated")
const ResponsePositionMode = OpenEnum("one_way_mode", "hedge_mode")

/** The balance fields every account answer shares. */
const balanceFields = {
  marginCoin: Schema.String,
  locked: Decimal,
  /** May be negative. */
  available: Decimal,
  crossedMaxAvailable: Decimal,
  isolatedMaxAvailable: Decimal,
  maxTransferOut: Decimal,
  accountEquity: Decimal,
  usdtEquity: Decimal,
  btcEquity: Decimal,
  crossedRiskRate: Absent.optional(Decimal),
  unrealizedPL: Absent.optional(Decimal),
  coupon: Absent.optional(Decimal),
  crossedUnrealizedPL: Absent.optional(Decimal),
  isolatedUnrealizedPL: Absent.optional(Decimal),
  assetMode: Absent.optional(OpenEnum("single", "union")),
  isolatedMargin: Absent.optional(Decimal),
  crossedMargin: Absent.optional(Decimal)
}

/**
 * One futures account. The leverage fields arrive as JSON numbers in newer answers and as
 * strings in older ones: both decode. `isolatedMargin`/`crossedMargin` may be `null`.
 */
export const Account = Schema.Struct({
  ...balanceFields,
  crossedMarginLeverage: Absent.optional(Decimal),
  isolatedLongLever: Absent.optional(Decimal),
  isolatedShortLever: Absent.optional(Decimal),
  marginMode: ResponseMarginMode,
  posMode: ResponsePositionMode,
  grant: Absent.optional(Decimal)
})
export interface Account extends Schema.Schema.Type<typeof Account> {}

export const AccountRequest = Schema.Struct({ symbol: Schema.String, productType: ProductType, marginCoin: MarginCoin })
export interface AccountRequest extends Schema.Schema.Type<typeof AccountRequest> {}

export const SingleAccount = Endpoint.get("/api/v2/mix/account/account", {
  name: "futures.account.account",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<AccountRequest>()(AccountRequest),
  data: Named.as<Account>()(Account)
})
/**
 * `GET /api/v2/mix/account/account`: one account (symbol, product type, margin coin), with its
 * leverage, margin mode and position mode. 10/s per UID. Leverage fields decode from numbers or
 * strings.
 */
export const account = Operation.make(SingleAccount)

export const AccountSummary = Schema.Struct({
  ...balanceFields,
  /** Union margin (multi-asset) totals; the exchange spells it `unionTotalMagin`. */
  unionTotalMagin: Absent.optional(Decimal),
  unionAvailable: Absent.optional(Decimal),
  unionMm: Absent.optional(Decimal),
  assetList: Absent.optional(Schema.Array(Schema.Struct({ coin: Schema.String, balance: Decimal })))
})
export interface AccountSummary extends Schema.Schema.Type<typeof AccountSummary> {}

export const AccountsRequest = Schema.Struct({ productType: ProductType })
export interface AccountsRequest extends Schema.Schema.Type<typeof AccountsRequest> {}

export const Accounts = Endpoint.get("/api/v2/mix/account/accounts", {
  name: "futures.account.accounts",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<AccountsRequest>()(AccountsRequest),
  data: Schema.Array(Named.as<AccountSummary>()(AccountSummary))
})
/** `GET /api/v2/mix/account/accounts`: every account of a product type. 10/s per UID. */
export const accounts = Operation.make(Accounts)

export const SubAccountAsset = Schema.Struct({
  marginCoin: Schema.String,
  locked: Decimal,
  available: Decimal,
  crossedMaxAvailable: Absent.optional(Decimal),
  isolatedMaxAvailable: Absent.optional(Decimal),
  maxTransferOut: Absent.optional(Decimal),
  accountEquity: Decimal,
  usdtEquity: Absent.optional(Decimal),
  btcEquity: Absent.optional(Decimal),
  unrealizedPL: Absent.optional(Decimal),
  coupon: Absent.optional(Decimal)
})
export interface SubAccountAsset extends Schema.Schema.Type<typeof SubAccountAsset> {}

export const SubAccountAssetsRequest = Schema.Struct({ productType: ProductType })
export interface SubAccountAssetsRequest extends Schema.Schema.Type<typeof SubAccountAssetsRequest> {}

export const SubAccountAssets = Endpoint.get("/api/v2/mix/account/sub-account-assets", {
  name: "futures.account.subAccountAssets",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<SubAccountAssetsRequest>()(SubAccountAssetsRequest),
  data: Schema.Array(Schema.Struct({
    /** A JSON number on the wire; a string here. */
    userId: IdString,
    assetList: Schema.Array(Named.as<SubAccountAsset>()(SubAccountAsset))
  }))
})
/**
 * `GET /api/v2/mix/account/sub-account-assets`: the futures assets of every sub-account (main
 * account only). 10/s per UID. `userId` arrives as a number.
 */
export const subAccountAssets = Operation.make(SubAccountAssets)

export const OpenCountRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: MarginCoin,
  openAmount: PositiveDecimalInput,
  openPrice: PositiveDecimalInput,
  leverage: Schema.optional(PositiveDecimalInput)
})
export interface OpenCountRequest extends Schema.Schema.Type<typeof OpenCountRequest> {}

export const OpenCount = Endpoint.get("/api/v2/mix/account/open-count", {
  name: "futures.account.openCount",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<OpenCountRequest>()(OpenCountRequest),
  data: Schema.Struct({ size: Decimal })
})
/**
 * `GET /api/v2/mix/account/open-count`: how many contracts an amount of margin can open at a price
 * and leverage. 10/s per UID. Leverage defaults to 20.
 */
export const openCount = Operation.make(OpenCount)

export const MaxOpenRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: MarginCoin,
  posSide: HoldSide,
  orderType: Schema.Literal("limit", "market"),
  /** Required for a limit order. */
  openPrice: Schema.optional(PositiveDecimalInput)
}).pipe(
  Schema.filter((r) =>
    r.orderType === "market" || r.openPrice !== undefined || "openPrice is required for a limit order"
  )
)
export interface MaxOpenRequest extends Schema.Schema.Type<typeof MaxOpenRequest> {}

export const MaxOpen = Endpoint.get("/api/v2/mix/account/max-open", {
  name: "futures.account.maxOpen",
  signed: true,
  rateLimit: RateLimit.uid(3),
  request: Named.as<MaxOpenRequest>()(MaxOpenRequest),
  data: Schema.Struct({ maxOpen: Decimal })
})

/**
 * `GET /api/v2/mix/account/max-open`: the largest size (base coin) the account's available
 * margin can open on a side at its current leverage, at `openPrice` for a limit order (required
 * then) or the mark price for a market order. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/account/Get-Max-Open). 3/s per UID.
 */
export const maxOpen = Operation.make(MaxOpen)

export const LiqPriceRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: MarginCoin,
  posSide: HoldSide,
  orderType: Schema.Literal("limit", "market"),
  /** The margin put up for the opening, in the margin coin. */
  openAmount: PositiveDecimalInput,
  /** Required for a limit order. */
  openPrice: Schema.optional(PositiveDecimalInput)
}).pipe(
  Schema.filter((r) => r.orderType === "market" || r.openPrice !== undefined || "openPrice: required for a limit order")
)
export interface LiqPriceRequest extends Schema.Schema.Type<typeof LiqPriceRequest> {}

export const LiqPrice = Endpoint.get("/api/v2/mix/account/liq-price", {
  name: "futures.account.liqPrice",
  signed: true,
  // "Rate limit: 3 req/sec/UID" (https://www.bitget.com/api-doc/contract/account/Get-Liquidation-Price).
  rateLimit: RateLimit.uid(3),
  request: Named.as<LiqPriceRequest>()(LiqPriceRequest),
  // The page's example answers a negative price ("-5025939.48…"): no liquidation within reach.
  data: Schema.Struct({ liqPrice: Decimal })
})

/**
 * `GET /api/v2/mix/account/liq-price`: the liquidation price a position on `posSide` would have
 * after opening with `openAmount` of margin at the account's leverage, at `openPrice` (a limit
 * order: required, checked locally) or the mark price (market), together with what the side
 * already holds. A negative price means none within reach. Beyond the specification's list
 * (https://www.bitget.com/api-doc/contract/account/Get-Liquidation-Price). 3/s per UID.
 */
export const liqPrice = Operation.make(LiqPrice)

export const LeverageResult = Schema.Struct({
  symbol: Schema.String,
  marginCoin: Schema.String,
  longLeverage: Decimal,
  shortLeverage: Decimal,
  crossMarginLeverage: Absent.optional(Decimal),
  marginMode: ResponseMarginMode
})
export interface LeverageResult extends Schema.Schema.Type<typeof LeverageResult> {}

export const SetLeverageRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: MarginCoin,
  /** Both sides (cross mode, one-way isolated, or the same leverage for both hedge sides). */
  leverage: Schema.optional(PositiveDecimalInput),
  /** Isolated hedge mode: the long side's leverage; wins over `leverage`. */
  longLeverage: Schema.optional(PositiveDecimalInput),
  /** Isolated hedge mode: the short side's leverage; wins over `leverage`. */
  shortLeverage: Schema.optional(PositiveDecimalInput),
  holdSide: Schema.optional(HoldSide)
}).pipe(
  // `leverage`, `longLeverage` and `shortLeverage` are each optional on Bitget's page, but one
  // is needed (https://www.bitget.com/api-doc/contract/account/Change-Leverage).
  Schema.filter((r) =>
    r.leverage !== undefined || r.longLeverage !== undefined || r.shortLeverage !== undefined ||
    "leverage: required unless longLeverage or shortLeverage is given"
  )
)
export interface SetLeverageRequest extends Schema.Schema.Type<typeof SetLeverageRequest> {}

export const SetLeverage = Endpoint.post("/api/v2/mix/account/set-leverage", {
  name: "futures.account.setLeverage",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<SetLeverageRequest>()(SetLeverageRequest),
  data: Named.as<LeverageResult>()(LeverageResult)
})
/**
 * `POST /api/v2/mix/account/set-leverage`: the leverage of a symbol; `holdSide` picks one side in
 * isolated hedge mode, else both sides change. `longLeverage` / `shortLeverage` set the two hedge
 * sides apart in one call (and win over `leverage`). 5/s per UID.
 */
export const setLeverage = Operation.make(SetLeverage)

export const SetMarginRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: MarginCoin,
  // Optional on Bitget's page ("no need in cross margin mode",
  // https://www.bitget.com/api-doc/contract/account/Change-Margin); an isolated hedge account has
  // two positions and needs it (the simulator refuses 40019 then).
  holdSide: Schema.optional(HoldSide),
  amount: DecimalInput
})
export interface SetMarginRequest extends Schema.Schema.Type<typeof SetMarginRequest> {}

export const SetMargin = Endpoint.post("/api/v2/mix/account/set-margin", {
  name: "futures.account.setMargin",
  signed: true,
  rateLimit: RateLimit.uid(5),
  // 43012, 22002 no position to adjust (../shared/reference/error-codes.tsv)
  errors: ["InsufficientBalance"],
  request: Named.as<SetMarginRequest>()(SetMarginRequest),
  data: Schema.Unknown
})
/**
 * `POST /api/v2/mix/account/set-margin`: adds margin to (positive `amount`) or removes it from
 * (negative) an isolated position. Answers an empty string. 5/s per UID.
 */
export const setMargin = Operation.make(SetMargin)

export const SetMarginModeRequest = Schema.Struct({
  symbol: Schema.String,
  productType: ProductType,
  marginCoin: MarginCoin,
  marginMode: MarginMode
})
export interface SetMarginModeRequest extends Schema.Schema.Type<typeof SetMarginModeRequest> {}

export const MarginModeResult = Schema.Struct({
  symbol: Schema.String,
  marginCoin: Schema.String,
  longLeverage: Decimal,
  shortLeverage: Decimal,
  marginMode: ResponseMarginMode
})
export interface MarginModeResult extends Schema.Schema.Type<typeof MarginModeResult> {}

export const SetMarginMode = Endpoint.post("/api/v2/mix/account/set-margin-mode", {
  name: "futures.account.setMarginMode",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<SetMarginModeRequest>()(SetMarginModeRequest),
  data: Named.as<MarginModeResult>()(MarginModeResult)
})
/**
 * `POST /api/v2/mix/account/set-margin-mode`: `crossed` or `isolated` for a symbol (no position or
 * order open). 5/s per UID.
 */
export const setMarginMode = Operation.make(SetMarginMode)

export const SetPositionModeRequest = Schema.Struct({ productType: ProductType, posMode: PositionMode })
export interface SetPositionModeRequest extends Schema.Schema.Type<typeof SetPositionModeRequest> {}

export const SetPositionMode = Endpoint.post("/api/v2/mix/account/set-position-mode", {
  name: "futures.account.setPositionMode",
  signed: true,
  rateLimit: RateLimit.uid(5),
  request: Named.as<SetPositionModeRequest>()(SetPositionModeRequest),
  data: Schema.Struct({ posMode: ResponsePositionMode })
})
/**
 * `POST /api/v2/mix/account/set-position-mode`: one-way or hedge mode for a whole product type
 * (refused while any position or order is open). 5/s per UID.
 */
export const setPositionMode = Operation.make(SetPositionMode)

export const Bill = Schema.Struct({
  billId: Schema.String,
  symbol: Absent.optional(Schema.String),
  /** The change of balance (realised PnL, transfer …). */
  amount: Decimal,
  fee: Decimal,
  feeByCoupon: Absent.optional(Decimal),
  businessType: OpenEnum(
    "open_long",
    "open_short",
    "close_long",
    "close_short",
    "trans_from_exchange",
    "trans_to_exchange",
    "contract_main_settle_fee",
    "contract_settle_fee",
    "append_margin",
    "reduce_margin",
    "burst_long_loss_query",
    "burst_short_loss_query",
    "force_close_long",
    "force_close_short"
  ),
  coin: Schema.String,
  balance: Absent.optional(Decimal),
  cTime: Timestamp
})
export interface Bill extends Schema.Schema.Type<typeof Bill> {}

export const BillsRequest = Schema.Struct({
  productType: ProductType,
  symbol: Schema.optional(Schema.String),
  coin: Schema.optional(Schema.String),
  businessType: Schema.optional(Schema.String),
  onlyFunding: Schema.optional(Schema.Literal("yes", "no")),
  idLessThan: Schema.optional(Limit.Cursor),
  startTime: Schema.optional(Limit.Time),
  endTime: Schema.optional(Limit.Time),
  limit: Schema.optional(Limit.PageSize)
})
export interface BillsRequest extends Schema.Schema.Type<typeof BillsRequest> {}

export const Bills = Endpoint.list("/api/v2/mix/account/bill", {
  name: "futures.account.bill",
  signed: true,
  rateLimit: RateLimit.uid(10),
  request: Named.as<BillsRequest>()(BillsRequest),
  data: Schema.Struct({ bills: Schema.Array(Named.as<Bill>()(Bill)), endId: Absent.optional(Schema.String) }),
  pagination: {
    list: "bills",
    cursor: Pagination.dataField("endId", "billId"),
    limit: {
      param: "limit",
      max: 100,
      default: 20,
      source: "https://www.bitget.com/api-doc/contract/account/Get-Account-Bill"
    },
    // "startTime–endTime <= 30 days" (the page above); data kept 90 days (pagination-audit.md row 15).
    window: Pagination.window("30 days", "cTime"),
    // "It only supports to get the data within 90days" (the page above).
    history: Pagination.history("90 days", "https://www.bitget.com/api-doc/contract/account/Get-Account-Bill")
  }
})
/**
 * `GET /api/v2/mix/account/bill`: the account's ledger, newest first; at most 100 a page, cursor
 * `idLessThan` = `endId`, ranges of at most 30 days (data kept 90 days). 10/s per UID.
 * Streams (`.pages`, `.items`): cursor `idLessThan` ← `data.endId`; at most 100 a page (`limit`, 20 when omitted); one
 * request spans at most 30d of `startTime`–`endTime`, `.items` walks a longer range window by window; the exchange
 * keeps the last 90d, `.items` refuses an older `startTime`.
 */
export const bill = Operation.make(Bills)

/** The declarations of this module. */
export const endpoints: ReadonlyArray<Endpoint.Endpoint.Any> = [
  SingleAccount,
  Accounts,
  SubAccountAssets,
  OpenCount,
  MaxOpen,
  LiqPrice,
  SetLeverage,
  SetMargin,
  SetMarginMode,
  SetPositionMode,
  Bills
]
